#include "simulation/input_limits.h"

#include <cmath>
#include <cstdio>

namespace armdyn {
namespace {

std::string printf2(const char* format, double a, double b) {
  char buf[200];
  std::snprintf(buf, sizeof buf, format, a, b);
  return buf;
}

std::optional<LimitViolation> length(const std::string& field, double value, const InputLimits& limits) {
  if (std::optional<std::string> why = lengthBeyondLimits(value, limits)) return LimitViolation{field, *why};
  return std::nullopt;
}

std::optional<LimitViolation> lengths(const std::string& field, const Eigen::Vector3d& v, const InputLimits& limits) {
  for (int k = 0; k < 3; ++k) {
    if (auto bad = length(field, v(k), limits)) return bad;
  }
  return std::nullopt;
}

}  // namespace

std::optional<LimitViolation> robotBeyondLimits(const RobotSpec& robot, const InputLimits& limits) {
  for (int i = 0; i < robot.dof(); ++i) {
    const LinkSpec& l = robot.links[i];
    const std::string p = "links[" + std::to_string(i + 1) + "]";
    if (auto bad = length(p + ".a", l.dh.a, limits)) return bad;
    if (auto bad = length(p + ".d", l.dh.d, limits)) return bad;
    if (l.joint == JointType::Revolute && l.vMax > limits.maxRevoluteSpeed) {
      // In deg/s, as the robot file (vmax) and the dialogs give it.
      return LimitViolation{p + ".vmax", printf2("%g deg/s is faster than any robot joint (at most %g deg/s)",
                                                 l.vMax / kRadPerDeg, limits.maxRevoluteSpeed / kRadPerDeg)};
    }
    if (l.joint == JointType::Prismatic && l.vMax > limits.maxPrismaticSpeed) {
      return LimitViolation{p + ".vmax",
                            printf2("%g m/s is faster than any robot joint (at most %g m/s)", l.vMax,
                                    limits.maxPrismaticSpeed)};
    }
    if (l.massSource == MassSource::HollowBar) {
      if (l.bar.density > limits.maxDensity) {
        return LimitViolation{p + ".bar.density",
                              printf2("%g kg/m^3 is denser than any material (osmium: 22590; at most %g)",
                                      l.bar.density, limits.maxDensity)};
      }
      if (auto bad = lengths(p + ".bar.outer", l.bar.outer, limits)) return bad;
      if (auto bad = lengths(p + ".bar.inner", l.bar.inner, limits)) return bad;
      if (auto bad = lengths(p + ".bar.centre", l.bar.centre, limits)) return bad;
    } else if (l.massSource == MassSource::Explicit) {
      if (auto bad = lengths(p + ".com", l.inertia.com, limits)) return bad;
    }
  }
  if (auto bad = lengths("tool", robot.tool.block<3, 1>(0, 3), limits)) return bad;
  return std::nullopt;
}

std::optional<std::string> lengthBeyondLimits(double metres, const InputLimits& limits) {
  if (std::abs(metres) <= limits.maxLength) return std::nullopt;
  return printf2("%g m is longer than %g m", metres, limits.maxLength);
}

std::optional<std::string> jointValueBeyondLimits(double value, bool prismatic, const InputLimits& limits) {
  if (prismatic) return lengthBeyondLimits(value, limits);
  if (std::abs(value) <= limits.maxJointAngle) return std::nullopt;
  return printf2("%g deg is more than %g turns", value / kRadPerDeg, limits.maxJointAngle / (2.0 * M_PI));
}

std::optional<LimitViolation> taskBeyondLimits(const TaskSpec& task, const RobotSpec& robot, const InputLimits& limits) {
  for (size_t k = 0; k < task.points.size(); ++k) {
    const std::string p = "points[" + std::to_string(k + 1) + "]";
    if (auto bad = lengths(p + ".xyz", task.points[k].position, limits)) return bad;
    if (auto bad = length(p + ".radius", task.points[k].radius, limits)) return bad;
  }
  for (Eigen::Index r = 0; r < task.jointPoints.rows(); ++r) {
    const std::string p = "joint_points[" + std::to_string(r + 1) + "]";
    for (Eigen::Index j = 0; j < task.jointPoints.cols(); ++j) {
      const double v = task.jointPoints(r, j);
      const bool prismatic = j < robot.dof() && robot.links[j].joint == JointType::Prismatic;
      // As written: degrees for a revolute joint (model/task.h).
      if (std::optional<std::string> why = jointValueBeyondLimits(prismatic ? v : v * kRadPerDeg, prismatic, limits))
        return LimitViolation{p, *why};
    }
  }
  return std::nullopt;
}

std::optional<LimitViolation> samplingBeyondLimits(const Model& model, const TaskSpec& task,
                                                   const InputLimits& limits) {
  TaskTiming timing;
  try {
    timing = planTaskTiming(model, task);
  } catch (const std::exception&) {
    return std::nullopt;  // not plannable: the run reports it
  }
  if (timing.dt > timing.planDuration) {
    return LimitViolation{"dt",
                          printf2("DT = %g s is longer than the whole %.4g s motion (a single sample)", timing.dt,
                                  timing.planDuration),
                          LimitViolation::Kind::DtAboveMotion};
  }
  if (timing.samples > limits.maxSamples) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "DT = %g s gives %.3g samples for the %.4g s task (at most %g)", timing.dt,
                  timing.samples, timing.taskTime, limits.maxSamples);
    return LimitViolation{"dt", buf, LimitViolation::Kind::TooManySamples};
  }
  return std::nullopt;
}

}  // namespace armdyn
