#include "kinematics/inverse_kinematics.h"

#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/positioning_arm.h"
#include "kinematics/workspace.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>

namespace armdyn {

namespace {

constexpr double kStructureTol = 1e-9;   // a DH angle or length taken as exactly 0 or +-90 deg
constexpr double kCosineSlack = 1e-10;   // cosine overshoot accepted as rounding (full stretch)
constexpr double kSingularTol = 1e-12;   // below this a free angle is taken from the seed
constexpr double kAcceptResidual = 1e-7; // a closed-form solution must rebuild the pose to this
constexpr double kDuplicateTol = 1e-9;   // two solutions closer than this are one
constexpr double kPolishAbove = 1e-12;   // a closed-form solution further than this from the pose is polished

std::string format(const char* fmt, double a, double b = 0.0) {
  char buf[200];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

double deg(double rad) { return rad * 180.0 / M_PI; }

bool isQuarterTurn(double alpha) { return std::abs(std::cos(alpha)) < kStructureTol; }
double quarterSign(double alpha) { return std::sin(alpha) > 0.0 ? 1.0 : -1.0; }
bool isZeroTwist(double alpha) { return std::abs(std::sin(alpha)) < kStructureTol && std::cos(alpha) > 0.0; }
double sign(double x) { return x < 0.0 ? -1.0 : 1.0; }

Eigen::Vector3d rotX(double a, const Eigen::Vector3d& v) {
  const double c = std::cos(a), s = std::sin(a);
  return {v.x(), c * v.y() - s * v.z(), s * v.y() + c * v.z()};
}

Eigen::Vector3d rotZ(double t, const Eigen::Vector3d& v) {
  const double c = std::cos(t), s = std::sin(t);
  return {c * v.x() - s * v.y(), s * v.x() + c * v.y(), v.z()};
}


// Joint value from the DH variable: theta_i = theta + q_i (revolute), d_i = d + q_i (prismatic).
double jointFromDh(const Model& model, int i, double dhValue) {
  return dhValue - (model.isRevolute(i) ? model.dh(i).theta : model.dh(i).d);
}
double dhFromJoint(const Model& model, int i, double q) {
  return q + (model.isRevolute(i) ? model.dh(i).theta : model.dh(i).d);
}

using JointVector6 = Eigen::Matrix<double, 6, 1>;

struct RawSolution {
  JointVector6 q;     // the first n values
  int configuration;  // index into the family's configuration names

  // DH frame 3 in frame 0 at q1..q3 when the solver has it (arm + wrist families), and the
  // wrist's cosines and sines (c4, c5, c6, s4, s5, s6): the check by forward kinematics then
  // starts there and builds the wrist transforms without trigonometry.
  std::optional<Eigen::Matrix4d> frame3;
  std::array<double, 6> wristCs{};
};

// What each family needs: its solutions, or why there are none.
struct Solver {
  const Model& model;
  Eigen::Matrix4d pose;
  JointVector6 seed;
  std::array<RawSolution, ClosedFormSet::kCapacity> raw;
  int rawCount = 0;
  std::string unreachable;  // the first geometric failure met

  void fail(const std::string& why) {
    if (unreachable.empty()) unreachable = why;
  }
  void add(const JointVector6& q, int configuration, const std::optional<Eigen::Matrix4d>& frame3 = std::nullopt,
           const std::array<double, 6>& wristCs = {}) {
    assert(rawCount < ClosedFormSet::kCapacity);
    raw[rawCount++] = {q, configuration, frame3, wristCs};
  }
};

// ---- structure checks: "" when the DH fits, else why not ----

std::string requireTypes(const Model& model, const char* types) {
  const int n = static_cast<int>(std::char_traits<char>::length(types));
  if (model.dof() != n) return "needs " + std::to_string(n) + " joints, the robot has " + std::to_string(model.dof());
  for (int i = 0; i < n; ++i) {
    const bool revolute = types[i] == 'R';
    if (model.isRevolute(i) != revolute)
      return "needs joint " + std::to_string(i + 1) + (revolute ? " revolute" : " prismatic");
  }
  return "";
}

std::string requireQuarterTwist(const Model& model, int i) {
  if (isQuarterTurn(model.dh(i).alpha)) return "";
  return "needs alpha" + std::to_string(i + 1) + " = +-90 deg, got " + format("%.4g deg", deg(model.dh(i).alpha));
}

// Joints 4-6 revolute with axes meeting in one point: a4 = a5 = d5 = 0 and neither alpha4 nor
// alpha5 0 or 180 deg (any other twists: solveWrist).
std::string requireSphericalWrist(const Model& model) {
  for (int i : {3, 4, 5})
    if (!model.isRevolute(i)) return "needs joint " + std::to_string(i + 1) + " revolute (spherical wrist)";
  if (std::abs(model.dh(3).a) > kStructureTol || std::abs(model.dh(4).a) > kStructureTol ||
      std::abs(model.dh(4).d) > kStructureTol)
    return "needs a spherical wrist (a4 = a5 = d5 = 0)";
  for (int i : {3, 4})
    if (std::abs(model.sinAlpha(i)) < kStructureTol)
      return "needs a spherical wrist (alpha" + std::to_string(i + 1) + " = " + format("%.4g", deg(model.dh(i).alpha)) +
             " deg puts two wrist axes on one line)";
  return "";
}

// Wrist centre target (origin of frame 5, base coordinates) and the target frame 6: the pose
// with TOOL removed, then link 6 removed. The origin of frame 5 in frame 6 is
// A6^-1 (0,0,0,1) = (-a6, -d6 sin alpha6, -d6 cos alpha6), independent of theta6.
void wristTarget(const Model& model, const Eigen::Matrix4d& pose, Eigen::Matrix4d& T6, Eigen::Vector3d& centre) {
  T6 = pose * rigidInverse(model.tool());
  const DhParameters& dh6 = model.dh(5);
  const Eigen::Vector3d w6(-dh6.a, -dh6.d * std::sin(dh6.alpha), -dh6.d * std::cos(dh6.alpha));
  centre = T6.topLeftCorner<3, 3>() * w6 + T6.topRightCorner<3, 1>();
}

// ---- shoulder: joint 1 with alpha1 = +-90 ----
// A point with frame-1 coordinates (X, Y, Z1) lies in base at Rz(theta1) (a1 + X, -s1 Z1, d1 + s1 Y),
// s1 = sin alpha1. Given the base point p and the fixed Z1, theta1 has two values (front:
// a1 + X = +rho, back: -rho, rho^2 = px^2 + py^2 - Z1^2) and (X, Y) follows.
struct Shoulder {
  double theta1;
  double x, y;   // target in the plane of joint 2 (frame-1 x, y)
  double front;  // +1 front, -1 back
};

int solveShoulder(Solver& s, const Eigen::Vector3d& p, double z1, Shoulder out[2]) {
  const DhParameters& dh1 = s.model.dh(0);
  const double s1 = quarterSign(dh1.alpha);
  const double h2 = p.x() * p.x() + p.y() * p.y();
  double rho2 = h2 - z1 * z1;
  if (rho2 < 0.0) {
    if (rho2 < -kCosineSlack * std::max(1.0, h2)) {
      s.fail(format("too close: the point is %.4f m from the axis of joint 1, inside the arm's lateral offset %.4f m",
                    std::sqrt(h2), std::abs(z1)));
      return 0;
    }
    rho2 = 0.0;
  }
  const double rho = std::sqrt(rho2);
  int count = 0;
  for (double front : {1.0, -1.0}) {
    Shoulder& sh = out[count++];
    sh.front = front;
    if (std::sqrt(h2) < kSingularTol && std::abs(z1) < kSingularTol)
      sh.theta1 = dhFromJoint(s.model, 0, s.seed(0));  // on joint 1's axis: any theta1 works
    else
      sh.theta1 = std::atan2(p.y(), p.x()) - std::atan2(-s1 * z1, front * rho);
    sh.x = front * rho - dh1.a;
    sh.y = s1 * (p.z() - dh1.d);
  }
  return count;
}

// ---- elbow: joints 2, 3 parallel (alpha2 = 0) ----
// A point u in frame 3 lies in frame 1 at Rz(theta2) [(a2, 0, d2) + Rz(theta3) v],
// v = (a3, 0, d3) + Rx(alpha3) u: a planar two-link arm of lengths a2 and L3 = |(vx, vy)|
// with theta3' = theta3 + atan2(vy, vx), at height Z1 = d2 + vz along z1.
struct Elbow {
  double a2, l3, delta, z1;
};

Elbow elbowGeometry(const Model& model, const Eigen::Vector3d& u) {
  const DhParameters& dh2 = model.dh(1);
  const DhParameters& dh3 = model.dh(2);
  const Eigen::Vector3d v = Eigen::Vector3d(dh3.a, 0.0, dh3.d) + rotX(dh3.alpha, u);
  return {dh2.a, std::sqrt(v.x() * v.x() + v.y() * v.y()), std::atan2(v.y(), v.x()), dh2.d + v.z()};
}

std::string requireElbow(const Model& model, const Eigen::Vector3d& u) {
  if (std::string r = requireQuarterTwist(model, 0); !r.empty()) return r;
  if (!isZeroTwist(model.dh(1).alpha))
    return "needs alpha2 = 0 (joints 2 and 3 parallel), got " + format("%.4g deg", deg(model.dh(1).alpha));
  const Elbow e = elbowGeometry(model, u);
  if (std::abs(e.a2) < kStructureTol) return "needs a2 != 0 (upper arm length)";
  if (e.l3 < kStructureTol) return "needs a nonzero forearm length";
  return "";
}

struct ArmAngles {
  double theta[3];
  int arm;  // index of front/back x elbow up/down in familyConfigurations("rrr")
};

// Vora eqs 7.1-7.4 generalised: law of cosines for theta3', then theta2. Elbow up (above the
// shoulder-wrist line in base z) when front * s1 * sign(a2) * sin(theta3') < 0.
int solveRrr(Solver& s, const Eigen::Vector3d& point, const Eigen::Vector3d& u, ArmAngles out[4]) {
  const Elbow e = elbowGeometry(s.model, u);
  const double s1 = quarterSign(s.model.dh(0).alpha);
  Shoulder shoulders[2];
  const int nShoulders = solveShoulder(s, point, e.z1, shoulders);
  int count = 0;
  for (int k = 0; k < nShoulders; ++k) {
    const Shoulder& sh = shoulders[k];
    const double r2 = sh.x * sh.x + sh.y * sh.y;
    const double r = std::sqrt(r2);
    double c3 = (r2 - e.a2 * e.a2 - e.l3 * e.l3) / (2.0 * e.a2 * e.l3);
    if (c3 * sign(e.a2) > 1.0 + kCosineSlack) {
      s.fail(format("too far: distance %.4f m from the shoulder exceeds the reach %.4f m", r, std::abs(e.a2) + e.l3));
      continue;
    }
    if (c3 * sign(e.a2) < -1.0 - kCosineSlack) {
      s.fail(format("too close: distance %.4f m from the shoulder is below the minimum reach %.4f m", r,
                    std::abs(std::abs(e.a2) - e.l3)));
      continue;
    }
    c3 = std::clamp(c3, -1.0, 1.0);
    const double sigmaUp = -sh.front * s1 * sign(e.a2);
    for (double sigma : {sigmaUp, -sigmaUp}) {
      const double t3p = sigma * std::acos(c3);
      ArmAngles& a = out[count++];
      a.theta[0] = sh.theta1;
      a.theta[1] = r < kSingularTol ? dhFromJoint(s.model, 1, s.seed(1))
                                    : std::atan2(sh.y, sh.x) - std::atan2(e.l3 * std::sin(t3p), e.a2 + e.l3 * std::cos(t3p));
      a.theta[2] = t3p - e.delta;
      a.arm = (sh.front > 0 ? 0 : 2) + (sigma == sigmaUp ? 0 : 1);
    }
  }
  return count;
}

// ---- spherical wrist ----
// M = R3^T R6 Rx(-alpha6) = Rz(t4) Rx(alpha4) Rz(t5) Rx(alpha5) Rz(t6), any twists alpha4, alpha5
// with sin alpha4 sin alpha5 != 0. Its third column is Rz(t4) (sa5 sin t5, -ca4 sa5 cos t5 -
// sa4 ca5, -sa4 sa5 cos t5 + ca4 ca5): cos t5 from the z component (two t5, or none: the
// twists cannot turn the tool axis there), t4 from x and y, t6 from the rest.
struct WristAngles {
  double theta[3];
  double c[3], s[3];  // their cosines and sines, as the solution computed them
  bool flip;
};

int solveWrist(Solver& s, const Eigen::Matrix3d& R3, const Eigen::Matrix3d& R6, WristAngles out[2]) {
  const Model& m = s.model;
  const double ca4 = m.cosAlpha(3), sa4 = m.sinAlpha(3), ca5 = m.cosAlpha(4), sa5 = m.sinAlpha(4);
  const double ca6 = m.cosAlpha(5), sa6 = m.sinAlpha(5);
  Eigen::Matrix3d rx6;  // Rx(-alpha6)
  rx6 << 1.0, 0.0, 0.0, 0.0, ca6, sa6, 0.0, -sa6, ca6;
  const Eigen::Matrix3d M = R3.transpose() * R6 * rx6;
  const Eigen::Vector3d a = M.col(2), x6 = M.col(0);
  double c5 = (ca4 * ca5 - a.z()) / (sa4 * sa5);
  if (std::abs(c5) > 1.0 + kCosineSlack) {
    s.fail(format("orientation not reachable: the wrist's twists (alpha4 = %.4g, alpha5 = %.4g deg) cannot turn the tool "
                  "axis that far from joint 4's axis",
                  deg(m.dh(3).alpha), deg(m.dh(4).alpha)));
    return 0;
  }
  c5 = std::clamp(c5, -1.0, 1.0);
  // Entries of rotation matrices: sqrt(x^2 + y^2) cannot overflow, hypot's care is not needed.
  const double axy = std::sqrt(a.x() * a.x() + a.y() * a.y());
  const double t5 = std::acos(c5), sin5 = std::sqrt(1.0 - c5 * c5);
  for (int k = 0; k < 2; ++k) {  // sin t5 >= 0 (noflip), then < 0 (flip)
    WristAngles& w = out[k];
    const double s5 = k == 0 ? sin5 : -sin5;
    w.theta[1] = k == 0 ? t5 : -t5;
    const double P = sa5 * s5, Q = -ca4 * sa5 * c5 - sa4 * ca5, pq = std::sqrt(P * P + Q * Q);
    // At the singularity (axes 4 and 6 aligned) only t4 + t6 is fixed: t4 from the seed.
    double c4, s4;
    if (pq <= kSingularTol || axy <= kSingularTol) {
      w.theta[0] = dhFromJoint(m, 3, s.seed(3));
      c4 = std::cos(w.theta[0]);
      s4 = std::sin(w.theta[0]);
    } else {  // t4 = atan2(ay, ax) - atan2(Q, P)
      c4 = (a.x() * P + a.y() * Q) / (axy * pq);
      s4 = (a.y() * P - a.x() * Q) / (axy * pq);
      w.theta[0] = std::atan2(s4, c4);
    }
    // Rz(t6) = (Rz(t4) Rx(alpha4) Rz(t5) Rx(alpha5))^T M: its first column, from M's.
    Eigen::Vector3d v(c4 * x6.x() + s4 * x6.y(), -s4 * x6.x() + c4 * x6.y(), x6.z());  // Rz(-t4)
    v = Eigen::Vector3d(v.x(), ca4 * v.y() + sa4 * v.z(), -sa4 * v.y() + ca4 * v.z());      // Rx(-alpha4)
    v = Eigen::Vector3d(c5 * v.x() + s5 * v.y(), -s5 * v.x() + c5 * v.y(), v.z());          // Rz(-t5)
    const double y = ca5 * v.y() + sa5 * v.z();                                             // Rx(-alpha5)
    w.theta[2] = std::atan2(y, v.x());
    const double r6 = std::sqrt(y * y + v.x() * v.x());
    w.c[0] = c4, w.s[0] = s4, w.c[1] = c5, w.s[1] = s5;
    w.c[2] = r6 > 0.0 ? v.x() / r6 : 1.0, w.s[2] = r6 > 0.0 ? y / r6 : 0.0;
    w.flip = k == 1;
  }
  return 2;
}

Eigen::Matrix4d armFrame(const Model& model, const JointVector6& q) {
  Eigen::Matrix4d T = dhTransform(model, 0, q(0));
  for (int i = 1; i < 3; ++i) T = T * dhTransform(model, i, q(i));
  return T;
}

// Adds the wrist solutions for the arm joints in qArm(0..2); arm solution `arm` becomes
// configurations 2 arm (noflip) and 2 arm + 1 (flip), as familyConfigurations lists them.
void addWithWrist(Solver& s, const JointVector6& qArm, int arm, const Eigen::Matrix3d& R6) {
  WristAngles wrist[2];
  const Eigen::Matrix4d T3 = armFrame(s.model, qArm);
  const int count = solveWrist(s, T3.topLeftCorner<3, 3>(), R6, wrist);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = qArm;
    for (int j = 0; j < 3; ++j) q(3 + j) = jointFromDh(s.model, 3 + j, wrist[k].theta[j]);
    const WristAngles& w = wrist[k];
    s.add(q, 2 * arm + (w.flip ? 1 : 0), T3, {w.c[0], w.c[1], w.c[2], w.s[0], w.s[1], w.s[2]});
  }
}

// ---- families ----

enum class Family { None, Rrr, Articulated, Stanford, Cartesian, Generic, Unknown };

Family familyOf(const std::string& name) {
  if (name.empty()) return Family::None;
  if (name == "rrr") return Family::Rrr;
  if (name == "rrrrrr" || name == "puma560") return Family::Articulated;
  if (name == "stanford") return Family::Stanford;
  if (name == "cartesian") return Family::Cartesian;
  if (name == "generic") return Family::Generic;
  return Family::Unknown;
}

// The one place that says which DH structures a family's closed form solves: "" when the
// model fits, else why not.
std::string structureMisfit(const Model& m, Family f) {
  switch (f) {
    case Family::Rrr:
      if (std::string r = requireTypes(m, "RRR"); !r.empty()) return r;
      return requireElbow(m, m.tool().topRightCorner<3, 1>());  // the tool origin in frame 3
    case Family::Articulated:
      if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
      if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
      return requireElbow(m, Eigen::Vector3d(0.0, 0.0, m.dh(3).d));  // the wrist centre in frame 3
    case Family::Stanford:
      if (std::string r = requireTypes(m, "RRPRRR"); !r.empty()) return r;
      if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
      for (int i : {0, 1})
        if (std::string r = requireQuarterTwist(m, i); !r.empty()) return r;
      return "";
    case Family::Cartesian: {
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
    case Family::Generic:
      if (m.dof() == 3) return positioningMisfit(m, m.tool().topRightCorner<3, 1>());
      if (m.dof() != 6) return "needs 3 joints, or 6 with a spherical wrist; the robot has " + std::to_string(m.dof());
      if (std::string r = requireSphericalWrist(m); !r.empty()) return r;
      return positioningMisfit(m, Eigen::Vector3d(0.0, 0.0, m.dh(3).d));
    case Family::None:
    case Family::Unknown: break;
  }
  return "no closed form";
}

std::string familyName(Family f) {
  switch (f) {
    case Family::Rrr: return "rrr";
    case Family::Articulated: return "rrrrrr";
    case Family::Stanford: return "stanford";
    case Family::Cartesian: return "cartesian";
    case Family::Generic: return "generic";
    default: return "";
  }
}

std::vector<std::string> makeConfigurationNames(Family f) {
  const std::vector<std::string> arm = {"front_elbow_up", "front_elbow_down", "back_elbow_up", "back_elbow_down"};
  const auto withWrist = [](const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& a : names)
      for (const char* w : {"noflip", "flip"}) out.push_back(a.empty() ? w : a + "_" + w);
    return out;
  };
  switch (f) {
    case Family::Rrr: return arm;
    case Family::Articulated: return withWrist(arm);
    case Family::Stanford: return withWrist({"front", "back", "front_reversed", "back_reversed"});
    case Family::Cartesian: return withWrist({""});
    case Family::Generic: {
      const std::vector<std::string> branches = {"branch1", "branch2", "branch3", "branch4"};
      std::vector<std::string> all = withWrist(branches);
      all.insert(all.end(), branches.begin(), branches.end());  // three-joint arms: no wrist
      return all;
    }
    default: return {};
  }
}

// The names indexed by RawSolution::configuration, built once per family.
const std::vector<std::string>& configurationNames(Family f) {
  static const std::vector<std::string> tables[] = {
      makeConfigurationNames(Family::None),     makeConfigurationNames(Family::Rrr),
      makeConfigurationNames(Family::Articulated), makeConfigurationNames(Family::Stanford),
      makeConfigurationNames(Family::Cartesian), makeConfigurationNames(Family::Generic),
      makeConfigurationNames(Family::Unknown)};
  return tables[static_cast<int>(f)];
}

std::string solveRrrFamily(Solver& s) {
  if (std::string r = structureMisfit(s.model, Family::Rrr); !r.empty()) return r;
  const Eigen::Vector3d u = s.model.tool().topRightCorner<3, 1>();  // tool origin in frame 3
  ArmAngles arms[4];
  const int count = solveRrr(s, s.pose.topRightCorner<3, 1>(), u, arms);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = JointVector6::Zero();
    for (int j = 0; j < 3; ++j) q(j) = jointFromDh(s.model, j, arms[k].theta[j]);
    s.add(q, arms[k].arm);
  }
  return "";
}

std::string solveArticulatedFamily(Solver& s) {
  if (std::string r = structureMisfit(s.model, Family::Articulated); !r.empty()) return r;
  const Eigen::Vector3d u(0.0, 0.0, s.model.dh(3).d);  // wrist centre in frame 3
  Eigen::Matrix4d T6;
  Eigen::Vector3d centre;
  wristTarget(s.model, s.pose, T6, centre);
  ArmAngles arms[4];
  const int count = solveRrr(s, centre, u, arms);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = JointVector6::Zero();
    for (int j = 0; j < 3; ++j) q(j) = jointFromDh(s.model, j, arms[k].theta[j]);
    addWithWrist(s, q, arms[k].arm, T6.topLeftCorner<3, 3>());
  }
  return "";
}

// Stanford (Paul 1981): the wrist centre in frame 2 is c + q3 z2, c = Rz(theta3) [(a3, 0, d3) +
// Rx(alpha3) (0, 0, d4)]; in frame 1 it is Rz(theta2) (a2 + cx, -s2 L) in the plane and
// Z1 = d2 + s2 cy along z1, with L = cz + q3 the boom extension.
std::string solveStanfordFamily(Solver& s) {
  const Model& m = s.model;
  if (std::string r = structureMisfit(m, Family::Stanford); !r.empty()) return r;
  const DhParameters& dh3 = m.dh(2);
  const Eigen::Vector3d c =
      rotZ(dh3.theta, Eigen::Vector3d(dh3.a, 0.0, dh3.d) + rotX(dh3.alpha, Eigen::Vector3d(0.0, 0.0, m.dh(3).d)));
  const double s2 = quarterSign(m.dh(1).alpha);
  const double b = m.dh(1).a + c.x();
  const double z1 = m.dh(1).d + s2 * c.y();
  Eigen::Matrix4d T6;
  Eigen::Vector3d centre;
  wristTarget(m, s.pose, T6, centre);
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
      const double theta2 = std::sqrt(r2) < kSingularTol ? dhFromJoint(m, 1, s.seed(1))
                                                         : std::atan2(sh.y, sh.x) - std::atan2(-s2 * L, b);
      q(1) = jointFromDh(m, 1, theta2);
      q(2) = L - c.z();
      const int arm = (sh.front > 0 ? 0 : 1) + (boom > 0 ? 0 : 2);  // front, back, front_reversed, back_reversed
      addWithWrist(s, q, arm, T6.topLeftCorner<3, 3>());
    }
  }
  return "";
}

// Cartesian: with q1..q3 prismatic every rotation is constant, so the wrist centre is
// p_w(0) + q1 z0 + q2 z1 + q3 z2 (axes at q = 0): one linear solve.
std::string solveCartesianFamily(Solver& s) {
  const Model& m = s.model;
  if (std::string r = structureMisfit(m, Family::Cartesian); !r.empty()) return r;
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  Eigen::Matrix3d Z;
  for (int i = 0; i < 3; ++i) {
    Z.col(i) = T.block<3, 1>(0, 2);
    T = T * dhTransform(m.dh(i), m.jointType(i), 0.0);
  }
  const Eigen::FullPivLU<Eigen::Matrix3d> lu(Z);
  const Eigen::Vector3d centre0 = T.topLeftCorner<3, 3>() * Eigen::Vector3d(0.0, 0.0, m.dh(3).d) + T.topRightCorner<3, 1>();
  Eigen::Matrix4d T6;
  Eigen::Vector3d centre;
  wristTarget(m, s.pose, T6, centre);
  JointVector6 q = JointVector6::Zero();
  q.head<3>() = lu.solve(centre - centre0);
  addWithWrist(s, q, 0, T6.topLeftCorner<3, 3>());
  return "";
}


// Any three-joint arm (R or P joints, any DH), alone (position of the tool origin) or in front
// of a spherical wrist (position of the wrist centre): positioning_arm.h, then the wrist. The
// arm solutions are numbered "branch1".."branch4" in the order of (q1, q2, q3), revolute values
// wrapped, so a name does not depend on the seed.
std::string solveGenericFamily(Solver& s) {
  const Model& m = s.model;
  if (std::string r = structureMisfit(m, Family::Generic); !r.empty()) return r;
  const bool withWrist = m.dof() == 6;
  Eigen::Matrix4d T6 = s.pose;
  Eigen::Vector3d target = s.pose.topRightCorner<3, 1>();
  const Eigen::Vector3d u = withWrist ? Eigen::Vector3d(0.0, 0.0, m.dh(3).d) : Eigen::Vector3d(m.tool().topRightCorner<3, 1>());
  if (withWrist) wristTarget(m, s.pose, T6, target);
  PositioningSolutions arm = solvePositioningArm(m, u, target, s.seed.head<3>());
  if (arm.count == 0) {
    s.fail(arm.notIsolated ? std::string("the target admits a continuum of arm configurations (a singular position)")
                           : (withWrist ? "wrist centre " : "") + positioningShortfall(m, u, target));
    return "";
  }
  for (int k = 0; k < arm.count; ++k)
    for (int i = 0; i < 3; ++i) arm.q[k](i) = wrapJointValue(m, i, arm.q[k](i));
  for (int k = 1; k < arm.count; ++k)  // insertion sort: four at most
    for (int j = k; j > 0 && std::lexicographical_compare(arm.q[j].data(), arm.q[j].data() + 3, arm.q[j - 1].data(),
                                                          arm.q[j - 1].data() + 3);
         --j)
      std::swap(arm.q[j], arm.q[j - 1]);
  for (int k = 0; k < arm.count; ++k) {
    JointVector6 q = JointVector6::Zero();
    q.head<3>() = arm.q[k];
    if (withWrist) addWithWrist(s, q, k, T6.topLeftCorner<3, 3>());  // "branchK_noflip", "branchK_flip"
    else s.add(q, 8 + k);                                             // "branchK" (three joints)
  }
  return "";
}

// ---- post-processing ----

double residualOf(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& q) {
  Vector6d e = poseError(pose, toolPose(model, q));
  if (model.dof() < 6) e.tail<3>().setZero();
  return e.norm();
}

// The pose error of q, cheaply: position error plus |R_target - R| / sqrt(2) (the rotation
// angle to first order), m and rad. Six joints: frame 6 against `target6` (the pose with BASE
// and TOOL removed); fewer: the tool point against the pose's, position only.
// ^{i-1}A_i of a revolute joint from the cosine and sine of its DH angle.
Eigen::Matrix4d revoluteTransform(const Model& model, int i, double c, double s) {
  const double ca = model.cosAlpha(i), sa = model.sinAlpha(i), a = model.dh(i).a, d = model.dh(i).d;
  Eigen::Matrix4d A;
  A << c, -s * ca, s * sa, a * c, s, c * ca, -c * sa, a * s, 0.0, sa, ca, d, 0.0, 0.0, 0.0, 1.0;
  return A;
}

double quickResidual(const Model& model, const Eigen::Matrix4d& pose, const Eigen::Matrix4d& target6,
                     const JointVector6& q, int n, const std::optional<Eigen::Matrix4d>& frame3 = std::nullopt,
                     const std::array<double, 6>* wristCs = nullptr) {
  Eigen::Matrix4d T = frame3 ? *frame3 : dhTransform(model, 0, q(0));
  if (frame3 && wristCs && n == 6) {
    for (int i = 3; i < 6; ++i) T = T * revoluteTransform(model, i, (*wristCs)[i - 3], (*wristCs)[i]);
  } else {
    for (int i = frame3 ? 3 : 1; i < n; ++i) T = T * dhTransform(model, i, q(i));
  }
  if (n < 6) {
    const Eigen::Vector3d p = (model.base() * T * model.tool()).topRightCorner<3, 1>();
    return (pose.topRightCorner<3, 1>() - p).norm();
  }
  return (target6.topRightCorner<3, 1>() - T.topRightCorner<3, 1>()).norm() +
         (target6.topLeftCorner<3, 3>() - T.topLeftCorner<3, 3>()).norm() * M_SQRT1_2;
}

// A few Gauss-Newton steps from a closed-form solution: acos near +-1 (full stretch) and
// atan2 near singular wrists lose digits; each step is kept only if it lowers the error.
void polish(const Model& model, const Eigen::Matrix4d& pose, Eigen::VectorXd& q) {
  const int n = model.dof();
  const int rows = n < 6 ? 3 : 6;
  LinkFrameArray frames;
  Eigen::MatrixXd J(6, n);
  double err = residualOf(model, pose, q);
  for (int it = 0; it < 4 && err > 1e-14; ++it) {
    const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
    geometricJacobian(model, frames.data(), tool, J);
    const Vector6d e = poseError(pose, tool);
    const Eigen::MatrixXd Jm = J.topRows(rows);
    Eigen::MatrixXd A = Jm * Jm.transpose();
    A.diagonal().array() += 1e-14;
    const Eigen::VectorXd trial = q + Jm.transpose() * A.ldlt().solve(e.head(rows));
    const double trialErr = residualOf(model, pose, trial);
    if (!(trialErr < err)) break;
    q = trial;
    err = trialErr;
  }
}

// Both wrapped (wrapJointValue): a revolute difference is within (-4 pi, 4 pi).
bool sameSolution(const Model& model, const JointVector6& a, const JointVector6& b, int n) {
  for (int i = 0; i < n; ++i) {
    double d = a(i) - b(i);
    if (model.isRevolute(i) && std::abs(d) > M_PI) d = wrapToPi(d);
    if (std::abs(d) > kDuplicateTol) return false;
  }
  return true;
}

std::vector<std::string> tokens(const std::string& name) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : name) {
    if (ch == '_' || ch == '-' || ch == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool matches(const std::string& name, const std::vector<std::string>& wanted) {
  const std::vector<std::string> have = tokens(name);
  for (const std::string& t : wanted)
    if (std::find(have.begin(), have.end(), t) == have.end()) return false;
  return true;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

}  // namespace

bool closedFormSolutions(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed, ClosedFormSet& out) {
  const int n = model.dof();
  if (seed.size() != 0 && seed.size() != n)
    throw std::invalid_argument("inverse kinematics: seed has " + std::to_string(seed.size()) +
                                " values, the robot has " + std::to_string(n) + " joints");
  if (!pose.allFinite()) throw std::invalid_argument("inverse kinematics: pose is not finite");
  out.applicable = false;
  out.count = 0;
  out.reason.clear();
  out.family = kinematicFamily(model);
  const std::string& family = out.family;
  const Family f = familyOf(family);
  if (f == Family::None) {
    out.reason = model.spec().family.empty() ? "no closed form fits the DH structure" : "no kinematic family";
    return false;
  }
  if (f == Family::Unknown) {
    out.reason = "unknown kinematic family '" + family + "'";
    return false;
  }
  if (n > 6) {  // no family solves more than six joints (structureMisfit refuses them)
    out.reason = "family '" + family + "' needs at most 6 joints";
    return false;
  }
  // The families solve in DH frame 0; the solutions are polished and checked in the world.
  Solver s{model, rigidInverse(model.base()) * pose, JointVector6::Zero(), {}, 0, {}};
  const Eigen::Matrix4d target6 = s.pose * rigidInverse(model.tool());
  const Eigen::VectorXd& from = seed.size() == n ? seed : model.home();
  for (int i = 0; i < n && i < from.size(); ++i) s.seed(i) = from(i);
  std::string misfit;
  switch (f) {
    case Family::Rrr: misfit = solveRrrFamily(s); break;
    case Family::Articulated: misfit = solveArticulatedFamily(s); break;
    case Family::Stanford: misfit = solveStanfordFamily(s); break;
    case Family::Cartesian: misfit = solveCartesianFamily(s); break;
    case Family::Generic: misfit = solveGenericFamily(s); break;
    case Family::None:
    case Family::Unknown: break;
  }
  if (!misfit.empty()) {
    out.reason = "family '" + family + "' " + misfit;
    return false;
  }
  out.applicable = true;

  // Each raw solution: wrapped, skipped if it repeats one kept (singular targets), checked by
  // forward kinematics once, polished only when the closed form lost digits, then marked within
  // or outside the joint limits.
  const auto known = [&](const JointVector6& q) {
    for (int k = 0; k < out.count; ++k)
      if (sameSolution(model, out.entries[k].q, q, n)) return true;
    return false;
  };
  for (int k = 0; k < s.rawCount; ++k) {
    RawSolution& r = s.raw[k];
    for (int i = 0; i < n; ++i) r.q(i) = wrapJointValue(model, i, r.q(i));
    if (known(r.q)) continue;
    double residual = quickResidual(model, pose, target6, r.q, n, r.frame3, &r.wristCs);
    if (residual > kPolishAbove) {
      Eigen::VectorXd q = r.q.head(n);
      polish(model, pose, q);
      for (int i = 0; i < n; ++i) r.q(i) = wrapJointValue(model, i, q(i));
      residual = quickResidual(model, pose, target6, r.q, n);
      if (known(r.q)) continue;
    }
    ClosedFormSet::Entry& e = out.entries[out.count++];
    e.q = r.q;
    e.configuration = r.configuration;
    e.residual = residual;
    e.withinLimits = true;
    for (int i = 0; i < n; ++i) {
      const LinkSpec& l = model.spec().links[i];
      if (!(r.q(i) >= l.qMin - kJointLimitTolerance && r.q(i) <= l.qMax + kJointLimitTolerance)) e.withinLimits = false;
    }
  }
  if (out.count == 0) out.reason = s.unreachable.empty() ? "no closed-form solution" : s.unreachable;
  return true;
}

ClosedFormIk closedFormInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed) {
  ClosedFormSet set;
  ClosedFormIk result;
  result.applicable = closedFormSolutions(model, pose, seed, set);
  result.reason = set.reason;
  if (!result.applicable) return result;
  const int n = model.dof();
  const std::vector<std::string>& names = configurationNames(familyOf(set.family));
  for (int k = 0; k < set.count; ++k) {
    const ClosedFormSet::Entry& e = set.entries[k];
    IkCandidate c{e.q.head(n), names[static_cast<size_t>(e.configuration)], ""};
    if (!(e.residual < kAcceptResidual)) {
      c.reason = c.configuration + ": closed form does not rebuild the pose (residual " + format("%.3g", e.residual) + ")";
      result.rejected.push_back(std::move(c));
    } else if (!e.withinLimits) {
      c.reason = c.configuration + ": " + jointLimitViolation(model, c.q);
      result.rejected.push_back(std::move(c));
    } else {
      result.solutions.push_back(std::move(c));
    }
  }
  if (result.solutions.empty() && !result.rejected.empty()) {
    std::vector<std::string> why;
    for (const IkCandidate& c : result.rejected) why.push_back(c.reason);
    result.reason = "no solution within joint limits (" + join(why, "; ") + ")";
  }
  return result;
}

std::string kinematicFamily(const Model& model) {
  if (!model.spec().family.empty()) return model.spec().family;
  for (const Family f : {Family::Rrr, Family::Articulated, Family::Stanford, Family::Cartesian, Family::Generic})
    if (structureMisfit(model, f).empty()) return familyName(f);
  return "";
}

std::vector<std::string> familyConfigurations(const std::string& family) {
  return configurationNames(familyOf(family));
}

const IkCandidate* selectSolution(const std::vector<IkCandidate>& solutions, const std::string& configuration) {
  const std::vector<std::string> wanted = tokens(configuration);
  for (const IkCandidate& c : solutions)
    if (matches(c.configuration, wanted)) return &c;
  return nullptr;
}

IkResult solveInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const std::string& configuration,
                                const Eigen::VectorXd& seed) {
  const int n = model.dof();
  if (!pose.allFinite()) throw std::invalid_argument("inverse kinematics: pose is not finite");
  if ((pose.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() > 1e-12)
    throw std::invalid_argument("inverse kinematics: pose's last row must be 0 0 0 1");
  const Eigen::Matrix3d R = pose.topLeftCorner<3, 3>();
  if ((R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-6)
    throw std::invalid_argument("inverse kinematics: pose's rotation is not orthonormal");
  if (seed.size() != 0 && (seed.size() != n || !seed.allFinite()))
    throw std::invalid_argument("inverse kinematics: seed must hold " + std::to_string(n) + " finite values");

  IkResult result;
  const std::string family = kinematicFamily(model);
  if (!family.empty()) {
    const ClosedFormIk cf = closedFormInverseKinematics(model, pose, seed);
    if (cf.applicable) {
      result.method = IkMethod::ClosedForm;
      const std::vector<std::string> known = familyConfigurations(family);
      std::vector<std::string> knownTokens;
      for (const std::string& name : known)
        for (const std::string& t : tokens(name)) knownTokens.push_back(t);
      for (const std::string& t : tokens(configuration)) {
        if (std::find(knownTokens.begin(), knownTokens.end(), t) == knownTokens.end()) {
          result.reason = "unknown configuration '" + configuration + "' for family '" + family +
                          "' (configurations: " + join(known, ", ") + ")";
          return result;
        }
      }
      const IkCandidate* chosen = selectSolution(cf.solutions, configuration);
      if (chosen && configuration.empty() && familyOf(family) == Family::Generic) {
        // Numbered branches have no preferred one: the nearest to the seed (or home).
        const Eigen::VectorXd from = seed.size() == n ? seed : model.home();
        const auto distance = [&](const IkCandidate& c) {
          double d = 0.0;
          for (int i = 0; i < n; ++i) d += std::abs(model.isRevolute(i) ? wrapToPi(c.q(i) - from(i)) : c.q(i) - from(i));
          return d;
        };
        for (const IkCandidate& c : cf.solutions)
          if (distance(c) < distance(*chosen)) chosen = &c;
      }
      if (const IkCandidate* c = chosen) {
        result.ok = true;
        result.q = c->q;
        result.configuration = c->configuration;
        result.residual = residualOf(model, pose, c->q);
        return result;
      }
      if (cf.solutions.empty() && cf.rejected.empty() && familyOf(family) == Family::Generic && configuration.empty()) {
        // The general solver found nothing: a safety net before saying why, since its reasons
        // ("too far", "a void") come from estimates. Damped least squares from the seed.
        DlsOptions options;
        options.positionOnly = n < 6;
        const DlsResult dls = solveDampedLeastSquares(model, pose, seed, options);
        if (dls.converged && jointLimitViolation(model, dls.q).empty()) {
          result.ok = true;
          result.method = IkMethod::DampedLeastSquares;
          result.q = dls.q;
          result.residual = dls.residual;
          result.iterations = dls.iterations;
          result.note = "the closed form found no solution (" + cf.reason + "); damped least squares did";
          return result;
        }
      }
      if (cf.solutions.empty()) {
        result.reason = cf.reason;
      } else {
        std::vector<std::string> why;
        for (const IkCandidate& c : cf.rejected)
          if (matches(c.configuration, tokens(configuration))) why.push_back(c.reason);
        std::vector<std::string> available;
        for (const IkCandidate& c : cf.solutions) available.push_back(c.configuration);
        result.reason = "no solution in configuration '" + configuration + "' within joint limits" +
                        (why.empty() ? "" : " (" + join(why, "; ") + ")") + "; available: " + join(available, ", ");
      }
      if (!cf.rejected.empty()) result.q = cf.rejected.front().q;
      return result;
    }
    result.note = "closed form not used: " + cf.reason;
  }

  result.method = IkMethod::DampedLeastSquares;
  const double distance = (pose.topRightCorner<3, 1>() - model.base().topRightCorner<3, 1>()).norm();
  const double bound = reachBound(model);
  if (distance > bound) {
    result.reason = format("distance %.4f m from the base exceeds the reach %.4f m", distance, bound);
    return result;
  }
  DlsOptions options;
  options.positionOnly = n < 6;
  const DlsResult dls = solveDampedLeastSquares(model, pose, seed, options);
  result.q = dls.q;
  result.residual = dls.residual;
  result.iterations = dls.iterations;
  result.ok = dls.converged;
  if (!result.ok)
    result.reason = "numerical IK did not converge (residual " + format("%.3g", dls.residual) + " after " +
                    std::to_string(dls.iterations) + " iterations from " + std::to_string(dls.starts) + " starts)";
  return result;
}

}  // namespace armdyn
