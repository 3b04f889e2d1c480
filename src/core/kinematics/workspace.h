#pragma once
// Workspace check (Vora 4.4): is a task pose reachable, and if not, why in words. Vora checks
// the envelope of the first three links; here the inverse kinematics itself decides (closed
// form per family, else damped least squares), which also covers joint limits.

#include "model/model.h"

#include <Eigen/Core>
#include <string>

namespace armdyn {

// Upper bound on the distance from the base origin (DH frame 0) to the tool origin, m:
// sum of |a_i| and |d_i| (prismatic: |d_i| plus the largest |q_i| the limits allow) plus the
// tool offset. Infinite for a prismatic joint without limits.
double reachBound(const Model& model);

struct Reachability {
  bool reachable = false;
  std::string reason;  // empty when reachable, e.g. "too far: distance 1.23 m from the shoulder exceeds the reach 1.00 m"
};

// Thin wrapper over solveInverseKinematics (inverse_kinematics.h) with the same arguments.
Reachability checkReachability(const Model& model, const Eigen::Matrix4d& pose,
                               const std::string& configuration = "",
                               const Eigen::VectorXd& seed = Eigen::VectorXd());

}  // namespace armdyn
