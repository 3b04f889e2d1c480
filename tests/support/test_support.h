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

// The four library arms of Vora's appendix, built in code from tables 7.1, A-1, A-3, A-5
// (independent of robots/*.yaml, which tests compare against these). Names: "vora_rrr",
// "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr". The appendix gives no centres of mass for
// the last three; the bar centres chosen here are documented in docs/robots.md.
// Also the PUMA 560 of Anderson's drives: "puma560_anderson3" (Anderson 1988, joints 1-3, table 4.2 "3*")
// and "puma560" (six joints, Corke & Armstrong-Helouvry 1994), both with drives.
RobotSpec libraryRobotSpec(const std::string& name);
std::vector<std::string> libraryRobotNames();

// Random joint vector in [-range, range] per joint (rad or m), from a seeded engine.
Eigen::VectorXd randomVector(std::mt19937& rng, int n, double range);

}  // namespace armdyn::test
