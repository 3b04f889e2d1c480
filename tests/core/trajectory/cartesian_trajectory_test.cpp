// Joint motion along Cartesian paths (trajectory/cartesian_trajectory.h) on the PUMA 560 and
// Vora's RRR: the tool follows the commanded line or arc at every sample, with the
// orientation of the angle-axis interpolation; every joint limit holds on every sample; q and
// qd are continuous and equal finite differences; the duration of a line is its closed form;
// paths through singularities or out of reach are refused with where.
#include "trajectory/cartesian_trajectory.h"

#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "support/test_support.h"
#include "trajectory/task_plan.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

const Session& pumaSquare() {
  static const Session s = [] {
    Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
    s.task = loadTask(test::sourcePath("robots/puma560_square_line_arc.yaml"));
    return s;
  }();
  return s;
}

// Distance of p from piece `piece` of the path: to the line, or |p - centre| - r plus the
// distance from the arc's plane.
double distanceFromPiece(const PathPiece& piece, const Eigen::Vector3d& p) {
  if (piece.kind == PathPieceKind::Line) {
    const Eigen::Vector3d d = p - piece.start;
    return (d - d.dot(piece.direction) * piece.direction).norm();
  }
  const Eigen::Vector3d normal = piece.u.cross(piece.v);
  const Eigen::Vector3d d = p - piece.centre;
  const double offPlane = d.dot(normal);
  const Eigen::Vector3d inPlane = d - offPlane * normal;
  return std::hypot(offPlane, inPlane.norm() - piece.radius);
}

// A straight line below Vora's RRR shoulder at height -0.3 m from (0.3, y) to (-0.3, y): it
// passes `y` beside the shoulder axis (points on file lines 7 and 8 of `file`).
TaskSpec lineBesideTheShoulderAxis(double y, const std::string& file = "") {
  TaskSpec task;
  task.sourceFile = file;
  task.scheme = TaskScheme::Line;
  task.speed = 0.1;
  task.pathAcceleration = 1.0;
  task.configuration = "elbow_up";
  TaskPoint a, b;
  a.position = Eigen::Vector3d(0.3, y, -0.3);
  a.sourceLine = 7;
  b.position = Eigen::Vector3d(-0.3, y, -0.3);
  b.sourceLine = 8;
  task.points = {a, b};
  return task;
}

TEST(CartesianTrajectory, PumaSquareFollowsLinesAndArcsAtEverySample) {
  const Model model(pumaSquare().robot);
  const TaskPlan plan = planTask(model, pumaSquare().task);
  ASSERT_TRUE(plan.path);
  const auto& traj = dynamic_cast<const CartesianTrajectory&>(*plan.trajectory);
  const CartesianPath& path = traj.path();
  const int n = model.dof();
  Eigen::VectorXd q(n), qd(n), qdd(n);
  double worstPosition = 0.0, worstRotation = 0.0;
  const double dt = 1e-3;
  for (double t = 0.0; t <= plan.duration(); t += dt) {
    traj.evaluate(t, q, qd, qdd);
    double s, sd, sdd;
    traj.profile().evaluate(t, s, sd, sdd);
    const Eigen::Matrix4d T = toolPose(model, q);
    const Eigen::Vector3d p = T.topRightCorner<3, 1>();
    worstPosition = std::max(worstPosition, distanceFromPiece(path.pieces()[path.pieceAt(s)], p));
    PathSample x;
    path.evaluate(s, x);
    const Eigen::Matrix3d R = T.topLeftCorner<3, 3>();
    worstRotation = std::max(worstRotation, Eigen::AngleAxisd(x.R.transpose() * R).angle());
  }
  // Quintic Hermite interpolation of q(s) between adaptive nodes (10 mm / 10 deg, halved where
  // q bends fast): the tool stays
  // within 1e-6 m of the commanded line or arc (the bound) and turns as commanded.
  EXPECT_LT(worstPosition, 1e-6);
  EXPECT_LT(worstRotation, 1e-6);
  std::printf("rounded square: worst distance from the commanded path %.3g m, rotation %.3g rad\n", worstPosition,
              worstRotation);
}

TEST(CartesianTrajectory, PathLengthAndShapeOfTheRoundedSquare) {
  const Model model(pumaSquare().robot);
  const TaskPlan plan = planTask(model, pumaSquare().task);
  // Polyline 0.1 + 0.2 + 0.2 + 0.2 + 0.1 m; each quarter arc of radius R replaces 2R of corner
  // by pi R / 2.
  const double R = 0.03;
  EXPECT_NEAR(plan.pathLength, 0.8 - 8 * R + 2 * M_PI * R, 1e-12);
  int lines = 0, arcs = 0;
  for (const PathPiece& p : plan.path->pieces()) {
    if (p.kind == PathPieceKind::Line) ++lines;
    else {
      ++arcs;
      EXPECT_NEAR(p.angle, M_PI / 2, 1e-12);
      EXPECT_NEAR(p.radius, R, 1e-15);
    }
  }
  EXPECT_EQ(lines, 5);
  EXPECT_EQ(arcs, 4);
}

TEST(CartesianTrajectory, JointLimitsHoldOnEverySampleAndMotionIsContinuous) {
  const Model model(pumaSquare().robot);
  for (const char* file : {"robots/puma560_square_line_arc.yaml", "robots/puma560_lines.yaml"}) {
    const TaskPlan plan = planTask(model, loadTask(test::sourcePath(file)));
    const JointTrajectory& traj = *plan.trajectory;
    const int n = model.dof();
    Eigen::VectorXd q(n), qd(n), qdd(n), qa(n), qda(n), qdda(n), qb(n), qdb(n), qddb(n);
    const double h = 1e-6;
    double worstFd = 0.0;
    for (double t = 0.0; t <= traj.duration(); t += 2e-3) {
      traj.evaluate(t, q, qd, qdd);
      for (int j = 0; j < n; ++j) {
        const LinkSpec& l = model.spec().links[j];
        EXPECT_LE(std::abs(qd(j)), l.vMax * (1 + 1e-6)) << file << " joint " << j + 1 << " t " << t;
        if (l.aMax) {
          EXPECT_LE(std::abs(qdd(j)), *l.aMax * (1 + 1e-6)) << file << " joint " << j + 1;
        }
        EXPECT_GE(q(j), l.qMin);
        EXPECT_LE(q(j), l.qMax);
      }
      if (t > h && t + h < traj.duration()) {
        traj.evaluate(t + h, qa, qda, qdda);
        traj.evaluate(t - h, qb, qdb, qddb);
        // qd = dq/dt by central differences: truncation h^2 |q'''| / 6, except within h of a
        // switch of the path acceleration, where qdd jumps and the error is up to h |jump| / 4
        // (jumps here are below 10 rad/s^2): 1e-5 bounds both, and round-off 1e-16 / h.
        worstFd = std::max(worstFd, ((qa - qb) / (2 * h) - qd).cwiseAbs().maxCoeff());
      }
    }
    EXPECT_LT(worstFd, 1e-5) << file;
    // Starts and ends at rest.
    traj.evaluate(0.0, q, qd, qdd);
    EXPECT_LT(qd.norm(), 1e-12);
    traj.evaluate(traj.duration(), q, qd, qdd);
    EXPECT_LT(qd.norm(), 1e-12);
  }
}

TEST(CartesianTrajectory, SingleLineTakesTheTrapezoidalMinimumTime) {
  // One line on the RRR, slow enough that no joint limit binds: T = L / v + v / a.
  Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  for (LinkSpec& l : s.robot.links) l.vMax = 100.0;
  const Model model(s.robot);
  TaskSpec task;
  task.scheme = TaskScheme::Line;
  task.speed = 0.05;
  task.pathAcceleration = 0.2;
  task.configuration = "elbow_up";
  TaskPoint a, b;
  a.position = Eigen::Vector3d(0.5, 0.0, -0.1);
  b.position = Eigen::Vector3d(0.5, 0.2, -0.2);
  task.points = {a, b};
  const TaskPlan plan = planTask(model, task);
  const double L = std::sqrt(0.2 * 0.2 + 0.1 * 0.1);
  EXPECT_NEAR(plan.pathLength, L, 1e-15);
  EXPECT_NEAR(plan.duration(), L / 0.05 + 0.05 / 0.2, 1e-12);
  EXPECT_TRUE(plan.notes.empty());
}

TEST(CartesianTrajectory, JointSpeedLimitLowersThePathSpeedAndSaysWhere) {
  Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  s.robot.links[0].vMax = 0.1;  // rad/s: joint 1 binds on a sideways line
  const Model model(s.robot);
  TaskSpec task;
  task.scheme = TaskScheme::Line;
  task.speed = 0.2;
  task.pathAcceleration = 1.0;
  task.configuration = "elbow_up";
  TaskPoint a, b;
  a.position = Eigen::Vector3d(0.5, -0.1, -0.1);
  b.position = Eigen::Vector3d(0.5, 0.1, -0.1);
  task.points = {a, b};
  const TaskPlan plan = planTask(model, task);
  ASSERT_FALSE(plan.notes.empty());
  EXPECT_NE(plan.notes[0].find("joint 1's velocity limit"), std::string::npos) << plan.notes[0];
  Eigen::VectorXd q(3), qd(3), qdd(3);
  double peak = 0.0;
  for (double t = 0.0; t <= plan.duration(); t += 1e-3) {
    plan.trajectory->evaluate(t, q, qd, qdd);
    peak = std::max(peak, std::abs(qd(0)));
  }
  EXPECT_LE(peak, 0.1 * (1 + 1e-6));
  EXPECT_GT(peak, 0.099);  // the limit is reached, not undercut
}

TEST(CartesianTrajectory, PathBesideTheShoulderAxisIsASingularity) {
  // 10 um beside the RRR's shoulder axis joint 1 would have to swing half a turn over a few
  // micrometres of path (about 1e4 rad per metre): refused, where and with det J.
  const Model model(loadSession(test::sourcePath("robots/vora_rrr.yaml")).robot);
  const TaskSpec task = lineBesideTheShoulderAxis(1e-5, "beside_axis.yaml");
  try {
    planTask(model, task);
    FAIL() << "a line beside the shoulder axis was planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "beside_axis.yaml");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.field(), "points[1]");
    const std::string what = e.what();
    EXPECT_NE(what.find("singularity"), std::string::npos) << what;
    EXPECT_NE(what.find("s = 0.3 m"), std::string::npos) << what;
    EXPECT_NE(what.find("det J"), std::string::npos) << what;
  }
}

TEST(CartesianTrajectory, ExactCrossingOfTheShoulderAxisIsFollowed) {
  // Exactly through the axis the line needs no motion of joint 1: the arm swings over the
  // shoulder with joint 1 still (J loses rank there, but the path's direction stays in its
  // range), as the PUMA's wrist crosses q5 = 0. A node landing on the singular point is moved
  // off it, so the outcome does not depend on where the grid falls.
  const Model model(loadSession(test::sourcePath("robots/vora_rrr.yaml")).robot);
  const TaskPlan plan = planTask(model, lineBesideTheShoulderAxis(0.0));
  Eigen::VectorXd q(3), qd(3), qdd(3);
  double worst = 0.0, q1 = 0.0;
  for (double t = 0.0; t <= plan.duration(); t += 1e-3) {
    plan.trajectory->evaluate(t, q, qd, qdd);
    const Eigen::Vector3d p = toolPose(model, q).topRightCorner<3, 1>();
    worst = std::max(worst, std::hypot(p.y(), p.z() + 0.3));  // distance from the line y = 0, z = -0.3
    q1 = std::max(q1, std::abs(q(0)));
  }
  EXPECT_LT(worst, 1e-6);
  // Joint 1 stays put up to what Newton lets it drift where it is unobservable (at the axis it
  // does not move the tool): micro-radians.
  EXPECT_LT(q1, 1e-4);
}

TEST(CartesianTrajectory, PathNearASingularityIsSlowedAndSaysWhereWithDetJ) {
  // 1 mm beside the shoulder axis: joint 1 must turn fast there, so its speed limit lowers the
  // path speed, and the note gives the Jacobian determinant at the slowest point.
  const Model model(loadSession(test::sourcePath("robots/vora_rrr.yaml")).robot);
  const TaskPlan plan = planTask(model, lineBesideTheShoulderAxis(0.001));
  ASSERT_FALSE(plan.notes.empty());
  EXPECT_NE(plan.notes[0].find("joint 1's velocity limit"), std::string::npos) << plan.notes[0];
  EXPECT_NE(plan.notes[0].find("det J = "), std::string::npos) << plan.notes[0];
  // Slower than the unhindered trapezoid (0.6 / 0.1 + 0.1 / 1 = 6.1 s).
  EXPECT_GT(plan.duration(), 6.1 + 1.0);
  // The determinant along the path dips towards zero at the axis.
  const std::vector<double>& determinant =
      dynamic_cast<const CartesianTrajectory&>(*plan.trajectory).nodeJacobianDeterminant();
  ASSERT_FALSE(determinant.empty());
  double smallest = 1e9, largest = 0.0;
  for (double d : determinant) {
    smallest = std::min(smallest, std::abs(d));
    largest = std::max(largest, std::abs(d));
  }
  EXPECT_LT(smallest, 1e-2 * largest);
}

// Tool position and orientation against the commanded path at every sample, for any plan.
void expectOnPath(const Model& model, const TaskPlan& plan, double tolerance, const std::string& what) {
  const auto& traj = dynamic_cast<const CartesianTrajectory&>(*plan.trajectory);
  const int n = model.dof();
  Eigen::VectorXd q(n), qd(n), qdd(n);
  double worstP = 0.0, worstR = 0.0;
  for (double t = 0.0; t <= plan.duration(); t += 1e-3) {
    traj.evaluate(t, q, qd, qdd);
    double s, sd, sdd;
    traj.profile().evaluate(t, s, sd, sdd);
    const Eigen::Matrix4d T = toolPose(model, q);
    PathSample x;
    traj.path().evaluate(s, x);
    worstP = std::max(worstP, (T.topRightCorner<3, 1>() - x.p).norm());
    if (n >= 6) worstR = std::max(worstR, Eigen::AngleAxisd(x.R.transpose() * T.topLeftCorner<3, 3>()).angle());
  }
  EXPECT_LT(worstP, tolerance) << what;
  EXPECT_LT(worstR, tolerance) << what;
}

TEST(CartesianTrajectory, StopCornersAndRandomSegmentLengthsStayOnThePath) {
  const Model puma(pumaSquare().robot);
  expectOnPath(puma, planTask(puma, loadTask(test::sourcePath("robots/puma560_lines.yaml"))), 1e-6, "puma lines");
  // Seeded random polylines on the RRR (position only), corners rounded or stops, segment
  // lengths not multiples of the node spacing (junction nodes must take each side's piece).
  Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  for (LinkSpec& l : s.robot.links) l.vMax = 10.0;
  const Model rrr(s.robot);
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 6; ++trial) {
    TaskSpec task;
    task.scheme = trial % 2 ? TaskScheme::LineArc : TaskScheme::Line;
    task.speed = 0.2;
    task.pathAcceleration = 2.0;
    task.configuration = "elbow_up";
    for (int k = 0; k < 4; ++k) {
      TaskPoint p;
      p.position = Eigen::Vector3d(0.5 + 0.1 * u(rng), 0.15 * u(rng), -0.25 + 0.1 * u(rng));
      p.radius = task.scheme == TaskScheme::LineArc && k > 0 && k < 3 ? 0.01 : 0.0;
      task.points.push_back(p);
    }
    expectOnPath(rrr, planTask(rrr, task), 1e-6, "random trial " + std::to_string(trial));
  }
}

TEST(CartesianTrajectory, AccelerationEqualsFiniteDifferencesOfVelocity) {
  const Model model(pumaSquare().robot);
  const TaskPlan plan = planTask(model, pumaSquare().task);
  const JointTrajectory& traj = *plan.trajectory;
  const int n = model.dof();
  Eigen::VectorXd q(n), qd(n), qdd(n), qa(n), qda(n), qdda(n), qb(n), qdb(n), qddb(n);
  const double h = 1e-6;
  int compared = 0;
  double worst = 0.0;
  for (double t = 0.01; t < traj.duration() - 0.01; t += 3.7e-3) {
    traj.evaluate(t, q, qd, qdd);
    traj.evaluate(t + h, qa, qda, qdda);
    traj.evaluate(t - h, qb, qdb, qddb);
    // qdd is piecewise continuous (it jumps where the path acceleration switches): compare
    // only where it is continuous across [t - h, t + h].
    if ((qdda - qddb).cwiseAbs().maxCoeff() > 1e-3) continue;
    worst = std::max(worst, ((qda - qdb) / (2 * h) - qdd).cwiseAbs().maxCoeff());
    ++compared;
  }
  EXPECT_GT(compared, 1000);
  // Truncation h^2 |q''''| / 6 and round-off 1e-16 |qd| / h: below 1e-6 rad/s^2.
  EXPECT_LT(worst, 1e-6);
}

TEST(CartesianTrajectory, IntermediatePoseOutOfReachIsNamed) {
  // Both ends of this line beside the PUMA's base are reachable in one configuration, but on
  // the way the elbow would have to bend past joint 3's limit: the walk stops there and says
  // where (arc length and position), at the line of the point the piece leaves from.
  const Model model(pumaSquare().robot);
  TaskSpec task;
  task.sourceFile = "across_the_base.yaml";
  task.scheme = TaskScheme::Line;
  task.speed = 0.1;
  task.pathAcceleration = 1.0;
  TaskPoint a, b;
  a.position = Eigen::Vector3d(0.1, 0.4, -0.2);
  a.rpy = Eigen::Vector3d(0, M_PI, 0);
  a.sourceLine = 3;
  b.position = Eigen::Vector3d(0.1, -0.4, -0.2);
  b.rpy = Eigen::Vector3d(0, M_PI, 0);
  b.sourceLine = 4;
  task.points = {a, b};
  try {
    planTask(model, task);
    FAIL() << "a line the elbow cannot follow was planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "across_the_base.yaml");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "points[1]");
    const std::string what = e.what();
    // Where: the arc length and the position along the line.
    EXPECT_NE(what.find("s = "), std::string::npos) << what;
    EXPECT_NE(what.find("position ("), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace armdyn

#ifdef ARMDYN_HAVE_KDL
#include "support/kdl_support.h"

#include <kdl/path_roundedcomposite.hpp>
#include <kdl/rotational_interpolation_sa.hpp>
#include <kdl/trajectory_segment.hpp>
#include <kdl/velocityprofile_trap.hpp>

namespace armdyn {
namespace {

// Orocos KDL as an independent peer: its Path_RoundedComposite through the same corners with
// the same radius, and a trapezoidal profile at the same speed and acceleration, give the same
// path length, the same duration (no arc or joint limit binds at 0.07 m/s: sqrt(a r) = 0.17 m/s)
// and the same tool positions at the same times.
TEST(CartesianTrajectory, RoundedSquareAgreesWithKdl) {
  TaskSpec task = pumaSquare().task;
  task.speed = 0.07;
  const Model model(pumaSquare().robot);
  const TaskPlan plan = planTask(model, task);
  ASSERT_TRUE(plan.notes.empty());
  auto* path = new KDL::Path_RoundedComposite(0.03, 0.1, new KDL::RotationalInterpolation_SingleAxis());
  for (const TaskPoint& p : task.points) {
    path->Add(test::kdl::frame(poseFromXyzRpy(p.position, p.rpy)));
  }
  path->Finish();
  auto* profile = new KDL::VelocityProfile_Trap(task.speed, task.pathAcceleration);
  profile->SetProfile(0, path->PathLength());
  KDL::Trajectory_Segment kdl(path, profile);
  EXPECT_NEAR(plan.pathLength, path->PathLength(), 1e-12);
  EXPECT_NEAR(plan.duration(), kdl.Duration(), 1e-9);
  const auto& traj = dynamic_cast<const CartesianTrajectory&>(*plan.trajectory);
  double worst = 0.0;
  for (double t = 0.0; t <= plan.duration(); t += 0.01) {
    double s, sd, sdd;
    traj.profile().evaluate(t, s, sd, sdd);
    PathSample x;
    traj.path().evaluate(s, x);
    const KDL::Frame f = kdl.Pos(t);
    worst = std::max(worst, (x.p - Eigen::Vector3d(f.p.x(), f.p.y(), f.p.z())).norm());
  }
  EXPECT_LT(worst, 1e-9);
}

}  // namespace
}  // namespace armdyn
#endif
