// armdyn run / armdyn tune (docs/control.md).

#include "cmd_control.h"

#include "command_support.h"
#include "common/number_text.h"
#include "actuation/drive.h"
#include "analysis/simulation_csv.h"
#include "analysis/summary_report.h"
#include "control/control_run.h"
#include "run/task_run.h"

#include <memory>
#include "control/controller_file.h"
#include "control/controller_settings.h"
#include "common/input_error.h"
#include "io/robot_file.h"

#include <cmath>

namespace armdyn::cli {

int runRun(const Argv& argv) {
  const Args args(argv, {"--task", "--controller", "--duration", "--csv", "--wrench"}, {"--json"});
  const std::string path = robotPath(args);
  const Session session = loadSession(path);
  const Model model = buildModel(session.robot, path);
  TaskSpec task = session.task;
  if (args.has("--task")) task = loadTask(args.value("--task"));
  applyWrenchOption(args, task);  // --wrench replaces the task's tool wrench
  // --controller FILE, else the controller saved in a session file (`run: {controller: ...}`).
  if (!args.has("--controller") && !session.controllerGiven)
    throw InputError("", 0, "--controller", "give a controller file (the robot file holds no controller)");
  RunOptions options;
  if (args.has("--controller")) {
    options.mode = RunMode::ForwardSimulation;
    options.controller = std::make_shared<const ControllerConfig>(loadControllerFile(args.value("--controller"), model));
  } else {
    Session forward = session;
    forward.mode = RunMode::ForwardSimulation;
    try {
      options = runOptionsOf(forward, model);
    } catch (const InputError& e) {
      if (!e.file().empty()) throw;
      throw InputError(path, 0, "run.controller." + e.field(), e.message());
    }
  }
  options.duration = args.has("--duration") ? args.positive("--duration", 0.0) : 0.0;
  const RunRecord record = runTask(model, task, options);
  if (args.has("--csv")) writeOutput(args.value("--csv"), recordCsv(record));
  printOut(args.flag("--json") ? forwardSummaryJson(record) : forwardSummaryText(model, record));
  return record.diverged ? 1 : 0;
}

int runTune(const Argv& argv) {
  const Args args(argv, {"--joint", "--q", "--sample-time", "--input"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const double j = args.positive("--joint", 0.0);
  if (!args.has("--joint") || j != std::floor(j) || j > model.dof())
    throw InputError("", 0, "--joint", "expects a joint number 1.." + std::to_string(model.dof()));
  const Eigen::VectorXd q = args.has("--q") ? jointValues(args, "--q", model) : model.home();
  TuneOptions options;
  options.samplePeriod = args.positive("--sample-time", options.samplePeriod);
  if (args.has("--input")) {
    const std::string in = args.value("--input");
    if (in == "voltage") options.input = DriveInput::Voltage;
    else if (in == "current") options.input = DriveInput::Current;
    else if (in == "torque") options.input = DriveInput::Torque;
    else throw InputError("", 0, "--input", "expects voltage, current or torque, got '" + in + "'");
  }
  // The only option given here that the rule can refuse is the sample time.
  if (const std::string why = tuneOptionsRefusal(options); !why.empty()) throw InputError("", 0, "--sample-time", why);
  TuneResult result;
  try {
    result = tune(model, static_cast<int>(j) - 1, q, options);
  } catch (const std::invalid_argument& e) {
    throw InputError(robotPath(args), 0, "", e.what());
  }
  printOut(args.flag("--json") ? tuneResultJson(result) : tuneResultText(result));
  return result.found ? 0 : 1;
}

std::string controlUsage(const std::string& command) {
  if (command == "run")
    return "usage: armdyn run ROBOT [--task TASK] [--controller FILE] [--duration s] [--csv FILE] [--json]\n"
           "                  [--wrench fx,fy,fz[,mx,my,mz]]\n"
           "\n"
           "Forward simulation of the arm with its drives under a controller (pid, computed_torque,\n"
           "open_loop or pva; controller file format in docs/control.md; without --controller, the one\n"
           "a session file holds under run: controller:). The setpoint follows the task\n"
           "(default: the robot file's task) planned as 'simulate' plans it, or what the controller\n"
           "file asks for.\n"
           "  --controller FILE  YAML controller file\n"
           "  --duration s       simulated time (default: the task plan's duration)\n"
           "  --wrench F[,M]     constant tool wrench fx,fy,fz[,mx,my,mz] (N, N m about the tool\n"
           "                     point, world axes) replacing the task's `wrench:`\n"
           "  --csv FILE         write t,q,qd,qref,e,u,v,i,tau per joint for every record (SI)\n"
           "  --json             print {\"final_time\", \"peak_error\", \"peak_voltage\",\n"
           "                     \"peak_current\", \"diverged\", \"message\", ...}\n"
           "Exit status 1 when the run diverged (the message names joint, time and quantity).\n";
  if (command == "tune")
    return "usage: armdyn tune ROBOT --joint j [--q Q] [--sample-time s] [--input voltage|current|torque]\n"
           "                   [--json]\n"
           "\n"
           "Ziegler-Nichols ultimate sensitivity (Anderson 7.6.2): joint j at configuration Q\n"
           "(default: home), the other joints locked, proportional gain raised until the loop\n"
           "oscillates: Kmax and the period Tp, and the P, PI, PID gains of table 7.2.\n"
           "  --sample-time s   controller period (default 28/30 ms, Anderson's servo; at most\n"
           "                    " + formatNumber(TuneOptions().duration / kTuneSamplesPerTrial) + " s: a " +
           formatNumber(TuneOptions().duration) + " s trial run holds " + std::to_string(kTuneSamplesPerTrial) +
           " samples at least)\n"
           "  --json            print {\"Kmax\", \"Tp\", \"P\": {\"Kg\"}, \"PI\": {\"Kg\", \"Ti\"},\n"
           "                    \"PID\": {\"Kg\", \"Ti\", \"Td\"}}\n";
  return "";
}

}  // namespace armdyn::cli
