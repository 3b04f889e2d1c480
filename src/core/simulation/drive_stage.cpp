#include "simulation/drive_stage.h"

#include <sstream>

#include <algorithm>
#include <limits>

namespace armdyn {

std::string messageNumber(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

std::string rk4StepRefusal(const DriveSpec& d, int joint, double step) {
  const double limit = rk4ElectricalStepLimit(d);
  if (!(step > limit)) return {};
  return "RK4 step " + messageNumber(step) + " s exceeds the stability limit 2.785 L/R = " + messageNumber(limit) +
         " s of joint " + std::to_string(joint + 1) + "'s electrical model (L = " + messageNumber(d.inductance) +
         " H, R = " + messageNumber(d.resistance) + " ohm); use a smaller step or the adaptive integrator";
}


// The registry (simulation/drive_kinds.inc): each kind's table lives in its own file.
#define ARMDYN_DRIVE_KIND(kind) extern const DriveKind kind;
#include "simulation/drive_kinds.inc"
#undef ARMDYN_DRIVE_KIND

const std::vector<const DriveKind*>& driveKinds() {
  static const std::vector<const DriveKind*> kinds = {
#define ARMDYN_DRIVE_KIND(kind) &kind,
#include "simulation/drive_kinds.inc"
#undef ARMDYN_DRIVE_KIND
  };
  return kinds;
}

const DriveKind& driveKindFor(const DriveSpec* spec) {
  for (const DriveKind* k : driveKinds())
    if (k->claims(spec)) return *k;
  throw std::logic_error("drive stages: no registered drive kind models this drive");
}

const char* driveInputName(DriveInput input) {
  switch (input) {
    case DriveInput::Torque: return "torque";
    case DriveInput::Current: return "current";
    case DriveInput::Voltage: return "voltage";
  }
  return "?";
}

PlantLayout PlantLayout::make(int joints, int currents, int motorSides) {
  PlantLayout L;
  int at = 0;
  auto place = [&at](StateSegment& s, int size) {
    s.offset = at;
    s.size = size;
    at += size;
  };
  place(L.q, joints);
  place(L.qd, joints);
  place(L.current, currents);
  place(L.motorAngle, motorSides);
  place(L.motorVelocity, motorSides);
  place(L.energy, kEnergies);
  L.size = at;
  return L;
}

DriveStages::DriveStages(const std::vector<const DriveSpec*>& drives, DriveInput input, bool applyLimits,
                         double frictionVelocityScale)
    : n_(static_cast<int>(drives.size())), input_(input), applyLimits_(applyLimits), vs_(frictionVelocityScale) {
  stages_.resize(n_);
  for (int i = 0; i < n_; ++i) {
    DriveStage& s = stages_[i];
    s.joint = i;
    s.spec = drives[i];
    s.kind = &driveKindFor(s.spec);
    if (s.spec) {
      s.inertia = reflectedInertia(*s.spec);
      if (s.spec->hasMotor && s.spec->inductance > 0.0) s.inverseL = 1.0 / s.spec->inductance;
    }
    if (s.kind->motorSide) motorSide_.push_back(i);
  }
  const int sides = static_cast<int>(motorSide_.size());
  layout_ = PlantLayout::make(n_, input == DriveInput::Voltage ? n_ : 0, sides);
  for (int i = 0; i < layout_.current.size; ++i) stages_[i].currentAt = layout_.current.at(i);
  for (int k = 0; k < sides; ++k) {
    stages_[motorSide_[k]].motorAngleAt = layout_.motorAngle.at(k);
    stages_[motorSide_[k]].motorVelocityAt = layout_.motorVelocity.at(k);
  }
  // Group the stages by kind, in registry order, joint order within a kind.
  for (const DriveKind* kind : driveKinds()) {
    Group g{kind, static_cast<int>(grouped_.size()), 0};
    for (const DriveStage& s : stages_)
      if (s.kind == kind) {
        grouped_.push_back(s);
        ++g.count;
      }
    if (g.count > 0) groups_.push_back(g);
  }
}

void DriveStages::limitInputs(const double* u, double* out) const {
  for (int i = 0; i < n_; ++i) {
    const DriveSpec* d = stages_[i].spec;
    double v = u[i];
    if (applyLimits_ && d) {
      const double limit = input_ == DriveInput::Voltage   ? d->voltageLimit
                           : input_ == DriveInput::Current ? d->currentLimit
                                                           : 0.0;
      if (limit > 0.0) v = std::clamp(v, -limit, limit);
    }
    out[i] = v;
  }
}

void DriveStages::joint(int i, const double* x, const double* u, double& tau, double& cur, double& volt,
                        double& di) const {
  const DriveStage& s = stages_[i];
  tau = 0.0;
  cur = 0.0;
  volt = std::numeric_limits<double>::quiet_NaN();
  di = 0.0;
  switch (input_) {
    case DriveInput::Torque:
      tau = u[i];
      return;
    case DriveInput::Current:
      cur = u[i];
      tau = motorJointTorque(*s.spec, cur);
      return;
    case DriveInput::Voltage: {
      const MotorPoint p = voltageDrivenMotor(*s.spec, s.inverseL, u[i], velocity(i, x), x[s.currentAt],
                                              applyLimits_ ? s.spec->currentLimit : 0.0);
      tau = p.torque;
      cur = p.current;
      volt = p.voltage;
      di = p.currentRate;
      return;
    }
  }
}

void DriveStages::joints(const double* x, const double* u, double* tau, double* cur, double* volt) const {
  for (int i = 0; i < n_; ++i) {
    double di;
    joint(i, x, u, tau[i], cur[i], volt[i], di);
  }
}

void DriveStages::evaluate(const double* x, const double* u, DriveEval& e, double* link) const {
  double* w = e.velocity;
  const double* qd = x + layout_.qd.offset;
  for (int i = 0; i < n_; ++i) w[i] = qd[i];
  const int sides = static_cast<int>(motorSide_.size());
  for (int k = 0; k < sides; ++k) w[motorSide_[k]] = x[layout_.motorVelocity.at(k)];
  double input = 0.0, loss = 0.0;
  // The motors: the input electrics and the friction at the drive velocity.
  if (input_ == DriveInput::Voltage) {
    // The closed-loop hot path: every joint has a motor, the current is state.
    const double* stateCurrent = x + layout_.current.offset;
    double s[kMaxLinks];  // tanh(w / vs), in a loop of its own: few values live across the calls
    const double inverseVs = 1.0 / vs_;
    for (int i = 0; i < n_; ++i) s[i] = fastTanh(w[i] * inverseVs);
    for (int i = 0; i < n_; ++i) {
      const DriveSpec& d = *stages_[i].spec;
      const MotorPoint p = voltageDrivenMotor(d, stages_[i].inverseL, u[i], w[i], stateCurrent[i],
                                              applyLimits_ ? d.currentLimit : 0.0);
      const double f = frictionTorqueAt(d, w[i], s[i]);
      e.torque[i] = p.torque;
      e.current[i] = p.current;
      e.voltage[i] = p.voltage;
      e.currentRate[i] = p.currentRate;
      e.friction[i] = f;
      e.net[i] = p.torque - f;
      input += p.voltage * p.current;
      // Resistive and friction losses (and the conversion's when ke != kt).
      loss += electricalLoss(d, p.current, w[i]) + f * w[i];
    }
  } else {
    for (int i = 0; i < n_; ++i) {
      joint(i, x, u, e.torque[i], e.current[i], e.voltage[i], e.currentRate[i]);
      const DriveSpec* d = stages_[i].spec;
      const double f = d ? frictionTorque(*d, w[i], vs_) : 0.0;
      e.friction[i] = f;
      e.net[i] = e.torque[i] - f;
      input += e.torque[i] * w[i];
      loss += f * w[i];
    }
  }
  e.inputPower = input;
  e.lossPower = loss;
  // The couplings of the motors to the links.
  for (const Group& g : groups_) g.kind->couple(grouped_.data() + g.first, g.count, x, layout_, e, link);
}

void DriveStages::stateRates(const double* x, const DriveEval& e, double* xdot) const {
  for (int i = 0; i < layout_.current.size; ++i) xdot[layout_.current.at(i)] = e.currentRate[i];
  const int sides = static_cast<int>(motorSide_.size());
  for (int k = 0; k < sides; ++k) {
    xdot[layout_.motorAngle.at(k)] = x[layout_.motorVelocity.at(k)];
    xdot[layout_.motorVelocity.at(k)] = e.motorAcceleration[motorSide_[k]];
  }
}

double DriveStages::magneticEnergy(const double* x) const {
  double energy = 0.0;
  for (int i = 0; i < layout_.current.size; ++i) {
    const double c = x[layout_.current.at(i)];
    energy += 0.5 * stages_[i].spec->inductance * c * c;
  }
  return energy;
}

double DriveStages::storedEnergy(const double* x) const {
  double energy = 0.0;
  for (const DriveStage& s : stages_)
    if (s.kind->storedEnergy) energy += s.kind->storedEnergy(s, x, layout_);
  return energy;
}

double DriveStages::rotorKineticEnergy(const double* x) const {
  double rotors = 0.0;
  for (int i = 0; i < n_; ++i) {
    const double w = velocity(i, x);
    rotors += stages_[i].inertia * w * w;
  }
  return 0.5 * rotors;
}

}  // namespace armdyn
