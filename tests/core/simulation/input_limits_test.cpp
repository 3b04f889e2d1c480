// Dialog limits (simulation/input_limits.h): the published arms and their tasks are inside them;
// the audit's absurd values (DT = 100 s, vmax = 1e9, density 1e12) are outside; the sample
// count of planTaskTiming is the thesis's (149 samples, 3.725 s) and simulateTask's own.
#include "simulation/input_limits.h"

#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace armdyn {
namespace {

// Figure 7.4, the weld seam of Vora's verification run.
TaskSpec weldSeamTask() {
  const double pts[7][3] = {{.5, 0., -.1}, {.5, .1, -.1}, {.7, .1, -.4}, {.6, -.15, -.35},
                            {.5, -.2, -.25}, {.4, -.25, -.2}, {.5, 0., -.1}};
  TaskSpec task;
  for (const auto& p : pts) {
    TaskPoint point;
    point.position = Eigen::Vector3d(p[0], p[1], p[2]);
    task.points.push_back(point);
  }
  return task;
}

TEST(InputLimits, TimingWithoutDynamicsIsTheThesisRun) {
  // Table 7.3: 149 samples, task time 3.725 s at DT = 0.025 s.
  const TaskTiming timing = planTaskTiming(Model(test::voraRrrSpec()), weldSeamTask());
  EXPECT_EQ(timing.samples, 149.0);
  EXPECT_DOUBLE_EQ(timing.taskTime, 3.725);
  EXPECT_EQ(timing.dt, 0.025);
  // A DT no run could hold still gets its count (a double, past any int).
  SimulationOptions tiny;
  tiny.dtOverride = 1e-12;
  EXPECT_GT(planTaskTiming(Model(test::voraRrrSpec()), weldSeamTask(), tiny).samples, 3.7e12);
}

TEST(InputLimits, LibraryArmsAndTasksAreInside) {
  for (const std::string& name : test::libraryRobotNames()) {
    EXPECT_FALSE(robotBeyondLimits(test::libraryRobotSpec(name))) << name;
  }
  for (const auto& e : std::filesystem::directory_iterator(robotsDirectory())) {
    if (e.path().extension() != ".yaml") continue;
    Session s;
    try {
      s = loadSession(e.path().string());
    } catch (const InputError&) {
      continue;  // a task file alone
    }
    SCOPED_TRACE(e.path().string());
    EXPECT_FALSE(robotBeyondLimits(s.robot));
    EXPECT_FALSE(taskBeyondLimits(s.task, s.robot));
    if (s.task.points.size() < 2) continue;
    const Model model(s.robot);
    EXPECT_FALSE(samplingBeyondLimits(model, s.task));
    // planTaskTiming counts the samples simulateTask makes.
    EXPECT_EQ(planTaskTiming(model, s.task).samples, simulateTask(model, s.task).summary.samples);
  }
}

TEST(InputLimits, AbsurdRobotValuesAreNamed) {
  struct Case {
    const char* field;
    void (*edit)(RobotSpec&);
  };
  const Case cases[] = {
      {"links[2].bar.density", [](RobotSpec& r) { r.links[1].bar.density = 1e12; }},
      {"links[1].vmax", [](RobotSpec& r) { r.links[0].vMax = 1e9; }},
      {"links[3].a", [](RobotSpec& r) { r.links[2].dh.a = -150.0; }},
      {"links[2].bar.outer", [](RobotSpec& r) { r.links[1].bar.outer.x() = 101.0; }},
      {"links[1].bar.centre", [](RobotSpec& r) { r.links[0].bar.centre.z() = 1e3; }},
      {"tool", [](RobotSpec& r) { r.tool(1, 3) = 200.0; }},
  };
  for (const Case& c : cases) {
    RobotSpec r = test::voraRrrSpec();
    c.edit(r);
    validate(r);  // positive and finite: armdyn::validate accepts every one of them
    const std::optional<LimitViolation> v = robotBeyondLimits(r);
    ASSERT_TRUE(v) << c.field;
    EXPECT_EQ(v->field, c.field);
    EXPECT_EQ(v->kind, LimitViolation::Kind::Value);
    EXPECT_FALSE(v->message.empty());
  }
  // At the limits themselves: 10000 deg/s, 25000 kg/m^3, 100 m are accepted.
  RobotSpec r = test::voraRrrSpec();
  r.links[0].vMax = degToRad(1e4);
  r.links[1].bar.density = 25000.0;
  r.links[2].dh.a = 100.0;
  EXPECT_FALSE(robotBeyondLimits(r));
  // A revolute joint's refusal is worded in deg/s, as its file and dialog give it.
  r.links[0].vMax = degToRad(2e4);
  ASSERT_TRUE(robotBeyondLimits(r));
  EXPECT_EQ(robotBeyondLimits(r)->message, "20000 deg/s is faster than any robot joint (at most 10000 deg/s)");
  r.links[0].vMax = degToRad(1e4);
  // A prismatic joint's limit is in m/s (the Cartesian arm's first joint).
  RobotSpec cartesian = test::libraryRobotSpec("cartesian_ppprrr");
  cartesian.links[0].vMax = 150.0;
  ASSERT_TRUE(robotBeyondLimits(cartesian));
  EXPECT_EQ(robotBeyondLimits(cartesian)->field, "links[1].vmax");
}

// A task point typed as 1e300 m (finite: the readers accept it) is past the limits, named by
// field; so is a joint value of 1e6 deg; 100 m and 100 turns themselves are accepted.
TEST(InputLimits, TaskPointsAndJointValues) {
  Session s;
  s.robot = test::voraRrrSpec();
  s.task = loadTask(test::sourcePath("robots/vora_rrr_weld_seam.yaml"));
  ASSERT_GE(s.task.points.size(), 3u);
  s.task.points[2].position.y() = 1e300;
  std::optional<LimitViolation> v = taskBeyondLimits(s.task, s.robot);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->field, "points[3].xyz");
  EXPECT_NE(v->message.find("1e+300 m"), std::string::npos) << v->message;
  s.task.points[2].position.y() = -100.0;
  EXPECT_FALSE(taskBeyondLimits(s.task, s.robot));
  s.task.points[0].radius = 150.0;
  ASSERT_TRUE(taskBeyondLimits(s.task, s.robot));
  EXPECT_EQ(taskBeyondLimits(s.task, s.robot)->field, "points[1].radius");

  const RobotSpec stanford = test::libraryRobotSpec("stanford_rrprrr");
  TaskSpec joints;
  joints.jointPoints = Eigen::MatrixXd::Zero(2, 6);
  joints.jointPoints(1, 0) = 36000.0;  // degrees as written: 100 turns, accepted
  joints.jointPoints(1, 2) = 100.0;         // the prismatic joint 3: 100 m accepted
  EXPECT_FALSE(taskBeyondLimits(joints, stanford));
  joints.jointPoints(1, 0) = 1e6;
  ASSERT_TRUE(taskBeyondLimits(joints, stanford));
  EXPECT_EQ(taskBeyondLimits(joints, stanford)->field, "joint_points[2]");
  joints.jointPoints(1, 0) = 0.0;
  joints.jointPoints(1, 2) = 101.0;
  ASSERT_TRUE(taskBeyondLimits(joints, stanford));
  EXPECT_NE(taskBeyondLimits(joints, stanford)->message.find("101 m"), std::string::npos);
}

TEST(InputLimits, DtAgainstTheTask) {
  RobotSpec r = test::voraRrrSpec();
  const double plan = planTaskTiming(Model(r), weldSeamTask()).planDuration;
  ASSERT_GT(plan, 3.7);  // 3.7230 s (table 7.3 rounds it up to 3.725 s)
  r.dt = 100.0;  // the audit's value: one sample
  std::optional<LimitViolation> v = samplingBeyondLimits(Model(r), weldSeamTask());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->field, "dt");
  EXPECT_EQ(v->kind, LimitViolation::Kind::DtAboveMotion);
  EXPECT_NE(v->message.find("longer"), std::string::npos) << v->message;
  // ceil(3.723 / 1e-5) = 372300 samples > 200000; 2e-5 s gives 186150.
  r.dt = 1e-5;
  v = samplingBeyondLimits(Model(r), weldSeamTask());
  ASSERT_TRUE(v);
  EXPECT_EQ(v->kind, LimitViolation::Kind::TooManySamples);
  EXPECT_NE(v->message.find("3.72e+05"), std::string::npos) << v->message;
  r.dt = 2e-5;
  EXPECT_FALSE(samplingBeyondLimits(Model(r), weldSeamTask()));
  r.dt = plan;  // one step covers the motion exactly: still a run
  EXPECT_FALSE(samplingBeyondLimits(Model(r), weldSeamTask()));
  // A task that cannot be planned is left to the run's own message.
  TaskSpec unreachable = weldSeamTask();
  unreachable.points[2].position.x() = 3.0;
  r.dt = 100.0;
  EXPECT_FALSE(samplingBeyondLimits(Model(r), unreachable));
}

}  // namespace
}  // namespace armdyn
