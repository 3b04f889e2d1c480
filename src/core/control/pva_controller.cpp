#include "control/pva_controller.h"

#include "control/output_limits.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

PvaGains PvaGains::fromPid(const std::vector<PidGains>& pid, double h) {
  const auto n = static_cast<Eigen::Index>(pid.size());
  PvaGains g;
  g.kPhi.resize(n);
  g.kOmega.resize(n);
  g.kEps.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const PidGains& p = pid[static_cast<std::size_t>(i)];
    g.kPhi(i) = p.ti > 0.0 ? p.kg * h / p.ti : 0.0;  // Ki h, Ki = Kg / Ti
    g.kOmega(i) = p.kg * h;                          // Kp h
    g.kEps(i) = p.kg * p.td * h;                     // Kd h, Kd = Kg Td
  }
  return g;
}

PvaController::PvaController(PvaGains gains, double samplePeriod, Eigen::VectorXd outputLimits)
    : gains_(std::move(gains)), h_(samplePeriod) {
  const int n = size();
  if (n == 0) throw std::invalid_argument("PVA controller: no joints");
  if (gains_.kOmega.size() != n || gains_.kEps.size() != n)
    throw std::invalid_argument("PVA controller: K_phi, K_omega and K_eps need one entry per joint each (" +
                                std::to_string(n) + ", " + std::to_string(gains_.kOmega.size()) + ", " +
                                std::to_string(gains_.kEps.size()) + " given)");
  if (!std::isfinite(h_) || h_ <= 0.0) throw std::invalid_argument("PVA controller: sample period must be positive and finite");
  for (int i = 0; i < n; ++i) {
    const std::string j = "PVA controller, joint " + std::to_string(i + 1) + ": ";
    const double k[3] = {gains_.kPhi(i), gains_.kOmega(i), gains_.kEps(i)};
    const char* names[3] = {"K_phi", "K_omega", "K_eps"};
    for (int m = 0; m < 3; ++m)
      if (!std::isfinite(k[m]) || k[m] < 0.0) throw std::invalid_argument(j + names[m] + " must be a finite number >= 0");
    if (k[0] == 0.0 && k[1] == 0.0 && k[2] == 0.0)
      throw std::invalid_argument(j + "K_phi, K_omega and K_eps are all zero (no feedback)");
  }
  limit_ = outputBounds(outputLimits, n, "PVA controller");
  u0_.setZero(n);
  uPrev_.setZero(n);
  qdPrev_.setZero(n);
}

void PvaController::setInitialOutput(const Eigen::VectorXd& u0) {
  const int n = size();
  if (u0.size() != 0 && u0.size() != n)
    throw std::invalid_argument("PVA controller: initial output needs " + std::to_string(n) + " entries");
  if (u0.size()) {
    u0_ = u0;
  } else {
    u0_.setZero();
  }
}

void PvaController::reset(const Eigen::VectorXd&) {
  uPrev_ = u0_;
  qdPrev_.setZero();
  first_ = true;
}

void PvaController::compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) {
  const int n = size();
  const Eigen::VectorXd& q = *in.q;
  const Eigen::VectorXd& qd = *in.qd;
  const Setpoint& sp = *in.setpoint;
  if (q.size() != n || qd.size() != n || u.size() != n || sp.q.size() != n)
    throw std::invalid_argument("PVA controller: vectors need " + std::to_string(n) + " entries");
  for (int i = 0; i < n; ++i) {
    const double position = q(i) - sp.q(i);                                   // dtheta
    const double velocity = qd(i) - sp.qd(i);                                 // dtheta'
    const double acceleration = first_ ? 0.0 : (qd(i) - qdPrev_(i)) / h_ - sp.qdd(i);  // dtheta''
    double v = uPrev_(i) - (gains_.kPhi(i) * position + gains_.kOmega(i) * velocity + gains_.kEps(i) * acceleration);
    v = std::clamp(v, -limit_(i), limit_(i));
    uPrev_(i) = v;
    qdPrev_(i) = qd(i);
    u(i) = v;
  }
  first_ = false;
}

}  // namespace armdyn
