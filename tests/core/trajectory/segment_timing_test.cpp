// Segment timing: the closed-form peaks behind the two-point times (checked with the exact
// peaks of the built trajectory, PiecewisePolynomial::peakMagnitude, and dense sampling), the
// limits respected by every scheme through via points, refusals of equal points and bad
// durations.
#include "trajectory/segment_timing.h"
#include "trajectory/cubic_trajectory.h"
#include "trajectory/lspb_trajectory.h"
#include "trajectory/quintic_trajectory.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace armdyn {
namespace {

const double kInf = std::numeric_limits<double>::infinity();

PiecewisePolynomial build(const Eigen::MatrixXd& p, const std::vector<double>& d, JointScheme s, ViaVelocity via,
                          const Eigen::VectorXd& acc) {
  switch (s) {
    case JointScheme::Cubic: return cubicTrajectory(p, d, via);
    case JointScheme::CubicSpline: return cubicTrajectory(p, d, ViaVelocity::ContinuousAcceleration);
    case JointScheme::Quintic: return quinticTrajectory(p, d);
    default: return lspbTrajectory(p, d, acc);
  }
}

TEST(SegmentTiming, ClosedFormPeaksOfOneSegment) {
  // D = 1, T = 1: cubic peaks 1.5 and 6, quintic 1.875 and 10/sqrt 3 (exact peaks of the built
  // polynomial, 1e-12); lspb with a = 8: v = a t_b with t_b from (7.22).
  Eigen::MatrixXd p(2, 1);
  p << 0.0, 1.0;
  const PiecewisePolynomial cubic = cubicTrajectory(p, {1.0}, ViaVelocity::Heuristic);
  EXPECT_NEAR(cubic.peakMagnitude(0, 0, 1), 1.5, 1e-12);
  EXPECT_NEAR(cubic.peakMagnitude(0, 0, 2), 6.0, 1e-12);
  const PiecewisePolynomial quintic = quinticTrajectory(p, {1.0});
  EXPECT_NEAR(quintic.peakMagnitude(0, 0, 1), 1.875, 1e-12);
  EXPECT_NEAR(quintic.peakMagnitude(0, 0, 2), 10.0 / std::sqrt(3.0), 1e-12);
}

TEST(SegmentTiming, TwoPointsReachALimitAndRespectAll) {
  // For every scheme, random displacements of 3 joints and random limits (some aMax infinite):
  // the closed-form time keeps every joint within vMax and aMax (dense sampling, 1e-9
  // relative) and some joint reaches a limit (1e-9: the time is not longer than needed).
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> uv(0.5, 3.0), ua(1.0, 20.0);
  for (JointScheme s : {JointScheme::Cubic, JointScheme::Quintic, JointScheme::Lspb}) {
    for (int trial = 0; trial < 12; ++trial) {
      const Eigen::MatrixXd p = test::randomPoints(rng, 2, 3, 2.0);
      Eigen::VectorXd vMax(3), aMax(3);
      for (int j = 0; j < 3; ++j) {
        vMax(j) = uv(rng);
        aMax(j) = ua(rng);
      }
      if (trial % 3 == 1 && s != JointScheme::Lspb) aMax(1) = kInf;
      if (trial % 3 == 2 && s != JointScheme::Lspb) aMax.setConstant(kInf);
      const Eigen::VectorXd acc = aMax;
      const std::vector<double> d = shortestDurations(p, s, ViaVelocity::Heuristic, vMax, aMax, acc);
      ASSERT_EQ(d.size(), 1u);
      EXPECT_DOUBLE_EQ(d[0], restToRestTime(s, (p.row(1) - p.row(0)).transpose(), vMax, aMax, acc));
      const PiecewisePolynomial traj = build(p, d, s, ViaVelocity::Heuristic, acc);
      const test::LimitUse use = test::sampledLimitUse(traj, vMax, aMax);
      const std::string what = std::string(jointSchemeName(s)) + " trial " + std::to_string(trial);
      EXPECT_LE(use.velocity, 1.0 + 1e-9) << what;
      EXPECT_LE(use.acceleration, 1.0 + 1e-9) << what;
      // The exact peaks (the samples may straddle the peak of a polynomial).
      const Eigen::VectorXd vPeak = traj.peakMagnitudes(1), aPeak = traj.peakMagnitudes(2);
      const double reached = std::max(vPeak.cwiseQuotient(vMax).maxCoeff(), aPeak.cwiseQuotient(aMax).maxCoeff());
      EXPECT_NEAR(reached, 1.0, 1e-9) << what;
    }
  }
}

TEST(SegmentTiming, LspbTwoPointsTrapezoidAndTriangle) {
  // 1 rad at vMax 1, a 4: trapezoid, T = D/v + v/a = 1.25, cruise at vMax. 0.1 rad: triangle,
  // T = 2 sqrt(D/a), peak speed sqrt(a D) = 0.632 < vMax. 1e-12.
  Eigen::MatrixXd p(2, 1);
  p << 0.0, 1.0;
  const Eigen::VectorXd v = Eigen::VectorXd::Constant(1, 1.0), a = Eigen::VectorXd::Constant(1, 4.0);
  EXPECT_NEAR(restToRestTime(JointScheme::Lspb, Eigen::VectorXd::Constant(1, 1.0), v, a, a), 1.25, 1e-12);
  const PiecewisePolynomial trap = lspbTrajectory(p, {1.25}, a);
  EXPECT_NEAR(trap.peakMagnitudes(1)(0), 1.0, 1e-12);
  p(1, 0) = 0.1;
  const double T = restToRestTime(JointScheme::Lspb, Eigen::VectorXd::Constant(1, 0.1), v, a, a);
  EXPECT_NEAR(T, 2.0 * std::sqrt(0.1 / 4.0), 1e-12);
  const PiecewisePolynomial tri = lspbTrajectory(p, {T}, a);
  EXPECT_NEAR(tri.peakMagnitudes(1)(0), std::sqrt(0.4), 1e-12);
  test::expectThroughPoints(tri, p, "triangle");
}

TEST(SegmentTiming, ViaPointsRespectTheLimitsForEveryScheme) {
  // Heuristic stretching: every joint within its limits on a dense sampling (1e-9 relative)
  // for all schemes and via rules, with some aMax infinite (not lspb, whose blends need one).
  std::mt19937 rng(77);
  struct Variant {
    JointScheme scheme;
    ViaVelocity via;
  };
  const Variant variants[] = {{JointScheme::Cubic, ViaVelocity::Heuristic},
                              {JointScheme::Cubic, ViaVelocity::Zero},
                              {JointScheme::Cubic, ViaVelocity::ContinuousAcceleration},
                              {JointScheme::CubicSpline, ViaVelocity::Heuristic},
                              {JointScheme::Quintic, ViaVelocity::Heuristic},
                              {JointScheme::Lspb, ViaVelocity::Heuristic}};
  for (const Variant& v : variants) {
    for (int trial = 0; trial < 4; ++trial) {
      const int m = 3 + 2 * trial;
      const Eigen::MatrixXd p = test::randomPoints(rng, m, 3, 1.5);
      Eigen::VectorXd vMax(3), aMax(3);
      vMax << 1.0, 2.0, 0.5;
      aMax << 3.0, 10.0, 2.0;
      if (trial == 2 && v.scheme != JointScheme::Lspb) aMax(0) = kInf;
      const std::vector<double> d = shortestDurations(p, v.scheme, v.via, vMax, aMax, aMax);
      const PiecewisePolynomial traj = build(p, d, v.scheme, v.via, aMax);
      const std::string what = std::string(jointSchemeName(v.scheme)) + "/" + viaVelocityName(v.via) + " m " +
                               std::to_string(m);
      const test::LimitUse use = test::sampledLimitUse(traj, vMax, aMax, 50000);
      EXPECT_LE(use.velocity, 1.0 + 1e-9) << what;
      EXPECT_LE(use.acceleration, 1.0 + 1e-9) << what;
      // Not wastefully slow: some segment hits a limit (5 %: the stretching only lengthens).
      EXPECT_GT(std::max(use.velocity, use.acceleration), 0.95) << what;
      // No segment shorter than its rest-to-rest closed form for the velocity alone would
      // allow for a linear motion: |D|/vMax.
      for (int k = 0; k + 1 < m; ++k)
        EXPECT_GE(d[k] * (1.0 + 1e-12), ((p.row(k + 1) - p.row(k)).transpose().cwiseAbs().cwiseQuotient(vMax)).maxCoeff())
            << what;
    }
  }
}

TEST(SegmentTiming, RefusesEqualConsecutivePoints) {
  Eigen::MatrixXd p(4, 2);
  p << 0.0, 0.0,  //
      1.0, 0.5,  //
      1.0, 0.5,  //
      2.0, 0.0;
  const Eigen::VectorXd lim = Eigen::VectorXd::Constant(2, 1.0);
  try {
    shortestDurations(p, JointScheme::Cubic, ViaVelocity::Heuristic, lim, lim, lim);
    FAIL() << "expected a refusal";
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "joint_points");
    EXPECT_EQ(e.index(), 1);
    EXPECT_NE(std::string(e.what()).find("points 2 and 3 are equal"), std::string::npos) << e.what();
  }
}

TEST(SegmentTiming, ChecksDurations) {
  Eigen::MatrixXd p(4, 1);
  p << 0.0, 1.0, 2.0, 3.0;
  try {
    checkSegmentDurations(p, {1.0, 1.0});
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "durations");
    EXPECT_EQ(e.index(), -1);
    EXPECT_NE(std::string(e.what()).find("2 durations for 3 segments"), std::string::npos) << e.what();
  }
  try {
    checkSegmentDurations(p, {1.0, 0.0, 1.0});
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "durations");
    EXPECT_EQ(e.index(), 1);
  }
  EXPECT_THROW(checkSegmentDurations(p, {1.0, -2.0, 1.0}), TrajectoryError);
  EXPECT_THROW(checkSegmentDurations(p, {1.0, std::nan(""), 1.0}), TrajectoryError);
  EXPECT_THROW(checkSegmentDurations(Eigen::MatrixXd::Zero(1, 2), {}), TrajectoryError);
  p(2, 0) = kInf;
  try {
    checkSegmentDurations(p, {1.0, 1.0, 1.0});
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "joint_points");
    EXPECT_EQ(e.index(), 2);
  }
}

}  // namespace
}  // namespace armdyn
