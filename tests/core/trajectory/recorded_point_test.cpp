// Teach mode's recorded pose: the point is the forward kinematics of the joints, inserted or
// replacing exactly one point of the task.
#include "trajectory/recorded_point.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

TaskSpec poseTask() {
  TaskSpec t;
  for (double x : {0.1, 0.2, 0.3}) {
    TaskPoint p;
    p.position = Eigen::Vector3d(x, 0.0, 0.5);
    p.radius = x / 10.0;
    t.points.push_back(p);
  }
  t.durations = {1.0, 2.0};
  return t;
}

TEST(RecordedPoint, InsertsTheToolPoseAfterAPoint) {
  const Model model(test::voraRrrSpec());
  const Eigen::Vector3d q(0.2, -0.4, 0.9);
  const Vector6d pose = xyzRpyFromPose(toolPose(model, q));
  const TaskSpec t = taskWithInsertedPose(poseTask(), model, q, 0);
  ASSERT_EQ(t.pointCount(), 4);
  EXPECT_EQ(t.points[0].position.x(), 0.1);
  EXPECT_TRUE(t.points[1].position.isApprox(pose.head<3>(), 1e-15));
  EXPECT_TRUE(t.points[1].rpy.isApprox(pose.tail<3>(), 1e-15));
  EXPECT_EQ(t.points[2].position.x(), 0.2);
  // The segment 1-2 (1 s) is now two of 1 s each.
  EXPECT_EQ(t.durations, (std::vector<double>{1.0, 1.0, 2.0}));
  // After the last (clamped) and before the first.
  EXPECT_TRUE(taskWithInsertedPose(poseTask(), model, q, 99).points[3].position.isApprox(pose.head<3>(), 1e-15));
  EXPECT_EQ(taskWithInsertedPose(poseTask(), model, q, 99).durations, (std::vector<double>{1.0, 2.0, 2.0}));
  EXPECT_TRUE(taskWithInsertedPose(poseTask(), model, q, -1).points[0].position.isApprox(pose.head<3>(), 1e-15));
}

TEST(RecordedPoint, ReplacesOnlyThatPoint) {
  const Model model(test::voraRrrSpec());
  const Eigen::Vector3d q(0.1, 0.3, -0.5);
  const TaskSpec before = poseTask();
  const TaskSpec t = taskWithReplacedPose(before, model, q, 1);
  ASSERT_EQ(t.pointCount(), 3);
  EXPECT_EQ(t.points[0].position, before.points[0].position);
  EXPECT_EQ(t.points[2].position, before.points[2].position);
  EXPECT_TRUE(t.points[1].position.isApprox(taskPointAt(model, q).position, 1e-15));
  EXPECT_EQ(t.points[1].radius, before.points[1].radius);
  EXPECT_EQ(t.durations, before.durations);
  EXPECT_THROW(taskWithReplacedPose(before, model, q, 3), std::invalid_argument);
  EXPECT_THROW(taskWithReplacedPose(before, model, Eigen::Vector2d(0, 0), 0), std::invalid_argument);
}

TEST(RecordedPoint, JointSpaceTaskGetsJointValuesAsWritten) {
  const Model model(test::voraRrrSpec());
  TaskSpec task;
  task.jointPoints = Eigen::MatrixXd::Zero(2, 3);
  task.jointPointLines = {4, 5};
  const Eigen::Vector3d q(M_PI / 2, -M_PI / 4, 0.0);
  const TaskSpec t = taskWithInsertedPose(task, model, q, 1);
  ASSERT_EQ(t.jointPoints.rows(), 3);
  EXPECT_NEAR(t.jointPoints(2, 0), 90.0, 1e-12);
  EXPECT_NEAR(t.jointPoints(2, 1), -45.0, 1e-12);
  EXPECT_EQ(t.jointPointLines, (std::vector<int>{4, 5, 0}));
  const TaskSpec r = taskWithReplacedPose(task, model, q, 0);
  EXPECT_NEAR(r.jointPoints(0, 0), 90.0, 1e-12);
  EXPECT_EQ(r.jointPoints.row(1), task.jointPoints.row(1));
}

}  // namespace
}  // namespace armdyn
