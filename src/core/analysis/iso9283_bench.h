#pragma once
// The ISO 9283 virtual test bench (ISO 9283:1998 clauses 7-8, as a virtual bench): the arm,
// its drives (elastic ones included) and its controller run the test poses and paths of the
// cube (analysis/iso9283_cube.h) in closed loop at 100, 50 and 10 % of the rated path speed,
// with the standard numbers of cycles; analysis/iso9283.h turns the attained data into the
// characteristics.
//
// Every move and every path cycle is one closed-loop run (control/control_run.h) of a Cartesian
// plan (scheme line or line-arc, trajectory/cartesian_trajectory.h) from rest at its start,
// followed by `settleTime` of holding the end. Attained tool positions: forward kinematics of
// the link-side joint angles (an elastic drive's twist included), recorded every 1 to 5 ms (at
// most 0.5 mm of commanded travel apart up to 0.5 m/s).
// Variation from cycle to cycle, seeded (one generator per run from `seed` and the run's index,
// so results do not depend on the thread count):
//   encoder quantisation: the controller's measured angle rounded to `encoderResolution`
//     (rad or m at the joint), with a random offset per run (where the encoder's grid lies);
//   sensor noise: Gaussian, standard deviation `sensorNoise` (rad or m), on every reading;
//   load variation: the payload's mass (and tensor) scaled by 1 + N(0, loadVariation) per run.
// Pose characteristics per pose from `poseCycles` runs of each move of the cycle P1 -> P5 -> P4
// -> P3 -> P2 -> P1 (each pose reached from its predecessor); attained pose = the tool at the
// end of the settle time. Position stabilisation time: from the command's arrival until the
// tool stays within `stabilisationBand` of its final position; overshoot: the largest distance
// past the commanded pose along the approach direction after arrival (0 if it never passes).
// Path characteristics per path from `pathCycles` runs: AT, RT at evaluation points every
// 5 mm of the command path (at least 50; none within 10 mm of a sharp corner); cornering CR, CO at the rectangle's corners (largest
// over corners and runs; the planner stops at a sharp corner, so CR and CO measure how far the
// arm cuts or overshoots a corner it is commanded to stop at); path velocity AV, RV, FV on the line's constant-speed part (its
// middle 80 %); the largest deviation Delta (Stepniewski eq 7: distance of the tool from the
// command path) over each run.
// Runs are spread over `threads` threads (0: hardware concurrency); `progress(fraction)` is
// called from the calling thread and returning false cancels (the result says cancelled, the
// characteristics computed from what finished are not reported).

#include "analysis/iso9283.h"
#include "analysis/iso9283_cube.h"
#include "control/controller_file.h"
#include "model/model.h"

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

// Stated limits: one run at most kMaxIsoRunTime of motion (plan and settle), a whole bench at
// most kMaxIsoSimulatedTime (the standard bench on the IRb-60 simulates about 5100 s).
constexpr double kMaxIsoRunTime = 3600.0;        // s
constexpr double kMaxIsoSimulatedTime = 2.0e5;   // s

struct IsoNoise {
  double encoderResolution = 0.0;  // rad (m) at the joint; 0 = exact
  double sensorNoise = 0.0;        // rad (m), standard deviation; 0 = none
  double loadVariation = 0.0;      // relative standard deviation of the payload mass; 0 = none
};

// The default noise: a 20-bit encoder on the joint (2 pi / 2^20 = 6e-6 rad), 2e-6 rad of sensor
// noise, 2 % load variation.
IsoNoise defaultIsoNoise();

struct IsoBenchOptions {
  std::optional<IsoCube> cube;     // empty: the largest cube of the workspace estimate
  double ratedSpeed = 0.0;         // m/s (> 0)
  double pathAcceleration = 0.0;   // m/s^2 (> 0), at the rated speed
  std::vector<double> speedFractions = {1.0, 0.5, 0.1};
  // true: a speed fraction f is a speed override, the same motion time-scaled: path speed
  // f v_rated and path acceleration f^2 a. false: the acceleration a at every speed.
  bool timeScaling = true;
  int poseCycles = 30, pathCycles = 10;
  double cornerRadius = 0.0;       // m; 0 = 0.05 a
  std::vector<IsoPath> paths = std::vector<IsoPath>(allIsoPaths().begin(), allIsoPaths().end());
  bool poses = true;               // run the pose test
  std::optional<Eigen::Vector3d> toolRpy;  // tool roll-pitch-yaw on every point (rad); empty: the tool's at home
  std::string configuration;       // inverse-kinematics configuration (empty: the family's default)
  IsoNoise noise = defaultIsoNoise();
  std::uint64_t seed = 9283;
  double settleTime = 0.5;         // s held at the end of a pose move
  double pathSettleTime = 0.2;     // s held at the end of a path
  double stabilisationBand = 1e-4; // m
  int threads = 0;
  std::function<bool(double fraction)> progress;
};

// The bench's defaults, one owner: the corner radius of the rounded squares (`given` > 0, else
// 5 % of the edge) and the tool's rotation on every test point (`rpy` given, else the tool's at
// the home pose).
double isoCornerRadius(const IsoCube& cube, double given);
Eigen::Matrix3d isoToolRotation(const Model& model, const std::optional<Eigen::Vector3d>& rpy = std::nullopt);
// A test path of the cube as the bench runs it (for the sweep on an ISO path).
IsoPathGeometry isoBenchPath(const Model& model, IsoPath path, const IsoCube& cube, double cornerRadius = 0.0);

// Checks the options (and the cube against the arm: every check point of isoCheckPoints must
// be reachable in the configuration). Throws InputError("", 0, field, message) with the
// session's field names ("iso9283.cube.edge", "iso9283.rated_speed", ...); a cube that does not
// fit says which point, how far it lies beyond the arm's reach and the largest edge that fits
// about the same centre.
void validateIsoBench(const Model& model, const IsoBenchOptions& options);
// The ranges alone (every check of validateIsoBench but the cube's reach), without the arm:
// what a form checks as the user types, so that it re-states no range.
void validateIsoBenchValues(const IsoBenchOptions& options);
// The cube's part of it: a finite centre, an edge in (0, 20] m and the corner radius (0 = 5 %
// of the edge) below a quarter of the edge. Also what the sweep on an ISO path needs.
void validateIsoCube(const IsoCube& cube, double cornerRadius);

struct IsoPoseResult {
  int pose = 0;                    // 1..5 (P1..P5)
  Eigen::Vector3d commanded = Eigen::Vector3d::Zero();
  PoseCharacteristics characteristics;
  double stabilisationTime = 0.0;  // s, largest over the cycles
  double overshoot = 0.0;          // m, largest over the cycles
};

struct IsoPathResult {
  IsoPath path = IsoPath::Line;
  double length = 0.0;             // m
  PathCharacteristics characteristics;
  CorneringCharacteristics cornering;   // rectangle only (largest over corners and runs)
  PathVelocityCharacteristics velocity; // line only
  double maxDeviation = 0.0;       // Delta, m: largest distance from the command path, any run
  double duration = 0.0;           // s, the plan's
  // For plots: the command path and the first run's attained path (sampled), and the
  // deviation |x_bar_i - c_i| along the path at the evaluation points (arc length s_i).
  std::vector<Eigen::Vector3d> commanded, attained;
  std::vector<double> evaluationArcLength;
};

struct IsoSpeedResult {
  double fraction = 1.0, speed = 0.0;  // -, m/s
  std::vector<IsoPoseResult> poses;
  std::vector<IsoPathResult> paths;
  // The summary the command line prints (m, %, s; the largest over poses / paths / corners):
  double AP = 0.0, RP = 0.0, AT = 0.0, RT = 0.0, CR = 0.0, CO = 0.0, AV = 0.0, RV = 0.0, FV = 0.0;
  double stabilisationTime = 0.0, overshoot = 0.0;
};

struct IsoBenchResult {
  IsoCube cube;
  bool cubeFromWorkspace = false;
  double cornerRadius = 0.0;       // m
  IsoNoise noise;
  std::vector<IsoSpeedResult> speeds;
  int runs = 0;                    // closed-loop runs done
  double simulatedTime = 0.0;      // s of motion simulated
  bool cancelled = false;
  std::vector<std::string> warnings;
};

// Throws InputError (validateIsoBench; a plan the arm cannot follow names the path and speed)
// and what runController throws.
IsoBenchResult runIsoBench(const Model& model, const ControllerConfig& controller, const IsoBenchOptions& options);

namespace iso_detail {
// One closed-loop run of a path: attained tool positions and times.
struct PathRunData {
  std::vector<double> t;
  std::vector<Eigen::Vector3d> attained;
  std::vector<Eigen::Vector3d> attainedRpy;
  bool diverged = false;
  bool stopped = false;  // cancelled mid-run
  std::string message;
};
}  // namespace iso_detail

}  // namespace armdyn
