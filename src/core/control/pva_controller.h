#pragma once
// Position/velocity/acceleration feedback (Stepniewski, eq 20), per joint, every sample n:
//   u_n = u_{n-1} - [K_phi K_omega K_eps] [dtheta_n  dtheta'_n  dtheta''_n]^T
//   dtheta   = q - q_d                      (measured minus desired position, rad or m)
//   dtheta'  = qd - qd_d                    (measured velocity minus desired, rad/s)
//   dtheta'' = (qd_n - qd_{n-1}) / h - qdd_d (the measured acceleration is the backward
//              difference of the measured velocity over the sample period h; the first sample
//              after reset() takes dtheta'' = 0)
// The law is incremental: u accumulates the weighted errors, an integral of them. Output
// limits as the PID's (control/discrete_pid.h): u_n is clamped to [-limit, limit] and the
// clamped value is what the next sample starts from, so the sum cannot wind up.
// Units, for the drive input's unit U (V, A or N m; N for a prismatic joint's torque drive):
//   K_phi in U/rad (per sample), K_omega in U/(rad/s), K_eps in U/(rad/s^2).
//
// Equivalence with a PID. Divided by h the increment is the derivative of u:
//   (u_n - u_{n-1}) / h = -(K_phi/h) dtheta - (K_omega/h) dtheta' - (K_eps/h) dtheta'',
// which is d/dt of the continuous PID u = Ki int e + Kp e + Kd e' (e = q_d - q = -dtheta) when
//   K_phi = Ki h,   K_omega = Kp h,   K_eps = Kd h.
// Kp's increment Kp (e_n - e_{n-1}) is Kp h e' to first order, Kd's Kd h e''. In Anderson's terms
// (Kg, Ti, Td: Kp = Kg, Ki = Kg / Ti, Kd = Kg Td) that is K_phi = Kg h / Ti, K_omega = Kg h,
// K_eps = Kg Td h (PvaGains::fromPid). Exactly: when the measured velocity is the backward
// difference of the measured position, (q_n - q_{n-1}) / h, and the setpoint is held, the
// increment is Ki h e_n + Kp (e_n - e_{n-1}) + Kd / h (e_n - 2 e_{n-1} + e_{n-2}): Anderson's
// incremental PID (eqs 7.3-7.7) with the integral's rectangle taken at e_n instead of e_{n-1},
// so the outputs differ by exactly Ki h (e_n - e_0) (tested to rounding).
// The position error enters only through K_phi: Kp's action comes from the velocity error, so a
// setpoint that jumps in position without a velocity (a step) is followed by the integral term
// alone; a planned trajectory, whose qd_d is the derivative of q_d, is followed by all three.
// Start: from the output given by setInitialOutput (the input that holds q0 against gravity,
// bumpless), zeros otherwise.

#include "control/controller.h"
#include "control/discrete_pid.h"

#include <vector>

namespace armdyn {

// Default sample period of the law, s (1 kHz).
constexpr double kPvaDefaultSamplePeriod = 1e-3;

struct PvaGains {
  Eigen::VectorXd kPhi;    // U/rad per sample, per joint
  Eigen::VectorXd kOmega;  // U/(rad/s) per joint
  Eigen::VectorXd kEps;    // U/(rad/s^2) per joint
  // The incremental law at sample period h equivalent to the PID of `pid` (Kg, Ti, Td per
  // joint; Ti = 0 means no integral, K_phi = 0): K_phi = Kg h / Ti, K_omega = Kg h,
  // K_eps = Kg Td h.
  static PvaGains fromPid(const std::vector<PidGains>& pid, double h);
};

class PvaController : public Controller {
 public:
  // Gains per joint, the sample period h (s) and symmetric output limits per joint (0 or
  // infinity = unlimited; empty = none). Throws std::invalid_argument for gain vectors of
  // different sizes or none, a gain that is not finite or negative, a joint whose three gains
  // are all zero, a non-positive period, or a limits vector of the wrong size.
  PvaController(PvaGains gains, double samplePeriod, Eigen::VectorXd outputLimits = Eigen::VectorXd());
  const char* name() const override { return "pva"; }
  double samplePeriod() const override { return h_; }
  int size() const { return static_cast<int>(gains_.kPhi.size()); }
  const PvaGains& gains() const { return gains_; }
  const Eigen::VectorXd& outputLimits() const { return limit_; }
  // Output u_{-1} the recursion starts from (zeros when empty). Throws for the wrong size.
  void setInitialOutput(const Eigen::VectorXd& u0);
  // u_{-1} = the initial output; the next sample is the first (zero acceleration error).
  void reset(const Eigen::VectorXd& q0) override;
  // One sample. Does not allocate.
  void compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) override;

 private:
  PvaGains gains_;
  double h_;
  Eigen::VectorXd limit_;          // symmetric bound per joint (infinity = none)
  Eigen::VectorXd u0_;             // u_{-1}
  Eigen::VectorXd uPrev_, qdPrev_; // u_{n-1}, measured qd_{n-1}
  bool first_ = true;
};

}  // namespace armdyn
