#pragma once
// What the Accuracy (ISO 9283) tab asks for, in the units its form shows (m, m/s, m/s², %, mm,
// degrees), and how it becomes the core's options (analysis/iso9283_bench.h,
// analysis/speed_sweep.h) for a session, the way `armdyn iso9283` / `armdyn speed-sweep` derive
// them (src/cli/iso9283_command.cpp): the session's controller, else computed torque with its
// defaults; the rated speed and path acceleration from the task's Cartesian speed and
// path_acceleration unless given. Kept in memory for the Studio session (not in the file).

#include "analysis/iso9283_bench.h"
#include "analysis/speed_sweep.h"
#include "control/controller_file.h"
#include "model/model.h"
#include "studio_session.h"

#include <Eigen/Core>
#include <QString>
#include <optional>
#include <vector>

namespace armdyn::app {

struct IsoSettings {
  bool largestCube = false;                       // the largest cube of the workspace estimate
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();  // m
  double edge = 0.0;                              // m
  std::optional<double> ratedSpeed;               // m/s; empty: the task's Cartesian speed
  std::optional<double> pathAcceleration;         // m/s^2; empty: the task's path_acceleration
  std::vector<double> speedsPercent = {100.0, 50.0, 10.0};
  int poseCycles = 30, pathCycles = 10;
  double cornerRadiusMm = 0.0;                    // mm; 0 = 5 % of the edge
  bool noNoise = false;
  double encoderDeg = 0.0;                        // deg (m on a prismatic joint: as the core reads it)
  double sensorNoiseDeg = 0.0;                    // deg, standard deviation
  double loadVariationPercent = 0.0;              // %, standard deviation of the payload mass
  std::uint64_t seed = 9283;
  double toleranceMm = 1.0;                       // the sweep's path tolerance, mm
  int sweepPath = -1;                             // -1: the task's path; else an IsoPath
};

// Defaults for a session: the noise of defaultIsoNoise(); the cube around a Cartesian task's
// points (centre of their bounding box, edge its largest extent: Stepniewski's square gives his
// cube), else the largest cube of the workspace; the sweep on the task's path when it is
// Cartesian, else on the rounded square section.
IsoSettings defaultIsoSettings(const StudioSession& session);

// The task's Cartesian speed and path acceleration (0 when the task is not Cartesian).
double taskRatedSpeed(const TaskSpec& task);

// The controller both run under: the session's when it has one of its own (forward mode or an
// edited controller: what a saved session carries), else computed torque with its defaults, as
// the command line does for a session without one. `description` (optional) says which.
ControllerConfig isoController(const StudioSession& session, const Model& model, QString* description = nullptr);
bool isoUsesSessionController(const StudioSession& session);
QString isoControllerDescription(const StudioSession& session);

// The bench's options. Throws InputError with the core's field names ("iso9283.rated_speed",
// ...) for what only the session can tell (no rated speed given and no Cartesian task speed).
IsoBenchOptions isoBenchOptions(const IsoSettings& settings, const StudioSession& session, const Model& model);

// The sweep's options: ten speeds from 10 % to 100 % of the rated speed, no noise (as the
// command line), on the task's path or an ISO test path of the cube. With "largest cube" an ISO
// path takes `knownCube` (the cube the last bench found); without one: InputError.
SpeedSweepOptions isoSweepOptions(const IsoSettings& settings, const StudioSession& session, const Model& model,
                                  const std::optional<IsoCube>& knownCube = std::nullopt);

}  // namespace armdyn::app
