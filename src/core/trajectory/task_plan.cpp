#include "trajectory/task_plan.h"

#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "trajectory/cartesian_joint_path.h"
#include "trajectory/cartesian_trajectory.h"
#include "trajectory/joint_polyline_path.h"
#include "trajectory/joint_scheme.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn {

namespace {

std::string pointField(int index) { return "points[" + std::to_string(index + 1) + "]"; }

int pointLine(const TaskSpec& task, int index) {
  if (task.jointPoints.rows() > 0)
    return index >= 0 && index < static_cast<int>(task.jointPointLines.size()) ? task.jointPointLines[index] : 0;
  return index >= 0 && index < static_cast<int>(task.points.size()) ? task.points[index].sourceLine : 0;
}

Eigen::Vector3d pointPosition(const TaskSpec& task, int index) {
  return index >= 0 && index < static_cast<int>(task.points.size()) ? task.points[index].position
                                                                    : Eigen::Vector3d::Zero();
}

std::string unreachableMessage(const TaskSpec& task, int index, const std::string& reason) {
  const Eigen::Vector3d p = pointPosition(task, index);
  char buf[128];
  std::snprintf(buf, sizeof buf, "point %d (%.4g, %.4g, %.4g) m is out of reach: ", index + 1, p.x(), p.y(), p.z());
  return buf + reason;
}

[[noreturn]] void fail(const TaskSpec& task, const std::string& key, const std::string& field, const std::string& message) {
  throw InputError(task.sourceFile, task.lineOf(key), field, message);
}

// Revolute values shifted by whole turns towards `previous` while they stay within the
// limits, so that the plan does not spin a joint round to an equivalent angle.
void unwrapTowards(const Model& model, const Eigen::VectorXd& previous, Eigen::VectorXd& q) {
  const double turn = 2.0 * M_PI;
  for (int i = 0; i < model.dof(); ++i) {
    if (!model.isRevolute(i)) continue;
    const LinkSpec& l = model.spec().links[i];
    const double shifted = q(i) + turn * std::round((previous(i) - q(i)) / turn);
    if (shifted >= l.qMin && shifted <= l.qMax) q(i) = shifted;
  }
}

// Joint coordinates of every task pose (Vora 4.4 and eqs 7.1-7.4 for the RRR).
Eigen::MatrixXd solvePoints(const Model& model, const TaskSpec& task) {
  requireKnownConfiguration(model, task);
  const int m = static_cast<int>(task.points.size());
  const int n = model.dof();
  Eigen::MatrixXd joints(m, n);
  Eigen::VectorXd previous = model.home();
  // Vora's RRR always takes its family default (elbow up); other arms without a forced
  // configuration follow the solution nearest the previous point, for continuity.
  const bool nearest = task.configuration.empty() && kinematicFamily(model) != "rrr";
  for (int k = 0; k < m; ++k) {
    const TaskPoint& p = task.points[k];
    if (!p.position.allFinite() || !p.rpy.allFinite())
      throw InputError(task.sourceFile, p.sourceLine, pointField(k), "coordinates must be finite numbers");
    const Eigen::Matrix4d pose = poseFromXyzRpy(p.position, p.rpy);
    const IkResult r = solveInverseKinematics(model, pose, task.configuration, previous);
    if (!r.ok) throw UnreachablePointError(task, k, r.reason.empty() ? "no inverse kinematics solution" : r.reason);
    Eigen::VectorXd q = r.q;
    unwrapTowards(model, previous, q);
    if (nearest && k > 0 && r.method == IkMethod::ClosedForm) {
      const ClosedFormIk all = closedFormInverseKinematics(model, pose, previous);
      double best = (q - previous).squaredNorm();
      for (const IkCandidate& c : all.solutions) {
        Eigen::VectorXd qc = c.q;
        unwrapTowards(model, previous, qc);
        const double dist = (qc - previous).squaredNorm();
        if (dist < best) {
          best = dist;
          q = qc;
        }
      }
    }
    joints.row(k) = q.transpose();
    previous = q;
  }
  return joints;
}

}  // namespace

std::string jointPointLimitRefusal(const LinkSpec& link, int joint, double value) {
  if (value >= link.qMin - 1e-12 && value <= link.qMax + 1e-12) return {};
  const bool revolute = link.joint == JointType::Revolute;
  const double unit = revolute ? 180.0 / M_PI : 1.0;
  char buf[200];
  std::snprintf(buf, sizeof buf, "joint %d at %.6g %s is outside its limits [%.6g, %.6g] %s", joint + 1, value * unit,
                revolute ? "deg" : "m", link.qMin * unit, link.qMax * unit, revolute ? "deg" : "m");
  return buf;
}

std::string jointCountRefusal(const TaskSpec& task, int joints) {
  const Eigen::Index values = task.jointPoints.cols();
  if (task.jointPoints.rows() == 0 || values == joints) return {};
  return "a row has " + std::to_string(values) + (values == 1 ? " value" : " values") + " but the robot has " +
         std::to_string(joints) + (joints == 1 ? " joint" : " joints");
}

namespace {

// Joint points as written (deg for revolute joints, m for prismatic) to SI, checked against
// the robot's joint count and limits.
Eigen::MatrixXd jointPointsOf(const Model& model, const TaskSpec& task) {
  const int n = model.dof();
  if (task.jointPoints.cols() != n)
    throw InputError(task.sourceFile, pointLine(task, 0), "joint_points[1]",
                     jointCountRefusal(task, n) + ": give one value per joint");
  Eigen::MatrixXd q = task.jointPoints;
  for (int k = 0; k < q.rows(); ++k)
    for (int j = 0; j < n; ++j) {
      if (model.isRevolute(j)) q(k, j) *= M_PI / 180.0;
      const LinkSpec& l = model.spec().links[j];
      if (!std::isfinite(q(k, j)))
        throw InputError(task.sourceFile, pointLine(task, k), "joint_points[" + std::to_string(k + 1) + "]",
                         "values must be finite numbers");
      const std::string beyond = jointPointLimitRefusal(l, j, q(k, j));
      if (!beyond.empty())
        throw InputError(task.sourceFile, pointLine(task, k), "joint_points[" + std::to_string(k + 1) + "]", beyond);
    }
  return q;
}

std::string indexed(const std::string& field, int index) {
  return index >= 0 ? field + "[" + std::to_string(index + 1) + "]" : field;
}

// Every joint's vmax and amax (infinite where the robot gives none), as the joint-space schemes take them.
void setJointLimits(const Model& model, JointSchemeOptions& o) {
  const int n = model.dof();
  o.vMax.resize(n);
  o.aMax.resize(n);
  for (int j = 0; j < n; ++j) {
    const LinkSpec& l = model.spec().links[j];
    o.vMax(j) = l.vMax;
    o.aMax(j) = l.aMax ? *l.aMax : std::numeric_limits<double>::infinity();
  }
}

TaskPlan planJointSpace(const Model& model, const TaskSpec& task) {
  const int n = model.dof();
  TaskPlan plan;
  plan.scheme = task.scheme;
  plan.pointJoints = task.jointPoints.rows() > 0 ? jointPointsOf(model, task) : solvePoints(model, task);

  JointSchemeOptions o;
  switch (task.scheme) {
    case TaskScheme::Paul: o.scheme = JointScheme::Paul; break;
    case TaskScheme::Cubic: o.scheme = JointScheme::Cubic; break;
    case TaskScheme::CubicSpline: o.scheme = JointScheme::CubicSpline; break;
    case TaskScheme::Quintic: o.scheme = JointScheme::Quintic; break;
    case TaskScheme::Lspb: o.scheme = JointScheme::Lspb; break;
    default: throw std::logic_error("planJointSpace: not a joint-space scheme");
  }
  o.durations = task.durations;
  if (task.viaVelocity.empty() || task.viaVelocity == "heuristic") o.viaVelocity = ViaVelocity::Heuristic;
  else if (task.viaVelocity == "zero") o.viaVelocity = ViaVelocity::Zero;
  else if (task.viaVelocity == "continuous-acceleration") o.viaVelocity = ViaVelocity::ContinuousAcceleration;
  else
    fail(task, "via_velocity", "via_velocity",
         "'" + task.viaVelocity + "' is not one of heuristic, zero, continuous-acceleration");
  if (task.scheme == TaskScheme::Paul) {
    o.tacc = paulTacc(model.spec(), task);
    plan.tacc = o.tacc;
  }
  setJointLimits(model, o);
  if (!task.acceleration.empty()) {
    const int given = static_cast<int>(task.acceleration.size());
    if (given != 1 && given != n)
      fail(task, "acceleration", "acceleration",
           "give one value or one per joint (" + std::to_string(n) + "), not " + std::to_string(given));
    o.acceleration.resize(n);
    for (int j = 0; j < n; ++j) {
      const double a = task.acceleration[given == 1 ? 0 : j];
      if (!(a > 0.0) || !std::isfinite(a)) fail(task, "acceleration", "acceleration", "must be positive");
      o.acceleration(j) = model.isRevolute(j) ? a * M_PI / 180.0 : a;
    }
  }
  // LSPB with durations on joints without amax (the start-up arm): a default blend acceleration,
  // said in the notes, instead of a refusal: 4 x the least a rest-to-rest segment needs
  // (4 |dq| / T^2, Craig eq 7.18), per joint; raised to 1.5 x the least the plan names when the
  // vias need more.
  bool defaultBlend = false;
  if (task.scheme == TaskScheme::Lspb && task.acceleration.empty() &&
      static_cast<Eigen::Index>(task.durations.size()) + 1 == plan.pointJoints.rows()) {
    bool missing = o.aMax.size() != n;
    for (int j = 0; !missing && j < n; ++j) missing = !std::isfinite(o.aMax(j));
    if (missing) {
      defaultBlend = true;
      o.acceleration = Eigen::VectorXd::Zero(n);
      for (int j = 0; j < n; ++j) {
        if (o.aMax.size() == n && std::isfinite(o.aMax(j))) {
          o.acceleration(j) = o.aMax(j);
          continue;
        }
        for (int k = 0; k + 1 < plan.pointJoints.rows(); ++k) {
          const double T = task.durations[static_cast<std::size_t>(k)];
          o.acceleration(j) = std::max(o.acceleration(j), 16.0 * std::abs(plan.pointJoints(k + 1, j) - plan.pointJoints(k, j)) / (T * T));
        }
        if (!(o.acceleration(j) > 0.0)) o.acceleration(j) = 1.0;  // a joint that does not move
      }
    }
  }
  for (int attempt = 0; attempt < 2 && !plan.trajectory; ++attempt) try {
    plan.trajectory = planJointTrajectory(plan.pointJoints, o);
  } catch (const TrajectoryError& e) {
    if (defaultBlend && attempt == 0 && e.field() == "acceleration" && e.limit() > 0.0) {
      // Only the joints without amax take the default, so only they are raised.
      for (int j = 0; j < n; ++j)
        if (!(o.aMax.size() == n && std::isfinite(o.aMax(j)))) o.acceleration(j) = std::max(o.acceleration(j), 1.5 * e.limit());
      continue;
    }
    std::string message = e.what();
    const bool acceleration = e.field() == "acceleration";
    if (acceleration && e.limit() > 0.0) {
      // The minimum in the file's units: deg/s^2 for revolute joints, m/s^2 for prismatic ones.
      int revolute = 0;
      for (int j = 0; j < n; ++j) revolute += model.isRevolute(j) ? 1 : 0;
      char buf[128];
      if (revolute == n)
        std::snprintf(buf, sizeof buf, " (at least %.6g deg/s^2)", e.limit() * 180.0 / M_PI);
      else if (revolute == 0)
        std::snprintf(buf, sizeof buf, " (at least %.6g m/s^2)", e.limit());
      else
        std::snprintf(buf, sizeof buf, " (at least %.6g rad/s^2 = %.6g deg/s^2 for a revolute joint, m/s^2 for a "
                      "prismatic one)", e.limit(), e.limit() * 180.0 / M_PI);
      message += buf;
    }
    const std::string key = e.field() == "joint_points" && task.jointPoints.rows() == 0 ? "points" : e.field();
    const int line = (key == "points" || key == "joint_points") ? pointLine(task, e.index()) : task.lineOf(key);
    // `acceleration[k]` in a file is joint k's value, not a segment: the message names the segment.
    throw InputError(task.sourceFile, line, acceleration ? key : indexed(key, e.index()), message);
  }
  if (defaultBlend) {
    std::string list;
    for (int j = 0; j < n; ++j) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%s%.4g", j ? ", " : "", o.acceleration(j) * (model.isRevolute(j) ? 180.0 / M_PI : 1.0));
      list += buf;
    }
    plan.notes.push_back("acceleration not given and the joints have no amax: blend accelerations " + list +
                         " (deg/s^2 or m/s^2; 4 x the least each segment needs): give acceleration to choose");
  }
  plan.pointTimes.assign(plan.pointJoints.rows(), 0.0);
  for (const TrajectoryKnot& k : plan.trajectory->knots())
    if (k.point >= 0 && k.point < static_cast<int>(plan.pointTimes.size())) plan.pointTimes[k.point] = k.time;
  for (const TrajectoryKnot& k : plan.trajectory->knots())
    if (k.kind == KnotKind::Via && task.scheme == TaskScheme::Lspb) {
      plan.notes.push_back("linear segments with parabolic blends pass the via points near, not through them");
      break;
    }
  if (task.scheme == TaskScheme::Paul)
    plan.notes.push_back("Paul's plan starts and ends moving and cuts the corners at the via points (TACC)");
  if (task.scheme != TaskScheme::Paul) {
    // The segment durations, given or found, and (given) whether they ask more than the joints'
    // vmax and amax or leave their limits: 200 samples in every segment (a short one is never
    // skipped), each excess named with its factor and time.
    std::string list;
    for (std::size_t k = 0; k + 1 < plan.pointTimes.size(); ++k) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s%.6g", k ? ", " : "", plan.pointTimes[k + 1] - plan.pointTimes[k]);
      list += buf;
    }
    plan.notes.push_back((task.durations.empty() ? "segment durations from the joint limits: " : "segment durations: ") +
                         list + " s");
    if (!task.durations.empty()) {
      const JointTrajectory& traj = *plan.trajectory;
      Eigen::VectorXd q(n), qd(n), qdd(n), peakV = Eigen::VectorXd::Zero(n), peakA = Eigen::VectorXd::Zero(n);
      Eigen::VectorXd atV = Eigen::VectorXd::Zero(n), atA = Eigen::VectorXd::Zero(n);
      Eigen::VectorXd worstQ = Eigen::VectorXd::Zero(n), atQ = Eigen::VectorXd::Zero(n), valueQ = Eigen::VectorXd::Zero(n);
      for (std::size_t seg = 0; seg + 1 < plan.pointTimes.size(); ++seg) {
        const double t0 = plan.pointTimes[seg], t1 = plan.pointTimes[seg + 1];
        for (int k = 0; k <= 200; ++k) {
          const double t = t0 + (t1 - t0) * k / 200.0;
          traj.evaluate(t, q, qd, qdd);
          for (int j = 0; j < n; ++j) {
            if (std::abs(qd(j)) > peakV(j)) { peakV(j) = std::abs(qd(j)); atV(j) = t; }
            if (std::abs(qdd(j)) > peakA(j)) { peakA(j) = std::abs(qdd(j)); atA(j) = t; }
            const LinkSpec& l = model.spec().links[j];
            const double beyond = std::max(l.qMin - q(j), q(j) - l.qMax);
            if (beyond > worstQ(j)) { worstQ(j) = beyond; atQ(j) = t; valueQ(j) = q(j); }
          }
        }
      }
      for (int j = 0; j < n; ++j) {
        const LinkSpec& l = model.spec().links[j];
        const double unit = model.isRevolute(j) ? 180.0 / M_PI : 1.0;
        const char* u = model.isRevolute(j) ? "deg" : "m";
        char buf[220];
        if (peakV(j) > l.vMax * (1.0 + 1e-9)) {
          std::snprintf(buf, sizeof buf, "joint %d exceeds its vmax %.4g %s/s %.3gx (%.4g %s/s at t = %.3g s): the durations are too short",
                        j + 1, l.vMax * unit, u, peakV(j) / l.vMax, peakV(j) * unit, u, atV(j));
          plan.notes.push_back(buf);
        }
        if (l.aMax && peakA(j) > *l.aMax * (1.0 + 1e-9)) {
          std::snprintf(buf, sizeof buf, "joint %d exceeds its amax %.4g %s/s^2 %.3gx (%.4g %s/s^2 at t = %.3g s): the durations are too short",
                        j + 1, *l.aMax * unit, u, peakA(j) / *l.aMax, peakA(j) * unit, u, atA(j));
          plan.notes.push_back(buf);
        }
        if (worstQ(j) > 1e-9) {
          std::snprintf(buf, sizeof buf, "joint %d leaves its limits [%.4g, %.4g] %s between the points (%.4g %s at t = %.3g s)",
                        j + 1, l.qMin * unit, l.qMax * unit, u, valueQ(j) * unit, u, atQ(j));
          plan.notes.push_back(buf);
        }
      }
    }
  }
  return plan;
}

// Parameters the task gives that its scheme does not use: said, not silently dropped (Studio
// keeps them while the user tries schemes, so they are not refused).
void noteUnusedParameters(const TaskSpec& task, TaskPlan& plan) {
  const TaskScheme s = task.scheme;
  const char* scheme = taskSchemeName(s);
  // Where the key is written ("FILE:LINE: "), when the task came from a file.
  auto at = [&](const char* key) {
    const int line = task.lineOf(key);
    return task.sourceFile.empty() || line <= 0 ? std::string() : task.sourceFile + ":" + std::to_string(line) + ": ";
  };
  auto note = [&](const char* key, const char* usedBy) {
    const std::string k(key);
    const std::string first = k.substr(0, k.find(' '));
    plan.notes.push_back(at(first.c_str()) + k + (k.find(" and ") != std::string::npos ? " apply to " : " applies to ") +
                         usedBy + " only: ignored by the " + scheme + " scheme");
  };
  if (!task.viaVelocity.empty() && s != TaskScheme::Cubic) note("via_velocity", "cubic");
  if (!task.acceleration.empty() && s != TaskScheme::Lspb) note("acceleration", "lspb");
  if (task.tacc && s != TaskScheme::Paul) note("tacc", "paul");
  if ((task.speed > 0.0 || task.pathAcceleration > 0.0) && !isCartesianScheme(s))
    note("speed and path_acceleration", "line and line-arc");
  bool radius = false;
  for (const TaskPoint& p : task.points) radius = radius || p.radius > 0.0;
  if (radius && s != TaskScheme::LineArc && s != TaskScheme::Line) note("radius", "line-arc");
  if (task.timingGrid > 0 && task.timing != TimingMode::TimeOptimal)
    plan.notes.push_back(at("timing_grid") + "timing_grid applies to timing: time-optimal only: ignored");
}

// The arm's part of a configuration name ("front_elbow_up" of "front_elbow_up_flip"): the wrist
// may flip on a path that crosses its singularity with bounded joint rates (q5 = 0 with the tool
// axis kept), the arm cannot.
std::string armConfiguration(const std::string& name) {
  std::string out, token;
  for (std::size_t i = 0; i <= name.size(); ++i) {
    if (i < name.size() && name[i] != '_') {
      token += name[i];
      continue;
    }
    if (!token.empty() && token != "flip" && token != "noflip") out += (out.empty() ? "" : "_") + token;
    token.clear();
  }
  return out;
}

// Craig 7.5, problem 3: a straight line (or arc) cannot change the arm's configuration without
// passing through a singularity. With a closed-form family, every point is solved in the
// configuration the path starts in; a point reachable only in other arm configurations is named
// with them, before the path is walked.
void requireOneConfiguration(const Model& model, const TaskSpec& task) {
  // Every point within reach first: a point out of reach is named as itself (Vora 4.4), not as
  // where the walk along the path gives up. One inverse kinematics per point serves both checks.
  const std::vector<TaskPoint>& points = task.points;
  auto unreachable = [&](std::size_t k, const std::string& reason) {
    throw UnreachablePointError(task, static_cast<int>(k), reason.empty() ? "no inverse kinematics solution" : reason);
  };
  const IkResult first = solveInverseKinematics(model, poseFromXyzRpy(points[0].position, points[0].rpy),
                                                task.configuration, model.home());
  if (!first.ok) unreachable(0, first.reason);
  const bool named = first.method == IkMethod::ClosedForm && !first.configuration.empty();
  const std::string arm = named ? armConfiguration(first.configuration) : std::string();
  Eigen::VectorXd previous = first.q;
  for (std::size_t k = 1; k < points.size(); ++k) {
    const Eigen::Matrix4d pose = poseFromXyzRpy(points[k].position, points[k].rpy);
    if (named) {
      const ClosedFormIk all = closedFormInverseKinematics(model, pose, first.q);
      if (all.applicable) {
        if (all.solutions.empty()) unreachable(k, all.reason());
        bool same = false;
        std::string others;
        for (const IkCandidate& c : all.solutions) {
          const std::string a = armConfiguration(c.configuration);
          same = same || a == arm;
          if (others.find(a) == std::string::npos) others += (others.empty() ? "" : ", ") + a;
        }
        if (same) continue;
        const int index = static_cast<int>(k);
        throw InputError(task.sourceFile, pointLine(task, index), pointField(index),
                         "the path starts in configuration '" + arm + "' but point " + std::to_string(k + 1) +
                             " is reachable only in " + others +
                             ": a Cartesian path cannot change configuration (it would pass through a "
                             "singularity); split the task or use a joint-space scheme");
      }
    }
    const IkResult r = solveInverseKinematics(model, pose, std::string(), previous);
    if (!r.ok) unreachable(k, r.reason);
    previous = r.q;
  }
}

TaskPlan planCartesian(const Model& model, const TaskSpec& task) {
  if (task.jointPoints.rows() > 0)
    fail(task, "joint_points", "joint_points", std::string("the ") + taskSchemeName(task.scheme) +
                                                   " scheme follows tool poses: give points:, not joint_points:");
  // Given (in the file, or a value other than the default 0 from a dialog) but not positive,
  // or missing altogether.
  const bool speedGiven = task.lineOf("speed") > 0 || task.speed != 0.0;
  if (!(task.speed > 0.0) || !std::isfinite(task.speed))
    fail(task, task.lineOf("speed") ? "speed" : "scheme", "speed",
         speedGiven ? "give a positive path speed in m/s"
                    : std::string("missing: the ") + taskSchemeName(task.scheme) + " scheme needs a path speed in m/s");
  const bool accelerationGiven = task.lineOf("path_acceleration") > 0 || task.pathAcceleration != 0.0;
  if (!(task.pathAcceleration > 0.0) || !std::isfinite(task.pathAcceleration))
    fail(task, task.lineOf("path_acceleration") ? "path_acceleration" : "scheme", "path_acceleration",
         accelerationGiven
             ? "give a positive path acceleration in m/s^2"
             : std::string("missing: the ") + taskSchemeName(task.scheme) + " scheme needs a path acceleration in m/s^2");
  if (!task.durations.empty())
    fail(task, "durations", "durations", "Cartesian paths are timed by speed and path_acceleration, not durations");
  requireKnownConfiguration(model, task);
  if (task.points.size() >= 2) requireOneConfiguration(model, task);
  std::vector<PathPoint> points;
  for (std::size_t k = 0; k < task.points.size(); ++k) {
    const TaskPoint& t = task.points[k];
    if (!t.position.allFinite() || !t.rpy.allFinite())
      throw InputError(task.sourceFile, t.sourceLine, pointField(static_cast<int>(k)), "coordinates must be finite numbers");
    PathPoint p;
    p.position = t.position;
    p.rotation = poseFromXyzRpy(t.position, t.rpy).topLeftCorner<3, 3>();
    p.radius = t.radius;
    p.sourceLine = t.sourceLine;
    points.push_back(p);
  }
  const bool flyBy = task.scheme == TaskScheme::LineArc;
  auto path = std::make_shared<const CartesianPath>(points, flyBy, task.sourceFile);
  CartesianPlanOptions o;
  o.speed = task.speed;
  o.pathAcceleration = task.pathAcceleration;
  o.configuration = task.configuration;
  o.scheme = taskSchemeName(task.scheme);
  std::shared_ptr<const CartesianTrajectory> traj;
  try {
    traj = std::make_shared<const CartesianTrajectory>(model, path, o);
  } catch (const PathFollowingError& e) {
    if (e.kind() == PathFollowingError::Kind::Unreachable && e.arcLength() == 0.0)
      throw UnreachablePointError(task, 0, e.what());
    throw InputError(task.sourceFile, pointLine(task, e.point()), pointField(e.point()), e.what());
  }
  TaskPlan plan;
  plan.scheme = task.scheme;
  plan.trajectory = traj;
  plan.path = path;
  plan.pathLength = path->length();
  plan.notes = traj->notes();
  const int m = static_cast<int>(task.points.size());
  plan.pointJoints.resize(m, model.dof());
  plan.pointTimes.resize(m);
  Eigen::VectorXd q(model.dof()), qd(model.dof()), qdd(model.dof());
  for (int k = 0; k < m; ++k) {
    plan.pointTimes[k] = traj->profile().timeAt(path->pointArcLength()[k]);
    traj->evaluate(plan.pointTimes[k], q, qd, qdd);
    plan.pointJoints.row(k) = q.transpose();
  }
  return plan;
}

// timing: time-optimal. The path is the plan's: the polyline through the joint points for
// joint-space schemes (the straight line between two points, as every joint-space scheme moves
// there), the Cartesian path's inverse kinematics for line / line-arc. The comparison timing of
// the same path: the Cartesian plan as planned, the polyline as cubic segments from rest to rest
// timed by vmax and amax; each scaled uniformly to its fastest.
void applyTimeOptimal(const Model& model, const TaskSpec& task, TaskPlan& plan, bool withDrives) {
  if (!task.durations.empty())
    fail(task, "durations", "durations",
         "timing: time-optimal finds the durations itself: remove durations or the time-optimal timing");
  std::shared_ptr<const JointPath> path;
  std::shared_ptr<const JointTrajectory> reference;
  if (isCartesianScheme(task.scheme)) {
    auto cartesian = std::dynamic_pointer_cast<const CartesianTrajectory>(plan.trajectory);
    if (!cartesian) throw std::logic_error("applyTimeOptimal: Cartesian plan without a CartesianTrajectory");
    path = std::make_shared<const CartesianJointPath>(cartesian);
    reference = plan.trajectory;
  } else {
    try {
      path = std::make_shared<const JointPolylinePath>(plan.pointJoints);
    } catch (const std::invalid_argument&) {
      fail(task, "timing", "timing", "the task's points are all the same: there is no path to time");
    }
    // On the plan's own joint points (the inverse kinematics is not solved again).
    JointSchemeOptions cubic;
    cubic.scheme = JointScheme::Cubic;
    cubic.viaVelocity = ViaVelocity::Zero;
    setJointLimits(model, cubic);
    reference = planJointTrajectory(plan.pointJoints, cubic);
  }
  TimeOptimalOptions o;
  o.withDrives = withDrives;
  if (task.timingGrid > 0) o.gridIntervals = task.timingGrid;
  o.scheme = taskSchemeName(task.scheme);
  std::shared_ptr<TimeOptimalTiming> timing;
  try {
    timing = std::make_shared<TimeOptimalTiming>(timeOptimalTiming(model, path, o));
  } catch (const TimeOptimalError& e) {
    // Name the task point the failing stretch leaves from.
    int point = 0;
    for (const PathKnot& k : path->knots())
      if (k.point >= 0 && k.s <= e.pathParameter() + 1e-12) point = k.point;
    const bool joints = task.jointPoints.rows() > 0;
    const int line = joints ? (point < static_cast<int>(task.jointPointLines.size()) ? task.jointPointLines[point] : 0)
                            : pointLine(task, point);
    throw InputError(task.sourceFile, line, (joints ? "joint_points[" : "points[") + std::to_string(point + 1) + "]",
                     std::string(e.what()) + (e.atRest() ? " (timing: time-optimal, holding still at this point)"
                                                         : " (timing: time-optimal, on the way from this point)"));
  }
  plan.timing = TimingMode::TimeOptimal;
  plan.trajectory = timing->trajectory;
  plan.timeOptimal = timing;
  plan.referenceDuration = reference->duration();
  plan.uniform = uniformTimeScaling(model, *reference, 2001, o.withDrives, o.limitFraction);
  for (const TrajectoryKnot& k : plan.trajectory->knots())
    if (k.point >= 0 && k.point < static_cast<int>(plan.pointTimes.size())) plan.pointTimes[k.point] = k.time;
  // The scheme's timing notes (durations, speed lowered by a joint, Paul's corners, LSPB's via
  // points) describe a motion this plan no longer makes.
  plan.notes.clear();
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "time-optimal timing: %.6g s (%d grid intervals; every limit aimed at %.3g %%; one active %.1f %% of "
                "the time)",
                plan.trajectory->duration(), static_cast<int>(timing->phase.s.size()) - path->pieceCount(),
                100.0 * o.limitFraction, 100.0 * timing->activeFraction);
  plan.notes.push_back(buf);
  const std::string what = isCartesianScheme(task.scheme) ? std::string("the ") + taskSchemeName(task.scheme) + " plan"
                                                          : "cubic segments from rest to rest";
  if (plan.uniform.feasible && plan.uniform.factor > 0.0)
    std::snprintf(buf, sizeof buf,
                  "best uniform time scaling of the same path (%s): %.6g s, factor %.4g of %.6g s, set by joint %d's %s "
                  "limit at t = %.3g s",
                  what.c_str(), plan.uniform.duration, plan.uniform.factor, plan.referenceDuration, plan.uniform.joint + 1,
                  pathLimitName(plan.uniform.kind), plan.uniform.time * plan.uniform.factor);
  else
    std::snprintf(buf, sizeof buf, "no uniform time scaling of the same path (%s) keeps every limit", what.c_str());
  plan.notes.push_back(buf);
  if (isCartesianScheme(task.scheme))
    plan.notes.push_back("the path speed and path_acceleration only shape the path's inverse-kinematics grid: the "
                         "time-optimal timing is bound by the joint limits alone");
  if (timing->conservativeFinal)
    plan.notes.push_back("the speed-dependent limits (friction, back EMF) were taken conservatively on part of the path");
}

}  // namespace

void requireKnownConfiguration(const Model& model, const TaskSpec& task) {
  if (task.configuration.empty()) return;
  const std::string family = kinematicFamily(model);
  const std::vector<std::string> known = familyConfigurations(family);
  if (known.empty()) return;
  std::vector<IkCandidate> names;
  for (const std::string& name : known) names.push_back({Eigen::VectorXd(), name, {}});
  if (selectSolution(names, task.configuration)) return;
  std::string list;
  for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
  throw InputError(task.sourceFile, task.configurationLine, "configuration",
                   "'" + task.configuration + "' is not a configuration of the robot's family '" +
                       family + "' (" + list + ")");
}


UnreachablePointError::UnreachablePointError(const TaskSpec& task, int index, const std::string& reason)
    : InputError(task.sourceFile, pointLine(task, index), pointField(index), unreachableMessage(task, index, reason)),
      index_(index),
      position_(pointPosition(task, index)),
      reason_(reason) {}

double paulTacc(const RobotSpec& robot, const TaskSpec& task) { return task.tacc ? *task.tacc : robot.tacc; }

TaskPlan planTask(const Model& model, const TaskSpec& task, bool withDrives) {
  const int m = task.pointCount();
  const std::string key = task.jointPoints.rows() > 0 ? "joint_points" : "points";
  if (m == 0) throw InputError(task.sourceFile, task.lineOf(key), key, "the task has no points");
  if (m < 2)
    throw InputError(task.sourceFile, pointLine(task, 0), key, "a task needs at least two points (one trajectory segment)");
  if (task.tacc && (!(*task.tacc > 0.0) || !std::isfinite(*task.tacc)))
    fail(task, "tacc", "tacc", "must be a positive number of seconds");
  TaskPlan plan = isCartesianScheme(task.scheme) ? planCartesian(model, task) : planJointSpace(model, task);
  if (task.timing == TimingMode::TimeOptimal) applyTimeOptimal(model, task, plan, withDrives);
  noteUnusedParameters(task, plan);
  if (task.wrench) {
    plan.toolWrench = *task.wrench;
    if (plan.timing == TimingMode::TimeOptimal && !task.wrench->isZero())
      plan.notes.push_back("the time-optimal timing keeps fmax for the motion alone: the tool wrench's J^T W is in "
                           "the run's forces, not in the timing's limits");
  }
  return plan;
}

}  // namespace armdyn
