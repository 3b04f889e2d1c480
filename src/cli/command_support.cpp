#include "command_support.h"

#include "common/input_error.h"
#include "io/robot_file.h"
#include "run/task_run.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace armdyn::cli {

std::string robotPath(const Args& args) {
  const auto& p = args.positional();
  if (p.empty()) throw InputError("", 0, "ROBOT", "missing robot file argument (see --help)");
  if (p.size() > 1) throw InputError("", 0, p[1], "unexpected argument (one ROBOT file only)");
  return p.front();
}

Model buildModel(const RobotSpec& spec, const std::string& file) {
  try {
    return Model(spec);
  } catch (const ModelError& e) {
    const std::string what = e.what();
    const std::string prefix = e.field() + ": ";
    throw InputError(file, 0, e.field(), what.compare(0, prefix.size(), prefix) == 0 ? what.substr(prefix.size()) : what);
  }
}

Model loadModel(const std::string& path) { return buildModel(loadRobot(path), path); }

Eigen::VectorXd jointValues(const Args& args, const std::string& option, const Model& model) {
  return args.numbers(option, model.dof(), "one per joint of the " + std::to_string(model.dof()) + "-joint robot");
}

DynamicsMethod methodOption(const Args& args) {
  const std::string m = args.value("--method", "lagrange");
  if (m == "lagrange") return DynamicsMethod::Lagrange;
  if (m == "newton-euler") return DynamicsMethod::NewtonEuler;
  throw InputError("", 0, "--method", "expects lagrange or newton-euler, got '" + m + "'");
}

RunRecord simulateNamingSources(const Model& model, const TaskSpec& task, const SimulationOptions& options,
                                const std::string& robotFile, const Args& args) {
  try {
    RunOptions run;
    run.mode = RunMode::PrescribedMotion;
    run.prescribed = options;
    return runTask(model, task, run);
  } catch (const InputError& e) {
    if (!e.file().empty()) throw;
    const std::string taskFile = task.sourceFile.empty() ? robotFile : task.sourceFile;
    const std::string& f = e.field();
    if (f == "dt") {
      if (args.has("--dt")) throw InputError("", 0, "--dt", e.message());
      throw InputError(robotFile, 0, "dt", e.message() + " (the robot's DT; --dt replaces it)");
    }
    if (f == "tacc") {
      if (args.has("--tacc")) throw InputError("", 0, "--tacc", e.message());
      if (task.tacc) throw InputError(taskFile, task.lineOf("tacc"), "tacc", e.message());
      throw InputError(robotFile, 0, "tacc", e.message() + " (the robot's TACC; --tacc replaces it)");
    }
    if (f == "durations") throw InputError(taskFile, task.lineOf("durations"), f, e.message());
    if (f == "links") throw InputError(robotFile, 0, f, e.message());
    throw;
  }
}

void applyWrenchOption(const Args& args, TaskSpec& task) {
  if (!args.has("--wrench")) return;
  const Eigen::VectorXd v = args.numbers("--wrench");
  if (v.size() != 3 && v.size() != 6)
    throw InputError("", 0, "--wrench",
                     "expects 3 or 6 comma-separated values fx,fy,fz[,mx,my,mz] (N, N m, world axes), got " +
                         std::to_string(v.size()));
  for (Eigen::Index c = 0; c < v.size(); ++c)
    if (const std::string why = toolWrenchComponentProblem(v(c)); !why.empty()) throw InputError("", 0, "--wrench", why);
  ToolWrench w;
  w.force = v.head<3>();
  if (v.size() == 6) w.moment = v.tail<3>();
  task.wrench = ToolWrenchProfile::constant(w);
}

void writeOutput(const std::string& path, const std::string& content) {
  if (path == "-") {
    printOut(content);
    return;
  }
  writeFileAtomic(path, content);
}

void printOut(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  if (text.empty() || text.back() != '\n') std::fputc('\n', stdout);
}

std::string todayIso() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    const long long v = std::strtoll(epoch, &end, 10);
    if (end && *end == '\0' && end != epoch) now = static_cast<std::time_t>(v);
  }
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
  return buf;
}

}  // namespace armdyn::cli
