#pragma once
// A sampled joint controller (Anderson 7.6; Craig 6.12's control loop): every sample period h
// it reads the measured state (q, qd, motor currents) and the setpoint (q_d, qd_d, qdd_d) and
// writes the drive input u (V, A or N m per joint, by the run's DriveInput), which the plant
// holds until the next sample (Anderson 7.6 step 3).

#include <Eigen/Core>
#include <functional>

namespace armdyn {

// Desired joint position, velocity and acceleration (rad, rad/s, rad/s^2; m for prismatic).
struct Setpoint {
  Eigen::VectorXd q, qd, qdd;
  void resize(int n) {
    q.setZero(n);
    qd.setZero(n);
    qdd.setZero(n);
  }
};

// Setpoint at time t (s), written into sp (already sized n). Must not allocate.
using SetpointFunction = std::function<void(double t, Setpoint& sp)>;

struct ControllerInput {
  double t = 0.0;
  const Eigen::VectorXd* q = nullptr;
  const Eigen::VectorXd* qd = nullptr;
  const Eigen::VectorXd* current = nullptr;  // A (zeros for a torque drive)
  const Setpoint* setpoint = nullptr;
};

class Controller {
 public:
  virtual ~Controller() = default;
  virtual const char* name() const = 0;
  // Sample period h, s; 0 = every integration step.
  virtual double samplePeriod() const = 0;
  // Called once before a run with the initial state.
  virtual void reset(const Eigen::VectorXd& q0) = 0;
  // One sample. Must not allocate.
  virtual void compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) = 0;
};

}  // namespace armdyn
