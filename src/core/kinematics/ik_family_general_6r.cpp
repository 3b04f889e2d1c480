// "general_6r": any six-revolute arm the other families do not take (no spherical wrist, no
// three parallel axes): every real solution, up to sixteen, by Raghavan & Roth's elimination
// (ASME J. Mech. Des. 115, 1993; Manocha & Canny's 12 x 12 matrix polynomial, IEEE TRA 10,
// 1994) solved as an eigenproblem.
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
// matrix is invertible), at three values of theta3 (cos, sin and constant parts). The test
// checks the structure at random angles.
// Elimination: the six left null vectors N of Q's first eight columns remove joints 1 and 2:
//   N (P(theta3) m(theta4, theta5) - Q_9) = 0, six equations.
// (When those columns have rank below 8 within 1e-5, as for arms whose joints 1, 2 leave some
// products out, the null space is larger and six fixed generic combinations of it are used:
// every solution satisfies them.)
// With x = tan(half angle) for theta3, theta4, theta5 (each shifted by a fixed generic angle, so
// that no solution sits at infinity) and the equations multiplied by (1 + x^2) for each, they are
// quadratic in x3 and biquadratic in x4, x5: a 6 x 9 matrix on [x4^i x5^j]. The six equations
// times x4 give six more on twelve monomials: M(x3) = M0 + M1 x3 + M2 x3^2, 12 x 12, singular at
// every solution. Its linearisation A z = x3 B z, A = [0 I; -M0 -M1], B = [I 0; 0 M2] (24 x 24:
// the standard eigenproblem of B^-1 A when M2 is well conditioned, else the generalised one,
// eigenvalues at infinity skipped) has the x3 of the solutions among its eigenvalues (with four
// conjugate pairs +-i the half-angle substitution brings: degree 24 = 16 + 8); the eigenvector
// holds [x4^i x5^j], which gives theta4 and theta5 (a repeated root: from the kernel of M(x3)).
// Joints 1 and 2 then place frame 5 on the target's: joint 6's axis gives theta2 (two values)
// and theta1, the origin picks one (the eight products from Q's first columns by least squares
// where that is degenerate); joint 6 follows from the orientation. Each candidate is refined by
// Newton on the full pose (refineSixJoints) and kept when it reaches the pose to 1e-10; beside a
// nearly singular solution Newton is restarted along the nearly null direction (close pairs
// near a fold). At most sixteen, numbered "branch1".."branch16" in the order of (q1, ..., q6).
// Refused by the structure check (then solved numerically): arms with fewer than six
// independent motions, and arms whose pencil M(x) is singular (every x3 a root: the six
// equations dependent, e.g. joints 4-6 parallel).

#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/scalar_equations.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

namespace armdyn::ik {

namespace {

using Vec9 = Eigen::Matrix<double, 9, 1>;
using Vec14 = Eigen::Matrix<double, 14, 1>;
using Mat14x9 = Eigen::Matrix<double, 14, 9>;
using Mat6x9 = Eigen::Matrix<double, 6, 9>;
using Mat12 = Eigen::Matrix<double, 12, 12>;
using Mat24 = Eigen::Matrix<double, 24, 24>;

constexpr int kMaxSolutions = 16;
// Generic shifts of the eliminated angles (rad): no solution at tan = infinity.
constexpr double kShift3 = 0.7215, kShift4 = 0.3183, kShift5 = -0.5772;

const std::vector<std::string>& configurations() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (int k = 1; k <= kMaxSolutions; ++k) all.push_back("branch" + std::to_string(k));
    return all;
  }();
  return names;
}

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

// The grid {0, pi/2, pi}^2 and the inverse of its product matrix (column g: products at grid
// point g), built once.
struct Grid {
  double u[9], v[9];
  Eigen::Matrix<double, 9, 9> inverse;
  Grid() {
    Eigen::Matrix<double, 9, 9> m;
    for (int g = 0; g < 9; ++g) {
      u[g] = (g / 3) * M_PI / 2;
      v[g] = (g % 3) * M_PI / 2;
      m.col(g) = products(u[g], v[g]);
    }
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

// Left side: frame 5's origin and z axis in frame 2 at DH angles theta3..5.
Vec14 leftSide(const Model& m, double t3, double t4, double t5) {
  const Eigen::Matrix4d T = link(m, 2, t3) * link(m, 3, t4) * link(m, 4, t5);
  return invariants(T.block<3, 1>(0, 3), T.block<3, 1>(0, 2));
}

// Right side: the target's frame-5 origin o5 and axis k (frame 0) seen from frame 2 at theta1, 2.
Vec14 rightSide(const Model& m, const Eigen::Vector3d& o5, const Eigen::Vector3d& k, double t1, double t2) {
  const Eigen::Matrix4d T02 = link(m, 0, t1) * link(m, 1, t2);
  const Eigen::Matrix3d R = T02.topLeftCorner<3, 3>().transpose();
  return invariants(R * (o5 - T02.block<3, 1>(0, 3)), R * k);
}

// P(theta3) = Pc cos w + Ps sin w + P1, w = theta3 - kShift3; Q. Read off the chain on the grid.
struct Elimination {
  Mat14x9 Pc, Ps, P1, Q;
};

void readOff(const Model& m, const Eigen::Vector3d& o5, const Eigen::Vector3d& k, Elimination& e) {
  const Grid& g = grid();
  Mat14x9 values, at[3];
  for (int s = 0; s < 3; ++s) {
    const double t3 = kShift3 + s * M_PI / 2;
    for (int p = 0; p < 9; ++p) values.col(p) = leftSide(m, t3, kShift4 + g.u[p], kShift5 + g.v[p]);
    at[s] = values * g.inverse;
  }
  e.P1 = 0.5 * (at[0] + at[2]);
  e.Pc = 0.5 * (at[0] - at[2]);
  e.Ps = at[1] - e.P1;
  for (int p = 0; p < 9; ++p) values.col(p) = rightSide(m, o5, k, g.u[p], g.v[p]);
  e.Q = values * g.inverse;
}

struct Raw {
  double theta[6];
};

constexpr int kMaxCandidates = 64;

// (u4, u5) = (theta4, theta5 minus their shifts) from a vector of the monomials x4^i x5^j (index
// 3 i + j, i = 0..3, j = 0..2): ratios next to its largest entry, as half angles.
void anglesFromMonomials(const Eigen::Matrix<double, 12, 1>& v, double& u4, double& u5) {
  Eigen::Index best = 0;
  v.cwiseAbs().maxCoeff(&best);
  const int i = static_cast<int>(best) / 3, j = static_cast<int>(best) % 3;
  const int i0 = std::min(i, 2), j0 = std::min(j, 1);
  u4 = 2.0 * std::atan2(v(3 * (i0 + 1) + j), v(3 * i0 + j));
  u5 = 2.0 * std::atan2(v(3 * i + j0 + 1), v(3 * i + j0));
}

// The (u4, u5) of every solution at a repeated root x3: the kernel V of M(x3) (k <= 4 columns)
// holds their monomial vectors; shifting i by one multiplies by x4, so (rows i = 1..3) V c =
// x4 (rows i = 0..2) V c: the eigenvalues of the k x k least-squares matrix are the x4, its
// eigenvectors c give the monomial vectors V c. Returns how many (0: use the eigenvector).
int kernelAngles(const Mat12 M[3], double x3, double u4[4], double u5[4]) {
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 4, 4>;
  const Mat12 Mx = M[0] + x3 * M[1] + x3 * x3 * M[2];
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

// The direction M(x3) = M0 + x3 M1 + x3^2 M2 nearly annihilates (x3 a root: its kernel), by
// inverse iteration: two solves with one LU from a fixed generic start, normalised. A pivot that
// is exactly zero (M(x3) singular in floating point) is moved by a relative 1e-14 (the kernel
// direction is what the solve amplifies either way). False when the result is not finite.
bool kernelVector(const Mat12 M[3], double x3, Eigen::Matrix<double, 12, 1>& v) {
  Mat12 Mx = M[0] + x3 * M[1] + x3 * x3 * M[2];
  Eigen::PartialPivLU<Mat12> lu(Mx);
  const double scale = std::max(1e-300, Mx.cwiseAbs().maxCoeff());
  if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > 0.0)) {
    Mx.diagonal().array() += 1e-14 * scale;
    lu.compute(Mx);
  }
  Eigen::Matrix<double, 12, 1> b;
  for (int i = 0; i < 12; ++i) b(i) = 1.0 + 0.1 * i * ((i % 2) ? -1.0 : 1.0);
  for (int it = 0; it < 2; ++it) {
    b = lu.solve(b);
    const double norm = b.norm();
    if (!(norm > 0.0) || !std::isfinite(norm)) return false;
    b /= norm;
  }
  v = b;
  return true;
}

// Candidates (DH angles) for the target; false when the elimination is degenerate here.
bool candidates(const Model& m, const Eigen::Matrix4d& T06, Raw out[kMaxCandidates], int& count) {
  count = 0;
  const Eigen::Matrix3d R06 = T06.topLeftCorner<3, 3>();
  const Eigen::Vector3d k = R06 * Eigen::Vector3d(0.0, m.sinAlpha(5), m.cosAlpha(5));
  const Eigen::Vector3d o5 = T06.block<3, 1>(0, 3) - m.dh(5).d * k - m.dh(5).a * R06.col(0);
  Elimination e;
  readOff(m, o5, k, e);
  // N: the left null space of Q's first eight columns.
  const Eigen::Matrix<double, 14, 8> Q8 = e.Q.leftCols<8>();
  const Eigen::HouseholderQR<Eigen::Matrix<double, 14, 8>> qr(Q8);
  const Eigen::Matrix<double, 14, 14> U = qr.householderQ();
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
    N = U.rightCols<6>().transpose();
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
  const Mat6x9 Sc = N * e.Pc, Ss = N * e.Ps, S1 = N * P1q;
  const Eigen::Matrix<double, 9, 9>& K = halfAngleMap();
  const Mat6x9 sig[3] = {(Sc + S1) * K, 2.0 * Ss * K, (S1 - Sc) * K};  // x3^0, x3^1, x3^2
  Mat12 M[3];
  for (int d = 0; d < 3; ++d) {
    M[d].setZero();
    M[d].block<6, 9>(0, 0) = sig[d];
    M[d].block<6, 9>(6, 3) = sig[d];
  }
  // The pencil must be regular: M(x) of full rank at a generic x (else every x3 "solves" it, as
  // for an arm whose joints 4-6 are parallel: the six equations are dependent).
  {
    const Mat12 generic = M[0] + 0.3719 * M[1] + 0.3719 * 0.3719 * M[2];
    Eigen::FullPivLU<Mat12> lu(generic);
    lu.setThreshold(1e-10);
    if (lu.rank() < 12) return false;
  }
  // M(x) v = 0 linearised: A z = x B z, z = [v; x v], A = [0 I; -M0 -M1], B = [I 0; 0 M2]. With
  // M2 well conditioned, the standard eigenproblem of B^-1 A; else (the arm's polynomial has a
  // lower degree: eigenvalues at infinity) the generalised one, infinite ones skipped.
  Eigen::Matrix<std::complex<double>, 24, 1> values;
  Eigen::Matrix<std::complex<double>, 24, 24> vectors;
  bool haveVectors = true;
  const Eigen::PartialPivLU<Mat12> lu2(M[2]);
  if (lu2.rcond() > 1e-10) {
    Mat24 C = Mat24::Zero();
    C.block<12, 12>(0, 12).setIdentity();
    C.block<12, 12>(12, 0) = -lu2.solve(M[0]);
    C.block<12, 12>(12, 12) = -lu2.solve(M[1]);
    // Eigenvalues only (no Schur vectors: a third of the work): the monomial vector of each
    // root kept below is the kernel of M(x3), found by inverse iteration on the 12 x 12.
    const Eigen::EigenSolver<Mat24> es(C, false);
    if (es.info() != Eigen::Success) return false;
    values = es.eigenvalues();
    haveVectors = false;
  } else {
    Mat24 A = Mat24::Zero(), B = Mat24::Zero();
    A.block<12, 12>(0, 12).setIdentity();
    A.block<12, 12>(12, 0) = -M[0];
    A.block<12, 12>(12, 12) = -M[1];
    B.block<12, 12>(0, 0).setIdentity();
    B.block<12, 12>(12, 12) = M[2];
    const Eigen::GeneralizedEigenSolver<Mat24> ges(A, B, true);
    if (ges.info() != Eigen::Success) return false;
    const double scale = std::max(1.0, M[2].cwiseAbs().maxCoeff());
    int finite = 0;
    for (int r = 0; r < 24; ++r) {
      const double beta = ges.betas()(r);
      if (std::abs(beta) > 1e-10 * scale) {
        values(r) = ges.alphas()(r) / beta;
        ++finite;
      } else {
        values(r) = std::complex<double>(0.0, 1e300);  // at infinity: skipped below
      }
    }
    if (finite == 0) return false;  // the pencil is singular: no isolated solutions this way
    vectors = ges.eigenvectors();
  }
  // Real roots x3. A repeated one (two solutions sharing theta3, as when joints 4-6 are parallel)
  // has a kernel of M(x3) of dimension two or more, which an eigenvector does not resolve: its
  // (x4, x5) come from the kernel (kernelAngles), once per cluster.
  double xs[24];
  Eigen::Matrix<double, 12, 1> vs[24];
  int nx = 0;
  for (int r = 0; r < 24; ++r) {
    const std::complex<double> lambda = values(r);
    // Real roots, and nearly real ones: a nearly special arm's close pair of real roots can come
    // out as a complex pair with a small imaginary part (refinement keeps only true solutions).
    if (std::abs(lambda.imag()) > 0.05 * (1.0 + std::abs(lambda.real()))) continue;
    // A complex pair: its members start from re + im and re - im, where the two real roots it
    // stands for lie.
    const double x3 = std::abs(lambda.imag()) > 1e-9 * (1.0 + std::abs(lambda.real())) ? lambda.real() + lambda.imag()
                                                                                         : lambda.real();
    if (!haveVectors) {
      if (!kernelVector(M, x3, vs[nx])) continue;
      xs[nx++] = x3;
      continue;
    }
    Eigen::Matrix<std::complex<double>, 24, 1> z = vectors.col(r);
    if (!z.allFinite()) continue;  // Eigen's generalised back-substitution at a repeated root
    Eigen::Index big = 0;
    z.cwiseAbs().maxCoeff(&big);
    z /= z(big);
    xs[nx] = x3;
    vs[nx] = std::abs(x3) <= 1.0 ? Eigen::Matrix<double, 12, 1>(z.head<12>().real())
                                 : Eigen::Matrix<double, 12, 1>(z.tail<12>().real() / x3);
    ++nx;
  }
  for (const bool neighbourPass : {false, true}) {
  bool done[24] = {};
  for (int r = 0; r < nx; ++r) {
    if (done[r]) continue;
    done[r] = true;
    double u4s[8], u5s[8];
    int nu = 0;
    bool cluster = false;
    for (int o = r + 1; o < nx; ++o)
      if (!done[o] && std::abs(xs[o] - xs[r]) <= 1e-6 * (1.0 + std::abs(xs[r]))) {
        done[o] = true;
        cluster = true;
      }
    const double x3 = xs[r];
    if (!neighbourPass) {
      if (cluster) nu = kernelAngles(M, x3, u4s, u5s);
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
        if (o != r && std::abs(xs[o] - xs[r]) <= 1e-2 * (1.0 + std::abs(xs[r]))) {
          anglesFromMonomials(vs[o], u4s[nu], u5s[nu]);
          ++nu;
        }
    }
    for (int iu = 0; iu < nu && count < kMaxCandidates; ++iu) {
    const double u4 = u4s[iu], u5 = u5s[iu];
    Raw& c = out[count];
    c.theta[2] = kShift3 + 2.0 * std::atan(x3);
    c.theta[3] = kShift4 + u4;
    c.theta[4] = kShift5 + u5;
    // Joints 1 and 2 place frame 5 (known in frame 2 now) on the target's: joint 6's axis first,
    // Rz(theta1) Rx(alpha1) Rz(theta2) w = k with w = Rx(alpha2) l: its z row gives theta2 (two
    // values), the x-y part theta1; of the candidates, the one that also places the origin.
    // Where that is degenerate (alpha1 = 0 or 180, w along z2): the eight products from Q's
    // first columns (least squares).
    const Eigen::Matrix4d T25 = link(m, 2, c.theta[2]) * link(m, 3, c.theta[3]) * link(m, 4, c.theta[4]);
    const Eigen::Vector3d w3 = Eigen::AngleAxisd(m.dh(1).alpha, Eigen::Vector3d::UnitX()) * Eigen::Vector3d(T25.block<3, 1>(0, 2));
    const double sa1 = m.sinAlpha(0), ca1 = m.cosAlpha(0);
    double t2s[2];
    const int n2 = std::abs(sa1) > 1e-9 && std::hypot(w3.x(), w3.y()) > 1e-9
                       ? solveCosSin(sa1 * w3.y(), sa1 * w3.x(), k.z() - ca1 * w3.z(), 0.0, t2s)
                       : 0;
    double bestErr = 1e300;
    for (int b = 0; b < n2; ++b) {
      const Eigen::Vector3d vv = Eigen::AngleAxisd(m.dh(0).alpha, Eigen::Vector3d::UnitX()) *
                                 (Eigen::AngleAxisd(t2s[b], Eigen::Vector3d::UnitZ()) * w3);
      if (std::hypot(vv.x(), vv.y()) < 1e-12) continue;
      const double t1 = std::atan2(k.y(), k.x()) - std::atan2(vv.y(), vv.x());
      const Eigen::Matrix4d T05 = link(m, 0, t1) * link(m, 1, t2s[b]) * T25;
      const double err = (T05.block<3, 1>(0, 3) - o5).norm() + (T05.block<3, 1>(0, 2) - k).norm();
      if (err < bestErr) {
        bestErr = err;
        c.theta[0] = t1;
        c.theta[1] = t2s[b];
      }
    }
    if (bestErr == 1e300) {
      const double w = c.theta[2] - kShift3;
      const Vec14 rhs = (e.Pc * std::cos(w) + e.Ps * std::sin(w) + e.P1) * products(u4, u5) - e.Q.col(8);
      const Eigen::Matrix<double, 8, 1> y = qr.solve(rhs);
      c.theta[0] = std::atan2(y(4), y(5));
      c.theta[1] = std::atan2(y(6), y(7));
    }
    // Joint 6 from the orientation: Rz(theta6) = R05^T R06 Rx(-alpha6).
    Eigen::Matrix4d T05 = Eigen::Matrix4d::Identity();
    for (int a = 0; a < 5; ++a) T05 = T05 * link(m, a, c.theta[a]);
    const Eigen::Matrix3d Rz6 = T05.topLeftCorner<3, 3>().transpose() * R06 *
                                Eigen::AngleAxisd(-m.dh(5).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
    c.theta[5] = std::atan2(Rz6(1, 0), Rz6(0, 0));
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

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
  if (probeRankRatio(m) < 1e-9) return "has fewer than six independent joint motions (e.g. two joints on one axis)";
  Raw raw[kMaxCandidates];
  int n = 0;
  if (!candidates(m, probePose(m), raw, n))
    return "has a degenerate elimination (special axes the general 6R method cannot use)";
  return "";
}

void solve(Solver& s) {
  const Model& m = s.model;
  const Eigen::Matrix4d T06 = s.pose * rigidInverse(m.tool());
  Raw raw[kMaxCandidates];
  int n = 0;
  if (!candidates(m, T06, raw, n)) {
    s.fail("the general 6R elimination is degenerate at this pose");
    return;
  }
  JointVector6 found[kMaxSolutions];
  int kept = 0;
  for (int r = 0; r < n && kept < kMaxSolutions; ++r) {
    JointVector6 q;
    for (int j = 0; j < 6; ++j) q(j) = jointFromDh(m, j, raw[r].theta[j]);
    if (!(refineSixJoints(m, T06, q, 12) < 1e-10)) continue;
    for (int j = 0; j < 6; ++j) q(j) = wrapJointValue(m, j, q(j));
    bool repeat = false;
    for (int f = 0; f < kept && !repeat; ++f) repeat = sameJointValues(m, found[f], q);
    if (!repeat) found[kept++] = q;
  }
  // Near a fold (a nearly special arm) solutions come in close pairs that the elimination's
  // rounding merges into one: beside each solution whose Jacobian is nearly singular, Newton is
  // started again a little way along the nearly null direction, both ways.
  const int firstPass = kept;
  for (int f = 0; f < firstPass && kept < kMaxSolutions; ++f) {
    const Eigen::Matrix<double, 6, 6> J = sixJointJacobian(m, found[f]);
    // Cheap test first: |det J| against the product of its column lengths (1 for orthogonal).
    double columns = 1.0;
    for (int i = 0; i < 6; ++i) columns *= std::max(J.col(i).norm(), 1e-300);
    if (!(std::abs(J.partialPivLu().determinant()) < 1e-2 * columns)) continue;
    const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(J, Eigen::ComputeFullV);
    if (!(svd.singularValues()(5) < 3e-3 * svd.singularValues()(0))) continue;
    const JointVector6 dir = svd.matrixV().col(5);
    for (const double step : {0.01, -0.01, 0.05, -0.05}) {
      JointVector6 q = found[f] + step * dir;
      if (!(refineSixJoints(m, T06, q, 20) < 1e-10)) continue;
      for (int j = 0; j < 6; ++j) q(j) = wrapJointValue(m, j, q(j));
      bool repeat = false;
      for (int g = 0; g < kept && !repeat; ++g) repeat = sameJointValues(m, found[g], q);
      if (!repeat && kept < kMaxSolutions) found[kept++] = q;
    }
  }
  if (kept == 0) {
    s.fail("no real solution: the pose is out of reach");
    return;
  }
  std::sort(found, found + kept, [](const JointVector6& a, const JointVector6& b) {
    return std::lexicographical_compare(a.data(), a.data() + 6, b.data(), b.data() + 6);
  });
  for (int k = 0; k < kept; ++k) s.add(found[k], k);
}

}  // namespace

// Numbered branches: the default is the solution nearest the seed; when the elimination finds
// nothing, damped least squares before saying why.
extern const IkFamily kGeneral6rFamily = {"general_6r", {}, &configurations, &misfit, &solve, true, true};

}  // namespace armdyn::ik
