#pragma once
// Independent joint PID control (Anderson 7.6-7.7): e = q_d - q per joint into the discrete
// incremental PID of control/discrete_pid.h (eqs 7.3-7.7), output in the drive's unit (V for
// Anderson's voltage-driven PUMA, with the power amplifier a unit gain). Anderson's servo
// period is 28/30 ms (about 30 samples per 28 ms setpoint interval, 7.1).

#include "control/controller.h"
#include "control/discrete_pid.h"

namespace armdyn {

constexpr double kAndersonServoPeriod = 0.028 / 30.0;  // s
constexpr double kAndersonSetpointPeriod = 0.028;      // s

class PidController : public Controller {
 public:
  explicit PidController(DiscretePid pid) : pid_(std::move(pid)), e_(pid_.size()) {}
  const char* name() const override { return "pid"; }
  double samplePeriod() const override { return pid_.samplePeriod(); }
  void reset(const Eigen::VectorXd&) override { pid_.reset(initialOutput_); }
  void compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) override {
    e_ = in.setpoint->q - *in.q;
    pid_.update(e_, u);
  }
  // Output U(-1) the recursion starts from (zeros by default).
  void setInitialOutput(const Eigen::VectorXd& u0) { initialOutput_ = u0; }
  const DiscretePid& pid() const { return pid_; }

 private:
  DiscretePid pid_;
  Eigen::VectorXd e_;
  Eigen::VectorXd initialOutput_;
};

}  // namespace armdyn
