#include "actuation/drive.h"

#include <cmath>
#include <limits>

namespace armdyn {
namespace {

void notNegative(double v, const std::string& field) {
  if (!std::isfinite(v)) throw ModelError(field, "must be a finite number");
  if (v < 0.0) throw ModelError(field, "must not be negative");
}

void positive(double v, const std::string& field, const std::string& why) {
  if (!std::isfinite(v)) throw ModelError(field, "must be a finite number");
  if (v <= 0.0) throw ModelError(field, "must be positive" + why);
}

}  // namespace

void validateDrive(const DriveSpec& d, const std::string& p) {
  positive(d.gearRatio, p + ".gear_ratio", " (joint torque = N x motor torque)");
  notNegative(d.rotorInertia, p + ".rotor_inertia");
  notNegative(d.reflectedInertia, p + ".reflected_inertia");
  notNegative(d.viscous, p + ".viscous");
  notNegative(d.coulombPositive, p + ".coulomb");
  notNegative(d.coulombNegative, p + ".coulomb");
  notNegative(d.voltageLimit, p + ".voltage_limit");
  notNegative(d.currentLimit, p + ".current_limit");
  if (!std::isfinite(d.efficiency) || !(d.efficiency > 0.0) || d.efficiency > 1.0)
    throw ModelError(p + ".efficiency", "must lie in (0, 1] (1 = a lossless gear)");
  notNegative(d.continuousTorque, p + ".ratings.continuous_torque");
  notNegative(d.peakTorque, p + ".ratings.peak_torque");
  notNegative(d.maxSpeed, p + ".ratings.max_speed_rpm");
  if (d.peakTorque > 0.0 && d.continuousTorque > d.peakTorque)
    throw ModelError(p + ".ratings.peak_torque", "the peak torque rating is below the continuous one (" +
                                                     std::to_string(d.peakTorque) + " < " +
                                                     std::to_string(d.continuousTorque) + " N m)");
  notNegative(d.stiffness, p + ".stiffness");
  notNegative(d.damping, p + ".damping");
  if (d.elastic() && !(reflectedInertia(d) > 0.0))
    throw ModelError(p + ".stiffness", "an elastic drive needs a motor-side inertia (rotor_inertia or "
                                       "reflected_inertia > 0): the spring sits between the gear output and the link");
  if (!d.hasMotor) return;
  positive(d.resistance, p + ".motor.R", ": a DC motor has armature resistance R > 0");
  if (!std::isfinite(d.inductance)) throw ModelError(p + ".motor.L", "must be a finite number");
  if (d.inductance < 0.0) throw ModelError(p + ".motor.L", "inductance must not be negative (0 = no electrical lag)");
  positive(d.ke, p + ".motor.ke", " (back-EMF constant, V s/rad)");
  positive(d.kt, p + ".motor.kt", " (torque constant, N m/A)");
  const double ratio = d.ke / d.kt;
  if (ratio > 2.0 || ratio < 0.5)
    throw ModelError(p + ".motor.ke",
                     "ke = " + std::to_string(d.ke) + " V s/rad and kt = " + std::to_string(d.kt) +
                         " N m/A differ by more than a factor 2; in SI units an ideal DC motor has ke = kt "
                         "(check the units of the data sheet)");
}

void validateDrives(const RobotSpec& spec) {
  for (int i = 0; i < spec.dof(); ++i)
    if (spec.links[i].drive) validateDrive(*spec.links[i].drive, "links[" + std::to_string(i + 1) + "].drive");
}

std::vector<std::string> driveWarnings(const DriveSpec& d, const std::string& p) {
  std::vector<std::string> out;
  if (d.hasMotor && d.kt > 0.0 && std::abs(d.ke / d.kt - 1.0) > 0.1)
    out.push_back(p + ".motor: ke = " + std::to_string(d.ke) + " and kt = " + std::to_string(d.kt) +
                  " differ by more than 10% (an ideal DC motor has ke = kt in SI units)");
  if (!d.hasMotor && (d.resistance != 0.0 || d.inductance != 0.0 || d.ke != 0.0 || d.kt != 0.0))
    out.push_back(p + ": motor constants are set but the drive has no motor; they are ignored");
  if (!d.elastic() && d.damping > 0.0)
    out.push_back(p + ".damping: set without a stiffness; the drive is rigid and the damping is ignored");
  return out;
}

bool hasDrives(const Model& model) {
  for (int i = 0; i < model.dof(); ++i)
    if (model.spec().links[i].drive) return true;
  return false;
}

bool hasMotors(const Model& model) {
  for (int i = 0; i < model.dof(); ++i) {
    const auto& d = model.spec().links[i].drive;
    if (!d || !d->hasMotor) return false;
  }
  return true;
}

double reflectedInertia(const DriveSpec& d) {
  return d.gearRatio * d.gearRatio * d.rotorInertia + d.reflectedInertia;
}

double frictionStiffness(const DriveSpec& d, double vs) {
  // d/dqd of the Coulomb part is (1 - s^2)(A + 2 B s)/vs with |s| < 1; bounded by (A + |B|)/vs.
  const double A = 0.5 * (d.coulombPositive + d.coulombNegative);
  const double B = 0.5 * std::abs(d.coulombPositive - d.coulombNegative);
  return d.viscous + (A + B) / vs;
}

double rk4ElectricalStepLimit(const DriveSpec& d) {
  if (!d.hasMotor || d.inductance <= 0.0) return std::numeric_limits<double>::infinity();
  return kRk4RealStabilityLimit * d.inductance / d.resistance;
}

}  // namespace armdyn
