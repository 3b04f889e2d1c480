#include "trajectory/uniform_time_scaling.h"

#include "dynamics/dynamics_data.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace armdyn {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Gap {
  double from, to;  // infeasible for w in (from, to)
  int joint;
  PathLimitKind kind;
  double time;
};

// The w >= 0 where A w^2 + B w + C > 0, as up to two open intervals.
void positiveSet(double A, double B, double C, const Gap& tag, std::vector<Gap>& out) {
  const auto push = [&](double a, double b) {
    a = std::max(a, 0.0);
    if (b > a) out.push_back({a, b, tag.joint, tag.kind, tag.time});
  };
  const double scale = std::max({std::abs(A), std::abs(B), std::abs(C)});
  if (scale == 0.0) return;
  if (std::abs(A) <= 1e-14 * scale) {
    if (std::abs(B) <= 1e-14 * scale) {
      if (C > 0.0) push(0.0, kInf);
      return;
    }
    const double r = -C / B;
    if (B > 0.0) push(r, kInf);
    else push(0.0, r);
    return;
  }
  const double disc = B * B - 4.0 * A * C;
  if (disc <= 0.0) {
    if (A > 0.0) push(0.0, kInf);  // positive everywhere but a double root
    return;
  }
  const double sq = std::sqrt(disc);
  const double q = -0.5 * (B + std::copysign(sq, B));
  double r1 = q / A, r2 = q != 0.0 ? C / q : -B / A;
  if (r1 > r2) std::swap(r1, r2);
  if (A > 0.0) {
    push(0.0, r1);
    push(r2, kInf);
  } else {
    push(r1, r2);
  }
}

}  // namespace

UniformScaling uniformTimeScaling(const Model& model, const JointTrajectory& reference, int samples, bool withDrives,
                                  double limitFraction) {
  if (samples < 2) throw std::invalid_argument("uniformTimeScaling: at least two samples");
  const int n = model.dof();
  const PathLimits limits(model, withDrives, limitFraction);
  DynamicsData data(model);
  const double T = reference.duration();
  Eigen::VectorXd q(n), qd(n), qdd(n);
  std::vector<PathPointDynamics> dyn(samples);
  std::vector<double> times(samples);
  for (int i = 0; i < samples; ++i) {
    times[i] = T * i / (samples - 1);
    reference.evaluate(times[i], q, qd, qdd);
    limits.pointDynamics(model, data, q, qd, qdd, dyn[i]);
  }
  UniformScaling best;
  std::vector<PathLimitRow> rows;
  std::vector<Gap> gaps;
  // Coulomb friction at the scaled speed depends on w: a first pass with it as an interval,
  // then passes at the previous w until w settles (the regularised friction saturates a few
  // vs above rest, so this takes two or three).
  double wGuess = -1.0;
  for (int pass = 0; pass < 8; ++pass) {
    gaps.clear();
    for (int i = 0; i < samples; ++i) {
      const PathPointDynamics& p = dyn[i];
      for (int j = 0; j < n; ++j) {
        const double v = std::abs(p.dq(j));
        if (v > 0.0)
          gaps.push_back({limitFraction * model.spec().links[j].vMax / v, kInf, j, PathLimitKind::Velocity, times[i]});
      }
      rows.clear();
      limits.appendRows(p, wGuess >= 0.0 ? wGuess * wGuess : -1.0, rows);
      for (const PathLimitRow& r : rows) {
        const Gap tag{0, 0, r.joint, r.kind, times[i]};
        positiveSet(r.b, r.d, r.cHi - r.hi, tag, gaps);   // above the upper limit
        positiveSet(-r.b, -r.d, r.lo - r.cLo, tag, gaps); // below the lower limit
      }
    }
    std::sort(gaps.begin(), gaps.end(), [](const Gap& a, const Gap& b) { return a.from < b.from; });
    // Merge into the union; the largest feasible w is the start of the piece that reaches
    // infinity (when that start is above 0).
    UniformScaling r;
    if (gaps.empty()) {
      r.feasible = true;
      r.factor = 0.0;
      best = r;
      break;
    }
    double start = gaps[0].from, end = gaps[0].to;
    const Gap* setter = &gaps[0];
    for (std::size_t k = 1; k < gaps.size(); ++k) {
      if (gaps[k].from < end) {
        end = std::max(end, gaps[k].to);
      } else {
        start = gaps[k].from;
        end = gaps[k].to;
        setter = &gaps[k];
      }
    }
    if (std::isfinite(end)) {  // no limit caps the speed-up (cannot happen with vmax > 0)
      r.feasible = true;
      r.factor = 0.0;
    } else if (start <= 0.0) {
      r.feasible = false;
      r.joint = setter->joint;
      r.kind = setter->kind;
      r.time = setter->time;
    } else {
      r.feasible = true;
      r.factor = 1.0 / start;
      r.joint = setter->joint;
      r.kind = setter->kind;
      r.time = setter->time;
    }
    r.duration = r.factor * T;
    best = r;
    if (!r.feasible || r.factor == 0.0) break;
    const bool settled = wGuess > 0.0 && std::abs(start - wGuess) <= 1e-12 * start;
    wGuess = start;
    if (settled) break;
  }
  return best;
}

}  // namespace armdyn
