#pragma once
// Actuator sizing over a task or a duty cycle of tasks with dwell times
// (vendors' sizing guides: RMS and peak torque, speed, the motor's operating area): what every joint's
// drive must deliver, on the load side from the samples a run records (the same samples
// `armdyn simulate --csv` writes: t, qd, qdd and the force column f), on the motor side through
// the gear, and checked against the drive's ratings.
//
// Definitions (per joint; integrals by the trapezoidal rule over each run's samples; during a
// task's dwell the arm rests at the task's last pose and the joint holds the gravity torque
// g(q_end), speed 0; the cycle time T_c = sum of task times + dwells):
//   peak_torque        signed sample value of largest |tau| (dwell holding torque included)
//   rms_torque         sqrt((integral tau^2 dt + sum dwell g^2) / T_c)
//   peak_speed         max |qd|;  mean_speed = integral |qd| dt / T_c
//   peak_power         max |tau qd| over the samples
//   energy             integral tau qd dt (net work per cycle);  regenerated_energy = integral min(tau qd, 0) dt
// Motor side (joints with a drive; N gear ratio, eta efficiency, Jm rotor inertia): load torque
// tau_L = tau - N^2 Jm qdd (the reported torque without the rotor's own inertia), motor torque
//   tau_m = tau_L / (N eta) + Jm N qdd   while the motor drives the load (tau_L qd >= 0),
//   tau_m = tau_L eta / N + Jm N qdd     while the load drives back,
// motor speed N qd, current tau_m / kt, voltage R i + ke N qd (no L di/dt), copper loss
// integral R i^2 dt, gearbox mean torque (integral |qd| |tau_L|^3 dt / integral |qd| dt)^(1/3).
// Inertia: M_ii(q) (rigid body, payload included) over the samples, its ratio to N^2 Jm; the
// inertia-matching ratio sqrt(mean M_ii / Jm); the ratio minimising the motor's RMS torque
// N* = (mean tau_L^2 / (eta^2 Jm^2 mean qdd^2))^(1/4) (= sqrt(tau_L,rms / (eta Jm alpha_rms)));
// the usable range of ratios: those for which every rated check passes (scan over [N / 30, 30 N]
// and bisection; the passing run around N, else the longest; flagged when it reaches the scan's
// edge; none when fmax fails, which no gear changes).
// Checks (only those whose rating is given): motor RMS torque <= continuous_torque, max |tau_m|
// <= peak_torque, max |N qd| <= max speed, max |V| <= voltage_limit, max |i| <= current_limit,
// max |tau| <= fmax (joint side). margin = (limit - value) / limit in %. pass: all checks pass;
// absent (null) when the joint has no check.

#include "model/model.h"
#include "simulation/run_record.h"

#include <optional>
#include <string>
#include <vector>

namespace armdyn {

struct DutyCycleTask {
  const RunRecord* run = nullptr;  // prescribed-motion record of the task
  double dwell = 0.0;              // s at rest after it
  std::string name;
};

struct SizingCheck {
  std::string name;   // "continuous_torque", "peak_torque", "max_speed", "voltage", "current", "fmax"
  double value = 0.0, limit = 0.0;
  double margin = 0.0;  // %
  bool pass = false;
};

struct JointSizing {
  // Load side.
  double peakTorque = 0.0, peakTorqueTime = 0.0;  // signed, largest |tau|; time in the cycle
  double maxTorque = 0.0, maxTorqueTime = 0.0;    // most positive
  double minTorque = 0.0, minTorqueTime = 0.0;    // most negative
  double rmsTorque = 0.0, peakSpeed = 0.0, meanSpeed = 0.0, peakPower = 0.0;
  double energy = 0.0, regeneratedEnergy = 0.0;
  // Motor side (hasDrive).
  bool hasDrive = false, hasMotor = false;
  double gearRatio = 1.0, efficiency = 1.0;
  double peakMotorTorque = 0.0, rmsMotorTorque = 0.0, peakMotorSpeed = 0.0, gearboxMeanTorque = 0.0;
  double peakCurrent = 0.0, peakVoltage = 0.0, copperLoss = 0.0;  // A, V (signed, largest |.|), J per cycle
  // Inertia.
  double inertiaMin = 0.0, inertiaMax = 0.0, inertiaMean = 0.0;  // M_ii, kg m^2 (kg)
  double rotorReflected = 0.0;                                    // N^2 Jm
  // 0 = undefined: no rotor inertia; for rmsOptimalRatio also a joint at rest over the cycle.
  double inertiaMatchingRatio = 0.0, rmsOptimalRatio = 0.0;
  double usableRatioMin = 0.0, usableRatioMax = 0.0;              // 0 = none found / not rated
  bool usableRatioClipped = false;  // the range reaches the scan's edge (N / 30 or 30 N): it goes on
  std::vector<SizingCheck> checks;
  std::optional<bool> pass;
  // Operating points over the cycle (motor speed rad/s, motor torque N m), at most ~2000.
  std::vector<double> pointSpeed, pointTorque;
  // The same on the load side, every joint (joint speed rad/s or m/s, torque N m or force N).
  std::vector<double> loadPointSpeed, loadPointTorque;
};

struct SizingReport {
  double taskTime = 0.0;   // sum of the tasks' motion times, s
  double cycleTime = 0.0;  // with the dwells, s
  std::vector<std::string> tasks;
  std::vector<JointSizing> joints;
  std::optional<bool> pass;  // every joint with checks passes; null: no joint has one
};

// Throws std::invalid_argument for an empty cycle, a record of another model, a forward-run
// record, or a negative dwell.
SizingReport sizeActuators(const Model& model, const std::vector<DutyCycleTask>& cycle);

// The report as a text table with units, as JSON (the `armdyn size --json` contract), and as CSV
// (one row per joint, SI).
std::string sizingText(const Model& model, const SizingReport& report);
// `extra`: further top-level keys with their JSON values, appended in order.
std::string sizingJson(const SizingReport& report,
                       const std::vector<std::pair<std::string, std::string>>& extra = {});
std::string sizingCsv(const SizingReport& report);

}  // namespace armdyn
