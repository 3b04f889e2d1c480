#include "run/task_run.h"

#include "actuation/drive.h"
#include "common/input_error.h"
#include "control/controller_settings.h"
#include "simulation/sample_derivative.h"
#include "control/control_run.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "simulation/task_summary.h"

#include <stdexcept>

namespace armdyn {

RunRecord recordOfForwardRun(const Model& model, TaskPlan plan, const ControlRun& run, bool includesDrives) {
  const RunHistory& h = run.result.history;
  const RunSummary& summary = run.result.summary;
  RunRecord r;
  r.mode = RunMode::ForwardSimulation;
  r.plan = std::move(plan);
  r.t = h.t;
  r.q = h.q;
  r.qd = h.qd;
  r.qdd = timeDerivative(h.t, h.qd);
  r.force = h.motorTorque;
  r.setpoint = h.setpoint;
  r.error = h.error;
  r.input = h.input;
  r.voltage = h.voltage;
  r.current = h.current;
  r.motorTorque = h.motorTorque;
  r.motorAngle = h.motorAngle;
  r.includesDrives = includesDrives;
  r.dt = h.t.size() > 1 ? (h.t.back() - h.t.front()) / static_cast<double>(h.t.size() - 1) : 0.0;
  const int samples = static_cast<int>(h.t.size());
  r.toolPose.resize(samples, 6);
  LinkFrameArray frames;
  for (int k = 0; k < samples; ++k)
    r.toolPose.row(k) = xyzRpyFromPose(forwardKinematics(model, r.q.row(k).transpose(), frames.data())).transpose();
  if (samples > 0) r.summary = summarizeSamples(r.t, r.q, r.qd, r.qdd, r.force, summary.finalTime);
  r.diverged = summary.diverged;
  r.stopped = summary.stopped;
  r.message = summary.message;
  r.forward.input = run.input;
  r.forward.finalTime = summary.finalTime;
  r.forward.planDuration = run.planDuration;
  r.forward.peakError = summary.peakError;
  r.forward.peakVoltage = summary.peakVoltage;
  r.forward.peakCurrent = summary.peakCurrent;
  r.forward.warnings = summary.warnings;
  r.forward.inputWork = summary.inputWork;
  r.forward.constraintWork = summary.constraintWork;
  r.forward.dissipated = summary.dissipated;
  return r;
}

RunOptions runOptionsOf(const Session& session, const Model& model) {
  RunOptions options;
  options.mode = session.mode;
  if (session.mode == RunMode::ForwardSimulation) {
    validateControllerSettings(session.controller, model);
    options.controller = std::make_shared<const ControllerConfig>(controllerConfig(session.controller, model));
  }
  return options;
}

bool planWithDrives(const RunOptions& options) {
  if (options.mode == RunMode::ForwardSimulation) {
    if (!options.controller) throw std::invalid_argument("runTask: a forward simulation needs a controller");
    return planWithDrives(*options.controller);
  }
  return !options.prescribed.rigidBodyOnly;
}

bool planWithDrives(const ControllerConfig& forwardController) { return !forwardController.rigidBody; }

RunRecord runTask(const Model& model, const TaskSpec& task, const RunOptions& options) {
  const bool planDrives = planWithDrives(options);
  if (options.mode == RunMode::PrescribedMotion) {
    if (task.pointCount() == 0) throw InputError(task.sourceFile, 0, "points", "a task needs at least one point");
    return runPlan(model, planTask(model, task, planDrives), options);
  }
  // A forward run without points follows no plan: it holds (or steps) under the controller,
  // loaded by the task's tool wrench if it has one.
  TaskPlan plan;
  if (task.pointCount() > 0) plan = planTask(model, task, planDrives);
  else if (task.wrench) plan.toolWrench = *task.wrench;
  return runPlan(model, std::move(plan), options);
}

RunRecord runPlan(const Model& model, TaskPlan plan, const RunOptions& options) {
  if (options.mode == RunMode::PrescribedMotion) return samplePlan(model, std::move(plan), options.prescribed);
  if (!options.controller) throw std::invalid_argument("runPlan: a forward simulation needs a controller");
  const bool carries = plan.trajectory || !plan.toolWrench.isZero();
  const double duration = options.duration > 0.0 ? options.duration : plan.trajectory ? plan.duration() : 0.0;
  std::function<bool(double)> onRow;
  if (options.progress)
    onRow = [&options, duration](double t) { return options.progress(duration > 0.0 ? t / duration : 0.0); };
  const ControlRun run =
      runController(model, carries ? &plan : nullptr, *options.controller, options.duration, onRow, options.adjust);
  const bool drives = !options.controller->rigidBody && hasDrives(model);
  return recordOfForwardRun(model, std::move(plan), run, drives);
}

}  // namespace armdyn
