#include "iso9283_settings.h"

#include "control/controller_settings.h"
#include "common/input_error.h"
#include "common/number_text.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"

#include <QObject>
#include <algorithm>

namespace armdyn::app {

namespace {

bool cartesianTask(const TaskSpec& task) { return isCartesianScheme(task.scheme) && task.points.size() >= 2; }

}  // namespace

double taskRatedSpeed(const TaskSpec& task) { return taskPathSpeed(task); }

IsoSettings defaultIsoSettings(const StudioSession& session) {
  IsoSettings s;
  const IsoNoise noise = defaultIsoNoise();
  s.encoderDeg = noise.encoderResolution * kDegPerRad;
  s.sensorNoiseDeg = noise.sensorNoise * kDegPerRad;
  s.loadVariationPercent = 100.0 * noise.loadVariation;
  const TaskSpec& task = session.task;
  s.largestCube = true;
  if (const std::optional<IsoCube> cube = taskIsoCube(task)) {
    s.largestCube = false;
    s.centre = cube->centre;
    s.edge = cube->edge;
  }
  s.sweepPath = cartesianTask(task) ? -1 : static_cast<int>(IsoPath::RoundedSquareSection);
  return s;
}

bool isoUsesSessionController(const StudioSession& session) {
  // What a saved session carries as its controller (saveStudioSession's rule).
  return session.mode == SimulationMode::ForwardSimulation || session.controllerEdited || session.controllerGiven;
}

QString isoControllerDescription(const StudioSession& session) {
  if (isoUsesSessionController(session))
    return QObject::tr("the session's controller (%1)")
        .arg(QString::fromLatin1(controllerTypeName(session.controller.config.type)).replace('_', ' '));
  return QObject::tr("computed torque with its defaults (the session has no controller of its own)");
}

ControllerConfig isoController(const StudioSession& session, const Model& model, QString* description) {
  if (description) *description = isoControllerDescription(session);
  if (isoUsesSessionController(session)) {
    validateControllerSettings(session.controller, model);
    return controllerConfig(session.controller, model);
  }
  return controllerConfig(accuracyControllerDefaults(), model);
}

IsoBenchOptions isoBenchOptions(const IsoSettings& s, const StudioSession& session, const Model&) {
  IsoBenchOptions o;
  if (!s.largestCube) o.cube = IsoCube{s.centre, s.edge};
  o.ratedSpeed = s.ratedSpeed ? *s.ratedSpeed : taskRatedSpeed(session.task);
  if (!(o.ratedSpeed > 0.0))
    throw InputError("", 0, "iso9283.rated_speed", "give the rated path speed (m/s): the session's task has no Cartesian speed");
  o.pathAcceleration = s.pathAcceleration ? *s.pathAcceleration : taskPathAcceleration(session.task);
  if (!(o.pathAcceleration > 0.0))
    throw InputError("", 0, "iso9283.path_acceleration",
                     "give the path acceleration (m/s^2): the session's task has no path_acceleration");
  o.speedFractions.clear();
  for (double p : s.speedsPercent) o.speedFractions.push_back(p / 100.0);
  o.poseCycles = s.poseCycles;
  o.pathCycles = s.pathCycles;
  o.cornerRadius = 1e-3 * s.cornerRadiusMm;
  if (s.noNoise) {
    o.noise = IsoNoise();
  } else {
    o.noise.encoderResolution = degToRad(s.encoderDeg);
    o.noise.sensorNoise = degToRad(s.sensorNoiseDeg);
    o.noise.loadVariation = s.loadVariationPercent / 100.0;
  }
  o.seed = s.seed;
  o.configuration = session.task.configuration;
  return o;
}

SpeedSweepOptions isoSweepOptions(const IsoSettings& s, const StudioSession& session, const Model& model,
                                  const std::optional<IsoCube>& knownCube) {
  SpeedSweepOptions o;
  o.tolerance = 1e-3 * s.toleranceMm;
  o.pathAcceleration = s.pathAcceleration ? *s.pathAcceleration : taskPathAcceleration(session.task);
  if (!(o.pathAcceleration > 0.0))
    throw InputError("", 0, "iso9283.path_acceleration",
                     "give the path acceleration (m/s^2): the session's task has no path_acceleration");
  o.maxSpeed = s.ratedSpeed ? *s.ratedSpeed : taskRatedSpeed(session.task);
  if (!(o.maxSpeed > 0.0))
    throw InputError("", 0, "iso9283.rated_speed", "give the rated path speed (m/s): the session's task has no Cartesian speed");
  o.configuration = session.task.configuration;
  o.seed = s.seed;
  const TaskSpec& task = session.task;
  if (s.sweepPath < 0) {
    if (!cartesianTask(task))
      throw InputError("", 0, "iso9283.sweep_path",
                       "the session's task is not a Cartesian path (scheme line or line-arc): choose an ISO test path");
    o.geometry = taskPathGeometry(task);
    o.name = task.name.empty() ? "the session's task" : task.name;
    return o;
  }
  if (s.sweepPath >= kIsoPathCount) throw InputError("", 0, "iso9283.sweep_path", "unknown ISO test path");
  IsoCube cube{s.centre, s.edge};
  if (s.largestCube) {
    if (!knownCube)
      throw InputError("", 0, "iso9283.cube",
                       "an ISO test path needs the cube: give its centre and edge, or run the ISO bench first (it "
                       "finds the largest cube)");
    cube = *knownCube;
  }
  const double radius = 1e-3 * s.cornerRadiusMm;  // 0: the bench's default
  validateIsoCube(cube, radius);
  const IsoPath path = static_cast<IsoPath>(s.sweepPath);
  o.geometry = isoBenchPath(model, path, cube, radius);
  o.name = isoPathName(path);
  return o;
}

}  // namespace armdyn::app
