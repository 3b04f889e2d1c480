#pragma once
// Computed-torque (model-based) control (Craig 10.7; Abuzneid & Sobh's dynamics-based loop):
//   a   = qdd_d + Kd (qd_d - qd) + Kp (q_d - q)
//   tau = (M(q) + diag(Jr)) a + C(q, qd) qd + G(q) + f(qd)   (+ J^T W(t): setToolWrench)
// with the drive terms of actuation/drive.h (none with rigidBodyOnly). With a perfect model the
// error obeys e'' + Kd e' + Kp e = 0 (critically damped for Kd = 2 sqrt(Kp)). The torque goes
// out as the drive takes it: N m; current i = tau / (N kt); or voltage
//   u = R i + ke N qd + Kc (i - i_measured)     (Kc: optional current feedback, V/A).
// Sampled every h seconds; computing does not allocate.

#include "control/controller.h"
#include "dynamics/dynamics_data.h"
#include "model/tool_wrench_profile.h"
#include "model/model.h"
#include "simulation/forward_simulation.h"

#include <vector>

namespace armdyn {

struct ComputedTorqueGains {
  Eigen::VectorXd kp;  // 1/s^2 per joint
  Eigen::VectorXd kd;  // 1/s per joint
  // Critically damped gains for a natural frequency w (rad/s): Kp = w^2, Kd = 2 w.
  static ComputedTorqueGains critical(int n, double w);
};

// Keeps a reference to `model` (it must outlive the controller).
class ComputedTorqueController : public Controller {
 public:
  // Throws std::invalid_argument for NaN or negative gains, a non-positive period, a current or
  // voltage output without a motor on every joint.
  ComputedTorqueController(const Model& model, ComputedTorqueGains gains, double samplePeriod,
                           DriveInput output, bool rigidBodyOnly = false,
                           double frictionVelocityScale = kDefaultFrictionVelocityScale, double currentGain = 0.0);
  const char* name() const override { return "computed_torque"; }
  double samplePeriod() const override { return h_; }
  void reset(const Eigen::VectorXd&) override {}
  void compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) override;
  // The tool wrench the plant is loaded with (dynamics/tool_wrench_profile.h): the model-based
  // term becomes tau = (M + diag(Jr)) a + C qd + G + J^T W(t) + f(qd), W evaluated at the
  // sample time (as the closed loop holds it). Default: none.
  void setToolWrench(const ToolWrenchProfile& wrench);

 private:
  const Model& model_;
  ComputedTorqueGains gains_;
  double h_;
  DriveInput output_;
  double vs_;
  double kc_;
  DynamicsData data_;
  std::vector<const DriveSpec*> drives_;
  Eigen::VectorXd jr_;
  JointVector a_, tau_;
  ToolWrenchProfile wrench_;
  bool wrenchActive_ = false;
  ToolWrench held_;
};

}  // namespace armdyn
