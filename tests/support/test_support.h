#pragma once
// Shared test helpers: library robot paths, seeded random states, the RRR of Vora table 7.1
// built in code (independent of the file readers).

#include "model/model.h"
#include "model/robot.h"

#include <Eigen/Core>
#include <random>
#include <string>
#include <vector>

namespace armdyn::test {

// Absolute path of a file in the source tree, e.g. sourcePath("robots/vora_rrr.yaml").
std::string sourcePath(const std::string& relative);

// Vora's RRR manipulator (table 7.1, figure 6.2) built directly in code.
RobotSpec voraRrrSpec();

// Random joint vector in [-range, range] per joint (rad or m), from a seeded engine.
Eigen::VectorXd randomVector(std::mt19937& rng, int n, double range);

}  // namespace armdyn::test
