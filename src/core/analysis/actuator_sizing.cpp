#include "analysis/actuator_sizing.h"

#include "analysis/sizing_report.h"
#include "common/json_writer.h"
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/inverse_dynamics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace armdyn {

namespace {

constexpr int kMaxOperatingPoints = 2000;
constexpr int kRatioScan = 32;        // log-spaced ratios over [N / 30, 30 N]
constexpr int kRatioBisection = 16;     // each boundary to 3e-6 relative

// One joint's samples over the whole cycle (runs one after the other, then each dwell).
struct Stream {
  std::vector<double> dt;      // trapezoid weight of each sample (dwells: their length)
  std::vector<double> time;    // cycle time of each sample
  std::vector<double> tau, qd, qdd;
};

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// Motor torque for gear ratio N from the load torque (no rotor inertia), speed and acceleration.
inline double motorTorque(double tauL, double qd, double qdd, double N, double eta, double Jm) {
  const double gear = tauL * qd >= 0.0 ? tauL / (N * eta) : tauL * eta / N;
  return gear + Jm * N * qdd;
}


// Whether every rated motor-side check passes at gear ratio N.
bool passesAt(const Stream& s, const std::vector<double>& tauL, const DriveSpec& d, double N, double cycleTime) {
  const double eta = d.efficiency, Jm = d.rotorInertia;
  double sq = 0.0, peak = 0.0, speed = 0.0, volt = 0.0, amp = 0.0;
  for (std::size_t k = 0; k < tauL.size(); ++k) {
    const double tm = motorTorque(tauL[k], s.qd[k], s.qdd[k], N, eta, Jm);
    sq += tm * tm * s.dt[k];
    peak = std::max(peak, std::abs(tm));
    speed = std::max(speed, std::abs(N * s.qd[k]));
    if (d.hasMotor) {
      const double i = tm / d.kt;
      amp = std::max(amp, std::abs(i));
      volt = std::max(volt, std::abs(d.resistance * i + d.ke * N * s.qd[k]));
    }
  }
  const double rms = std::sqrt(sq / cycleTime);
  if (d.continuousTorque > 0.0 && rms > d.continuousTorque) return false;
  if (d.peakTorque > 0.0 && peak > d.peakTorque) return false;
  if (d.maxSpeed > 0.0 && speed > d.maxSpeed) return false;
  if (d.hasMotor && d.voltageLimit > 0.0 && volt > d.voltageLimit) return false;
  if (d.hasMotor && d.currentLimit > 0.0 && amp > d.currentLimit) return false;
  return true;
}

void addCheck(JointSizing& j, const char* name, double value, double limit) {
  if (!(limit > 0.0)) return;
  SizingCheck c;
  c.name = name;
  c.value = value;
  c.limit = limit;
  c.margin = 100.0 * (limit - value) / limit;
  c.pass = value <= limit;
  j.checks.push_back(c);
}

// The run's task time, the one every view shows (RunRecord::summary.taskTime: the motion's end,
// where the last sample lies; for Paul's plan, which ends moving, Vora's K DT, one DT past the
// last sample).
double motionTime(const RunRecord& r) {
  return std::max(r.summary.taskTime, r.t.back() - r.t.front());
}

}  // namespace

SizingReport sizeActuators(const Model& model, const std::vector<DutyCycleTask>& cycle) {
  if (cycle.empty()) throw std::invalid_argument("sizeActuators: no task");
  const int n = model.dof();
  SizingReport report;
  for (const DutyCycleTask& c : cycle) {
    if (!c.run || c.run->dof() != n || c.run->samples() < 1)
      throw std::invalid_argument("sizeActuators: a record of another model or without samples");
    if (c.run->mode != RunMode::PrescribedMotion) throw std::invalid_argument("sizeActuators: a forward-run record");
    if (!(c.dwell >= 0.0) || !std::isfinite(c.dwell)) throw std::invalid_argument("sizeActuators: negative dwell");
    report.taskTime += motionTime(*c.run);
    report.cycleTime += motionTime(*c.run) + c.dwell;
    report.tasks.push_back(c.name);
  }
  const double Tc = report.cycleTime;
  if (!(Tc > 0.0)) throw std::invalid_argument("sizeActuators: the cycle takes no time");

  // Samples of every joint, with trapezoid weights; M_ii along the way.
  DynamicsData data(model);
  JointMatrix M(n, n);
  std::vector<Stream> streams(n);
  std::vector<std::vector<double>> inertia(n);
  double offset = 0.0;
  for (const DutyCycleTask& c : cycle) {
    const RunRecord& r = *c.run;
    const int S = r.samples();
    for (int k = 0; k < S; ++k) {
      double w = (k > 0 ? 0.5 * (r.t[k] - r.t[k - 1]) : 0.0) + (k + 1 < S ? 0.5 * (r.t[k + 1] - r.t[k]) : 0.0);
      if (k == S - 1) w += motionTime(r) - (r.t.back() - r.t.front());  // Paul: the last sample holds to K DT
      crba(model, data, r.q.row(k).transpose(), M);
      for (int j = 0; j < n; ++j) {
        Stream& s = streams[j];
        s.dt.push_back(w);
        s.time.push_back(offset + r.t[k] - r.t.front());
        s.tau.push_back(r.force(k, j));
        s.qd.push_back(r.qd(k, j));
        s.qdd.push_back(r.qdd(k, j));
        inertia[j].push_back(M(j, j));
      }
    }
    offset += motionTime(r);
    if (c.dwell > 0.0) {
      const Eigen::VectorXd qEnd = r.q.row(S - 1).transpose();
      const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
      const Eigen::VectorXd g = inverseDynamics(model, qEnd, zero, zero);
      crba(model, data, qEnd, M);
      for (int j = 0; j < n; ++j) {
        Stream& s = streams[j];
        s.dt.push_back(c.dwell);
        s.time.push_back(offset + 0.5 * c.dwell);
        s.tau.push_back(g(j));
        s.qd.push_back(0.0);
        s.qdd.push_back(0.0);
        inertia[j].push_back(M(j, j));
      }
      offset += c.dwell;
    }
  }
  const bool drivesIncluded = cycle.front().run->includesDrives;

  for (int j = 0; j < n; ++j) {
    const Stream& s = streams[j];
    const std::size_t K = s.tau.size();
    JointSizing J;
    double sq = 0.0, absSpeed = 0.0, mean = 0.0;
    for (std::size_t k = 0; k < K; ++k) {
      const double t = s.tau[k], v = s.qd[k], p = t * v, w = s.dt[k];
      if (std::abs(t) > std::abs(J.peakTorque) || k == 0) J.peakTorque = t, J.peakTorqueTime = s.time[k];
      if (t > J.maxTorque || k == 0) J.maxTorque = t, J.maxTorqueTime = s.time[k];
      if (t < J.minTorque || k == 0) J.minTorque = t, J.minTorqueTime = s.time[k];
      sq += t * t * w;
      absSpeed += std::abs(v) * w;
      J.peakSpeed = std::max(J.peakSpeed, std::abs(v));
      J.peakPower = std::max(J.peakPower, std::abs(p));
      J.energy += p * w;
      J.regeneratedEnergy += std::min(p, 0.0) * w;
      mean += inertia[j][k] * w;
    }
    J.rmsTorque = std::sqrt(sq / Tc);
    J.meanSpeed = absSpeed / Tc;
    const std::size_t loadStride = std::max<std::size_t>(1, (K + kMaxOperatingPoints - 1) / kMaxOperatingPoints);
    for (std::size_t k = 0; k < K; k += loadStride) {
      J.loadPointSpeed.push_back(s.qd[k]);
      J.loadPointTorque.push_back(s.tau[k]);
    }
    J.inertiaMin = *std::min_element(inertia[j].begin(), inertia[j].end());
    J.inertiaMax = *std::max_element(inertia[j].begin(), inertia[j].end());
    J.inertiaMean = mean / Tc;

    const LinkSpec& link = model.spec().links[j];
    if (link.fMax) addCheck(J, "fmax", std::max(std::abs(J.maxTorque), std::abs(J.minTorque)), *link.fMax);
    if (link.drive) {
      const DriveSpec& d = *link.drive;
      J.hasDrive = true;
      J.hasMotor = d.hasMotor && d.kt > 0.0;
      J.gearRatio = d.gearRatio;
      J.efficiency = d.efficiency;
      const double N = d.gearRatio, eta = d.efficiency, Jm = d.rotorInertia;
      J.rotorReflected = N * N * Jm;
      std::vector<double> tauL(K);
      double msq = 0.0, cube = 0.0, cubeWeight = 0.0, loadSq = 0.0, accSq = 0.0;
      const int stride = std::max<int>(1, static_cast<int>((K + kMaxOperatingPoints - 1) / kMaxOperatingPoints));
      for (std::size_t k = 0; k < K; ++k) {
        tauL[k] = s.tau[k] - (drivesIncluded ? J.rotorReflected * s.qdd[k] : 0.0);
        const double tm = motorTorque(tauL[k], s.qd[k], s.qdd[k], N, eta, Jm);
        const double w = s.dt[k];
        msq += tm * tm * w;
        if (std::abs(tm) > std::abs(J.peakMotorTorque)) J.peakMotorTorque = tm;
        J.peakMotorSpeed = std::max(J.peakMotorSpeed, std::abs(N * s.qd[k]));
        cube += std::abs(s.qd[k]) * std::pow(std::abs(tauL[k]), 3) * w;
        cubeWeight += std::abs(s.qd[k]) * w;
        loadSq += tauL[k] * tauL[k] * w;
        accSq += s.qdd[k] * s.qdd[k] * w;
        if (J.hasMotor) {
          const double i = tm / d.kt;
          const double v = d.resistance * i + d.ke * N * s.qd[k];
          if (std::abs(i) > std::abs(J.peakCurrent)) J.peakCurrent = i;
          if (std::abs(v) > std::abs(J.peakVoltage)) J.peakVoltage = v;
          J.copperLoss += d.resistance * i * i * w;
        }
        if (k % stride == 0) {
          J.pointSpeed.push_back(N * s.qd[k]);
          J.pointTorque.push_back(tm);
        }
      }
      J.rmsMotorTorque = std::sqrt(msq / Tc);
      J.gearboxMeanTorque = cubeWeight > 0.0 ? std::cbrt(cube / cubeWeight) : 0.0;
      if (Jm > 0.0) {
        J.inertiaMatchingRatio = std::sqrt(J.inertiaMean / Jm);
        if (accSq > 0.0) J.rmsOptimalRatio = std::pow(loadSq / (eta * eta * Jm * Jm * accSq), 0.25);
      }
      addCheck(J, "continuous_torque", J.rmsMotorTorque, d.continuousTorque);
      addCheck(J, "peak_torque", std::abs(J.peakMotorTorque), d.peakTorque);
      addCheck(J, "max_speed", J.peakMotorSpeed, d.maxSpeed);
      if (J.hasMotor) {
        addCheck(J, "voltage", std::abs(J.peakVoltage), d.voltageLimit);
        addCheck(J, "current", std::abs(J.peakCurrent), d.currentLimit);
      }
      // Usable ratios: a log scan around N, each boundary refined by bisection.
      const bool rated = d.continuousTorque > 0.0 || d.peakTorque > 0.0 || d.maxSpeed > 0.0 ||
                         (J.hasMotor && (d.voltageLimit > 0.0 || d.currentLimit > 0.0));
      if (rated) {
        const double lo = N / 30.0, hi = N * 30.0;
        std::vector<double> ratio(kRatioScan + 1);
        std::vector<bool> ok(kRatioScan + 1);
        for (int m = 0; m <= kRatioScan; ++m) {
          ratio[m] = lo * std::pow(hi / lo, static_cast<double>(m) / kRatioScan);
          ok[m] = passesAt(s, tauL, d, ratio[m], Tc);
        }
        // The passing run of ratios around the drive's own (the middle of the scan) when it
        // passes, else the longest passing run.
        int first = -1, last = -1;
        const int mid = kRatioScan / 2;
        if (ok[mid]) {
          first = last = mid;
          while (first > 0 && ok[first - 1]) --first;
          while (last < kRatioScan && ok[last + 1]) ++last;
        } else {
          for (int m = 0; m <= kRatioScan;) {
            if (!ok[m]) {
              ++m;
              continue;
            }
            int e = m;
            while (e < kRatioScan && ok[e + 1]) ++e;
            if (first < 0 || e - m > last - first) first = m, last = e;
            m = e + 1;
          }
        }
        // A joint-side torque beyond fmax fails whatever the gear.
        const bool fmaxFails = std::any_of(J.checks.begin(), J.checks.end(),
                                           [](const SizingCheck& c) { return c.name == "fmax" && !c.pass; });
        if (first >= 0 && !fmaxFails) {
          J.usableRatioClipped = first == 0 || last == kRatioScan;
          const auto refine = [&](double pass, double fail) {
            for (int it = 0; it < kRatioBisection; ++it) {
              const double mid = std::sqrt(pass * fail);
              (passesAt(s, tauL, d, mid, Tc) ? pass : fail) = mid;
            }
            return pass;
          };
          J.usableRatioMin = first > 0 ? refine(ratio[first], ratio[first - 1]) : ratio[first];
          J.usableRatioMax = last < kRatioScan ? refine(ratio[last], ratio[last + 1]) : ratio[last];
        }
      }
    }
    if (!J.checks.empty()) {
      bool all = true;
      for (const SizingCheck& c : J.checks) all = all && c.pass;
      J.pass = all;
      report.pass = report.pass.value_or(true) && all;
    }
    report.joints.push_back(std::move(J));
  }
  // A joint the cycle does not move (peak speed below the report's resolution: rounding, e.g. the
  // PUMA's wrist roll along the weld seam at 1e-15 rad/s) has no RMS-optimal ratio: its RMS
  // acceleration is rounding too, and N* = 1.7e8 came out of it. The 1e-12 rad/s (m/s) floor
  // holds when no joint moves at all (the scale is rounding then too).
  const double restSpeed = std::max(kSizingResolution * sizingScales(report).speed, 1e-12);
  for (JointSizing& J : report.joints)
    if (J.peakSpeed < restSpeed) J.rmsOptimalRatio = 0.0;
  return report;
}

std::string sizingJson(const SizingReport& r, const std::vector<std::pair<std::string, std::string>>& extra) {
  std::string joints = "[";
  for (std::size_t j = 0; j < r.joints.size(); ++j) {
    const JointSizing& J = r.joints[j];
    JsonObject o;
    o.add("peak_torque", J.peakTorque)
        .add("rms_torque", J.rmsTorque)
        .add("peak_speed", J.peakSpeed)
        .add("mean_speed", J.meanSpeed)
        .add("peak_power", J.peakPower)
        .add("energy", J.energy)
        .add("regenerated_energy", J.regeneratedEnergy)
        .add("pass", J.pass ? std::string(*J.pass ? "true" : "false") : std::string("null"))
        .add("peak_torque_time", J.peakTorqueTime)
        .add("max_torque", J.maxTorque)
        .add("max_torque_time", J.maxTorqueTime)
        .add("min_torque", J.minTorque)
        .add("min_torque_time", J.minTorqueTime)
        .add("inertia_min", J.inertiaMin)
        .add("inertia_max", J.inertiaMax)
        .add("inertia_mean", J.inertiaMean);
    if (J.hasDrive) {
      o.add("gear_ratio", J.gearRatio)
          .add("efficiency", J.efficiency)
          .add("motor_peak_torque", J.peakMotorTorque)
          .add("motor_rms_torque", J.rmsMotorTorque)
          .add("motor_peak_speed", J.peakMotorSpeed)
          .add("gearbox_mean_torque", J.gearboxMeanTorque)
          .add("reflected_rotor_inertia", J.rotorReflected)
          .add("inertia_ratio_min", J.rotorReflected > 0.0 ? J.inertiaMin / J.rotorReflected : 0.0)
          .add("inertia_ratio_max", J.rotorReflected > 0.0 ? J.inertiaMax / J.rotorReflected : 0.0)
          .add("inertia_matching_ratio", J.inertiaMatchingRatio)
          .add("rms_optimal_ratio", J.rmsOptimalRatio)
          .add("usable_ratio_min", J.usableRatioMin)
          .add("usable_ratio_max", J.usableRatioMax)
          .add("usable_ratio_clipped", std::string(J.usableRatioClipped ? "true" : "false"));
      if (J.hasMotor)
        o.add("motor_peak_current", J.peakCurrent).add("motor_peak_voltage", J.peakVoltage).add("copper_loss", J.copperLoss);
    }
    std::string checks = "[";
    for (std::size_t c = 0; c < J.checks.size(); ++c) {
      const SizingCheck& k = J.checks[c];
      JsonObject co;
      co.add("name", jsonString(k.name)).add("value", k.value).add("limit", k.limit).add("margin", k.margin).add(
          "pass", std::string(k.pass ? "true" : "false"));
      checks += (c ? ", " : "") + co.str();
    }
    o.add("checks", checks + "]");
    joints += (j ? ", " : "") + o.str();
  }
  JsonObject root;
  root.add("task_time", r.taskTime)
      .add("joints", joints + "]")
      .add("cycle_time", r.cycleTime)
      .add("pass", r.pass ? std::string(*r.pass ? "true" : "false") : std::string("null"));
  for (const auto& [key, value] : extra) root.add(key, value);
  return root.str();
}

std::string sizingCsv(const SizingReport& r) {
  std::string out =
      "joint,peak_torque,peak_torque_time,rms_torque,peak_speed,mean_speed,peak_power,energy,regenerated_energy,"
      "motor_peak_torque,motor_rms_torque,motor_peak_speed,gearbox_mean_torque,motor_peak_current,motor_peak_voltage,"
      "inertia_min,inertia_max,reflected_rotor_inertia,inertia_matching_ratio,rms_optimal_ratio,usable_ratio_min,"
      "usable_ratio_max,pass\n";
  for (std::size_t j = 0; j < r.joints.size(); ++j) {
    const JointSizing& J = r.joints[j];
    const double v[] = {J.peakTorque,      J.peakTorqueTime,   J.rmsTorque,          J.peakSpeed,
                        J.meanSpeed,       J.peakPower,        J.energy,             J.regeneratedEnergy,
                        J.peakMotorTorque, J.rmsMotorTorque,   J.peakMotorSpeed,     J.gearboxMeanTorque,
                        J.peakCurrent,     J.peakVoltage,      J.inertiaMin,         J.inertiaMax,
                        J.rotorReflected,  J.inertiaMatchingRatio, J.rmsOptimalRatio, J.usableRatioMin,
                        J.usableRatioMax};
    out += std::to_string(j + 1);
    for (double x : v) out += "," + fmt("%.17g", x);
    out += std::string(",") + (J.pass ? (*J.pass ? "pass" : "fail") : "") + "\n";
  }
  return out;
}

std::string sizingText(const Model& model, const SizingReport& r) {
  std::string out = "ACTUATOR SIZING: " + model.spec().name + "\n";
  out += "Cycle: " + fmt("%.6g", r.taskTime) + " s of motion, " + fmt("%.6g", r.cycleTime) + " s with dwell (";
  for (std::size_t k = 0; k < r.tasks.size(); ++k) out += (k ? ", " : "") + r.tasks[k];
  out += ")\n\nLoad side (joint): torque N m (force N), speed rad/s (m/s), power W, energy J\n";
  // Rounding noise (sums of samples that cancel: 1e-16 N m) prints as 0, by the report's rule
  // (analysis/sizing_report.h).
  const SizingScales sc = sizingScales(r);
  const auto clean = [](double v, double scale) { return std::abs(v) < kSizingResolution * scale ? 0.0 : v; };
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-6s %12s %9s %12s %12s %11s %11s %11s %11s %11s\n", "joint", "peak", "at (s)", "RMS",
                "peak speed", "mean speed", "peak power", "energy", "regen", "result");
  out += buf;
  for (std::size_t j = 0; j < r.joints.size(); ++j) {
    const JointSizing& J = r.joints[j];
    std::snprintf(buf, sizeof buf, "%-6zu %12.5g %9.4g %12.5g %12.5g %11.5g %11.5g %11.5g %11.5g %11s\n", j + 1,
                  clean(J.peakTorque, sc.torque), J.peakTorqueTime, clean(J.rmsTorque, sc.torque), clean(J.peakSpeed, sc.speed),
                  clean(J.meanSpeed, sc.speed), clean(J.peakPower, sc.power), clean(J.energy, sc.energy),
                  clean(J.regeneratedEnergy, sc.energy), J.pass ? (*J.pass ? "pass" : "FAIL") : "not rated");
    out += buf;
  }
  bool anyDrive = false;
  for (const JointSizing& J : r.joints) anyDrive = anyDrive || J.hasDrive;
  if (anyDrive) {
    out += "\nMotor side (through the gear): torque N m, speed rpm, current A, voltage V; inertia kg m^2\n";
    std::snprintf(buf, sizeof buf, "%-6s %8s %6s %11s %11s %10s %11s %9s %9s %15s %9s %9s %19s\n", "joint", "N", "eta",
                  "peak", "RMS", "peak rpm", "gear mean", "peak A", "peak V", "M_ii / N^2 Jm", "N match", "N RMS*",
                  "usable N");
    out += buf;
    for (std::size_t j = 0; j < r.joints.size(); ++j) {
      const JointSizing& J = r.joints[j];
      if (!J.hasDrive) continue;
      const std::string ratio = J.rotorReflected > 0.0 ? fmt("%.3g", J.inertiaMin / J.rotorReflected) + "-" +
                                                             fmt("%.3g", J.inertiaMax / J.rotorReflected)
                                                       : "-";
      const std::string usable = J.usableRatioMax > 0.0 ? fmt("%.4g", J.usableRatioMin) + "-" + fmt("%.4g", J.usableRatioMax) +
                                                              (J.usableRatioClipped ? "+" : "")
                                                        : (J.checks.empty() ? "not rated" : "none");
      // "-": undefined (no rotor inertia; for N RMS* also a joint at rest).
      const std::string match = J.inertiaMatchingRatio > 0.0 ? fmt("%.4g", J.inertiaMatchingRatio) : "-";
      const std::string rmsOptimal = J.rmsOptimalRatio > 0.0 ? fmt("%.4g", J.rmsOptimalRatio) : "-";
      std::snprintf(buf, sizeof buf, "%-6zu %8.4g %6.3g %11.5g %11.5g %10.5g %11.5g %9.4g %9.4g %15s %9s %9s %19s\n",
                    j + 1, J.gearRatio, J.efficiency, clean(J.peakMotorTorque, sc.motorTorque), clean(J.rmsMotorTorque, sc.motorTorque),
                    clean(J.peakMotorSpeed, sc.motorSpeed) * 60.0 / (2.0 * M_PI), clean(J.gearboxMeanTorque, sc.torque),
                    clean(J.peakCurrent, sc.current), clean(J.peakVoltage, sc.voltage),
                    ratio.c_str(), match.c_str(), rmsOptimal.c_str(), usable.c_str());
      out += buf;
    }
    out += "  M_ii / N^2 Jm: the arm's inertia at the joint over the rotor's, reflected (least-most);\n"
           "  N match: sqrt(mean M_ii / Jm), the ratio that matches them; N RMS*: the ratio that minimises the\n"
           "  motor's RMS torque; -: no rotor inertia given (for N RMS* also: the joint does not move);\n"
           "  usable N: the ratios, scanned from N / 30 to 30 N, for which every rated check passes\n"
           "  (+: the range reaches the scan's edge and may go on)\n";
  }
  out += "\nChecks (value / rating, margin):\n";
  bool any = false;
  for (std::size_t j = 0; j < r.joints.size(); ++j)
    for (const SizingCheck& c : r.joints[j].checks) {
      any = true;
      std::snprintf(buf, sizeof buf, "  joint %zu %-18s %11.5g / %-11.5g %+8.1f %%  %s\n", j + 1, c.name.c_str(), c.value,
                    c.limit, c.margin, c.pass ? "pass" : "FAIL");
      out += buf;
    }
  if (!any) out += "  none: give ratings (drive: ratings, voltage_limit, current_limit; fmax) in the robot file\n";
  return out;
}

}  // namespace armdyn
