// armdyn simulate / armdyn tables: Vora's SIMULATE on a robot and its task (docs/cli.md).

#include "analysis/simulation_csv.h"
#include "analysis/state_tables.h"
#include "analysis/summary_report.h"
#include "command_support.h"
#include "commands.h"
#include "io/robot_file.h"

#include <cmath>

namespace armdyn::cli {

namespace {

struct Run {
  Model model;
  RunRecord sim;
};

// Robot (+ its default task, or --task), options, simulation. Nothing is written here.
Run simulateFromArgs(const Args& args) {
  const std::string path = robotPath(args);
  const DynamicsMethod method = methodOption(args);
  SimulationOptions options;
  options.method = method;
  options.dtOverride = args.positive("--dt", 0.0);
  options.rigidBodyOnly = args.flag("--rigid-body");
  Session session = loadSession(path);
  if (args.has("--task")) session.task = loadTask(args.value("--task"));
  if (session.task.pointCount() == 0 && !args.has("--task")) {
    if (detectFileFormat(readTextFile(path)) == FileFormat::VoraSpec)
      throw InputError(path, 0, "--task", "a Vora specification file holds no task; give one with --task");
    throw InputError(path, 0, "default_task", "the robot file names no task; give one with --task");
  }
  // --tacc is Paul's parameter: it replaces the task's (or the robot's) TACC.
  if (args.has("--tacc")) session.task.tacc = args.positive("--tacc", 0.0);
  applyWrenchOption(args, session.task);  // --wrench replaces the task's tool wrench
  Model model = buildModel(session.robot, path);
  RunRecord sim = simulateNamingSources(model, session.task, options, path, args);
  return {std::move(model), std::move(sim)};
}

}  // namespace

int runSimulate(const Argv& argv) {
  const Args args(argv, {"--task", "--csv", "--method", "--dt", "--tacc", "--wrench"}, {"--json", "--rigid-body"});
  const Run run = simulateFromArgs(args);
  if (args.has("--csv")) writeOutput(args.value("--csv"), recordCsv(run.sim));
  printOut(args.flag("--json") ? summaryJson(run.sim) : summaryReport(run.model, run.sim));
  return 0;
}

int runTables(const Argv& argv) {
  const Args args(argv, {"--task", "--out", "--every", "--method", "--dt", "--tacc", "--wrench"}, {"--rigid-body"});
  int every = 1;
  if (args.has("--every")) {
    const double e = args.positive("--every", 1.0);
    if (e != std::floor(e) || e > 1e9) throw InputError("", 0, "--every", "expects a positive whole number");
    every = static_cast<int>(e);
  }
  const Run run = simulateFromArgs(args);
  if (args.has("--out"))
    writeOutput(args.value("--out"), stateTables(run.model, run.sim, every));
  else
    printOut(stateTables(run.model, run.sim, every));
  return 0;
}

}  // namespace armdyn::cli
