#include "control/discrete_pid.h"

#include "control/output_limits.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

PidCoefficients incrementalCoefficients(const PidGains& g, double h) {
  const double integral = g.ti > 0.0 ? h / g.ti : 0.0;
  PidCoefficients c;
  c.q0 = g.kg * (1.0 + g.td / h);
  c.q1 = -g.kg * (1.0 + 2.0 * g.td / h - integral);
  c.q2 = g.kg * g.td / h;
  return c;
}

DiscretePid::DiscretePid(std::vector<PidGains> gains, double samplePeriod, Eigen::VectorXd outputLimits)
    : gains_(std::move(gains)), h_(samplePeriod) {
  const int n = size();
  if (n == 0) throw std::invalid_argument("DiscretePid: no joints");
  if (!std::isfinite(h_) || h_ <= 0.0)
    throw std::invalid_argument("DiscretePid: sample period must be positive and finite");
  for (int i = 0; i < n; ++i) {
    const PidGains& g = gains_[i];
    const std::string j = "DiscretePid, joint " + std::to_string(i + 1) + ": ";
    if (!std::isfinite(g.kg)) throw std::invalid_argument(j + "gain Kg must be a finite number");
    if (!std::isfinite(g.ti) || g.ti < 0.0)
      throw std::invalid_argument(j + "integral time Ti must be a finite number >= 0 (0 = no integral)");
    if (!std::isfinite(g.td) || g.td < 0.0) throw std::invalid_argument(j + "derivative time Td must be a finite number >= 0");
    coef_.push_back(incrementalCoefficients(g, h_));
  }
  limit_ = outputBounds(outputLimits, n, "DiscretePid");
  reset();
}

void DiscretePid::reset(const Eigen::VectorXd& u0, const Eigen::VectorXd& e0) {
  const int n = size();
  if ((u0.size() != 0 && u0.size() != n) || (e0.size() != 0 && e0.size() != n))
    throw std::invalid_argument("DiscretePid::reset: vectors need " + std::to_string(n) + " entries");
  u0_ = u0.size() ? u0 : Eigen::VectorXd::Zero(n);
  uPrev_ = u0_;
  e1_ = e0.size() ? e0 : Eigen::VectorXd::Zero(n);
  e2_ = e1_;
}

double DiscretePid::update(int i, double e) {
  const PidCoefficients& c = coef_[i];
  double u;
  if (gains_[i].ti > 0.0) {
    u = uPrev_(i) + c.q0 * e + c.q1 * e1_(i) + c.q2 * e2_(i);  // eq 7.3
  } else {
    u = u0_(i) + gains_[i].kg * (e + gains_[i].td / h_ * (e - e1_(i)));
  }
  u = std::clamp(u, -limit_(i), limit_(i));
  uPrev_(i) = u;
  e2_(i) = e1_(i);
  e1_(i) = e;
  return u;
}

void DiscretePid::update(const Eigen::Ref<const Eigen::VectorXd>& e, Eigen::Ref<Eigen::VectorXd> u) {
  const int n = size();
  if (e.size() != n || u.size() != n)
    throw std::invalid_argument("DiscretePid::update: vectors need " + std::to_string(n) + " entries");
  for (int i = 0; i < n; ++i) u(i) = update(i, e(i));
}

}  // namespace armdyn
