#pragma once
// The run pipeline: model + run options -> one RunRecord. Every client runs a task through
// runTask and nothing else: `armdyn simulate`, `armdyn tables`, `armdyn run`, Studio.
//   plan      planTask (trajectory/task_plan.h): any scheme of the catalogue, with the drives'
//             limits unless the run is rigid-body (prescribed: rigidBodyOnly; forward: the
//             controller's rigid_body), so the same description gives the same plan whoever asks
//   run       prescribed motion: sample the plan, inverse dynamics (simulation/task_simulation.h);
//             forward simulation: the arm with its drives driven by its controller along the
//             plan (control/control_run.h), for the plan's duration or a given one; a forward
//             run needs no task (hold, step or a tool wrench alone, with a duration)
//   record    the same RunRecord either way (simulation/run_record.h), with a single status
// runOptionsOf turns a session (run/session.h) into run options: the one place that does.

#include "control/closed_loop.h"
#include "control/controller_file.h"
#include "model/model.h"
#include "model/task.h"
#include "run/session.h"
#include "simulation/task_simulation.h"

#include <functional>
#include <memory>

namespace armdyn {

struct ControlRun;

struct RunOptions {
  RunMode mode = RunMode::PrescribedMotion;
  SimulationOptions prescribed;  // method, DT, rigid body (prescribed motion)
  // Forward simulation: required. Shared so that a client may keep it beside the record.
  std::shared_ptr<const ControllerConfig> controller;
  // Forward simulation: > 0 runs this long (past the plan's end the setpoint holds its last
  // point; a run without a task needs it); 0 runs the plan's duration.
  double duration = 0.0;
  // Forward simulation: called with the fraction done (0..1) after each recorded row; false
  // stops the run (RunRecord::stopped, the rows so far kept).
  std::function<bool(double fraction)> progress;
  // Forward simulation: edits the closed loop's set-up last, before the run (a measurement
  // model, the plant's own payload: the ISO 9283 bench). Optional.
  std::function<void(ClosedLoopSetup&)> adjust;
};

// Whether a run's plan respects the drives' limits: not when the run is rigid-body (prescribed:
// rigidBodyOnly; forward: the controller's rigid_body). The one rule for every client.
bool planWithDrives(const RunOptions& options);
bool planWithDrives(const ControllerConfig& forwardController);

// The run a session describes: its mode, and in forward mode its controller (checked against
// the model: controller_settings.h validateControllerSettings; throws what that throws).
RunOptions runOptionsOf(const Session& session, const Model& model);

// Throws what planTask throws and, for a forward simulation, what runController throws; an
// InputError for a prescribed run of a task without points. A forward run that diverges or is
// stopped returns its record with `diverged` / `stopped` set and `message` saying where.
RunRecord runTask(const Model& model, const TaskSpec& task, const RunOptions& options);

// The run of a plan already made (planTask(model, task, planWithDrives(options))): runTask
// after its plan step, for a client that runs one plan many times (the ISO 9283 bench's noisy
// repetitions). A plan without a trajectory runs only its tool wrench (forward).
RunRecord runPlan(const Model& model, TaskPlan plan, const RunOptions& options);

// The record of a forward run (histories into channels, qdd by differences of qd, summary):
// the one place a closed-loop run becomes a RunRecord.
RunRecord recordOfForwardRun(const Model& model, TaskPlan plan, const ControlRun& run, bool includesDrives);

}  // namespace armdyn
