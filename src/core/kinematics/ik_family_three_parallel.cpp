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
// a2 (c2, s2) + a3 (cos psi, sin psi), psi = theta2 + c alpha2 theta3 (two elbows, by the
// triangle's factored sides: elbowTriangle), theta4 = sigma (phi - psi).
// Continua: theta1 free (a5 = 0 and the wrist point on joint 1's axis at the height D) is a range
// of theta1 for each wrist branch, not always holding the seed's: then that branch at its
// member nearest the seed's (nearestReachingTheta1, Solver::markNearestToSeed).
// Each candidate is refined by Newton steps on the full pose (refineSixJoints) and kept when it
// rebuilds the pose; near-special arms (a5 or alpha5 almost 0: two quartic roots 1e-7 apart,
// which rounding may merge) also try theta5 from the better-conditioned equation alone, and
// duplicates are dropped.
//
// Names. a5 = 0 (two theta1, +-theta5): "front"/"back" (the shoulder: wrist point o5 on the side
// of joint 2 the upper arm points to at theta2 = 0, along x1 sign(a2), or the other; UR's
// "shoulder left/right"), "elbow_up"/"elbow_down" (joint 3's axis above or below the line from
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
  double cb, sb;          // Rx(beta), beta = alpha2 + alpha3 + alpha4: sigma c alpha4, sigma s alpha4
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

// (cos, sin) of theta5 for one theta1: c5 = L1 / P and s5 = L2 / Q when both equations hold
// theta5 and agree (a unit vector); from the one that holds it (+-: two values) when the other
// does not; else (the near-special arms: a5 or alpha5 almost 0, the two values 1e-7 apart that
// rounding may merge) from each equation alone, `exact` false: those are refined.
// `gxy2`: the squared x-y part of G's third row, |(h1, h2)|^2 = sb^2 s5^2 + k^2, k = h2 =
// sb ca5 c5 + cb sa5 (below), an identity: |s5| = sqrt(gxy2 - k^2) / |sb|. Its rounding is about
// eps (|g| + |k ca5 sb|) / (sb^2 |s5|) (G's entries, and k through c5), against eps / |s5| for
// sqrt(1 - c5^2): taken where that is smaller, near the wrist's singularity (|g| small) with
// ca5 ~ 0 (the UR arms). sqrt(1 - c5^2) keeps only the square root of the rounding (q5 = 1e-9
// came out 0): on the UR arms a wrongly zero s5 claimed a continuum 1e-9 from one and dropped
// the flipped branches, and on a UR with alpha4 5e-10 from 90 deg (URDF rounding: k = 5e-10)
// left theta6 88 deg off, unflagged, 1.4e-8 from the pose.
struct Wrist5 {
  double c, s;
};

double sinFromCos(const Geometry& g, double c, double gxy2) {
  const double k = g.sb * g.ca5 * c + g.cb * g.sa5;
  if (std::sqrt(gxy2) + std::abs(k * g.ca5 * g.sb) <= 0.5 * g.sb * g.sb)
    return std::min(1.0, std::sqrt(std::max(0.0, gxy2 - k * k)) / std::abs(g.sb));
  return std::sqrt(std::max(0.0, 1.0 - c * c));
}

// (Inlined by force here and below: solve and reachOvershoot both call them, and the compiler
// kept them out of line, some 30 more instructions per UR5 pose of 18 300.)
__attribute__((always_inline)) inline int theta5Candidates(const Geometry& g, double c1, double s1, double gxy2,
                                                           Wrist5 out[4], bool& exact) {
  const double L1 = g.A1 * c1 + g.B1 * s1 + g.C1, L2 = g.A2 * c1 + g.B2 * s1 + g.C2;
  const bool haveP = std::abs(g.P) > kStructureTol, haveQ = std::abs(g.Q) > kStructureTol * g.scale;
  exact = true;
  if (haveP && haveQ) {
    const double c5 = L1 / g.P, s5 = L2 / g.Q, n = std::hypot(c5, s5);
    if (std::abs(n - 1.0) < 1e-6) {
      out[0] = {c5 / n, s5 / n};
      return 1;
    }
    exact = false;
  }
  int n = 0;
  if (haveP) {
    const double c5 = L1 / g.P;
    if (std::abs(c5) <= 1.0 + 1e-9 || (!exact && std::abs(c5) <= 1.0 + 1e-6)) {
      const double c = std::clamp(c5, -1.0, 1.0), sn = sinFromCos(g, c, gxy2);
      out[n++] = {c, sn};
      if (sn > 0.0) out[n++] = {c, -sn};
    }
  }
  if (haveQ) {
    const double s5 = L2 / g.Q;
    if (std::abs(s5) <= 1.0 + 1e-9 || (!exact && std::abs(s5) <= 1.0 + 1e-6)) {
      const double sn = std::clamp(s5, -1.0, 1.0), c = std::sqrt(std::max(0.0, 1.0 - sn * sn));
      out[n++] = {c, sn};
      if (c > 0.0) out[n++] = {-c, sn};
    }
  }
  return n;
}

// theta1 values: E2 alone (Q = 0), E1 alone (P = 0), else the quartic's real roots. `free`:
// every theta1 solves them (a continuum), and out[0] is the seed's.
int theta1Candidates(Solver& s, const Geometry& g, double seed1, double out[4], bool& free) {
  const bool haveP = std::abs(g.P) > kStructureTol, haveQ = std::abs(g.Q) > kStructureTol * g.scale;
  free = false;
  if (!haveQ || !haveP) {
    const double A = haveQ ? g.A1 : g.A2, B = haveQ ? g.B1 : g.B2, C = haveQ ? g.C1 : g.C2;
    return solveCosSin(A, B, -C, seed1, out, free);
  }
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
    free = true;
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

Eigen::Matrix3d rotZ(double c, double s) {
  Eigen::Matrix3d R;
  R << c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0;
  return R;
}

Eigen::Matrix3d rotX(double c, double s) {
  Eigen::Matrix3d R;
  R << 1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c;
  return R;
}

// |(x, y)| without std::hypot's overflow care (a fifth of the solve time): the values here are
// lengths and cosines of an arm, far from overflow.
inline double norm2(double x, double y) { return std::sqrt(x * x + y * y); }

struct Candidate {
  JointVector6 q;
  int configuration;  // named: the index; numbered: 0 elbow up, 1 down (the branch is added last)
  double key;         // theta1, then theta5: the numbered order
  int pair;           // which (theta1, theta5) root pair it came from: i1 * 4 + i5
  bool refined;       // frame3 and wristCs describe the unrefined values: not passed on
  Eigen::Matrix4d frame3;
  std::array<double, 6> wristCs;
  unsigned char fromSeed;  // RawSolution::fromSeed
  bool moved;              // theta1 free, here the value nearest the seed's (Solver::markNearestToSeed)
};

// Joint 1's frame at one theta1: G = R01^T R06 Rx(-alpha6) and the wrist point o5 in frame 1.
struct Theta1Frame {
  Eigen::Matrix3d G;
  Eigen::Vector3d o51;
};

__attribute__((always_inline)) inline Theta1Frame theta1Frame(const Model& m, const Geometry& g,
                                                              const Eigen::Matrix3d& R06a, const Eigen::Vector3d& o5,
                                                              double c1, double s1) {
  const Eigen::Matrix3d R01 = rotZ(c1, s1) * rotX(g.ca1, g.sa1);
  const Eigen::Vector3d o1(m.dh(0).a * c1, m.dh(0).a * s1, m.dh(0).d);
  return {R01.transpose() * R06a, R01.transpose() * (o5 - o1)};
}

// At one theta1 (its frame f) and theta5: theta6, phi = theta2 + c alpha2 theta3 + sigma theta4,
// and the planar arm's target.
struct WristBranch {
  double c6, s6;      // theta6: the seed's when free6
  bool free6;         // joint 6 parallel to z1: a continuum
  double cphi, sphi;  // phi
  double X, Y;        // joint 4's axis less a4 along phi, in frame 1: what a2 and a3 must span
};

__attribute__((always_inline)) inline WristBranch wristBranch(const Solver& s, const Geometry& g, const Theta1Frame& f,
                                                              double c5, double s5) {
  const Model& m = s.model;
  const double cb = g.cb, sb = g.sb;
  WristBranch w;
  // H = Rb Rz(theta5) Rx(alpha5), Rb = Rx(beta) (cos cb, sin sb); of it only rows 0 and 2
  // are used: row 0 of Rz Rx, and sb (row 1) + cb (row 2) of it.
  const Eigen::Vector3d hRow0(c5, -s5 * g.ca5, s5 * g.sa5);
  // Third row of G = third row of H turned by theta6.
  const double h1 = sb * s5, h2 = sb * c5 * g.ca5 + cb * g.sa5, g1 = f.G(2, 0), g2 = f.G(2, 1);
  const double n6 = norm2(g1 * h1 + g2 * h2, g1 * h2 - g2 * h1);
  w.free6 = norm2(h1, h2) < 1e-12 || n6 < 1e-24;
  if (w.free6) {  // joint 6 parallel to z1: a continuum, the seed's
    seedCosSin(s, 5, w.c6, w.s6);
  } else {
    w.c6 = (g1 * h1 + g2 * h2) / n6;
    w.s6 = (g1 * h2 - g2 * h1) / n6;
  }
  // Rz(phi) = G Rz(-theta6) H^T: its first column.
  const Eigen::Vector3d col =
      f.G * Eigen::Vector3d(w.c6 * hRow0.x() + w.s6 * hRow0.y(), w.c6 * hRow0.y() - w.s6 * hRow0.x(), hRow0.z());
  const double nphi = norm2(col.x(), col.y());
  w.cphi = col.x() / nphi, w.sphi = col.y() / nphi;
  // Joint 4's origin in frame 1: o5 less a5 along x5 and d5 along z4, both R01^T R04 =
  // Rz(phi) Rb applied to (c5, s5, 0) and to z.
  const auto turn = [&](double x, double y, double z) {
    return Eigen::Vector3d(w.cphi * x - w.sphi * y, w.sphi * x + w.cphi * y, z);
  };
  const Eigen::Vector3d p = f.o51 - m.dh(4).a * turn(c5, cb * s5, sb * s5) - m.dh(4).d * turn(0.0, -sb, cb);
  w.X = p.x() - m.dh(3).a * w.cphi, w.Y = p.y() - m.dh(3).a * w.sphi;
  return w;
}

constexpr double kReachSlack = 1e-9;  // an elbow cosine overshoot accepted as rounding (full stretch)

// How far the arm is from reaching at theta1 = t: the least overshoot of the planar arm's elbow
// cosine over theta5's values (<= kReachSlack: it reaches; <= 0: it reaches without rounding's
// help), or 1 + the overshoot of E1's cosine when no theta5 solves E1. `flip`: only the theta5
// values with s5 >= 0 (0) or s5 < 0 (1), as the names' noflip and flip; -1 all.
double reachOvershoot(const Solver& s, const Geometry& g, const Eigen::Matrix3d& R06a, const Eigen::Vector3d& o5,
                      double t, int flip) {
  const double c1 = std::cos(t), s1 = std::sin(t);
  const Theta1Frame f = theta1Frame(s.model, g, R06a, o5, c1, s1);
  Wrist5 w5[4];
  bool exact = true;
  const int n5 = theta5Candidates(g, c1, s1, f.G(2, 0) * f.G(2, 0) + f.G(2, 1) * f.G(2, 1), w5, exact);
  if (n5 == 0)
    return 1.0 + (std::abs(g.P) > kStructureTol ? std::abs((g.A1 * c1 + g.B1 * s1 + g.C1) / g.P) - 1.0 : 1.0);
  const double U2 = std::abs(s.model.dh(1).a), U3 = std::abs(s.model.dh(2).a);
  double least = 1e300;
  for (int i5 = 0; i5 < n5; ++i5) {
    if (flip >= 0 && (w5[i5].s < 0.0) != (flip == 1)) continue;
    const WristBranch w = wristBranch(s, g, f, w5[i5].c, w5[i5].s);
    const ElbowTriangle tri = elbowTriangle(U2, U3, norm2(w.X, w.Y));
    least = std::min(least, std::max(-tri.far, -tri.near) / (2.0 * U2 * U3));
  }
  return least;
}

// theta1 free (every theta1 solves E1 and E2: with a5 = 0, the wrist point on joint 1's axis at
// the height D), but the seed's leaves the planar arm short or E1 without a theta5 (for the wrist
// branch `flip`, as reachOvershoot): that branch's continuum is a range of theta1 without the
// seed's (the Unitree Z1 exactly at a fold of its arm). Its member nearest the seed's `seed1`:
// samples a quarter degree apart on both sides, the first that reaches without rounding's help
// (overshoot <= 0) bisected against its neighbour toward the seed on each side where it does,
// the nearer edge kept; no sample in the range (narrower than a quarter degree), the least
// overshoot by golden section about the best sample, if within kReachSlack, then bisected to
// the range's edge toward the seed. False: none reaches, the seed's does (nothing to move to),
// or the seed is not finite. Out of line: a cold path, kept out of solve's registers.
__attribute__((noinline)) bool nearestReachingTheta1(const Solver& s, const Geometry& g, const Eigen::Matrix3d& R06a,
                                                     const Eigen::Vector3d& o5, double seed1, int flip, double& out) {
  if (!std::isfinite(seed1)) return false;  // a seed not finite: no nearest
  const auto overshoot = [&](double t) { return reachOvershoot(s, g, R06a, o5, t, flip); };
  // `outside` does not reach, `inside` reaches without slack: the edge between them, to adjacent
  // doubles (at most some 60 halvings of a quarter degree; capped all the same).
  const auto edge = [&](double outside, double inside) {
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (outside + inside);
      if (mid == outside || mid == inside) break;
      (overshoot(mid) <= 0.0 ? inside : outside) = mid;
    }
    return inside;
  };
  constexpr int kSamples = 720;  // each side: the whole turn
  const double step = M_PI / kSamples;
  double best = seed1, bestOver = overshoot(seed1);
  if (bestOver <= kReachSlack) return false;
  bool found = false;
  double nearest = 0.0, distance = 1e300;
  for (int k = 1; k <= kSamples && !found; ++k)
    for (const double side : {1.0, -1.0}) {
      const double t = seed1 + side * k * step, o = overshoot(t);
      if (o < bestOver) bestOver = o, best = t;
      if (!(o <= 0.0)) continue;  // (NaN: not reached)
      const double e = edge(seed1 + side * (k - 1) * step, t);
      if (std::abs(e - seed1) < distance) distance = std::abs(e - seed1), nearest = e;
      found = true;
    }
  if (!found) {
    const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
    double a = best - step, b = best + step, x1 = b - golden * (b - a), x2 = a + golden * (b - a);
    double f1 = overshoot(x1), f2 = overshoot(x2);
    for (int it = 0; it < 100 && x1 < x2; ++it) {
      if (f1 < f2) b = x2, x2 = x1, f2 = f1, x1 = b - golden * (b - a), f1 = overshoot(x1);
      else a = x1, x1 = x2, f1 = f2, x2 = a + golden * (b - a), f2 = overshoot(x2);
    }
    const double x = f1 < f2 ? x1 : x2, fx = std::min(f1, f2);
    found = fx <= kReachSlack;
    // A range between two samples: its edge toward the seed (the bracket's end nearer the seed
    // is a sample that does not reach); a touching point (0 < overshoot <= slack) as it is.
    const double seedSide = std::abs(best - step - seed1) < std::abs(best + step - seed1) ? best - step : best + step;
    nearest = fx <= 0.0 ? edge(seedSide, x) : x;
  }
  out = nearest;  // not wrapped: solve evaluates it as found (closedFormSolutions wraps the joints)
  return found;
}

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
  g.cb = g.sigma * g.ca4;
  g.sb = g.sigma * g.sa4;
  g.P = -g.sigma * g.sa4 * g.sa5;
  g.Q = g.sigma * m.dh(4).a * g.sa4;

  const Eigen::Matrix4d& T06 = s.flange;
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
  bool free1 = false;
  const int n1 = theta1Candidates(s, g, dhFromJoint(m, 0, s.seed(0)), theta1, free1);
  const bool haveQ = std::abs(g.Q) > kStructureTol * g.scale;
  if (n1 == 0) {
    s.fail(haveQ && std::abs(g.P) > kStructureTol
               ? std::string("no joint 1 angle places the wrist: the target is out of reach")
               : !haveQ ? format("too close: the wrist point is %.4f m from the axis of joint 1, inside the arm's "
                                 "lateral offset %.4f m",
                                 std::hypot(o5.x(), o5.y()), std::abs(g.C2 / g.sa1))
                        : std::string("the tool axis cannot take this direction"));
    return;
  }
  const bool named = !haveQ;
  const double a2 = m.dh(1).a, a3 = m.dh(2).a;
  const Eigen::Matrix3d R06a = R06 * rotX(ca6, -sa6);  // G = R01^T R06 Rx(-alpha6)

  std::array<Candidate, ClosedFormSet::kCapacity> found;
  int nFound = 0;
  // Why a (theta1, theta5) pair left the planar arm without a solution: joint 4's axis beyond
  // |a2| + |a3| from joint 2's (the nearest such distance), or within ||a2| - |a3|| (the farthest).
  bool tooFar = false, tooClose = false;
  double nearest = 1e300, farthest = 0.0;
  // A candidate no kept one repeats to 1e-6 rad: a nearly special arm's quartic has nearly
  // double roots, and a refined candidate can land on a solution already kept; both would
  // otherwise be kept (closedFormSolutions merges only to 1e-9) under one name. Compared with
  // found[0, kept); `wrap`: wrap the refined values in place first.
  const auto isNew = [&](JointVector6& q, double key, bool wrap, int kept) {
    if (wrap)
      for (int j = 0; j < 6; ++j) q(j) = wrapJointValue(m, j, q(j));
    for (int f = 0; f < kept; ++f) {
      if (std::abs(found[f].key - key) > 1e-4) continue;  // another (theta1, theta5): distinct
      double d = 0.0;
      for (int j = 0; j < 6; ++j) {
        const double x = found[f].q(j) - q(j);  // both wrapped: within (-4 pi, 4 pi)
        d = std::max(d, std::abs(std::abs(x) <= M_PI ? x : wrapToPi(x)));
      }
      if (d < 1e-6) return false;
    }
    return true;
  };
  double cos1[4], sin1[4];
  for (int i1 = 0; i1 < n1; ++i1) cos1[i1] = std::cos(theta1[i1]), sin1[i1] = std::sin(theta1[i1]);
  // Front: the wrist point on the side the upper arm points to at theta2 = 0 (x1 sign(a2);
  // a2 < 0 on the UR arms); of two theta1 roots the more so is "front", the other "back".
  const auto frontness = [&](int i) {
    return (o5 - Eigen::Vector3d(m.dh(0).a * cos1[i], m.dh(0).a * sin1[i], m.dh(0).d))
               .dot(Eigen::Vector3d(cos1[i], sin1[i], 0.0)) * a2;
  };
  const double U2 = std::abs(a2), U3 = std::abs(a3);
  // Passes 1 and 2: theta1 free (a continuum) but a wrist branch (named: noflip in pass 1, flip in
  // pass 2; numbered: any, when nothing was found) missing at the seed's theta1: that branch
  // again at its range's member nearest the seed's (nearestReachingTheta1), its q1 then not the
  // seed's (Candidate::moved).
  const double seed1 = theta1[0];
  int keepFlip = -1;  // only the wrist branch searched for (-1: all)
  bool moved = false;
  for (int pass = 0; pass < 3; ++pass) {
    if (pass > 0) {
      if (!free1 || (!named && (pass == 2 || nFound > 0))) break;
      keepFlip = named ? pass - 1 : -1;
      bool have = false;
      for (int f = 0; f < nFound && named; ++f) have = have || (found[f].configuration & 1) == keepFlip;
      double t;
      if (have || !nearestReachingTheta1(s, g, R06a, o5, seed1, keepFlip, t)) continue;
      assert(n1 == 1);  // theta1Candidates: a continuum is one theta1, the seed's
      theta1[0] = t, cos1[0] = std::cos(t), sin1[0] = std::sin(t);
      moved = true;
    }
    for (int i1 = 0; i1 < n1; ++i1) {
      const double t1 = theta1[i1], c1 = cos1[i1], s1 = sin1[i1];
      const Theta1Frame f = theta1Frame(m, g, R06a, o5, c1, s1);
      Wrist5 w5[4];
      bool exact = true;
      const int n5 = theta5Candidates(g, c1, s1, f.G(2, 0) * f.G(2, 0) + f.G(2, 1) * f.G(2, 1), w5, exact);
      const Eigen::Matrix4d A1 = revoluteLink(m, 0, c1, s1);
      const bool front = n1 == 2 ? (i1 == 0 ? frontness(0) >= frontness(1) : frontness(1) > frontness(0))
                                 : frontness(i1) >= 0.0;
      // The wrist's two values of theta5 are usually (c5, +-s5), and then theta6 differs by a half
      // turn, (c6, s6) by a sign (the UR arms: the flipped wrist): their angles from the first
      // pair's, without atan2 again.
      bool havePrev = false;
      double prevC5 = 0.0, prevS5 = 0.0, prevC6 = 0.0, prevS6 = 0.0, prevT5 = 0.0, prevT6 = 0.0;
      for (int i5 = 0; i5 < n5; ++i5) {
        const double c5 = w5[i5].c, s5 = w5[i5].s;
        if (keepFlip >= 0 && (s5 < 0.0) != (keepFlip == 1)) continue;
        const WristBranch w = wristBranch(s, g, f, c5, s5);
        const double c6 = w.c6, s6 = w.s6, cphi = w.cphi, sphi = w.sphi, X = w.X, Y = w.Y;
        const bool free6 = w.free6;
        // The planar arm's elbow by the triangle's factored sides (elbowTriangle, as solveRrr):
        // cg = cos theta3 = sign(a2 a3) cc. The textbook (X^2 + Y^2 - a2^2 - a3^2) / (2 a2 a3)
        // rounded sin to 0 at 1e-8 rad from the UR's stretched fold and dropped the second elbow.
        const double r = norm2(X, Y);
        const ElbowTriangle tri = elbowTriangle(U2, U3, r);
        if (tri.tooFar(U2, U3, kReachSlack) || tri.tooClose(U2, U3, kReachSlack)) {
          const bool far = tri.far < tri.near;
          (far ? tooFar : tooClose) = true;
          nearest = far ? std::min(nearest, r) : nearest;
          farthest = far ? farthest : std::max(farthest, r);
          continue;
        }
        const double cg = (a2 * a3 > 0.0 ? 1.0 : -1.0) * tri.cc, sg = tri.sinAbs;
        const double t5 = havePrev && c5 == prevC5 && s5 == -prevS5 ? -prevT5 : std::atan2(s5, c5);
        const double t6 = havePrev && c6 == -prevC6 && s6 == -prevS6 ? wrapToPi(prevT6 + M_PI) : std::atan2(s6, c6);
        havePrev = true;
        prevC5 = c5, prevS5 = s5, prevC6 = c6, prevS6 = s6, prevT5 = t5, prevT6 = t6;
        const double gamma = std::atan2(sg, cg);
        const double phi = std::atan2(sphi, cphi);  // theta2 + c alpha2 theta3 + sigma theta4 (below)
        int upSign = 0;  // +1: the elbow with sin(gamma) >= 0 is "up"
        for (const double e : {1.0, -1.0}) {
          if (e < 0.0 && sg < 1e-12) break;  // a straight elbow: one solution
          const double sgm = e * sg;
          const double vx = (a2 > 0.0 ? 1.0 : -1.0) * tri.along, vy = a3 * sgm;  // a2 + a3 cg
          const double nr = norm2(X, Y) * norm2(vx, vy);
          double c2, s2;
          const bool free2 = nr < 1e-24 * g.scale * g.scale;
          if (free2) {  // the wrist on joint 2's axis: a continuum, the seed's
            seedCosSin(s, 1, c2, s2);
          } else {
            c2 = (X * vx + Y * vy) / nr;
            s2 = (Y * vx - X * vy) / nr;
          }
          const double cpsi = c2 * cg - s2 * sgm, spsi = s2 * cg + c2 * sgm;
          const double c3 = cg, s3 = g.calpha2 * sgm;
          const double c4 = cphi * cpsi + sphi * spsi, s4 = g.sigma * (sphi * cpsi - cphi * spsi);
          if (upSign == 0) {
            // The elbow (joint 3's axis, in the plane) against the chord from joint 2's axis to
            // joint 4's, in base z; the mirror elbow is the other.
            const double ex = a2 * c2, ey = a2 * s2, r2 = X * X + Y * Y;
            const double along = (ex * X + ey * Y) / std::max(r2, 1e-300);
            // R01 row 3 = (0, s alpha1, c alpha1)
            const double offZ = g.sa1 * (ey - along * Y) + 0.0 * (ex - along * X);
            upSign = std::abs(offZ) > 1e-9 * g.scale ? (offZ > 0.0 ? 1 : -1) * (e > 0.0 ? 1 : -1) : 1;
          }
          const bool up = (e > 0.0) == (upSign > 0);
          if (nFound == ClosedFormSet::kCapacity) break;  // exact: at most 4 x 2 x 2; kept for the refined
          Candidate& c = found[nFound];
          // theta4 = sigma (phi - psi), psi = theta2 + e gamma (its cosine and sine are cpsi, spsi):
          // one atan2 per (theta1, theta5) pair instead of one per candidate.
          const double t2 = std::atan2(s2, c2);
          const double dh[6] = {t1, t2, g.calpha2 * e * gamma, wrapToPi(g.sigma * wrapToPi(phi - t2 - e * gamma)),
                                t5, t6};
          for (int j = 0; j < 6; ++j) c.q(j) = jointFromDh(m, j, dh[j]);
          c.key = wrapToPi(dh[0]) * 64.0 + wrapToPi(dh[4]);
          c.pair = i1 * 4 + i5;
          c.configuration = named ? 2 * ((front ? 0 : 2) + (up ? 0 : 1)) + (s5 >= 0.0 ? 0 : 1) : (up ? 0 : 1);
          c.refined = !exact;
          c.fromSeed = static_cast<unsigned char>((free1 ? 1 : 0) | (free2 ? 2 : 0) | (free6 ? 32 : 0));
          c.moved = moved;
          if (exact) {  // closedFormSolutions drops repeats (singular targets)
            c.frame3 = A1;  // A1 A2 A3 by column operations (a 4 x 4 product costs twice as much)
            appendRevoluteLink(c.frame3, m, 1, c2, s2);
            appendRevoluteLink(c.frame3, m, 2, c3, s3);
            c.wristCs = {c4, c5, c6, s4, s5, s6};
            if (isNew(c.q, c.key, false, nFound)) ++nFound;
          } else if (const JointVector6 before = c.q; refineSixJoints(m, T06, c.q) < 1e-10) {
            c.fromSeed = stillFree(m, c.fromSeed, before, c.q, 6);
            // The pair (theta1, theta5) of the refined values, not of the starting guess.
            c.key = wrapToPi(dhFromJoint(m, 0, c.q(0))) * 64.0 + wrapToPi(dhFromJoint(m, 4, c.q(4)));
            if (isNew(c.q, c.key, true, nFound)) ++nFound;
          }
        }
      }
    }
  }
  // Nearly multiple roots (a nearly special arm): two root pairs within 1e-3 rad of each other
  // carry the digits of a double root, about the square root of the rounding, and Newton takes
  // both onto the same solution. Such candidates are refined here and merged to 1e-6 rad before
  // any is named, so that each name goes to a distinct solution (closedFormSolutions would
  // otherwise polish them together after they were named).
  {
    bool close[ClosedFormSet::kCapacity] = {};
    bool any = false;
    for (int a = 0; a < nFound; ++a)
      for (int b = a + 1; b < nFound; ++b) {
        if (found[a].pair == found[b].pair) continue;
        const double d1 = std::abs(wrapToPi(found[a].q(0) - found[b].q(0)));
        const double d5 = std::abs(wrapToPi(found[a].q(4) - found[b].q(4)));
        if (d1 < 1e-3 && d5 < 1e-3) close[a] = close[b] = any = true;
      }
    if (any) {
      int kept = 0;
      for (int a = 0; a < nFound; ++a) {
        Candidate c = found[a];
        if (close[a] && !c.refined) {
          JointVector6 q = c.q;
          if (refineSixJoints(m, T06, q) < 1e-10) {
            c.fromSeed = stillFree(m, c.fromSeed, c.q, q, 6);
            c.q = q;
            c.refined = true;
            c.key = wrapToPi(dhFromJoint(m, 0, c.q(0))) * 64.0 + wrapToPi(dhFromJoint(m, 4, c.q(4)));
          }
        }
        if (isNew(c.q, c.key, c.refined, kept)) found[kept++] = c;
      }
      nFound = kept;
    }
  }
  if (nFound == 0) {
    const double reach = std::abs(a2) + std::abs(a3), inner = std::abs(std::abs(a2) - std::abs(a3));
    if (tooFar && !tooClose)
      s.fail(format("too far: joint 4's axis would be %.4f m from joint 2's, beyond the arm's reach |a2| + |a3| = %.4f m",
                    nearest, reach));
    else if (tooClose && !tooFar)
      s.fail(format("too close: joint 4's axis would be %.4f m from joint 2's, inside ||a2| - |a3|| = %.4f m",
                    farthest, inner));
    else if (tooFar)
      s.fail(format("out of reach: for every shoulder and wrist configuration joint 4's axis would be beyond the "
                    "reach %.4f m or inside %.4f m of joint 2's",
                    reach, inner));
    else
      s.fail("no configuration rebuilds the pose");
    return;
  }
  // Order: by configuration name (named), or by (theta1, theta5) pair then elbow (numbered):
  // the pairs grouped first (keys within 1e-6 are one pair), then sorted on (group, elbow).
  int order[ClosedFormSet::kCapacity], group[ClosedFormSet::kCapacity];
  for (int i = 0; i < nFound; ++i) order[i] = i;
  std::sort(order, order + nFound, [&](int a, int b) { return found[a].key < found[b].key; });
  for (int i = 0, g = -1; i < nFound; ++i) {
    if (i == 0 || found[order[i]].key - found[order[i - 1]].key > 1e-6) ++g;
    group[order[i]] = g;
  }
  std::sort(order, order + nFound, [&](int a, int b) {
    if (!named && group[a] != group[b]) return group[a] < group[b];
    return found[a].configuration < found[b].configuration;
  });
  // Every name once: a name already taken (a nearly special arm whose rounding splits a pair or
  // classes two roots alike) goes to the first free one of its set.
  bool used[16] = {};
  for (int i = 0; i < nFound; ++i) {
    Candidate& c = found[order[i]];
    if (!named) c.configuration = 8 + 2 * std::min(group[order[i]], 3) + c.configuration;
    if (used[c.configuration]) {
      const int lo = named ? 0 : 8;
      for (int k = lo; k < lo + 8; ++k)
        if (!used[k]) {
          c.configuration = k;
          break;
        }
    }
    used[c.configuration] = true;
    if (c.refined) s.add(c.q, c.configuration, std::nullopt, {}, c.fromSeed);
    else s.add(c.q, c.configuration, c.frame3, c.wristCs, c.fromSeed);
    if (c.moved) s.markNearestToSeed(1u);
  }
}

}  // namespace

// Numbered branches in the general case: the default is the solution nearest the seed.
extern const IkFamily kThreeParallelFamily = {"three_parallel", {"ur"}, &configurations, &misfit, &solve, true, false};

}  // namespace armdyn::ik
