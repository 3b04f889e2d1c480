// "general_6r": any six-revolute arm the other families do not take (no spherical wrist, no
// three parallel axes): every real solution, up to sixteen, by Raghavan & Roth's elimination
// (ASME J. Mech. Des. 115, 1993; Manocha & Canny's 12 x 12 matrix polynomial, IEEE TRA 10,
// 1994), its determinant solved as a trigonometric polynomial of degree 8.
//
// Derivation. Split the chain at frame 2: A3 A4 A5 = A2^-1 A1^-1 T06 A6^-1, and take of frame 5
// what joint 6 does not move: its origin p and its z axis l, both in frame 2. On the left they
// depend on joints 3-5, on the right on joints 1-2 and the target (o5 and z5 in frame 0, as
// ik_family_three_parallel.cpp finds them). Pieper & Roth's fourteen quantities p, l, p.p, p.l,
// p x l, (p.p) l - 2 (p.l) p are, on each side, combinations of the nine products
//   m(a, b) = [sa sb, sa cb, ca sb, ca cb, sa, ca, sb, cb, 1]
// of one pair of angles: P(theta3) m(theta4, theta5) = Q m(theta1, theta2), with P linear in
// (cos, sin) of theta3 and Q fixed by the target. Neither P nor Q is derived by hand here: both
// are read off the chain by evaluating the fourteen quantities on a 3 x 3 grid of each angle
// pair ({0, pi/2, pi} from a shift), where the nine products are independent (the monomial
// matrix is invertible), at three values of theta3 (cos, sin and constant parts). P depends on
// the arm alone: it is read off once per arm (and thread) and kept with a copy of the DH values.
// (The tests check the result: det G below vanishes at the generating configuration, every
// solution against an exhaustive search.)
// Elimination: the six left null vectors N of Q's first eight columns remove joints 1 and 2:
//   N (P(theta3) m(theta4, theta5) - Q_9) = 0, six equations.
// (When those columns have rank below 8 within 1e-5, as for arms whose joints 1, 2 leave some
// products out, the null space is larger and six fixed generic combinations of it are used:
// every solution satisfies them.)
// With x = tan(half angle) for theta4 and theta5 (each shifted by a fixed generic angle, so that
// no solution sits at infinity) and the equations multiplied by (1 + x^2) for each, they are
// biquadratic in x4, x5: a 6 x 9 matrix A on [x4^i x5^j], linear in (cos w, sin w) with
// w = theta3 minus its shift. The six equations times x4 give six more on twelve monomials:
//   G(w) = G0 + cos w G1 + sin w G2, 12 x 12, singular at every solution's w.
// det G(w) is a trigonometric polynomial in w of degree at most 12, and in fact 8: with
// x3 = tan(w/2), (1 + x3^2)^12 det G is Raghavan & Roth's polynomial of degree 24, which carries
// the factor (1 + x3^2)^4 (the four conjugate pairs +-i of the half-angle substitution), leaving
// degree 16 = 2 x 8 (the test checks that the coefficients of degree 9-12 vanish). Its 17
// coefficients come from det G at 17 equally spaced w (a discrete Fourier transform, exact and
// perfectly conditioned; each determinant one LU that uses G's two copies of a 6 x 9 block,
// shifted_pair_lu.h), its real roots from trigPolynomialRoots (trig_polynomial.h: rigorous
// bounds per grid cell, so close pairs are kept).
// A nearly singular G (two pivots below 1e-4 at a generic w: nearly special arms, the Reach Bravo
// 7 as imported) makes det G a product with nearly vanishing factors whose roots need not be the
// solutions': such arms are solved as the 24 x 24 generalised eigenproblem of the quadratic form
// of G in tan(w/2) instead (pencilRoots), whose eigenvectors separate the nearly null directions.
// That path allocates when its leading matrix is ill-conditioned (Eigen's QZ evaluates products
// into heap temporaries; the standard eigensolver, taken otherwise, does not): solving is then
// not allocation-free, the one exception to ik_family.h's rule (the Reach Bravo 7 as imported
// takes it; general arms never do).
// At each root the kernel of G(w), by inverse iteration, holds [x4^i x5^j], which gives theta4
// and theta5 (a repeated root, or one the polynomial nearly touches, whose kernel is wider: from
// the whole kernel, kernelAngles). Joints 1 and 2 then place frame 5 on the target's: joint 6's
// axis gives theta2 (two values) and theta1, the origin picks one (the eight products from Q's
// first columns by least squares where that is degenerate); joint 6 follows from the
// orientation. A candidate already on the pose to 1e-12 is kept as it is; the others are refined
// by Newton on the full pose (refineSixJoints) and kept when they reach it to 1e-10; beside a
// nearly singular solution Newton is restarted along the nearly null direction (close pairs
// near a fold). At most sixteen, numbered "branch1".."branch16" in the order of (q1, ..., q6).
// An arm whose G(w) is singular for every w (axes 1 and 2 intersecting, for one) is solved as
// its reversed chain (reversed_chain.h), joint 6 first, when that one's is not (Route below).
// Refused by the structure check (then solved numerically): arms with fewer than six
// independent motions, and arms whose G(w) is singular for every w from both ends (the six
// equations dependent, e.g. joints 4-6 parallel).

#include "kinematics/ik_family_general_6r.h"

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/reversed_chain.h"
#include "kinematics/scalar_equations.h"
#include "kinematics/shifted_pair_lu.h"
#include "kinematics/trig_polynomial.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <complex>
#include <optional>
#include <utility>

namespace armdyn::ik {

namespace {

using Vec9 = Eigen::Matrix<double, 9, 1>;
using Vec14 = Eigen::Matrix<double, 14, 1>;
using Mat14x9 = Eigen::Matrix<double, 14, 9>;
using Mat6x9 = Eigen::Matrix<double, 6, 9>;
using Mat12 = Eigen::Matrix<double, 12, 12>;

constexpr int kMaxSolutions = kGeneral6rMaxSolutions;
// Generic shifts of the eliminated angles (rad): no solution at tan = infinity.
constexpr double kShift3 = kGeneral6rShift3, kShift4 = 0.3183, kShift5 = -0.5772;
// det G(w): its degree (8: 16 solutions at most).
constexpr int kDetDegree = 8;
// A local extremum of det G within this fraction of its largest value of zero is tried as a
// double root (a close pair rounding made complex).
constexpr double kNearDoubleRoot = 1e-3;
// A solution whose Jacobian has sigma_min / sigma_max below this is near a fold: Newton is
// restarted beside it (a close pair the elimination may have merged).
constexpr double kFoldRatio = 3e-3;

const std::vector<std::string>& configurations() { return general6rBranchNames(); }

// Pieper and Roth's fourteen quantities of a point p and a unit direction l.
Vec14 invariants(const Eigen::Vector3d& p, const Eigen::Vector3d& l) {
  Vec14 r;
  const double pp = p.dot(p), pl = p.dot(l);
  r << p, l, pp, pl, p.cross(l), pp * l - 2.0 * pl * p;
  return r;
}

// [su sv, su cv, cu sv, cu cv, su, cu, sv, cv, 1].
Vec9 products(double u, double v) {
  const double su = std::sin(u), cu = std::cos(u), sv = std::sin(v), cv = std::cos(v);
  Vec9 m;
  m << su * sv, su * cv, cu * sv, cu * cv, su, cu, sv, cv, 1.0;
  return m;
}

// The grid {0, pi/2, pi}^2 (point g: (g / 3, g % 3) quarter turns, as readOff walks it) and the
// inverse of its product matrix (column g: products at grid point g), built once.
struct Grid {
  Eigen::Matrix<double, 9, 9> inverse;
  Grid() {
    Eigen::Matrix<double, 9, 9> m;
    for (int g = 0; g < 9; ++g) m.col(g) = products((g / 3) * M_PI / 2, (g % 3) * M_PI / 2);
    inverse = m.inverse();
  }
};

const Grid& grid() {
  static const Grid g;
  return g;
}

// The products times (1 + x4^2)(1 + x5^2) in the monomials x4^i x5^j (index 3 i + j): per angle,
// s -> 2x, c -> 1 - x^2, 1 -> 1 + x^2.
const Eigen::Matrix<double, 9, 9>& halfAngleMap() {
  static const Eigen::Matrix<double, 9, 9> K = [] {
    const double h[3][3] = {{0, 2, 0}, {1, 0, -1}, {1, 0, 1}};  // s, c, 1 in (1, x, x^2)
    const int a[9] = {0, 0, 1, 1, 0, 1, 2, 2, 2}, b[9] = {0, 1, 0, 1, 2, 2, 0, 1, 2};
    Eigen::Matrix<double, 9, 9> k = Eigen::Matrix<double, 9, 9>::Zero();
    for (int r = 0; r < 9; ++r)
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) k(r, 3 * i + j) = h[a[r]][i] * h[b[r]][j];
    return k;
  }();
  return K;
}

// ^{i-1}A_i at DH angle theta.
Eigen::Matrix4d link(const Model& m, int i, double theta) { return revoluteLink(m, i, std::cos(theta), std::sin(theta)); }

// T <- T * link(m, i, theta).
void appendLink(Eigen::Matrix4d& T, const Model& m, int i, double theta) {
  appendRevoluteLink(T, m, i, std::cos(theta), std::sin(theta));
}

// Frame 5's origin and z axis, as Pieper & Roth's quantities: T's origin and z axis (left side:
// T = T25 at theta3..5), or those of the target's frame 5 (o5, k in frame 0) seen from frame 2
// (right side: T = T02 at theta1, 2).
Vec14 leftSide(const Eigen::Matrix4d& T25) { return invariants(T25.block<3, 1>(0, 3), T25.block<3, 1>(0, 2)); }

Vec14 rightSide(const Eigen::Matrix4d& T02, const Eigen::Vector3d& o5, const Eigen::Vector3d& k) {
  const Eigen::Matrix3d R = T02.topLeftCorner<3, 3>().transpose();
  return invariants(R * (o5 - T02.block<3, 1>(0, 3)), R * k);
}

// P(theta3) = Pc cos w + Ps sin w + P1, w = theta3 - kShift3; Q. Read off the chain on the grid.
struct Elimination {
  Mat14x9 Pc, Ps, P1, Q;
};

// The left side of the elimination (P1, Pc, Ps: joints 3-5, the arm alone).
void readOffLeft(const Model& m, Elimination& e) {
  const Grid& g = grid();
  Eigen::Matrix4d A[3][3];  // links 3-5 at the grid's three angles
  for (int v = 0; v < 3; ++v) {
    const double step = v * M_PI / 2;
    A[0][v] = link(m, 2, kShift3 + step);
    A[1][v] = link(m, 3, kShift4 + step);
    A[2][v] = link(m, 4, kShift5 + step);
  }
  Eigen::Matrix4d T35[9];
  Mat14x9 values, at[3];
  // Grid point p: (u, v) = (p / 3, p % 3) quarter turns.
  for (int p = 0; p < 9; ++p) T35[p] = A[1][p / 3] * A[2][p % 3];
  for (int s = 0; s < 3; ++s) {
    for (int p = 0; p < 9; ++p) values.col(p) = leftSide(A[0][s] * T35[p]);
    at[s] = values.lazyProduct(g.inverse);
  }
  e.P1 = 0.5 * (at[0] + at[2]);
  e.Pc = 0.5 * (at[0] - at[2]);
  e.Ps = at[1] - e.P1;
}

// P depends on the arm only: read off once per arm and thread, kept with a copy of the DH values
// it was read from (not a reference to the model, which a user may edit), read again when they
// differ.
const Elimination& leftOf(const Model& m) {
  struct Cache {
    DhKey key;
    Elimination e;
  };
  thread_local Cache cache;
  if (!cache.key.matches(m)) {
    cache.key.valid = false;
    readOffLeft(m, cache.e);
    cache.key.remember(m);
  }
  return cache.e;
}

void readOff(const Model& m, const Eigen::Vector3d& o5, const Eigen::Vector3d& k, Elimination& e) {
  const Elimination& left = leftOf(m);
  e.P1 = left.P1, e.Pc = left.Pc, e.Ps = left.Ps;
  // The right side (Q: joints 1-2 against the target) on the grid of joints 1 and 2.
  Eigen::Matrix4d A[2][3];
  for (int v = 0; v < 3; ++v) {
    const double step = v * M_PI / 2;
    A[0][v] = link(m, 0, step);
    A[1][v] = link(m, 1, step);
  }
  Mat14x9 values;
  for (int p = 0; p < 9; ++p) values.col(p) = rightSide(A[0][p / 3] * A[1][p % 3], o5, k);
  e.Q = values.lazyProduct(grid().inverse);
}

// The distance between two angles of [-pi, pi) on the circle.
double turnDistance(double a, double b) {
  const double d = std::abs(a - b);  // a, b in [-pi, pi)
  return d > M_PI ? 2.0 * M_PI - d : d;
}

struct Raw {
  double theta[6];
  double residual;        // how far the candidate's frame 6 is from the target (m + rad, about)
  Eigen::Matrix4d frame;  // that frame 6 (DH frame 0)
};

constexpr int kMaxCandidates = kGeneral6rMaxCandidates;

// An angle u = 2 atan2(n, d) with its cosine and sine, these by the double-angle formulas
// (cos u = (d^2 - n^2) / (n^2 + d^2), sin u = 2 n d / (n^2 + d^2)) instead of a trigonometric call.
struct HalfAngle {
  double u = 0.0, c = 1.0, s = 0.0;
};

HalfAngle halfAngle(double n, double d) {
  const double q = n * n + d * d;
  if (!(q > 0.0)) return {};  // atan2(0, 0) = 0
  return {2.0 * std::atan2(n, d), (d * d - n * n) / q, 2.0 * n * d / q};
}

// The shifts' cosines and sines, and (cos, sin) of a shift plus an angle from those of each.
struct Turn {
  double c, s;
};
const Turn kTurn3{std::cos(kShift3), std::sin(kShift3)}, kTurn4{std::cos(kShift4), std::sin(kShift4)},
    kTurn5{std::cos(kShift5), std::sin(kShift5)};

void shifted(const Turn& t, double ca, double sa, double& c, double& s) {
  c = t.c * ca - t.s * sa;
  s = t.s * ca + t.c * sa;
}

// (u4, u5) = (theta4, theta5 minus their shifts) from a vector of the monomials x4^i x5^j (index
// 3 i + j, i = 0..3, j = 0..2): ratios next to its largest entry, as half angles.
void anglesFromMonomials(const Eigen::Matrix<double, 12, 1>& v, HalfAngle& u4, HalfAngle& u5) {
  Eigen::Index best = 0;
  v.cwiseAbs().maxCoeff(&best);
  const int i = static_cast<int>(best) / 3, j = static_cast<int>(best) % 3;
  const int i0 = std::min(i, 2), j0 = std::min(j, 1);
  u4 = halfAngle(v(3 * (i0 + 1) + j), v(3 * i0 + j));
  u5 = halfAngle(v(3 * i + j0 + 1), v(3 * i + j0));
}

// G(w) as its block: A(w) = sig[0] + cos w sig[1] + sin w sig[2] (G = [A 0; 0 A], shifted_pair_lu.h).
Mat6x9 blockAt(const Mat6x9 sig[3], double c, double s) { return sig[0] + c * sig[1] + s * sig[2]; }

// G = [A 0; 0 A] formed from its block (the rare paths that need it whole).
Mat12 formed(const Mat6x9& A) {
  Mat12 G = Mat12::Zero();
  G.block<6, 9>(0, 0) = A;
  G.block<6, 9>(6, 3) = A;
  return G;
}

// G(w), formed.
Mat12 pencilAt(const Mat6x9 sig[3], double w) { return formed(blockAt(sig, std::cos(w), std::sin(w))); }

// The (u4, u5) of every solution at a repeated root w: the kernel V of G(w) (k <= 4 columns)
// holds their monomial vectors; shifting i by one multiplies by x4, so (rows i = 1..3) V c =
// x4 (rows i = 0..2) V c: the eigenvalues of the k x k least-squares matrix are the x4, its
// eigenvectors c give the monomial vectors V c. Returns how many (0: use the eigenvector).
int kernelAngles(const Mat6x9 sig[3], double w, HalfAngle u4[4], HalfAngle u5[4]) {
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 4, 4>;
  const Mat12 Mx = pencilAt(sig, w);
  const Eigen::JacobiSVD<Mat12> svd(Mx, Eigen::ComputeFullV);
  const auto& sv = svd.singularValues();
  int k = 0;
  for (int i = 11; i >= 0 && sv(i) <= 1e-6 * sv(0); --i) ++k;
  if (k < 2) return 0;
  k = std::min(k, 4);
  const Eigen::Matrix<double, 12, Eigen::Dynamic, 0, 12, 4> V = svd.matrixV().rightCols(k);
  const Eigen::Matrix<double, 9, Eigen::Dynamic, 0, 9, 4> A = V.topRows<9>(), B = V.bottomRows<9>();
  const Small X = A.colPivHouseholderQr().solve(B);
  const Eigen::EigenSolver<Small> es(X, true);
  if (es.info() != Eigen::Success) return 0;
  int n = 0;
  for (int e = 0; e < k; ++e) {
    if (std::abs(es.eigenvalues()(e).imag()) > 1e-6 * (1.0 + std::abs(es.eigenvalues()(e).real()))) continue;
    Eigen::Matrix<std::complex<double>, Eigen::Dynamic, 1, 0, 4, 1> c = es.eigenvectors().col(e);
    Eigen::Index big = 0;
    c.cwiseAbs().maxCoeff(&big);
    c /= c(big);
    const Eigen::Matrix<double, 12, 1> v = V * c.real();
    anglesFromMonomials(v, u4[n], u5[n]);
    ++n;
  }
  return n;
}

// The direction G(w) nearly annihilates (w a root: its kernel), by inverse iteration: two solves
// with one LU from a fixed generic start, normalised. A pivot that is exactly zero (G(w)
// singular in floating point) is replaced by a relative 1e-14 (the kernel direction is what the
// solve amplifies either way). `wide`: the second smallest pivot is also below 1e-3 of the
// largest, so the kernel may have two or more dimensions (kernelAngles decides). False when the
// result is not finite.
bool kernelVector(const Mat6x9 sig[3], double cw, double sw, Eigen::Matrix<double, 12, 1>& v, bool& wide) {
  const Mat6x9 A = blockAt(sig, cw, sw);
  ShiftedPairLu lu;
  lu.compute(A, 1e-14 * std::max(1e-300, A.cwiseAbs().maxCoeff()));
  double pivots[12];
  lu.pivotMagnitudes(pivots);
  double largest = 0.0, least = 1e300, second = 1e300;
  for (const double p : pivots) {
    largest = std::max(largest, p);
    if (p < least) {
      second = least;
      least = p;
    } else {
      second = std::min(second, p);
    }
  }
  wide = second <= 1e-3 * largest;
  Eigen::Matrix<double, 12, 1> b;
  for (int i = 0; i < 12; ++i) b(i) = 1.0 + 0.1 * i * ((i % 2) ? -1.0 : 1.0);
  for (int it = 0; it < 2; ++it) {
    lu.solve(b);
    const double norm = b.norm();
    if (!(norm > 0.0) || !std::isfinite(norm)) return false;
    b /= norm;
  }
  v = b;
  return true;
}

// The elimination for one target: P, Q, the QR of Q's first eight columns (for the fallback of
// joints 1, 2), and G(w) = [A(w) 0; 0 A(w)] with A(w) = sig[0] + cos w sig[1] + sin w sig[2],
// w = theta3 - kShift3 (the six equations and the same times x4 on the twelve monomials),
// singular at every solution's w.
struct Pencil {
  Elimination e;
  Eigen::HouseholderQR<Eigen::Matrix<double, 14, 8>> qr;
  Mat6x9 sig[3];
  bool nearlySingular = false;  // solved as a generalised eigenproblem (pencilRoots)
};

// False when the elimination is degenerate at this target (Q vanishes, or G(w) is singular for
// every w).
bool buildPencil(const Model& m, const Eigen::Vector3d& o5, const Eigen::Vector3d& k, Pencil& pencil) {
  Elimination& e = pencil.e;
  readOff(m, o5, k, e);
  // N: the left null space of Q's first eight columns.
  const Eigen::Matrix<double, 14, 8> Q8 = e.Q.leftCols<8>();
  pencil.qr.compute(Q8);
  const auto& qr = pencil.qr;
  // Q's last six columns: Q = H0 H1 ... H7 applied to [0; I6], H7 first, each H = I - tau v v^T
  // with v = [1; the column's part below the diagonal of matrixQR] (fixed-size loops: Eigen's
  // applyOnTheLeft took dynamic-size blocks, four times as many instructions).
  Eigen::Matrix<double, 14, 6> Ulast = Eigen::Matrix<double, 14, 6>::Zero();
  Ulast.bottomRows<6>().setIdentity();
  {
    const Eigen::Matrix<double, 14, 8>& H = qr.matrixQR();
    for (int k = 7; k >= 0; --k) {
      const double tau = qr.hCoeffs()(k);
      for (int c = 0; c < 6; ++c) {
        double s = Ulast(k, c);
        for (int i = k + 1; i < 14; ++i) s += H(i, k) * Ulast(i, c);
        s *= tau;
        Ulast(k, c) -= s;
        for (int i = k + 1; i < 14; ++i) Ulast(i, c) -= s * H(i, k);
      }
    }
  }
  const Eigen::Matrix<double, 8, 8> Rq = qr.matrixQR().topRows<8>().triangularView<Eigen::Upper>();
  double rmax = 0.0, rmin = 1e300;
  for (int i = 0; i < 8; ++i) {
    rmax = std::max(rmax, std::abs(Rq(i, i)));
    rmin = std::min(rmin, std::abs(Rq(i, i)));
  }
  if (!(rmax > 0.0)) return false;
  // A nearly rank-deficient Q8 (a nearly special arm: axes 1, 2 within 1e-5 of parallel...) is
  // taken as rank-deficient: its smallest directions are rounding, and equations built on them
  // lose roots.
  constexpr double kRankTol = 1e-5;
  int rank = 0;
  for (int i = 0; i < 8; ++i) rank += std::abs(Rq(i, i)) > kRankTol * rmax ? 1 : 0;
  // Rank 8 (a general arm): the six null vectors. Less (an arm whose joints 1, 2 leave some
  // products out, as industrial arms do): 14 - rank > 6 equations, of which six fixed generic
  // combinations are taken (every solution satisfies them; refinement drops extra roots).
  Eigen::Matrix<double, 6, 14> N;
  if (rank == 8 && rmin > kRankTol * rmax) {
    N = Ulast.transpose();
  } else {
    Eigen::FullPivHouseholderQR<Eigen::Matrix<double, 14, 8>> full(Q8.rows(), Q8.cols());
    full.setThreshold(kRankTol);
    full.compute(Q8);
    const Eigen::Matrix<double, 14, 14> Uf = full.matrixQ();
    const int r = static_cast<int>(full.rank());
    N.setZero();
    for (int row = 0; row < 6; ++row)
      for (int c = r; c < 14; ++c) N.row(row) += std::sin(1.0 + 7.31 * row + 3.17 * c) * Uf.col(c).transpose();
  }
  Mat14x9 P1q = e.P1;
  P1q.col(8) -= e.Q.col(8);
  // (Small fixed-size products: coefficient-based, not the blocked kernel of large ones.)
  const Mat6x9 Sc = N.lazyProduct(e.Pc), Ss = N.lazyProduct(e.Ps), S1 = N.lazyProduct(P1q);
  const Eigen::Matrix<double, 9, 9>& K = halfAngleMap();
  Mat6x9* sig = pencil.sig;
  sig[0] = S1.lazyProduct(K), sig[1] = Sc.lazyProduct(K), sig[2] = Ss.lazyProduct(K);
  // The pencil must be regular: G(w) of full rank at a generic w (else every w "solves" it, as
  // for an arm whose joints 4-6 are parallel: the six equations are dependent).
  Eigen::FullPivLU<Mat12> lu(pencilAt(sig, 0.3719));
  lu.setThreshold(1e-10);
  // Nearly singular (two pivots of the complete-pivoting LU below 1e-4 of the largest: a nearly
  // special arm, such as the Reach Bravo 7 as its URDF places the axes): det G is then a product
  // with nearly vanishing factors that change with w, whose roots need not be the solutions'.
  const auto pivots = lu.matrixLU().diagonal().cwiseAbs();
  pencil.nearlySingular = pivots(10) < 1e-4 * pivots(0);
  return lu.rank() == 12;
}

// det G(w) as a trigonometric polynomial of the given degree, from its values at 2 degree + 1
// equally spaced w (exact when det G has at most that degree).
TrigPolynomial determinantOf(const Mat6x9 sig[3], int degree) {
  const int count = 2 * degree + 1;
  double samples[2 * kMaxTrigDegree + 1];
  ShiftedPairLu lu;
  const double c1 = std::cos(2.0 * M_PI / count), s1 = std::sin(2.0 * M_PI / count);
  double c = 1.0, sn = 0.0;
  for (int k = 0; k < count; ++k) {
    lu.compute(blockAt(sig, c, sn), 0.0);
    samples[k] = lu.determinant();
    const double cn = c * c1 - sn * s1;  // the next sample's angle by rotation
    sn = sn * c1 + c * s1;
    c = cn;
  }
  return TrigPolynomial::fromSamples(samples, count, degree);
}

// The roots of a nearly singular pencil (Pencil::nearlySingular), as the generalised
// eigenproblem of its quadratic form: with x = tan(w / 2), (1 + x^2) G(w) = M(x) = M0 + x M1 +
// x^2 M2 (M0 = G0 + G1, M1 = 2 G2, M2 = G0 - G1), linearised as A z = x B z, z = [v; x v],
// A = [0 I; -M0 -M1], B = [I 0; 0 M2] (24 x 24: 16 finite roots and the four pairs +-i, or
// eigenvalues at infinity where the degree drops, skipped). Each root's eigenvector z = [v; x v]
// holds its monomial vector v = [x4^i x5^j]: the eigenproblem separates the regular part of the
// pencil from its nearly null directions, which the kernel of G(w) at the root mixes. Real roots, and nearly
// real ones (a close pair of real roots can come out as a complex pair with a small imaginary
// part: its members start from re + im and re - im). ws: the roots as w; vs: their vectors.
bool pencilRoots(const Mat6x9 sig[3], double ws[24], Eigen::Matrix<double, 12, 1> vs[24], int& n) {
  using Mat24 = Eigen::Matrix<double, 24, 24>;
  using Vec24 = Eigen::Matrix<double, 24, 1>;
  n = 0;
  const Mat12 G[3] = {formed(sig[0]), formed(sig[1]), formed(sig[2])};
  const Mat12 M0 = G[0] + G[1], M1 = 2.0 * G[2], M2 = G[0] - G[1];
  Mat24 A = Mat24::Zero(), B = Mat24::Zero();
  A.block<12, 12>(0, 12).setIdentity();
  A.block<12, 12>(12, 0) = -M0;
  A.block<12, 12>(12, 12) = -M1;
  B.block<12, 12>(0, 0).setIdentity();
  B.block<12, 12>(12, 12) = M2;
  // The eigenvalues: of B^-1 A when M2 is well enough conditioned (Eigen's standard solver does
  // not allocate), else of the generalised problem (Eigen's QZ allocates; its infinite eigenvalues
  // skipped). Each kept root's eigenvector by inverse iteration on the pencil: (A - x B) z =
  // B z_old, two steps from a fixed generic start (A - x B is singular along the eigenvector; the
  // pencil's nearly null directions are some 1e-8 of it, far above the eigenvector's rounding
  // level: two steps separate them).
  std::complex<double> values[24];
  const Eigen::PartialPivLU<Mat12> lu2(M2);
  if (lu2.rcond() > 1e-6) {
    Mat24 C = Mat24::Zero();
    C.block<12, 12>(0, 12).setIdentity();
    C.block<12, 12>(12, 0) = -lu2.solve(M0);
    C.block<12, 12>(12, 12) = -lu2.solve(M1);
    const Eigen::EigenSolver<Mat24> es(C, false);
    if (es.info() != Eigen::Success) return false;
    for (int r = 0; r < 24; ++r) values[r] = es.eigenvalues()(r);
  } else {
    const Eigen::GeneralizedEigenSolver<Mat24> ges(A, B, false);
    if (ges.info() != Eigen::Success) return false;
    const double scale = std::max(1.0, M2.cwiseAbs().maxCoeff());
    for (int r = 0; r < 24; ++r) {
      const double beta = ges.betas()(r);
      values[r] = std::abs(beta) > 1e-10 * scale ? ges.alphas()(r) / beta : std::complex<double>(0.0, 1e300);
    }
  }
  for (int r = 0; r < 24; ++r) {
    const std::complex<double> lambda = values[r];
    if (std::abs(lambda.imag()) > 0.05 * (1.0 + std::abs(lambda.real()))) continue;
    const double x3 = std::abs(lambda.imag()) > 1e-9 * (1.0 + std::abs(lambda.real())) ? lambda.real() + lambda.imag()
                                                                                         : lambda.real();
    Mat24 P = A - x3 * B;
    Eigen::PartialPivLU<Mat24> lu(P);
    if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > 0.0)) {
      P.diagonal().array() += 1e-14 * std::max(1.0, P.cwiseAbs().maxCoeff());  // exactly singular
      lu.compute(P);
    }
    Vec24 z;
    for (int i = 0; i < 24; ++i) z(i) = 1.0 + 0.1 * i * ((i % 2) ? -1.0 : 1.0);
    bool finite = true;
    for (int it = 0; it < 2 && finite; ++it) {
      z = lu.solve(B * z);
      const double norm = z.norm();
      finite = norm > 0.0 && std::isfinite(norm);
      if (finite) z /= norm;
    }
    if (!finite) continue;
    ws[n] = 2.0 * std::atan(x3);
    vs[n] = std::abs(x3) <= 1.0 ? Eigen::Matrix<double, 12, 1>(z.head<12>()) : Eigen::Matrix<double, 12, 1>(z.tail<12>() / x3);
    ++n;
  }
  return true;
}

// The target's frame-5 origin o5 and joint-6 axis k (frame 0).
void frameFive(const Model& m, const Eigen::Matrix4d& T06, Eigen::Vector3d& o5, Eigen::Vector3d& k) {
  const Eigen::Matrix3d R06 = T06.topLeftCorner<3, 3>();
  k = R06 * Eigen::Vector3d(0.0, m.sinAlpha(5), m.cosAlpha(5));
  o5 = T06.block<3, 1>(0, 3) - m.dh(5).d * k - m.dh(5).a * R06.col(0);
}

// Candidates (DH angles) for the target; false when the elimination is degenerate here.
bool candidates(const Model& m, const Eigen::Matrix4d& T06, Raw out[kMaxCandidates], int& count) {
  count = 0;
  const Eigen::Matrix3d R06 = T06.topLeftCorner<3, 3>();
  Eigen::Vector3d o5, k;
  frameFive(m, T06, o5, k);
  Pencil pencil;
  if (!buildPencil(m, o5, k, pencil)) return false;
  const Elimination& e = pencil.e;
  const auto& qr = pencil.qr;
  // Each root w (its cosine and sine) and its monomial vector [x4^i x5^j].
  double xs[24], cws[24], sws[24];
  bool nearDouble[24] = {}, wide[24] = {};
  Eigen::Matrix<double, 12, 1> vs[24];
  int nx = 0;
  if (pencil.nearlySingular) {
    if (!pencilRoots(pencil.sig, xs, vs, nx)) return false;
    for (int r = 0; r < nx; ++r) cws[r] = std::cos(xs[r]), sws[r] = std::sin(xs[r]);
    // Every kernel there is nearly wider than one direction: a repeated root takes its angles
    // from the whole kernel (kernelAngles), as it did before the determinant.
    std::fill(wide, wide + nx, true);
  } else {
    // det G(w) has degree 8 (see the derivation above): its real roots are the solutions' w, and
    // the kernel of G(w) there (by inverse iteration) the monomial vector.
    const TrigPolynomial det = determinantOf(pencil.sig, kDetDegree);
    TrigRoot roots[2 * kDetDegree];
    const int nroots = trigPolynomialRoots(det, kNearDoubleRoot, roots, 2 * kDetDegree);
    for (int r = 0; r < nroots; ++r) {
      const double cw = std::cos(roots[r].w), sw = std::sin(roots[r].w);
      if (!kernelVector(pencil.sig, cw, sw, vs[nx], wide[nx])) continue;
      xs[nx] = roots[r].w;
      cws[nx] = cw;
      sws[nx] = sw;
      nearDouble[nx] = roots[r].nearDouble;
      ++nx;
    }
  }
  const double sa1 = m.sinAlpha(0), ca1 = m.cosAlpha(0);
  const Eigen::Matrix3d Rx1 = Eigen::AngleAxisd(m.dh(1).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  const Eigen::Matrix3d Rx5inverse = Eigen::AngleAxisd(-m.dh(5).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  for (const bool neighbourPass : {false, true}) {
  bool done[24] = {};
  for (int r = 0; r < nx; ++r) {
    if (done[r]) continue;
    done[r] = true;
    HalfAngle u4s[8], u5s[8];
    int nu = 0;
    bool cluster = false;
    for (int o = r + 1; o < nx; ++o)
      if (!done[o] && turnDistance(xs[o], xs[r]) <= 1e-6) {
        done[o] = true;
        cluster = true;
      }
    const double root = xs[r];
    // A repeated root (or one the polynomial nearly touches) may carry two solutions: the kernel
    // of G(w) tells, when its LU says it may be wider than one direction.
    cluster = (cluster || nearDouble[r]) && wide[r];
    if (!neighbourPass) {
      if (cluster) nu = kernelAngles(pencil.sig, root, u4s, u5s);
      if (nu == 0) {
        anglesFromMonomials(vs[r], u4s[0], u5s[0]);
        nu = 1;
      }
    }
    // Roots close together (a nearly special arm: two solutions 1e-3 apart) blur each other's
    // eigenvectors: each also tries its neighbours' angles (after every root's own, below, so the
    // candidate array never drops a root's own angles); refinement sorts them out.
    if (neighbourPass) {
      nu = 0;
      for (int o = 0; o < nx && nu < 8; ++o)
        if (o != r && turnDistance(xs[o], xs[r]) <= 1e-2) {
          anglesFromMonomials(vs[o], u4s[nu], u5s[nu]);
          ++nu;
        }
    }
    for (int iu = 0; iu < nu && count < kMaxCandidates; ++iu) {
    const HalfAngle& u4 = u4s[iu];
    const HalfAngle& u5 = u5s[iu];
    Raw& c = out[count];
    c.theta[2] = kShift3 + root;
    c.theta[3] = kShift4 + u4.u;
    c.theta[4] = kShift5 + u5.u;
    // Their cosines and sines from the root's and the half-angle formulas (no trigonometric call).
    double c3, s3, c4, s4, c5, s5;
    shifted(kTurn3, cws[r], sws[r], c3, s3);
    shifted(kTurn4, u4.c, u4.s, c4, s4);
    shifted(kTurn5, u5.c, u5.s, c5, s5);
    // Joints 1 and 2 place frame 5 (known in frame 2 now) on the target's: joint 6's axis first,
    // Rz(theta1) Rx(alpha1) Rz(theta2) w = k with w = Rx(alpha2) l: its z row gives theta2 (two
    // values). Then theta1 turns frame 5 at theta1 = 0 about z0 onto the target: the plane
    // rotation that best takes the x-y parts of its axis and origin onto k's and o5's (both
    // agree at a solution; the axis alone leaves theta1 free where k is along z0, as for every
    // pose of an arm's loop read from joint 2 when axes 1 and 2 are parallel, cyclic_chain.h; the
    // origin alone where frame 5 is on z0). Of the two, the candidate that places the origin and
    // axis best. Where that is degenerate (alpha1 = 0 or 180, w along z2): the eight products from
    // Q's first columns (least squares).
    Eigen::Matrix4d T25 = revoluteLink(m, 2, c3, s3);
    appendRevoluteLink(T25, m, 3, c4, s4);
    appendRevoluteLink(T25, m, 4, c5, s5);
    const Eigen::Vector3d w3 = Rx1 * Eigen::Vector3d(T25.block<3, 1>(0, 2));
    double t2s[2], c2s[2], s2s[2];
    const int n2 = std::abs(sa1) > 1e-9 && std::hypot(w3.x(), w3.y()) > 1e-9
                       ? solveCosSin(sa1 * w3.y(), sa1 * w3.x(), k.z() - ca1 * w3.z(), 0.0, t2s, c2s, s2s)
                       : 0;
    double bestErr = 1e300;
    Eigen::Matrix4d T05;
    for (int b = 0; b < n2; ++b) {
      const double c2 = c2s[b], s2 = s2s[b];
      Eigen::Matrix4d T01 = revoluteLink(m, 0, 1.0, 0.0);
      appendRevoluteLink(T01, m, 1, c2, s2);
      const Eigen::Matrix4d T0 = T01 * T25;  // frame 5 at theta1 = 0
      const Eigen::Vector3d v = T0.block<3, 1>(0, 2), u = T0.block<3, 1>(0, 3);
      const double dot = v.x() * k.x() + v.y() * k.y() + u.x() * o5.x() + u.y() * o5.y();
      const double cross = v.x() * k.y() - v.y() * k.x() + u.x() * o5.y() - u.y() * o5.x();
      const double h = std::hypot(dot, cross);
      if (!(h > 1e-12)) continue;
      const double c1 = dot / h, s1 = cross / h;
      Eigen::Matrix4d T = T0;
      T.row(0) = c1 * T0.row(0) - s1 * T0.row(1);
      T.row(1) = s1 * T0.row(0) + c1 * T0.row(1);
      const double err = (T.block<3, 1>(0, 3) - o5).norm() + (T.block<3, 1>(0, 2) - k).norm();
      if (err < bestErr) {
        bestErr = err;
        c.theta[0] = std::atan2(s1, c1);
        c.theta[1] = t2s[b];
        T05 = T;
      }
    }
    if (bestErr == 1e300) {
      const double w = c.theta[2] - kShift3;
      const Vec14 rhs = (e.Pc * std::cos(w) + e.Ps * std::sin(w) + e.P1) * products(u4.u, u5.u) - e.Q.col(8);
      const Eigen::Matrix<double, 8, 1> y = qr.solve(rhs);
      c.theta[0] = std::atan2(y(4), y(5));
      c.theta[1] = std::atan2(y(6), y(7));
      Eigen::Matrix4d T01 = link(m, 0, c.theta[0]);
      appendLink(T01, m, 1, c.theta[1]);
      T05 = T01 * T25;
    }
    // Joint 6 from the orientation: Rz(theta6) = R05^T R06 Rx(-alpha6); then how far the
    // candidate is from the target (position plus the rotation's Frobenius distance over sqrt 2,
    // the angle for small errors).
    const Eigen::Matrix3d Rz6 = T05.topLeftCorner<3, 3>().transpose() * R06 * Rx5inverse;
    c.theta[5] = std::atan2(Rz6(1, 0), Rz6(0, 0));
    const double r6 = std::sqrt(Rz6(0, 0) * Rz6(0, 0) + Rz6(1, 0) * Rz6(1, 0));  // entries of a rotation: no overflow
    Eigen::Matrix4d T06c = T05;
    if (r6 > 0.0) {
      appendRevoluteLink(T06c, m, 5, Rz6(0, 0) / r6, Rz6(1, 0) / r6);
    } else {
      appendRevoluteLink(T06c, m, 5, 1.0, 0.0);  // atan2(0, 0) = 0
    }
    c.residual = frameResidual(T06, T06c);
    c.frame = T06c;
    ++count;
    }
  }
  }
  return true;
}

// Generic joint values at which the structure check probes the arm.
JointVector6 probeJoints() {
  JointVector6 q;
  q << 0.31, -0.77, 1.13, 0.53, -1.37, 0.91;
  return q;
}

// The probe pose (DH frame 0): frame 6 at probeJoints().
Eigen::Matrix4d probePose(const Model& m) {
  const JointVector6 q = probeJoints();
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < 6; ++i) T = T * dhTransform(m, i, q(i));
  return T;
}

// The smallest singular value of the geometric Jacobian at the probe configuration over the
// largest: 0 for an arm with fewer than six independent motions anywhere (two coincident axes,
// ...), where the solutions are not isolated.
double probeRankRatio(const Model& m) {
  const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(sixJointJacobian(m, probeJoints()));
  return svd.singularValues()(5) / std::max(svd.singularValues()(0), 1e-300);
}

// The chain the elimination runs on: the arm itself, or its reversed chain (reversed_chain.h: joint
// 6 first) when the arm's own elimination is degenerate and the reversed one's is not. With axes 1
// and 2 intersecting, frame 5 seen from frame 2 keeps its distance to their common point whatever
// joints 1 and 2 do, and G(w) is singular for every w; reversed, those axes are 5 and 6, which the
// split after joint 2 takes like any others. Axes 1 and 2 nearly special (general6rPairSkew below
// kGeneral6rSkew) are taken as special: the elimination is then nearly degenerate and loses
// solutions (seen: every solution of some arms perturbed 1e-7..1e-5 from both ends special). An
// arm special at both ends is left to ik_family_cyclic_6r.cpp. Decided once per arm and thread at the probe pose and
// kept with a copy of the DH values (as leftOf), the reversed chain as a Model of its own (a copy,
// not a reference to the arm's).
struct Route {
  DhKey key;
  bool usable = false;   // the elimination works one way or the other
  bool reversed = false;
  std::optional<Model> reversedModel;
  Eigen::Matrix4d leadInverse = Eigen::Matrix4d::Identity();  // the reversed chain's lead, inverted
};

// The reversed chain's target for the arm's T06: lead^-1 T06^-1 (reversed_chain.h).
Eigen::Matrix4d reversedTarget(const Route& route, const Eigen::Matrix4d& T06) {
  return route.leadInverse * rigidInverse(T06);
}

const Route& routeOf(const Model& m) {
  thread_local Route cached;
  if (cached.key.matches(m)) return cached;
  // Decided into a local one and kept only when complete: a throw (an allocation) leaves no
  // half-made route under another arm's key.
  cached.key.valid = false;
  Route route;
  Raw raw[kMaxCandidates];
  int n = 0;
  route.usable = general6rPairSkew(m, 1) >= kGeneral6rSkew && candidates(m, probePose(m), raw, n);
  if (!route.usable && general6rPairSkew(m, 5) >= kGeneral6rSkew) {
    const ReversedChain chain = reversedChain(m);
    try {
      route.reversedModel.emplace(chain.spec);
    } catch (const ModelError&) {
      route.reversedModel.reset();  // (the arm's own links passed the same checks: not expected)
    }
    if (route.reversedModel) {
      route.leadInverse = rigidInverse(chain.lead);
      route.reversed = candidates(*route.reversedModel, reversedTarget(route, probePose(m)), raw, n);
      route.usable = route.reversed;
      if (!route.reversed) route.reversedModel.reset();
    }
  }
  route.key.remember(m);
  cached = std::move(route);
  return cached;
}

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
  if (probeRankRatio(m) < 1e-9) return "has fewer than six independent joint motions (e.g. two joints on one axis)";
  if (!routeOf(m).usable)
    return "has a degenerate elimination from either end (special axes the general 6R method cannot use)";
  return "";
}

// Candidates for the arm's T06 along its route: those of the reversed chain turned back into the
// arm's DH angles (theta_i = -theta'_{7-i}), their residuals measured on the arm.
bool routedCandidates(const Model& m, const Eigen::Matrix4d& T06, Raw out[kMaxCandidates], int& count) {
  const Route& route = routeOf(m);
  if (!route.reversed) return candidates(m, T06, out, count);
  if (!candidates(*route.reversedModel, reversedTarget(route, T06), out, count)) return false;
  for (int r = 0; r < count; ++r) {
    Raw& c = out[r];
    for (int i = 0; i < 3; ++i) std::swap(c.theta[i], c.theta[5 - i]);
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    for (int i = 0; i < 6; ++i) {
      c.theta[i] = -c.theta[i];
      appendLink(T, m, i, c.theta[i]);
    }
    c.residual = frameResidual(T06, T);
    c.frame = T;
  }
  return true;
}

// |J^-1|_F from J's partial-pivoting LU (P J = L U: |J^-1|_F = |U^-1 L^-1|_F, the row exchanges
// being a permutation), column by column with fixed-size loops (Eigen's inverse() of the LU runs
// its dynamic-size triangular solves: four times the instructions). Not finite for a zero pivot
// (infinity or NaN: either fails the caller's bound test, which then takes the eigenpairs of J^T J).
double inverseFrobeniusNorm(const Eigen::PartialPivLU<Eigen::Matrix<double, 6, 6>>& lu) {
  const Eigen::Matrix<double, 6, 6>& f = lu.matrixLU();
  double sum = 0.0;
  for (int k = 0; k < 6; ++k) {
    double y[6];
    for (int i = 0; i < 6; ++i) {  // L y = e_k (unit lower triangular)
      double v = i == k ? 1.0 : 0.0;
      for (int j = k; j < i; ++j) v -= f(i, j) * y[j];
      y[i] = i < k ? 0.0 : v;
    }
    for (int i = 5; i >= 0; --i) {  // U x = y, x over y
      double v = y[i];
      for (int j = i + 1; j < 6; ++j) v -= f(i, j) * y[j];
      y[i] = v / f(i, i);
      sum += y[i] * y[i];
    }
  }
  const double norm = std::sqrt(sum);
  // The same norm by Eigen's inverse (checked where assertions are on: CI's sanitized tree).
  assert(!std::isfinite(norm) || std::abs(norm - lu.inverse().norm()) <= 1e-6 * norm);
  return norm;
}

}  // namespace

int general6rPolish(const Model& m, const Eigen::Matrix4d& T06, const JointVector6* raw, const double* residual, int n,
                    JointVector6 found[kGeneral6rMaxSolutions], const Eigen::Matrix4d* frames,
                    std::optional<Eigen::Matrix4d>* foundFrames, const unsigned char* rawFromSeed,
                    unsigned char* foundFromSeed) {
  assert(!frames || residual);
  std::optional<Eigen::Matrix4d> frameOf[kMaxSolutions];  // found's frames 6 where known
  unsigned char fromSeedOf[kMaxSolutions] = {};            // found's free joints (RawSolution::fromSeed)
  int kept = 0;
  for (int r = 0; r < n && kept < kMaxSolutions; ++r) {
    JointVector6 q = raw[r];
    // Refined by Newton unless already on the pose to 1e-12 (closedFormSolutions polishes what
    // is further than that), to rounding level: near a fold a pose error of 1e-13 can leave the
    // joints further than kSameJointsTolerance from the solution (stopping Newton at 1e-13 was
    // tried: 27 repeats of solutions counted as new ones on the nearly industrial test arms).
    Eigen::Matrix4d frame;
    const bool onPose = residual && residual[r] <= 1e-12;
    if (!onPose && !(refineSixJoints(m, T06, q, 12, &frame) < 1e-10)) continue;
    for (int j = 0; j < 6; ++j) q(j) = wrapJointValue(m, j, q(j));
    const unsigned char free = rawFromSeed ? stillFree(m, rawFromSeed[r], raw[r], q, 6) : 0;
    bool repeat = false;
    for (int f = 0; f < kept && !repeat; ++f) repeat = sameJointValues(m, found[f], q);
    if (repeat) continue;
    if (!onPose) {
      frameOf[kept] = frame;
    } else if (frames) {
      frameOf[kept] = frames[r];
    }
    fromSeedOf[kept] = free;
    found[kept++] = q;
  }
  // Near a fold (a nearly special arm) solutions come in close pairs that the elimination's
  // rounding merges into one: beside each solution whose Jacobian is nearly singular, Newton is
  // started again a little way along the nearly null direction, both ways.
  const int firstPass = kept;
  for (int f = 0; f < firstPass && kept < kMaxSolutions; ++f) {
    // One of a continuum: its null direction is the continuum itself, along which Newton would
    // only find further members of it.
    if (fromSeedOf[f] != 0) continue;
    const Eigen::Matrix<double, 6, 6> J = sixJointJacobian(m, found[f]);
    // Cheap test first: sigma_min / sigma_max >= 1 / (|J|_F |J^-1|_F), at most sqrt(6) sqrt(6)
    // below the true ratio: when that bound clears the threshold, the eigenpairs are not needed.
    const Eigen::PartialPivLU<Eigen::Matrix<double, 6, 6>> lu(J);
    const double bound = 1.0 / (J.norm() * inverseFrobeniusNorm(lu));
    if (bound >= kFoldRatio) continue;
    // sigma_min^2 and sigma_max^2 and the nearly null direction as the extreme eigenpairs of
    // J^T J (half the instructions of a Jacobi SVD with V): its eigenvalues carry an absolute
    // error of about 1e-16 sigma_max^2, so the test sigma_min < 3e-3 sigma_max (9e-6 in the
    // squares) decides as the SVD's does except within 1e-11 of the threshold; the direction is
    // a place to restart Newton from, both ways, not a result.
    Eigen::Matrix<double, 6, 6> gram;
    gram.noalias() = J.transpose() * J;
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eig(gram);
    if (!(eig.eigenvalues()(0) < kFoldRatio * kFoldRatio * eig.eigenvalues()(5))) continue;
    const JointVector6 dir = eig.eigenvectors().col(0);
    for (const double step : {0.01, -0.01, 0.05, -0.05}) {
      JointVector6 q = found[f] + step * dir;
      Eigen::Matrix4d frame;
      if (!(refineSixJoints(m, T06, q, 20, &frame) < 1e-10)) continue;
      for (int j = 0; j < 6; ++j) q(j) = wrapJointValue(m, j, q(j));
      bool repeat = false;
      for (int g = 0; g < kept && !repeat; ++g) repeat = sameJointValues(m, found[g], q);
      if (!repeat && kept < kMaxSolutions) {
        frameOf[kept] = frame;
        found[kept++] = q;
      }
    }
  }
  int order[kMaxSolutions];
  for (int k = 0; k < kept; ++k) order[k] = k;
  std::sort(order, order + kept, [&](int a, int b) {
    return std::lexicographical_compare(found[a].data(), found[a].data() + 6, found[b].data(), found[b].data() + 6);
  });
  JointVector6 sorted[kMaxSolutions];
  for (int k = 0; k < kept; ++k) {
    sorted[k] = found[order[k]];
    if (foundFrames) foundFrames[k] = frameOf[order[k]];
    if (foundFromSeed) foundFromSeed[k] = fromSeedOf[order[k]];
  }
  std::copy(sorted, sorted + kept, found);
  return kept;
}

namespace {

// The elimination's candidates (DH angles) as joint values, with their residuals (and frames 6,
// if asked).
void toJointValues(const Model& m, const Raw* raw, int n, JointVector6* q, double* residual,
                   Eigen::Matrix4d* frames = nullptr) {
  for (int r = 0; r < n; ++r) {
    for (int j = 0; j < 6; ++j) q[r](j) = jointFromDh(m, j, raw[r].theta[j]);
    residual[r] = raw[r].residual;
    if (frames) frames[r] = raw[r].frame;
  }
}

}  // namespace

int general6rForwardCandidates(const Model& m, const Eigen::Matrix4d& T06, JointVector6* q, double* residual,
                               int capacity) {
  Raw raw[kMaxCandidates];
  int n = 0;
  if (!candidates(m, T06, raw, n)) return -1;
  n = std::min(n, capacity);
  toJointValues(m, raw, n, q, residual);
  return n;
}

namespace {

// Every solution of s.pose: the candidates along the arm's route (or, `forwardOnly`, of the arm
// itself, without deciding the route), refined and checked (general6rPolish).
void solveAlong(Solver& s, bool forwardOnly) {
  const Model& m = s.model;
  const Eigen::Matrix4d& T06 = s.flange;
  Raw raw[kMaxCandidates];
  int n = 0;
  if (!(forwardOnly ? candidates(m, T06, raw, n) : routedCandidates(m, T06, raw, n))) {
    s.fail("the general 6R elimination is degenerate at this pose");
    return;
  }
  JointVector6 q[kMaxCandidates];
  double residual[kMaxCandidates];
  Eigen::Matrix4d frames[kMaxCandidates];
  toJointValues(m, raw, n, q, residual, frames);
  JointVector6 found[kMaxSolutions];
  std::optional<Eigen::Matrix4d> foundFrames[kMaxSolutions];
  const int kept = general6rPolish(m, T06, q, residual, n, found, frames, foundFrames);
  if (kept == 0) {
    s.fail("no real solution: the pose is out of reach");
    return;
  }
  for (int k = 0; k < kept; ++k) s.addWithFrame6(found[k], k, foundFrames[k]);
}

void solve(Solver& s) { solveAlong(s, false); }

}  // namespace

const std::vector<std::string>& general6rBranchNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (int k = 1; k <= kMaxSolutions; ++k) all.push_back("branch" + std::to_string(k));
    return all;
  }();
  return names;
}

Eigen::Matrix<double, 6, 1> general6rProbeJoints() { return probeJoints(); }

Eigen::Matrix4d general6rProbePose(const Model& model) { return probePose(model); }

void general6rSolveForward(Solver& s) { solveAlong(s, true); }

namespace {
// |sin alpha_j| and |a_j| / size of the link between axes j and j + 1.
std::pair<double, double> pairMeasures(const Model& model, int j) {
  assert(model.dof() == 6 && j >= 1 && j <= 5);
  double size = 0.0;
  for (int i = 0; i < 6; ++i) size += std::abs(model.dh(i).a) + std::abs(model.dh(i).d);
  return {std::abs(model.sinAlpha(j - 1)), std::abs(model.dh(j - 1).a) / std::max(size, 1e-300)};
}
}  // namespace

double general6rPairSkew(const Model& model, int j) {
  const auto [angle, distance] = pairMeasures(model, j);
  return std::min(angle, distance);
}

double general6rPairCollinearity(const Model& model, int j) {
  const auto [angle, distance] = pairMeasures(model, j);
  return std::max(angle, distance);
}

int general6rNearlyCollinearPair(const Model& model) {
  for (int j = 1; j <= 5; ++j)
    if (general6rPairCollinearity(model, j) < kGeneral6rSkew) return j;
  return 0;
}

double general6rProbeRankRatio(const Model& model) { return probeRankRatio(model); }

bool general6rDeterminant(const Model& model, const Eigen::Matrix4d& T06, int degree, TrigPolynomial& det) {
  assert(model.dof() == 6 && degree >= 1 && degree <= kMaxTrigDegree);
  Eigen::Vector3d o5, k;
  frameFive(model, T06, o5, k);
  Pencil pencil;
  if (!buildPencil(model, o5, k, pencil)) return false;
  det = determinantOf(pencil.sig, degree);
  return true;
}

// Numbered branches: the default is the solution nearest the seed; when the elimination finds
// nothing, damped least squares before saying why.
extern const IkFamily kGeneral6rFamily = {"general_6r", {}, &configurations, &misfit, &solve, true, true};

}  // namespace armdyn::ik
