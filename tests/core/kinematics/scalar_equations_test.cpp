// solveCosSin: the angles against the equation they solve, and the overload's cosines and sines
// (formed without trigonometric calls) against std::cos and std::sin of those angles.
#include "kinematics/scalar_equations.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

TEST(SolveCosSin, AnglesSolveTheEquationAndTheirCosinesAndSinesMatchTrigonometry) {
  std::mt19937 rng(2026);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int pairs = 0, tangents = 0;
  for (int k = 0; k < 200000; ++k) {
    const double A = 3.0 * u(rng), B = 3.0 * u(rng), r = std::hypot(A, B);
    // C inside, near the edge (|C| / r within 1e-9..1e-3 of 1: the spread small, where sin(spread)
    // loses digits if formed as sqrt(1 - ratio^2)), exactly on it, or outside.
    double C;
    switch (k % 4) {
      case 0: C = r * u(rng); break;
      case 1: C = r * (1.0 - std::pow(10.0, -9.0 + 6.0 * (0.5 + 0.5 * u(rng)))) * (u(rng) < 0 ? -1.0 : 1.0); break;
      case 2: C = u(rng) < 0 ? -r : r; break;
      default: C = r * (1.0 + 0.5 * (1.0 + u(rng))); break;
    }
    double out[2], cosOut[2], sinOut[2], plain[2];
    const int n = solveCosSin(A, B, C, 0.3, out, cosOut, sinOut);
    ASSERT_EQ(n, solveCosSin(A, B, C, 0.3, plain));
    if (k % 4 == 3) {
      EXPECT_EQ(n, 0);
    }
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(out[i], plain[i]);
      // The equation, to rounding of its terms (scale r).
      EXPECT_NEAR(A * std::cos(out[i]) + B * std::sin(out[i]), C, 1e-13 * (1.0 + r)) << A << " " << B << " " << C;
      // The cosine and sine: the same angle to a few ulps (both are well conditioned here: the
      // spread's sine comes from (1 - ratio)(1 + ratio), as acos's angle resolves it).
      EXPECT_NEAR(cosOut[i], std::cos(out[i]), 4e-16 * 4) << A << " " << B << " " << C;
      EXPECT_NEAR(sinOut[i], std::sin(out[i]), 4e-16 * 4) << A << " " << B << " " << C;
      EXPECT_NEAR(cosOut[i] * cosOut[i] + sinOut[i] * sinOut[i], 1.0, 1e-15);
    }
    pairs += n == 2;
    tangents += n == 1;
  }
  // Every kind was drawn (C = +-r exactly gives one angle or, where C / r rounds below 1, a
  // pair some 1e-8 apart).
  EXPECT_GT(pairs, 50000);
  EXPECT_GT(tangents, 20000);
}

TEST(SolveCosSin, AnEquationWithoutTheAngleGivesTheSeedOrNothing) {
  double out[2], cosOut[2], sinOut[2];
  ASSERT_EQ(solveCosSin(0.0, 0.0, 0.0, 0.7, out, cosOut, sinOut), 1);
  EXPECT_EQ(out[0], 0.7);
  EXPECT_DOUBLE_EQ(cosOut[0], std::cos(0.7));
  EXPECT_DOUBLE_EQ(sinOut[0], std::sin(0.7));
  EXPECT_EQ(solveCosSin(0.0, 0.0, 1.0, 0.7, out, cosOut, sinOut), 0);
  EXPECT_EQ(solveCosSin(1.0, 0.0, 2.0, 0.7, out, cosOut, sinOut), 0);  // |C| > r: no angle
}

}  // namespace
}  // namespace armdyn
