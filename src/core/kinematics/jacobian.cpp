#include "kinematics/jacobian.h"

#include "kinematics/forward_kinematics.h"

#include <stdexcept>
#include <string>

namespace armdyn {

void geometricJacobian(const Model& model, const Eigen::Matrix4d* frames, const Eigen::Matrix4d& tool,
                       Eigen::Ref<Eigen::MatrixXd> J) {
  const int n = model.dof();
  if (J.rows() != 6 || J.cols() != n)
    throw std::invalid_argument("geometricJacobian: J must be 6 x " + std::to_string(n));
  const Eigen::Vector3d p = tool.topRightCorner<3, 1>();
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d z = frames[i].block<3, 1>(0, 2);
    if (model.isRevolute(i)) {
      J.block<3, 1>(0, i) = z.cross(p - frames[i].topRightCorner<3, 1>());
      J.block<3, 1>(3, i) = z;
    } else {
      J.block<3, 1>(0, i) = z;
      J.block<3, 1>(3, i).setZero();
    }
  }
}

void geometricJacobian(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                       Eigen::Ref<Eigen::MatrixXd> J) {
  LinkFrameArray frames;
  const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
  geometricJacobian(model, frames.data(), tool, J);
}

Eigen::MatrixXd geometricJacobian(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  Eigen::MatrixXd J(6, model.dof());
  geometricJacobian(model, q, J);
  return J;
}

}  // namespace armdyn
