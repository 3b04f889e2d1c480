#pragma once
// Forward simulation of an arm with its drives (Anderson ch. 5-6, Craig 6.12):
//   (M(q) + diag(Jr)) qdd = tau_d - f(qd) - C(q, qd) qd - G(q) + lambda
//   voltage drive:  L di/dt = u - R i - ke N qd,  tau_d = N kt i   (third-order model, ch. 5)
//   current drive:  tau_d = N kt i_cmd;   torque drive: tau_d = u
// With every joint free, qdd by the articulated-body algorithm with Jr as armature
// (dynamics/aba.h); with constraints, M by the composite rigid body algorithm and C qd + G by
// one Newton-Euler pass (dynamics/). Jr and f from actuation/drive.h (absent with rigidBodyOnly
// or joints without a drive).
// Joint constraint modes (Anderson 6.1): free, locked position, constant velocity, constant
// acceleration, in any combination. Constrained joints get their acceleration prescribed; the
// free ones are solved from the reduced system M_FF qdd_F = rhs_F - M_FC qdd_C, and lambda
// (zero on free joints) is the force the constraint exerts.
// Elastic drives (Stepniewski eqs 14-19; DriveSpec::stiffness > 0): the drive's spring and
// damper sit between the gear output qm (motor side, inertia Jr, friction f and back-EMF at qm')
// and the link q:   M_kl = k (qm - q) + l (qm' - q'),
//   motor side   Jr qm'' = tau_d - f(qm') - M_kl
//   link side    the arm's dynamics with M_kl as the joint torque (no Jr on that joint).
// The drives are stages (simulation/drive_stage.h: rigid, elastic; torque, current or voltage
// input) that the simulator composes; it knows no drive kind.
// State x = (q, qd, i, qm, qm', W_in, W_c, W_loss) in the named segments of PlantLayout: the
// currents only for a voltage drive, the motor-side angles and velocities only for the stages
// with a motor side (the elastic joints, in joint order), then three
// energy integrals (J) that the integrator carries along: input work (u i for a voltage drive,
// tau_d times the drive velocity otherwise), constraint work lambda qd (plus the work of the
// surroundings on the arm through a held tool wrench, -qd^T J^T W) and dissipation
// (f w + R i^2 + l (qm' - q')^2, w the drive velocity). Hence
//   W_in + W_c = change of (kinetic + potential + magnetic 0.5 L i^2 + spring) + W_loss.
// A tool wrench (model/tool_wrench.h), held like the input, loads the link side with J^T W.
// Inputs are held constant over a step (Anderson 6.2). Integrators: classical RK4 at a fixed
// step or Dormand-Prince 5(4) with error control (simulation/runge_kutta.h). After every step a
// divergence check names joint, time and quantity. Stepping does not allocate.

#include "actuation/drive.h"
#include "dynamics/aba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/tool_wrench_frames.h"
#include "model/model.h"
#include "simulation/drive_stage.h"
#include "simulation/runge_kutta.h"

#include <Eigen/Core>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

// DriveInput and driveInputName: simulation/drive_stage.h.

enum class JointMode { Free, Locked, ConstantVelocity, ConstantAcceleration };
const char* jointModeName(JointMode mode);     // "free", "locked", "constant_velocity", ...

struct JointConstraint {
  JointMode mode = JointMode::Free;
  double acceleration = 0.0;  // rad/s^2 (m/s^2), ConstantAcceleration only
};

enum class IntegratorKind { RungeKutta4, DormandPrince45 };

// The fixed RK4 step is too long for a mode of the plant (a motor's electrical pole, an elastic
// drive's spring): the run would blow up. A caller blames the setting that chose the step.
class UnstableStepError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct ForwardOptions {
  DriveInput input = DriveInput::Torque;
  IntegratorKind integrator = IntegratorKind::RungeKutta4;
  double step = 1e-3;             // RK4 step; for Dormand-Prince the longest output interval, s
  double rtol = 1e-9, atol = 1e-11;  // Dormand-Prince tolerances
  bool rigidBodyOnly = false;     // ignore drive inertia and friction (torque input only)
  double frictionVelocityScale = kDefaultFrictionVelocityScale;  // rad/s (m/s)
  bool applyLimits = true;        // voltage and current limits of the drives
  std::vector<JointConstraint> constraints;  // empty = every joint free
  double maxVelocity = 1e3;       // divergence bound on |qd|, rad/s (m/s)
  double maxCurrent = 1e4;        // divergence bound on |i|, A
  ToolWrench toolWrench;          // initial held tool wrench (setToolWrench changes it)
};

// The step the run was refused for, or the quantity that diverged.
struct Divergence {
  bool diverged = false;
  int joint = -1;         // 0-based
  double time = 0.0;      // s
  std::string quantity;   // "position", "velocity", "current"
  double value = 0.0;
  std::string message;
};

// Keeps a reference to `model`: the Model must outlive the simulator (Models are immutable).
class ForwardSimulator {
 public:
  // Validates drives and options; throws ModelError / std::invalid_argument with a clear
  // message: voltage or current input without a motor on every joint, constraints of the wrong
  // size, a step above 2.785 L/R (RK4 stability limit of the electrical pole) for RK4 with a
  // voltage drive. Milder stiffness concerns (regularised friction) become warnings().
  ForwardSimulator(const Model& model, ForwardOptions options);

  const Model& model() const { return model_; }
  const ForwardOptions& options() const { return options_; }
  int dof() const { return n_; }
  bool hasCurrentState() const { return layout_.current.size > 0; }
  // Named segments of state() (q, qd, current, motor angle, motor velocity, energy).
  const PlantLayout& layout() const { return layout_; }
  // Joints with an elastic drive (0-based, increasing); empty for a rigid arm.
  const std::vector<int>& elasticJoints() const { return stages_.motorSideJoints(); }
  bool hasElasticDrives() const { return !stages_.motorSideJoints().empty(); }
  const std::vector<std::string>& warnings() const { return warnings_; }

  // Sets the state; locked joints get qd = 0. current may be empty (zeros). Resets the time
  // and the energy integrals. Elastic drives start with their springs relaxed (qm = q,
  // qm' = qd); setMotorState or settleSprings change that.
  void setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                const Eigen::VectorXd& current = Eigen::VectorXd());
  // Motor-side angles and velocities of the elastic joints (n entries each; the rigid joints'
  // entries are ignored).
  void setMotorState(const Eigen::VectorXd& qm, const Eigen::VectorXd& qmd);
  // Winds each elastic joint's spring so it holds the link still against gravity and the held
  // tool wrench at the present q: qm = q + tau_static / k, qm' = qd.
  void settleSprings();
  // Gear-output angles qm (rad or m): the state for elastic joints, q for rigid ones.
  void motorAngles(Eigen::Ref<Eigen::VectorXd> qm) const;
  void motorVelocities(Eigen::Ref<Eigen::VectorXd> qmd) const;
  // Held tool wrench (model/tool_wrench.h). Does not allocate.
  void setToolWrench(const ToolWrench& wrench);
  const ToolWrench& toolWrench() const { return wrench_; }
  // Held input (V, A or N m per joint). Voltage and current limits apply when enabled.
  void setInput(const Eigen::Ref<const Eigen::VectorXd>& u);

  double time() const { return t_; }
  Eigen::Ref<const Eigen::VectorXd> q() const { return segment(layout_.q); }
  Eigen::Ref<const Eigen::VectorXd> qd() const { return segment(layout_.qd); }
  // Motor currents (A): the state for a voltage drive, the commanded current for a current
  // drive, zeros for a torque drive.
  Eigen::Ref<const Eigen::VectorXd> current() const {
    if (currentIsState_) return segment(layout_.current);
    return driveView().current;
  }
  double inputWork() const { return x_(layout_.energy.at(PlantLayout::kInputWork)); }
  // lambda qd and -qd^T J^T W, J
  double constraintWork() const { return x_(layout_.energy.at(PlantLayout::kConstraintWork)); }
  double dissipatedEnergy() const { return x_(layout_.energy.at(PlantLayout::kDissipated)); }

  // Advances by h (RK4: one step; Dormand-Prince: adaptive steps up to t + h). Returns false
  // and fills divergence() when the state diverges (the run must stop). Does not allocate.
  bool advance(double h);
  const Divergence& divergence() const { return divergence_; }

  // Quantities at the current state and held input (they evaluate the model once):
  // joint accelerations, constraint forces lambda, the drive torque tau_d (N kt i or u) and the
  // voltage actually applied (after limits; NaN without a voltage drive).
  struct Outputs {
    Eigen::VectorXd qdd, lambda, driveTorque, voltage, current;
  };
  void outputs(Outputs& out);
  // Applied voltage (NaN without a voltage drive), current and drive torque at the current
  // state and held input (kept up to date by every step and input change). Does not allocate.
  void driveOutputs(Eigen::Ref<Eigen::VectorXd> voltage, Eigen::Ref<Eigen::VectorXd> current,
                    Eigen::Ref<Eigen::VectorXd> torque) const;
  // The same without copies, valid until the next step, input or state change.
  struct DriveView {
    Eigen::VectorXd voltage, current, torque;
  };
  const DriveView& driveView() const;
  // Kinetic (rigid body + rotors), potential, magnetic and spring energy at the current state, J.
  double kineticEnergy();
  double potentialEnergy();
  double magneticEnergy() const;
  double springEnergy() const;

  // dx/dt for the held input: the model the integrators see (public for tests).
  void derivative(double t, const Eigen::VectorXd& x, Eigen::VectorXd& xdot);
  const Eigen::VectorXd& state() const { return x_; }

 private:
  Eigen::Ref<const Eigen::VectorXd> segment(const StateSegment& s) const { return x_.segment(s.offset, s.size); }
  void evaluate(const Eigen::VectorXd& x);  // fills the per-evaluation buffers below
  void loadJointAngles(const double* q);    // sin/cos of the joint angles into aba_
  // Motor current of joint i at x_ and the held input (for the divergence check).
  double jointCurrent(int i) const;
  bool checkDivergence();

  const Model& model_;
  ForwardOptions options_;
  int n_;
  DriveStages stages_;  // one per joint; they own the current and motor-side segments of x
  PlantLayout layout_;  // = stages_.layout()
  Eigen::VectorXd jrLink_;  // armature the link dynamics sees (each stage's linkArmature)
  ToolWrench wrench_;
  bool wrenchActive_ = false;
  bool currentIsState_ = false;  // voltage drive with L > 0 on every joint: current() = x_ part
  DynamicsData data_;
  AbaData aba_;
  // Last angles whose sin/cos were computed directly (NaN: none yet), with those values.
  double trigAngle_[kMaxLinks], trigCos_[kMaxLinks], trigSin_[kMaxLinks];
  std::vector<int> free_, constrained_;
  std::vector<std::string> warnings_;

  double t_ = 0.0;
  Eigen::VectorXd x_;
  Eigen::VectorXd u_;          // held input after limits
  // Drive view at x_ and the held input, computed when first read after a change: a closed
  // loop changes the input right after each step, and a step need not compute it twice.
  mutable DriveView view_;
  mutable bool viewValid_ = false;
  // Ends the run: divergence() says where (t_), what and why. Returns false (advance's result).
  bool stopRun(const char* quantity, std::string message);
  bool singularMass_ = false;  // a stage of the current step met a mass matrix that is not positive definite
  Divergence divergence_;

  // Evaluation buffers (fixed capacity, no allocation).
  DriveEval drive_;
  JointMatrix mbar_, mff_;
  JointVector rhs_, qdd_, lambda_, rhsF_, tauWrench_;
  double constraintPower_ = 0.0;  // W, rate of the constraint work

  std::unique_ptr<RungeKutta4> rk4_;
  std::unique_ptr<DormandPrince45> dopri_;
  Eigen::VectorXd xdotScratch_;
};

}  // namespace armdyn
