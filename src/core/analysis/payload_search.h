#pragma once
// Largest payload: the heaviest payload at the tool for which every rated check of the actuator
// sizing (actuator_sizing.h) passes on a duty cycle. The payload's shape is the robot file's
// (centre of mass and tensor, the tensor scaled with the mass), or a point mass at the tool
// origin when the file gives none. Each trial mass rebuilds the model and re-runs every task
// (its plan too: a time-optimal timing depends on the payload). The search doubles the mass
// from 1 kg until a check fails (at most kMaxPayloadSearchMass), then bisects to a relative
// bracket of `tolerance`.

#include "model/robot.h"
#include "model/task.h"
#include "simulation/task_simulation.h"

#include <string>
#include <vector>

namespace armdyn {

constexpr double kMaxPayloadSearchMass = 1e5;  // kg

struct PayloadSearch {
  bool bounded = false;    // a failing mass was found (else every mass up to the cap passed)
  double largest = 0.0;    // kg: every check passes with this payload
  double failing = 0.0;    // kg: with this one some check fails (largest < failing)
  int failingJoint = -1;   // 0-based joint and check that fail at `failing`
  std::string failingCheck;
  int evaluations = 0;
};

// Throws InputError (field "ratings") when no joint has a rated check, and what the runs throw.
// A payload already failing at 0 kg gives largest = failing = 0 with the failing joint.
PayloadSearch largestPayload(const RobotSpec& robot, const std::vector<TaskSpec>& tasks,
                             const SimulationOptions& options, double tolerance = 1e-3);

}  // namespace armdyn
