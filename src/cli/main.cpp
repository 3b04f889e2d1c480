// armdyn: the command-line client of the core library (docs/cli.md).
// Exit status: 0 success, 2 bad input (InputError: one line naming file, line and field, or
// the option), 1 any other failure.

#include "cmd_control.h"
#include "commands.h"
#include "common/input_error.h"

#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <string>

namespace {

using Runner = int (*)(const armdyn::cli::Argv&);

const std::map<std::string, Runner>& commands() {
  static const std::map<std::string, Runner> table = {
      {"simulate", armdyn::cli::runSimulate},      {"tables", armdyn::cli::runTables},
      {"dynamics", armdyn::cli::runDynamics},      {"mass-matrix", armdyn::cli::runMassMatrix},
      {"fk", armdyn::cli::runFk},                  {"ik", armdyn::cli::runIk},
      {"jacobian", armdyn::cli::runJacobian},      {"size", armdyn::cli::runSize},
      {"run", armdyn::cli::runRun},                {"tune", armdyn::cli::runTune},
      {"convert", armdyn::cli::runConvert},        {"analyze", armdyn::cli::runAnalyze},
      {"ik-rates", armdyn::cli::runIkRates},       {"workspace", armdyn::cli::runWorkspace},
      {"iso9283", armdyn::cli::runIso9283},        {"speed-sweep", armdyn::cli::runSpeedSweep}};
  return table;
}

bool wantsHelp(const armdyn::cli::Argv& args) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const armdyn::cli::Argv all(argv + 1, argv + argc);
  if (all.empty()) {
    std::cerr << armdyn::cli::usage("");
    return 2;
  }
  const std::string& command = all.front();
  if (command == "--help" || command == "-h" || command == "help") {
    const std::string text = armdyn::cli::usage(all.size() > 1 && command == "help" ? all[1] : "");
    if (text.empty()) {
      std::cerr << "armdyn: unknown command '" << all[1] << "' (see armdyn --help)\n";
      return 2;
    }
    std::cout << text;
    return 0;
  }
  const auto it = commands().find(command);
  if (it == commands().end()) {
    std::cerr << "armdyn: unknown command '" << command << "' (see armdyn --help)\n";
    return 2;
  }
  const armdyn::cli::Argv rest(all.begin() + 1, all.end());
  if (wantsHelp(rest)) {
    std::cout << armdyn::cli::usage(command);
    return 0;
  }
  try {
    const int code = it->second(rest);
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::cerr << "armdyn: cannot write to standard output\n";
      return 1;
    }
    return code;
  } catch (const armdyn::InputError& e) {
    std::cerr << "armdyn: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "armdyn: " << e.what() << "\n";
    return 1;
  }
}
