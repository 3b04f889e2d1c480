#pragma once
// Vora's SIMULATE (section 5.3, step 9 of fig 5.2): solve the inverse kinematics of every task
// point, plan Paul's joint-space trajectory with quartic transitions (chapter 4), sample it
// every DT, and compute each joint's force/torque by inverse dynamics.

#include "dynamics/inverse_dynamics.h"
#include "io/input_error.h"
#include "model/model.h"
#include "model/task.h"
#include "trajectory/paul_trajectory.h"

#include <Eigen/Core>
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

struct SimulationOptions {
  DynamicsMethod method = DynamicsMethod::Lagrange;  // Vora's method by default
  double dtOverride = 0.0;    // > 0 replaces the robot's DT
  double taccOverride = 0.0;  // > 0 replaces the robot's TACC
  // Robots with drives: force includes reflected rotor inertia and friction (what the drive must
  // deliver, actuation/drive_dynamics.h) unless rigidBodyOnly is set.
  bool rigidBodyOnly = false;
};

// Table 7.3.
struct TaskSummary {
  double taskTime = 0.0;          // s
  int samples = 0;
  Eigen::VectorXd peakForce;      // signed value of largest magnitude per joint, N m or N
  Eigen::VectorXd peakForceTime;  // s, when each peak occurs
  Eigen::VectorXd qMin, qMax;     // extreme positions, rad or m
  Eigen::VectorXd qdPeak;         // largest |qd| per joint
  Eigen::VectorXd qddPeak;        // largest |qdd| per joint
};

// The run lasts a whole number of DT steps, the first that covers the plan:
// taskTime = ceil(plan duration / DT) * DT; sample k is the state at t = k DT, k < taskTime/DT
// (Vora's weld seam: plan 3.7230 s -> 149 samples, task time 3.725 s as printed).
struct TaskSimulation {
  std::vector<double> t;          // sample times, s (t[0] = 0, step DT)
  Eigen::MatrixXd q, qd, qdd;     // samples x n, SI
  Eigen::MatrixXd force;          // samples x n, N m or N
  Eigen::MatrixXd pointJoints;    // task points x n: joint coordinates of each task point
  std::vector<double> pointTimes; // time at which the plan is nearest each task point, s
  TaskSummary summary;
  DynamicsMethod method = DynamicsMethod::Lagrange;  // how `force` was computed
  bool includesDrives = false;    // force holds drive inertia and friction too
  double dt = 0.0;                // DT used, s
  double tacc = 0.0;              // TACC used, s
  double planDuration = 0.0;      // end of the joint-space plan (<= taskTime), s
  std::vector<TrajectorySegment> segments;  // the plan's segments in run time
};

// The timing simulateTask's run would have, without its dynamics: the inverse kinematics of
// the points and the plan's segment times (eq 4.9) only, so cheap enough to check a value as it
// is typed. samples = ceil(planDuration / DT), taskTime = samples DT (as simulateTask; a double,
// since a DT typed wrong can ask for more samples than an int holds).
struct TaskTiming {
  double dt = 0.0;            // s
  double tacc = 0.0;          // s
  double planDuration = 0.0;  // s
  double samples = 0.0;
  double taskTime = 0.0;      // s
};
// Throws what simulateTask throws for the task and its points; never for the sample count.
TaskTiming planTaskTiming(const Model& model, const TaskSpec& task, const SimulationOptions& options = {});

// Throws UnreachablePointError for a point out of reach; InputError for an empty task, a
// configuration the robot's family does not have, more than 5e6 samples, and a run whose
// velocities, accelerations or forces overflow (a TACC far too short).
TaskSimulation simulateTask(const Model& model, const TaskSpec& task,
                            const SimulationOptions& options = {});

}  // namespace armdyn
