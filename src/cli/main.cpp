// armdyn: the command-line client of the core library (docs/cli.md).
// Exit status: 0 success, 2 bad input (InputError: one line naming file, line and field, or
// the option), 1 any other failure.

#include "command_table.h"
#include "common/input_error.h"

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

namespace {

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
  const armdyn::cli::Command* it = armdyn::cli::findCommand(command);
  if (!it) {
    std::cerr << "armdyn: unknown command '" << command << "' (see armdyn --help)\n";
    return 2;
  }
  const armdyn::cli::Argv rest(all.begin() + 1, all.end());
  if (wantsHelp(rest)) {
    std::cout << armdyn::cli::usage(command);
    return 0;
  }
  try {
    const int code = it->run(rest);
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
