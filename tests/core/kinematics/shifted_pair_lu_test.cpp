// The LU of G = [A 0; 0 A] (kinematics/shifted_pair_lu.h) against Eigen's dense LU of the
// formed 12 x 12 matrix: determinant, solution and pivots, on seeded random blocks, blocks with
// rows of very different size (so that pivoting matters), and singular ones.

#include "kinematics/shifted_pair_lu.h"

#include <Eigen/LU>
#include <Eigen/QR>
#include <gtest/gtest.h>
#include <cmath>
#include <random>

namespace armdyn {
namespace {

using Block = ShiftedPairLu::Block;
using Mat12 = Eigen::Matrix<double, 12, 12>;

Mat12 formed(const Block& A) {
  Mat12 G = Mat12::Zero();
  G.block<6, 9>(0, 0) = A;
  G.block<6, 9>(6, 3) = A;
  return G;
}

Block randomBlock(std::mt19937& rng, bool graded) {
  std::uniform_real_distribution<double> u(-1.0, 1.0), e(-6.0, 6.0);
  Block A;
  for (int i = 0; i < 6; ++i) {
    const double scale = graded ? std::pow(10.0, e(rng)) : 1.0;
    for (int j = 0; j < 9; ++j) A(i, j) = scale * u(rng);
  }
  return A;
}

// Determinant and solution against Eigen on 2000 blocks (half of them with rows scaled over
// twelve decades). Tolerances: both are backward stable, so the determinants agree to a few
// ulps times the growth (1e-11 relative, also for graded rows: the scaling factors out), and
// the solution's residual is at rounding level relative to |G| |x| (1e-13).
TEST(ShiftedPairLu, MatchesADenseLuOfTheFormedMatrix) {
  std::mt19937 rng(20261129);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial) {
    const Block A = randomBlock(rng, trial % 2 == 1);
    const Mat12 G = formed(A);
    ShiftedPairLu lu;
    lu.compute(A, 0.0);
    ASSERT_TRUE(lu.factored());
    const double reference = Eigen::PartialPivLU<Mat12>(G).determinant();
    EXPECT_NEAR(lu.determinant(), reference, 1e-11 * std::abs(reference)) << "trial " << trial;
    Eigen::Matrix<double, 12, 1> b, x;
    for (int i = 0; i < 12; ++i) b(i) = u(rng);
    x = b;
    lu.solve(x);
    const double scale = G.cwiseAbs().maxCoeff() * x.cwiseAbs().maxCoeff();
    EXPECT_LT((G * x - b).cwiseAbs().maxCoeff(), 1e-13 * scale) << "trial " << trial;
  }
}

// The pivots are those of a partial-pivoting LU of G with its columns in the order 0-2, 9-11,
// 3-8 (the header's claim): same magnitudes, step by step.
TEST(ShiftedPairLu, PivotsAreThoseOfTheColumnPermutedDenseLu) {
  std::mt19937 rng(7);
  const int order[12] = {0, 1, 2, 9, 10, 11, 3, 4, 5, 6, 7, 8};
  for (int trial = 0; trial < 200; ++trial) {
    const Block A = randomBlock(rng, trial % 2 == 1);
    const Mat12 G = formed(A);
    Mat12 permuted;
    for (int j = 0; j < 12; ++j) permuted.col(j) = G.col(order[j]);
    const Eigen::PartialPivLU<Mat12> dense(permuted);
    ShiftedPairLu lu;
    lu.compute(A, 0.0);
    double pivots[12];
    lu.pivotMagnitudes(pivots);
    for (int k = 0; k < 12; ++k)
      EXPECT_NEAR(pivots[k], std::abs(dense.matrixLU()(k, k)), 1e-10 * std::abs(dense.matrixLU()(k, k)))
          << "trial " << trial << " step " << k;
  }
}

// Singular blocks: a zero first column stops the factoring with determinant 0 (zeroPivot 0);
// with a replacement pivot it factors, and inverse iteration (two solves) finds the kernel:
// G [e0; 0] = 0 for a zero column 0 of A.
TEST(ShiftedPairLu, SingularBlocks) {
  std::mt19937 rng(11);
  Block A = randomBlock(rng, false);
  A.col(0).setZero();
  ShiftedPairLu lu;
  lu.compute(A, 0.0);
  EXPECT_FALSE(lu.factored());
  EXPECT_EQ(lu.determinant(), 0.0);
  lu.compute(A, 1e-14);
  ASSERT_TRUE(lu.factored());
  Eigen::Matrix<double, 12, 1> v;
  for (int i = 0; i < 12; ++i) v(i) = 1.0 + 0.1 * i;
  for (int it = 0; it < 2; ++it) {
    lu.solve(v);
    v /= v.norm();
  }
  EXPECT_NEAR(std::abs(v(0)), 1.0, 1e-12);
  EXPECT_LT((formed(A) * v).norm(), 1e-12);

  // A singular G with a generic kernel vector k: every row of A orthogonal to both of k's
  // windows (k[0..8] and k[3..11]), so G k = 0. Its determinant is rounding, and inverse
  // iteration's vector is k (to sign) within 1e-12.
  Eigen::Matrix<double, 12, 1> k;
  for (int i = 0; i < 12; ++i) k(i) = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
  k.normalize();
  Eigen::Matrix<double, 9, 2> windows;
  windows.col(0) = k.head<9>(), windows.col(1) = k.tail<9>();
  const Eigen::Matrix<double, 9, 2> basis = windows.householderQr().householderQ() * Eigen::Matrix<double, 9, 2>::Identity();
  Block B = randomBlock(rng, false);
  B -= (B * basis) * basis.transpose();
  ASSERT_LT((formed(B) * k).norm(), 1e-14);
  lu.compute(B, 1e-14 * B.cwiseAbs().maxCoeff());
  ASSERT_TRUE(lu.factored());
  EXPECT_LT(std::abs(lu.determinant()), 1e-12 * std::pow(B.cwiseAbs().maxCoeff(), 12));
  for (int i = 0; i < 12; ++i) v(i) = 1.0 - 0.05 * i;
  for (int it = 0; it < 2; ++it) {
    lu.solve(v);
    v /= v.norm();
  }
  EXPECT_NEAR(std::abs(v.dot(k)), 1.0, 1e-12);
}

}  // namespace
}  // namespace armdyn
