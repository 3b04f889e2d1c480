#pragma once
// Discrete PID per joint in incremental (velocity) form, Anderson eqs 7.3-7.7 (Astrom):
//   U(k) = U(k-1) + q0 e(k) + q1 e(k-1) + q2 e(k-2)
//   q0 = Kg (1 + Td/h),   q1 = -Kg (1 + 2 Td/h - h/Ti),   q2 = Kg Td/h
// the recursion of eq 7.2, u(k) = Kg (e(k) + h/Ti sum_{i<k} e(i) + Td/h (e(k) - e(k-1))),
// with h the controller's own sample period. (The printed eq 7.6 lost the minus sign of q1:
// without it the recursion does not reproduce eq 7.2.) Ti = 0 means no integral action; the
// controller then runs in positional form u = U0 + Kg (e + Td/h (e(k) - e(k-1))).
// Output limits: U(k) is clamped to [uMin, uMax] and the clamped value is what the recursion
// remembers, so the integral cannot wind up (the incremental form's own anti-windup).
// Units: e in rad (m), U in V, A or N m as the drive takes it; Kg in U/rad, Ti, Td, h in s.

#include <Eigen/Core>
#include <limits>
#include <vector>

namespace armdyn {

struct PidGains {
  double kg = 0.0;  // gain factor Kg
  double ti = 0.0;  // integral time Ti, s (0 = no integral action)
  double td = 0.0;  // derivative time Td, s
};

// Eqs 7.5-7.7.
struct PidCoefficients {
  double q0 = 0.0, q1 = 0.0, q2 = 0.0;
};
PidCoefficients incrementalCoefficients(const PidGains& gains, double samplePeriod);

class DiscretePid {
 public:
  // One set of gains per joint, the sample period h (s) and symmetric output limits per joint
  // (0 or infinity = unlimited). Throws std::invalid_argument for NaN/infinite/negative gains,
  // Ti or Td, a non-positive period, or a limits vector of the wrong size.
  DiscretePid(std::vector<PidGains> gains, double samplePeriod, Eigen::VectorXd outputLimits = Eigen::VectorXd());

  int size() const { return static_cast<int>(gains_.size()); }
  double samplePeriod() const { return h_; }
  const std::vector<PidGains>& gains() const { return gains_; }
  const Eigen::VectorXd& outputLimits() const { return limit_; }

  // Starts from output u0 (bumpless start; zeros when empty) with e(-1) = e(-2) = e0 (zeros
  // when empty).
  void reset(const Eigen::VectorXd& u0 = Eigen::VectorXd(), const Eigen::VectorXd& e0 = Eigen::VectorXd());
  // One sample: error e(k) in, U(k) out (both size()). Does not allocate.
  void update(const Eigen::Ref<const Eigen::VectorXd>& e, Eigen::Ref<Eigen::VectorXd> u);
  // Single joint form of update().
  double update(int joint, double e);

 private:
  std::vector<PidGains> gains_;
  std::vector<PidCoefficients> coef_;
  double h_;
  Eigen::VectorXd limit_;                 // symmetric bound per joint (infinity = none)
  Eigen::VectorXd uPrev_, e1_, e2_, u0_;  // U(k-1), e(k-1), e(k-2), positional offset
};

}  // namespace armdyn
