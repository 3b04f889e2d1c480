#pragma once
// Drive stages of the forward simulation (simulation/forward_simulation.h composes them and
// knows no drive kind). One stage per joint: the motor (its input electrics and friction, by the
// formulas of actuation/drive.h, the same for every kind) turning at the drive velocity w, and the
// kind's coupling of the motor to the link:
//   rigid    (rigid_drive_stage.cpp)    the motor turns with the joint, w = qd, and its net torque
//                                       tau_d - f(w) acts on the link; Jr adds to the link's inertia.
//   elastic  (elastic_drive_stage.cpp)  a spring k and damper l between the motor side (qm, qm',
//                                       inertia Jr, w = qm') and the link (Stepniewski eqs 14-19).
// Inputs (DriveInput, one for the whole arm): torque (tau_d = u), current (tau_d = N kt u) or
// voltage (L di/dt = u - R i - ke N w, tau_d = N kt i; the current is state).
// A stage owns its share of the plant state, named segments of PlantLayout: its current (voltage
// input) and, for a kind with a motor side, its motor-side angle and velocity.
//
// Adding a drive kind (one new file and one registration line):
//   1. Copy elastic_drive_stage.cpp (the example of a kind with state of its own; a stateless
//      kind copies rigid_drive_stage.cpp) to simulation/<name>_drive_stage.cpp and fill in the
//      DriveKind table it defines, `extern const DriveKind k<Name>Drive = {...}`: claims() (the
//      drives it models), motorSide, couple() (the hot path) and the cold functions.
//   2. Register it: add the line `ARMDYN_DRIVE_KIND(k<Name>Drive)` to simulation/drive_kinds.inc,
//      above the kinds it takes precedence over (the first kind whose claims() accepts a drive
//      models it; the rigid kind, last, takes every drive the others leave).
// The core's sources are globbed (CMakeLists.txt): no build file changes.
//
// The hot path (DriveStages::evaluate, 4x per RK4 step) does not allocate and makes one call
// through a DriveKind's table per kind present, not per joint.

#include "actuation/drive.h"
#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <string>
#include <vector>

namespace armdyn {

// A number in the plant's messages (divergence, refused steps): six significant digits.
std::string messageNumber(double v);

// Fixed-step RK4 on joint `joint`'s (0-based) electrical pole -R/L: "" when `step` (s) is within
// the stability limit 2.785 L/R (rk4ElectricalStepLimit), else the words ("RK4 step ... exceeds
// ..."). The simulator's refusal and the controller settings' check.
std::string rk4StepRefusal(const DriveSpec& drive, int joint, double step);


enum class DriveInput { Torque, Current, Voltage };
const char* driveInputName(DriveInput input);  // "torque", "current", "voltage"

// A named run of entries of the plant state x.
struct StateSegment {
  const char* name = "";
  int offset = 0;
  int size = 0;
  int at(int k) const { return offset + k; }
};

// The plant state x = (q, qd, i, qm, qm', W) in named segments: joint angles and velocities (n
// each), the motor currents (n for a voltage input, else none), the motor-side angles and
// velocities (one per stage with a motor side, in joint order) and the three energy integrals.
struct PlantLayout {
  StateSegment q{"q"}, qd{"qd"}, current{"current"}, motorAngle{"motor angle"},
      motorVelocity{"motor velocity"}, energy{"energy"};
  int size = 0;
  // Entries of the energy segment, J: input work, constraint (and tool) work, dissipation.
  static constexpr int kInputWork = 0, kConstraintWork = 1, kDissipated = 2, kEnergies = 3;
  static PlantLayout make(int joints, int currents, int motorSides);
};

struct DriveKind;

// One joint's drive.
struct DriveStage {
  int joint = 0;
  const DriveKind* kind = nullptr;
  const DriveSpec* spec = nullptr;  // null: no drive (or rigidBodyOnly): tau_d = u, no friction
  double inertia = 0.0;             // Jr (motor side)
  double inverseL = 0.0;            // 1 / L, 0 where L = 0 or without a motor
  int currentAt = -1;               // index in x of its current (voltage input), else -1
  int motorAngleAt = -1, motorVelocityAt = -1;  // indices in x of its motor side, else -1
};

// Results of one evaluation, indexed by joint (fixed capacity: no allocation).
struct DriveEval {
  double velocity[kMaxLinks];     // drive velocity w: qd, or qm' on a motor side
  double torque[kMaxLinks];       // tau_d (N kt i or u)
  double current[kMaxLinks];      // A (0 for a torque input)
  double voltage[kMaxLinks];      // applied voltage (NaN without a voltage input)
  double currentRate[kMaxLinks];  // di/dt (0 unless the current is state)
  double friction[kMaxLinks];     // f(w)
  double net[kMaxLinks];          // tau_d - f(w): what the motor delivers at its output
  double motorAcceleration[kMaxLinks];  // qm'' (stages with a motor side)
  double inputPower = 0.0, lossPower = 0.0;  // W
};

// A drive kind: a table of functions over its stages (see the recipe above).
struct DriveKind {
  const char* name;
  // Whether this kind models a joint's drive (null: the joint has none, or rigidBodyOnly).
  bool (*claims)(const DriveSpec* spec);
  // The stage owns a motor-side angle and velocity in x (the drive velocity is then qm').
  bool motorSide;
  // Hot path, once per evaluation for this kind's stages (count >= 1, in joint order): from the
  // motor's net torque e.net, the torque on the link (link[joint]) and e.motorAcceleration of a
  // motor side; adds the coupling's losses to e.lossPower.
  void (*couple)(const DriveStage* stages, int count, const double* x, const PlantLayout& layout, DriveEval& e,
                 double* link);
  // Inertia the link dynamics sees on the joint (armature): Jr when the motor turns with it.
  double (*linkArmature)(const DriveStage& stage);
  // Energy the coupling stores at x, J (null: none).
  double (*storedEnergy)(const DriveStage& stage, const double* x, const PlantLayout& layout);
  // Motor-side twist qm - q that holds a static joint torque (null: none).
  double (*settledTwist)(const DriveStage& stage, double staticTorque);
  // Why fixed-step RK4 at `step` is unstable on the coupling's own mode, given the link's
  // effective inverse inertia on the joint at home; empty if it is not (null: never).
  std::string (*rk4StepProblem)(const DriveStage& stage, double step, double linkInverseInertia);
};

// The registry: every DriveKind, in claim order (simulation/drive_kinds.inc).
const std::vector<const DriveKind*>& driveKinds();
// The kind that models a drive (the first in the registry that claims it).
const DriveKind& driveKindFor(const DriveSpec* spec);

// The drive stages of an arm and the plant layout they give: what ForwardSimulator composes.
class DriveStages {
 public:
  DriveStages() = default;
  // drives[i]: joint i's drive or null. Currents are state for a voltage input.
  DriveStages(const std::vector<const DriveSpec*>& drives, DriveInput input, bool applyLimits,
              double frictionVelocityScale);

  int size() const { return n_; }
  DriveInput input() const { return input_; }
  const PlantLayout& layout() const { return layout_; }
  const DriveStage& stage(int joint) const { return stages_[joint]; }
  // Joints whose stage has a motor side (increasing).
  const std::vector<int>& motorSideJoints() const { return motorSide_; }

  // The held input after the drives' voltage or current limits (when enabled): out = limited u
  // (n entries each; out may be u).
  void limitInputs(const double* u, double* out) const;
  // Drive velocity of a joint at x: qm' on a motor side, else qd.
  double velocity(int joint, const double* x) const {
    const DriveStage& s = stages_[joint];
    return s.motorVelocityAt >= 0 ? x[s.motorVelocityAt] : x[layout_.qd.offset + joint];
  }
  // Gear-output angle: qm on a motor side, else q.
  double motorAngle(int joint, const double* x) const {
    const DriveStage& s = stages_[joint];
    return s.motorAngleAt >= 0 ? x[s.motorAngleAt] : x[layout_.q.offset + joint];
  }

  // Hot path: every stage at x and held input u (n entries, after limits); link[i] is the
  // torque on joint i's link. Does not allocate.
  void evaluate(const double* x, const double* u, DriveEval& e, double* link) const;
  // The stages' state derivatives (currents, motor sides) from the last evaluate at x.
  void stateRates(const double* x, const DriveEval& e, double* xdot) const;
  // One joint's drive at x and u (torque, current, applied voltage, di/dt), outside the hot path.
  void joint(int i, const double* x, const double* u, double& tau, double& cur, double& volt, double& di) const;
  // Every joint's: torque, current and applied voltage (n entries each).
  void joints(const double* x, const double* u, double* tau, double* cur, double* volt) const;

  // Energies at x, J.
  double magneticEnergy(const double* x) const;
  double storedEnergy(const double* x) const;
  double rotorKineticEnergy(const double* x) const;  // 0.5 sum Jr w^2

 private:
  struct Group {
    const DriveKind* kind;
    int first, count;  // in grouped_
  };
  int n_ = 0;
  DriveInput input_ = DriveInput::Torque;
  bool applyLimits_ = true;
  double vs_ = kDefaultFrictionVelocityScale;
  PlantLayout layout_;
  std::vector<DriveStage> stages_;   // by joint
  std::vector<DriveStage> grouped_;  // the same, grouped by kind (joint order within a group)
  std::vector<Group> groups_;
  std::vector<int> motorSide_;
};

}  // namespace armdyn
