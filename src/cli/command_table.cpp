#include "command_table.h"

#include "cmd_control.h"

namespace armdyn::cli {

const std::vector<Command>& commandTable() {
  static const std::vector<Command> table = {
      {"simulate", runSimulate, "run a task: summary (table 7.3), --csv samples, --json"},
      {"tables", runTables, "tabulated states along a task (table 7.4)"},
      {"dynamics", runDynamics, "inverse dynamics: joint forces for q, qd, qdd"},
      {"mass-matrix", runMassMatrix, "joint-space inertia matrix M(q)"},
      {"fk", runFk, "tool frame pose for q"},
      {"ik", runIk, "joint solutions for a tool pose"},
      {"jacobian", runJacobian, "geometric Jacobian of the tool frame"},
      {"analyze", runAnalyze, "singularities (arm, wrist), manipulability, condition number at q"},
      {"ik-rates", runIkRates, "joint rates for a tool velocity (and acceleration) at q"},
      {"workspace", runWorkspace, "workspace volume, reach, structural length index, test cube"},
      {"run", runRun, "forward simulation with drives under a controller"},
      {"tune", runTune, "Ziegler-Nichols gains for one joint"},
      {"size", runSize, "actuator sizing over a task or duty cycle; largest payload"},
      {"iso9283", runIso9283, "ISO 9283 virtual test bench: pose and path accuracy, reports"},
      {"speed-sweep", runSpeedSweep, "path error against speed, running-speed index"},
      {"convert", runConvert, "a robot from one format to another: URDF <-> armdyn YAML"},
  };
  return table;
}

const Command* findCommand(const std::string& name) {
  for (const Command& c : commandTable())
    if (name == c.name) return &c;
  return nullptr;
}

}  // namespace armdyn::cli
