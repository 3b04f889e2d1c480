#include "analysis/speed_sweep.h"

#include "analysis/iso9283_run.h"
#include "analysis/parallel_runs.h"
#include "common/input_error.h"
#include "kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {

IsoPathGeometry taskPathGeometry(const TaskSpec& task) {
  if (!isCartesianScheme(task.scheme) || task.points.size() < 2)
    throw InputError(task.sourceFile, task.lineOf("scheme"), "scheme",
                     "not a Cartesian path: the task needs scheme line or line-arc and two points or more");
  IsoPathGeometry g;
  for (const TaskPoint& p : task.points) {
    PathPoint q;
    q.position = p.position;
    q.rotation = poseFromXyzRpy(Eigen::Vector3d::Zero(), p.rpy).topLeftCorner<3, 3>();
    q.radius = p.radius;
    q.sourceLine = p.sourceLine;
    g.points.push_back(q);
  }
  g.flyBy = task.scheme == TaskScheme::LineArc;
  return g;
}

std::optional<IsoCube> taskIsoCube(const TaskSpec& task) {
  if (!isCartesianScheme(task.scheme) || task.points.size() < 2) return std::nullopt;
  Eigen::Vector3d lo = task.points.front().position, hi = lo;
  for (const TaskPoint& p : task.points) {
    lo = lo.cwiseMin(p.position);
    hi = hi.cwiseMax(p.position);
  }
  const double edge = (hi - lo).maxCoeff();
  if (!(edge > 0.0)) return std::nullopt;
  return IsoCube{0.5 * (lo + hi), edge};
}

double taskPathSpeed(const TaskSpec& task) { return isCartesianScheme(task.scheme) ? task.speed : 0.0; }
double taskPathAcceleration(const TaskSpec& task) { return isCartesianScheme(task.scheme) ? task.pathAcceleration : 0.0; }

void fitPowerLaw(const std::vector<double>& v, const std::vector<double>& d, double& coefficient, double& exponent) {
  double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  int m = 0;
  for (std::size_t k = 0; k < v.size() && k < d.size(); ++k) {
    if (!(v[k] > 0.0) || !(d[k] > 0.0)) continue;
    const double x = std::log(v[k]), y = std::log(d[k]);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
    ++m;
  }
  if (m < 2 || sxx * m - sx * sx <= 0.0) {
    coefficient = exponent = 0.0;
    return;
  }
  exponent = (m * sxy - sx * sy) / (m * sxx - sx * sx);
  coefficient = std::exp((sy - exponent * sx) / m);
}

namespace {

// The swept speeds: the given ones, else ten from 10 % to 100 % of the largest.
std::vector<double> sweptSpeeds(const SpeedSweepOptions& o) {
  std::vector<double> speeds = o.speeds;
  if (speeds.empty())
    for (int k = 1; k <= 10; ++k) speeds.push_back(o.maxSpeed * 0.1 * k);
  return speeds;
}

}  // namespace

void validateSpeedSweepValues(const SpeedSweepOptions& o) {
  if (!std::isfinite(o.tolerance) || !(o.tolerance > 0.0))
    throw InputError("", 0, "--tolerance", "must be a number > 0 (mm)");
  if (!std::isfinite(o.pathAcceleration) || !(o.pathAcceleration > 0.0))
    throw InputError("", 0, "--acceleration", "must be a number > 0 (m/s^2)");
  if (o.speeds.empty() && (!std::isfinite(o.maxSpeed) || !(o.maxSpeed > 0.0)))
    throw InputError("", 0, "--speed", "must be a number > 0 (m/s)");
  const std::vector<double> speeds = sweptSpeeds(o);
  for (std::size_t k = 0; k < speeds.size(); ++k)
    if (!std::isfinite(speeds[k]) || !(speeds[k] > 0.0) || (k > 0 && !(speeds[k] > speeds[k - 1])))
      throw InputError("", 0, "--speeds", "the swept speeds must be positive and increasing (m/s)");
  if (speeds.size() > 100) throw InputError("", 0, "--speeds", "at most 100 speeds");
}

SpeedSweepResult runSpeedSweep(const Model& model, const ControllerConfig& controller, const SpeedSweepOptions& o) {
  validateSpeedSweepValues(o);
  const std::vector<double> speeds = sweptSpeeds(o);

  SpeedSweepResult r;
  r.name = o.name;
  r.tolerance = o.tolerance;
  r.speeds = speeds;
  r.deviation.assign(speeds.size(), 0.0);
  // Plans first (they may refuse), then the runs on the threads.
  const double vTop = speeds.back();
  auto accelerationAt = [&](double v) { return o.timeScaling ? o.pathAcceleration * (v / vTop) * (v / vTop) : o.pathAcceleration; };
  std::vector<iso_detail::PlannedPath> plans;
  for (double v : speeds)
    plans.push_back(iso_detail::planPath(model, controller, o.geometry, v, accelerationAt(v), o.configuration, o.name));
  auto deviationAt = [&](const iso_detail::PlannedPath& plan, std::uint64_t seed, const std::atomic<bool>* stop) {
    const iso_detail::PathRunData run = iso_detail::runPlannedPath(model, controller, plan, o.settleTime, o.noise, seed, stop);
    if (run.diverged) throw InputError("", 0, "sweep", plan.label + " at " + std::to_string(plan.speed) + " m/s: " + run.message);
    return iso_detail::maxDeviation(plan, run);
  };
  const int count = static_cast<int>(speeds.size());
  auto job = [&](int k, const std::atomic<bool>& stop) {
    r.deviation[static_cast<std::size_t>(k)] =
        deviationAt(plans[static_cast<std::size_t>(k)], o.seed + static_cast<std::uint64_t>(k), &stop);
  };
  std::function<bool(double)> progress;
  if (o.progress) progress = [&o](double f) { return o.progress(0.8 * f); };
  const ParallelOutcome outcome = runParallel(count, o.threads, job, progress);
  r.runs = outcome.finished;
  if (outcome.cancelled || outcome.finished < count) {
    r.cancelled = true;
    return r;
  }
  fitPowerLaw(r.speeds, r.deviation, r.coefficient, r.exponent);

  // Running-speed index: bisection between the fastest passing and the next (failing) speed.
  int pass = -1;
  for (int k = 0; k < count; ++k)
    if (r.deviation[static_cast<std::size_t>(k)] <= o.tolerance) pass = k;
    else break;
  char buf[200];
  if (pass < 0) {
    std::snprintf(buf, sizeof buf, "no swept speed keeps Delta within %.4g mm (at %.4g m/s: %.4g mm); sweep slower speeds",
                  1e3 * o.tolerance, speeds[0], 1e3 * r.deviation[0]);
    r.note = buf;
    if (o.progress) o.progress(1.0);
    return r;
  }
  r.indexFound = true;
  if (pass == count - 1) {
    r.runningSpeedIndex = speeds.back();
    std::snprintf(buf, sizeof buf, "every swept speed keeps Delta within %.4g mm: the index is at least %.4g m/s",
                  1e3 * o.tolerance, speeds.back());
    r.note = buf;
    if (o.progress) o.progress(1.0);
    return r;
  }
  double lo = speeds[static_cast<std::size_t>(pass)], hi = speeds[static_cast<std::size_t>(pass + 1)];
  for (int k = 0; k < 12 && hi - lo > 5e-3 * lo; ++k) {
    const double mid = 0.5 * (lo + hi);
    const iso_detail::PlannedPath plan = iso_detail::planPath(model, controller, o.geometry, mid, accelerationAt(mid), o.configuration, o.name);
    const double d = deviationAt(plan, o.seed + 1000 + static_cast<std::uint64_t>(k), nullptr);
    r.bisectionSpeeds.push_back(mid);
    r.bisectionDeviation.push_back(d);
    ++r.runs;
    (d <= o.tolerance ? lo : hi) = mid;
    if (o.progress && !o.progress(0.8 + 0.2 * (k + 1) / 12.0)) {
      r.cancelled = true;
      return r;
    }
  }
  r.runningSpeedIndex = lo;
  if (o.progress) o.progress(1.0);
  return r;
}

}  // namespace armdyn
