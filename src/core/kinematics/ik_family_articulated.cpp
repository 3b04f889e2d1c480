// "rrrrrr" (alias "puma560"): the "rrr" arm (alpha3 and offsets free: table A-5 has alpha 90, 0,
// 0; Corke's PUMA 560 90, 0, -90) on the wrist centre, plus a spherical wrist.

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = withWrist(elbowConfigurations());
  return names;
}

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
  if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
  return requireElbow(m, Eigen::Vector3d(0.0, 0.0, m.dh(3).d));  // the wrist centre in frame 3
}

void solve(Solver& s) {
  const Eigen::Vector3d u(0.0, 0.0, s.model.dh(3).d);  // wrist centre in frame 3
  const Eigen::Matrix4d& T6 = s.flange;
  const Eigen::Vector3d centre = wristCentre(s.model, T6);
  ArmAngles arms[4];
  const int count = solveRrr(s, centre, u, arms);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = JointVector6::Zero();
    for (int j = 0; j < 3; ++j) q(j) = jointFromDh(s.model, j, arms[k].theta[j]);
    addWithWrist(s, q, arms[k].arm, T6.topLeftCorner<3, 3>(), armFrame(s.model, arms[k]), arms[k].fromSeed);
  }
}

}  // namespace

extern const IkFamily kArticulatedFamily = {"rrrrrr", {"puma560"}, &configurations, &misfit, &solve, false, false};

}  // namespace armdyn::ik
