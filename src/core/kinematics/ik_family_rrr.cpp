// "rrr": three revolute joints, alpha1 = +-90, alpha2 = 0 (Vora eqs 7.1-7.4, generalised to
// offsets a1, d1..d3, alpha3 and any tool point). Position of the tool origin only.

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = elbowConfigurations();
  return names;
}

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRR"); !r.empty()) return r;
  return requireElbow(m, m.tool().topRightCorner<3, 1>());  // the tool origin in frame 3
}

void solve(Solver& s) {
  const Eigen::Vector3d u = s.model.tool().topRightCorner<3, 1>();  // tool origin in frame 3
  ArmAngles arms[4];
  const int count = solveRrr(s, s.pose.topRightCorner<3, 1>(), u, arms);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = JointVector6::Zero();
    for (int j = 0; j < 3; ++j) q(j) = jointFromDh(s.model, j, arms[k].theta[j]);
    s.add(q, arms[k].arm, std::nullopt, {}, arms[k].fromSeed);
  }
}

}  // namespace

extern const IkFamily kRrrFamily = {"rrr", {}, &configurations, &misfit, &solve, false, false};

}  // namespace armdyn::ik
