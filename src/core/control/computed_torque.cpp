#include "control/computed_torque.h"

#include "dynamics/dh_ops.h"
#include "dynamics/rnea.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

ComputedTorqueGains ComputedTorqueGains::critical(int n, double w) {
  ComputedTorqueGains g;
  g.kp = Eigen::VectorXd::Constant(n, w * w);
  g.kd = Eigen::VectorXd::Constant(n, 2.0 * w);
  return g;
}

ComputedTorqueController::ComputedTorqueController(const Model& model, ComputedTorqueGains gains, double samplePeriod,
                                                   DriveInput output, bool rigidBodyOnly, double vs, double currentGain)
    : model_(model), gains_(std::move(gains)), h_(samplePeriod), output_(output), vs_(vs), kc_(currentGain), data_(model) {
  const int n = model.dof();
  if (gains_.kp.size() != n || gains_.kd.size() != n)
    throw std::invalid_argument("computed-torque controller: Kp and Kd need " + std::to_string(n) + " entries");
  for (int i = 0; i < n; ++i) {
    const std::string j = "computed-torque controller, joint " + std::to_string(i + 1) + ": ";
    if (!std::isfinite(gains_.kp(i)) || gains_.kp(i) < 0.0) throw std::invalid_argument(j + "Kp must be a finite number >= 0");
    if (!std::isfinite(gains_.kd(i)) || gains_.kd(i) < 0.0) throw std::invalid_argument(j + "Kd must be a finite number >= 0");
  }
  if (!std::isfinite(h_) || h_ < 0.0) throw std::invalid_argument("computed-torque controller: sample period must be >= 0");
  if (!std::isfinite(kc_) || kc_ < 0.0) throw std::invalid_argument("computed-torque controller: current gain must be >= 0");
  if (!(vs_ > 0.0)) throw std::invalid_argument("computed-torque controller: friction velocity scale must be positive");
  drives_.assign(n, nullptr);
  jr_.setZero(n);
  for (int i = 0; i < n; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (d && !rigidBodyOnly) {
      drives_[i] = &*d;
      jr_(i) = reflectedInertia(*d);
    }
    if (output_ != DriveInput::Torque && !(d && d->hasMotor))
      throw std::invalid_argument("computed-torque controller: a " + std::string(driveInputName(output_)) +
                                  " output needs a motor on joint " + std::to_string(i + 1));
  }
  a_.setZero(n);
  tau_.setZero(n);
}

void ComputedTorqueController::setToolWrench(const ToolWrenchProfile& wrench) {
  wrench_ = wrench;
  wrenchActive_ = !wrench.isZero();
}

void ComputedTorqueController::compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) {
  const int n = data_.n;
  const Eigen::VectorXd& q = *in.q;
  const Eigen::VectorXd& qd = *in.qd;
  const Setpoint& sp = *in.setpoint;
  for (int i = 0; i < n; ++i)
    a_(i) = sp.qdd(i) + gains_.kd(i) * (sp.qd(i) - qd(i)) + gains_.kp(i) * (sp.q(i) - q(i));
  dh::updateJoints(data_, q.data());
  // M a + C qd + G (+ J^T W(t) with a tool wrench, inside the backward pass) by one Newton-Euler
  // pass with qdd = a: the inverse dynamics itself, without forming M (the composite rigid body
  // pass and the product M a cost about as much again; computed_torque_test checks the two agree).
  double wrenchN[6];
  if (wrenchActive_) {
    wrench_.evaluate(in.t, held_);
    toolWrenchInLastFrame(model_, q.data(), held_, wrenchN);
  }
  detail::rneaPasses(data_, qd.data(), a_.data(), true, tau_.data(), wrenchActive_ ? wrenchN : nullptr);
  for (int i = 0; i < n; ++i) {
    if (drives_[i]) tau_(i) += jr_(i) * a_(i) + frictionTorque(*drives_[i], qd(i), vs_);
  }
  for (int i = 0; i < n; ++i) {
    const auto& d = model_.spec().links[i].drive;
    switch (output_) {
      case DriveInput::Torque:
        u(i) = tau_(i);
        break;
      case DriveInput::Current:
        u(i) = currentForTorque(*d, tau_(i));
        break;
      case DriveInput::Voltage: {
        const double iRef = currentForTorque(*d, tau_(i));
        u(i) = voltageFor(*d, iRef, qd(i)) + kc_ * (iRef - (*in.current)(i));
        break;
      }
    }
  }
}

}  // namespace armdyn
