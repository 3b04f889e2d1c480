// Quintic segments: (7.18) against a direct 6x6 solve of the boundary conditions (7.17) on
// seeded random cases, the rest-to-rest form and its peak velocity and acceleration, and the
// identities of a quintic plan through via points (zero via accelerations, heuristic via
// velocities).
#include "trajectory/quintic_trajectory.h"
#include "trajectory/cubic_trajectory.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>

namespace armdyn {
namespace {

TEST(QuinticTrajectory, Eq718MatchesADirectSolveOf717) {
  // Rows: q(0), qd(0), qdd(0), q(T), qd(T), qdd(T) of a0 + ... + a5 t^5. Agreement 1e-9
  // relative to the largest coefficient (the 6x6 system has condition ~1e4 for T in
  // [0.5, 3]; the reference note reports 4e-12 on 200 cases).
  std::mt19937 rng(718);
  std::uniform_real_distribution<double> u(-2.0, 2.0), uT(0.5, 3.0);
  for (int trial = 0; trial < 200; ++trial) {
    const double q0 = u(rng), qf = u(rng), v0 = u(rng), vf = u(rng), a0 = u(rng), af = u(rng), T = uT(rng);
    Eigen::Matrix<double, 6, 6> A = Eigen::Matrix<double, 6, 6>::Zero();
    for (int k = 0; k < 6; ++k) {
      A(3, k) = std::pow(T, k);
      if (k >= 1) A(4, k) = k * std::pow(T, k - 1);
      if (k >= 2) A(5, k) = k * (k - 1) * std::pow(T, k - 2);
    }
    A(0, 0) = 1.0;
    A(1, 1) = 1.0;
    A(2, 2) = 2.0;
    Eigen::Matrix<double, 6, 1> b;
    b << q0, v0, a0, qf, vf, af;
    const Eigen::Matrix<double, 6, 1> x = A.fullPivLu().solve(b);
    const PolynomialCoefficients c = quinticCoefficients(q0, qf, v0, vf, a0, af, T);
    for (int r = 0; r < 6; ++r) EXPECT_NEAR(c[r], x(r), 1e-9 * std::max(1.0, x.cwiseAbs().maxCoeff())) << trial << " a" << r;
  }
}

TEST(QuinticTrajectory, RestToRestFormAndPeaks) {
  // a3 = 10 D/T^3, a4 = -15 D/T^4, a5 = 6 D/T^5; peak |qd| = 1.875 |D|/T at T/2 and peak |qdd|
  // = (10/sqrt 3) |D|/T^2 at T/2 (1 -+ 1/sqrt 3): 1e-12 relative.
  const double D = -1.3, T = 1.7;
  Eigen::MatrixXd p(2, 1);
  p << 0.4, 0.4 + D;
  const PiecewisePolynomial traj = quinticTrajectory(p, {T});
  const PolynomialCoefficients c = traj.pieceCoefficients(0, 0);
  EXPECT_NEAR(c[3], 10.0 * D / std::pow(T, 3), 1e-12 * 10.0);
  EXPECT_NEAR(c[4], -15.0 * D / std::pow(T, 4), 1e-12 * 10.0);
  EXPECT_NEAR(c[5], 6.0 * D / std::pow(T, 5), 1e-12 * 10.0);
  EXPECT_NEAR(traj.peakMagnitude(0, 0, 1), 1.875 * std::abs(D) / T, 1e-12);
  EXPECT_NEAR(traj.peakMagnitude(0, 0, 2), 10.0 / std::sqrt(3.0) * std::abs(D) / (T * T), 1e-12);
  EXPECT_NEAR(test::sampleAt(traj, 0.5 * T).qd(0), 1.875 * D / T, 1e-12);
}

TEST(QuinticTrajectory, IdentitiesOnRandomPlans) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 6; ++trial) {
    const int m = 2 + trial;
    const Eigen::MatrixXd p = test::randomPoints(rng, m, 3, 1.5);
    const std::vector<double> d = test::randomDurations(rng, m - 1);
    const PiecewisePolynomial traj = quinticTrajectory(p, d);
    const std::string what = "quintic trial " + std::to_string(trial);
    EXPECT_EQ(traj.scheme(), "quintic");
    EXPECT_EQ(traj.continuity(), 2);
    test::expectContinuousAtBreaks(traj, what);
    test::expectDerivativesMatchDifferences(traj, rng, what);
    test::expectAtRestAtEnds(traj, true, what);
    test::expectThroughPoints(traj, p, what);
    test::expectKnotsOrdered(traj, what);
    // Via velocities by the heuristic (cubic_trajectory.h), via accelerations zero.
    const Eigen::MatrixXd v = heuristicViaVelocities(p, d);
    for (const TrajectoryKnot& k : traj.knots()) {
      const test::Sample s = test::sampleAt(traj, k.time);
      for (int j = 0; j < 3; ++j) {
        EXPECT_NEAR(s.qd(j), v(k.point, j), 1e-12 * std::max(1.0, std::abs(v(k.point, j)))) << what;
        EXPECT_NEAR(s.qdd(j), 0.0, 1e-10) << what;
      }
    }
  }
}

}  // namespace
}  // namespace armdyn
