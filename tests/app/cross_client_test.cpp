// One result whoever asks: the command line (`armdyn simulate`, `armdyn run`, the real binary)
// and Studio (SimulationRunner::compute, what its worker thread runs) on every library robot
// with its own task and with every library task file it can run, in prescribed motion and in
// forward simulation with its drives and rigid-body. Both go through the core's run pipeline
// (run/task_run.h), so the CSVs must be equal byte for byte: no tolerance, the same arithmetic
// in the same order. A pair Studio cannot run must be refused by the CLI with the same message.

#include "analysis/simulation_csv.h"
#include "cli/cli_runner.h"
#include "control/controller_settings.h"
#include "io/robot_file.h"
#include "simulation_runner.h"
#include "studio_session.h"
#include "support/json_value.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QString>
#include <filesystem>
#include <string>
#include <vector>

namespace armdyn::test {
namespace {

struct Library {
  std::vector<std::string> robots;  // files that read as robots (session or robot files)
  std::vector<std::string> tasks;   // files that read only as tasks
};

Library library() {
  Library lib;
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(robotsDirectory()))
    if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) {
    try {
      loadRobot(f);
      lib.robots.push_back(f);
    } catch (const std::exception&) {
      lib.tasks.push_back(f);
    }
  }
  return lib;
}

std::string name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Studio's record of a session as its worker computes it; "" and the message when refused.
std::string studioCsv(const app::StudioSession& session, std::string* error) {
  try {
    const app::SimulationResultPtr r = app::SimulationRunner::compute(session, 1, {}, false);
    return recordCsv(r->record);
  } catch (const std::exception& e) {
    *error = e.what();
    return "";
  }
}

struct Counts {
  int equal = 0, refusedByBoth = 0;
};

// The CLI's CSV for `args` (+ --csv FILE), compared with Studio's record of `session`.
void compare(const app::StudioSession& session, std::vector<std::string> args, const std::string& what,
             ScratchDir& scratch, Counts& counts) {
  std::string studioError;
  const std::string studio = studioCsv(session, &studioError);
  const std::string csv = scratch.file("cli.csv");
  std::filesystem::remove(csv);
  args.push_back("--csv");
  args.push_back(csv);
  const CliResult cli = runCli(args);
  if (!studioError.empty()) {
    // Refused by Studio: the CLI refuses too, and says the same thing.
    EXPECT_NE(cli.exitCode, 0) << what << ": Studio refused (" << studioError << "), the CLI ran";
    std::printf("refused or stopped by both: %s\n  Studio: %s\n  CLI (exit %d): %s\n", what.c_str(), studioError.c_str(),
                cli.exitCode, cli.err.empty() ? cli.out.c_str() : cli.err.c_str());
    ++counts.refusedByBoth;
    return;
  }
  ASSERT_EQ(cli.exitCode, 0) << what << ": " << cli.err;
  const std::string fromCli = readFile(csv);
  ASSERT_FALSE(fromCli.empty()) << what;
  // To the bit: a difference names the first line that differs.
  if (fromCli != studio) {
    std::size_t line = 1, i = 0;
    for (; i < std::min(fromCli.size(), studio.size()) && fromCli[i] == studio[i]; ++i)
      if (fromCli[i] == '\n') ++line;
    ADD_FAILURE() << what << ": CLI and Studio CSVs differ from line " << line << " (" << fromCli.size() << " vs "
                  << studio.size() << " bytes)";
    return;
  }
  ++counts.equal;
}

TEST(CrossClient, EveryLibraryRobotAndTaskGivesOneRecordWhoeverRunsIt) {
  const Library lib = library();
  ASSERT_GE(lib.robots.size(), 10u);
  ASSERT_GE(lib.tasks.size(), 10u);
  ScratchDir scratch;
  Counts counts;
  int pairs = 0;
  for (const std::string& robot : lib.robots) {
    const app::StudioSession base = app::loadStudioSession(QString::fromStdString(robot));
    // The robot's own task, then every task file whose plan Studio can make on this robot.
    std::vector<std::string> tasks = {""};
    for (const std::string& t : lib.tasks) tasks.push_back(t);
    for (const std::string& task : tasks) {
      app::StudioSession session = base;
      if (!task.empty()) session.task = loadTask(task);
      if (session.task.pointCount() == 0) continue;
      session.mode = RunMode::PrescribedMotion;
      std::string error;
      studioCsv(session, &error);
      // Another robot's task (wrong joint count, points out of reach) is not a pair; the robot's
      // own task always is, run or refused.
      if (!error.empty() && !task.empty()) continue;
      ++pairs;
      const std::string what = name(robot) + (task.empty() ? "" : " + " + name(task));
      std::vector<std::string> taskArgs;
      if (!task.empty()) taskArgs = {"--task", task};

      // Prescribed motion with the robot's drives (when it has them): armdyn simulate.
      std::vector<std::string> simulate = {"simulate", robot};
      simulate.insert(simulate.end(), taskArgs.begin(), taskArgs.end());
      compare(session, simulate, what + ", prescribed", scratch, counts);

      // Forward simulation, Studio's default controller with the drives, then computed torque
      // on the rigid-body model (the probe): one session file both clients read.
      for (const bool rigid : {false, true}) {
        app::StudioSession forward = session;
        forward.mode = RunMode::ForwardSimulation;
        if (rigid) {
          forward.controller = studioControllerDefaults();
          forward.controller.config.type = ControllerType::ComputedTorque;
          forward.controller.config.input = DriveInput::Torque;
          forward.controller.config.rigidBody = true;
        }
        forward.controllerEdited = true;
        const std::string file = scratch.file("forward.yaml");
        app::saveStudioSession(forward, QString::fromStdString(file));
        const app::StudioSession reread = app::loadStudioSession(QString::fromStdString(file));
        compare(reread, {"run", file}, what + (rigid ? ", forward rigid-body" : ", forward with drives"), scratch,
                counts);
      }
    }
  }
  std::printf("cross-client: %d robot/task pairs, %d records equal to the bit, %d refused by both alike\n", pairs,
              counts.equal, counts.refusedByBoth);
  EXPECT_GE(pairs, 20);
  EXPECT_GE(counts.equal, 3 * 15);
}

// The probe: PUMA 560, its time-optimal weld seam, computed torque at 30 rad/s on torque
// input. With the drives both clients plan with the drives' limits; rigid-body, both refuse the
// plan alike (no acceleration bound left: the PUMA file gives no amax or fmax).
TEST(CrossClient, PumaTimeOptimalProbeHasOnePlanDuration) {
  ScratchDir scratch;
  const std::string robot = robotsDirectory() + "/puma560.yaml";
  const std::string task = robotsDirectory() + "/puma560_weld_seam_time_optimal.yaml";
  for (const bool rigid : {false, true}) {
    app::StudioSession s = app::loadStudioSession(QString::fromStdString(robot));
    s.task = loadTask(task);
    s.mode = RunMode::ForwardSimulation;
    s.controller = studioControllerDefaults();
    s.controller.config.type = ControllerType::ComputedTorque;
    s.controller.config.input = DriveInput::Torque;
    s.controller.config.rigidBody = rigid;
    const std::string controller = scratch.write(
        "ct.yaml", std::string("type: computed_torque\nnatural_frequency: 30\ninput: torque\nrigid_body: ") +
                       (rigid ? "true" : "false") + "\n");
    const CliResult run = runCli({"run", robot, "--task", task, "--controller", controller, "--json"});
    const CliResult simulate =
        rigid ? runCli({"simulate", robot, "--task", task, "--rigid-body", "--json"}) : runCli({"simulate", robot, "--task", task, "--json"});
    std::string error;
    app::SimulationResultPtr studio;
    try {
      studio = app::SimulationRunner::compute(s, 1, {}, false);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (rigid) {
      EXPECT_FALSE(error.empty());
      EXPECT_NE(error.find("no amax or fmax"), std::string::npos) << error;
      EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
      EXPECT_EQ(simulate.exitCode, 2) << simulate.out << simulate.err;
      EXPECT_NE(run.err.find("no amax or fmax"), std::string::npos) << run.err;
      EXPECT_NE(simulate.err.find("no amax or fmax"), std::string::npos) << simulate.err;
      continue;
    }
    ASSERT_TRUE(error.empty()) << error;
    ASSERT_EQ(run.exitCode, 0) << run.err;
    ASSERT_EQ(simulate.exitCode, 0) << simulate.err;
    const double planned = studio->record.plan.duration();
    EXPECT_EQ(JsonReader::parse(run.out)["plan_duration"].number, planned) << run.out;
    EXPECT_EQ(JsonReader::parse(simulate.out)["task_time"].number, planned) << simulate.out;
    std::printf("PUMA probe: plan duration %.6f s in Studio, armdyn run and armdyn simulate\n", planned);
  }
}

}  // namespace
}  // namespace armdyn::test
