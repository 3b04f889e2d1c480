#include "trajectory/recorded_point.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {
namespace {

void checkJoints(const Model& model, const Eigen::VectorXd& q) {
  if (q.size() != model.dof()) {
    throw std::invalid_argument("the pose has " + std::to_string(q.size()) + " joint values for an arm of " +
                                std::to_string(model.dof()) + " joints");
  }
}

bool jointSpace(const TaskSpec& task) { return task.jointPoints.rows() > 0; }

}  // namespace

TaskPoint taskPointAt(const Model& model, const Eigen::VectorXd& q) {
  checkJoints(model, q);
  const Vector6d pose = xyzRpyFromPose(toolPose(model, q));
  TaskPoint p;
  p.position = pose.head<3>();
  p.rpy = pose.tail<3>();
  return p;
}

Eigen::RowVectorXd jointPointAt(const Model& model, const Eigen::VectorXd& q) {
  checkJoints(model, q);
  Eigen::RowVectorXd row(q.size());
  for (int i = 0; i < q.size(); ++i) row(i) = model.isRevolute(i) ? q(i) * 180.0 / M_PI : q(i);
  return row;
}

TaskSpec taskWithInsertedPose(const TaskSpec& task, const Model& model, const Eigen::VectorXd& q, int after) {
  TaskSpec t = task;
  const int n = t.pointCount();
  const int at = std::clamp(after + 1, 0, n);  // index of the new point
  if (jointSpace(t)) {
    if (t.jointPoints.cols() != model.dof()) {
      throw std::invalid_argument("the task's joint points have " + std::to_string(t.jointPoints.cols()) +
                                  " values for an arm of " + std::to_string(model.dof()) + " joints");
    }
    const Eigen::RowVectorXd row = jointPointAt(model, q);
    Eigen::MatrixXd m(n + 1, t.jointPoints.cols());
    m.topRows(at) = t.jointPoints.topRows(at);
    m.row(at) = row;
    m.bottomRows(n - at) = t.jointPoints.bottomRows(n - at);
    t.jointPoints = m;
    if (static_cast<int>(t.jointPointLines.size()) == n) t.jointPointLines.insert(t.jointPointLines.begin() + at, 0);
  } else {
    t.points.insert(t.points.begin() + at, taskPointAt(model, q));
  }
  if (!t.durations.empty()) {
    // The segment that ended or started at the neighbouring point is now two: both keep its time.
    const int k = std::clamp(at - 1, 0, static_cast<int>(t.durations.size()) - 1);
    t.durations.insert(t.durations.begin() + k, t.durations[static_cast<std::size_t>(k)]);
  }
  return t;
}

TaskSpec taskWithReplacedPose(const TaskSpec& task, const Model& model, const Eigen::VectorXd& q, int index) {
  const int n = task.pointCount();
  if (index < 0 || index >= n) {
    throw std::invalid_argument("point " + std::to_string(index + 1) + " is not in the task (" + std::to_string(n) +
                                " points)");
  }
  TaskSpec t = task;
  if (jointSpace(t)) {
    if (t.jointPoints.cols() != model.dof()) {
      throw std::invalid_argument("the task's joint points have " + std::to_string(t.jointPoints.cols()) +
                                  " values for an arm of " + std::to_string(model.dof()) + " joints");
    }
    t.jointPoints.row(index) = jointPointAt(model, q);
    if (index < static_cast<int>(t.jointPointLines.size())) t.jointPointLines[static_cast<std::size_t>(index)] = 0;
  } else {
    TaskPoint p = taskPointAt(model, q);
    p.radius = t.points[static_cast<std::size_t>(index)].radius;  // the blend radius belongs to the point's place
    t.points[static_cast<std::size_t>(index)] = p;
  }
  return t;
}

}  // namespace armdyn
