// Linear segments with parabolic blends against Craig's Example 7.4 (intermediate results of
// (7.24)-(7.28)), the single-segment closed form (7.22)-(7.23), the geometry the formulas imply
// (lines through the via points, blend times = velocity change / acceleration, the via point
// missed by a t_k^2 / 8), refusals of a too small acceleration, and the identities of random
// plans. Angles of the example in degrees (the code is unit-agnostic).
#include "trajectory/lspb_trajectory.h"
#include "trajectory/joint_scheme.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

// Example 7.4: 10, 35, 25, 10 deg; segments 2, 1, 3 s; |acceleration| 50 deg/s^2.
struct Example74 {
  Eigen::MatrixXd points;
  std::vector<double> durations{2.0, 1.0, 3.0};
  Eigen::VectorXd acceleration = Eigen::VectorXd::Constant(1, 50.0);
  Example74() : points(4, 1) { points << 10.0, 35.0, 25.0, 10.0; }
};

TEST(LspbTrajectory, CraigExample74IntermediateResults) {
  const Example74 ex;
  const LspbBlends b = lspbBlends(ex.points, ex.durations, ex.acceleration);
  ASSERT_EQ(b.failedSegment, -1);
  // Independent closed forms of each printed step, 1e-12 (a few roundings of O(10) values).
  const double t1 = 2.0 - std::sqrt(4.0 - 2.0 * 25.0 / 50.0);  // (7.30)
  const double v12 = 25.0 / (2.0 - 0.5 * t1);                   // (7.31)
  const double v23 = (25.0 - 35.0) / 1.0;                      // (7.24)
  const double t2 = (v23 - v12) / -50.0;                       // (7.24)
  const double t4 = 3.0 - std::sqrt(9.0 + 2.0 * (10.0 - 25.0) / 50.0);  // (7.28)
  const double v34 = (10.0 - 25.0) / (3.0 - 0.5 * t4);
  const double t3 = (v34 - v23) / 50.0;
  const double tol = 1e-12;
  EXPECT_EQ(b.acceleration(0, 0), 50.0);   // "= 50.0" (7.29)
  EXPECT_EQ(b.acceleration(1, 0), -50.0);  // "= -50.0"
  EXPECT_EQ(b.acceleration(2, 0), 50.0);
  EXPECT_EQ(b.acceleration(3, 0), 50.0);   // "from (7.29), we have = 50.0": the last blend
  EXPECT_NEAR(b.blendTime(0, 0), t1, tol);
  EXPECT_NEAR(b.velocity(0, 0), v12, tol);
  EXPECT_NEAR(b.velocity(1, 0), v23, tol);
  EXPECT_NEAR(b.blendTime(1, 0), t2, tol);
  EXPECT_NEAR(b.linearTime(0, 0), 2.0 - t1 - 0.5 * t2, tol);
  EXPECT_NEAR(b.blendTime(3, 0), t4, tol);
  EXPECT_NEAR(b.velocity(2, 0), v34, tol);
  EXPECT_NEAR(b.blendTime(2, 0), t3, tol);
  EXPECT_NEAR(b.linearTime(2, 0), 3.0 - t4 - 0.5 * t3, tol);
  EXPECT_NEAR(b.linearTime(1, 0), 1.0 - 0.5 * t2 - 0.5 * t3, tol);
  // The book's printed values, to its printed digits (half a unit of the last digit).
  EXPECT_NEAR(b.blendTime(0, 0), 0.27, 0.005);   // t1 (7.30)
  EXPECT_NEAR(b.velocity(1, 0), -10.0, 0.05);    // theta-dot 23
  EXPECT_NEAR(b.blendTime(1, 0), 0.47, 0.005);   // t2
  EXPECT_NEAR(b.linearTime(0, 0), 1.50, 0.005);  // t12
  // The book prints theta-dot 12 = 13.50 and theta-dot 34 = -5.10; its own formulas give
  // 25 / (2 - 0.5 * 0.268) = 13.40 and -15 / (3 - 0.5 * 0.102) = -5.09 (a slip in the book,
  // noted in the reference). We assert ours.
  EXPECT_NEAR(b.velocity(0, 0), 13.40, 0.005);
  EXPECT_NEAR(b.velocity(2, 0), -5.09, 0.005);
  EXPECT_NEAR(b.blendTime(3, 0), 0.10, 0.005);   // t4
  EXPECT_NEAR(b.blendTime(2, 0), 0.098, 0.0005); // t3
  EXPECT_NEAR(b.linearTime(2, 0), 2.85, 0.005);  // t34
  EXPECT_NEAR(b.linearTime(1, 0), 0.72, 0.005);  // t23
}

// The identities of (7.24)-(7.28) and the geometry they imply, for one joint of a plan:
// blend time = velocity change / blend acceleration; blends and linear parts fill the segment
// durations; linear part k on the line through (T_k, q_k) and (T_{k+1}, q_{k+1}) (segment 0
// through (t_0/2, q_0), the last through (T - t_e/2, q_e)); qdd = a_k in blend k and 0 on the
// linear parts; the via point is missed by a_k t_k^2 / 8 at T_k. Tolerance 1e-9 relative.
void expectLspbGeometry(const PiecewisePolynomial& traj, const LspbBlends& b, const Eigen::MatrixXd& p, int j,
                        const std::string& what) {
  const int m = static_cast<int>(p.rows()), e = m - 1;
  const double T = b.pointTime.back();
  const double scale = std::max(1.0, p.col(j).cwiseAbs().maxCoeff());
  const double tol = 1e-9 * scale;
  auto at = [&](double t) { return test::sampleAt(traj, t); };
  // Blend times.
  EXPECT_NEAR(b.acceleration(0, j) * b.blendTime(0, j), b.velocity(0, j), tol) << what;  // (7.25)
  for (int k = 1; k < e; ++k)
    EXPECT_NEAR(b.acceleration(k, j) * b.blendTime(k, j), b.velocity(k, j) - b.velocity(k - 1, j), tol) << what;
  EXPECT_NEAR(-b.acceleration(e, j) * b.blendTime(e, j), b.velocity(e - 1, j), tol) << what;  // (7.27)
  // Durations: sum of linear times and blends.
  double sum = b.blendTime(0, j) + b.blendTime(e, j);
  for (int k = 0; k < e; ++k) sum += b.linearTime(k, j);
  for (int k = 1; k < e; ++k) sum += b.blendTime(k, j);
  EXPECT_NEAR(sum, T, 1e-12 * T) << what;
  // Linear parts: midpoint on the line, velocity v_k, acceleration 0.
  for (int k = 0; k < e; ++k) {
    const double start = k == 0 ? b.blendTime(0, j) : b.pointTime[k] + 0.5 * b.blendTime(k, j);
    const double mid = start + 0.5 * b.linearTime(k, j);
    const test::Sample s = at(mid);
    EXPECT_NEAR(s.qd(j), b.velocity(k, j), tol) << what << " segment " << k;
    if (b.linearTime(k, j) > 1e-6) {
      EXPECT_NEAR(s.qdd(j), 0.0, tol) << what << " segment " << k;
    }
    const double anchorT = k == 0 ? 0.5 * b.blendTime(0, j) : b.pointTime[k];
    EXPECT_NEAR(s.q(j) - b.velocity(k, j) * (mid - anchorT), p(k, j), tol) << what << " segment " << k;
    const double endT = k == e - 1 ? T - 0.5 * b.blendTime(e, j) : b.pointTime[k + 1];
    EXPECT_NEAR(s.q(j) + b.velocity(k, j) * (endT - mid), p(k + 1, j), tol) << what << " segment " << k;
  }
  // Blends: qdd = a_k inside; via points missed by a_k t_k^2 / 8 at T_k.
  for (int k = 0; k < m; ++k) {
    if (b.blendTime(k, j) < 1e-6) continue;
    const double centre = k == 0 ? 0.5 * b.blendTime(0, j) : (k == e ? T - 0.5 * b.blendTime(e, j) : b.pointTime[k]);
    EXPECT_NEAR(at(centre).qdd(j), b.acceleration(k, j), tol) << what << " blend " << k;
    if (k > 0 && k < e) {
      EXPECT_NEAR(at(b.pointTime[k]).q(j) - p(k, j), b.acceleration(k, j) * b.blendTime(k, j) * b.blendTime(k, j) / 8.0,
                  tol)
          << what << " via " << k;
    }
  }
}

TEST(LspbTrajectory, CraigExample74Geometry) {
  const Example74 ex;
  const PiecewisePolynomial traj = lspbTrajectory(ex.points, ex.durations, ex.acceleration);
  const LspbBlends b = lspbBlends(ex.points, ex.durations, ex.acceleration);
  EXPECT_EQ(traj.scheme(), "lspb");
  EXPECT_EQ(traj.continuity(), 1);
  EXPECT_DOUBLE_EQ(traj.duration(), 6.0);
  expectLspbGeometry(traj, b, ex.points, 0, "example 7.4");
  test::expectContinuousAtBreaks(traj, "example 7.4");
  // Knots: point 1 at 0, via points 2 and 3 at T = 2 and 3 (passed near), point 4 at 6, and
  // a blend around each.
  std::vector<std::pair<KnotKind, double>> expected{
      {KnotKind::Point, 0.0},          {KnotKind::BlendStart, 0.0},         {KnotKind::BlendEnd, b.blendTime(0, 0)},
      {KnotKind::BlendStart, 2.0 - 0.5 * b.blendTime(1, 0)}, {KnotKind::Via, 2.0}, {KnotKind::BlendEnd, 2.0 + 0.5 * b.blendTime(1, 0)},
      {KnotKind::BlendStart, 3.0 - 0.5 * b.blendTime(2, 0)}, {KnotKind::Via, 3.0}, {KnotKind::BlendEnd, 3.0 + 0.5 * b.blendTime(2, 0)},
      {KnotKind::BlendStart, 6.0 - b.blendTime(3, 0)}, {KnotKind::BlendEnd, 6.0}, {KnotKind::Point, 6.0}};
  ASSERT_EQ(traj.knots().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(traj.knots()[i].kind, expected[i].first) << i;
    EXPECT_NEAR(traj.knots()[i].time, expected[i].second, 1e-12) << i;
  }
}

TEST(LspbTrajectory, SingleSegmentEq722And723) {
  // -5 -> 80 deg in 4 s (Exercise 7.3's data) at 40 deg/s^2: t_b from (7.22), v = a t_b; at the
  // minimum 4|D|/t^2 = 21.25 deg/s^2 the linear part vanishes; below it, refused. 1e-12.
  Eigen::MatrixXd p(2, 1);
  p << -5.0, 80.0;
  const double a = 40.0, t = 4.0, D = 85.0;
  const LspbBlends b = lspbBlends(p, {t}, Eigen::VectorXd::Constant(1, a));
  const double tb = t / 2.0 - std::sqrt(a * a * t * t - 4.0 * a * D) / (2.0 * a);
  EXPECT_NEAR(b.blendTime(0, 0), tb, 1e-12);
  EXPECT_NEAR(b.blendTime(1, 0), tb, 1e-12);
  EXPECT_NEAR(b.velocity(0, 0), a * tb, 1e-12);
  EXPECT_NEAR(b.linearTime(0, 0), t - 2.0 * tb, 1e-12);
  const PiecewisePolynomial traj = lspbTrajectory(p, {t}, Eigen::VectorXd::Constant(1, a));
  test::expectAtRestAtEnds(traj, false, "single");
  test::expectThroughPoints(traj, p, "single");
  test::expectContinuousAtBreaks(traj, "single");
  EXPECT_NEAR(test::sampleAt(traj, t / 2).q(0), 37.5, 1e-12);  // symmetric: the midpoint at t/2

  const double minimum = 4.0 * D / (t * t);
  EXPECT_DOUBLE_EQ(lspbMinimumAcceleration(p, {t}, 0), minimum);
  const PiecewisePolynomial triangle = lspbTrajectory(p, {t}, Eigen::VectorXd::Constant(1, minimum));
  EXPECT_NEAR(test::sampleAt(triangle, t / 2).qd(0), minimum * t / 2, 1e-12);
  test::expectThroughPoints(triangle, p, "triangle");
  try {
    lspbTrajectory(p, {t}, Eigen::VectorXd::Constant(1, 0.99 * minimum));
    FAIL() << "expected a refusal";
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "acceleration");
    EXPECT_EQ(e.index(), 0);
    EXPECT_DOUBLE_EQ(e.limit(), minimum);
    EXPECT_NE(std::string(e.what()).find("7.23"), std::string::npos) << e.what();
  }
}

TEST(LspbTrajectory, RefusesATooSmallAccelerationThroughViaPoints) {
  // Example 7.4 at 15 deg/s^2: the blends overlap. The refusal names the lowest failing segment
  // and gives the smallest acceleration that works (bisection, 1e-14 relative): with it the
  // plan builds, with 1e-6 less it is refused.
  const Example74 ex;
  const Eigen::VectorXd low = Eigen::VectorXd::Constant(1, 15.0);
  const LspbBlends b = lspbBlends(ex.points, ex.durations, low);
  ASSERT_GE(b.failedSegment, 0);
  double limit = 0.0;
  try {
    lspbTrajectory(ex.points, ex.durations, low);
    FAIL() << "expected a refusal";
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "acceleration");
    EXPECT_EQ(e.index(), b.failedSegment);
    limit = e.limit();
  }
  EXPECT_GT(limit, 15.0);
  EXPECT_NO_THROW(lspbTrajectory(ex.points, ex.durations, Eigen::VectorXd::Constant(1, limit)));
  EXPECT_THROW(lspbTrajectory(ex.points, ex.durations, Eigen::VectorXd::Constant(1, limit * (1.0 - 1e-6))),
               TrajectoryError);
  // The first segment's square root (7.26) alone needs |a| >= 2 |D| / td^2 = 12.5 deg/s^2.
  EXPECT_GE(limit, 12.5);
}

TEST(LspbTrajectory, IdentitiesOnRandomPlans) {
  // Several joints with different accelerations: per-joint blends merged on common breaks.
  std::mt19937 rng(744);
  for (int trial = 0; trial < 6; ++trial) {
    const int m = 2 + trial, n = 3;
    const Eigen::MatrixXd p = test::randomPoints(rng, m, n, 1.5);
    const std::vector<double> d = test::randomDurations(rng, m - 1);
    Eigen::VectorXd acc(n);
    for (int j = 0; j < n; ++j) acc(j) = 1.5 * lspbMinimumAcceleration(p, d, j) + 0.5 * j + 0.1;
    const PiecewisePolynomial traj = lspbTrajectory(p, d, acc);
    const LspbBlends b = lspbBlends(p, d, acc);
    const std::string what = "lspb trial " + std::to_string(trial);
    test::expectContinuousAtBreaks(traj, what);
    test::expectDerivativesMatchDifferences(traj, rng, what);
    test::expectAtRestAtEnds(traj, false, what);
    test::expectKnotsOrdered(traj, what);
    for (int j = 0; j < n; ++j) expectLspbGeometry(traj, b, p, j, what + " joint " + std::to_string(j));
    // End points reached exactly; via points passed near (Via knots at T_k).
    int vias = 0;
    for (const TrajectoryKnot& k : traj.knots()) {
      if (k.kind == KnotKind::Via) {
        ++vias;
        EXPECT_NEAR(k.time, b.pointTime[k.point], 1e-12) << what;
      }
      if (k.kind != KnotKind::Point) continue;
      const test::Sample s = test::sampleAt(traj, k.time);
      for (int j = 0; j < n; ++j) EXPECT_NEAR(s.q(j), p(k.point, j), 1e-12) << what;
    }
    EXPECT_EQ(vias, m - 2) << what;
    // |qdd| never exceeds the blend acceleration (it is a_k or 0).
    const Eigen::VectorXd peak = traj.peakMagnitudes(2);
    for (int j = 0; j < n; ++j) EXPECT_LE(peak(j), acc(j) * (1.0 + 1e-12)) << what;
  }
}

}  // namespace
}  // namespace armdyn
