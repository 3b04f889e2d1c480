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

  std::vector<const DriveSpec*> drives(n_, nullptr);
  for (int i = 0; i < n_; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (d && !o.rigidBodyOnly) {
      drives[i] = &*d;
      for (const std::string& w : driveWarnings(*d, "links[" + std::to_string(i + 1) + "].drive")) warnings_.push_back(w);
    }
    if (o.input != DriveInput::Torque && !(drives[i] && drives[i]->hasMotor))
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

  stages_ = DriveStages(drives, o.input, o.applyLimits, o.frictionVelocityScale);
  layout_ = stages_.layout();
  jrLink_.setZero(n_);
  bool stepCheck = false;
  for (int i = 0; i < n_; ++i) {
    const DriveStage& s = stages_.stage(i);
    jrLink_(i) = s.kind->linkArmature(s);
    if (s.kind->rk4StepProblem) stepCheck = true;
  }
  currentIsState_ = layout_.current.size > 0;
  for (int i = 0; i < n_; ++i)
    if (currentIsState_ && !(stages_.stage(i).inverseL > 0.0)) currentIsState_ = false;
  wrench_ = o.toolWrench;
  if (!wrench_.force.allFinite() || !wrench_.moment.allFinite())
    throw std::invalid_argument("forward simulation: the tool wrench must be finite");
  wrenchActive_ = !wrench_.isZero();

  x_.setZero(layout_.size);
  u_.setZero(n_);
  view_.voltage.setZero(n_);
  view_.current.setZero(n_);
  view_.torque.setZero(n_);
  xdotScratch_.setZero(x_.size());

  // Stability of fixed-step RK4 on the fastest electrical pole -R/L: refuse, the run would blow up.
  if (o.integrator == IntegratorKind::RungeKutta4 && o.input == DriveInput::Voltage) {
    for (int i = 0; i < n_; ++i) {
      const std::string why = rk4StepRefusal(*stages_.stage(i).spec, i, o.step);
      if (!why.empty()) throw UnstableStepError("forward simulation: " + why);
    }
  }
  // A coupling's own mode (an elastic drive's spring) at the home configuration, with the link
  // side as the rest of the arm lets it move: Mbar = M + the link armatures.
  if (o.integrator == IntegratorKind::RungeKutta4 && stepCheck) {
    Eigen::MatrixXd Mbar = massMatrix(model, model.home());
    Mbar.diagonal() += jrLink_;
    const Eigen::MatrixXd Minv = Mbar.inverse();
    for (int i = 0; i < n_; ++i) {
      const DriveStage& s = stages_.stage(i);
      if (!s.kind->rk4StepProblem) continue;
      const std::string problem = s.kind->rk4StepProblem(s, o.step, Minv(i, i));
      if (!problem.empty()) throw UnstableStepError(problem);
    }
  }
  // Regularised friction is stiff near qd = 0: warn when h df/dqd / (M_ii + Jr) leaves RK4's
  // real stability interval (at the home configuration).
  if (o.integrator == IntegratorKind::RungeKutta4) {
    const Eigen::MatrixXd M = massMatrix(model, model.home());
    for (int i = 0; i < n_; ++i) {
      const DriveStage& s = stages_.stage(i);
      if (!s.spec) continue;
      // On a motor side (an elastic drive) the friction acts on the motor-side inertia alone.
      const double inertia = s.motorAngleAt >= 0 ? s.inertia : M(i, i) + s.inertia;
      const double rate = frictionStiffness(*s.spec, o.frictionVelocityScale) / inertia;
      if (o.step * rate > kRk4RealStabilityLimit)
        warnings_.push_back("joint " + std::to_string(i + 1) + ": friction is stiff for RK4 at step " + messageNumber(o.step) +
                            " s (h df/dqd / J = " + messageNumber(o.step * rate) + " > 2.785); raise the friction velocity scale, "
                            "lower the step or use the adaptive integrator");
    }
  }

  for (int k = 0; k < kMaxLinks; ++k) trigAngle_[k] = trigCos_[k] = trigSin_[k] = std::numeric_limits<double>::quiet_NaN();
  mbar_.setZero(n_, n_);
  mff_.setZero(n_, n_);
  rhs_.setZero(n_);
  qdd_.setZero(n_);
  lambda_.setZero(n_);
  rhsF_.setZero(n_);
  tauWrench_.setZero(n_);
  drive_ = DriveEval();
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
  x_.segment(layout_.q.offset, n_) = q;
  x_.segment(layout_.qd.offset, n_) = qd;
  for (int i = 0; i < n_; ++i)
    if (!options_.constraints.empty() && options_.constraints[i].mode == JointMode::Locked) x_(layout_.qd.at(i)) = 0.0;
  if (layout_.current.size > 0 && current.size() == n_) x_.segment(layout_.current.offset, n_) = current;
  // Motor sides start relaxed: qm = q, qm' = qd.
  for (int i : stages_.motorSideJoints()) {
    x_(stages_.stage(i).motorAngleAt) = x_(layout_.q.at(i));
    x_(stages_.stage(i).motorVelocityAt) = x_(layout_.qd.at(i));
  }
  t_ = 0.0;
  divergence_ = Divergence();
  if (dopri_) dopri_->setSuggestedStep(0.0);
  viewValid_ = false;
}

void ForwardSimulator::setMotorState(const Eigen::VectorXd& qm, const Eigen::VectorXd& qmd) {
  if (qm.size() != n_ || qmd.size() != n_)
    throw std::invalid_argument("ForwardSimulator::setMotorState: qm and qmd need " + std::to_string(n_) + " entries");
  for (int i : stages_.motorSideJoints()) {
    if (!std::isfinite(qm(i)) || !std::isfinite(qmd(i)))
      throw std::invalid_argument("ForwardSimulator::setMotorState: the state must be finite");
    x_(stages_.stage(i).motorAngleAt) = qm(i);
    x_(stages_.stage(i).motorVelocityAt) = qmd(i);
  }
  viewValid_ = false;
}

void ForwardSimulator::settleSprings() {
  if (stages_.motorSideJoints().empty()) return;
  staticTorques(model_, data_, q(), wrench_, data_.bias);
  for (int i : stages_.motorSideJoints()) {
    const DriveStage& s = stages_.stage(i);
    if (!s.kind->settledTwist) continue;
    x_(s.motorAngleAt) = x_(layout_.q.at(i)) + s.kind->settledTwist(s, data_.bias(i));
    x_(s.motorVelocityAt) = x_(layout_.qd.at(i));
  }
  viewValid_ = false;
}

void ForwardSimulator::motorAngles(Eigen::Ref<Eigen::VectorXd> qm) const {
  for (int i = 0; i < n_; ++i) qm(i) = stages_.motorAngle(i, x_.data());
}

void ForwardSimulator::motorVelocities(Eigen::Ref<Eigen::VectorXd> qmd) const {
  for (int i = 0; i < n_; ++i) qmd(i) = stages_.velocity(i, x_.data());
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
  stages_.limitInputs(u.data(), u_.data());
  viewValid_ = false;
}

void ForwardSimulator::driveOutputs(Eigen::Ref<Eigen::VectorXd> voltage, Eigen::Ref<Eigen::VectorXd> current,
                                    Eigen::Ref<Eigen::VectorXd> torque) const {
  const DriveView& v = driveView();
  voltage = v.voltage;
  current = v.current;
  torque = v.torque;
}

void ForwardSimulator::evaluate(const Eigen::VectorXd& x) {
  const double* q = x.data() + layout_.q.offset;
  const double* qd = x.data() + layout_.qd.offset;
  // The drive stages: the joint torques on the links (rhs), their own state's rates, the powers.
  stages_.evaluate(x.data(), u_.data(), drive_, rhs_.data());

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
    out[layout_.q.at(i)] = x(layout_.qd.at(i));
    out[layout_.qd.at(i)] = qdd_(i);
  }
  stages_.stateRates(x.data(), drive_, out);
  out[layout_.energy.at(PlantLayout::kInputWork)] = drive_.inputPower;
  out[layout_.energy.at(PlantLayout::kConstraintWork)] = constraintPower_;
  out[layout_.energy.at(PlantLayout::kDissipated)] = drive_.lossPower;
}

const ForwardSimulator::DriveView& ForwardSimulator::driveView() const {
  if (!viewValid_) {
    stages_.joints(x_.data(), u_.data(), view_.torque.data(), view_.current.data(), view_.voltage.data());
    viewValid_ = true;
  }
  return view_;
}

double ForwardSimulator::jointCurrent(int i) const {
  // With an inductance the current is state; otherwise it follows from the input.
  const DriveStage& s = stages_.stage(i);
  if (s.currentAt >= 0 && s.inverseL > 0.0) return x_(s.currentAt);
  double tau, cur, volt, di;
  stages_.joint(i, x_.data(), u_.data(), tau, cur, volt, di);
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
    if (!ok)
      return stopRun("step size", "adaptive integrator: step size fell below its minimum at t = " + messageNumber(t_) +
                                      " s (the equations are too stiff or the state diverges)");
  }
  viewValid_ = false;
  if (singularMass_) {
    // A stage met a mass matrix that is not positive definite (a non-physical inertia or a
    // state gone wild): the step's result means nothing. A status, like any divergence.
    return stopRun("mass matrix", "diverged at t = " + messageNumber(t_) +
                                      " s: the mass matrix is not positive definite (check the links' inertias and masses)");
  }
  return checkDivergence();
}

bool ForwardSimulator::stopRun(const char* quantity, std::string message) {
  divergence_.diverged = true;
  divergence_.time = t_;
  divergence_.quantity = quantity;
  divergence_.message = std::move(message);
  return false;
}

bool ForwardSimulator::checkDivergence() {
  auto fail = [&](int joint, const char* quantity, double value, const std::string& why) {
    divergence_.joint = joint;
    divergence_.value = value;
    return stopRun(quantity, "diverged at t = " + messageNumber(t_) + " s: joint " + std::to_string(joint + 1) + " " +
                                 quantity + " " + why);
  };
  for (int i = 0; i < n_; ++i) {
    const double q = x_(layout_.q.at(i)), qd = x_(layout_.qd.at(i));
    if (!std::isfinite(q)) return fail(i, "position", q, "is not finite");
    if (!std::isfinite(qd)) return fail(i, "velocity", qd, "is not finite");
    if (std::abs(qd) > options_.maxVelocity)
      return fail(i, "velocity", qd, "= " + messageNumber(qd) + " exceeds the bound " + messageNumber(options_.maxVelocity));
    if (stages_.stage(i).motorAngleAt >= 0) {
      const double qm = stages_.motorAngle(i, x_.data()), wm = stages_.velocity(i, x_.data());
      if (!std::isfinite(qm)) return fail(i, "motor-side position", qm, "is not finite");
      if (!std::isfinite(wm) || std::abs(wm) > options_.maxVelocity)
        return fail(i, "motor-side velocity", wm, "= " + messageNumber(wm) + " exceeds the bound " + messageNumber(options_.maxVelocity));
    }
    const double cur = jointCurrent(i);
    if (!std::isfinite(cur)) return fail(i, "current", cur, "is not finite");
    if (std::abs(cur) > options_.maxCurrent)
      return fail(i, "current", cur, "= " + messageNumber(cur) + " A exceeds the bound " + messageNumber(options_.maxCurrent) + " A");
  }
  return true;
}

void ForwardSimulator::outputs(Outputs& out) {
  evaluate(x_);
  out.qdd = qdd_;
  out.lambda = lambda_;
  out.driveTorque = Eigen::Map<const Eigen::VectorXd>(drive_.torque, n_);
  out.voltage = Eigen::Map<const Eigen::VectorXd>(drive_.voltage, n_);
  out.current = Eigen::Map<const Eigen::VectorXd>(drive_.current, n_);
}

double ForwardSimulator::kineticEnergy() {
  dh::updateJoints(data_, x_.data() + layout_.q.offset);
  detail::crbaPass(data_);
  const auto v = qd();
  return 0.5 * v.dot(data_.massMatrix * v) + stages_.rotorKineticEnergy(x_.data());
}

double ForwardSimulator::springEnergy() const { return stages_.storedEnergy(x_.data()); }

double ForwardSimulator::potentialEnergy() { return armdyn::potentialEnergy(model_, data_, q()); }

double ForwardSimulator::magneticEnergy() const { return stages_.magneticEnergy(x_.data()); }

}  // namespace armdyn
