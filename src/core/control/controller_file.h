#pragma once
// Controller files (YAML, docs/control.md): which controller drives a forward simulation, its
// gains and sample time, the drive input, limits, setpoint source, joint constraint modes and
// integrator. Angles in degrees at the file edge for setpoints, initial state and constant
// accelerations (metres for prismatic joints); gains, times, voltages and currents in SI
// (gains per radian: Kg in V/rad for a voltage drive). Every error is an InputError naming the
// file, the line and the field.

#include "control/discrete_pid.h"
#include "common/field_source.h"
#include "model/model.h"
#include "simulation/forward_simulation.h"
#include "simulation/input_profile.h"

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

// Pva: Stepniewski's position/velocity/acceleration feedback (control/pva_controller.h).
enum class ControllerType { Pid, ComputedTorque, OpenLoop, Pva };
const char* controllerTypeName(ControllerType type);  // "pid", "computed_torque", "open_loop", "pva"

enum class SetpointSource { Default, Task, Hold, Step };

struct ControllerConfig {
  ControllerType type = ControllerType::Pid;
  std::optional<DriveInput> input;       // default: voltage when every joint has a motor
  double sampleTime = 0.0;               // s; 0 = the type's default (pid 28/30 ms, ct and pva 1 ms)
  std::optional<double> setpointPeriod;  // s; default 28 ms for pid, 0 (every sample) otherwise
  IntegratorKind integrator = IntegratorKind::RungeKutta4;
  double step = 0.0;                     // s; 0 = min(1 ms, sample time)
  int stepLine = 0;                      // line of `step` in the file (0 = not given)
  int sampleTimeLine = 0;                // line of `sample_time` in the file (0 = not given)
  double tolerance = 1e-8;               // relative tolerance of Dormand-Prince
  double frictionVelocityScale = kDefaultFrictionVelocityScale;
  bool rigidBody = false;                // drives ignored (torque input only)
  double recordPeriod = 0.0;             // s; 0 = every controller sample

  // pid
  std::vector<PidGains> gains;           // one per joint
  Eigen::VectorXd outputLimit;           // per joint (0 = none); empty = the drives' limits (pid and pva)
  bool bumpless = true;                  // start from the input that holds q0 against gravity (pid and pva)

  // pva: per joint, in the input's unit U: U/rad per sample, U/(rad/s), U/(rad/s^2). All three
  // empty = the defaults (controller_settings.h suggestedPvaGains); a file that gives some of
  // them has the others zero.
  Eigen::VectorXd kPhi, kOmega, kEps;

  // computed_torque
  Eigen::VectorXd kp, kd;                // 1/s^2, 1/s per joint
  double currentGain = 0.0;              // V/A, voltage output only

  // open_loop
  std::optional<InputProfile> profile;

  SetpointSource setpoint = SetpointSource::Default;  // Default: task when there is one, else hold
  Eigen::VectorXd stepTarget;            // rad (m), SetpointSource::Step
  double stepTime = 0.0;                 // s
  std::vector<JointConstraint> constraints;  // empty = all free
  Eigen::VectorXd q0, qd0;               // initial state, rad (m); empty = default
  std::string sourceFile;
};

// `model` gives the joint count and types (degrees for revolute joints). A profile CSV named in
// the file is read relative to the file's directory.
ControllerConfig parseControllerYaml(const std::string& text, const std::string& fileName, const Model& model);
// The same from a mapping already parsed (a session's `run: controller:`): fields and lines as
// the surrounding file has them.
ControllerConfig readControllerMapping(io_detail::FieldSource& src, const io_detail::Value& mapping, const Model& model);
ControllerConfig loadControllerFile(const std::string& path, const Model& model);

}  // namespace armdyn
