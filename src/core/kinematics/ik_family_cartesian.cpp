// "cartesian": P P P (wrist centre linear in q1..q3), plus a spherical wrist.

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"

#include <Eigen/LU>

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = withWrist({""});
  return names;
}

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "PPPRRR"); !r.empty()) return r;
  if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  Eigen::Matrix3d Z;
  for (int i = 0; i < 3; ++i) {
    Z.col(i) = T.block<3, 1>(0, 2);
    T = T * dhTransform(m.dh(i), m.jointType(i), 0.0);
  }
  if (Eigen::FullPivLU<Eigen::Matrix3d>(Z).rank() < 3) return "needs three independent prismatic axes";
  return "";
}

// Cartesian: with q1..q3 prismatic every rotation is constant, so the wrist centre is
// p_w(0) + q1 z0 + q2 z1 + q3 z2 (axes at q = 0): one linear solve.
void solve(Solver& s) {
  const Model& m = s.model;
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  Eigen::Matrix3d Z;
  for (int i = 0; i < 3; ++i) {
    Z.col(i) = T.block<3, 1>(0, 2);
    T = T * dhTransform(m.dh(i), m.jointType(i), 0.0);
  }
  const Eigen::FullPivLU<Eigen::Matrix3d> lu(Z);
  const Eigen::Vector3d centre0 = T.topLeftCorner<3, 3>() * Eigen::Vector3d(0.0, 0.0, m.dh(3).d) + T.topRightCorner<3, 1>();
  const Eigen::Matrix4d& T6 = s.flange;
  const Eigen::Vector3d centre = wristCentre(m, T6);
  JointVector6 q = JointVector6::Zero();
  q.head<3>() = lu.solve(centre - centre0);
  addWithWrist(s, q, 0, T6.topLeftCorner<3, 3>());
}

}  // namespace

extern const IkFamily kCartesianFamily = {"cartesian", {}, &configurations, &misfit, &solve, false, false};

}  // namespace armdyn::ik
