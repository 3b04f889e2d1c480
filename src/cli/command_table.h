#pragma once
// The armdyn commands, one table: main() dispatches through it, the tool's --help lists it, and
// every entry has its own usage text (usage.cpp; a test checks that each one does).

#include "commands.h"

#include <vector>

namespace armdyn::cli {

struct Command {
  const char* name;
  int (*run)(const Argv& args);
  const char* summary;  // one line in `armdyn --help`
};

const std::vector<Command>& commandTable();
const Command* findCommand(const std::string& name);  // nullptr when unknown

}  // namespace armdyn::cli
