#pragma once
// Tabulated results of a task simulation, Vora table 7.4: for each sample time, every joint's
// position, velocity, acceleration and force/torque, with units (rad, rad/s, rad/s^2, N m for
// revolute joints; m, m/s, m/s^2, N for prismatic ones).

#include "model/model.h"
#include "simulation/run_record.h"

#include <string>

namespace armdyn {

// One table per `stride`-th sample (1 = all samples), each headed by its time.
std::string stateTables(const Model& model, const RunRecord& sim, int stride = 1);

// Write stateTables() to `path` atomically (io's writeFileAtomic).
void writeStateTables(const std::string& path, const Model& model, const RunRecord& sim,
                      int stride = 1);

}  // namespace armdyn
