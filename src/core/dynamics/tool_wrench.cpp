#include "dynamics/tool_wrench.h"

namespace armdyn {

ToolWrenchInBase toolWrenchInBase(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const ToolWrench& w) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();  // frame 0 -> tool
  for (int k = 0; k < model.dof(); ++k) T = T * dhTransform(model, k, q(k));
  T = T * model.tool();
  // World axes are BASE's rotation away from frame 0's; tool axes are T's.
  const Eigen::Matrix3d R = w.inToolAxes ? Eigen::Matrix3d(T.topLeftCorner<3, 3>())
                                         : Eigen::Matrix3d(model.base().topLeftCorner<3, 3>().transpose());
  return {R * w.force, R * w.moment, T.topRightCorner<3, 1>()};
}

}  // namespace armdyn
