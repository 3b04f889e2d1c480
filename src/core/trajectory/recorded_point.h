#pragma once
// Teach mode's "record the pose": the task point of the arm at joints `q`, and the task with it
// inserted or put in place of a point. A task given by tool poses gets the tool pose (forward
// kinematics, x y z and roll pitch yaw as eq 3.1-3.2); a joint-space task gets the joint values
// as task files write them (degrees for a revolute joint, metres for a prismatic one). Segment
// durations follow an insertion as the trajectory dialog's: the new segment copies its
// neighbour's duration.

#include "model/model.h"
#include "model/task.h"

#include <Eigen/Core>

namespace armdyn {

// The tool pose at `q` as a task point (position m, rpy rad).
TaskPoint taskPointAt(const Model& model, const Eigen::VectorXd& q);
// `q` as one joint-point row of a task file (deg or m).
Eigen::RowVectorXd jointPointAt(const Model& model, const Eigen::VectorXd& q);

// The task with the pose at `q` inserted after point `after` (0-based; -1 = before the first;
// clamped to the last point). Throws std::invalid_argument when q does not fit the arm.
TaskSpec taskWithInsertedPose(const TaskSpec& task, const Model& model, const Eigen::VectorXd& q, int after);
// The task with point `index` (0-based) replaced by the pose at `q`; nothing else changes.
// Throws std::invalid_argument for an index outside the task or q that does not fit the arm.
TaskSpec taskWithReplacedPose(const TaskSpec& task, const Model& model, const Eigen::VectorXd& q, int index);

}  // namespace armdyn
