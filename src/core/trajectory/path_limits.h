#pragma once
// A model's joint limits along a path, in the variables of time-optimal timing (Craig 7.8;
// Pham & Pham 2018, "TOPP-RA"): with u = sdd and x = sd^2 on a path q(s),
//   velocity       qd_j  = q'_j sqrt(x)                       |.| <= vmax_j
//   acceleration   qdd_j = q'_j u + q''_j x                    |.| <= amax_j
//   drive torque   tau_j = a_j u + b_j x + d_j sqrt(x) + c_j   |.| <= fmax_j
//   motor current  i = (tau_j / eta - N^2 Jm (1/eta - 1) qdd_j) / (N kt)   |.| <= current_limit
//   motor voltage  R i + ke N q'_j sqrt(x)                     |.| <= voltage_limit
// (the current as while the motor drives the load, actuator_sizing.h: exact then, and an upper
// bound of |i| while the load drives back; eta = 1: tau / (N kt));
// with tau the torque armdyn reports (drive_dynamics.h: rigid body + reflected rotor inertia
// Jr qdd + friction, for a robot with drives; rigid body alone otherwise):
//   a = ID(q, 0, q') - g + Jr q',  b = ID(q, q', q'') - g + Jr q'',  g = ID(q, 0, 0),
//   d = viscous q',  c = g + Coulomb friction f_c(q' sqrt(x)).
// The voltage omits L di/dt (the electrical time constant is far below the motion's), so the
// voltage channel of a forward run can exceed the line briefly where the current changes fast.
// The regularised Coulomb term depends on the speed: it is taken at an estimate xHat of x
// (exact where the solution meets the estimate: time_optimal_timing.h iterates), or, with no
// estimate, as the interval of its values over every speed of that sign.

#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

enum class PathLimitKind { Velocity, Acceleration, Torque, Current, Voltage };
// "velocity", "acceleration", "torque" (the force of a prismatic joint), "current", "voltage".
const char* pathLimitName(PathLimitKind kind);

// lo <= a u + b x + d sqrt(x) + c <= hi, with c anywhere in [cLo, cHi].
struct PathLimitRow {
  double a = 0.0, b = 0.0, d = 0.0, cLo = 0.0, cHi = 0.0, lo = 0.0, hi = 0.0;
  int joint = 0;
  PathLimitKind kind = PathLimitKind::Torque;
  // Value at (u, x) with c at its middle.
  double value(double u, double x) const;
};

// Dynamics coefficients at one point of a path (fixed-capacity: no allocation).
struct PathPointDynamics {
  JointVector dq, ddq;     // q', q''
  JointVector a, b, g;     // drive torque coefficients above (g: gravity torque)
};

class PathLimits {
 public:
  // Copies the limits and drive data it needs; keeps no reference to the model. `withDrives`
  // false: rigid-body torque only (the run's rigidBodyOnly option).
  // `fraction` (0, 1]: every limit is used at that fraction of its value (a margin).
  explicit PathLimits(const Model& model, bool withDrives = true, double fraction = 1.0);

  int dof() const { return n_; }
  // Fills `out` at path point (q, q', q''); three Newton-Euler passes. Does not allocate.
  void pointDynamics(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& dq, const Eigen::Ref<const Eigen::VectorXd>& ddq,
                     PathPointDynamics& out) const;
  // Largest x the velocity limits allow at a point (infinite when no joint moves).
  double velocityBound(const PathPointDynamics& p) const;
  // The joint whose velocity limit sets velocityBound (-1: none moves).
  int velocityJoint(const PathPointDynamics& p) const;
  // Appends the rows other than velocity at a point; xHat < 0: no estimate of x (Coulomb as an
  // interval). Returns the number appended (<= maxRowsPerPoint()).
  int appendRows(const PathPointDynamics& p, double xHat, std::vector<PathLimitRow>& out) const;
  int maxRowsPerPoint() const { return 4 * n_; }
  // Whether joint j has a limit that bounds the path acceleration through it (amax, fmax, or
  // with the drives a motor's current or voltage limit). Without one on any joint that moves,
  // nothing bounds sdd: the path speed would jump.
  bool boundsAcceleration(int j) const;
  // Whether any row depends on the speed other than through x: a sqrt(x) term (viscous
  // friction, back EMF) or the regularised Coulomb friction.
  bool speedDependent() const { return speedDependent_; }

 private:
  struct Joint {
    double vmax = 0.0, amax = 0.0, fmax = 0.0;  // 0 = none (amax, fmax)
    bool drive = false;
    double jr = 0.0, viscous = 0.0, fcPlus = 0.0, fcMinus = 0.0;
    double efficiency = 1.0, rotorN2 = 0.0;  // gear efficiency, N^2 Jm
    bool motor = false;
    double torquePerAmp = 0.0, resistance = 0.0, backEmf = 0.0;  // N kt, R, ke N
    double currentLimit = 0.0, voltageLimit = 0.0;                // 0 = none
  };
  int n_ = 0;
  std::vector<Joint> joints_;
  bool speedDependent_ = false;
};

}  // namespace armdyn
