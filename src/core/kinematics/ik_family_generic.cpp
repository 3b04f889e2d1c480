// "generic": any three-joint arm, each joint R or P with any DH (positioning_arm.h: one
// polynomial of degree <= 4, Pieper's quartic for general 3R), alone (position only) or in front
// of a spherical wrist. Arm solutions are "branch1".."branch4" in the order of (q1, q2, q3);
// solveInverseKinematics' default is the one nearest the seed.

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/joint_limits.h"
#include "kinematics/positioning_arm.h"

#include <algorithm>
#include <utility>

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = [] {
    const std::vector<std::string> branches = {"branch1", "branch2", "branch3", "branch4"};
    std::vector<std::string> all = withWrist(branches);
    all.insert(all.end(), branches.begin(), branches.end());  // three-joint arms: no wrist
    return all;
  }();
  return names;
}

std::string misfit(const Model& m) {
  if (m.dof() == 3) return positioningMisfit(m, m.tool().topRightCorner<3, 1>());
  if (m.dof() != 6) return "needs 3 joints, or 6 with a spherical wrist; the robot has " + std::to_string(m.dof());
  if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
  return positioningMisfit(m, Eigen::Vector3d(0.0, 0.0, m.dh(3).d));
}

// Any three-joint arm (R or P joints, any DH), alone (position of the tool origin) or in front
// of a spherical wrist (position of the wrist centre): positioning_arm.h, then the wrist. The
// arm solutions are numbered "branch1".."branch4" in the order of (q1, q2, q3), revolute values
// wrapped, so a name does not depend on the seed.
void solve(Solver& s) {
  const Model& m = s.model;
  const bool withWrist = m.dof() == 6;
  const Eigen::Matrix4d& T6 = s.flange;
  Eigen::Vector3d target = s.pose.topRightCorner<3, 1>();
  const Eigen::Vector3d u = withWrist ? Eigen::Vector3d(0.0, 0.0, m.dh(3).d) : Eigen::Vector3d(m.tool().topRightCorner<3, 1>());
  if (withWrist) target = wristCentre(m, T6);
  PositioningSolutions arm = solvePositioningArm(m, u, target, s.seed.head<3>());
  if (arm.count == 0) {
    s.fail(arm.notIsolated ? std::string("the target admits a continuum of arm configurations (a singular position)")
                           : (withWrist ? "wrist centre " : "") + positioningShortfall(m, u, target));
    return;
  }
  for (int k = 0; k < arm.count; ++k)
    for (int i = 0; i < 3; ++i) arm.q[k](i) = wrapJointValue(m, i, arm.q[k](i));
  for (int k = 1; k < arm.count; ++k)  // insertion sort: four at most
    for (int j = k; j > 0 && std::lexicographical_compare(arm.q[j].data(), arm.q[j].data() + 3, arm.q[j - 1].data(),
                                                          arm.q[j - 1].data() + 3);
         --j)
      std::swap(arm.q[j], arm.q[j - 1]), std::swap(arm.fromSeed[j], arm.fromSeed[j - 1]);
  for (int k = 0; k < arm.count; ++k) {
    JointVector6 q = JointVector6::Zero();
    q.head<3>() = arm.q[k];
    if (withWrist) addWithWrist(s, q, k, T6.topLeftCorner<3, 3>(), arm.fromSeed[k]);  // "branchK_noflip", "branchK_flip"
    else s.add(q, 8 + k, std::nullopt, {}, arm.fromSeed[k]);                          // "branchK" (three joints)
  }
}

}  // namespace

// No preferred branch: the default is the solution nearest the seed, and when the general
// solver finds nothing, damped least squares is tried before saying why.
extern const IkFamily kGenericFamily = {"generic", {}, &configurations, &misfit, &solve, true, true};

}  // namespace armdyn::ik
