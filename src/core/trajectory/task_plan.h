#pragma once
// The plan step: model + task -> plan. Solves the inverse kinematics of the task's poses once
// (each solution continuous with the previous one), converts joint points from the file's
// degrees, times the motion, and builds the joint trajectory of the task's scheme:
//   joint-space schemes (joint_scheme.h) through the joint coordinates of the points;
//   Cartesian schemes (cartesian_trajectory.h) along the line / line-arc path of the poses.
// Every refusal is an InputError naming the task file, the line and the field (the point, the
// segment, the parameter), or an UnreachablePointError for a task point out of reach.
// The plan keeps no reference to the Model: a user may edit the robot while a plan is shown.

#include "model/tool_wrench_profile.h"
#include "common/input_error.h"
#include "model/model.h"
#include "model/task.h"
#include "trajectory/cartesian_path.h"
#include "trajectory/joint_trajectory.h"
#include "trajectory/time_optimal_timing.h"
#include "trajectory/uniform_time_scaling.h"

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {

// A task point the arm cannot reach (Vora 4.4). Carries the point's index (0-based) and
// coordinates; what() names the task file, the point's line and the field "points[k]" (k
// 1-based, as in the file).
class UnreachablePointError : public InputError {
 public:
  UnreachablePointError(const TaskSpec& task, int index, const std::string& reason);
  int pointIndex() const { return index_; }
  const Eigen::Vector3d& position() const { return position_; }
  const std::string& reason() const { return reason_; }

 private:
  int index_;
  Eigen::Vector3d position_;
  std::string reason_;
};

// Joint `joint`'s (0-based) task value `value` (rad or m) against its limits, to 1e-12: empty
// within, else the words, e.g. "joint 2 at 1000 deg is outside its limits [-360, 360] deg"
// (degrees for a revolute joint). The plan's check of joint points and the trajectory dialog's
// check of a typed one.
std::string jointPointLimitRefusal(const LinkSpec& link, int joint, double value);

// The task's joint points (when it has any) against the robot's joint count: empty when each
// row has one value per joint, else the words, e.g. "a row has 6 values but the robot has 3
// joints". planTask refuses such a task with them; Studio refuses to open it onto an arm.
std::string jointCountRefusal(const TaskSpec& task, int joints);

struct TaskPlan {
  TaskScheme scheme = TaskScheme::Paul;
  std::shared_ptr<const JointTrajectory> trajectory;
  Eigen::MatrixXd pointJoints;     // joint coordinates of each task point (rows), SI
  std::vector<double> pointTimes;  // run time at which each point is reached or passed nearest, s
  double tacc = 0.0;               // paul only: TACC used, s
  // Cartesian schemes only (null / 0 otherwise): the commanded path and its length. The
  // Jacobian determinant along it is the trajectory's (CartesianTrajectory::nodeJacobianDeterminant
  // at nodeArcLength).
  std::shared_ptr<const CartesianPath> path;
  double pathLength = 0.0;         // m
  // What the user should know about the plan (via points passed near, speed lowered by a joint
  // limit and where), in words.
  std::vector<std::string> notes;
  // timing: time-optimal only (null otherwise): the phase plane and the activity of the limits,
  // and the best uniform time scaling of the scheme's own timing of the same path (Hollerbach),
  // for comparison (referenceDuration: that timing before scaling, s).
  TimingMode timing = TimingMode::Scheme;
  std::shared_ptr<const TimeOptimalTiming> timeOptimal;
  UniformScaling uniform;
  double referenceDuration = 0.0;
  // The wrench the tool exerts along the plan (the task's `wrench:`, zero when none), over the
  // run's time: prescribed motion adds J^T W(t) to the joint forces of every sample
  // (simulation/task_simulation.h), a forward run loads the plant with it and gives it to a
  // model-based controller as feedforward (control/control_run.h).
  ToolWrenchProfile toolWrench;

  double duration() const { return trajectory ? trajectory->duration() : 0.0; }
  int dof() const { return trajectory ? trajectory->dof() : 0; }
};

// Paul's TACC for a task: the task's own `tacc`, else the robot's (Vora's files keep it there).
double paulTacc(const RobotSpec& robot, const TaskSpec& task);

// The task's `configuration` against the robot's family: one the family does not have is a
// mistake in the task (InputError at the configuration's line, listing the family's names); a
// family solved numerically has none, and its inverse kinematics ignores the entry. The one
// rule: planTask applies it, and so does every dialog that edits the entry.
void requireKnownConfiguration(const Model& model, const TaskSpec& task);

// `withDrives` false: a time-optimal timing limits the rigid-body torques (a run with
// rigidBodyOnly reports those), not the drives'.
TaskPlan planTask(const Model& model, const TaskSpec& task, bool withDrives = true);

}  // namespace armdyn
