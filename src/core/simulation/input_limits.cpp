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
  if (std::abs(value) <= limits.maxLength) return std::nullopt;
  return LimitViolation{field, printf2("%g m is longer than %g m", value, limits.maxLength)};
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
      return LimitViolation{p + ".vmax", printf2("%g rad/s is faster than any robot joint (at most %.4g rad/s, "
                                                 "10000 deg/s)",
                                                 l.vMax, limits.maxRevoluteSpeed)};
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
