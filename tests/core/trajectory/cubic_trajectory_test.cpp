// Cubic segments against Craig's worked Examples 7.1 and 7.2 (closed forms restored in
// the corrected formulas of Craig's chapter 7), the via-velocity rules of p. 207-208 worked by
// hand, and the identities every cubic plan must satisfy. Angles of the examples in degrees
// (the code is unit-agnostic: seconds and whatever unit the points are in).
#include "trajectory/cubic_trajectory.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

TEST(CubicTrajectory, CraigExample71) {
  // 15 -> 75 deg in 3 s from rest to rest (7.6): a0 = 15, a1 = 0, a2 = 20, a3 = -4.44.
  const auto a = cubicCoefficients(15.0, 75.0, 0.0, 0.0, 3.0);
  EXPECT_DOUBLE_EQ(a[0], 15.0);
  EXPECT_DOUBLE_EQ(a[1], 0.0);
  EXPECT_DOUBLE_EQ(a[2], 20.0);
  EXPECT_DOUBLE_EQ(a[3], -40.0 / 9.0);
  EXPECT_NEAR(a[3], -4.44, 0.005);  // the book prints two decimals

  Eigen::MatrixXd points(2, 1);
  points << 15.0, 75.0;
  const PiecewisePolynomial traj = cubicTrajectory(points, {3.0}, ViaVelocity::Heuristic);
  for (int i = 0; i <= 300; ++i) {
    const double t = 3.0 * i / 300;
    const test::Sample s = test::sampleAt(traj, t);
    // Against the exact a3 = -40/9: rounding only (values <= 75 deg, 1e-12 relative).
    EXPECT_NEAR(s.q(0), 15.0 + 20.0 * t * t - 40.0 / 9.0 * t * t * t, 1e-12 * 75.0) << t;
    EXPECT_NEAR(s.qd(0), 40.0 * t - 40.0 / 3.0 * t * t, 1e-12 * 75.0) << t;
    EXPECT_NEAR(s.qdd(0), 40.0 - 80.0 / 3.0 * t, 1e-12 * 75.0) << t;
    // Against the printed polynomial 15 + 20 t^2 - 4.44 t^3: they differ by (40/9 - 4.44) t^3
    // = 0.00444 t^3, at most 0.12 deg at t = 3.
    EXPECT_NEAR(s.q(0), 15.0 + 20.0 * t * t - 4.44 * t * t * t, (40.0 / 9.0 - 4.44) * t * t * t + 1e-12) << t;
  }
  test::expectAtRestAtEnds(traj, false, "example 7.1");
}

TEST(CubicTrajectory, CraigExample72ContinuousAcceleration) {
  // Two cubics with tf1 = tf2 = tf and continuous acceleration, closed form of (7.15), against
  // the tridiagonal rule: coefficients to 1e-12 relative (a few roundings).
  struct Case {
    double q0, qv, qg, tf;
  };
  for (const Case& c : {Case{5.0, 15.0, 40.0, 1.0}, Case{5.0, 15.0, -10.0, 2.0}, Case{-30.0, 12.5, 7.0, 0.7}}) {
    Eigen::MatrixXd points(3, 1);
    points << c.q0, c.qv, c.qg;
    const PiecewisePolynomial traj = cubicTrajectory(points, {c.tf, c.tf}, ViaVelocity::ContinuousAcceleration);
    const double tf = c.tf;
    const double expected[2][4] = {
        {c.q0, 0.0, (12.0 * c.qv - 3.0 * c.qg - 9.0 * c.q0) / (4.0 * tf * tf),
         (-8.0 * c.qv + 3.0 * c.qg + 5.0 * c.q0) / (4.0 * tf * tf * tf)},
        {c.qv, (3.0 * c.qg - 3.0 * c.q0) / (4.0 * tf), (-12.0 * c.qv + 6.0 * c.qg + 6.0 * c.q0) / (4.0 * tf * tf),
         (8.0 * c.qv - 5.0 * c.qg - 3.0 * c.q0) / (4.0 * tf * tf * tf)}};
    ASSERT_EQ(traj.pieceCount(), 2);
    for (int i = 0; i < 2; ++i) {
      const PolynomialCoefficients a = traj.pieceCoefficients(i, 0);
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[r], expected[i][r], 1e-12 * 100.0) << "piece " << i << " a" << r;
      EXPECT_EQ(a[4], 0.0);
      EXPECT_EQ(a[5], 0.0);
    }
    EXPECT_EQ(traj.continuity(), 2);
    test::expectContinuousAtBreaks(traj, "example 7.2");
  }
}

TEST(CubicTrajectory, ViaVelocityRulesByHand) {
  // Slopes 10, 10, -10 deg/s: the first via velocity is their average 10, the second 0 (the
  // slope changes sign). Slopes 10, 0, -5: both via velocities 0 (a zero slope counts as a
  // change of sign). Exact arithmetic.
  Eigen::MatrixXd p(4, 2);
  p << 0.0, 0.0,  //
      10.0, 10.0,  //
      30.0, 10.0,  //
      20.0, 5.0;
  const std::vector<double> d{1.0, 2.0, 1.0};
  const Eigen::MatrixXd v = cubicViaVelocities(p, d, ViaVelocity::Heuristic);
  EXPECT_EQ(v(0, 0), 0.0);
  EXPECT_EQ(v(1, 0), 10.0);
  EXPECT_EQ(v(2, 0), 0.0);
  EXPECT_EQ(v(3, 0), 0.0);
  EXPECT_EQ(v(1, 1), 0.0);
  EXPECT_EQ(v(2, 1), 0.0);
  EXPECT_TRUE(cubicViaVelocities(p, d, ViaVelocity::Zero).isZero(0.0));
  // Same-sign slopes 5 and 20 with unequal durations: average 12.5.
  Eigen::MatrixXd q(3, 1);
  q << 0.0, 10.0, 30.0;
  EXPECT_DOUBLE_EQ(cubicViaVelocities(q, {2.0, 1.0}, ViaVelocity::Heuristic)(1, 0), 12.5);
}

TEST(CubicTrajectory, ContinuousAccelerationSatisfiesTheTridiagonalSystem) {
  // The solved via velocities put back into the equations of the reference note: residual
  // below 1e-12 relative to the right-hand side.
  std::mt19937 rng(41);
  const Eigen::MatrixXd p = test::randomPoints(rng, 7, 3, 1.5);
  const std::vector<double> h = test::randomDurations(rng, 6);
  const Eigen::MatrixXd v = cubicViaVelocities(p, h, ViaVelocity::ContinuousAcceleration);
  EXPECT_TRUE(v.row(0).isZero(0.0));
  EXPECT_TRUE(v.row(6).isZero(0.0));
  for (int k = 1; k < 6; ++k)
    for (int j = 0; j < 3; ++j) {
      const double lhs = v(k - 1, j) / h[k - 1] + 2.0 * v(k, j) * (1.0 / h[k - 1] + 1.0 / h[k]) + v(k + 1, j) / h[k];
      const double rhs = 3.0 * (p(k, j) - p(k - 1, j)) / (h[k - 1] * h[k - 1]) + 3.0 * (p(k + 1, j) - p(k, j)) / (h[k] * h[k]);
      EXPECT_NEAR(lhs, rhs, 1e-12 * std::max(1.0, std::abs(rhs))) << k << " " << j;
    }
}

TEST(CubicTrajectory, IdentitiesOnRandomPlans) {
  std::mt19937 rng(2024);
  for (ViaVelocity via : {ViaVelocity::Heuristic, ViaVelocity::Zero, ViaVelocity::ContinuousAcceleration}) {
    for (int trial = 0; trial < 5; ++trial) {
      const int m = 2 + trial;
      const Eigen::MatrixXd p = test::randomPoints(rng, m, 4, 1.5);
      const std::vector<double> d = test::randomDurations(rng, m - 1);
      const PiecewisePolynomial traj = cubicTrajectory(p, d, via);
      const std::string what = std::string(viaVelocityName(via)) + " trial " + std::to_string(trial);
      EXPECT_EQ(traj.scheme(), "cubic");
      EXPECT_EQ(traj.continuity(), via == ViaVelocity::ContinuousAcceleration || m == 2 ? 2 : 1) << what;
      double total = 0.0;
      for (double x : d) total += x;
      EXPECT_NEAR(traj.duration(), total, 1e-12 * total);
      test::expectContinuousAtBreaks(traj, what);
      test::expectDerivativesMatchDifferences(traj, rng, what);
      test::expectAtRestAtEnds(traj, false, what);
      test::expectThroughPoints(traj, p, what);
      test::expectKnotsOrdered(traj, what);
    }
  }
}

TEST(CubicTrajectory, EqualConsecutivePointsWait) {
  // With durations given, a segment between equal points holds the arm still (heuristic via
  // velocities are zero on both sides of a zero slope): exact.
  Eigen::MatrixXd p(4, 2);
  p << 0.0, 1.0,  //
      0.5, 0.2,  //
      0.5, 0.2,  //
      1.0, 0.0;
  const PiecewisePolynomial traj = cubicTrajectory(p, {1.0, 0.5, 1.0}, ViaVelocity::Heuristic);
  for (double t : {1.0, 1.1, 1.25, 1.4, 1.5}) {
    const test::Sample s = test::sampleAt(traj, t);
    EXPECT_EQ(s.q(0), 0.5) << t;
    EXPECT_EQ(s.q(1), 0.2) << t;
    EXPECT_EQ(s.qd.cwiseAbs().maxCoeff(), 0.0) << t;
  }
}

}  // namespace
}  // namespace armdyn
