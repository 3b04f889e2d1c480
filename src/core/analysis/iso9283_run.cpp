#include "analysis/iso9283_run.h"

#include "run/task_run.h"
#include "common/input_error.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

namespace armdyn {
namespace iso_detail {

namespace {

std::string speedText(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g m/s", v);
  return buf;
}

}  // namespace

PlannedPath planPath(const Model& model, const ControllerConfig& controller, const IsoPathGeometry& geometry, double speed, double pathAcceleration,
                     const std::string& configuration, const std::string& label) {
  PlannedPath out;
  out.label = label;
  out.geometry = geometry;
  out.speed = speed;
  TaskSpec task;
  task.name = label;
  task.scheme = geometry.flyBy ? TaskScheme::LineArc : TaskScheme::Line;
  for (const PathPoint& p : geometry.points) {
    TaskPoint t;
    t.position = p.position;
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    T.topLeftCorner<3, 3>() = p.rotation;
    t.rpy = xyzRpyFromPose(T).tail<3>();
    t.radius = p.radius;
    task.points.push_back(t);
  }
  task.speed = speed;
  task.pathAcceleration = pathAcceleration;
  task.configuration = configuration;
  try {
    out.plan = planTask(model, task, planWithDrives(controller));  // the run floor's rule
  } catch (const InputError& e) {
    throw InputError("", 0, "iso9283", label + " at " + speedText(speed) + ": " + e.message());
  } catch (const std::exception& e) {
    throw InputError("", 0, "iso9283", label + " at " + speedText(speed) + ": " + e.what());
  }
  out.trajectory = dynamic_cast<const CartesianTrajectory*>(out.plan.trajectory.get());
  if (!out.trajectory) throw std::logic_error("ISO 9283 bench: a Cartesian task gave no Cartesian trajectory");
  out.duration = out.plan.duration();
  // Records every 1..5 ms: at most 0.5 mm of commanded travel apart up to 0.5 m/s, every 1 ms
  // (the controller's sample) faster.
  out.recordPeriod = std::clamp(std::floor(5e-4 / speed / 1e-3) * 1e-3, 1e-3, 5e-3);
  out.polyline = out.trajectory->path().polyline(5e-4);
  out.polylineS.assign(out.polyline.size(), 0.0);
  for (std::size_t k = 1; k < out.polyline.size(); ++k)
    out.polylineS[k] = out.polylineS[k - 1] + (out.polyline[k] - out.polyline[k - 1]).norm();
  out.polylineBounds = PolylineBounds(out.polyline);
  return out;
}

PathRunData runPlannedPath(const Model& model, const ControllerConfig& controller, const PlannedPath& plan,
                           double settle, const IsoNoise& noise, std::uint64_t seed, const std::atomic<bool>* cancel) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  // Load variation: a model of its own with the payload scaled (kinematics unchanged).
  std::unique_ptr<Model> varied;
  const Model* plant = &model;
  if (noise.loadVariation > 0.0 && model.spec().payload && model.spec().payload->mass > 0.0) {
    RobotSpec spec = model.spec();
    const double scale = std::max(0.0, 1.0 + noise.loadVariation * gauss(rng));
    RigidBodyInertia load = *model.spec().payload;
    load.mass *= scale;
    load.inertiaCom *= scale;
    spec.payload = load;
    varied = std::make_unique<Model>(spec);
    plant = varied.get();
  }
  const int n = model.dof();
  Eigen::VectorXd offset(n);
  for (int i = 0; i < n; ++i) offset(i) = noise.encoderResolution * uniform(rng);
  ControllerConfig config = controller;
  config.recordPeriod = plan.recordPeriod;
  config.setpoint = SetpointSource::Task;  // from rest at the plan's start, whatever the session's run holds
  config.q0.resize(0);
  config.qd0.resize(0);
  auto adjust = [&](ClosedLoopSetup& setup) {
    // The controller knows the nominal arm; the plant carries this run's payload.
    setup.plantModel = plant;
    if (cancel) setup.progress = [cancel](double) { return !cancel->load(); };
    if (noise.encoderResolution <= 0.0 && noise.sensorNoise <= 0.0) return;
    setup.measurement = [&noise, &offset, &rng, &gauss](double, Eigen::VectorXd& q, Eigen::VectorXd&) {
      for (Eigen::Index i = 0; i < q.size(); ++i) {
        double v = q(i);
        if (noise.encoderResolution > 0.0)
          v = offset(i) + noise.encoderResolution * std::round((v - offset(i)) / noise.encoderResolution);
        if (noise.sensorNoise > 0.0) v += noise.sensorNoise * gauss(rng);
        q(i) = v;
      }
    };
  };
  // Through the run floor, on the plan made once for every repetition.
  RunOptions options;
  options.mode = RunMode::ForwardSimulation;
  options.controller = std::make_shared<const ControllerConfig>(std::move(config));
  options.duration = plan.duration + settle;
  options.adjust = adjust;
  const RunRecord run = runPlan(model, plan.plan, options);
  PathRunData out;
  out.diverged = run.diverged;
  out.stopped = run.stopped;
  out.message = run.message;
  out.t = run.t;
  const std::size_t samples = run.t.size();
  out.attained.resize(samples);
  out.attainedRpy.resize(samples);
  for (std::size_t k = 0; k < samples; ++k) {
    const auto row = run.toolPose.row(static_cast<Eigen::Index>(k));  // x y z roll pitch yaw of FK(q)
    out.attained[k] = row.head<3>().transpose();
    out.attainedRpy[k] = row.tail<3>().transpose();
  }
  return out;
}

double distanceFromPath(const PlannedPath& plan, const Eigen::Vector3d& p, double s, double window) {
  const std::vector<double>& S = plan.polylineS;
  const auto lo = std::lower_bound(S.begin(), S.end(), s - window);
  const auto hi = std::upper_bound(S.begin(), S.end(), s + window);
  std::size_t a = lo == S.begin() ? 0 : static_cast<std::size_t>(lo - S.begin()) - 1;
  std::size_t b = std::min(static_cast<std::size_t>(hi - S.begin()), S.size() - 1);
  if (a == b) return (p - plan.polyline[a]).norm();
  return plan.polylineBounds.nearestSegmentDistance(plan.polyline, p, a, b);
}

double maxDeviation(const PlannedPath& plan, const PathRunData& run) {
  double worst = 0.0;
  const PathSpeedProfile& profile = plan.trajectory->profile();
  // The nearest path point is searched within this arc length of the commanded one: lags of
  // up to half a second of travel.
  const double window = std::max(0.1, 0.5 * plan.speed);
  for (std::size_t k = 0; k < run.t.size(); ++k) {
    double s, sd, sdd;
    profile.evaluate(run.t[k], s, sd, sdd);
    worst = std::max(worst, distanceFromPath(plan, run.attained[k], s, window));
  }
  return worst;
}

IsoPathResult evaluatePathRuns(const PlannedPath& plan, const std::vector<const PathRunData*>& runs) {
  IsoPathResult r;
  const CartesianPath& path = plan.trajectory->path();
  const PathSpeedProfile& profile = plan.trajectory->profile();
  r.length = path.length();
  r.duration = plan.duration;
  // Evaluation points every 5 mm (at least 50), the ends left out (the arm rests there).
  const int m = std::max(50, static_cast<int>(std::ceil(path.length() / 5e-3)));
  std::vector<Eigen::Vector3d> points, tangents;
  PathSample sample;
  // Sharp corners are the cornering test's (CR, CO): evaluation points within 10 mm of one
  // are left out (the plane normal to the path there cuts the attained path on the other leg).
  const std::vector<double>& cornerS = path.pointArcLength();
  // A closed path with sharp corners (the rectangle) starts and ends on one: left out as well.
  const bool closedCornered = !plan.geometry.corners.empty() &&
                              (plan.geometry.points.front().position - plan.geometry.points.back().position).norm() < 1e-12;
  auto nearCorner = [&](double s) {
    for (int c : plan.geometry.corners)
      if (std::abs(s - cornerS[static_cast<std::size_t>(c)]) < 0.01) return true;
    return closedCornered && (s < 0.01 || s > path.length() - 0.01);
  };
  for (int i = 1; i < m; ++i) {
    const double s = path.length() * static_cast<double>(i) / static_cast<double>(m);
    if (nearCorner(s)) continue;
    path.evaluate(s, sample);
    points.push_back(sample.p);
    tangents.push_back(sample.dp);
    r.evaluationArcLength.push_back(s);
  }
  // Each run's attained points, the settle time included (an arm that lags finishes its path
  // after the command has ended).
  std::vector<std::vector<Eigen::Vector3d>> attained;
  for (const PathRunData* run : runs) {
    attained.push_back(run->attained);
    r.maxDeviation = std::max(r.maxDeviation, maxDeviation(plan, *run));
  }
  r.characteristics = pathCharacteristics(points, tangents, attained);
  r.commanded = path.polyline(2e-3);
  if (!runs.empty()) {
    const PathRunData& first = *runs.front();
    const std::size_t stride = std::max<std::size_t>(1, first.attained.size() / 4000);
    for (std::size_t k = 0; k < first.attained.size(); k += stride) r.attained.push_back(first.attained[k]);
  }
  // Cornering at sharp corners: the attained samples from the command's passing the middle of
  // the incoming leg to its passing the middle of the outgoing one.
  const auto& P = plan.geometry.points;
  const std::vector<double>& pointS = path.pointArcLength();
  for (int c : plan.geometry.corners) {
    const Eigen::Vector3d in = P[c].position - P[c - 1].position, out = P[c + 1].position - P[c].position;
    const double t0 = profile.timeAt(pointS[c] - 0.5 * in.norm()), t1 = profile.timeAt(pointS[c] + 0.5 * out.norm());
    for (const PathRunData* run : runs) {
      std::vector<Eigen::Vector3d> near;
      for (std::size_t k = 0; k < run->t.size(); ++k)
        if (run->t[k] >= t0 && run->t[k] <= t1) near.push_back(run->attained[k]);
      if (near.size() < 2) continue;
      const CorneringCharacteristics cc = corneringCharacteristics(P[c].position, in, out, near);
      r.cornering.CR = std::max(r.cornering.CR, cc.CR);
      r.cornering.CO = std::max(r.cornering.CO, cc.CO);
    }
  }
  // Path velocity on a single line: the middle 80 % of the longest stretch the command cruises
  // at constant speed, against that speed (the planner may have lowered it below plan.speed).
  if (P.size() == 2) {
    // Consecutive constant-speed pieces at one speed (the profile has a piece per grid
    // interval) form one stretch.
    double cruise0 = -1.0, cruise1 = -1.0, cruiseSpeed = 0.0;
    double start = -1.0, end = -1.0, speed = 0.0;
    auto close = [&]() {
      if (start >= 0.0 && end - start > cruise1 - cruise0) cruise0 = start, cruise1 = end, cruiseSpeed = speed;
      start = -1.0;
    };
    for (const PathSpeedProfile::Piece& piece : profile.pieces()) {
      const bool cruising = piece.a == 0.0 && piece.v0 > 0.0;
      if (cruising && start >= 0.0 && std::abs(piece.v0 - speed) <= 1e-12 * speed) {
        end = piece.t0 + piece.duration;
        continue;
      }
      close();
      if (cruising) start = piece.t0, end = piece.t0 + piece.duration, speed = piece.v0;
    }
    close();
    if (cruise0 >= 0.0 && cruise1 > cruise0) {
      const double margin = 0.1 * (cruise1 - cruise0);
      std::vector<std::vector<double>> speeds;
      for (const PathRunData* run : runs) {
        std::vector<double> v;
        for (std::size_t k = 1; k + 1 < run->t.size(); ++k)
          if (run->t[k] >= cruise0 + margin && run->t[k] <= cruise1 - margin)
            v.push_back((run->attained[k + 1] - run->attained[k - 1]).norm() / (run->t[k + 1] - run->t[k - 1]));
        if (!v.empty()) speeds.push_back(std::move(v));
      }
      if (!speeds.empty()) r.velocity = pathVelocityCharacteristics(speeds, cruiseSpeed);
    }
  }
  return r;
}

}  // namespace iso_detail
}  // namespace armdyn
