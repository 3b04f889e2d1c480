// armdyn iso9283 / armdyn speed-sweep (docs/cli.md): the ISO 9283 virtual test bench and the
// error-against-speed sweep with the running-speed index, on a session (robot, task, controller).

#include "command_support.h"
#include "commands.h"

#include "analysis/iso9283_report.h"
#include "common/atomic_write.h"
#include "control/controller_file.h"
#include "control/controller_settings.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "trajectory/cartesian_path.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <utility>

namespace armdyn::cli {

namespace {

// The session's controller, a --controller file, or computed torque with its defaults (a
// model-based law sampled every 1 ms, at kDefaultComputedTorqueFrequency).
ControllerConfig benchController(const Args& args, const Session& session, const Model& model) {
  if (args.has("--controller")) return loadControllerFile(args.value("--controller"), model);
  if (session.controllerGiven) return controllerConfig(session.controller, model);
  return controllerConfig(accuracyControllerDefaults(), model);
}

int count(const Args& args, const std::string& option, int fallback, int lo, int hi) {
  if (!args.has(option)) return fallback;
  const std::string& text = args.value(option);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v) || v != std::floor(v) || v < lo || v > hi)
    throw InputError("", 0, option, "must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got '" + text + "'");
  return static_cast<int>(v);
}

double nonNegative(const Args& args, const std::string& option, double fallback) {
  if (!args.has(option)) return fallback;
  const std::string& text = args.value(option);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v) || v < 0.0)
    throw InputError("", 0, option, "expects a number >= 0, got '" + text + "'");
  return v;
}

// --out PREFIX: PREFIX.json, .csv, .svg, .pdf, every one built and staged before any is replaced:
// all four or none.
void writeReports(const std::string& prefix, const std::string& json, const std::string& csv, const std::string& svg,
                  const std::string& pdf) {
  if (prefix.empty() || prefix == "-") throw InputError("", 0, "--out", "give a path prefix for the report files");
  writeFilesAtomic({{prefix + ".json", json}, {prefix + ".csv", csv}, {prefix + ".svg", svg}, {prefix + ".pdf", pdf}});
}

// The core names what it refuses by the bench's fields (Studio's dialog maps them to its own);
// here they are the options the user typed, when the user gave that option.
IsoBenchResult runIsoBenchNamingOptions(const Model& model, const ControllerConfig& controller, const IsoBenchOptions& o,
                                        const Args& args) {
  static const std::pair<const char*, const char*> kOptionOf[] = {
      {"iso9283.cube", "--cube"},
      {"iso9283.cube.edge", "--cube"},
      {"iso9283.cube.centre", "--cube"},
      {"iso9283.rated_speed", "--rated-speed"},
      {"iso9283.path_acceleration", "--acceleration"},
      {"iso9283.speeds", "--speeds"},
      {"iso9283.paths", "--paths"},
      {"iso9283.pose_cycles", "--pose-cycles"},
      {"iso9283.path_cycles", "--path-cycles"},
      {"iso9283.corner_radius", "--corner-radius"},
      {"iso9283.noise.encoder_resolution", "--encoder"},
      {"iso9283.noise.sensor", "--sensor-noise"},
      {"iso9283.noise.load_variation", "--load-variation"},
  };
  try {
    return runIsoBench(model, controller, o);
  } catch (const InputError& e) {
    for (const auto& [field, option] : kOptionOf)
      if (e.field() == field && args.has(option)) throw InputError("", 0, option, e.message());
    throw;
  }
}

// The reports' title block: the robot, what was run, today, this version.
ReportTitle reportTitle(const Session& session, const std::string& what) {
  return {session.robot.name.empty() ? std::string("robot") : session.robot.name, what, todayIso(), ARMDYN_VERSION};
}

}  // namespace

int runIso9283(const Argv& argv) {
  const Args args(argv,
                  {"--controller", "--cube", "--rated-speed", "--acceleration", "--speeds", "--pose-cycles", "--path-cycles",
                   "--corner-radius", "--paths", "--encoder", "--sensor-noise", "--load-variation", "--seed", "--threads",
                   "--out", "--configuration"},
                  {"--json", "--no-poses", "--no-noise", "--largest-cube"});
  const std::string path = robotPath(args);
  const Session session = loadSession(path);
  const Model model = buildModel(session.robot, path);
  const ControllerConfig controller = benchController(args, session, model);

  IsoBenchOptions o;
  // The cube: --cube, else the one a Cartesian task implies (taskIsoCube), else (or with
  // --largest-cube) the largest of the workspace estimate.
  if (args.has("--cube") && args.flag("--largest-cube"))
    throw InputError("", 0, "--largest-cube", "give either --cube or --largest-cube");
  if (args.has("--cube")) {
    const Eigen::VectorXd c = args.numbers("--cube", 4, "centre x, y, z and edge (m)");
    o.cube = IsoCube{c.head<3>(), c(3)};
  } else if (!args.flag("--largest-cube")) {
    o.cube = taskIsoCube(session.task);
  }
  o.ratedSpeed = args.has("--rated-speed") ? args.positive("--rated-speed", 0.0) : taskPathSpeed(session.task);
  if (!(o.ratedSpeed > 0.0))
    throw InputError("", 0, "--rated-speed", "give the rated path speed (m/s): the session's task has no Cartesian speed");
  o.pathAcceleration = args.has("--acceleration") ? args.positive("--acceleration", 0.0) : taskPathAcceleration(session.task);
  if (!(o.pathAcceleration > 0.0))
    throw InputError("", 0, "--acceleration", "give the path acceleration (m/s^2): the session's task has none");
  if (args.has("--speeds")) {
    o.speedFractions.clear();
    for (Eigen::Index k = 0; k < args.numbers("--speeds").size(); ++k) o.speedFractions.push_back(args.numbers("--speeds")(k) / 100.0);
  }
  o.poseCycles = count(args, "--pose-cycles", 30, 2, 1000);
  o.pathCycles = count(args, "--path-cycles", 10, 2, 1000);
  o.cornerRadius = nonNegative(args, "--corner-radius", 0.0);
  if (args.has("--paths")) {
    o.paths.clear();
    std::stringstream list(args.value("--paths"));
    std::string name;
    while (std::getline(list, name, ',')) {
      bool found = false;
      for (IsoPath p : allIsoPaths())
        if (name == isoPathName(p)) o.paths.push_back(p), found = true;
      if (!found)
        throw InputError("", 0, "--paths", "unknown path '" + name + "' (line, large_circle, small_circle, rectangle, "
                                           "rounded_square_diagonal, rounded_square_section)");
    }
  }
  o.poses = !args.flag("--no-poses");
  if (args.flag("--no-noise")) o.noise = IsoNoise();
  o.noise.encoderResolution = nonNegative(args, "--encoder", o.noise.encoderResolution);
  o.noise.sensorNoise = nonNegative(args, "--sensor-noise", o.noise.sensorNoise);
  o.noise.loadVariation = nonNegative(args, "--load-variation", o.noise.loadVariation);
  o.seed = static_cast<std::uint64_t>(count(args, "--seed", 9283, 0, 2000000000));
  o.threads = count(args, "--threads", 0, 0, 256);
  o.configuration = args.value("--configuration", session.task.configuration);
  if (args.has("--out") && args.value("--out").empty()) throw InputError("", 0, "--out", "give a path prefix");

  const auto start = std::chrono::steady_clock::now();
  const IsoBenchResult result = runIsoBenchNamingOptions(model, controller, o, args);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args.has("--out")) {
    const ReportTitle t = reportTitle(session, "");
    writeReports(args.value("--out"), isoBenchJson(result), isoBenchCsv(result), isoBenchSvg(result, t), isoBenchPdf(result, t));
  }
  if (args.flag("--json")) printOut(isoBenchJson(result));
  else {
    char line[120];
    std::snprintf(line, sizeof line, "(%.3g s wall)\n", wall);
    printOut(isoBenchText(result) + line);
  }
  return result.cancelled ? 1 : 0;
}

int runSpeedSweep(const Argv& argv) {
  const Args args(argv,
                  {"--controller", "--tolerance", "--speed", "--speeds", "--acceleration", "--threads", "--out", "--cube",
                   "--path", "--corner-radius", "--configuration"},
                  {"--json"});
  const std::string path = robotPath(args);
  const Session session = loadSession(path);
  const Model model = buildModel(session.robot, path);
  const ControllerConfig controller = benchController(args, session, model);
  SpeedSweepOptions o;
  if (!args.has("--tolerance")) throw InputError("", 0, "--tolerance", "give the path tolerance (mm)");
  {
    const std::string& text = args.value("--tolerance");
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v) || !(v > 0.0))
      throw InputError("", 0, "--tolerance", "must be a number > 0 (mm), got '" + text + "'");
    o.tolerance = 1e-3 * v;
  }
  o.pathAcceleration = args.has("--acceleration") ? args.positive("--acceleration", 0.0) : taskPathAcceleration(session.task);
  if (!(o.pathAcceleration > 0.0))
    throw InputError("", 0, "--acceleration", "give the path acceleration (m/s^2): the session's task has none");
  if (args.has("--speed") && args.has("--speeds"))
    throw InputError("", 0, "--speeds", "give either --speed (ten speeds up to it) or --speeds (the list), not both");
  o.maxSpeed = args.has("--speed") ? args.positive("--speed", 0.0) : taskPathSpeed(session.task);
  if (args.has("--speeds")) {
    const Eigen::VectorXd v = args.numbers("--speeds");
    o.speeds.assign(v.data(), v.data() + v.size());
  } else if (!(o.maxSpeed > 0.0)) {
    throw InputError("", 0, "--speed", "give the largest path speed (m/s): the session's task has no Cartesian speed");
  }
  o.threads = count(args, "--threads", 0, 0, 256);
  o.configuration = args.value("--configuration", session.task.configuration);
  if (args.has("--path")) {
    // An ISO test path of a given cube.
    if (!args.has("--cube")) throw InputError("", 0, "--cube", "an ISO test path (--path) needs the cube: x,y,z,edge (m)");
    const Eigen::VectorXd c = args.numbers("--cube", 4, "centre x, y, z and edge (m)");
    const IsoCube cube{c.head<3>(), c(3)};
    if (!(cube.edge > 0.0)) throw InputError("", 0, "--cube", "the edge must be > 0 m");
    const double radius = args.has("--corner-radius") ? args.positive("--corner-radius", 0.0) : 0.0;
    bool found = false;
    for (IsoPath p : allIsoPaths())
      if (args.value("--path") == isoPathName(p)) {
        o.geometry = isoBenchPath(model, p, cube, radius);
        o.name = isoPathName(p);
        found = true;
      }
    if (!found) throw InputError("", 0, "--path", "unknown ISO test path '" + args.value("--path") + "'");
  } else {
    // The session's task: a Cartesian path (line or line-arc).
    const TaskSpec& task = session.task;
    try {
      o.geometry = taskPathGeometry(task);
    } catch (const InputError& e) {
      throw InputError(e.file(), e.line(), e.field(), e.message() + " (or give --path and --cube)");
    }
    o.name = task.name.empty() ? "the session's task" : task.name;
  }
  const SpeedSweepResult result = runSpeedSweep(model, controller, o);
  if (args.has("--out")) {
    const ReportTitle t = reportTitle(session, o.name);
    writeReports(args.value("--out"), speedSweepJson(result), speedSweepCsv(result), speedSweepSvg(result, t),
                 speedSweepPdf(result, t));
  }
  printOut(args.flag("--json") ? speedSweepJson(result) : speedSweepText(result));
  return result.cancelled ? 1 : 0;
}

}  // namespace armdyn::cli
