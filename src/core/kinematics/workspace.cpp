#include "kinematics/workspace.h"

#include "kinematics/inverse_kinematics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace armdyn {

double reachBound(const Model& model) {
  double bound = model.tool().topRightCorner<3, 1>().norm();
  for (int i = 0; i < model.dof(); ++i) {
    const DhParameters& dh = model.dh(i);
    bound += std::abs(dh.a);
    if (model.isRevolute(i)) {
      bound += std::abs(dh.d);
    } else {
      const LinkSpec& l = model.spec().links[i];
      const double extent = std::max(std::abs(dh.d + l.qMin), std::abs(dh.d + l.qMax));
      if (!(extent < 1e100)) return std::numeric_limits<double>::infinity();
      bound += extent;
    }
  }
  return bound;
}

Reachability checkReachability(const Model& model, const Eigen::Matrix4d& pose, const std::string& configuration,
                               const Eigen::VectorXd& seed) {
  const IkResult ik = solveInverseKinematics(model, pose, configuration, seed);
  return {ik.ok, ik.reason};
}

}  // namespace armdyn
