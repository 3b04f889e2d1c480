#pragma once
// Error against speed and the running-speed index (Stepniewski fig. 7): one
// Cartesian path (a task's, or an ISO test path) run in closed loop at a series of path speeds,
// the largest deviation Delta (eq 7: the distance of the tool from the command path) at each,
// a power law Delta = c v^p fitted by least squares on log Delta against log v, and the
// running-speed index: the largest speed whose Delta stays within a tolerance, found by
// bisection between the fastest swept speed that passes and the slowest that fails (to 0.5 %
// of the speed or 12 halvings). Runs are deterministic (no measurement noise) unless noise is
// given; speeds run on `threads` threads; `progress` as in the bench (false cancels).

#include "analysis/iso9283_bench.h"
#include "control/controller_file.h"
#include "model/model.h"
#include "model/task.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

struct SpeedSweepOptions {
  std::string name;                 // what the path is, for reports
  IsoPathGeometry geometry;         // the path (points with rotations, fly-by or not)
  double pathAcceleration = 0.0;    // m/s^2 (at the largest speed when timeScaling)
  // true: every speed runs the same motion pattern, time-scaled (a robot controller's speed
  // override): the path acceleration scales with the square of the speed, pathAcceleration at
  // the largest swept speed. false: pathAcceleration at every speed.
  bool timeScaling = true;
  std::vector<double> speeds;       // m/s, increasing; empty: ten from 10 % to 100 % of maxSpeed
  double maxSpeed = 0.0;            // m/s (with empty speeds)
  double tolerance = 0.0;           // m (> 0)
  std::string configuration;
  IsoNoise noise;                   // default: none
  std::uint64_t seed = 9283;
  double settleTime = 0.2;          // s
  int threads = 0;
  std::function<bool(double fraction)> progress;
};

struct SpeedSweepResult {
  std::string name;
  double tolerance = 0.0;           // m
  std::vector<double> speeds;       // m/s
  std::vector<double> deviation;    // Delta at each speed, m
  double exponent = 0.0;            // p of the fit
  double coefficient = 0.0;         // c of the fit, m at 1 m/s
  bool indexFound = false;          // some swept speed passes
  double runningSpeedIndex = 0.0;   // m/s (the largest swept speed when all pass)
  std::vector<double> bisectionSpeeds, bisectionDeviation;  // the extra runs of the bisection
  std::string note;                 // e.g. "every swept speed passes: the index is at least ..."
  bool cancelled = false;
  int runs = 0;
};

// Throws InputError("", 0, field, ...) for a tolerance <= 0 ("--tolerance"), speeds that are not
// positive and increasing ("--speeds"), a path the arm cannot follow.
// The ranges of the options (tolerance, acceleration, speeds), without the arm: what a form
// checks as the user types. Throws InputError naming the command-line option.
void validateSpeedSweepValues(const SpeedSweepOptions& options);
SpeedSweepResult runSpeedSweep(const Model& model, const ControllerConfig& controller, const SpeedSweepOptions& options);

// A session's Cartesian task as the sweep (and Studio's bench panel) follow it: its points with
// their tool rotations and radii, fly-by for scheme line-arc. Throws InputError(task file, line of
// `scheme`, "scheme", ...) for a task that is not a Cartesian path (line, line-arc).
IsoPathGeometry taskPathGeometry(const TaskSpec& task);
// The task's path speed and acceleration (m/s, m/s^2), the rated values the bench and the
// sweep default to; 0 for a task that is not a Cartesian path.
double taskPathSpeed(const TaskSpec& task);
double taskPathAcceleration(const TaskSpec& task);

// The test cube a Cartesian task implies (the bench's default in the CLI and Studio): centred on
// the bounding box of its points, edge the box's largest extent (Stepniewski's square gives his
// cube). Empty for a task that is not a Cartesian path or whose points coincide.
std::optional<IsoCube> taskIsoCube(const TaskSpec& task);

// Least-squares power law through (v_k, d_k), d_k > 0: log d = log c + p log v.
void fitPowerLaw(const std::vector<double>& v, const std::vector<double>& d, double& coefficient, double& exponent);

}  // namespace armdyn
