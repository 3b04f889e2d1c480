#pragma once
// What armdyn Studio edits for a forward simulation and saves next to a session
// (docs/user-guide.md): a controller configuration (control/controller_file.h) plus how its
// open-loop profile is given, signals per joint or a CSV file (an InputProfile cannot tell that
// back). Per-joint vectors left empty, or sized for another robot, mean the robot's defaults:
//   PID gains: a critically damped PD per joint (suggestedPidGains) at kDefaultPidFrequency;
//   computed torque: Kp = w^2, Kd = 2 w (Craig 10.7) at kDefaultComputedTorqueFrequency;
//   PVA gains: the same PD with the critically damped integral (suggestedPvaGains) at
//   kDefaultPidFrequency, per sample of the PVA sample time (default 1 ms);
//   constraints: every joint free;
//   output limits: the drives' voltage or current limits;  profile: zero input.
// Saved as a controller file that `armdyn run --controller` reads (docs/control.md).

#include "control/controller_file.h"
#include "control/discrete_pid.h"
#include "control/pva_controller.h"
#include "model/model.h"
#include "simulation/input_profile.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

// Closed-loop natural frequencies of the defaults, rad/s. The PD has no model of gravity, so it
// needs the stiffer loop (a 50 N m change of load costs 50 / (J w^2) rad: 1.7 mrad for the PUMA's
// shoulder at 100 rad/s); both stay far below the sampling rate (w h < 0.1 at 1 ms).
constexpr double kDefaultPidFrequency = 100.0;
constexpr double kDefaultComputedTorqueFrequency = 30.0;


struct ProfileSource {
  std::vector<JointSignal> perJoint;  // one per joint; empty = zero input on every joint
  std::string csv;                   // when set: a CSV file `t,u1..un` instead of the signals
  TableInterpolation interpolation = TableInterpolation::ZeroOrderHold;
};

struct ControllerSettings {
  ControllerConfig config;  // config.profile is not used: the profile is built from `profile`
  ProfileSource profile;
};

// What the Studio starts from: the defaults above, and setpoints read at every controller sample
// (the core's PID default, Anderson's 28 ms setpoint period, turns a task's plan into a staircase
// whose steps the derivative term kicks).
ControllerSettings studioControllerDefaults();
// The controller of the ISO 9283 bench and the error-speed sweep when the session has none of its
// own (armdyn iso9283, Studio's accuracy tab): computed torque with the defaults above, a
// model-based law whose path error is then the arm's and its drives', not a PID's lag.
ControllerSettings accuracyControllerDefaults();

// Suggested PD gains in the incremental PID's terms (control/discrete_pid.h) for joint j at
// configuration q, the other joints held: with J_j = M_jj(q) + Jr_j (kg m^2, rigid body plus
// reflected rotor inertia) the critically damped error equation J e'' + 2 J w e' + J w^2 e = 0
// needs the stiffness Kp = J_j w^2 (N m/rad) and the damping 2 J_j w (N m s/rad). With g the
// joint torque per unit input, 1 (torque), N kt (current, N m/A) or N kt / R (voltage, N m/V),
//   Kg = Kp / g,   Td = (2 J_j w - B) / Kp  (not below 0),   Ti = 0,
// where B = N^2 ke kt / R is the damping a voltage-driven motor's back-EMF gives by itself
// (0 for current and torque inputs; the electrical lag L/R is neglected). Friction is left out.
// Throws std::invalid_argument for w <= 0 or q of the wrong size, ModelError for a voltage or
// current input without a motor on every joint.
std::vector<PidGains> suggestedPidGains(const Model& model, const Eigen::VectorXd& q, DriveInput input,
                                        double naturalFrequency, bool rigidBodyOnly = false);

// Suggested gains of the incremental PVA law (control/pva_controller.h) at sample period h:
// suggestedPidGains' PD (Kp = Kg, Kd = Kg Td) plus the integral Ki = 4 Kp w / 27, through
// K_phi = Ki h, K_omega = Kp h, K_eps = Kd h (PvaGains::fromPid with Ti = 27 / (4 w)). The
// PVA law integrates its input, so its error equation gains an order: with the PD's
// J w^2 and 2 J w (less the back-EMF's own damping),
//   J e''' + 2 J w e'' + J w^2 e' + Ki g e = 0,
// and Ki g = 4 J w^3 / 27 makes it J (s + w/3)^2 (s + 4w/3): the largest integral gain whose
// closed-loop poles are all real (critically damped; Routh allows up to 2 J w^3, 13.5 times
// more). The integral action is needed: the position error reaches the law only through K_phi
// (K_omega acts on the velocity error). Same exceptions as suggestedPidGains, and
// std::invalid_argument for h <= 0.
PvaGains suggestedPvaGains(const Model& model, const Eigen::VectorXd& q, DriveInput input, double naturalFrequency,
                           double samplePeriod, bool rigidBodyOnly = false);

// Sets the sample time h (s; 0 = the type's default) keeping the law the same in continuous
// time: the PVA gains are per sample (K_phi = Ki h, K_omega = Kp h, K_eps = Kd h, pva_controller.h),
// so given ones are scaled by h_new / h_old; the other types' gains do not depend on h.
void setSampleTime(ControllerConfig& config, double sampleTime);

// The controller period of a type when the file gives none: Anderson's 28/30 ms servo for the
// PID, 1 ms for computed torque, kPvaDefaultSamplePeriod for the PVA law; 0 for open loop (its
// profile is read at every plant step). effectiveSamplePeriod: config.sampleTime when > 0.
double defaultSamplePeriod(ControllerType type);
double effectiveSamplePeriod(const ControllerConfig& config);

// The plant's integration step a run takes (runController's rule): config.step when > 0, else
// the controller period capped at 1 ms.
double effectivePlantStep(const ControllerConfig& config);

// The drive input a run takes (runController's rule): config.input, else voltage when every
// joint has a motor and the drives are not ignored (rigid_body), else torque.
DriveInput effectiveInput(const ControllerConfig& config, const Model& model);

// PID and PVA output limits a run applies: config.outputLimit when given, else each drive's voltage
// (voltage input) or current (current input) limit; 0 = none.
Eigen::VectorXd effectiveOutputLimits(const ControllerConfig& config, const Model& model);

// Every per-joint vector sized for `model`, defaults where empty or sized for another robot.
ControllerSettings completeSettings(const ControllerSettings& settings, const Model& model);

// The configuration runController takes: completed, the profile built (a CSV file is read now:
// InputError naming the file, line and column).
ControllerConfig controllerConfig(const ControllerSettings& settings, const Model& model);

// Checks the values as the controller-file reader does, and what a run would refuse up front (a
// voltage or current input without motors, rigid_body with another input, a ramp that ends
// before it starts). Throws InputError("", 0, field, message) with the file's field names
// ("gains[2].ti", "sample_time", "profile[1]").
void validateControllerSettings(const ControllerSettings& settings, const Model& model);

// Controller file text of the completed settings (angles in degrees, SI otherwise; every number
// the shortest text that reads back to the same double). A CSV path is written as given.
std::string controllerToYaml(const ControllerSettings& settings, const Model& model);
// The same for a file to be written at `destination`: the profile CSV's path relative to its
// folder (the reader resolves it against the file it reads), so a saved copy elsewhere still
// finds it.
std::string controllerToYaml(const ControllerSettings& settings, const Model& model, const std::string& destination);
// Reads a controller file (parseControllerYaml's checks and messages); a relative CSV path is
// made absolute against the file's directory.
ControllerSettings parseControllerSettings(const std::string& text, const std::string& fileName, const Model& model);
// The same from a mapping already parsed (a session's `run: controller:`).
ControllerSettings readControllerSettings(io_detail::FieldSource& src, const io_detail::Value& mapping,
                                          const Model& model);
ControllerSettings loadControllerSettings(const std::string& path, const Model& model);
// Validates, then writes atomically (io/robot_file.h writeFileAtomic).
void saveControllerSettings(const ControllerSettings& settings, const Model& model, const std::string& path);

}  // namespace armdyn
