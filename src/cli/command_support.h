#pragma once
// Helpers shared by the armdyn subcommands: the robot argument, joint vectors checked against
// the robot, the --method option and output of results.

#include "cli_args.h"
#include "model/model.h"
#include "simulation/task_simulation.h"

#include <string>

namespace armdyn::cli {

// The single positional ROBOT argument (InputError naming "ROBOT" otherwise).
std::string robotPath(const Args& args);
// A validated model; a spec the validator rejects becomes an InputError naming the file.
Model buildModel(const RobotSpec& spec, const std::string& file);
Model loadModel(const std::string& path);
// --q/--qd/--qdd: one value per joint of `model`.
Eigen::VectorXd jointValues(const Args& args, const std::string& option, const Model& model);
// --method lagrange|newton-euler (default lagrange).
DynamicsMethod methodOption(const Args& args);
// simulateTask, with a refusal the core raises without a file ("dt", "tacc", "durations",
// "links": a run too long, a motion that overflows) re-raised naming where the value came from:
// --dt / --tacc when given, else the task's file and line (TACC, durations) or the robot file.
RunRecord simulateNamingSources(const Model& model, const TaskSpec& task, const SimulationOptions& options,
                                const std::string& robotFile, const Args& args);
// --wrench fx,fy,fz[,mx,my,mz] (N, N m about the tool point, world axes): a constant tool wrench
// replacing the task's `wrench:` (InputError naming --wrench for anything but 3 or 6 finite
// numbers). Without the option the task keeps its own.
void applyWrenchOption(const Args& args, TaskSpec& task);
// Print to stdout, followed by a newline when missing.
void printOut(const std::string& text);
// Today as YYYY-MM-DD (UTC), or SOURCE_DATE_EPOCH's day when set (reproducible reports): the
// date of every report's title block.
std::string todayIso();
// `--csv -` (or --out -): to standard output; else writeFileAtomic.
void writeOutput(const std::string& path, const std::string& content);

}  // namespace armdyn::cli
