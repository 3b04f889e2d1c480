#pragma once
// Task: end points of trajectory segments (Vora 4.2, 6.3.2). The tool frame passes near each
// point (corners are cut by the quartic transitions, chapter 4).

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

// End-effector pose as Vora writes it (eq 3.1, 3.2): position x, y, z (m) and roll phi,
// pitch theta, yaw psi (rad) with R = Rz(phi) Ry(theta) Rx(psi), all in base coordinates.
struct TaskPoint {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  // m
  Eigen::Vector3d rpy = Eigen::Vector3d::Zero();       // rad
  int sourceLine = 0;  // line in the file it came from (0 = not from a file)
};

struct TaskSpec {
  std::string name;
  std::vector<TaskPoint> points;
  // Inverse-kinematics configuration, e.g. "elbow_up" (default of the family when empty).
  std::string configuration;
  std::string sourceFile;  // the file it was read from, for error messages
  int configurationLine = 0;  // line of `configuration` in that file (0 = not from a file)
};

}  // namespace armdyn
