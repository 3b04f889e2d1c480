// "stanford": R R P, alpha1, alpha2 = +-90, plus a spherical wrist (Paul 1981).

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"

#include <algorithm>

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = withWrist({"front", "back", "front_reversed", "back_reversed"});
  return names;
}

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRPRRR"); !r.empty()) return r;
  if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
  for (int i : {0, 1})
    if (std::string r = requireQuarterTwist(m, i); !r.empty()) return r;
  return "";
}

// Stanford (Paul 1981): the wrist centre in frame 2 is c + q3 z2, c = Rz(theta3) [(a3, 0, d3) +
// Rx(alpha3) (0, 0, d4)]; in frame 1 it is Rz(theta2) (a2 + cx, -s2 L) in the plane and
// Z1 = d2 + s2 cy along z1, with L = cz + q3 the boom extension.
void solve(Solver& s) {
  const Model& m = s.model;
  const DhParameters& dh3 = m.dh(2);
  const Eigen::Vector3d c =
      rotZ(dh3.theta, Eigen::Vector3d(dh3.a, 0.0, dh3.d) + rotX(dh3.alpha, Eigen::Vector3d(0.0, 0.0, m.dh(3).d)));
  const double s2 = quarterSign(m.dh(1).alpha);
  const double b = m.dh(1).a + c.x();
  const double z1 = m.dh(1).d + s2 * c.y();
  const Eigen::Matrix4d& T6 = s.flange;
  const Eigen::Vector3d centre = wristCentre(m, T6);
  Shoulder shoulders[2];
  const int nShoulders = solveShoulder(s, centre, z1, shoulders);
  for (double boom : {1.0, -1.0}) {
    for (int k = 0; k < nShoulders; ++k) {
      const Shoulder& sh = shoulders[k];
      const double r2 = sh.x * sh.x + sh.y * sh.y;
      double l2 = r2 - b * b;
      if (l2 < 0.0) {
        if (l2 < -kCosineSlack * std::max(1.0, r2)) {
          s.fail(format("too close: distance %.4f m from the shoulder is below the boom's lateral offset %.4f m", std::sqrt(r2),
                        std::abs(b)));
          continue;
        }
        l2 = 0.0;
      }
      const double L = boom * std::sqrt(l2);
      JointVector6 q = JointVector6::Zero();
      q(0) = jointFromDh(m, 0, sh.theta1);
      const bool free2 = std::sqrt(r2) < kSingularTol;  // the wrist centre on joint 2's axis
      const double theta2 = free2 ? dhFromJoint(m, 1, s.seed(1)) : std::atan2(sh.y, sh.x) - std::atan2(-s2 * L, b);
      q(1) = jointFromDh(m, 1, theta2);
      q(2) = L - c.z();
      const int arm = (sh.front > 0 ? 0 : 1) + (boom > 0 ? 0 : 2);  // front, back, front_reversed, back_reversed
      addWithWrist(s, q, arm, T6.topLeftCorner<3, 3>(), static_cast<unsigned char>((sh.fromSeed ? 1 : 0) | (free2 ? 2 : 0)));
    }
  }
}

}  // namespace

extern const IkFamily kStanfordFamily = {"stanford", {}, &configurations, &misfit, &solve, false, false};

}  // namespace armdyn::ik
