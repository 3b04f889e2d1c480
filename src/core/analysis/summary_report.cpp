#include "analysis/summary_report.h"

#include "actuation/drive.h"
#include "common/json_writer.h"
#include "common/number_text.h"

#include <algorithm>
#include <cmath>

#include <cstdio>

namespace armdyn {

std::string methodLabel(DynamicsMethod method) {
  return method == DynamicsMethod::NewtonEuler ? "Newton-Euler" : "recursive Lagrangian";
}

std::string jointUnit(const Model& model, int joint, int order) {
  static const char* revolute[4] = {"rad", "rad/s", "rad/s^2", "N m"};
  static const char* prismatic[4] = {"m", "m/s", "m/s^2", "N"};
  return model.isRevolute(joint) ? revolute[order] : prismatic[order];
}

namespace {

std::string format(const char* fmt, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a);
  return buf;
}

// A joint quantity (force, position, rate) with rounding noise as 0 (displayValue: a joint at
// rest read 4.440864e-16 rad); times, DT and durations print as they are; the JSON keeps every digit.
std::string quantity(const char* fmt, double a) { return format(fmt, displayValue(a)); }

std::string jointLabel(const Model& model, int i) {
  return "Joint " + std::to_string(i + 1) + " (" + (model.isRevolute(i) ? "R" : "P") + ")";
}

}  // namespace

std::string summaryReport(const Model& model, const RunRecord& sim) {
  const TaskSummary& s = sim.summary;
  std::string out;
  out += "DYNAMIC SIMULATION OF ROBOT MANIPULATORS";
  if (!model.spec().name.empty()) out += ": " + model.spec().name;
  out += "\nSummary results (" + methodLabel(sim.method) + " method" +
         (sim.includesDrives ? "; forces include drive inertia and friction" : "") + ")\n\n";
  const std::string why = taskTimeNote(sim);
  out += "Time taken for task execution: " + format("%.6g", s.taskTime) + " s  (" +
         std::to_string(s.samples) + " samples, DT = " + format("%.6g", sim.dt) + " s" + (why.empty() ? "" : "; " + why) +
         ")\n";
  out += "Trajectory: " + planLabel(sim.plan) + "\n";
  for (const std::string& note : sim.plan.notes) out += "  note: " + note + "\n";
  out += "\n";
  out += "Maximum actuator torque/force (signed value of largest magnitude):\n";
  for (int i = 0; i < model.dof(); ++i)
    out += "  " + jointLabel(model, i) + ": " + quantity("%14.6e", s.peakForce(i)) + " " +
           jointUnit(model, i, 3) + "  at t = " + format("%.6g", s.peakForceTime(i)) + " s\n";
  out += "\nExtreme positions in the trajectory:\n";
  for (int i = 0; i < model.dof(); ++i) {
    const std::string u = jointUnit(model, i, 0);
    out += "  " + jointLabel(model, i) + ": " + quantity("%14.6e", s.qMin(i)) + " " + u + "  to " +
           quantity("%14.6e", s.qMax(i)) + " " + u + "\n";
  }
  out += "\nLargest speeds and accelerations:\n";
  for (int i = 0; i < model.dof(); ++i)
    out += "  " + jointLabel(model, i) + ": |qd| " + quantity("%.6g", s.qdPeak(i)) + " " +
           jointUnit(model, i, 1) + ", |qdd| " + quantity("%.6g", s.qddPeak(i)) + " " +
           jointUnit(model, i, 2) + "\n";
  return out;
}

std::string summaryJson(const RunRecord& sim) {
  const TaskSummary& s = sim.summary;
  JsonObject json;
  json.add("task_time", s.taskTime)
      .add("samples", s.samples)
      .add("peak_force", jsonArray(s.peakForce))
      .add("q_min", jsonArray(s.qMin))
      .add("q_max", jsonArray(s.qMax));
  if (sim.plan.path) json.add("path_length", sim.plan.pathLength);
  if (sim.plan.timing == TimingMode::TimeOptimal) {
    json.add("timing", jsonString("time-optimal"));
    if (sim.plan.uniform.feasible) json.add("uniform_scaling_time", sim.plan.uniform.duration);
  }
  return json.str();
}

std::string taskTimeNote(const RunRecord& sim) {
  if (!sim.plan.trajectory) return "";  // samples without a plan (tests, tables read back)
  const double plan = sim.plan.duration();
  if (!(sim.summary.taskTime > plan + 1e-9 * std::max(1.0, plan))) return "";
  return "the plan's " + format("%.6g", plan) + " s taken in whole DT steps: it does not end at rest";
}

std::string planLabel(const TaskPlan& plan) {
  std::string label = taskSchemeName(plan.scheme);
  if (plan.timing == TimingMode::TimeOptimal) label += " path, time-optimal";
  label += ", " + format("%.6g", plan.duration()) + " s";
  if (plan.timing != TimingMode::TimeOptimal && plan.scheme == TaskScheme::Paul) label += ", TACC = " + format("%.6g", plan.tacc) + " s";
  if (plan.path) label += ", path length " + format("%.6g", plan.pathLength) + " m";
  return label;
}

std::string forwardSummaryJson(const RunRecord& run) {
  const ForwardStatus& s = run.forward;
  std::string warnings = "[";
  for (std::size_t k = 0; k < s.warnings.size(); ++k) warnings += (k ? "," : "") + jsonString(s.warnings[k]);
  warnings += "]";
  return JsonObject()
      .add("final_time", s.finalTime)
      .add("input", jsonString(driveInputName(s.input)))
      .add("plan_duration", s.planDuration)
      .add("peak_error", jsonArray(s.peakError))
      .add("peak_voltage", jsonArray(s.peakVoltage))
      .add("peak_current", jsonArray(s.peakCurrent))
      .add("diverged", run.diverged ? "true" : "false")
      .add("message", jsonString(run.message))
      .add("warnings", warnings)
      .add("energy", JsonObject()
                         .add("input", s.inputWork)
                         .add("constraint", s.constraintWork)
                         .add("dissipated", s.dissipated)
                         .str())
      .str();
}

std::string forwardSummaryText(const Model& model, const RunRecord& run) {
  const ForwardStatus& s = run.forward;
  char buf[160];
  std::string out;
  std::snprintf(buf, sizeof buf, "Forward simulation (%s input): %.6g s%s\n", driveInputName(s.input), s.finalTime,
                run.diverged ? " (stopped)" : "");
  out += buf;
  out += "  joint  peak error        peak voltage  peak current\n";
  for (int i = 0; i < model.dof(); ++i) {
    const bool rev = model.isRevolute(i);
    std::snprintf(buf, sizeof buf, "  %5d  %12.6g %-4s %9.4g V   %9.4g A\n", i + 1,
                  displayValue(rev ? s.peakError(i) * 180.0 / M_PI : s.peakError(i)), rev ? "deg" : "m",
                  displayValue(s.peakVoltage(i)), displayValue(s.peakCurrent(i)));
    out += buf;
  }
  if (run.diverged || run.stopped) out += "  " + run.message + "\n";
  for (const std::string& w : s.warnings) out += "  warning: " + w + "\n";
  return out;
}

}  // namespace armdyn
