// The plan step (trajectory/task_plan.h): Paul's scheme through planTask gives the same plan
// as PaulTrajectory on the inverse kinematics of the points (tables 7.3-7.5 depend on it);
// joint points are converted from degrees; the task's TACC wins over the robot's; refusals name
// the file, the line and the field.
#include "trajectory/task_plan.h"

#include "io/robot_file.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "support/test_support.h"
#include "trajectory/paul_trajectory.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

TEST(TaskPlan, PaulSchemeIsPaulTrajectoryOnTheSolvedPoints) {
  const Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  const Model model(s.robot);
  const TaskPlan plan = planTask(model, s.task);
  ASSERT_EQ(plan.scheme, TaskScheme::Paul);
  // Independent path: closed-form IK of each point in elbow-up, then PaulTrajectory.
  Eigen::MatrixXd points(s.task.points.size(), 3);
  for (std::size_t k = 0; k < s.task.points.size(); ++k) {
    const IkResult r = solveInverseKinematics(
        model, poseFromXyzRpy(s.task.points[k].position, s.task.points[k].rpy), "elbow_up");
    ASSERT_TRUE(r.ok);
    points.row(k) = r.q.transpose();
  }
  Eigen::VectorXd vmax(3);
  for (int j = 0; j < 3; ++j) vmax(j) = s.robot.links[j].vMax;
  const PaulTrajectory direct(points, vmax, s.robot.tacc);
  EXPECT_LT((plan.pointJoints - points).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(plan.duration(), direct.duration());
  Eigen::VectorXd q(3), qd(3), qdd(3), q2(3), qd2(3), qdd2(3);
  for (double t = 0.0; t < direct.duration(); t += 0.01) {
    plan.trajectory->evaluate(t, q, qd, qdd);
    direct.evaluate(t, q2, qd2, qdd2);
    EXPECT_EQ(q, q2);
    EXPECT_EQ(qd, qd2);
    EXPECT_EQ(qdd, qdd2);
  }
  EXPECT_EQ(plan.tacc, s.robot.tacc);
}

TEST(TaskPlan, TaskTaccWinsOverTheRobots) {
  const Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  TaskSpec task = s.task;
  EXPECT_EQ(paulTacc(s.robot, task), s.robot.tacc);
  task.tacc = 0.2;
  EXPECT_EQ(paulTacc(s.robot, task), 0.2);
  EXPECT_EQ(planTask(Model(s.robot), task).tacc, 0.2);
}

TEST(TaskPlan, JointPointsAreReadInDegreesAndReachedAtTheirKnots) {
  const Session s = loadSession(test::sourcePath("robots/craig_one_joint.yaml"));
  const TaskPlan plan = planTask(Model(s.robot), s.task);
  EXPECT_EQ(plan.scheme, TaskScheme::Cubic);
  EXPECT_NEAR(plan.pointJoints(0, 0), 15.0 * M_PI / 180.0, 1e-15);
  EXPECT_NEAR(plan.pointJoints(1, 0), 75.0 * M_PI / 180.0, 1e-15);
  ASSERT_EQ(plan.pointTimes.size(), 2u);
  EXPECT_EQ(plan.pointTimes[0], 0.0);
  EXPECT_NEAR(plan.pointTimes[1], 3.0, 1e-12);
}

TaskSpec withFile(TaskSpec t) {
  t.sourceFile = "task.yaml";
  return t;
}

TEST(TaskPlan, LspbAccelerationBelowTheMinimumNamesSegmentAndMinimum) {
  const Session s = loadSession(test::sourcePath("robots/craig_one_joint.yaml"));
  TaskSpec t = withFile(loadTask(test::sourcePath("robots/craig_example_7_4.yaml")));
  t.acceleration = {5.0};  // deg/s^2, far below what 25 deg in 2 s needs
  t.lines["acceleration"] = 12;
  try {
    planTask(Model(s.robot), t);
    FAIL() << "accepted an LSPB acceleration below the minimum";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 12);
    EXPECT_EQ(e.field(), "acceleration");
    EXPECT_NE(std::string(e.what()).find("segment 1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("deg/s^2"), std::string::npos) << e.what();
  }
}

// LSPB with durations on an arm without amax (Vora's RRR, Studio's start-up arm; issue 22: it was
// refused, "give acceleration"): a default blend acceleration, 4 x the least a rest-to-rest
// segment needs (Craig eq 7.18: 4 |dq| / T^2), named in the notes; the plan passes every point's
// neighbourhood and rests at both ends.
TEST(TaskPlan, LspbWithoutAccelerationOrAmaxTakesADefaultAndSaysSo) {
  const Model model(loadRobot(test::sourcePath("robots/vora_rrr.yaml")));
  TaskSpec t;
  t.scheme = TaskScheme::Lspb;
  t.jointPoints.resize(3, 3);
  t.jointPoints << 0, 30, -90, 40, 50, -60, 10, 20, -100;
  t.durations = {1.5, 1.5};
  const TaskPlan p = planTask(model, t);
  std::string note;
  for (const std::string& n : p.notes)
    if (n.find("acceleration not given") != std::string::npos) note = n;
  ASSERT_FALSE(note.empty());
  // Joint 1: 40 deg in 1.5 s -> 4 x 4 x 40 / 1.5^2 = 284.4 deg/s^2.
  EXPECT_NE(note.find("284.4"), std::string::npos) << note;
  Eigen::VectorXd q(3), qd(3), qdd(3);
  p.trajectory->evaluate(0.0, q, qd, qdd);
  EXPECT_LT(qd.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((q - p.pointJoints.row(0).transpose()).cwiseAbs().maxCoeff(), 1e-12);
  p.trajectory->evaluate(3.0, q, qd, qdd);
  EXPECT_LT(qd.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((q - p.pointJoints.row(2).transpose()).cwiseAbs().maxCoeff(), 1e-12);
  // One duration for two segments (a field half typed in Studio): refused, not read past its end.
  t.durations = {1.5};
  EXPECT_THROW(planTask(model, t), std::exception);
}

TEST(TaskPlan, CartesianSchemesNeedSpeedAndPoses) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  TaskSpec t = withFile(loadTask(test::sourcePath("robots/puma560_lines.yaml")));
  t.speed = 0.0;
  EXPECT_THROW(planTask(Model(s.robot), t), InputError);
  t = withFile(loadTask(test::sourcePath("robots/puma560_lines.yaml")));
  t.durations = {1.0, 1.0};
  EXPECT_THROW(planTask(Model(s.robot), t), InputError);
}

TEST(TaskPlan, RadiusTooLargeNamesThePointAndTheLargestThatFits) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  TaskSpec t = withFile(loadTask(test::sourcePath("robots/puma560_square_line_arc.yaml")));
  t.points[2].radius = 0.5;
  t.points[2].sourceLine = 17;
  try {
    planTask(Model(s.robot), t);
    FAIL() << "accepted a radius larger than its segments";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "task.yaml");
    EXPECT_EQ(e.line(), 17);
    EXPECT_EQ(e.field(), "points[3].radius");
    EXPECT_NE(std::string(e.what()).find("largest"), std::string::npos) << e.what();
  }
}

TEST(TaskPlan, ZeroLengthSegmentIsRefused) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  TaskSpec t = withFile(loadTask(test::sourcePath("robots/puma560_lines.yaml")));
  t.points[1].position = t.points[0].position;
  t.points[1].rpy = t.points[0].rpy;
  EXPECT_THROW(planTask(Model(s.robot), t), InputError);
}

TEST(TaskPlan, CartesianPathThatWouldChangeConfigurationIsRefused) {
  // Craig 7.5, problem 3: a point in front of the PUMA's shoulder and one behind it are both
  // reachable, but not in one configuration: the line between them is refused at the second
  // point, naming the configurations.
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  TaskSpec t = withFile(loadTask(test::sourcePath("robots/puma560_lines.yaml")));
  t.points.resize(2);
  t.points[0].position = Eigen::Vector3d(0.4, 0.05, -0.2);
  t.points[1] = t.points[0];
  t.points[1].position = Eigen::Vector3d(-0.4, 0.05, -0.2);
  t.points[1].sourceLine = 21;
  try {
    planTask(Model(s.robot), t);
    FAIL() << "a line from front to back was planned";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 21);
    EXPECT_EQ(e.field(), "points[2]");
    const std::string what = e.what();
    EXPECT_NE(what.find("front"), std::string::npos) << what;
    EXPECT_NE(what.find("back"), std::string::npos) << what;
    EXPECT_NE(what.find("cannot change configuration"), std::string::npos) << what;
  }
}

TEST(TaskPlan, CartesianEndPointOutOfReachIsNamedAsItself) {
  // A line whose end lies beyond the RRR's 1 m reach: the end point is named (Vora 4.4), not the
  // place where walking the path would give up.
  const Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  TaskSpec t;
  t.sourceFile = "far.yaml";
  t.scheme = TaskScheme::Line;
  t.speed = 0.1;
  t.pathAcceleration = 1.0;
  TaskPoint a, b;
  a.position = Eigen::Vector3d(0.5, 0.0, -0.1);
  a.sourceLine = 6;
  b.position = Eigen::Vector3d(1.0, 0.3, -0.1);
  b.sourceLine = 7;
  t.points = {a, b};
  try {
    planTask(Model(s.robot), t);
    FAIL() << "an end point out of reach was accepted";
  } catch (const UnreachablePointError& e) {
    EXPECT_EQ(e.pointIndex(), 1);
    EXPECT_EQ(e.line(), 7);
    EXPECT_NE(std::string(e.what()).find("reach"), std::string::npos) << e.what();
  }
}

TEST(TaskPlan, NotesSayDurationsTooShortUnusedKeysAndChosenDurations) {
  const Session s = loadSession(test::sourcePath("robots/craig_one_joint.yaml"));
  const Model model(s.robot);
  auto has = [](const TaskPlan& p, const std::string& words) {
    for (const std::string& n : p.notes)
      if (n.find(words) != std::string::npos) return true;
    return false;
  };
  // 0 -> 150 deg in 0.5 s: peak 1.5 x 300 = 450 deg/s against vmax 60 deg/s (7.5x).
  TaskSpec t = loadTask(test::sourcePath("robots/craig_example_7_1.yaml"));
  t.jointPoints << 0, 150;
  t.durations = {0.5};
  TaskPlan p = planTask(model, t);
  EXPECT_TRUE(has(p, "joint 1 exceeds its vmax 60 deg/s 7.5x")) << (p.notes.empty() ? "" : p.notes.back());
  EXPECT_TRUE(has(p, "joint 1 exceeds its amax"));
  // Keys the cubic does not use are named (4 s: peaks 56.25 deg/s and 56.25 deg/s^2, within).
  t.durations = {4.0};
  t.acceleration = {50.0};
  t.speed = 0.2;
  t.tacc = 0.3;
  p = planTask(model, t);
  EXPECT_TRUE(has(p, "acceleration applies to lspb only"));
  EXPECT_TRUE(has(p, "speed and path_acceleration apply to line and line-arc only"));
  EXPECT_TRUE(has(p, "tacc applies to paul only"));
  EXPECT_FALSE(has(p, "exceeds"));
  // Durations from the limits are listed.
  TaskSpec u = loadTask(test::sourcePath("robots/craig_example_7_1.yaml"));
  u.durations.clear();
  p = planTask(model, u);
  EXPECT_TRUE(has(p, "segment durations from the joint limits: "));
}

}  // namespace
}  // namespace armdyn
