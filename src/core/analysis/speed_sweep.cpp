#include "analysis/speed_sweep.h"

#include "analysis/iso9283_run.h"
#include "io/input_error.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

namespace armdyn {

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

SpeedSweepResult runSpeedSweep(const Model& model, const ControllerConfig& controller, const SpeedSweepOptions& o) {
  if (!std::isfinite(o.tolerance) || !(o.tolerance > 0.0))
    throw InputError("", 0, "--tolerance", "must be a number > 0 (mm)");
  if (!std::isfinite(o.pathAcceleration) || !(o.pathAcceleration > 0.0))
    throw InputError("", 0, "--acceleration", "must be a number > 0 (m/s^2)");
  std::vector<double> speeds = o.speeds;
  if (speeds.empty()) {
    if (!std::isfinite(o.maxSpeed) || !(o.maxSpeed > 0.0)) throw InputError("", 0, "--speed", "must be a number > 0 (m/s)");
    for (int k = 1; k <= 10; ++k) speeds.push_back(o.maxSpeed * 0.1 * k);
  }
  for (std::size_t k = 0; k < speeds.size(); ++k)
    if (!std::isfinite(speeds[k]) || !(speeds[k] > 0.0) || (k > 0 && !(speeds[k] > speeds[k - 1])))
      throw InputError("", 0, "--speeds", "the swept speeds must be positive and increasing (m/s)");
  if (speeds.size() > 100) throw InputError("", 0, "--speeds", "at most 100 speeds");

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
    plans.push_back(iso_detail::planPath(model, o.geometry, v, accelerationAt(v), o.configuration, o.name));
  auto deviationAt = [&](const iso_detail::PlannedPath& plan, std::uint64_t seed) {
    const iso_detail::PathRunData run = iso_detail::runPlannedPath(model, controller, plan, o.settleTime, o.noise, seed);
    if (run.diverged) throw InputError("", 0, "sweep", plan.label + " at " + std::to_string(plan.speed) + " m/s: " + run.message);
    return iso_detail::maxDeviation(plan, run);
  };
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failureMutex;
  const int count = static_cast<int>(speeds.size());
  // The slowest runs are the longest: they go first.
  auto work = [&](bool caller) {
    for (;;) {
      if (stop.load()) return;
      const int k = next.fetch_add(1);
      if (k >= count) return;
      try {
        r.deviation[static_cast<std::size_t>(k)] = deviationAt(plans[static_cast<std::size_t>(k)], o.seed + static_cast<std::uint64_t>(k));
      } catch (...) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure) failure = std::current_exception();
        stop.store(true);
        return;
      }
      const int finished = done.fetch_add(1) + 1;
      if (caller && o.progress && !o.progress(0.8 * finished / count)) {
        stop.store(true);
        return;
      }
    }
  };
  const int threads = std::max(1, std::min(o.threads > 0 ? o.threads : static_cast<int>(std::thread::hardware_concurrency()), count));
  std::vector<std::thread> pool;
  for (int k = 1; k < threads; ++k) pool.emplace_back(work, false);
  work(true);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  r.runs = done.load();
  if (done.load() < count) {
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
    const iso_detail::PlannedPath plan = iso_detail::planPath(model, o.geometry, mid, accelerationAt(mid), o.configuration, o.name);
    const double d = deviationAt(plan, o.seed + 1000 + static_cast<std::uint64_t>(k));
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
