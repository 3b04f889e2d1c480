#include "kinematics/forward_kinematics.h"

#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

void requireJointVector(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  if (q.size() != model.dof())
    throw std::invalid_argument("forward kinematics: q has " + std::to_string(q.size()) +
                                " values, the robot has " + std::to_string(model.dof()) + " joints");
}

}  // namespace

Eigen::Matrix4d forwardKinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                  Eigen::Matrix4d* frames) {
  requireJointVector(model, q);
  const int n = model.dof();
  frames[0] = model.base();
  for (int i = 0; i < n; ++i)
    frames[i + 1].noalias() = frames[i] * dhTransform(model, i, q(i));
  return frames[n] * model.tool();
}

Eigen::Matrix4d toolPose(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  LinkFrameArray frames;
  return forwardKinematics(model, q, frames.data());
}

std::vector<Eigen::Matrix4d> linkFrames(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  std::vector<Eigen::Matrix4d> frames(model.dof() + 1);
  forwardKinematics(model, q, frames.data());
  return frames;
}

}  // namespace armdyn
