#include "simulation/forward_simulation.h"

#include "dynamics/aba.h"
#include "dynamics/crba.h"
#include "dynamics/dh_ops.h"
#include "dynamics/energy.h"
#include "dynamics/rnea.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace armdyn {

const char* driveInputName(DriveInput input) {
  switch (input) {
    case DriveInput::Torque: return "torque";
    case DriveInput::Current: return "current";
    case DriveInput::Voltage: return "voltage";
  }
  return "?";
}

const char* jointModeName(JointMode mode) {
  switch (mode) {
    case JointMode::Free: return "free";
    case JointMode::Locked: return "locked";
    case JointMode::ConstantVelocity: return "constant_velocity";
    case JointMode::ConstantAcceleration: return "constant_acceleration";
  }
  return "?";
}

namespace {

std::string num(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

// Solves A x = b for the leading m x m block of the symmetric positive definite A by LDL^T (no
// square roots: the factorisation is a chain of dependent operations, and sqrt is the slowest
// link). Reads the lower triangle of A only; the factor lives in a row-major
// stack array. b := x. Returns false if the matrix is not positive definite.
bool ldltSolve(const JointMatrix& A, int m, JointVector& b) {
  double L[kMaxLinks][kMaxLinks];
  double inv[kMaxLinks];
  double ld[kMaxLinks];  // L[j][k] d[k] of the current row
  double d[kMaxLinks];
  for (int j = 0; j < m; ++j) {
    double s = A(j, j);
    for (int k = 0; k < j; ++k) {
      ld[k] = L[j][k] * d[k];
      s -= L[j][k] * ld[k];
    }
    if (!(s > 0.0)) return false;
    d[j] = s;
    inv[j] = 1.0 / s;
    for (int i = j + 1; i < m; ++i) {
      double t = A(i, j);
      for (int k = 0; k < j; ++k) t -= L[i][k] * ld[k];
      L[i][j] = t * inv[j];
    }
  }
  for (int i = 0; i < m; ++i) {
    double t = b(i);
    for (int k = 0; k < i; ++k) t -= L[i][k] * b(k);
    b(i) = t;
  }
  for (int i = 0; i < m; ++i) b(i) *= inv[i];
  for (int i = m - 1; i >= 0; --i) {
    double t = b(i);
    for (int k = i + 1; k < m; ++k) t -= L[k][i] * b(k);
    b(i) = t;
  }
  return true;
}

}  // namespace

ForwardSimulator::ForwardSimulator(const Model& model, ForwardOptions options)
    : model_(model), options_(std::move(options)), n_(model.dof()), data_(model), aba_(model) {
  const ForwardOptions& o = options_;
  if (!std::isfinite(o.step) || o.step <= 0.0) throw std::invalid_argument("forward simulation: step must be positive");
  if (!(o.frictionVelocityScale > 0.0) || !std::isfinite(o.frictionVelocityScale))
    throw std::invalid_argument("forward simulation: friction velocity scale must be positive");
  if (!(o.maxVelocity > 0.0) || !(o.maxCurrent > 0.0))
    throw std::invalid_argument("forward simulation: divergence bounds must be positive");
  if (o.rigidBodyOnly && o.input != DriveInput::Torque)
    throw std::invalid_argument("forward simulation: the rigid-body model takes joint torques only (input = torque)");
  if (!o.constraints.empty() && static_cast<int>(o.constraints.size()) != n_)
    throw std::invalid_argument("forward simulation: " + std::to_string(o.constraints.size()) +
                                " joint constraints for " + std::to_string(n_) + " joints");
  validateDrives(model.spec());

  drives_.assign(n_, nullptr);
  jr_.setZero(n_);
  inverseL_.setZero(n_);
  for (int i = 0; i < n_; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (d && !o.rigidBodyOnly) {
      drives_[i] = &*d;
      jr_(i) = reflectedInertia(*d);
      if (d->hasMotor && d->inductance > 0.0) inverseL_(i) = 1.0 / d->inductance;
      for (const std::string& w : driveWarnings(*d, "links[" + std::to_string(i + 1) + "].drive")) warnings_.push_back(w);
    }
    if (o.input != DriveInput::Torque && !(drives_[i] && drives_[i]->hasMotor))
      throw ModelError("links[" + std::to_string(i + 1) + "].drive.motor",
                       std::string("a ") + driveInputName(o.input) + " input needs a motor on every joint; joint " +
                           std::to_string(i + 1) + " has none");
  }
  for (int i = 0; i < n_; ++i) {
    const JointMode mode = o.constraints.empty() ? JointMode::Free : o.constraints[i].mode;
    if (mode == JointMode::Free) free_.push_back(i);
    else constrained_.push_back(i);
    if (mode == JointMode::ConstantAcceleration && !std::isfinite(o.constraints[i].acceleration))
      throw std::invalid_argument("forward simulation: joint " + std::to_string(i + 1) + " constant acceleration must be finite");
  }

  jrLink_ = jr_;
  for (int i = 0; i < kMaxLinks; ++i) elasticSlot_[i] = -1;
  for (int i = 0; i < n_; ++i)
    if (drives_[i] && drives_[i]->elastic()) {
      elasticSlot_[i] = static_cast<int>(elastic_.size());
      elastic_.push_back(i);
      jrLink_(i) = 0.0;
    }
  ne_ = static_cast<int>(elastic_.size());
  wrench_ = o.toolWrench;
  if (!wrench_.force.allFinite() || !wrench_.moment.allFinite())
    throw std::invalid_argument("forward simulation: the tool wrench must be finite");
  wrenchActive_ = !wrench_.isZero();

  nCurrent_ = o.input == DriveInput::Voltage ? n_ : 0;
  motorIndex_ = 2 * n_ + nCurrent_;
  energyIndex_ = motorIndex_ + 2 * ne_;
  currentIsState_ = nCurrent_ > 0 && (inverseL_.array() > 0.0).all();
  x_.setZero(energyIndex_ + 3);
  u_.setZero(n_);
  view_.voltage.setZero(n_);
  view_.current.setZero(n_);
  view_.torque.setZero(n_);
  xdotScratch_.setZero(x_.size());

  // Stability of fixed-step RK4 on the fastest electrical pole -R/L: refuse, the run would blow up.
  if (o.integrator == IntegratorKind::RungeKutta4 && o.input == DriveInput::Voltage) {
    for (int i = 0; i < n_; ++i) {
      const double limit = rk4ElectricalStepLimit(*drives_[i]);
      if (o.step > limit)
        throw UnstableStepError(
            "forward simulation: RK4 step " + num(o.step) + " s exceeds the stability limit 2.785 L/R = " + num(limit) +
            " s of joint " + std::to_string(i + 1) + "'s electrical model (L = " + num(drives_[i]->inductance) +
            " H, R = " + num(drives_[i]->resistance) + " ohm); use a smaller step or the adaptive integrator");
    }
  }
  // An elastic drive's fastest mode at the home configuration: the twist e = qm - q of two
  // inertias on the spring and damper, e'' + l / J e' + k / J e = 0 with 1/J = 1/Jr + (Mbar^-1)_ii
  // (Mbar = M + the rigid joints' Jr: the link side as the rest of the arm lets it move). RK4 at
  // step h is unstable on the mode when h |lambda| leaves its stability region: refused at
  // 2.785 (the real-axis limit, the conservative one for any direction of lambda).
  if (o.integrator == IntegratorKind::RungeKutta4 && ne_ > 0) {
    Eigen::MatrixXd Mbar = massMatrix(model, model.home());
    Mbar.diagonal() += jrLink_;
    const Eigen::MatrixXd Minv = Mbar.inverse();
    for (int i : elastic_) {
      const DriveSpec& d = *drives_[i];
      const double inverseJ = 1.0 / jr_(i) + Minv(i, i);
      const double b = d.damping * inverseJ, c = d.stiffness * inverseJ;  // lambda^2 + b lambda + c = 0
      const double disc = b * b - 4.0 * c;
      const double lambda = disc > 0.0 ? 0.5 * (b + std::sqrt(disc)) : std::sqrt(c);  // largest |lambda|
      if (o.step * lambda > kRk4RealStabilityLimit)
        throw UnstableStepError(
            "forward simulation: RK4 step " + num(o.step) + " s is too long for joint " + std::to_string(i + 1) +
            "'s elastic drive: its spring (k = " + num(d.stiffness) + ", l = " + num(d.damping) +
            ") between the motor side (" + num(jr_(i)) + " kg m^2) and the link (" + num(1.0 / Minv(i, i)) +
            " kg m^2 effective) has a mode of " + num(lambda) + " 1/s, and RK4 needs h |lambda| < 2.785; use a step below " +
            num(kRk4RealStabilityLimit / lambda) + " s or the adaptive integrator");
    }
  }
  // Regularised friction is stiff near qd = 0: warn when h df/dqd / (M_ii + Jr) leaves RK4's
  // real stability interval (at the home configuration).
  if (o.integrator == IntegratorKind::RungeKutta4) {
    const Eigen::MatrixXd M = massMatrix(model, model.home());
    for (int i = 0; i < n_; ++i) {
      if (!drives_[i]) continue;
      // An elastic drive's friction acts on the motor side alone.
      const double inertia = drives_[i]->elastic() ? jr_(i) : M(i, i) + jr_(i);
      const double rate = frictionStiffness(*drives_[i], o.frictionVelocityScale) / inertia;
      if (o.step * rate > kRk4RealStabilityLimit)
        warnings_.push_back("joint " + std::to_string(i + 1) + ": friction is stiff for RK4 at step " + num(o.step) +
                            " s (h df/dqd / J = " + num(o.step * rate) + " > 2.785); raise the friction velocity scale, "
                            "lower the step or use the adaptive integrator");
    }
  }

  for (int k = 0; k < kMaxLinks; ++k) trigAngle_[k] = trigCos_[k] = trigSin_[k] = std::numeric_limits<double>::quiet_NaN();
  mbar_.setZero(n_, n_);
  mff_.setZero(n_, n_);
  rhs_.setZero(n_);
  qdd_.setZero(n_);
  lambda_.setZero(n_);
  tauDrive_.setZero(n_);
  friction_.setZero(n_);
  current_.setZero(n_);
  voltage_.setZero(n_);
  di_.setZero(n_);
  rhsF_.setZero(n_);
  qmdd_.setZero(n_);
  tauWrench_.setZero(n_);
  if (o.integrator == IntegratorKind::RungeKutta4) rk4_ = std::make_unique<RungeKutta4>(static_cast<int>(x_.size()));
  else dopri_ = std::make_unique<DormandPrince45>(static_cast<int>(x_.size()), o.rtol, o.atol);
  setState(model.home(), Eigen::VectorXd::Zero(n_));
}

void ForwardSimulator::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& current) {
  if (q.size() != n_ || qd.size() != n_)
    throw std::invalid_argument("ForwardSimulator::setState: q and qd need " + std::to_string(n_) + " entries");
  if (current.size() != 0 && current.size() != n_)
    throw std::invalid_argument("ForwardSimulator::setState: current needs " + std::to_string(n_) + " entries");
  if (!q.allFinite() || !qd.allFinite() || !current.allFinite())
    throw std::invalid_argument("ForwardSimulator::setState: the state must be finite");
  x_.setZero();
  x_.head(n_) = q;
  x_.segment(n_, n_) = qd;
  for (int i = 0; i < n_; ++i)
    if (!options_.constraints.empty() && options_.constraints[i].mode == JointMode::Locked) x_(n_ + i) = 0.0;
  if (nCurrent_ > 0 && current.size() == n_) x_.segment(2 * n_, n_) = current;
  for (int e = 0; e < ne_; ++e) {
    x_(motorIndex_ + e) = x_(elastic_[e]);
    x_(motorIndex_ + ne_ + e) = x_(n_ + elastic_[e]);
  }
  t_ = 0.0;
  divergence_ = Divergence();
  if (dopri_) dopri_->setSuggestedStep(0.0);
  viewValid_ = false;
}

void ForwardSimulator::setMotorState(const Eigen::VectorXd& qm, const Eigen::VectorXd& qmd) {
  if (qm.size() != n_ || qmd.size() != n_)
    throw std::invalid_argument("ForwardSimulator::setMotorState: qm and qmd need " + std::to_string(n_) + " entries");
  for (int e = 0; e < ne_; ++e) {
    const int i = elastic_[e];
    if (!std::isfinite(qm(i)) || !std::isfinite(qmd(i)))
      throw std::invalid_argument("ForwardSimulator::setMotorState: the state must be finite");
    x_(motorIndex_ + e) = qm(i);
    x_(motorIndex_ + ne_ + e) = qmd(i);
  }
  viewValid_ = false;
}

void ForwardSimulator::settleSprings() {
  if (ne_ == 0) return;
  staticTorques(model_, data_, x_.head(n_), wrench_, data_.bias);
  for (int e = 0; e < ne_; ++e) {
    const int i = elastic_[e];
    x_(motorIndex_ + e) = x_(i) + data_.bias(i) / drives_[i]->stiffness;
    x_(motorIndex_ + ne_ + e) = x_(n_ + i);
  }
  viewValid_ = false;
}

void ForwardSimulator::motorAngles(Eigen::Ref<Eigen::VectorXd> qm) const {
  for (int i = 0; i < n_; ++i) qm(i) = elasticSlot_[i] >= 0 ? x_(motorIndex_ + elasticSlot_[i]) : x_(i);
}

void ForwardSimulator::motorVelocities(Eigen::Ref<Eigen::VectorXd> qmd) const {
  for (int i = 0; i < n_; ++i) qmd(i) = driveVelocity(x_.data(), i);
}

void ForwardSimulator::setToolWrench(const ToolWrench& wrench) {
  if (!wrench.force.allFinite() || !wrench.moment.allFinite())
    throw std::invalid_argument("ForwardSimulator::setToolWrench: the wrench must be finite");
  wrench_ = wrench;
  wrenchActive_ = !wrench_.isZero();
}

void ForwardSimulator::setInput(const Eigen::Ref<const Eigen::VectorXd>& u) {
  if (u.size() != n_)
    throw std::invalid_argument("ForwardSimulator::setInput: u needs " + std::to_string(n_) + " entries");
  for (int i = 0; i < n_; ++i) {
    double v = u(i);
    if (options_.applyLimits && drives_[i]) {
      const double limit = options_.input == DriveInput::Voltage   ? drives_[i]->voltageLimit
                           : options_.input == DriveInput::Current ? drives_[i]->currentLimit
                                                                   : 0.0;
      if (limit > 0.0) v = std::clamp(v, -limit, limit);
    }
    u_(i) = v;
  }
  viewValid_ = false;
}

namespace {

// Voltage-driven motor of one joint: torque, current, applied voltage and di/dt at joint
// velocity qd with held voltage u and state current (L > 0), or the algebraic current (L = 0).
// currentLimit 0 = none; inverseL = 1 / L (a multiplication: divisions are slow and this runs
// for every joint at every RK4 stage).
inline void voltageDrive(const DriveSpec& d, double inverseL, double u, double qd, double stateCurrent,
                         double currentLimit, double& tau, double& cur, double& volt, double& di) {
  const double emf = backEmf(d, qd);
  volt = u;
  di = 0.0;
  if (d.inductance > 0.0) {
    cur = stateCurrent;
    di = (volt - d.resistance * cur - emf) * inverseL;
    // Current-limited amplifier: the current stops growing at the limit.
    if (currentLimit > 0.0 && std::abs(cur) >= currentLimit && di * cur > 0.0) {
      di = 0.0;
      volt = d.resistance * cur + emf;
    }
  } else {
    cur = (volt - emf) / d.resistance;
    if (currentLimit > 0.0 && std::abs(cur) > currentLimit) {
      cur = std::clamp(cur, -currentLimit, currentLimit);
      volt = d.resistance * cur + emf;
    }
  }
  tau = motorJointTorque(d, cur);
}

}  // namespace

inline void ForwardSimulator::driveJoint(int i, double qd, double stateCurrent, double& tau, double& cur, double& volt,
                                         double& di) const {
  const DriveSpec* d = drives_[i];
  tau = 0.0;
  cur = 0.0;
  volt = std::numeric_limits<double>::quiet_NaN();
  di = 0.0;
  switch (options_.input) {
    case DriveInput::Torque:
      tau = u_(i);
      return;
    case DriveInput::Current:
      cur = u_(i);
      tau = motorJointTorque(*d, cur);
      return;
    case DriveInput::Voltage:
      voltageDrive(*d, inverseL_(i), u_(i), qd, stateCurrent, options_.applyLimits ? d->currentLimit : 0.0, tau, cur,
                   volt, di);
      return;
  }
}

void ForwardSimulator::driveOutputs(Eigen::Ref<Eigen::VectorXd> voltage, Eigen::Ref<Eigen::VectorXd> current,
                                    Eigen::Ref<Eigen::VectorXd> torque) const {
  const DriveView& v = driveView();
  voltage = v.voltage;
  current = v.current;
  torque = v.torque;
}

void ForwardSimulator::evaluate(const Eigen::VectorXd& x) {
  const double* q = x.data();
  const double* qd = x.data() + n_;
  const double vs = options_.frictionVelocityScale;
  double w[kMaxLinks];  // drive velocities: qd, or qm' on elastic joints
  for (int i = 0; i < n_; ++i) w[i] = qd[i];
  for (int e = 0; e < ne_; ++e) w[elastic_[e]] = x[motorIndex_ + ne_ + e];
  double input = 0.0, loss = 0.0;
  if (options_.input == DriveInput::Voltage) {
    // The closed-loop hot path: every joint has a motor, the current is state.
    const double* stateCurrent = x.data() + 2 * n_;
    double s[kMaxLinks];  // tanh(w / vs), in a loop of its own: few values live across the calls
    const double inverseVs = 1.0 / vs;
    for (int i = 0; i < n_; ++i) s[i] = fastTanh(w[i] * inverseVs);
    for (int i = 0; i < n_; ++i) {
      const DriveSpec& d = *drives_[i];
      double tau, cur, volt, di;
      voltageDrive(d, inverseL_(i), u_(i), w[i], stateCurrent[i], options_.applyLimits ? d.currentLimit : 0.0, tau, cur,
                   volt, di);
      const double f = frictionTorqueAt(d, w[i], s[i]);
      tauDrive_(i) = tau;
      current_(i) = cur;
      voltage_(i) = volt;
      di_(i) = di;
      friction_(i) = f;
      rhs_(i) = tau - f;
      input += volt * cur;
      // Resistive and friction losses; a ke != kt mismatch makes the conversion itself gain or
      // lose power.
      loss += d.resistance * cur * cur + (d.ke - d.kt) * d.gearRatio * cur * w[i] + f * w[i];
    }
  } else {
    for (int i = 0; i < n_; ++i) {
      driveJoint(i, w[i], 0.0, tauDrive_(i), current_(i), voltage_(i), di_(i));
      const DriveSpec* d = drives_[i];
      const double f = d ? frictionTorque(*d, w[i], vs) : 0.0;
      friction_(i) = f;
      rhs_(i) = tauDrive_(i) - f;
      input += tauDrive_(i) * w[i];
      loss += f * w[i];
    }
  }
  // Elastic joints: the motor side takes the drive's net torque less the spring's, the link
  // side the spring's alone.
  for (int e = 0; e < ne_; ++e) {
    const int i = elastic_[e];
    const DriveSpec& d = *drives_[i];
    const double slip = x[motorIndex_ + ne_ + e] - qd[i];
    const double spring = d.stiffness * (x[motorIndex_ + e] - q[i]) + d.damping * slip;
    qmdd_(e) = (rhs_(i) - spring) / jr_(i);
    rhs_(i) = spring;
    loss += d.damping * slip * slip;
  }
  inputPower_ = input;
  lossPower_ = loss;

  if (constrained_.empty() && !wrenchActive_) {
    // The unconstrained (common, hot) path: (M + diag(Jr)) qdd = tau_d - f - h by the
    // articulated-body algorithm, O(n) and without forming M; lambda stays zero.
    loadJointAngles(q);
    if (!detail::abaPasses(aba_, qd, rhs_.data(), jrLink_.data(), qdd_.data())) singularMass_ = true;
    constraintPower_ = 0.0;
    return;
  }
  // Constraints or a tool wrench: M by the composite rigid body algorithm, C qd + G (+ J^T W)
  // by one Newton-Euler pass, and the free joints solved from the reduced system.
  dh::updateJoints(data_, q);
  detail::crbaPass(data_);
  double wrenchN[6];
  if (wrenchActive_) toolWrenchInLastFrame(model_, q, wrench_, wrenchN);
  detail::rneaPasses(data_, qd, nullptr, true, data_.bias.data(), wrenchActive_ ? wrenchN : nullptr);
  rhs_ -= data_.bias;
  // The surroundings' work on the arm through the tool: -qd^T J^T W (J^T W by a pass at rest
  // without gravity), booked with the constraint work.
  double toolPower = 0.0;
  if (wrenchActive_) {
    detail::rneaPasses(data_, nullptr, nullptr, false, tauWrench_.data(), wrenchN);
    for (int i = 0; i < n_; ++i) toolPower -= tauWrench_(i) * qd[i];
  }
  mbar_ = data_.massMatrix;
  mbar_.diagonal() += jrLink_;
  for (int c : constrained_) {
    const JointConstraint& k = options_.constraints[c];
    qdd_(c) = k.mode == JointMode::ConstantAcceleration ? k.acceleration : 0.0;
  }
  const int m = static_cast<int>(free_.size());
  for (int a = 0; a < m; ++a) {
    double r = rhs_(free_[a]);
    for (int c : constrained_) r -= mbar_(free_[a], c) * qdd_(c);
    rhsF_(a) = r;
    for (int b = 0; b <= a; ++b) mff_(a, b) = mbar_(free_[a], free_[b]);
  }
  if (m > 0 && !ldltSolve(mff_, m, rhsF_)) singularMass_ = true;
  for (int a = 0; a < m; ++a) qdd_(free_[a]) = rhsF_(a);
  // lambda = Mbar qdd - rhs on constrained joints; zero on free ones by construction.
  lambda_.setZero();
  double constraint = toolPower;
  for (int c : constrained_) {
    lambda_(c) = mbar_.row(c).dot(qdd_) - rhs_(c);
    constraint += lambda_(c) * qd[c];
  }
  constraintPower_ = constraint;
}

void ForwardSimulator::loadJointAngles(const double* q) {
  // RK4 stages and successive steps move a joint by little: within kNear of the last angle
  // computed directly, sin/cos follow from the addition theorem with the offset's Taylor series
  // to e^5 (sin) and e^4 (cos), truncation below 2.2e-17, a few times cheaper than libm.
  constexpr double kNear = 5e-3;  // rad
  for (int k = 0; k < n_; ++k) {
    if (!aba_.revolute[k]) {
      aba_.dJoint[k] = aba_.d0[k] + q[k];
      continue;
    }
    const double e = q[k] - trigAngle_[k];
    if (std::abs(e) <= kNear) {  // false for NaN: first call
      const double e2 = e * e;
      const double se = e * (1.0 - e2 * (1.0 / 6.0) * (1.0 - e2 * (1.0 / 20.0)));
      const double ce = 1.0 - e2 * 0.5 * (1.0 - e2 * (1.0 / 12.0));
      aba_.cosTheta[k] = trigCos_[k] * ce - trigSin_[k] * se;
      aba_.sinTheta[k] = trigSin_[k] * ce + trigCos_[k] * se;
    } else {
      const double theta = aba_.theta0[k] + q[k];
      trigAngle_[k] = q[k];
      aba_.cosTheta[k] = trigCos_[k] = std::cos(theta);
      aba_.sinTheta[k] = trigSin_[k] = std::sin(theta);
    }
  }
}

void ForwardSimulator::derivative(double, const Eigen::VectorXd& x, Eigen::VectorXd& xdot) {
  evaluate(x);
  double* out = xdot.data();
  for (int i = 0; i < n_; ++i) {
    out[i] = x(n_ + i);
    out[n_ + i] = qdd_(i);
  }
  for (int i = 0; i < nCurrent_; ++i) out[2 * n_ + i] = di_(i);
  for (int e = 0; e < ne_; ++e) {
    out[motorIndex_ + e] = x(motorIndex_ + ne_ + e);
    out[motorIndex_ + ne_ + e] = qmdd_(e);
  }
  out[energyIndex_] = inputPower_;
  out[energyIndex_ + 1] = constraintPower_;
  out[energyIndex_ + 2] = lossPower_;
}

const ForwardSimulator::DriveView& ForwardSimulator::driveView() const {
  if (!viewValid_) {
    for (int i = 0; i < n_; ++i) {
      double di;
      const double stateCurrent = nCurrent_ > 0 ? x_(2 * n_ + i) : 0.0;
      driveJoint(i, driveVelocity(x_.data(), i), stateCurrent, view_.torque(i), view_.current(i), view_.voltage(i), di);
    }
    viewValid_ = true;
  }
  return view_;
}

double ForwardSimulator::jointCurrent(int i) const {
  // With an inductance the current is state; otherwise it follows from the input.
  if (nCurrent_ > 0 && inverseL_(i) > 0.0) return x_(2 * n_ + i);
  double tau, cur, volt, di;
  driveJoint(i, driveVelocity(x_.data(), i), 0.0, tau, cur, volt, di);
  return cur;
}

bool ForwardSimulator::advance(double h) {
  if (divergence_.diverged) return false;
  singularMass_ = false;
  auto f = [this](double t, const Eigen::VectorXd& x, Eigen::VectorXd& xdot) { derivative(t, x, xdot); };
  if (rk4_) {
    rk4_->step(f, t_, h, x_);
    t_ += h;
  } else {
    double reached = t_;
    const bool ok = dopri_->integrate(f, t_, t_ + h, x_, &reached);
    t_ = reached;
    if (!ok) {
      divergence_.diverged = true;
      divergence_.time = t_;
      divergence_.quantity = "step size";
      divergence_.message = "adaptive integrator: step size fell below its minimum at t = " + num(t_) +
                            " s (the equations are too stiff or the state diverges)";
      return false;
    }
  }
  viewValid_ = false;
  if (singularMass_) {
    // A stage met a mass matrix that is not positive definite (a non-physical inertia or a
    // state gone wild): the step's result means nothing. A status, like any divergence.
    divergence_.diverged = true;
    divergence_.time = t_;
    divergence_.quantity = "mass matrix";
    divergence_.message = "diverged at t = " + num(t_) +
                          " s: the mass matrix is not positive definite (check the links' inertias and masses)";
    return false;
  }
  return checkDivergence();
}

bool ForwardSimulator::checkDivergence() {
  auto fail = [&](int joint, const char* quantity, double value, const std::string& why) {
    divergence_.diverged = true;
    divergence_.joint = joint;
    divergence_.time = t_;
    divergence_.quantity = quantity;
    divergence_.value = value;
    divergence_.message = "diverged at t = " + num(t_) + " s: joint " + std::to_string(joint + 1) + " " + quantity +
                          " " + why;
    return false;
  };
  for (int i = 0; i < n_; ++i) {
    const double q = x_(i), qd = x_(n_ + i);
    if (!std::isfinite(q)) return fail(i, "position", q, "is not finite");
    if (!std::isfinite(qd)) return fail(i, "velocity", qd, "is not finite");
    if (std::abs(qd) > options_.maxVelocity)
      return fail(i, "velocity", qd, "= " + num(qd) + " exceeds the bound " + num(options_.maxVelocity));
    if (elasticSlot_[i] >= 0) {
      const double qm = x_(motorIndex_ + elasticSlot_[i]), wm = driveVelocity(x_.data(), i);
      if (!std::isfinite(qm)) return fail(i, "motor-side position", qm, "is not finite");
      if (!std::isfinite(wm) || std::abs(wm) > options_.maxVelocity)
        return fail(i, "motor-side velocity", wm, "= " + num(wm) + " exceeds the bound " + num(options_.maxVelocity));
    }
    const double cur = jointCurrent(i);
    if (!std::isfinite(cur)) return fail(i, "current", cur, "is not finite");
    if (std::abs(cur) > options_.maxCurrent)
      return fail(i, "current", cur, "= " + num(cur) + " A exceeds the bound " + num(options_.maxCurrent) + " A");
  }
  return true;
}

void ForwardSimulator::outputs(Outputs& out) {
  evaluate(x_);
  out.qdd = qdd_;
  out.lambda = lambda_;
  out.driveTorque = tauDrive_;
  out.voltage = voltage_;
  out.current = current_;
}

double ForwardSimulator::kineticEnergy() {
  dh::updateJoints(data_, x_.data());
  detail::crbaPass(data_);
  const auto qd = x_.segment(n_, n_);
  double rotors = 0.0;
  for (int i = 0; i < n_; ++i) {
    const double w = driveVelocity(x_.data(), i);
    rotors += jr_(i) * w * w;
  }
  return 0.5 * qd.dot(data_.massMatrix * qd) + 0.5 * rotors;
}

double ForwardSimulator::springEnergy() const {
  double e = 0.0;
  for (int k = 0; k < ne_; ++k) {
    const double stretch = x_(motorIndex_ + k) - x_(elastic_[k]);
    e += 0.5 * drives_[elastic_[k]]->stiffness * stretch * stretch;
  }
  return e;
}

double ForwardSimulator::potentialEnergy() { return armdyn::potentialEnergy(model_, data_, x_.head(n_)); }

double ForwardSimulator::magneticEnergy() const {
  double e = 0.0;
  for (int i = 0; i < nCurrent_; ++i) e += 0.5 * drives_[i]->inductance * x_(2 * n_ + i) * x_(2 * n_ + i);
  return e;
}

}  // namespace armdyn
