#pragma once
// Joint drive (Anderson ch. 5, his motor equations carried through a gear to the joint side):
// a permanent-magnet DC motor behind a gear of ratio N, joint side quantities unless stated.
//   electrical, eq 5.1 with w = N q (eq 5.3):   L di/dt = u - R i - ke N qd
//   torque, eq 5.2 through the gear:            tau_m = N kt i             (N m at the joint)
//   reflected inertia on the joint axis:        Jr = N^2 Jm + J_reflected  (kg m^2)
//   friction (joint side, Anderson's H_i qd plus asymmetric Coulomb; Armstrong 1986):
//     f(qd) = b qd + (Fc+ + Fc-)/2 tanh(qd/vs) + (Fc+ - Fc-)/2 tanh^2(qd/vs)
//   which tends to b qd + Fc+ for qd >> vs and b qd - Fc- for qd << -vs, is smooth, and
//   dissipates (f(qd) qd >= 0). The velocity scale vs regularises the sign function so the
//   equations stay non-stiff enough for explicit integration: no chatter at qd = 0.
// Units: V, A, ohm, H, V s/rad, N m/A, rad/s (m/s and N for prismatic joints).

#include "model/model.h"
#include "model/robot.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace armdyn {

// Default velocity scale of the regularised Coulomb friction, rad/s (or m/s).
constexpr double kDefaultFrictionVelocityScale = 1e-2;

// Largest step for which classical RK4 is stable on x' = -x / tau: h < 2.785 tau (the real-axis
// boundary of RK4's stability region).
constexpr double kRk4RealStabilityLimit = 2.785;
// The same on an undamped oscillation x'' = -omega^2 x: h omega < 2 sqrt(2) (the imaginary-axis
// boundary of RK4's stability region).
constexpr double kRk4ImaginaryStabilityLimit = 2.8284271247461903;

// Throws ModelError naming `field` + ".gear_ratio", ".motor.R" etc. (the robot-file names) for
// non-finite or negative data, a non-positive gear ratio, a motor without positive R, ke, kt,
// a negative inductance, or ke and kt more than a factor 2 apart (in SI an ideal DC motor has
// ke [V s/rad] = kt [N m/A]; a larger gap means mixed units).
void validateDrive(const DriveSpec& drive, const std::string& field);
// Every drive of a robot (field "links[i].drive").
void validateDrives(const RobotSpec& spec);

// Plausibility notes that do not stop a run: ke and kt more than 10% apart; motor constants
// present while hasMotor is off.
std::vector<std::string> driveWarnings(const DriveSpec& drive, const std::string& field);

bool hasDrives(const Model& model);  // any joint with a drive
bool hasMotors(const Model& model);  // every joint with a drive that has a motor

// Jr = N^2 Jm + J_reflected, joint side.
double reflectedInertia(const DriveSpec& drive);

// tanh(x) from one exp: (1 - e) / (1 + e) with e = exp(-2|x|), sign restored; absolute error
// below 4e-16 (libm's tanh goes through expm1 and costs about twice as much); 0 at 0. For
// |x| > 19, e < 3.2e-17 rounds away against 1 and the result is +-1 without the exp. The
// simulator evaluates it for every joint at every RK4 stage.
inline double fastTanh(double x) {
  const double a = std::abs(x);
  if (a > 19.0) return std::copysign(1.0, x);
  const double e = std::exp(-2.0 * a);
  return std::copysign((1.0 - e) / (1.0 + e), x);
}

// The friction formula for a given s = tanh(qd / vs) (lets a hot loop batch the exponentials).
inline double frictionTorqueAt(const DriveSpec& d, double qd, double s) {
  return d.viscous * qd + 0.5 * (d.coulombPositive + d.coulombNegative) * s +
         0.5 * (d.coulombPositive - d.coulombNegative) * s * s;
}

// Joint-side friction force/torque f(qd) (formula above); vs > 0.
inline double frictionTorque(const DriveSpec& d, double qd, double vs) {
  return frictionTorqueAt(d, qd, fastTanh(qd / vs));
}
// Upper bound of df/dqd (its value at qd = 0 plus the viscous term), for stiffness checks.
double frictionStiffness(const DriveSpec& drive, double velocityScale);

// Electrical model.
inline double motorJointTorque(const DriveSpec& d, double current) { return d.gearRatio * d.kt * current; }
inline double backEmf(const DriveSpec& d, double qd) { return d.ke * d.gearRatio * qd; }
// di/dt = (u - R i - ke N qd) / L; needs L > 0.
inline double currentRate(const DriveSpec& d, double u, double i, double qd) {
  return (u - d.resistance * i - backEmf(d, qd)) / d.inductance;
}
// The same with 1 / L given (a multiplication: the simulator's hot loop runs it for every joint
// at every RK4 stage, and divisions are slow).
inline double currentRate(const DriveSpec& d, double u, double i, double qd, double inverseL) {
  return (u - d.resistance * i - backEmf(d, qd)) * inverseL;
}
// Electrical losses at current i and drive velocity qd: R i^2, plus the conversion's own gain or
// loss when ke != kt ((ke - kt) N i qd).
inline double electricalLoss(const DriveSpec& d, double i, double qd) {
  return d.resistance * i * i + (d.ke - d.kt) * d.gearRatio * i * qd;
}
// Electrical time constant L / R, s.
inline double electricalTimeConstant(const DriveSpec& d) { return d.inductance / d.resistance; }
// Largest stable RK4 step for the electrical pole -R/L: 2.785 L / R, s (infinite when L = 0).
double rk4ElectricalStepLimit(const DriveSpec& drive);

// Quasi-static motor demand for a joint torque tau (joint side, drive friction and inertia
// already included): current i = tau / (N kt) and voltage u = R i + ke N qd + L di/dt.
inline double currentForTorque(const DriveSpec& d, double tau) { return tau / (d.gearRatio * d.kt); }
inline double voltageFor(const DriveSpec& d, double current, double qd, double currentDot = 0.0) {
  return d.resistance * current + backEmf(d, qd) + d.inductance * currentDot;
}

// Operating point of a voltage-driven motor (the simulator's voltage drive): joint torque N kt i,
// current, applied voltage and di/dt.
struct MotorPoint {
  double torque = 0.0, current = 0.0, voltage = 0.0, currentRate = 0.0;
};
// At drive velocity qd with held voltage u: with L > 0 (inverseL = 1 / L) the current is state
// (stateCurrent) and di/dt follows eq 5.1; with L = 0 the current is algebraic, (u - ke N qd) / R.
// currentLimit > 0 models a current-limited amplifier: the current stops growing at the limit
// (L > 0) or is clamped (L = 0), and the applied voltage is what that current needs.
inline MotorPoint voltageDrivenMotor(const DriveSpec& d, double inverseL, double u, double qd, double stateCurrent,
                                     double currentLimit) {
  MotorPoint p;
  p.voltage = u;
  if (d.inductance > 0.0) {
    p.current = stateCurrent;
    p.currentRate = currentRate(d, u, p.current, qd, inverseL);
    if (currentLimit > 0.0 && std::abs(p.current) >= currentLimit && p.currentRate * p.current > 0.0) {
      p.currentRate = 0.0;
      p.voltage = voltageFor(d, p.current, qd);
    }
  } else {
    p.current = (u - backEmf(d, qd)) / d.resistance;
    if (currentLimit > 0.0 && std::abs(p.current) > currentLimit) {
      p.current = std::clamp(p.current, -currentLimit, currentLimit);
      p.voltage = voltageFor(d, p.current, qd);
    }
  }
  p.torque = motorJointTorque(d, p.current);
  return p;
}

}  // namespace armdyn
