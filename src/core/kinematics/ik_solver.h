#pragma once
// Internal to the closed-form inverse kinematics (inverse_kinematics.cpp, the family files
// ik_family_*.cpp, see ik_family.h): the state a family's solver fills (ik::Solver) and the
// pieces the families share: structure checks, the shoulder (joint 1 with alpha1 = +-90), the
// elbow (joints 2, 3 parallel), the spherical wrist, and the configuration-name tables. Not a
// public API: include it only from src/core/kinematics/ik_*.cpp and inverse_kinematics.cpp.

#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "model/model.h"

#include <Eigen/Core>
#include <array>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {
namespace ik {

using JointVector6 = Eigen::Matrix<double, 6, 1>;

struct RawSolution {
  JointVector6 q;     // the first n values
  int configuration;  // index into the family's configuration names

  // DH frame 3 in frame 0 at q1..q3 when the solver has it (arm + wrist families), and the
  // wrist's cosines and sines (c4, c5, c6, s4, s5, s6): the check by forward kinematics then
  // starts there and builds the wrist transforms without trigonometry.
  std::optional<Eigen::Matrix4d> frame3;
  std::array<double, 6> wristCs;  // set by Solver::add (left uninitialised before: no zeroing per pose)
  // DH frame 6 in frame 0 at q when the solver computed it there (the forward kinematics of a
  // Newton refinement's last step or of the elimination's candidate check): the check by
  // forward kinematics reads it instead of computing it again.
  std::optional<Eigen::Matrix4d> frame6;
  // Bit i: joint i + 1 is free at this pose (a singularity: one of a continuum of solutions)
  // and holds the seed's value; the others follow from it (IkCandidate::fromSeed).
  unsigned char fromSeed;
};

// What each family needs: its solutions, or why there are none. Fixed capacity: solving does
// not allocate (closedFormSolutions).
struct Solver {
  // raw is not value-initialised (16 solutions of 30 numbers zeroed for every pose): only its
  // first rawCount entries are ever read.
  Solver(const Model& m, const Eigen::Matrix4d& target)
      : model(m), pose(target), flange(target * rigidInverse(m.tool())), seed(JointVector6::Zero()) {}

  const Model& model;
  Eigen::Matrix4d pose;    // the target in DH frame 0 (BASE removed)
  Eigen::Matrix4d flange;  // DH frame n (the last joint's) at the target: TOOL removed too
  JointVector6 seed;       // the first n values of the seed (or home)
  std::array<RawSolution, ClosedFormSet::kCapacity> raw;
  int rawCount = 0;
  std::string unreachable;  // the first geometric failure met
  // Raw solutions (bit k: raw[k]) whose free joints among nearestJoints[k] (bit i: joint i + 1)
  // hold the value nearest the seed's, their continuum not holding the seed's: those joints are
  // their IkCandidate::nearestToSeed. Set by the family after it adds them; nearestJoints[k] is
  // read only where bit k is set (not initialised, as raw).
  std::uint32_t nearestRaws = 0;
  std::array<unsigned char, ClosedFormSet::kCapacity> nearestJoints;
  static_assert(ClosedFormSet::kCapacity <= 32, "nearestRaws has a bit per raw solution");
  void markNearestToSeed(unsigned char joints) {
    assert(rawCount > 0);
    nearestRaws |= 1u << (rawCount - 1);
    nearestJoints[static_cast<std::size_t>(rawCount - 1)] = joints;
  }

  void fail(const std::string& why) {
    if (unreachable.empty()) unreachable = why;
  }
  void add(const JointVector6& q, int configuration, const std::optional<Eigen::Matrix4d>& frame3 = std::nullopt,
           const std::array<double, 6>& wristCs = {}, unsigned char fromSeed = 0) {
    assert(rawCount < ClosedFormSet::kCapacity);
    raw[rawCount++] = {q, configuration, frame3, wristCs, std::nullopt, fromSeed};
  }
  // A solution with its DH frame 6 where known (RawSolution::frame6).
  void addWithFrame6(const JointVector6& q, int configuration, const std::optional<Eigen::Matrix4d>& frame6,
                     unsigned char fromSeed = 0) {
    assert(rawCount < ClosedFormSet::kCapacity);
    raw[rawCount++] = {q, configuration, std::nullopt, {}, frame6, fromSeed};
  }
};

constexpr double kStructureTol = 1e-9;   // a DH angle or length taken as exactly 0 or +-90 deg
constexpr double kCosineSlack = 1e-10;   // cosine overshoot accepted as rounding (full stretch)
constexpr double kSingularTol = 1e-12;   // below this a free angle is taken from the seed

// printf-style with up to two doubles, into a std::string.
std::string format(const char* fmt, double a, double b = 0.0);

inline double deg(double rad) { return rad * 180.0 / M_PI; }

inline bool isQuarterTurn(double alpha) { return std::abs(std::cos(alpha)) < kStructureTol; }
inline double quarterSign(double alpha) { return std::sin(alpha) > 0.0 ? 1.0 : -1.0; }
inline bool isZeroTwist(double alpha) { return std::abs(std::sin(alpha)) < kStructureTol && std::cos(alpha) > 0.0; }
inline double sign(double x) { return x < 0.0 ? -1.0 : 1.0; }

inline Eigen::Vector3d rotX(double a, const Eigen::Vector3d& v) {
  const double c = std::cos(a), s = std::sin(a);
  return {v.x(), c * v.y() - s * v.z(), s * v.y() + c * v.z()};
}

inline Eigen::Vector3d rotZ(double t, const Eigen::Vector3d& v) {
  const double c = std::cos(t), s = std::sin(t);
  return {c * v.x() - s * v.y(), s * v.x() + c * v.y(), v.z()};
}

// Joint value from the DH variable: theta_i = theta + q_i (revolute), d_i = d + q_i (prismatic).
inline double jointFromDh(const Model& model, int i, double dhValue) {
  return dhValue - (model.isRevolute(i) ? model.dh(i).theta : model.dh(i).d);
}
inline double dhFromJoint(const Model& model, int i, double q) {
  return q + (model.isRevolute(i) ? model.dh(i).theta : model.dh(i).d);
}

// theta = atan2(y, x) - atan2(b, a) with its cosine and sine from the same numbers,
// (x a + y b, y a - x b) / (|(x, y)| |(a, b)|), instead of trigonometry; where either pair is
// zero, by cos and sin of theta.
inline void angleDifference(double y, double x, double b, double a, double& theta, double& c, double& s) {
  theta = std::atan2(y, x) - std::atan2(b, a);
  const double norm = std::sqrt((x * x + y * y) * (a * a + b * b));
  if (norm > 0.0) {
    c = (x * a + y * b) / norm, s = (y * a - x * b) / norm;
  } else {
    c = std::cos(theta), s = std::sin(theta);
  }
}

// ---- per-arm caches ----

// A copy of a six-joint arm's DH values (theta, d, alpha, a): what a per-arm, per-thread cache
// was computed from (never a reference to the model, which a user may edit).
struct DhKey {
  bool valid = false;
  double dh[6][4] = {};
  bool matches(const Model& m) const {
    for (int i = 0; i < 6; ++i) {
      const DhParameters& p = m.dh(i);
      if (!valid || dh[i][0] != p.theta || dh[i][1] != p.d || dh[i][2] != p.alpha || dh[i][3] != p.a) return false;
    }
    return true;
  }
  void remember(const Model& m) {
    for (int i = 0; i < 6; ++i) {
      const DhParameters& p = m.dh(i);
      dh[i][0] = p.theta, dh[i][1] = p.d, dh[i][2] = p.alpha, dh[i][3] = p.a;
    }
    valid = true;
  }
};

// ---- structure checks: "" when the DH fits, else why not ----

// Exactly strlen(types) joints, 'R' revolute and 'P' prismatic in that order.
std::string requireTypes(const Model& model, const char* types);
// alpha_{i+1} = +-90 deg.
std::string requireQuarterTwist(const Model& model, int i);
// Joints 4-6 revolute with axes meeting in one point: a4 = a5 = d5 = 0 and neither alpha4 nor
// alpha5 0 or 180 deg (any other twists: solveWrist).
std::string requireSphericalWrist(const Model& model);

// Wrist centre target (origin of frame 5, in DH frame 0) from the target frame 6 (Solver::flange):
// link 6 removed. The origin of frame 5 in frame 6 is A6^-1 (0,0,0,1) = (-a6, -d6 sin alpha6,
// -d6 cos alpha6), independent of theta6.
Eigen::Vector3d wristCentre(const Model& model, const Eigen::Matrix4d& T6);

// ---- shoulder: joint 1 with alpha1 = +-90 ----
// A point with frame-1 coordinates (X, Y, Z1) lies in base at Rz(theta1) (a1 + X, -s1 Z1, d1 + s1 Y),
// s1 = sin alpha1. Given the base point p and the fixed Z1, theta1 has two values (front:
// a1 + X = +rho, back: -rho, rho^2 = px^2 + py^2 - Z1^2) and (X, Y) follows.
struct Shoulder {
  double theta1;
  double c1, s1;  // its cosine and sine, from the same products (no trigonometry)
  double x, y;   // target in the plane of joint 2 (frame-1 x, y)
  double front;  // +1 front, -1 back
  bool fromSeed;  // the point is on joint 1's axis: theta1 is free, the seed's
};

int solveShoulder(Solver& s, const Eigen::Vector3d& p, double z1, Shoulder out[2]);

// ---- elbow: joints 2, 3 parallel (alpha2 = 0) ----
// A point u in frame 3 lies in frame 1 at Rz(theta2) [(a2, 0, d2) + Rz(theta3) v],
// v = (a3, 0, d3) + Rx(alpha3) u: a planar two-link arm of lengths a2 and L3 = |(vx, vy)|
// with theta3' = theta3 + atan2(vy, vx), at height Z1 = d2 + vz along z1.
struct Elbow {
  double a2, l3, delta, z1;
  double cosDelta, sinDelta;
};

Elbow elbowGeometry(const Model& model, const Eigen::Vector3d& u);

// alpha1 = +-90, alpha2 = 0, a2 != 0 and a nonzero forearm for the point u in frame 3.
std::string requireElbow(const Model& model, const Eigen::Vector3d& u);

// An elbow's triangle by its factored sides: the upper arm U and the forearm L (both > 0) span
// r, r^2 = U^2 + L^2 + 2 U L cc, cc the cosine of the angle between the upper arm and the
// forearm's extension. The textbook cc = (r^2 - U^2 - L^2) / (2 U L) loses r^2 beside U^2 near
// the inner fold (r ~ 1e-9 with U = L: the elbow at exactly half a turn, the point 4e-9 m off)
// and 1 - cc beside 1 near the outer one; here
//   far  = (U + L - r)(U + L + r) = 2 U L (1 - cc),
//   near = (r - |U - L|)(r + |U - L|) = 2 U L (1 + cc),
// each exact where it is small. One owner for solveRrr and three_parallel's planar arm.
struct ElbowTriangle {
  double far, near;   // as above; negative beyond the reach (far) or inside it (near)
  double cc, sinAbs;  // cos and |sin| of the angle, from the factors clamped at 0
  double along;       // U + L cc = (U - L) + L (1 + cc): the forearm's reach along the upper arm
  // Beyond the reach or inside it by more than a cosine overshoot of `slack`.
  bool tooFar(double U, double L, double slack) const { return far < -slack * 2.0 * U * L; }
  bool tooClose(double U, double L, double slack) const { return near < -slack * 2.0 * U * L; }
};

inline ElbowTriangle elbowTriangle(double U, double L, double r) {
  assert(U > 0.0 && L > 0.0);
  const double gap = std::abs(U - L);
  ElbowTriangle t;
  t.far = (U + L - r) * (U + L + r);
  t.near = (r - gap) * (r + gap);
  const double farC = std::max(t.far, 0.0), nearC = std::max(t.near, 0.0), sum = farC + nearC;  // 4 U L
  assert(!(sum <= 0.0));  // 4 U L (NaN passes: a target not finite is refused by the caller)
  const double inv = 1.0 / sum;
  t.cc = (nearC - farC) * inv;
  t.sinAbs = 2.0 * std::sqrt(farC * nearC) * inv;
  t.along = (U - L) + L * (2.0 * nearC * inv);
  return t;
}

struct ArmAngles {
  double theta[3];
  double c[3], s[3];  // their cosines and sines, as the solution computed them
  int arm;  // index of front/back x elbow up/down in elbowConfigurations()
  unsigned char fromSeed;  // RawSolution::fromSeed's bits for joints 1-3
};

// Vora eqs 7.1-7.4 generalised: law of cosines for theta3', then theta2. Elbow up (above the
// shoulder-wrist line in base z) when front * s1 * sign(a2) * sin(theta3') < 0.
int solveRrr(Solver& s, const Eigen::Vector3d& point, const Eigen::Vector3d& u, ArmAngles out[4]);

// ---- spherical wrist ----
// M = R3^T R6 Rx(-alpha6) = Rz(t4) Rx(alpha4) Rz(t5) Rx(alpha5) Rz(t6), any twists alpha4, alpha5
// with sin alpha4 sin alpha5 != 0. Its third column is Rz(t4) (sa5 sin t5, -ca4 sa5 cos t5 -
// sa4 ca5, -sa4 sa5 cos t5 + ca4 ca5): cos t5 from the z component (two t5, or none: the
// twists cannot turn the tool axis there), t4 from x and y, t6 from the rest.
struct WristAngles {
  double theta[3];
  double c[3], s[3];  // their cosines and sines, as the solution computed them
  bool flip;
  bool fromSeed;  // axes 4 and 6 on one line: theta4 is free, the seed's (theta6 follows)
};

int solveWrist(Solver& s, const Eigen::Matrix3d& R3, const Eigen::Matrix3d& R6, WristAngles out[2]);

// DH frame 3 in frame 0 at the arm joints q(0..2).
Eigen::Matrix4d armFrame(const Model& model, const JointVector6& q);

// Adds the wrist solutions for the arm joints in qArm(0..2); arm solution `arm` becomes
// configurations 2 arm (noflip) and 2 arm + 1 (flip), as withWrist lists them. T3: DH frame 3
// at qArm when the arm solution has it (three revolute joints: from its cosines and sines).
// armFromSeed: RawSolution::fromSeed's bits for the arm joints (ArmAngles::fromSeed).
void addWithWrist(Solver& s, const JointVector6& qArm, int arm, const Eigen::Matrix3d& R6,
                  unsigned char armFromSeed = 0);
void addWithWrist(Solver& s, const JointVector6& qArm, int arm, const Eigen::Matrix3d& R6, const Eigen::Matrix4d& T3,
                  unsigned char armFromSeed = 0);

// ^{i-1}A_i of revolute link i from the cosine and sine of its DH angle (no trigonometry).
inline Eigen::Matrix4d revoluteLink(const Model& model, int i, double c, double s) {
  const double ca = model.cosAlpha(i), sa = model.sinAlpha(i), a = model.dh(i).a, d = model.dh(i).d;
  Eigen::Matrix4d A;
  A << c, -s * ca, s * sa, a * c, s, c * ca, -c * sa, a * s, 0.0, sa, ca, d, 0.0, 0.0, 0.0, 1.0;
  return A;
}

// T <- T * revoluteLink(model, i, c, s), by column operations (appendDhLink).
inline void appendRevoluteLink(Eigen::Matrix4d& T, const Model& model, int i, double c, double s) {
  appendDhLink(T, c, s, model.dh(i).a, model.dh(i).d, model.cosAlpha(i), model.sinAlpha(i));
}

// DH frame 3 in frame 0 of a three-revolute arm solution, from its cosines and sines.
inline Eigen::Matrix4d armFrame(const Model& model, const ArmAngles& a) {
  Eigen::Matrix4d T = revoluteLink(model, 0, a.c[0], a.s[0]);
  appendRevoluteLink(T, model, 1, a.c[1], a.s[1]);
  appendRevoluteLink(T, model, 2, a.c[2], a.s[2]);
  return T;
}

// The bits of RawSolution::fromSeed still true after a refinement took q `before` to `after`:
// a joint free along a continuum stays where it was put (Newton drifts it ~1e-9); one that moved
// further was isolated after all (a pose within rounding of a singularity, e.g. q5 = 1e-9, where
// the closed form took the seed's value and the polish found the real one).
// A free joint the polish moved by at most this (rad or m) is still the seed's value.
constexpr double kStillFreeDrift = 1e-6;
inline unsigned char stillFree(const Model& model, unsigned char fromSeed, const JointVector6& before,
                               const JointVector6& after, int n) {
  for (int j = 0; j < n; ++j) {
    if (!(fromSeed & (1u << j))) continue;
    const double d = after(j) - before(j);
    if (std::abs(model.isRevolute(j) ? std::remainder(d, 2.0 * M_PI) : d) > kStillFreeDrift)
      fromSeed = static_cast<unsigned char>(fromSeed & ~(1u << j));
  }
  return fromSeed;
}

// Cosine and sine of joint i's DH angle at the seed: the free angle of a continuum.
inline void seedCosSin(const Solver& s, int i, double& c, double& sn) {
  const double t = dhFromJoint(s.model, i, s.seed(i));
  c = std::cos(t);
  sn = std::sin(t);
}

// ---- refinement ----

// The geometric Jacobian (rows v, w; DH frame 0) of a six-joint arm at joint values q, and
// frame 6 there when `T06` is given. Fixed size, no allocation.
Eigen::Matrix<double, 6, 6> sixJointJacobian(const Model& model, const JointVector6& q, Eigen::Matrix4d* T06 = nullptr);

// Newton steps on the full pose of a six-joint arm (geometric 6 x 6 Jacobian, fixed size, no
// allocation) from a candidate q (joint values) toward frame 6 = T06 (DH frame 0, TOOL
// removed): at most `maxSteps`, each kept only if it lowers the error. Returns the error left,
// |position error| + |rotation vector| (m + rad), and in `frame6` (if given) frame 6 at the q
// left. Families whose closed form goes through a polynomial's roots refine each candidate to
// 1e-12 with it and keep only those that converge.
double refineSixJoints(const Model& model, const Eigen::Matrix4d& T06, JointVector6& q, int maxSteps = 8,
                       Eigen::Matrix4d* frame6 = nullptr);

// Newton steps that need not lower the error at once, for a candidate that refineSixJoints left
// short of the pose beside a fold (two solutions meeting): there J is nearly singular, the
// step along its weak direction is large and the error it adds through the other equations'
// curvature makes refineSixJoints refuse it, while the next step removes that error again
// (each step halves the distance to the solution along the fold, then converges as usual).
// The Jaco 2 1e-8 rad from a fold of its arm: candidates of its closed form (for its wrist
// taken as exactly spherical, d5 = 5e-13 m) stayed 5e-13 off the pose with joints 1e-5 rad
// from the solution. At most `maxSteps`; keeps the best q met (unchanged if none is better);
// same error measure and `frame6` as refineSixJoints. Fixed size, no allocation.
double refineBesideFold(const Model& model, const Eigen::Matrix4d& T06, JointVector6& q, int maxSteps,
                        Eigen::Matrix4d* frame6 = nullptr);

// ---- configuration names ----

// "front_elbow_up", "front_elbow_down", "back_elbow_up", "back_elbow_down" (ArmAngles::arm).
std::vector<std::string> elbowConfigurations();
// Each arm name followed by "_noflip" then "_flip" (an empty arm name: "noflip", "flip"), the
// order addWithWrist numbers them in.
std::vector<std::string> withWrist(const std::vector<std::string>& names);

}  // namespace ik
}  // namespace armdyn
