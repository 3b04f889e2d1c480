#pragma once
// The run pipeline: model + task + how to run it -> one RunRecord.
//   plan      planTask (trajectory/task_plan.h): any scheme of the catalogue
//   run       prescribed motion: sample the plan, inverse dynamics (task_simulation.h);
//             forward simulation: the arm with its drives driven by its controller along the
//             plan (control/control_run.h), for the plan's duration
//   record    the same RunRecord either way (run_record.h), with a single status
// The CLI (`armdyn simulate`, `armdyn run`) and Studio call this and nothing else to run a task.

#include "control/controller_file.h"
#include "model/model.h"
#include "model/task.h"
#include "simulation/task_simulation.h"

#include <functional>

namespace armdyn {

struct ControlRun;

struct RunOptions {
  RunMode mode = RunMode::PrescribedMotion;
  SimulationOptions prescribed;                 // method, DT, rigid body (prescribed motion)
  const ControllerConfig* controller = nullptr; // forward simulation: required
  // Forward simulation: called with the fraction done (0..1) after each recorded row; false
  // stops the run (RunRecord::stopped, the rows so far kept).
  std::function<bool(double fraction)> progress;
};

// Throws what planTask throws and, for a forward simulation, what runController throws. A
// forward run that diverges or is stopped returns its record with `diverged` / `stopped` set
// and `message` saying where.
RunRecord runTask(const Model& model, const TaskSpec& task, const RunOptions& options);

// The record of a forward run (histories into channels, qdd by differences of qd, summary):
// the one place a closed-loop run becomes a RunRecord.
RunRecord recordOfForwardRun(const Model& model, TaskPlan plan, const ControlRun& run, bool includesDrives);

}  // namespace armdyn
