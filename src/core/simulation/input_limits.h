#pragma once
// Limits on values typed in a dialog, beyond what armdyn::validate requires (validate accepts any
// positive finite number, so that published arms read as printed). A value past these limits
// is a slip of the keyboard, not a robot: a density above any material, a link longer than a
// building, a joint faster than any drive, or a DT that gives one sample or millions.
// SI: kg/m^3, m, rad/s or m/s, s.

#include "common/number_text.h"
#include "model/model.h"
#include "model/task.h"
#include "simulation/task_simulation.h"

#include <optional>
#include <string>

namespace armdyn {

struct InputLimits {
  double maxDensity = 25000.0;               // kg/m^3; osmium, the densest element: 22590
  double maxLength = 100.0;                  // m: DH a and d, bar dimensions and centre, COM, tool
  double maxRevoluteSpeed = 1e4 * kRadPerDeg;  // rad/s (10000 deg/s)
  double maxPrismaticSpeed = 100.0;          // m/s
  double maxSamples = 200000.0;              // samples of one run (memory of the histories)
  double maxJointAngle = 100.0 * 2.0 * M_PI;  // rad: a revolute task value (100 turns)
};

// A value past a limit: `field` as armdyn::validate names it ("links[2].bar.density", 1-based;
// "dt"), `message` says why, with the value and the limit.
struct LimitViolation {
  enum class Kind { Value, DtAboveMotion, TooManySamples };
  std::string field;
  std::string message;
  Kind kind = Kind::Value;
};

// The first value of the robot past the limits, if any. The robot is assumed valid (validate).
std::optional<LimitViolation> robotBeyondLimits(const RobotSpec& robot, const InputLimits& limits = {});

// One value as it is typed: a length (m) past maxLength, a joint value (rad, or m when
// prismatic) past maxJointAngle or maxLength: why, in words ("1e+300 m is longer than 100 m").
std::optional<std::string> lengthBeyondLimits(double metres, const InputLimits& limits = {});
std::optional<std::string> jointValueBeyondLimits(double value, bool prismatic, const InputLimits& limits = {});

// The first value of a task past the limits, if any: a point's coordinate or blend radius beyond
// maxLength ("points[3].xyz", 1-based), a joint-space value (as written: degrees or metres) beyond
// maxJointAngle (revolute) or maxLength (prismatic, "joint_points[2]"). A point 1e300 m away is a slip, and nothing can draw it.
std::optional<LimitViolation> taskBeyondLimits(const TaskSpec& task, const RobotSpec& robot,
                                               const InputLimits& limits = {});

// DT against the task it samples (planTaskTiming, no dynamics): DT longer than the motion (a
// single sample), or more than limits.maxSamples samples. Nothing when the task cannot be
// planned (unreachable point, fewer than two points): the run itself says why.
std::optional<LimitViolation> samplingBeyondLimits(const Model& model, const TaskSpec& task,
                                                   const InputLimits& limits = {});

}  // namespace armdyn
