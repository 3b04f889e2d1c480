// planJointTrajectory: dispatch to each scheme, names, refusals of bad input (field, index and
// limit of TrajectoryError), timing from the limits through the factory, and evaluation that
// does not touch the heap (counted by the malloc interposer of this executable,
// allocation_counter.h, armed only around the calls under test).
#include "trajectory/joint_scheme.h"
#include "trajectory/lspb_trajectory.h"
#include "trajectory/piecewise_polynomial.h"
#include "support/malloc_counter.h"
#include "joint_trajectory_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace armdyn {
namespace {

const double kInf = std::numeric_limits<double>::infinity();

Eigen::MatrixXd fourPoints() {
  Eigen::MatrixXd p(4, 3);
  p << 0.0, 0.5, -0.2,  //
      0.6, 0.1, 0.3,  //
      1.2, -0.4, 0.3,  //
      0.4, 0.0, -0.5;
  return p;
}

JointSchemeOptions options(JointScheme scheme) {
  JointSchemeOptions o;
  o.scheme = scheme;
  o.vMax = Eigen::Vector3d(1.0, 1.5, 0.8);
  o.aMax = Eigen::Vector3d(4.0, 6.0, 3.0);
  return o;
}

TEST(JointScheme, Names) {
  EXPECT_STREQ(jointSchemeName(JointScheme::Paul), "paul");
  EXPECT_STREQ(jointSchemeName(JointScheme::Cubic), "cubic");
  EXPECT_STREQ(jointSchemeName(JointScheme::CubicSpline), "cubic-spline");
  EXPECT_STREQ(jointSchemeName(JointScheme::Quintic), "quintic");
  EXPECT_STREQ(jointSchemeName(JointScheme::Lspb), "lspb");
  EXPECT_STREQ(viaVelocityName(ViaVelocity::Heuristic), "heuristic");
  EXPECT_STREQ(viaVelocityName(ViaVelocity::Zero), "zero");
  EXPECT_STREQ(viaVelocityName(ViaVelocity::ContinuousAcceleration), "continuous-acceleration");
}

TEST(JointScheme, DispatchesWithGivenDurations) {
  // Durations 1, 0.5, 2: every scheme lasts 3.5 s and reports its name and continuity.
  const Eigen::MatrixXd p = fourPoints();
  struct Expect {
    JointScheme scheme;
    const char* name;
    int continuity;
    bool atRest;
  };
  for (const Expect& e : {Expect{JointScheme::Cubic, "cubic", 1, true}, Expect{JointScheme::CubicSpline, "cubic-spline", 2, true},
                          Expect{JointScheme::Quintic, "quintic", 2, true}, Expect{JointScheme::Lspb, "lspb", 1, true}}) {
    JointSchemeOptions o = options(e.scheme);
    o.durations = {1.0, 0.5, 2.0};
    o.acceleration = Eigen::VectorXd::Constant(1, 40.0);  // broadcast to every joint
    const auto traj = planJointTrajectory(p, o);
    EXPECT_EQ(traj->scheme(), e.name);
    EXPECT_EQ(traj->continuity(), e.continuity) << e.name;
    EXPECT_EQ(traj->dof(), 3);
    EXPECT_NEAR(traj->duration(), 3.5, 1e-12) << e.name;
    test::expectAtRestAtEnds(*traj, false, e.name);
  }
  // The cubic scheme with continuous acceleration is the spline.
  JointSchemeOptions o = options(JointScheme::Cubic);
  o.durations = {1.0, 0.5, 2.0};
  o.viaVelocity = ViaVelocity::ContinuousAcceleration;
  EXPECT_EQ(planJointTrajectory(p, o)->continuity(), 2);
}

TEST(JointScheme, PaulIsPaulTrajectory) {
  JointSchemeOptions o = options(JointScheme::Paul);
  o.tacc = 0.2;
  const auto traj = planJointTrajectory(fourPoints(), o);
  EXPECT_EQ(traj->scheme(), "paul");
  EXPECT_FALSE(traj->endsAtRest());
  o.durations = {1.0, 1.0, 1.0};
  EXPECT_THROW(planJointTrajectory(fourPoints(), o), TrajectoryError);
  o.durations.clear();
  o.tacc = 0.0;
  try {
    planJointTrajectory(fourPoints(), o);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "tacc");
  }
}

TEST(JointScheme, TimedFromLimitsWithinThem) {
  // Every scheme through the factory, durations empty: within vMax and aMax on a dense
  // sampling (1e-9 relative), and through the points at their Point knots (not lspb vias).
  const Eigen::MatrixXd p = fourPoints();
  for (JointScheme s : {JointScheme::Cubic, JointScheme::CubicSpline, JointScheme::Quintic, JointScheme::Lspb}) {
    JointSchemeOptions o = options(s);
    const auto traj = std::dynamic_pointer_cast<const PiecewisePolynomial>(planJointTrajectory(p, o));
    ASSERT_TRUE(traj) << jointSchemeName(s);
    const test::LimitUse use = test::sampledLimitUse(*traj, o.vMax, o.aMax);
    EXPECT_LE(use.velocity, 1.0 + 1e-9) << jointSchemeName(s);
    EXPECT_LE(use.acceleration, 1.0 + 1e-9) << jointSchemeName(s);
    if (s != JointScheme::Lspb) test::expectThroughPoints(*traj, p, jointSchemeName(s));
  }
  // lspb without an acceleration and without aMax cannot blend.
  JointSchemeOptions o = options(JointScheme::Lspb);
  o.aMax(2) = kInf;
  try {
    planJointTrajectory(p, o);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "acceleration");
  }
  // ... nor with a blend acceleration above aMax when timed from the limits.
  o = options(JointScheme::Lspb);
  o.acceleration = Eigen::VectorXd::Constant(1, 5.0);
  EXPECT_THROW(planJointTrajectory(p, o), TrajectoryError);
  // Equal consecutive points cannot be timed from the limits; with durations they wait.
  Eigen::MatrixXd q = p;
  q.row(2) = q.row(1);
  try {
    planJointTrajectory(q, options(JointScheme::Quintic));
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "joint_points");
    EXPECT_EQ(e.index(), 1);
  }
  JointSchemeOptions given = options(JointScheme::Quintic);
  given.durations = {1.0, 1.0, 1.0};
  EXPECT_NO_THROW(planJointTrajectory(q, given));
}

TEST(JointScheme, RefusesBadInput) {
  const Eigen::MatrixXd p = fourPoints();
  JointSchemeOptions o = options(JointScheme::Cubic);
  o.durations = {1.0, 2.0};
  try {
    planJointTrajectory(p, o);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "durations");
    EXPECT_EQ(e.index(), -1);
    EXPECT_NE(std::string(e.what()).find("2 durations for 3 segments"), std::string::npos) << e.what();
  }
  o.durations = {1.0, 2.0, -1.0};
  try {
    planJointTrajectory(p, o);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "durations");
    EXPECT_EQ(e.index(), 2);
  }
  // lspb below the minimum acceleration of (7.23), one segment: field, index, limit.
  Eigen::MatrixXd two(2, 2);
  two << 0.0, 0.0,  //
      1.0, -2.0;
  JointSchemeOptions l = options(JointScheme::Lspb);
  l.vMax.resize(0);
  l.aMax.resize(0);
  l.durations = {2.0};
  l.acceleration = Eigen::Vector2d(5.0, 1.0);  // joint 2 needs 4 * 2 / 2^2 = 2
  try {
    planJointTrajectory(two, l);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "acceleration");
    EXPECT_EQ(e.index(), 0);
    EXPECT_DOUBLE_EQ(e.limit(), 2.0);
    EXPECT_NE(std::string(e.what()).find("joint 2"), std::string::npos) << e.what();
  }
  // lspb through via points: the limit is the smallest acceleration that works.
  l = options(JointScheme::Lspb);
  l.durations = {1.0, 0.5, 2.0};
  l.acceleration = Eigen::VectorXd::Constant(1, 0.5);
  try {
    planJointTrajectory(p, l);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "acceleration");
    EXPECT_GE(e.index(), 0);
    EXPECT_LE(e.index(), 2);
    l.acceleration = Eigen::VectorXd::Constant(1, e.limit());
    EXPECT_NO_THROW(planJointTrajectory(p, l));
  }
  // Malformed arguments.
  l.acceleration = Eigen::Vector2d(1.0, 1.0);
  EXPECT_THROW(planJointTrajectory(p, l), TrajectoryError);  // neither 1 nor n values
  l.acceleration = Eigen::VectorXd::Constant(1, -1.0);
  EXPECT_THROW(planJointTrajectory(p, l), TrajectoryError);
  o = options(JointScheme::Quintic);
  o.vMax = Eigen::Vector2d(1.0, 1.0);
  EXPECT_THROW(planJointTrajectory(p, o), std::invalid_argument);
  o = options(JointScheme::Quintic);
  o.aMax(0) = 0.0;
  EXPECT_THROW(planJointTrajectory(p, o), std::invalid_argument);
  o = options(JointScheme::Quintic);
  Eigen::MatrixXd bad = p;
  bad(3, 1) = std::nan("");
  try {
    planJointTrajectory(bad, o);
    FAIL();
  } catch (const TrajectoryError& e) {
    EXPECT_EQ(e.field(), "joint_points");
    EXPECT_EQ(e.index(), 3);
  }
  EXPECT_THROW(planJointTrajectory(p.topRows(1), o), std::invalid_argument);
}

TEST(JointScheme, EvaluateDoesNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const Eigen::MatrixXd p = fourPoints();
  for (JointScheme s : {JointScheme::Paul, JointScheme::Cubic, JointScheme::CubicSpline, JointScheme::Quintic,
                        JointScheme::Lspb}) {
    const auto traj = planJointTrajectory(p, options(s));
    Eigen::VectorXd q(3), qd(3), qdd(3);
    Eigen::MatrixXd block(3, 5);
    traj->evaluate(0.1, q, qd, qdd);  // warm-up outside the count
    test::gAllocations = 0;
    test::gCounting = true;
    double sum = 0.0;
    for (int i = -2; i <= 1002; ++i) {
      traj->evaluate(traj->duration() * i / 1000.0, q, qd, qdd);
      traj->evaluate(0.3, block.col(0), block.col(1), block.col(2));  // column blocks bind too
      sum += q.sum() + qd.sum() + qdd.sum();
    }
    test::gCounting = false;
    EXPECT_EQ(test::gAllocations, 0) << jointSchemeName(s);
    EXPECT_TRUE(std::isfinite(sum));
  }
  // The counter works: building a plan allocates.
  test::gAllocations = 0;
  test::gCounting = true;
  const auto traj = planJointTrajectory(p, options(JointScheme::Cubic));
  test::gCounting = false;
  EXPECT_GT(test::gAllocations, 0);
#endif
}

}  // namespace
}  // namespace armdyn
