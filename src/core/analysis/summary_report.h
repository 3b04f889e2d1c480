#pragma once
// Summary of a task simulation, Vora table 7.3: task time, signed peak force per joint (the
// value of largest magnitude, N m for revolute and N for prismatic joints) and the extreme
// positions (rad or m), as human-readable text or as JSON.

#include "model/model.h"
#include "simulation/run_record.h"

#include <string>

namespace armdyn {

// Text in the spirit of table 7.3, every quantity with its unit.
std::string summaryReport(const Model& model, const RunRecord& sim);

// {"task_time": s, "samples": n, "peak_force": [...], "q_min": [...], "q_max": [...]}, plus
// "path_length": m for Cartesian schemes.
std::string summaryJson(const RunRecord& sim);

// A forward run (armdyn run): {"final_time","input","plan_duration","peak_error","peak_voltage",
// "peak_current","diverged","message","warnings","energy":{"input","constraint","dissipated"}}
// and the same as text with units (peak errors in degrees or metres).
std::string forwardSummaryJson(const RunRecord& run);
std::string forwardSummaryText(const Model& model, const RunRecord& run);

// "lspb, 6 s" / "paul, 3.723 s, TACC = 0.3 s" / "line-arc, 4.2 s, path length 2.1 m".
std::string planLabel(const TaskPlan& plan);

// Why the task execution time differs from the plan's duration, "" when it does not: a plan that
// does not end at rest (Paul's moving end) is sampled in whole DT steps past its end (Vora's
// count), e.g. "the plan's 3.72301 s taken in whole DT steps: it does not end at rest".
std::string taskTimeNote(const RunRecord& sim);

// "recursive Lagrangian" or "Newton-Euler".
std::string methodLabel(DynamicsMethod method);

// Unit of joint i's position, velocity, acceleration and force: "rad", "rad/s", "rad/s^2",
// "N m" (revolute) or "m", "m/s", "m/s^2", "N" (prismatic). `order` 0..2 = derivative, 3 = force.
std::string jointUnit(const Model& model, int joint, int order);

}  // namespace armdyn
