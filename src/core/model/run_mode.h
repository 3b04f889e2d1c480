#pragma once
// How a task is run: the arm made to follow the plan (prescribed motion, Vora's SIMULATE: what
// the actuators must deliver), or driven by its controller through its drives along the plan
// (forward simulation, Anderson). Saved in session files as `run: {mode: prescribed|forward}`.

namespace armdyn {

enum class RunMode { PrescribedMotion, ForwardSimulation };
const char* runModeName(RunMode mode);  // "prescribed", "forward"

}  // namespace armdyn
