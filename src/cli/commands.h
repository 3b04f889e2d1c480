#pragma once
// The armdyn subcommands. Each takes the arguments after its name, writes its result to
// stdout (or atomically to a file) and returns the exit code; bad input throws InputError.

#include <string>
#include <vector>

namespace armdyn::cli {

using Argv = std::vector<std::string>;

int runSimulate(const Argv& args);
int runTables(const Argv& args);
int runDynamics(const Argv& args);
int runMassMatrix(const Argv& args);
int runFk(const Argv& args);
int runIk(const Argv& args);
int runJacobian(const Argv& args);
int runSize(const Argv& args);
int runConvert(const Argv& args);
int runAnalyze(const Argv& args);
int runIkRates(const Argv& args);
int runWorkspace(const Argv& args);
int runIso9283(const Argv& args);
int runSpeedSweep(const Argv& args);

// Usage text of the tool ("" command) or of one command; empty for an unknown command.
std::string usage(const std::string& command);

}  // namespace armdyn::cli
