#pragma once
// One test run of the ISO 9283 bench and the error-speed sweep: a Cartesian path planned at a
// speed (trajectory/task_plan.h, schemes line / line-arc), run in closed loop with the session's
// controller and a seeded measurement model, and what the attained tool path says about it.
// Shared by analysis/iso9283_bench.h and analysis/speed_sweep.h.

#include "analysis/iso9283_bench.h"
#include "analysis/polyline_bounds.h"
#include "trajectory/cartesian_trajectory.h"
#include "trajectory/task_plan.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {
namespace iso_detail {

struct PlannedPath {
  std::string label;                  // for messages: "large_circle", "pose move P1 -> P5"
  IsoPathGeometry geometry;
  double speed = 0.0;                 // m/s
  TaskPlan plan;
  const CartesianTrajectory* trajectory = nullptr;  // plan.trajectory's
  double duration = 0.0;              // s
  double recordPeriod = 0.0;          // s
  // The command path as a polyline (0.5 mm chords on arcs) with cumulative arc length: the
  // distance of an attained point from the path is searched near its commanded arc length.
  std::vector<Eigen::Vector3d> polyline;
  std::vector<double> polylineS;
  PolylineBounds polylineBounds;  // of polyline: the search skips chunks that cannot be nearer
};

// Throws InputError("", 0, "iso9283", "<label> at <speed> m/s: <why>") when the arm cannot
// follow the path (out of reach, a joint limit, a singularity).
PlannedPath planPath(const Model& model, const ControllerConfig& controller, const IsoPathGeometry& geometry, double speed, double pathAcceleration,
                     const std::string& configuration, const std::string& label);

// The plan run in closed loop for its duration plus `settle`, the measurements disturbed by
// `noise` drawn from a generator seeded with `seed`. Load variation: the plant carries the
// payload scaled, the controller knows the nominal arm. `cancel` (optional) set: the run stops
// at its next recorded row (PathRunData::stopped).
PathRunData runPlannedPath(const Model& model, const ControllerConfig& controller, const PlannedPath& plan,
                           double settle, const IsoNoise& noise, std::uint64_t seed,
                           const std::atomic<bool>* cancel = nullptr);

// Distance of p from the command path, searched within +-window m of arc length s.
double distanceFromPath(const PlannedPath& plan, const Eigen::Vector3d& p, double s, double window);
// Delta of Stepniewski's eq 7 over a run: the largest distance of the tool from the command path.
double maxDeviation(const PlannedPath& plan, const PathRunData& run);

// AT, RT (evaluation points every 5 mm, at least 50), cornering at the geometry's corners,
// path velocity on a single line's constant-speed part, Delta, and the plot data.
IsoPathResult evaluatePathRuns(const PlannedPath& plan, const std::vector<const PathRunData*>& runs);

}  // namespace iso_detail
}  // namespace armdyn
