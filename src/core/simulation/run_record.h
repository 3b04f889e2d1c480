#pragma once
// One result record for every run (prescribed motion or forward simulation): sampled channels
// with names and units, the summary, the plan it followed and a single status. The CLI, every
// report and every Studio view read this; one CSV writer (analysis/simulation_csv.h) writes it.
//
// Channels (rows = samples, columns = joints; SI units):
//   q, qd, qdd      joint position, velocity, acceleration (rad or m, /s, /s^2)
//   force           joint force/torque the actuators deliver (N m or N): inverse dynamics of the
//                   prescribed motion (with drive inertia and friction when the robot has drives),
//                   or the drive torque of a forward simulation (N kt i, or the torque input)
//   toolPose        x, y, z (m), roll, pitch, yaw (rad) of the tool frame (eq 3.1-3.2)
//   forward simulation only (empty otherwise):
//   setpoint, error q_d and q_d - q; input (controller output: V, A or N m); voltage (V, NaN
//   without a voltage drive), current (A), motorTorque (N m at the joint); motorAngle: the
//   gear-output angle qm (rad or m) when the robot has elastic drives (empty otherwise)
// Prescribed motion: qdd is the plan's; forward simulation: three-point differences of qd
// (simulation/sample_derivative.h).

#include "dynamics/inverse_dynamics.h"
#include "model/run_mode.h"
#include "simulation/forward_simulation.h"
#include "trajectory/task_plan.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {


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

// How a forward simulation went (control/control_run.h fills it).
struct ForwardStatus {
  DriveInput input = DriveInput::Torque;
  double finalTime = 0.0;     // s, where the run ended (its duration, or where it stopped)
  double planDuration = 0.0;  // s, the plan it followed (0 without a task)
  Eigen::VectorXd peakError, peakVoltage, peakCurrent;
  std::vector<std::string> warnings;
  double inputWork = 0.0, constraintWork = 0.0, dissipated = 0.0;  // J
};

struct RunRecord {
  RunMode mode = RunMode::PrescribedMotion;
  std::vector<double> t;          // sample times, s (t[0] = 0)
  Eigen::MatrixXd q, qd, qdd, force, toolPose;
  Eigen::MatrixXd setpoint, error, input, voltage, current, motorTorque;  // forward simulation only
  Eigen::MatrixXd motorAngle;     // forward simulation with elastic drives only
  TaskSummary summary;
  TaskPlan plan;                  // the plan the run followed
  DynamicsMethod method = DynamicsMethod::Lagrange;  // how `force` was computed (prescribed)
  bool includesDrives = false;    // force holds drive inertia and friction too
  double dt = 0.0;                // sample period, s
  // The single status: a run that diverged or was stopped keeps its samples up to `stopTime`.
  bool diverged = false;
  bool stopped = false;
  std::string message;            // why it diverged or stopped, "" otherwise
  ForwardStatus forward;          // forward simulation only

  int samples() const { return static_cast<int>(t.size()); }
  int dof() const { return static_cast<int>(q.cols()); }
};

}  // namespace armdyn
