#pragma once
// armdyn run / armdyn tune (docs/control.md): forward simulation under a controller and
// Ziegler-Nichols tuning of one joint. Same conventions as commands.h.

#include "commands.h"

#include <string>

namespace armdyn::cli {

int runRun(const Argv& args);
int runTune(const Argv& args);

// Usage text of "run" or "tune" (without the common part); "" for other commands.
std::string controlUsage(const std::string& command);

}  // namespace armdyn::cli
