// Paul's quartic-transition trajectory against closed forms of its boundary conditions
// (Paul 1981, Vora 4.3.1), eq 4.9, finite differences, and Vora's printed positions at t = 0.
#include "trajectory/paul_trajectory.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace armdyn {
namespace {

struct State {
  Eigen::VectorXd q, qd, qdd;
};

State at(const PaulTrajectory& traj, double t) {
  State s{Eigen::VectorXd(traj.dof()), Eigen::VectorXd(traj.dof()), Eigen::VectorXd(traj.dof())};
  traj.evaluate(t, s.q, s.qd, s.qdd);
  return s;
}

// Seeded random plan: 7 points in 4 joints, with short segments (T = 2 tau) and long ones.
struct RandomPlan {
  Eigen::MatrixXd points;
  Eigen::VectorXd vMax;
  double tacc = 0.3;
};

RandomPlan randomPlan(unsigned seed) {
  std::mt19937 rng(seed);
  RandomPlan p;
  p.points.resize(7, 4);
  for (int k = 0; k < 7; ++k) p.points.row(k) = test::randomVector(rng, 4, 1.5).transpose();
  p.points.row(3) = p.points.row(2) + Eigen::RowVector4d(0.01, -0.02, 0.0, 0.03);  // T = 2 tau
  p.vMax = Eigen::Vector4d(1.0, 1.5, 0.7, 2.0);
  return p;
}

// Eq 4.9 written out independently.
double eq49(const Eigen::MatrixXd& Q, int k, const Eigen::VectorXd& vMax, double tacc) {
  double T = 2.0 * tacc;
  for (int j = 0; j < Q.cols(); ++j) T = std::max(T, std::abs(Q(k + 1, j) - Q(k, j)) / vMax(j));
  return T;
}

TEST(PaulTrajectory, SegmentTimesFollowEq49) {
  const RandomPlan p = randomPlan(7);
  const PaulTrajectory traj(p.points, p.vMax, p.tacc);
  ASSERT_EQ(traj.segments().size(), 6u);
  double sum = 0.0;
  for (int k = 0; k < 6; ++k) {
    const double T = eq49(p.points, k, p.vMax, p.tacc);
    EXPECT_DOUBLE_EQ(traj.segments()[k].duration, T) << "segment " << k;
    // Each point is passed at the centre of its transition: the sum of the earlier T.
    EXPECT_NEAR(traj.pointTimes()[k], sum, 1e-12);
    sum += T;
  }
  EXPECT_DOUBLE_EQ(traj.segments()[2].duration, 2.0 * p.tacc);  // the short segment
  EXPECT_NEAR(traj.duration(), sum, 1e-12);
  EXPECT_NEAR(traj.pointTimes().back(), sum, 1e-12);
}

// Positions, velocities and accelerations just before and after every phase boundary.
// eps = 1e-9 s: a continuous quantity moves by at most eps * (its derivative) ~ 1e-8, while a
// defect in the formulas (wrong A, tau or T) would jump by 1e-3 or more.
TEST(PaulTrajectory, ContinuousAtEveryPhaseBoundary) {
  const RandomPlan p = randomPlan(11);
  const PaulTrajectory traj(p.points, p.vMax, p.tacc);
  std::vector<double> boundaries;
  for (const TrajectorySegment& s : traj.segments()) {
    if (s.from > 0) boundaries.push_back(s.start);  // segment switch = transition start
    boundaries.push_back(s.centre + p.tacc);        // transition end
  }
  ASSERT_EQ(boundaries.size(), 11u);
  const double eps = 1e-9;
  for (double b : boundaries) {
    const State lo = at(traj, b - eps), hi = at(traj, b + eps);
    EXPECT_LT((hi.q - lo.q).cwiseAbs().maxCoeff(), 1e-7) << "q at t = " << b;
    EXPECT_LT((hi.qd - lo.qd).cwiseAbs().maxCoeff(), 1e-6) << "qd at t = " << b;
    // Paul's conditions 5-6: zero acceleration at both transition ends, so qdd is continuous.
    EXPECT_LT((hi.qdd - lo.qdd).cwiseAbs().maxCoeff(), 1e-5) << "qdd at t = " << b;
  }
}

// Central differences with step 1e-4 s: truncation h^2/6 |q'''| <= 1e-8 * 60 / 6 ~ 1e-7 for
// qd, h^2/12 |q''''| ~ 1e-6 for qdd, rounding 1e-16 / h^2 ~ 1e-8. Sample times keep 2 steps
// away from the boundaries, where the third derivative jumps.
TEST(PaulTrajectory, DerivativesEqualFiniteDifferences) {
  const RandomPlan p = randomPlan(3);
  const PaulTrajectory traj(p.points, p.vMax, p.tacc);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, traj.duration());
  const double h = 1e-4;
  int checked = 0;
  while (checked < 200) {
    const double t = u(rng);
    bool nearBoundary = t < 2 * h || t > traj.duration() - 2 * h;
    for (const TrajectorySegment& s : traj.segments())
      for (double b : {s.start, s.centre + p.tacc}) nearBoundary = nearBoundary || std::abs(t - b) < 2 * h;
    if (nearBoundary) continue;
    const State m = at(traj, t - h), c = at(traj, t), pl = at(traj, t + h);
    const Eigen::VectorXd qdFd = (pl.q - m.q) / (2 * h);
    const Eigen::VectorXd qddFd = (pl.q - 2 * c.q + m.q) / (h * h);
    EXPECT_LT((qdFd - c.qd).cwiseAbs().maxCoeff(), 1e-6) << "t = " << t;
    EXPECT_LT((qddFd - c.qdd).cwiseAbs().maxCoeff(), 1e-4) << "t = " << t;
    ++checked;
  }
}

TEST(PaulTrajectory, StraightPartIsLinearWithVelocityDcOverT) {
  const RandomPlan p = randomPlan(19);
  const PaulTrajectory traj(p.points, p.vMax, p.tacc);
  for (const TrajectorySegment& s : traj.segments()) {
    const int k = s.from;
    const double T = eq49(p.points, k, p.vMax, p.tacc);
    const Eigen::VectorXd v = (p.points.row(k + 1) - p.points.row(k)).transpose() / T;
    const double t0 = s.centre + p.tacc, t1 = s.end;
    ASSERT_GE(t1, t0 - 1e-12);
    for (double f : {0.0, 0.3, 0.77, 0.999}) {
      const double t = t0 + f * (t1 - t0);
      const State st = at(traj, t);
      EXPECT_LT((st.qd - v).cwiseAbs().maxCoeff(), 1e-12) << "segment " << k;
      EXPECT_LT(st.qdd.cwiseAbs().maxCoeff(), 1e-12);
      // On the line through B with slope dC/T (local time t - centre).
      const Eigen::VectorXd line = p.points.row(k).transpose() + v * (t - s.centre);
      EXPECT_LT((st.q - line).cwiseAbs().maxCoeff(), 1e-12) << "segment " << k;
    }
  }
  // The last segment runs its whole T and ends on the last point.
  const State end = at(traj, traj.duration());
  EXPECT_LT((end.q - p.points.row(6).transpose()).cwiseAbs().maxCoeff(), 1e-12);
}

// Closed forms of the quartic from its boundary conditions, X = dC tau/T + dB:
//   h = 0:   q = A,                  qd = (B - A)/tau (the incoming velocity), qdd = 0
//   h = 0.5: q = B + 3X/16,          qd = (dC/T - dB/tau)/2 (mean of in and out), qdd = 3X/(4 tau^2)
//   h = 1:   q = B + dC tau/T,       qd = dC/T,                                 qdd = 0
TEST(PaulTrajectory, QuarticClosedFormAtHZeroHalfOne) {
  const RandomPlan p = randomPlan(23);
  const PaulTrajectory traj(p.points, p.vMax, p.tacc);
  const double tau = p.tacc;
  for (int k = 1; k < 6; ++k) {
    const Eigen::VectorXd Bprev = p.points.row(k - 1).transpose();
    const Eigen::VectorXd B = p.points.row(k).transpose();
    const Eigen::VectorXd C = p.points.row(k + 1).transpose();
    const double Tprev = eq49(p.points, k - 1, p.vMax, tau), T = eq49(p.points, k, p.vMax, tau);
    const Eigen::VectorXd A = B - (B - Bprev) * tau / Tprev;
    const Eigen::VectorXd dB = A - B, dC = C - B;
    const Eigen::VectorXd X = dC * tau / T + dB;
    const double centre = traj.pointTimes()[k];
    // h = 0 is the segment switch: evaluate it on the new segment's side.
    const State s0 = at(traj, centre - tau), sh = at(traj, centre), s1 = at(traj, centre + tau);
    EXPECT_LT((s0.q - A).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((s0.qd - (B - A) / tau).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT(s0.qdd.cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((sh.q - (B + 3.0 * X / 16.0)).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((sh.qd - 0.5 * (dC / T - dB / tau)).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((sh.qdd - 3.0 * X / (4.0 * tau * tau)).cwiseAbs().maxCoeff(), 1e-11);
    EXPECT_LT((s1.q - (B + dC * tau / T)).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((s1.qd - dC / T).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT(s1.qdd.cwiseAbs().maxCoeff(), 1e-12);
  }
  // The run starts halfway through a transition with A = B: q = B + 3/16 dC tau/T.
  const Eigen::VectorXd B = p.points.row(0).transpose(), dC = (p.points.row(1) - p.points.row(0)).transpose();
  const double T0 = eq49(p.points, 0, p.vMax, tau);
  const State s = at(traj, 0.0);
  EXPECT_LT((s.q - (B + 3.0 / 16.0 * dC * tau / T0)).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((s.qd - 0.5 * dC / T0).cwiseAbs().maxCoeff(), 1e-12);
}

// Vora's weld seam (figure 7.4) through the closed-form RRR solution of eqs 7.1-7.4 (elbow
// up, written out here independently of the kinematics module): table 7.4 prints the positions
// at t = 0 to 6 significant digits, and section 7.4 the task time.
TEST(PaulTrajectory, ReproducesVoraWeldSeamStart) {
  const double pts[7][3] = {{.5, 0, -.1}, {.5, .1, -.1}, {.7, .1, -.4}, {.6, -.15, -.35},
                            {.5, -.2, -.25}, {.4, -.25, -.2}, {.5, 0, -.1}};
  Eigen::MatrixXd Q(7, 3);
  for (int k = 0; k < 7; ++k) {
    const double x = pts[k][0], y = pts[k][1], z = pts[k][2], a = 0.5;
    const double r = std::sqrt(x * x + y * y + z * z);
    const double phi = std::atan2(z, std::hypot(x, y));
    const double gamma = std::acos(r / (2 * a));
    Q.row(k) << std::atan2(y, x), phi + gamma, -std::acos((r * r - 2 * a * a) / (2 * a * a));
  }
  const PaulTrajectory traj(Q, Eigen::Vector3d(1.0, 1.0, 1.25), 0.3);
  const State s = at(traj, 0.0);
  // Printed 0.185058E-01, 0.837618E+00, -0.206933E+01: half a unit in the 6th digit.
  EXPECT_NEAR(s.q(0), 0.0185058, 0.5e-7);
  EXPECT_NEAR(s.q(1), 0.837618, 0.5e-6);
  EXPECT_NEAR(s.q(2), -2.06933, 0.5e-5);
  // 3.725 s is the plan rounded up to whole DT = 0.025 s steps: 148 < T/DT <= 149.
  EXPECT_GT(traj.duration() / 0.025, 148.0);
  EXPECT_LE(traj.duration() / 0.025, 149.0);
}

// Bounds that follow from the scheme, not from the code: a straight part moves at dC/T with
// |dC_j|/T <= Vmax_j (eq 4.9), and a transition's qd runs monotonically (qdd keeps the sign
// of X, h in [0, 1]) from the incoming to the outgoing straight-part speed, so |qd| <= Vmax
// throughout; q is then concave or convex over a transition and stays between its points
// (corners are cut, never overshot). Every joint, 20 random plans, 2000 times each; 1e-12
// covers rounding of O(1) values.
TEST(PaulTrajectory, StaysBetweenItsPointsAndWithinVmax) {
  for (unsigned seed = 100; seed < 120; ++seed) {
    const RandomPlan p = randomPlan(seed);
    const PaulTrajectory traj(p.points, p.vMax, p.tacc);
    const Eigen::VectorXd lo = p.points.colwise().minCoeff().transpose();
    const Eigen::VectorXd hi = p.points.colwise().maxCoeff().transpose();
    double fastest = 0.0;  // largest |qd_j| / Vmax_j met: the bound must be tight, not vacuous
    for (int k = 0; k <= 2000; ++k) {
      const State s = at(traj, traj.duration() * k / 2000.0);
      for (int j = 0; j < traj.dof(); ++j) {
        EXPECT_GE(s.q(j), lo(j) - 1e-12) << "seed " << seed << " joint " << j;
        EXPECT_LE(s.q(j), hi(j) + 1e-12) << "seed " << seed << " joint " << j;
        EXPECT_LE(std::abs(s.qd(j)), p.vMax(j) * (1.0 + 1e-12)) << "seed " << seed << " joint " << j;
        fastest = std::max(fastest, std::abs(s.qd(j)) / p.vMax(j));
      }
    }
    EXPECT_GT(fastest, 0.999) << "seed " << seed;  // some joint cruises at its Vmax
  }
}

TEST(PaulTrajectory, RejectsBadArguments) {
  const Eigen::VectorXd v = Eigen::Vector2d(1.0, 1.0);
  EXPECT_THROW(PaulTrajectory(Eigen::MatrixXd::Zero(1, 2), v, 0.3), std::invalid_argument);
  EXPECT_THROW(PaulTrajectory(Eigen::MatrixXd::Zero(3, 2), Eigen::Vector2d(1.0, 0.0), 0.3), std::invalid_argument);
  EXPECT_THROW(PaulTrajectory(Eigen::MatrixXd::Zero(3, 2), v, 0.0), std::invalid_argument);
  EXPECT_THROW(PaulTrajectory(Eigen::MatrixXd::Zero(3, 2), Eigen::Vector3d(1, 1, 1), 0.3), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
