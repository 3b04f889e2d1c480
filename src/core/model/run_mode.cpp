#include "model/run_mode.h"

namespace armdyn {

const char* runModeName(RunMode mode) { return mode == RunMode::ForwardSimulation ? "forward" : "prescribed"; }

}  // namespace armdyn
