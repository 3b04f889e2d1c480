#include "kinematics/jacobian_derivative.h"

#include "kinematics/forward_kinematics.h"

#include <stdexcept>
#include <string>

namespace armdyn {

Vector6d jacobianDotTimesRate(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& qd) {
  const int n = model.dof();
  if (q.size() != n || qd.size() != n)
    throw std::invalid_argument("jacobianDotTimesRate: q and qd need " + std::to_string(n) + " values");
  LinkFrameArray frames;
  const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
  const Eigen::Vector3d p = tool.topRightCorner<3, 1>();
  // Velocity of a point x fixed in the last link: sum over joints of their column at x.
  auto velocityOf = [&](const Eigen::Vector3d& x, int joints) {
    Eigen::Vector3d v = Eigen::Vector3d::Zero();
    for (int k = 0; k < joints; ++k) {
      const Eigen::Vector3d z = frames[k].block<3, 1>(0, 2);
      v += qd(k) * (model.isRevolute(k) ? Eigen::Vector3d(z.cross(x - frames[k].topRightCorner<3, 1>())) : z);
    }
    return v;
  };
  const Eigen::Vector3d vp = velocityOf(p, n);
  Vector6d out = Vector6d::Zero();
  Eigen::Vector3d w = Eigen::Vector3d::Zero();  // angular velocity of frame i-1
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d z = frames[i].block<3, 1>(0, 2), o = frames[i].topRightCorner<3, 1>();
    const Eigen::Vector3d zd = w.cross(z);
    if (model.isRevolute(i)) {
      // v(o): o is the origin of frame i-1, moved by joints 1..i-1 only.
      const Eigen::Vector3d vo = velocityOf(o, i);
      out.head<3>() += qd(i) * (zd.cross(p - o) + z.cross(vp - vo));
      out.tail<3>() += qd(i) * zd;
      w += qd(i) * z;
    } else {
      out.head<3>() += qd(i) * zd;
    }
  }
  return out;
}

}  // namespace armdyn
