#pragma once
// Checks the inverse-kinematics tests share: how far a joint vector's tool is from a pose, and
// whether two joint vectors are the same configuration (revolute differences wrapped).

#include "kinematics/forward_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "model/model.h"

#include <Eigen/Core>
#include <cmath>

namespace armdyn::test {

// |poseError| of q's tool against `pose` (m + rad); position only below six joints.
inline double taskResidual(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& q) {
  Vector6d e = poseError(pose, toolPose(model, q));
  if (model.dof() < 6) e.tail<3>().setZero();
  return e.norm();
}

// |a - b| for joint i, wrapped to (-pi, pi] when it is revolute.
inline double jointGap(const Model& model, int i, double a, double b) {
  return std::abs(model.isRevolute(i) ? wrapToPi(a - b) : a - b);
}

inline bool sameJoints(const Model& model, const Eigen::VectorXd& a, const Eigen::VectorXd& b, double tol) {
  for (int i = 0; i < a.size(); ++i)
    if (jointGap(model, i, a(i), b(i)) > tol) return false;
  return true;
}

}  // namespace armdyn::test
