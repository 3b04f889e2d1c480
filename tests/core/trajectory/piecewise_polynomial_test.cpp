// PiecewisePolynomial against the power sum of its own coefficients (independent of Horner's
// rule), the Taylor shift against direct evaluation, the piece search at breaks and outside
// [0, T], the merge of joints with different breaks, and the exact peaks against dense sampling.
#include "trajectory/piecewise_polynomial.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace armdyn {
namespace {

PolynomialCoefficients randomCoefficients(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  PolynomialCoefficients c;
  for (double& x : c) x = u(rng);
  return c;
}

// A random 3-joint, 4-piece trajectory (not continuous: evaluation only).
PiecewisePolynomial randomPiecewise(std::mt19937& rng) {
  std::vector<double> breaks{0.0, 0.4, 1.1, 1.5, 2.7};
  Eigen::MatrixXd c(3, 6 * 4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      const PolynomialCoefficients a = randomCoefficients(rng);
      for (int r = 0; r < 6; ++r) c(j, 6 * i + r) = a[r];
    }
  return PiecewisePolynomial(breaks, c, {}, 1, "test");
}

TEST(PiecewisePolynomial, TaylorShiftIsTheSamePolynomial) {
  // p(tau) = sum c_r tau^r must equal sum d_r (tau - s)^r for every tau. Terms reach
  // 2 * 6^5 ~ 2e4 (|c| <= 2, |tau - s| <= 6), so rounding is ~ 1e-12; 1e-10 allowed.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  for (int trial = 0; trial < 100; ++trial) {
    const PolynomialCoefficients c = randomCoefficients(rng);
    const double s = u(rng);
    const PolynomialCoefficients d = taylorShift(c, s);
    for (int k = 0; k < 5; ++k) {
      const double tau = u(rng);
      const double direct = test::powerSum(c, 0, tau), shifted = test::powerSum(d, 0, tau - s);
      EXPECT_NEAR(direct, shifted, 1e-10) << trial;
    }
  }
  // Exact small case: (tau)^2 about s = 1 is (u + 1)^2 = 1 + 2u + u^2.
  const PolynomialCoefficients d = taylorShift({0, 0, 1, 0, 0, 0}, 1.0);
  EXPECT_EQ(d[0], 1.0);
  EXPECT_EQ(d[1], 2.0);
  EXPECT_EQ(d[2], 1.0);
}

TEST(PiecewisePolynomial, EvaluateMatchesPowerSum) {
  // Horner's rule against the power sum, q, qd, qdd, at random times: 1e-12 (values O(10)).
  std::mt19937 rng(3);
  const PiecewisePolynomial traj = randomPiecewise(rng);
  std::uniform_real_distribution<double> u(0.0, traj.duration());
  for (int trial = 0; trial < 500; ++trial) {
    const double t = u(rng);
    const int i = traj.pieceAt(t);
    ASSERT_LE(traj.breaks()[i], t);
    ASSERT_LT(t, traj.breaks()[i + 1]);
    const test::Sample s = test::sampleAt(traj, t);
    for (int j = 0; j < 3; ++j) {
      const PolynomialCoefficients c = traj.pieceCoefficients(i, j);
      const double tau = t - traj.breaks()[i];
      EXPECT_NEAR(s.q(j), test::powerSum(c, 0, tau), 1e-12 * 10);
      EXPECT_NEAR(s.qd(j), test::powerSum(c, 1, tau), 1e-12 * 10);
      EXPECT_NEAR(s.qdd(j), test::powerSum(c, 2, tau), 1e-12 * 10);
    }
  }
}

TEST(PiecewisePolynomial, PieceSearchAndClamping) {
  std::mt19937 rng(5);
  const PiecewisePolynomial traj = randomPiecewise(rng);
  EXPECT_EQ(traj.pieceAt(-1.0), 0);
  EXPECT_EQ(traj.pieceAt(0.0), 0);
  EXPECT_EQ(traj.pieceAt(0.4), 1);  // a break belongs to the piece it starts
  EXPECT_EQ(traj.pieceAt(1.4999), 2);
  EXPECT_EQ(traj.pieceAt(2.7), 3);
  EXPECT_EQ(traj.pieceAt(9.0), 3);
  // t outside [0, T] is clamped: exactly the values at the ends.
  const test::Sample before = test::sampleAt(traj, -5.0), start = test::sampleAt(traj, 0.0);
  const test::Sample after = test::sampleAt(traj, 50.0), end = test::sampleAt(traj, traj.duration());
  EXPECT_EQ(before.q, start.q);
  EXPECT_EQ(before.qdd, start.qdd);
  EXPECT_EQ(after.q, end.q);
  EXPECT_EQ(after.qd, end.qd);
}

TEST(PiecewisePolynomial, RefusesMalformedArguments) {
  const Eigen::MatrixXd c = Eigen::MatrixXd::Zero(2, 12);
  EXPECT_THROW(PiecewisePolynomial({0.0, 1.0, 1.0}, c, {}, 1, "x"), std::invalid_argument);
  EXPECT_THROW(PiecewisePolynomial({0.5, 1.0, 2.0}, c, {}, 1, "x"), std::invalid_argument);
  EXPECT_THROW(PiecewisePolynomial({0.0, 1.0}, c, {}, 1, "x"), std::invalid_argument);
  EXPECT_THROW(PiecewisePolynomial({0.0, 1.0, 2.0}, c, {}, 3, "x"), std::invalid_argument);
  EXPECT_NO_THROW(PiecewisePolynomial({0.0, 1.0, 2.0}, c, {}, 2, "x"));
}

TEST(PiecewisePolynomial, MergesJointsWithDifferentBreaks) {
  // Joint 0 breaks at 0.3 and 1.0, joint 1 at 0.7 (and 0.7 + 1e-14, merged): the union has
  // breaks 0, 0.3, 0.5 (extra), 0.7, 1.0, 2.0 and each joint evaluates as its own pieces.
  std::mt19937 rng(17);
  JointPieces a{{0.0, 0.3, 1.0}, {randomCoefficients(rng), randomCoefficients(rng), randomCoefficients(rng)}};
  JointPieces b{{0.0, 0.7, 0.7 + 1e-14}, {randomCoefficients(rng), randomCoefficients(rng), randomCoefficients(rng)}};
  const PiecewisePolynomial traj = PiecewisePolynomial::fromJointPieces({a, b}, 2.0, {0.5}, {}, 1, "merge");
  const std::vector<double> expected{0.0, 0.3, 0.5, 0.7, 1.0, 2.0};
  ASSERT_EQ(traj.breaks().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_DOUBLE_EQ(traj.breaks()[i], expected[i]);
  std::uniform_real_distribution<double> u(0.0, 2.0);
  for (int trial = 0; trial < 300; ++trial) {
    const double t = u(rng);
    const test::Sample s = test::sampleAt(traj, t);
    for (int j = 0; j < 2; ++j) {
      const JointPieces& jp = j == 0 ? a : b;
      int k = 0;
      while (k + 1 < static_cast<int>(jp.starts.size()) && jp.starts[k + 1] <= t) ++k;
      const double tau = t - jp.starts[k];
      // 1e-11: the shifted coefficients carry rounding of O(2^5) terms of size O(2).
      EXPECT_NEAR(s.q(j), test::powerSum(jp.coefficients[k], 0, tau), 1e-11) << t;
      EXPECT_NEAR(s.qd(j), test::powerSum(jp.coefficients[k], 1, tau), 1e-11) << t;
      EXPECT_NEAR(s.qdd(j), test::powerSum(jp.coefficients[k], 2, tau), 1e-10) << t;
    }
  }
}

TEST(PiecewisePolynomial, PeaksAreTheMaximaOfDenseSampling) {
  // The exact peak is >= every sample and exceeds the best of 5e4 samples per piece by at most
  // the sampling error (~ |f''| dt^2 / 8 ~ 1e-9 here; 1e-8 allowed).
  std::mt19937 rng(23);
  for (int trial = 0; trial < 4; ++trial) {
    const PiecewisePolynomial traj = randomPiecewise(rng);
    for (int i = 0; i < traj.pieceCount(); ++i)
      for (int j = 0; j < traj.dof(); ++j)
        for (int r = 0; r <= 2; ++r) {
          const PolynomialCoefficients c = traj.pieceCoefficients(i, j);
          const double h = traj.breaks()[i + 1] - traj.breaks()[i];
          double sampled = 0.0;
          const int N = 50000;
          for (int s = 0; s <= N; ++s) sampled = std::max(sampled, std::abs(test::powerSum(c, r, h * s / N)));
          const double peak = traj.peakMagnitude(i, j, r);
          EXPECT_GE(peak, sampled * (1.0 - 1e-14));
          EXPECT_LE(peak, sampled + 1e-8);
        }
  }
}

}  // namespace
}  // namespace armdyn
