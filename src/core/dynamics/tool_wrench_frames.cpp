#include "dynamics/tool_wrench_frames.h"

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

void toolWrenchInLastFrame(const Model& model, const double* q, const ToolWrench& w, double wrenchN[6]) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();  // frame 0 -> frame n
  for (int k = 0; k < model.dof(); ++k) T = T * dhTransform(model, k, q[k]);
  const Eigen::Matrix4d& tool = model.tool();
  const Eigen::Matrix3d Rt = T.topLeftCorner<3, 3>().transpose();
  // Components in frame-n axes: tool axes turn by the tool's fixed rotation, world axes by
  // R_0n^T times frame 0's rotation from the world.
  const Eigen::Matrix3d R = w.inToolAxes ? Eigen::Matrix3d(tool.topLeftCorner<3, 3>())
                                         : Eigen::Matrix3d(Rt * model.base().topLeftCorner<3, 3>().transpose());
  const Eigen::Vector3d f = R * w.force;
  const Eigen::Vector3d m = R * w.moment + tool.topRightCorner<3, 1>().cross(f);
  wrenchN[0] = f.x(), wrenchN[1] = f.y(), wrenchN[2] = f.z();
  wrenchN[3] = m.x(), wrenchN[4] = m.y(), wrenchN[5] = m.z();
}

}  // namespace armdyn
