#pragma once
// The sampled control loop around the forward simulation (Craig 6.12; Anderson 7.6):
//   every setpoint period: read the setpoint (Anderson: every 28 ms), hold it;
//   every controller period h: controller(q, qd, i, setpoint) -> u, held by the plant;
//   integrate with steps no longer than options.step that land on every sample time;
//   after every step: divergence check (stops the run: joint, time, quantity);
//   every record period: one row of the time histories, then progress(t) if given; false stops
//   the run cleanly (summary.stopped, the rows so far kept).
// Histories are preallocated for the whole run; the loop itself does not allocate.

#include "control/controller.h"
#include "model/model.h"
#include "simulation/forward_simulation.h"
#include "trajectory/joint_trajectory.h"

#include <Eigen/Core>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {

struct ClosedLoopSetup {
  ForwardOptions plant;
  Eigen::VectorXd q0, qd0;       // initial state (empty: home, zeros)
  Eigen::VectorXd current0;      // initial motor currents, A (empty: zeros)
  // Elastic drives start with their springs wound to hold q0 against gravity and the tool
  // wrench at t = 0 (ForwardSimulator::settleSprings); false: relaxed (qm = q0).
  bool settleSprings = true;
  // Tool wrench at time t (model/tool_wrench.h), read at every controller sample and held;
  // empty: plant.toolWrench throughout.
  std::function<void(double t, ToolWrench& wrench)> toolWrench;
  // Elastic drives: the controller reads the gear-output angle and velocity (qm, qm': the
  // encoder sits on the motor, as on industrial arms) and each elastic joint's setpoint is
  // raised by its spring's static twist, (G(q_d) + J^T W)_i / k_i (its velocity setpoint by the
  // twist's rate, a difference between samples), so that the link settles on q_d; what the
  // springs do under motion (deflection by the inertial loads) stays uncorrected.
  // false: the controller reads the link side (q, qd) and the setpoint as planned.
  bool motorSideFeedback = true;
  // The plant's own model when it differs from the one the controller and the setpoint
  // compensation know (a payload that varies from run to run, model errors): same joints.
  // Null: `model` for both.
  const Model* plantModel = nullptr;
  // Measurement model, applied to what the controller reads at each sample (q, qd as measured
  // in place, rad and rad/s): encoder quantisation, sensor noise (analysis/iso9283_bench.h).
  // Must not allocate. Empty: exact measurements.
  std::function<void(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd)> measurement;
  double duration = 1.0;         // s
  double setpointPeriod = 0.0;   // s; 0 = read at every controller sample
  double recordPeriod = 0.0;     // s; 0 = every controller sample (or step when h = 0)
  bool recordConstraintForces = false;  // costs one model evaluation per record
  // Called after each recorded row with its time (s); returning false stops the run there
  // (RunSummary::stopped, not diverged). Empty: run to the end.
  std::function<bool(double t)> progress;
};

// Rows = records, columns = joints; SI units.
struct RunHistory {
  std::vector<double> t;       // s
  Eigen::MatrixXd q, qd;       // measured state
  Eigen::MatrixXd setpoint;    // q_d
  Eigen::MatrixXd error;       // q_d - q
  Eigen::MatrixXd input;       // controller output u (V, A or N m)
  Eigen::MatrixXd voltage;     // applied motor voltage, V (NaN without a voltage drive)
  Eigen::MatrixXd current;     // A (zeros for a torque drive)
  Eigen::MatrixXd motorTorque; // drive torque at the joint: N kt i, or u for a torque drive
  Eigen::MatrixXd constraint;  // constraint force lambda (only with recordConstraintForces)
  Eigen::MatrixXd motorAngle;  // gear-output angle qm, rad (m); only for a plant with elastic drives
};

struct RunSummary {
  double finalTime = 0.0;        // s (where the run stopped)
  Eigen::VectorXd peakError;     // max |q_d - q| per joint
  Eigen::VectorXd peakVoltage;   // max |u| applied per joint, V (0 without a voltage drive)
  Eigen::VectorXd peakCurrent;   // max |i| per joint, A
  bool diverged = false;
  bool stopped = false;          // progress() asked to stop at finalTime
  std::string message;           // divergence or stop message, "" when none
  std::vector<std::string> warnings;
  double inputWork = 0.0, constraintWork = 0.0, dissipated = 0.0;  // J
};

struct RunResult {
  RunHistory history;
  RunSummary summary;
};

// Runs `controller` on the plant for setup.duration. An empty setpoint function holds q0.
// Throws what ForwardSimulator's constructor throws (bad options, unstable RK4 step).
RunResult simulateClosedLoop(const Model& model, const ClosedLoopSetup& setup, Controller& controller,
                             const SetpointFunction& setpoint = SetpointFunction());

// Setpoint sources.
SetpointFunction holdSetpoint(const Eigen::VectorXd& q);
// q_d jumps from `from` to `to` at time `at` (velocity and acceleration references zero).
SetpointFunction stepSetpoint(const Eigen::VectorXd& from, const Eigen::VectorXd& to, double at);
// Any trajectory of the catalogue (held at its end after its duration).
SetpointFunction trajectorySetpoint(std::shared_ptr<const JointTrajectory> trajectory);

}  // namespace armdyn
