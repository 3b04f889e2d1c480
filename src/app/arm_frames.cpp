#include "arm_frames.h"

#include "kinematics/forward_kinematics.h"

namespace armdyn::app {

ArmFrames::ArmFrames(const Model& model) : model_(model) {}

void ArmFrames::compute(const Eigen::VectorXd& q, Eigen::Matrix4d* out) const {
  out[model_.dof() + 1] = forwardKinematics(model_, q, out);
}

}  // namespace armdyn::app
