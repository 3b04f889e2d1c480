#include "analysis/iso9283_bench.h"

#include "analysis/iso9283_run.h"
#include "analysis/parallel_runs.h"
#include "common/input_error.h"
#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics/workspace_estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {

namespace {

std::string fmt(const char* format, double a, double b = 0.0, double c = 0.0, double d = 0.0) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, a, b, c, d);
  return buf;
}

// Distance by which p lies beyond the arm's reach (position only, within the joint limits): the
// residual of a position-only damped-least-squares search, 0 when reachable.
double reachShortfall(const Model& model, const Eigen::Vector3d& p) {
  Eigen::Matrix4d target = Eigen::Matrix4d::Identity();
  target.topRightCorner<3, 1>() = p;
  DlsOptions o;
  o.positionOnly = true;
  o.tolerance = 1e-9;
  o.randomStarts = 12;
  const DlsResult r = solveDampedLeastSquares(model, target, Eigen::VectorXd(), o);
  return r.converged ? 0.0 : r.residual;
}

// Every check point of a cube (corners first: the cheap refusal) within reach, its corner
// radius `radius` (0: 0.05 a).
bool cubeFits(const Model& model, const IsoCube& cube, double radius) {
  const double h = 0.5 * cube.edge;
  for (int k = 0; k < 8; ++k)
    if (reachShortfall(model, cube.centre + Eigen::Vector3d(k & 1 ? h : -h, k & 2 ? h : -h, k & 4 ? h : -h)) > 1e-6)
      return false;
  for (const Eigen::Vector3d& p : isoCheckPoints(cube, isoCornerRadius(cube, radius)))
    if (reachShortfall(model, p) > 1e-6) return false;
  return true;
}

// The largest edge up to `upTo` whose cube about `centre` fits (corner radius 0.05 a), by
// bisection to 1e-3 of upTo, rounded down to 1 mm; 0 when none does.
double largestFittingEdge(const Model& model, const Eigen::Vector3d& centre, double upTo) {
  if (reachShortfall(model, centre) > 1e-6) return 0.0;
  double lo = 0.0, hi = upTo;
  if (cubeFits(model, IsoCube{centre, hi}, 0.0)) return std::floor(1e3 * hi) * 1e-3;
  for (int k = 0; k < 20 && hi - lo > 1e-3 * upTo; ++k) {
    const double mid = 0.5 * (lo + hi);
    (cubeFits(model, IsoCube{centre, mid}, 0.0) ? lo : hi) = mid;
  }
  return std::floor(1e3 * lo) * 1e-3;
}

IsoCube benchCube(const Model& model, const IsoBenchOptions& o, bool& fromWorkspace) {
  fromWorkspace = !o.cube.has_value();
  if (o.cube) return *o.cube;
  const WorkspaceEstimate w = estimateWorkspace(model, 100000, 1);
  const WorkspaceCube c = largestCube(w);
  if (!(c.edge > 0.0))
    throw InputError("", 0, "iso9283.cube", "the workspace estimate holds no cube; give the cube's centre and edge");
  // The voxel cube is sampled and its boundary voxels only partly covered: the largest edge
  // about its centre for which every check point (corners, poses, test paths) is reachable,
  // less 5 %.
  const double edge = largestFittingEdge(model, c.centre, c.edge);
  if (!(edge > 0.0)) throw InputError("", 0, "iso9283.cube", "no test cube fits about the workspace estimate's centre; give the cube");
  return IsoCube{c.centre, 0.95 * edge};
}


// One unit of work: a pose move (speed, cycle, step of the pose cycle) or a path run.
struct Job {
  int speed = 0;
  bool pose = false;
  int step = 0;     // pose: index into the pose cycle's moves (0..4); path: index into options.paths
  int cycle = 0;
};

struct PoseMoveOutcome {
  Eigen::Vector3d position = Eigen::Vector3d::Zero(), rpy = Eigen::Vector3d::Zero();
  double stabilisation = 0.0, overshoot = 0.0;
};

}  // namespace

double isoCornerRadius(const IsoCube& cube, double given) { return given > 0.0 ? given : 0.05 * cube.edge; }

Eigen::Matrix3d isoToolRotation(const Model& model, const std::optional<Eigen::Vector3d>& rpy) {
  if (rpy) return poseFromXyzRpy(Eigen::Vector3d::Zero(), *rpy).topLeftCorner<3, 3>();
  return toolPose(model, model.home()).topLeftCorner<3, 3>();
}

IsoPathGeometry isoBenchPath(const Model& model, IsoPath path, const IsoCube& cube, double cornerRadius) {
  return isoPathGeometry(path, cube, isoCornerRadius(cube, cornerRadius), isoToolRotation(model));
}

IsoNoise defaultIsoNoise() {
  IsoNoise n;
  n.encoderResolution = 2.0 * M_PI / 1048576.0;
  n.sensorNoise = 2e-6;
  n.loadVariation = 0.02;
  return n;
}

void validateIsoBenchValues(const IsoBenchOptions& o) {
  auto positive = [](double v, const char* field, const char* unit) {
    if (!std::isfinite(v) || !(v > 0.0)) throw InputError("", 0, field, std::string("must be a number > 0 ") + unit);
  };
  positive(o.ratedSpeed, "iso9283.rated_speed", "m/s");
  positive(o.pathAcceleration, "iso9283.path_acceleration", "m/s^2");
  if (o.speedFractions.empty() || o.speedFractions.size() > 10)
    throw InputError("", 0, "iso9283.speeds", "give one to ten speeds (% of rated)");
  for (std::size_t a = 0; a < o.paths.size(); ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (o.paths[a] == o.paths[b]) throw InputError("", 0, "iso9283.paths", std::string(isoPathName(o.paths[a])) + " twice");
  for (double f : o.speedFractions)
    if (!std::isfinite(f) || !(f > 0.0) || f > 1.0)
      throw InputError("", 0, "iso9283.speeds", fmt("%g %% of the rated speed: each must lie in (0, 100] %%", 100.0 * f));
  if (o.poseCycles < 2 || o.poseCycles > 1000)
    throw InputError("", 0, "iso9283.pose_cycles", "must lie in [2, 1000] (ISO 9283: 30)");
  if (o.pathCycles < 2 || o.pathCycles > 1000)
    throw InputError("", 0, "iso9283.path_cycles", "must lie in [2, 1000] (ISO 9283: 10)");
  if (!std::isfinite(o.settleTime) || o.settleTime < 0.0 || o.settleTime > 60.0)
    throw InputError("", 0, "iso9283.settle_time", "must lie in [0, 60] s");
  if (!std::isfinite(o.pathSettleTime) || o.pathSettleTime < 0.0 || o.pathSettleTime > 60.0)
    throw InputError("", 0, "iso9283.path_settle_time", "must lie in [0, 60] s");
  positive(o.stabilisationBand, "iso9283.stabilisation_band", "m");
  const IsoNoise& n = o.noise;
  if (!std::isfinite(n.encoderResolution) || n.encoderResolution < 0.0 || n.encoderResolution > 0.1)
    throw InputError("", 0, "iso9283.noise.encoder_resolution", "must lie in [0, 0.1] rad (5.73 deg; 0 = exact)");
  if (!std::isfinite(n.sensorNoise) || n.sensorNoise < 0.0 || n.sensorNoise > 0.1)
    throw InputError("", 0, "iso9283.noise.sensor", "must lie in [0, 0.1] rad (5.73 deg; 0 = none)");
  if (!std::isfinite(n.loadVariation) || n.loadVariation < 0.0 || n.loadVariation > 0.5)
    throw InputError("", 0, "iso9283.noise.load_variation", "must lie in [0, 0.5] (relative: 0 to 50 %; 0 = none)");
  if (o.threads < 0 || o.threads > 256) throw InputError("", 0, "--threads", "must lie in [0, 256]");
  if (o.cube) validateIsoCube(*o.cube, o.cornerRadius);
}

void validateIsoCube(const IsoCube& c, double cornerRadius) {
  if (!c.centre.allFinite()) throw InputError("", 0, "iso9283.cube.centre", "must be three finite numbers (m)");
  if (!std::isfinite(c.edge) || !(c.edge > 0.0)) throw InputError("", 0, "iso9283.cube.edge", "must be a number > 0 m");
  if (c.edge > 20.0) throw InputError("", 0, "iso9283.cube.edge", fmt("%g m: at most 20 m", c.edge));
  const double r = isoCornerRadius(c, cornerRadius);
  if (!std::isfinite(cornerRadius) || cornerRadius < 0.0 || r >= 0.25 * c.edge)
    throw InputError("", 0, "iso9283.corner_radius",
                     fmt("must lie below a quarter of the edge: in (0, a/4) = (0, %g) m (0: 5 %% of the edge)", 0.25 * c.edge));
}

void validateIsoBench(const Model& model, const IsoBenchOptions& o) {
  validateIsoBenchValues(o);
  if (o.cube) {
    const IsoCube& c = *o.cube;
    const double r = isoCornerRadius(c, o.cornerRadius);
    // Every check point within reach (corners first); else say which, by how much, and what
    // would fit.
    if (reachShortfall(model, c.centre) > 1e-6)
      throw InputError("", 0, "iso9283.cube.centre",
                       fmt("the cube's centre (%.4g, %.4g, %.4g) m is out of reach by %.4g m", c.centre.x(), c.centre.y(),
                           c.centre.z(), reachShortfall(model, c.centre)));
    std::vector<Eigen::Vector3d> points;
    const double h = 0.5 * c.edge;
    for (int k = 0; k < 8; ++k) points.push_back(c.centre + Eigen::Vector3d(k & 1 ? h : -h, k & 2 ? h : -h, k & 4 ? h : -h));
    bool cornersIn = true;
    for (const Eigen::Vector3d& p : points) cornersIn = cornersIn && reachShortfall(model, p) <= 1e-6;
    if (cornersIn) points = isoCheckPoints(c, r);
    for (const Eigen::Vector3d& p : points) {
      const double beyond = reachShortfall(model, p);
      if (beyond <= 1e-6) continue;
      throw InputError("", 0, "iso9283.cube.edge",
                       fmt("the cube does not fit the workspace: its point (%.4g, %.4g, %.4g) m lies %.4g m beyond "
                           "the arm's reach",
                           p.x(), p.y(), p.z(), beyond) +
                           fmt("; about this centre an edge of at most %.3f m fits (given %.4g m)",
                               largestFittingEdge(model, c.centre, c.edge), c.edge));
    }
  }
}

IsoBenchResult runIsoBench(const Model& model, const ControllerConfig& controller, const IsoBenchOptions& o) {
  validateIsoBench(model, o);
  IsoBenchResult result;
  result.cube = benchCube(model, o, result.cubeFromWorkspace);
  if (result.cubeFromWorkspace) {
    IsoBenchOptions given = o;
    given.cube = result.cube;
    validateIsoBench(model, given);
  }
  const IsoCube& cube = result.cube;
  result.cornerRadius = isoCornerRadius(cube, o.cornerRadius);
  result.noise = o.noise;
  const Eigen::Matrix3d R = isoToolRotation(model, o.toolRpy);
  const std::array<Eigen::Vector3d, 5> P = isoPoses(cube);
  const std::array<int, 6>& cycle = isoPoseCycle();
  const int nSpeeds = static_cast<int>(o.speedFractions.size());
  const int nPaths = static_cast<int>(o.paths.size());

  // Plans, built once per speed (shared by the cycles): pose moves, then paths.
  struct SpeedPlans {
    std::vector<iso_detail::PlannedPath> moves, paths;
  };
  std::vector<SpeedPlans> plans(static_cast<std::size_t>(nSpeeds));
  for (int s = 0; s < nSpeeds; ++s) {
    const double speed = o.speedFractions[s] * o.ratedSpeed;
    const double acceleration = o.timeScaling ? o.pathAcceleration * o.speedFractions[s] * o.speedFractions[s] : o.pathAcceleration;
    if (o.poses)
      for (int m = 0; m < 5; ++m) {
        IsoPathGeometry g;
        PathPoint a, b;
        a.position = P[cycle[m]], b.position = P[cycle[m + 1]];
        a.rotation = b.rotation = R;
        g.points = {a, b};
        plans[s].moves.push_back(iso_detail::planPath(model, controller, g, speed, acceleration, o.configuration,
                                                      "pose move P" + std::to_string(cycle[m] + 1) + " -> P" +
                                                          std::to_string(cycle[m + 1] + 1)));
      }
    for (IsoPath path : o.paths)
      plans[s].paths.push_back(iso_detail::planPath(model, controller, isoPathGeometry(path, cube, result.cornerRadius, R), speed,
                                                    acceleration, o.configuration, isoPathName(path)));
  }
  // What the runs would simulate and keep, before any runs: at most kMaxIsoSimulatedTime of
  // motion (a run's time history lives while it runs; the path runs' attained points are kept).
  double total = 0.0, longest = 0.0;
  for (const SpeedPlans& sp : plans) {
    for (const iso_detail::PlannedPath& m : sp.moves) {
      total += o.poseCycles * (m.duration + o.settleTime);
      longest = std::max(longest, m.duration + o.settleTime);
    }
    for (const iso_detail::PlannedPath& p : sp.paths) {
      total += o.pathCycles * (p.duration + o.pathSettleTime);
      longest = std::max(longest, p.duration + o.pathSettleTime);
    }
  }
  if (longest > kMaxIsoRunTime)
    throw InputError("", 0, "iso9283.speeds",
                     fmt("the slowest speed makes a run of %.4g s (at most %g s): raise the speeds or the rated speed", longest,
                         kMaxIsoRunTime));
  if (total > kMaxIsoSimulatedTime)
    throw InputError("", 0, "iso9283",
                     fmt("the bench would simulate %.4g s of motion (at most %g s): fewer cycles, speeds or paths", total,
                         kMaxIsoSimulatedTime));

  std::vector<Job> jobs;
  for (int s = 0; s < nSpeeds; ++s) {
    if (o.poses)
      for (int c = 0; c < o.poseCycles; ++c)
        for (int m = 0; m < 5; ++m) jobs.push_back(Job{s, true, m, c});
    for (int p = 0; p < nPaths; ++p)
      for (int c = 0; c < o.pathCycles; ++c) jobs.push_back(Job{s, false, p, c});
  }
  // Longest runs first (the slow speeds): the threads then finish together.
  std::stable_sort(jobs.begin(), jobs.end(), [&](const Job& a, const Job& b) {
    return o.speedFractions[a.speed] < o.speedFractions[b.speed];
  });

  std::vector<PoseMoveOutcome> poseOut(static_cast<std::size_t>(nSpeeds * 5 * std::max(o.poseCycles, 1)));
  std::vector<iso_detail::PathRunData> pathOut(static_cast<std::size_t>(nSpeeds * nPaths * o.pathCycles));
  std::vector<double> simulated(jobs.size(), 0.0);  // s of motion per job, summed afterwards

  auto job = [&](int k, const std::atomic<bool>& stop) {
    const Job& job = jobs[static_cast<std::size_t>(k)];
    const std::uint64_t runSeed = o.seed * 0x9E3779B97F4A7C15ull +
                                  static_cast<std::uint64_t>((job.speed * 2 + (job.pose ? 0 : 1)) * 100000 +
                                                             job.step * 1000 + job.cycle);
    if (job.pose) {
      const iso_detail::PlannedPath& plan = plans[job.speed].moves[job.step];
      const iso_detail::PathRunData run = iso_detail::runPlannedPath(model, controller, plan, o.settleTime, o.noise, runSeed, &stop);
      if (run.diverged) throw InputError("", 0, "iso9283", plan.label + ": " + run.message);
      if (run.stopped || run.t.empty()) return;  // cancelled
      PoseMoveOutcome& out = poseOut[static_cast<std::size_t>((job.speed * 5 + job.step) * o.poseCycles + job.cycle)];
      out.position = run.attained.back();
      out.rpy = run.attainedRpy.back();
      const Eigen::Vector3d target = plan.geometry.points.back().position;
      const Eigen::Vector3d direction = (target - plan.geometry.points.front().position).normalized();
      const double arrival = plan.duration;
      for (std::size_t i = 0; i < run.t.size(); ++i) {
        if (run.t[i] < arrival - 1e-12) continue;
        if ((run.attained[i] - out.position).norm() > o.stabilisationBand)
          out.stabilisation = std::max(out.stabilisation, run.t[i] - arrival);
        out.overshoot = std::max(out.overshoot, (run.attained[i] - target).dot(direction));
      }
      simulated[static_cast<std::size_t>(k)] = run.t.back();
    } else {
      const iso_detail::PlannedPath& plan = plans[job.speed].paths[job.step];
      iso_detail::PathRunData run = iso_detail::runPlannedPath(model, controller, plan, o.pathSettleTime, o.noise, runSeed, &stop);
      if (run.diverged) throw InputError("", 0, "iso9283", plan.label + ": " + run.message);
      if (run.stopped || run.t.empty()) return;  // cancelled
      simulated[static_cast<std::size_t>(k)] = run.t.back();
      pathOut[static_cast<std::size_t>((job.speed * nPaths + job.step) * o.pathCycles + job.cycle)] = std::move(run);
    }
  };
  const ParallelOutcome outcome = runParallel(static_cast<int>(jobs.size()), o.threads, job, o.progress);
  result.runs = outcome.finished;
  for (double t : simulated) result.simulatedTime += t;
  if (outcome.cancelled || outcome.finished < static_cast<int>(jobs.size())) {
    result.cancelled = true;
    return result;
  }
  if (o.progress) o.progress(1.0);

  // Characteristics.
  for (int s = 0; s < nSpeeds; ++s) {
    IsoSpeedResult sr;
    sr.fraction = o.speedFractions[s];
    sr.speed = sr.fraction * o.ratedSpeed;
    if (o.poses) {
      for (int m = 0; m < 5; ++m) {
        IsoPoseResult pr;
        const int pose = cycle[m + 1];
        pr.pose = pose + 1;
        pr.commanded = P[pose];
        std::vector<Eigen::Vector3d> positions;
        for (int c = 0; c < o.poseCycles; ++c) {
          const PoseMoveOutcome& out = poseOut[static_cast<std::size_t>((s * 5 + m) * o.poseCycles + c)];
          positions.push_back(out.position);
          pr.stabilisationTime = std::max(pr.stabilisationTime, out.stabilisation);
          pr.overshoot = std::max(pr.overshoot, out.overshoot);
        }
        pr.characteristics = poseCharacteristics(P[pose], positions);
        sr.AP = std::max(sr.AP, pr.characteristics.AP);
        sr.RP = std::max(sr.RP, pr.characteristics.RP);
        sr.stabilisationTime = std::max(sr.stabilisationTime, pr.stabilisationTime);
        sr.overshoot = std::max(sr.overshoot, pr.overshoot);
        sr.poses.push_back(pr);
      }
      std::sort(sr.poses.begin(), sr.poses.end(), [](const IsoPoseResult& a, const IsoPoseResult& b) { return a.pose < b.pose; });
    }
    for (int p = 0; p < nPaths; ++p) {
      const iso_detail::PlannedPath& plan = plans[s].paths[p];
      std::vector<const iso_detail::PathRunData*> runs;
      for (int c = 0; c < o.pathCycles; ++c)
        runs.push_back(&pathOut[static_cast<std::size_t>((s * nPaths + p) * o.pathCycles + c)]);
      IsoPathResult pr = iso_detail::evaluatePathRuns(plan, runs);
      pr.path = o.paths[p];
      sr.AT = std::max(sr.AT, pr.characteristics.AT);
      sr.RT = std::max(sr.RT, pr.characteristics.RT);
      if (pr.path == IsoPath::Rectangle) {
        sr.CR = std::max(sr.CR, pr.cornering.CR);
        sr.CO = std::max(sr.CO, pr.cornering.CO);
      }
      if (pr.path == IsoPath::Line) {
        sr.AV = pr.velocity.AV;
        sr.RV = pr.velocity.RV;
        sr.FV = pr.velocity.FV;
      }
      sr.paths.push_back(std::move(pr));
    }
    result.speeds.push_back(std::move(sr));
  }
  return result;
}

}  // namespace armdyn
