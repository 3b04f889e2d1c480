#include "trajectory/time_optimal_timing.h"

#include "dynamics/dynamics_data.h"
#include "trajectory/reachability_timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn {

namespace {

constexpr int kMaxPasses = 10;
constexpr double kConvergence = 1e-4;      // largest change of x between passes / largest x
constexpr double kGridTolerance = 1e-3;    // relative excess on the grid that triggers the conservative pass
constexpr double kActive = 0.99;           // activity counted as "at the limit"

std::string jointLimit(const PathLimitRow& r) {
  return "joint " + std::to_string(r.joint + 1) + "'s " + pathLimitName(r.kind) + " limit";
}

// One piece of the path on its grid.
struct Piece {
  ReachabilityGrid grid;
  std::vector<PathPointDynamics> dyn;
  ReachabilityResult result;
};

void buildRows(const PathLimits& limits, Piece& p, const std::vector<double>* xHat) {
  const int P = p.grid.points();
  p.grid.rows.clear();
  p.grid.rowBegin.assign(P + 1, 0);
  for (int i = 0; i < P; ++i) {
    p.grid.rowBegin[i] = static_cast<int>(p.grid.rows.size());
    limits.appendRows(p.dyn[i], xHat ? (*xHat)[i] : -1.0, p.grid.rows);
  }
  p.grid.rowBegin[P] = static_cast<int>(p.grid.rows.size());
}

// |value| / limit of a row at (u, x); the velocity activity separately.
double rowActivity(const PathLimitRow& r, double u, double x) {
  const double v = r.value(u, x);
  if (v >= 0.0) return r.hi > 0.0 ? v / r.hi : (v > 0.0 ? std::numeric_limits<double>::infinity() : 0.0);
  return r.lo < 0.0 ? v / r.lo : std::numeric_limits<double>::infinity();
}

struct Activity {
  double value = 0.0;
  int joint = -1;
  PathLimitKind kind = PathLimitKind::Velocity;
};

// The most active limit at grid point i of a piece with (u, x), rows at the point's own speed.
void pointActivity(const PathLimits& limits, const Piece& p, int i, double u, double x, std::vector<PathLimitRow>& rows,
                   Activity& a) {
  rows.clear();
  limits.appendRows(p.dyn[i], x, rows);
  for (const PathLimitRow& r : rows) {
    const double v = rowActivity(r, u, x);
    if (v > a.value) a = {v, r.joint, r.kind};
  }
  const double xMax = p.grid.xMax[i];
  if (std::isfinite(xMax) && xMax > 0.0) {
    const double v = std::sqrt(x / xMax);
    if (v > a.value) {
      // The joint that sets the velocity bound: the one with the largest |q'| / vmax.
      a.value = v;
      a.kind = PathLimitKind::Velocity;
      a.joint = limits.velocityJoint(p.dyn[i]);
    }
  }
}

[[noreturn]] void failAt(const Piece& p, int piece, const std::vector<PathLimitRow>& rows, int point, int rowA, int rowB,
                         const JointPath& path) {
  const double s = p.grid.s[point];
  const double along = 100.0 * (s - path.pieceStart(piece)) / (path.pieceEnd(piece) - path.pieceStart(piece));
  char where[160];
  std::snprintf(where, sizeof where, "at s = %.6g (%.3g %% along piece %d of the path)", s, along, piece + 1);
  if (rowA < 0 && rowB < 0)
    throw TimeOptimalError(std::string("no timing exists ") + where + ": the path cannot start from rest there", s, -1,
                           PathLimitKind::Velocity);
  const PathLimitRow& A = rows[rowA >= 0 ? rowA : rowB];
  std::string msg = std::string("no timing exists ") + where + ": " + jointLimit(A);
  if (rowA >= 0 && rowB >= 0 && rowB != rowA) {
    const PathLimitRow& B = rows[rowB];
    if (B.joint != A.joint || B.kind != A.kind) msg += " conflicts with " + jointLimit(B);
    else msg += " cannot be met";
  } else {
    msg += " cannot be met";
  }
  throw TimeOptimalError(msg, s, A.joint, A.kind);
}

// Holding still at the ends of a piece: gravity (no friction at rest) within every limit.
void checkHold(const PathLimits& limits, const Piece& p, int piece, int point, const Model& model) {
  std::vector<PathLimitRow> rows;
  limits.appendRows(p.dyn[point], 0.0, rows);
  for (const PathLimitRow& r : rows) {
    const double c = 0.5 * (r.cLo + r.cHi);
    if (c <= r.hi && c >= r.lo) continue;
    const double s = p.grid.s[point];
    char buf[320];
    const bool prismatic = !model.isRevolute(r.joint);
    std::snprintf(buf, sizeof buf,
                  "no timing exists: at s = %.6g (the %s of piece %d of the path) holding the arm still needs "
                  "%.4g %s at joint %d, beyond its %s limit %.4g",
                  s, point == 0 ? "start" : "end", piece + 1, c,
                  r.kind == PathLimitKind::Voltage ? "V" : (prismatic ? "N" : "N m"), r.joint + 1,
                  pathLimitName(r.kind), c > r.hi ? r.hi : r.lo);
    throw TimeOptimalError(buf, s, r.joint, r.kind, true);
  }
}

double maxChange(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0.0, m = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    d = std::max(d, std::abs(a[i] - b[i]));
    m = std::max(m, std::abs(a[i]));
  }
  return m > 0.0 ? d / m : d;
}

}  // namespace

int PhasePlane::intervalAt(double time) const {
  if (t.empty()) return -1;
  const auto it = std::upper_bound(t.begin(), t.end(), time);
  int i = std::max(0, static_cast<int>(it - t.begin()) - 1);
  // A piece's last point starts no interval: the next piece's first point (same time) does.
  while (i + 1 < static_cast<int>(t.size()) && bindingJoint[i] < 0 && t[i + 1] == t[i]) ++i;
  return std::min(i, static_cast<int>(t.size()) - 1);
}

namespace {

// Velocity limits alone leave sdd free: the fastest timing would jump from rest to the velocity
// bound in no time (infinite acceleration, a torque set by the sample period). Some joint that
// moves at this point of the path must bound the acceleration; otherwise the plan is refused,
// naming the moving joints and the keys that would bound them.
void requireAccelerationBound(const Model& model, const PathLimits& limits, bool withDrives,
                              const PathPointDynamics& point, double s) {
  const int n = model.dof();
  double largest = 0.0;
  for (int j = 0; j < n; ++j) largest = std::max(largest, std::abs(point.dq(j)));
  if (!(largest > 0.0)) return;  // nothing moves here
  std::string unbounded;
  for (int j = 0; j < n; ++j) {
    if (std::abs(point.dq(j)) <= 1e-9 * largest) continue;
    if (limits.boundsAcceleration(j)) return;
    unbounded += (unbounded.empty() ? "" : ", ") + std::to_string(j + 1);
  }
  bool driveLimits = false;
  for (const LinkSpec& link : model.spec().links)
    if (link.drive && link.drive->hasMotor && (link.drive->currentLimit > 0.0 || link.drive->voltageLimit > 0.0))
      driveLimits = true;
  std::string msg = "time-optimal timing needs a bound on acceleration and no joint moving here has one: joint(s) " +
                    unbounded + " have no amax or fmax in the robot file" +
                    (withDrives ? std::string(" and no drive current_limit or voltage_limit")
                                : std::string(driveLimits ? " (their drives' current and voltage limits do not apply: the "
                                                            "run is rigid-body)"
                                                          : "")) +
                    "; with velocity limits alone the path speed would jump. Give links[j].amax or links[j].fmax, or "
                    "choose another timing";
  throw TimeOptimalError(msg, s, -1, PathLimitKind::Acceleration);
}

}  // namespace

TimeOptimalTiming timeOptimalTiming(const Model& model, std::shared_ptr<const JointPath> path,
                                    const TimeOptimalOptions& options) {
  if (!path || path->dof() != model.dof())
    throw std::invalid_argument("timeOptimalTiming: the path's joints do not match the model");
  const int n = model.dof();
  const PathLimits limits(model, options.withDrives, options.limitFraction);
  DynamicsData data(model);
  const int pieces = path->pieceCount();
  const double total = path->length();
  Eigen::VectorXd q(n), dq(n), ddq(n);

  std::vector<Piece> ps(pieces);
  // Grid point s of piece k: the path's dynamics there.
  const auto sample = [&](Piece& p, int k, const std::vector<double>& grid) {
    const int P = static_cast<int>(grid.size());
    p.grid.s = grid;
    p.grid.xMax.resize(P);
    p.dyn.resize(P);
    for (int i = 0; i < P; ++i) {
      path->evaluate(k, grid[i], q, dq, ddq);
      limits.pointDynamics(model, data, q, dq, ddq, p.dyn[i]);
      p.grid.xMax[i] = limits.velocityBound(p.dyn[i]);
      requireAccelerationBound(model, limits, options.withDrives, p.dyn[i], grid[i]);
    }
  };
  TimeOptimalTiming out;
  const bool iterate = limits.speedDependent();
  // The passes on one grid: from `start` (an estimate of x; empty: a first conservative pass),
  // iterating the tangents while the limits depend on the speed.
  // Tangent passes from an estimate until the profile settles; false if the first fails.
  const auto iterateFrom = [&](Piece& p, std::vector<double> estimate) {
    ReachabilityResult trial;
    bool any = false;
    for (int pass = 1; pass < kMaxPasses; ++pass) {
      buildRows(limits, p, &estimate);
      solveReachability(p.grid, estimate, false, trial);
      ++out.passes;
      if (!trial.feasible) break;
      const double change = maxChange(trial.x, estimate);
      p.result = trial;
      any = true;
      estimate = trial.x;
      if (change <= kConvergence) break;
    }
    return any;
  };
  // The first pass, conservative without an estimate: the tangent of sqrt at the velocity bound
  // (which charges d sqrt(xMax) / 2 even at rest: a speed-dependent limit can then refuse a path
  // that has a timing). On refusal, tangent passes from a quarter of the velocity bound; only if
  // they fail too is the path refused, with the first pass's place and limits.
  const auto conservativePass = [&](Piece& p, int k) {
    buildRows(limits, p, nullptr);
    solveReachability(p.grid, {}, true, p.result);
    ++out.passes;
    if (p.result.feasible) return;
    const ReachabilityResult refused = p.result;
    const std::vector<PathLimitRow> refusedRows = p.grid.rows;
    if (iterate) {
      std::vector<double> low(p.grid.points());
      for (int i = 0; i < p.grid.points(); ++i) low[i] = 0.25 * std::min(p.grid.xMax[i], 1e12);
      low.front() = low.back() = 0.0;
      if (iterateFrom(p, low)) return;
    }
    failAt(p, k, refusedRows, refused.failedPoint, refused.failedRowA, refused.failedRowB, *path);
  };
  const auto solve = [&](Piece& p, int k, const std::vector<double>& start) {
    if (!iterate) {
      conservativePass(p, k);
    } else if (start.empty() || !iterateFrom(p, start)) {
      conservativePass(p, k);
      iterateFrom(p, p.result.x);
    }
    buildRows(limits, p, &p.result.x);
  };
  for (int k = 0; k < pieces; ++k) {
    Piece& p = ps[k];
    const double s0 = path->pieceStart(k), s1 = path->pieceEnd(k);
    const int N = std::max(kMinPieceIntervals,
                           static_cast<int>(std::ceil(std::max(1, options.gridIntervals) * (s1 - s0) / total)));
    std::vector<double> grid(N + 1);
    for (int i = 0; i <= N; ++i) grid[i] = i == N ? s1 : s0 + (s1 - s0) * i / N;
    sample(p, k, grid);
    checkHold(limits, p, k, 0, model);
    checkHold(limits, p, k, N, model);
    solve(p, k, {});
    // Regrid: equal steps of (fraction of the piece's length + fraction of its time) / 2, so the
    // intervals near rest, where the speed changes fast and an interval's constant sdd cannot
    // follow a speed-dependent limit, are as short in time as the others; then solve again from
    // the first profile.
    std::vector<double> measure(N + 1, 0.0), time(N + 1, 0.0);
    for (int i = 0; i < N; ++i) {
      const double h = p.grid.s[i + 1] - p.grid.s[i];
      const double v = std::sqrt(p.result.x[i]) + std::sqrt(p.result.x[i + 1]);
      time[i + 1] = time[i] + (v > 0.0 ? 2.0 * h / v : 0.0);
    }
    if (!(time[N] > 0.0) || !std::isfinite(time[N])) continue;  // a stall: reported below
    for (int i = 0; i <= N; ++i) measure[i] = 0.5 * (p.grid.s[i] - s0) / (s1 - s0) + 0.5 * time[i] / time[N];
    std::vector<double> regrid(N + 1), estimate(N + 1);
    int j = 0;
    for (int i = 0; i <= N; ++i) {
      const double m = static_cast<double>(i) / N;
      while (j + 1 < N && measure[j + 1] < m) ++j;
      const double f = std::clamp((m - measure[j]) / (measure[j + 1] - measure[j]), 0.0, 1.0);
      regrid[i] = i == 0 ? s0 : (i == N ? s1 : p.grid.s[j] + f * (p.grid.s[j + 1] - p.grid.s[j]));
      estimate[i] = p.result.x[j] + f * (p.result.x[j + 1] - p.result.x[j]);
    }
    estimate[0] = estimate[N] = 0.0;
    sample(p, k, regrid);
    solve(p, k, estimate);
  }

  // Activity on the grid: each interval at both its ends (u of the interval), the rows at the
  // profile's own speeds.
  std::vector<PathLimitRow> scratch;
  const auto intervalActivity = [&](const Piece& p, std::vector<Activity>& start, std::vector<Activity>& end) {
    const int N = p.grid.points() - 1;
    start.assign(N, Activity{});
    end.assign(N, Activity{});
    double worst = 0.0;
    for (int i = 0; i < N; ++i) {
      pointActivity(limits, p, i, p.result.u[i], p.result.x[i], scratch, start[i]);
      pointActivity(limits, p, i + 1, p.result.u[i], p.result.x[i + 1], scratch, end[i]);
      worst = std::max({worst, start[i].value, end[i].value});
    }
    return worst - 1.0;
  };
  std::vector<std::vector<Activity>> startActivity(pieces), endActivity(pieces);
  for (int k = 0; k < pieces; ++k) {
    Piece& p = ps[k];
    if (intervalActivity(p, startActivity[k], endActivity[k]) <= kGridTolerance || !iterate) continue;
    // Tangents at the profile, chords, and Coulomb friction as an interval: every row an upper
    // bound of the exact one.
    const std::vector<double> previous = p.result.x;
    buildRows(limits, p, nullptr);
    ReachabilityResult safe;
    solveReachability(p.grid, previous, true, safe);
    ++out.passes;
    if (safe.feasible) {
      p.result = safe;
      out.conservativeFinal = true;
      intervalActivity(p, startActivity[k], endActivity[k]);
    }
  }

  // The trajectory, the phase plane and the activity record.
  std::vector<std::vector<double>> gs(pieces), xs(pieces);
  PhasePlane& ph = out.phase;
  double activeTime = 0.0, totalTime = 0.0;
  for (int k = 0; k < pieces; ++k) {
    Piece& p = ps[k];
    gs[k] = p.grid.s;
    xs[k] = p.result.x;
    const int N = p.grid.points() - 1;
    // Standing still inside a piece (or so nearly that the time would run to ~1e6 times the rest).
    const double still = 1e-12 * *std::max_element(p.result.x.begin(), p.result.x.end());
    for (int i = 1; i < N; ++i)
      if (p.result.x[i] <= still && (p.result.x[i - 1] <= still || p.result.x[i + 1] <= still)) {
        Activity a;
        pointActivity(limits, p, i, 0.0, 0.0, scratch, a);
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "no timing exists: at s = %.6g (piece %d of the path) the arm would have to stand still: "
                      "joint %d's %s limit only just holds it there",
                      p.grid.s[i], k + 1, a.joint + 1, pathLimitName(a.kind));
        throw TimeOptimalError(buf, p.grid.s[i], a.joint, a.kind);
      }
    ph.pieceStart.push_back(static_cast<int>(ph.s.size()));
    for (int i = 0; i <= N; ++i) {
      ph.s.push_back(p.grid.s[i]);
      ph.sd.push_back(std::sqrt(std::max(0.0, p.result.x[i])));
      ph.sdMin.push_back(std::sqrt(std::max(0.0, p.result.kLo[i])));
      ph.sdMax.push_back(std::sqrt(std::max(0.0, p.result.kHi[i])));
      // The limit curve: the tangent taken at the top of the controllable set, then at the
      // curve itself.
      double lo = 0.0, hi = 0.0;
      admissibleRange(p.grid, i, std::max(p.result.kHi[i], 1e-9), false, lo, hi);
      if (std::isfinite(hi) && hi > 0.0) admissibleRange(p.grid, i, hi, false, lo, hi);
      ph.sdLimit.push_back(std::isfinite(hi) ? std::sqrt(std::max(0.0, hi)) : std::numeric_limits<double>::infinity());
      if (i == N) {
        ph.bindingJoint.push_back(-1);
        ph.bindingKind.push_back(PathLimitKind::Velocity);
        ph.activity.push_back(0.0);
        continue;
      }
      const Activity& a0 = startActivity[k][i];
      const Activity& a1 = endActivity[k][i];
      const Activity& a = a1.value > a0.value ? a1 : a0;
      ph.bindingJoint.push_back(a.joint);
      ph.bindingKind.push_back(a.kind);
      ph.activity.push_back(std::max(a0.value, a1.value));
      out.gridViolation = std::max(out.gridViolation, std::max(a0.value, a1.value) - 1.0);
      const double h = p.grid.s[i + 1] - p.grid.s[i];
      const double dt = 2.0 * h / (std::sqrt(p.result.x[i]) + std::sqrt(p.result.x[i + 1]));
      totalTime += dt;
      if (std::min(a0.value, a1.value) >= kActive) activeTime += dt;
    }
  }
  out.activeFraction = totalTime > 0.0 ? activeTime / totalTime : 0.0;
  // Times of the grid points: the same sums as the trajectory's.
  ph.t.resize(ph.s.size());
  double clock = 0.0;
  for (std::size_t i = 0; i < ph.s.size(); ++i) {
    const bool pieceStarts = std::find(ph.pieceStart.begin(), ph.pieceStart.end(), static_cast<int>(i)) != ph.pieceStart.end();
    if (i > 0 && !pieceStarts) {
      const double h = ph.s[i] - ph.s[i - 1];
      clock += 2.0 * h / (ph.sd[i - 1] + ph.sd[i]);
    }
    ph.t[i] = clock;
  }
  out.trajectory = std::make_shared<const TimeOptimalTrajectory>(path, gs, xs, options.scheme);
  return out;
}

}  // namespace armdyn
