// "three_parallel": six revolute joints whose axes 2, 3 and 4 are parallel (alpha2, alpha3 = 0
// or 180 deg) and everything else free: the Universal Robots arms (UR3, UR5, UR10 and their e
// series: no spherical wrist, axes 1-2 and 5-6 meeting), and any arm with that triple. Up to
// eight solutions.
//
// Derivation (DH frames; z_i the axis of joint i+1, c_i = cos theta_i with theta the DH angle,
// s alpha_i = sin alpha_i). Joints 2-4 turn about the one direction z1, so frame 4 is
// R14 = Rz(phi) Rx(beta) in frame 1, beta = alpha2 + alpha3 + alpha4, phi = theta2 +
// c alpha2 theta3 + sigma theta4, sigma = c alpha2 c alpha3 = +-1; their row e3^T R14 =
// sigma (0, s alpha4, c alpha4) does not depend on theta2..4. Two quantities of the target then
// involve joints 1 and 5 only:
//   k  = z5 in frame 0 = R06 Rx(-alpha6) e3, fixed by the target's rotation (joint 6 turns about it);
//   o5 = origin of frame 5 = o6 - d6 k - a6 x6 (x6 the target's x axis), fixed by the target.
// (E1) orientation: z1 . k = e3^T R14 R45 e3:
//        s alpha1 (kx s1 - ky c1) + c alpha1 kz = sigma (c alpha4 c alpha5 - s alpha4 s alpha5 c5)
// (E2) height along z1: z1 . (o4 - o1) = D = d2 + c alpha2 d3 + sigma d4, with o4 = o5 - a5 x5 -
//      d5 z4, z1 . x5 = sigma s alpha4 s5, z1 . z4 = sigma c alpha4, z1 . o1 = c alpha1 d1:
//        s alpha1 (o5x s1 - o5y c1) + c alpha1 (o5z - d1) - sigma d5 c alpha4 - D = sigma a5 s alpha4 s5
// So L1(theta1) = P c5 and L2(theta1) = Q s5, with P = -sigma s alpha4 s alpha5 and
// Q = sigma a5 s alpha4 (IK-Geo's subproblem 6 in DH form):
//   Q = 0 (a5 = 0: the UR arms): E2 alone gives theta1 (two values), E1 then c5 (theta5 = +-acos);
//   P = 0 (alpha5 = 0 or 180): E1 alone gives theta1, E2 then s5 (theta5 and pi - theta5);
//   else c5^2 + s5^2 = 1 is Q^2 L1^2 + P^2 L2^2 = P^2 Q^2: with t = tan(theta1 / 2), a quartic,
//   each real root one (theta1, theta5).
// Then theta6 and phi from G = R01^T R06 Rx(-alpha6) = Rz(phi) H Rz(theta6), H = Rx(beta)
// Rz(theta5) Rx(alpha5): the third row of G is the third row of H turned by theta6 (when it has
// an x-y part; else joint 6's axis is parallel to z1, a continuum, and theta6 is the seed's),
// and Rz(phi) = G Rz(-theta6) H^T. Last the planar arm: o4 in frame 1 minus a4 along phi is
// a2 (c2, s2) + a3 (cos psi, sin psi), psi = theta2 + c alpha2 theta3 (two elbows), theta4 =
// sigma (phi - psi).
// Each candidate is refined by Newton steps on the full pose (refineSixJoints) and kept when it
// rebuilds the pose; near-special arms (a5 or alpha5 almost 0: two quartic roots 1e-7 apart,
// which rounding may merge) also try theta5 from the better-conditioned equation alone, and
// duplicates are dropped.
//
// Names. a5 = 0 (two theta1, +-theta5): "front"/"back" (the shoulder: wrist centre o5 ahead of or
// behind joint 2 along x1), "elbow_up"/"elbow_down" (joint 3's axis above or below the line from
// joint 2's to joint 4's, base z), "noflip"/"flip" (sin theta5 >= 0 or < 0): eight names as the
// spherical-wrist arms have. Otherwise "branch1".."branch4" (the (theta1, theta5) pairs in the
// order of theta1) with "elbow_up"/"elbow_down".

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/scalar_equations.h"

#include <algorithm>
#include <Eigen/Geometry>
#include <cmath>

namespace armdyn::ik {

namespace {

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = withWrist(elbowConfigurations());  // 0..7
    for (int b = 1; b <= 4; ++b)                                      // 8..15
      for (const char* elbow : {"_elbow_up", "_elbow_down"}) all.push_back("branch" + std::to_string(b) + elbow);
    return all;
  }();
  return names;
}

bool isStraight(const Model& m, int i) { return std::abs(m.sinAlpha(i)) < kStructureTol; }

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
  for (int i : {1, 2})
    if (!isStraight(m, i))
      return "needs joints 2, 3 and 4 parallel (alpha" + std::to_string(i + 1) + " = 0 or 180 deg, got " +
             format("%.4g deg)", deg(m.dh(i).alpha));
  if (std::abs(m.dh(1).a) < kStructureTol || std::abs(m.dh(2).a) < kStructureTol)
    return "needs a2 and a3 nonzero (joints 2, 3, 4 on distinct parallel axes)";
  if (isStraight(m, 0)) return "has joints 1 to 4 parallel (alpha1 = 0 or 180 deg): no isolated solutions";
  if (isStraight(m, 3)) return "has joints 2 to 5 parallel (alpha4 = 0 or 180 deg): no isolated solutions";
  if (isStraight(m, 4) && std::abs(m.dh(4).a) < kStructureTol)
    return "has joints 5 and 6 on one line (a5 = 0, alpha5 = 0 or 180 deg): no isolated solutions";
  return "";
}

struct Geometry {
  double sa1, ca1, sa4, ca4, sa5, ca5, sigma, calpha2;
  double P, Q;            // E1: L1 = P c5; E2: L2 = Q s5
  double A1, B1, C1;      // L1 = A1 c1 + B1 s1 + C1
  double A2, B2, C2;      // L2 = A2 c1 + B2 s1 + C2
  double scale;           // the arm's size, m
};

double armScale(const Model& m) {
  double L = 0.0;
  for (int i = 0; i < 6; ++i) L += std::abs(m.dh(i).a) + std::abs(m.dh(i).d);
  return std::max(L, 1e-3);
}

// theta5 values for one theta1: from c5 = L1 / P and s5 = L2 / Q when they agree (a unit vector),
// else from each equation alone (the near-special arms), each refined later.
int theta5Candidates(const Geometry& g, double c1, double s1, double out[4]) {
  const double L1 = g.A1 * c1 + g.B1 * s1 + g.C1, L2 = g.A2 * c1 + g.B2 * s1 + g.C2;
  const bool haveP = std::abs(g.P) > kStructureTol, haveQ = std::abs(g.Q) > kStructureTol * g.scale;
  if (haveP && haveQ) {
    const double c5 = L1 / g.P, s5 = L2 / g.Q;
    if (std::abs(std::hypot(c5, s5) - 1.0) < 1e-6) {
      out[0] = std::atan2(s5, c5);
      return 1;
    }
  }
  int n = 0;
  if (haveP) {
    const double c5 = L1 / g.P;
    if (std::abs(c5) <= 1.0 + 1e-6) {
      const double a = std::acos(std::clamp(c5, -1.0, 1.0));
      out[n++] = a;
      out[n++] = -a;
    }
  }
  if (haveQ) {
    const double s5 = L2 / g.Q;
    if (std::abs(s5) <= 1.0 + 1e-6) {
      const double a = std::asin(std::clamp(s5, -1.0, 1.0));
      out[n++] = a;
      out[n++] = M_PI - a;
    }
  }
  return n;
}

// theta1 values: E2 alone (Q = 0), E1 alone (P = 0), else the quartic's real roots.
int theta1Candidates(Solver& s, const Geometry& g, double seed1, double out[4]) {
  const bool haveP = std::abs(g.P) > kStructureTol, haveQ = std::abs(g.Q) > kStructureTol * g.scale;
  if (!haveQ) return solveCosSin(g.A2, g.B2, -g.C2, seed1, out);
  if (!haveP) return solveCosSin(g.A1, g.B1, -g.C1, seed1, out);
  // h L1 and h L2 with h = 1 + t^2: (A + C) + 2 B t + (C - A) t^2.
  const double l1[3] = {g.A1 + g.C1, 2.0 * g.B1, g.C1 - g.A1};
  const double l2[3] = {g.A2 + g.C2, 2.0 * g.B2, g.C2 - g.A2};
  const double h[3] = {1.0, 0.0, 1.0};
  const double P2 = g.P * g.P, Q2 = g.Q * g.Q;
  double c[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i + j] += Q2 * l1[i] * l1[j] + P2 * l2[i] * l2[j] - P2 * Q2 * h[i] * h[j];
  double big = 0.0;
  for (double v : c) big = std::max(big, std::abs(v));
  if (!(big > 1e-14 * Q2)) {  // every theta1 satisfies both: a continuum, the seed's
    out[0] = seed1;
    return 1;
  }
  int deg = 4;
  while (deg > 0 && std::abs(c[deg]) <= 1e-9 * big) --deg;
  double t[kMaxPolynomialDegree];
  const int nt = deg == 0 ? 0 : realPolynomialRoots(c, deg, t);
  int n = 0;
  for (int k = 0; k < nt; ++k) out[n++] = 2.0 * std::atan(t[k]);
  if (deg < 4 && n < 4) out[n++] = M_PI;  // a root at t = infinity
  (void)s;
  return n;
}

struct Candidate {
  JointVector6 q;
  int configuration;
};

void solve(Solver& s) {
  const Model& m = s.model;
  Geometry g{};
  g.sa1 = m.sinAlpha(0);
  g.ca1 = m.cosAlpha(0);
  g.sa4 = m.sinAlpha(3);
  g.ca4 = m.cosAlpha(3);
  g.sa5 = m.sinAlpha(4);
  g.ca5 = m.cosAlpha(4);
  g.calpha2 = m.cosAlpha(1) > 0.0 ? 1.0 : -1.0;
  g.sigma = g.calpha2 * (m.cosAlpha(2) > 0.0 ? 1.0 : -1.0);
  g.scale = armScale(m);
  const double D = m.dh(1).d + g.calpha2 * m.dh(2).d + g.sigma * m.dh(3).d;
  g.P = -g.sigma * g.sa4 * g.sa5;
  g.Q = g.sigma * m.dh(4).a * g.sa4;

  const Eigen::Matrix4d T06 = s.pose * rigidInverse(m.tool());
  const Eigen::Matrix3d R06 = T06.topLeftCorner<3, 3>();
  const Eigen::Vector3d o6 = T06.topRightCorner<3, 1>();
  const double sa6 = m.sinAlpha(5), ca6 = m.cosAlpha(5);
  const Eigen::Vector3d k = R06 * Eigen::Vector3d(0.0, sa6, ca6);
  const Eigen::Vector3d o5 = o6 - m.dh(5).d * k - m.dh(5).a * R06.col(0);
  g.A1 = -g.sa1 * k.y();
  g.B1 = g.sa1 * k.x();
  g.C1 = g.ca1 * k.z() - g.sigma * g.ca4 * g.ca5;
  g.A2 = -g.sa1 * o5.y();
  g.B2 = g.sa1 * o5.x();
  g.C2 = g.ca1 * (o5.z() - m.dh(0).d) - g.sigma * m.dh(4).d * g.ca4 - D;

  double theta1[4];
  const int n1 = theta1Candidates(s, g, dhFromJoint(m, 0, s.seed(0)), theta1);
  if (n1 == 0) {
    s.fail(std::abs(g.Q) > kStructureTol * g.scale && std::abs(g.P) > kStructureTol
               ? std::string("no joint 1 angle places the wrist: the target is out of reach")
               : std::abs(g.Q) <= kStructureTol * g.scale
                     ? format("too close: the wrist point is %.4f m from the axis of joint 1, inside the arm's "
                              "lateral offset %.4f m",
                              std::hypot(o5.x(), o5.y()), std::abs(-g.C2 / std::max(std::abs(g.sa1), 1e-300)))
                     : std::string("the tool axis cannot take this direction"));
    return;
  }
  const bool named = std::abs(g.Q) <= kStructureTol * g.scale;
  const double a2 = m.dh(1).a, a3 = m.dh(2).a, a4 = m.dh(3).a;
  const double beta = m.dh(1).alpha + m.dh(2).alpha + m.dh(3).alpha;
  const Eigen::Matrix3d Rb = Eigen::AngleAxisd(beta, Eigen::Vector3d::UnitX()).toRotationMatrix();
  const Eigen::Matrix3d Ra5 = Eigen::AngleAxisd(m.dh(4).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  const Eigen::Matrix3d Ra6T = Eigen::AngleAxisd(-m.dh(5).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  const Eigen::Matrix3d Ra1 = Eigen::AngleAxisd(m.dh(0).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();

  std::array<Candidate, ClosedFormSet::kCapacity> found;
  int nFound = 0;
  double theta1Of[ClosedFormSet::kCapacity];
  bool planarMissed = false;
  for (int i1 = 0; i1 < n1; ++i1) {
    const double t1 = theta1[i1], c1 = std::cos(t1), s1 = std::sin(t1);
    double theta5[4];
    const int n5 = theta5Candidates(g, c1, s1, theta5);
    const Eigen::Matrix3d R01 = Eigen::AngleAxisd(t1, Eigen::Vector3d::UnitZ()).toRotationMatrix() * Ra1;
    const Eigen::Vector3d o1(m.dh(0).a * c1, m.dh(0).a * s1, m.dh(0).d);
    const Eigen::Matrix3d G = R01.transpose() * R06 * Ra6T;
    for (int i5 = 0; i5 < n5; ++i5) {
      const double t5 = theta5[i5];
      const Eigen::Matrix3d Rz5 = Eigen::AngleAxisd(t5, Eigen::Vector3d::UnitZ()).toRotationMatrix();
      const Eigen::Matrix3d H = Rb * Rz5 * Ra5;
      const double h1 = H(2, 0), h2 = H(2, 1), g1 = G(2, 0), g2 = G(2, 1);
      double t6;
      if (std::hypot(h1, h2) < 1e-9) t6 = dhFromJoint(m, 5, s.seed(5));  // joint 6 parallel to z1: a continuum
      else t6 = std::atan2(g1 * h2 - g2 * h1, g1 * h1 + g2 * h2);
      const Eigen::Matrix3d Rz6T = Eigen::AngleAxisd(-t6, Eigen::Vector3d::UnitZ()).toRotationMatrix();
      const Eigen::Matrix3d Mphi = G * Rz6T * H.transpose();
      const double phi = std::atan2(Mphi(1, 0), Mphi(0, 0));
      const Eigen::Matrix3d R04 = R01 * Eigen::AngleAxisd(phi, Eigen::Vector3d::UnitZ()).toRotationMatrix() * Rb;
      const Eigen::Vector3d x5 = R04 * Rz5.col(0), z4 = R04.col(2);
      const Eigen::Vector3d o4 = o5 - m.dh(4).a * x5 - m.dh(4).d * z4;
      const Eigen::Vector3d p = R01.transpose() * (o4 - o1);
      const double X = p.x() - a4 * std::cos(phi), Y = p.y() - a4 * std::sin(phi);
      double cg = (X * X + Y * Y - a2 * a2 - a3 * a3) / (2.0 * a2 * a3);
      if (std::abs(cg) > 1.0 + 1e-9) {
        planarMissed = true;
        continue;
      }
      cg = std::clamp(cg, -1.0, 1.0);
      const double gamma = std::acos(cg);
      int upIndex = -1;  // which of the two elbows is "up"
      Candidate pair[2];
      for (int e = 0; e < 2; ++e) {
        const double gm = e == 0 ? gamma : -gamma;
        const double t2 = std::atan2(Y, X) - std::atan2(a3 * std::sin(gm), a2 + a3 * std::cos(gm));
        const double psi = t2 + gm;
        const double dh[6] = {t1, t2, g.calpha2 * gm, g.sigma * (phi - psi), t5, t6};
        for (int j = 0; j < 6; ++j) pair[e].q(j) = jointFromDh(m, j, dh[j]);
        if (upIndex < 0) {
          // Joint 3's axis against the line from joint 2's axis to joint 4's, in base z.
          const Eigen::Vector3d o2 = o1 + R01 * Eigen::Vector3d(a2 * std::cos(t2), a2 * std::sin(t2), m.dh(1).d);
          const Eigen::Vector3d o3 = o1 + R01 * Eigen::Vector3d(a2 * std::cos(t2) + a3 * std::cos(psi),
                                                                a2 * std::sin(t2) + a3 * std::sin(psi), m.dh(1).d);
          const Eigen::Vector3d chord = o4 - o2;
          const Eigen::Vector3d off = (o3 - o2) - (o3 - o2).dot(chord) / std::max(chord.squaredNorm(), 1e-300) * chord;
          if (std::abs(off.z()) > 1e-9 * g.scale) upIndex = off.z() > 0.0 ? e : 1 - e;
          else upIndex = gm >= 0.0 ? e : 1 - e;
        }
      }
      for (int e = 0; e < (gamma < 1e-12 ? 1 : 2); ++e) {
        Candidate c = pair[e];
        if (!(refineSixJoints(m, T06, c.q) < 1e-10)) continue;
        for (int j = 0; j < 6; ++j) c.q(j) = wrapJointValue(m, j, c.q(j));
        bool duplicate = false;
        for (int f = 0; f < nFound && !duplicate; ++f) duplicate = sameJointValues(m, found[f].q, c.q);
        if (duplicate || nFound == ClosedFormSet::kCapacity) continue;
        const bool up = e == upIndex;
        const double theta1Refined = dhFromJoint(m, 0, c.q(0)), theta5Refined = dhFromJoint(m, 4, c.q(4));
        if (named) {
          const Eigen::Vector3d x1(std::cos(theta1Refined), std::sin(theta1Refined), 0.0);
          const bool front = (o5 - o1).dot(x1) >= 0.0;
          const int arm = (front ? 0 : 2) + (up ? 0 : 1);
          c.configuration = 2 * arm + (std::sin(theta5Refined) >= 0.0 ? 0 : 1);
        } else {
          c.configuration = up ? 0 : 1;  // the branch number is set once all are known
        }
        theta1Of[nFound] = wrapToPi(theta1Refined) * 64.0 + wrapToPi(theta5Refined);  // sort key
        found[nFound++] = c;
      }
    }
  }
  if (nFound == 0) {
    s.fail(planarMissed ? "out of reach: joints 2 to 4 cannot bring the wrist to the target (too far or too close)"
                        : "no configuration rebuilds the pose");
    return;
  }
  // Order: by configuration name (named), or by (theta1, theta5) pair then elbow (numbered).
  int order[ClosedFormSet::kCapacity];
  for (int i = 0; i < nFound; ++i) order[i] = i;
  if (named) {
    std::sort(order, order + nFound, [&](int a, int b) { return found[a].configuration < found[b].configuration; });
  } else {
    std::sort(order, order + nFound, [&](int a, int b) {
      if (std::abs(theta1Of[a] - theta1Of[b]) > 1e-6) return theta1Of[a] < theta1Of[b];
      return found[a].configuration < found[b].configuration;
    });
  }
  int branch = -1;
  double lastKey = 0.0;
  for (int i = 0; i < nFound; ++i) {
    Candidate& c = found[order[i]];
    if (!named) {
      const double key = theta1Of[order[i]];
      if (branch < 0 || std::abs(key - lastKey) > 1e-6) ++branch;
      lastKey = key;
      c.configuration = 8 + 2 * std::min(branch, 3) + c.configuration;
    }
    s.add(c.q, c.configuration);
  }
}

}  // namespace

// Numbered branches in the general case: the default is the solution nearest the seed.
extern const IkFamily kThreeParallelFamily = {"three_parallel", {"ur"}, &configurations, &misfit, &solve, true, false};

}  // namespace armdyn::ik
