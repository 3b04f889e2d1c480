#pragma once
// Samples of a task simulation as CSV, one row per sample, SI units:
//   t,q1..qn,qd1..qdn,qdd1..qdn,f1..fn
// (s; rad or m; rad/s or m/s; rad/s^2 or m/s^2; N m or N). Numbers with %.17g.

#include "simulation/task_simulation.h"

#include <string>

namespace armdyn {

std::string simulationCsvHeader(int dof);
std::string simulationCsv(const TaskSimulation& sim);
// Written atomically (io's writeFileAtomic): a failed run leaves no partial file.
void writeSimulationCsv(const std::string& path, const TaskSimulation& sim);

}  // namespace armdyn
