#pragma once
// The `run` and `tune` entry points the command line and the GUI call (docs/control.md):
//   runController(model, plan, controller file, duration) -> time histories + summary
//   tune(model, joint, q) (control/ziegler_nichols.h) -> Kmax, Tp, P/PI/PID gains
// A task's plan (trajectory/task_plan.h, any scheme) becomes the setpoint q_d(t), qd_d(t),
// qdd_d(t); the run starts on the plan. After the plan ends the setpoint holds its last point
// (Paul's plan ends moving, so the arm stops under control).

#include "control/controller_file.h"
#include "control/ziegler_nichols.h"
#include "model/model.h"
#include "model/task.h"
#include "trajectory/task_plan.h"
#include "control/closed_loop.h"

#include <functional>
#include <string>

namespace armdyn {

struct ControlRun {
  RunResult result;
  DriveInput input = DriveInput::Torque;
  double planDuration = 0.0;  // s, 0 without a task
};

// `plan` may be null (setpoint hold or step); a plan without a trajectory brings only its tool
// wrench. The plan's tool wrench W(t) (TaskPlan::toolWrench) loads the plant at every controller
// sample, and computed torque adds J^T W(t) to its model-based term; a bumpless PID starts from
// G(q0) + J^T W(0). duration <= 0 takes the plan's duration (a plan is then needed). Throws InputError (unreachable task point, a task setpoint without a task,
// a file/robot mismatch naming the controller file) or what ForwardSimulator refuses.
// `progress` is ClosedLoopSetup::progress: called after each recorded row, false stops the run.
// `adjust` (optional) edits the closed loop's set-up last, before the run: a measurement model,
// another initial state (the ISO 9283 bench, analysis/iso9283_bench.h).
ControlRun runController(const Model& model, const TaskPlan* plan, const ControllerConfig& config, double duration,
                         const std::function<bool(double t)>& progress = {},
                         const std::function<void(ClosedLoopSetup&)>& adjust = {});

// Reports of a forward run: analysis/summary_report.h (forwardSummaryJson / Text) and
// analysis/simulation_csv.h (recordCsv), both of its RunRecord (run/task_run.h).
// {"Kmax":..,"Tp":..,"P":{"Kg":..},"PI":{"Kg":..,"Ti":..},"PID":{"Kg":..,"Ti":..,"Td":..},...}
std::string tuneResultJson(const TuneResult& result);
std::string tuneResultText(const TuneResult& result);

}  // namespace armdyn
