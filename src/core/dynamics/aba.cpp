#include "dynamics/aba.h"

#include "dynamics/dh_ops.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

// Two lanes of one 128-bit register (SSE2 on x86-64, NEON on aarch64): one turn applied to two
// blocks at once.
typedef double Pair __attribute__((vector_size(16)));

// Index of entry (i, j) of a packed symmetric 3x3 (xx, xy, xz, yy, yz, zz).
constexpr int sym(int i, int j) {
  const int a = i < j ? i : j, b = i < j ? j : i;
  return a == 0 ? b : (a == 1 ? 2 + b : 5);
}

// Elementary frame changes about (rotations) or along (shifts) one axis Z of the cyclic triple
// (X, Y, Z): <0, 1> is the z axis, <1, 2> the x axis. The child frame sits at rho e_Z in the
// parent and is turned by R = Rot(Z, angle) with (c, s) = (cos, sin) of the angle.

// w <- R w (child components to parent components).
template <int X, int Y>
inline void toParent(double* w, double c, double s) {
  const double x = w[X], y = w[Y];
  w[X] = c * x - s * y;
  w[Y] = s * x + c * y;
}

// w <- R^T w (parent components to child components).
template <int X, int Y>
inline void toChild(double* w, double c, double s) {
  const double x = w[X], y = w[Y];
  w[X] = c * x + s * y;
  w[Y] = c * y - s * x;
}

// The (X, Y) block of R S R^T for a symmetric S, R = Rot(Z, angle): it keeps its trace,
// xx' = xx - e, yy' = yy + e with e = s^2 (xx - yy) + 2 c s xy, and xy' = c s (xx - yy) +
// (1 - 2 s^2) xy (9 operations per block, the products of c and s once per turn: PlaneTurn; 14
// from the products of R); (xz, yz) turns as a vector. V is a double or a Pair (two blocks turned
// at once).
template <class V>
struct TurnedSymmetric {
  V xx, yy, xy, xz, yz;
};

template <class V>
inline TurnedSymmetric<V> turnSymmetric(V xx, V yy, V xy, V xz, V yz, const PlaneTurn& r) {
  const V dxy = xx - yy;
  const V e = r.ss * dxy + r.twoCs * xy;
  return {xx - e, yy + e, r.cs * dxy + r.cos2 * xy, r.c * xz - r.s * yz, r.s * xz + r.c * yz};
}

// S <- R S R^T for a packed symmetric S. ZeroZ: S's Z row and column are zero (and stay so).
template <int X, int Y, bool ZeroZ = false>
inline void rotateSymmetric(double* S, const PlaneTurn& r) {
  constexpr int Z = 3 - X - Y;
  constexpr int XX = sym(X, X), YY = sym(Y, Y), XY = sym(X, Y), XZ = sym(X, Z), YZ = sym(Y, Z);
  const TurnedSymmetric<double> t = turnSymmetric(S[XX], S[YY], S[XY], S[XZ], S[YZ], r);
  S[XX] = t.xx, S[YY] = t.yy, S[XY] = t.xy;
  if (ZeroZ) return;
  S[XZ] = t.xz, S[YZ] = t.yz;
}

// The same for two packed symmetric S and T at once, in two-lane pairs.
template <int X, int Y>
inline void rotateSymmetricPair(double* S, double* T, const PlaneTurn& r) {
  constexpr int Z = 3 - X - Y;
  constexpr int XX = sym(X, X), YY = sym(Y, Y), XY = sym(X, Y), XZ = sym(X, Z), YZ = sym(Y, Z);
  const TurnedSymmetric<Pair> t = turnSymmetric(Pair{S[XX], T[XX]}, Pair{S[YY], T[YY]}, Pair{S[XY], T[XY]},
                                                 Pair{S[XZ], T[XZ]}, Pair{S[YZ], T[YZ]}, r);
  S[XX] = t.xx[0], T[XX] = t.xx[1], S[YY] = t.yy[0], T[YY] = t.yy[1], S[XY] = t.xy[0], T[XY] = t.xy[1];
  S[XZ] = t.xz[0], T[XZ] = t.xz[1], S[YZ] = t.yz[0], T[YZ] = t.yz[1];
}

// The same when S's Y row and column are zero: R S R^T has rank-one terms in the (X, Y) plane.
template <int X, int Y>
inline void rotateSymmetricZeroY(double* S, const PlaneTurn& r) {
  constexpr int Z = 3 - X - Y;
  constexpr int XX = sym(X, X), YY = sym(Y, Y), XY = sym(X, Y), XZ = sym(X, Z), YZ = sym(Y, Z);
  const double sxx = S[XX], sxz = S[XZ];
  S[XX] = r.c * r.c * sxx, S[YY] = r.ss * sxx, S[XY] = r.cs * sxx;
  S[XZ] = r.c * sxz, S[YZ] = r.s * sxz;
}

// B <- R B R^T for a general 3x3 B. Its (X, Y) block is a symmetric part, turned by the same rule
// as turnSymmetric's (there t = 2 xy), plus an antisymmetric part that the turn leaves alone:
// with d = xx - yy and t = xy + yx,
// xx' = xx - e, yy' = yy + e, e = s^2 d + c s t, and xy' = xy + f, yx' = yx + f, f = c s d - s^2 t
// (12 operations per block; 22 from the products of R). ZeroZRow: B's Z row is zero (and stays so).
template <int X, int Y, bool ZeroZRow = false>
inline void rotateGeneral(double B[3][3], const PlaneTurn& r) {
  constexpr int Z = 3 - X - Y;
  const double c = r.c, s = r.s, ss = r.ss, cs = r.cs;
  const double d = B[X][X] - B[Y][Y], t = B[X][Y] + B[Y][X];
  const double e = ss * d + cs * t, f = cs * d - ss * t;
  const double xz = c * B[X][Z] - s * B[Y][Z], yz = s * B[X][Z] + c * B[Y][Z];
  B[X][X] -= e, B[Y][Y] += e, B[X][Y] += f, B[Y][X] += f;
  B[X][Z] = xz, B[Y][Z] = yz;
  if (ZeroZRow) return;
  const double zx = c * B[Z][X] - s * B[Z][Y], zy = s * B[Z][X] + c * B[Z][Y];
  B[Z][X] = zx, B[Z][Y] = zy;
}

// The same when B's Y row is zero.
template <int X, int Y>
inline void rotateGeneralZeroYRow(double B[3][3], const PlaneTurn& r) {
  constexpr int Z = 3 - X - Y;
  const double c = r.c, s = r.s, cc = c * c, ss = r.ss, cs = r.cs;
  const double bxx = B[X][X], bxy = B[X][Y], bxz = B[X][Z];
  B[X][X] = cc * bxx - cs * bxy;
  B[Y][Y] = ss * bxx + cs * bxy;
  B[X][Y] = cc * bxy + cs * bxx;
  B[Y][X] = cs * bxx - ss * bxy;
  B[X][Z] = c * bxz, B[Y][Z] = s * bxz;
  const double zx = c * B[Z][X] - s * B[Z][Y], zy = s * B[Z][X] + c * B[Z][Y];
  B[Z][X] = zx, B[Z][Y] = zy;
}

template <int X, int Y>
inline void rotateInertia(SpatialInertia6& I, const PlaneTurn& r) {
  rotateSymmetricPair<X, Y>(I.A, I.C, r);  // A and C turn alike: one two-lane turn for both
  rotateGeneral<X, Y>(I.B, r);
}

// I <- T^T I T with T = [1 0; -r x 1], r = rho e_Z (reference point moved from the child origin
// to the parent origin, parent axes): A'' = A + r x B^T + B r x^T + r x C r x^T, B'' = B + r x C.
template <int X, int Y>
inline void shiftInertia(SpatialInertia6& I, double rho) {
  constexpr int Z = 3 - X - Y;
  double* A = I.A;
  double (&B)[3][3] = I.B;
  const double* C = I.C;
  const double rr = rho * rho;
  // A'' from the old B and C, so that it does not wait for B''.
  A[sym(X, X)] += rr * C[sym(Y, Y)] - 2.0 * rho * B[X][Y];
  A[sym(Y, Y)] += rr * C[sym(X, X)] + 2.0 * rho * B[Y][X];
  A[sym(X, Y)] += rho * (B[X][X] - B[Y][Y]) - rr * C[sym(X, Y)];
  A[sym(X, Z)] -= rho * B[Z][Y];
  A[sym(Y, Z)] += rho * B[Z][X];
  for (int j = 0; j < 3; ++j) {
    B[X][j] -= rho * C[sym(Y, j)];
    B[Y][j] += rho * C[sym(X, j)];
  }
}

template <int Sign>
inline double signed1(double x) {
  return Sign > 0 ? x : -x;
}

// Quarter turns (c = 0, s = Sign): the maps above as permutations with signs.
template <int X, int Y, int Sign>
inline void quarterSymmetric(double* S) {
  constexpr int Z = 3 - X - Y;
  constexpr int XX = sym(X, X), YY = sym(Y, Y), XY = sym(X, Y), XZ = sym(X, Z), YZ = sym(Y, Z);
  const double xx = S[XX], xz = S[XZ];
  S[XX] = S[YY];
  S[YY] = xx;
  S[XY] = -S[XY];
  S[XZ] = signed1<-Sign>(S[YZ]);
  S[YZ] = signed1<Sign>(xz);
}

template <int X, int Y, int Sign>
inline void quarterToParent(double* w) {
  const double x = w[X];
  w[X] = signed1<-Sign>(w[Y]);
  w[Y] = signed1<Sign>(x);
}

template <int X, int Y, int Sign>
inline void quarterToChild(double* w) {
  const double x = w[X];
  w[X] = signed1<Sign>(w[Y]);
  w[Y] = signed1<-Sign>(x);
}

template <int X, int Y, int Sign>
inline void quarterInertia(SpatialInertia6& I) {
  quarterSymmetric<X, Y, Sign>(I.A);
  quarterSymmetric<X, Y, Sign>(I.C);
  double (&B)[3][3] = I.B;
  for (int j = 0; j < 3; ++j) {
    const double x = B[X][j];
    B[X][j] = signed1<-Sign>(B[Y][j]);
    B[Y][j] = signed1<Sign>(x);
  }
  for (int i = 0; i < 3; ++i) quarterToParent<X, Y, Sign>(B[i]);
}

// Force [n; f] from child to parent after its rotation: n <- n + r x f.
template <int X, int Y>
inline void shiftForce(double* f6, double rho) {
  f6[X] -= rho * f6[3 + Y];
  f6[Y] += rho * f6[3 + X];
}

// Motion [w; v] from parent to child before its rotation: v <- v + w x r.
template <int X, int Y>
inline void shiftMotion(double* m6, double rho) {
  m6[3 + X] += rho * m6[Y];
  m6[3 + Y] -= rho * m6[X];
}

// Body frame k-1 to body frame k: Tx(a_{k-1}) Rx(alpha_{k-1}) (if k > 0), then Rz(theta_k) Tz(d_k).
inline void motionToBody(const AbaData& d, int k, double* m6) {
  if (k > 0) {
    if (d.a[k - 1] != 0.0) shiftMotion<1, 2>(m6, d.a[k - 1]);
    switch (d.twist[k - 1]) {
      case kTwistNone: break;
      case kTwistPlusQuarter:
        quarterToChild<1, 2, 1>(m6), quarterToChild<1, 2, 1>(m6 + 3);
        break;
      case kTwistMinusQuarter:
        quarterToChild<1, 2, -1>(m6), quarterToChild<1, 2, -1>(m6 + 3);
        break;
      default:
        toChild<1, 2>(m6, d.alpha[k - 1].c, d.alpha[k - 1].s);
        toChild<1, 2>(m6 + 3, d.alpha[k - 1].c, d.alpha[k - 1].s);
    }
  }
  if (d.dJoint[k] != 0.0) shiftMotion<0, 1>(m6, d.dJoint[k]);
  toChild<0, 1>(m6, d.cosTheta[k], d.sinTheta[k]);
  toChild<0, 1>(m6 + 3, d.cosTheta[k], d.sinTheta[k]);
}

// Body frame k to its parent: Rz(theta_k) Tz(d_k), then (k > 0) Tx(a_{k-1}) Rx(alpha_{k-1});
// body 0's parent is the base frame.
inline void forceToParentBody(const AbaData& d, int k, double* f6) {
  toParent<0, 1>(f6, d.cosTheta[k], d.sinTheta[k]);
  toParent<0, 1>(f6 + 3, d.cosTheta[k], d.sinTheta[k]);
  if (d.dJoint[k] != 0.0) shiftForce<0, 1>(f6, d.dJoint[k]);
  if (k == 0) return;
  switch (d.twist[k - 1]) {
    case kTwistNone: break;
    case kTwistPlusQuarter:
      quarterToParent<1, 2, 1>(f6), quarterToParent<1, 2, 1>(f6 + 3);
      break;
    case kTwistMinusQuarter:
      quarterToParent<1, 2, -1>(f6), quarterToParent<1, 2, -1>(f6 + 3);
      break;
    default:
      toParent<1, 2>(f6, d.alpha[k - 1].c, d.alpha[k - 1].s);
      toParent<1, 2>(f6 + 3, d.alpha[k - 1].c, d.alpha[k - 1].s);
  }
  if (d.a[k - 1] != 0.0) shiftForce<1, 2>(f6, d.a[k - 1]);
}

// The same for an inertia, k > 0. Projected: the inertia a revolute joint passes on when it has
// no armature, I^a S = 0 (S the angular z axis), so A's z row and column and B's z row are zero.
// They stay zero through Rot(z, theta) and the shift along z, and the twist's rotation about x
// (z is the second axis of its plane) drops their terms: a general twist costs about half as much.
template <bool Projected>
inline void inertiaToParentBody(const AbaData& d, int k, SpatialInertia6& I) {
  // A and C one by one: turned as a pair here (rotateSymmetricPair), the PUMA took 6-8 ns more
  // and general6r the same (docs/validation.md, session 29).
  const PlaneTurn theta = PlaneTurn::of(d.cosTheta[k], d.sinTheta[k]);
  rotateSymmetric<0, 1, Projected>(I.A, theta);
  rotateGeneral<0, 1, Projected>(I.B, theta);
  rotateSymmetric<0, 1>(I.C, theta);
  if (d.dJoint[k] != 0.0) shiftInertia<0, 1>(I, d.dJoint[k]);
  const PlaneTurn& alpha = d.alpha[k - 1];
  switch (d.twist[k - 1]) {
    case kTwistNone: break;
    case kTwistPlusQuarter: quarterInertia<1, 2, 1>(I); break;
    case kTwistMinusQuarter: quarterInertia<1, 2, -1>(I); break;
    default:
      if constexpr (Projected) {
        rotateSymmetricZeroY<1, 2>(I.A, alpha);
        rotateGeneralZeroYRow<1, 2>(I.B, alpha);
        rotateSymmetric<1, 2>(I.C, alpha);
      } else {
        rotateInertia<1, 2>(I, alpha);
      }
  }
  if (d.a[k - 1] != 0.0) shiftInertia<1, 2>(I, d.a[k - 1]);
}

}  // namespace

AbaData::AbaData(const Model& model) : n(model.dof()) {
  for (int k = 0; k < n; ++k) {
    const DhParameters& dh = model.dh(k);
    const LinkInertial& in = model.inertial(k);
    revolute[k] = model.isRevolute(k);
    theta0[k] = dh.theta;
    d0[k] = dh.d;
    a[k] = dh.a;
    alpha[k] = PlaneTurn::of(std::cos(dh.alpha), std::sin(dh.alpha));
    twist[k] = twistKind(alpha[k].c, alpha[k].s);
    cosTheta[k] = std::cos(dh.theta);
    sinTheta[k] = std::sin(dh.theta);
    dJoint[k] = dh.d;
    // Link frame k: [I_o, h x; -h x, m 1] about origin k, then to the body frame by
    // Tx(a_k) Rx(alpha_k).
    SpatialInertia6& I = body[k];
    const Eigen::Vector3d h = in.mass * in.com;
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) {
        I.A[sym(i, j)] = in.inertiaOrigin(i, j);
        I.C[sym(i, j)] = i == j ? in.mass : 0.0;
      }
    I.B[0][0] = 0.0, I.B[0][1] = -h.z(), I.B[0][2] = h.y();
    I.B[1][0] = h.z(), I.B[1][1] = 0.0, I.B[1][2] = -h.x();
    I.B[2][0] = -h.y(), I.B[2][1] = h.x(), I.B[2][2] = 0.0;
    rotateInertia<1, 2>(I, alpha[k]);
    shiftInertia<1, 2>(I, a[k]);
  }
  const Eigen::Vector3d& g = model.gravity();
  gravity[0] = g.x(), gravity[1] = g.y(), gravity[2] = g.z();
}

namespace detail {

void abaLoadJoints(AbaData& d, const double* q) {
  for (int k = 0; k < d.n; ++k) {
    if (d.revolute[k]) {
      const double theta = d.theta0[k] + q[k];
      d.cosTheta[k] = std::cos(theta);
      d.sinTheta[k] = std::sin(theta);
    } else {
      d.dJoint[k] = d.d0[k] + q[k];
    }
  }
}

bool abaPasses(AbaData& d, const double* qd, const double* tau, const double* armature, double* qdd) {
  const int n = d.n;
  // Pass 1, outwards: body velocities v, velocity-product accelerations c = v x S qd and the
  // rigid-body bias forces p = v x* (I v).
  double v[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  for (int k = 0; k < n; ++k) {
    motionToBody(d, k, v);
    const double qdk = qd[k];
    double* c = d.c[k];
    if (d.revolute[k]) {
      v[2] += qdk;
      c[0] = qdk * v[1], c[1] = -qdk * v[0], c[2] = 0.0;
      c[3] = qdk * v[4], c[4] = -qdk * v[3], c[5] = 0.0;
    } else {
      v[5] += qdk;
      c[0] = 0.0, c[1] = 0.0, c[2] = 0.0;
      c[3] = qdk * v[1], c[4] = -qdk * v[0], c[5] = 0.0;
    }
    // Rigid body: momentum L = I_o w + h x v, P = m v + w x h; p = (w x L + v x P, w x P).
    const SpatialInertia6& I = d.body[k];
    const double* A = I.A;
    const double m = I.C[0];
    const double hx = I.B[2][1], hy = I.B[0][2], hz = I.B[1][0];
    const double wx = v[0], wy = v[1], wz = v[2], vx = v[3], vy = v[4], vz = v[5];
    const double Lx = A[0] * wx + A[1] * wy + A[2] * wz + hy * vz - hz * vy;
    const double Ly = A[1] * wx + A[3] * wy + A[4] * wz + hz * vx - hx * vz;
    const double Lz = A[2] * wx + A[4] * wy + A[5] * wz + hx * vy - hy * vx;
    const double Px = m * vx + wy * hz - wz * hy;
    const double Py = m * vy + wz * hx - wx * hz;
    const double Pz = m * vz + wx * hy - wy * hx;
    double* p = d.bias[k];
    p[0] = wy * Lz - wz * Ly + vy * Pz - vz * Py;
    p[1] = wz * Lx - wx * Lz + vz * Px - vx * Pz;
    p[2] = wx * Ly - wy * Lx + vx * Py - vy * Px;
    p[3] = wy * Pz - wz * Py;
    p[4] = wz * Px - wx * Pz;
    p[5] = wx * Py - wy * Px;
  }

  // Pass 2, inwards, carrying the articulated inertia I^A and bias p^A of body k (its own
  // rigid terms plus what its child passes on): U = I^A S, D = S^T U + armature,
  // u = tau - S^T p^A; the parent receives I^a = I^A - U U^T / D and p^a = p^A + I^a c + U u / D.
  SpatialInertia6 I = {};
  double p[6] = {};
  for (int k = n - 1; k >= 0; --k) {
    const SpatialInertia6& body = d.body[k];
    const double* bias = d.bias[k];
    for (int i = 0; i < 6; ++i) I.A[i] += body.A[i], I.C[i] += body.C[i], p[i] += bias[i];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) I.B[i][j] += body.B[i][j];
    double U[6];  // local: pass 3 reads W, and re-reading stored values would wait on the stores
    const int j = d.revolute[k] ? 2 : 5;
    if (j == 2) {
      for (int i = 0; i < 3; ++i) U[i] = I.A[sym(i, 2)], U[3 + i] = I.B[2][i];
    } else {
      for (int i = 0; i < 3; ++i) U[i] = I.B[i][2], U[3 + i] = I.C[sym(i, 2)];
    }
    const double D = U[j] + (armature ? armature[k] : 0.0);
    if (!(D > 0.0)) return false;
    const double dInv = 1.0 / D;
    const double uD = (tau[k] - p[j]) * dInv;
    const double* c = d.c[k];
    double W[6];
    for (int i = 0; i < 6; ++i) W[i] = U[i] * dInv;
    // Pass 3 needs (u - U . (X a_parent + c)) / D: its c part now, off that pass's chain. c has
    // no z components (S x S = 0, joint axes along z): columns 0, 1 and 3, 4 only.
    d.uOverD[k] = uD - (W[0] * c[0] + W[1] * c[1]) - (W[3] * c[3] + W[4] * c[4]);
    for (int i = 0; i < 6; ++i) d.W[k][i] = W[i];
    if (k == 0) break;
    // I^a = I^A - U U^T / D, p^a = p^A + I^a c + U u / D. Without armature, a revolute joint's
    // I^a S = U (1 - S^T U / D) is zero: its A z row and column and B z row are set to zero
    // (they would be rounding) and inertiaToParentBody<true> skips them.
    const bool projected = d.revolute[k] && (!armature || armature[k] == 0.0);
    if (projected) {
      for (int i = 0; i < 2; ++i) {
        for (int l = 0; l < 3; ++l) I.B[i][l] -= W[i] * U[3 + l];
        for (int l = i; l < 2; ++l) I.A[sym(i, l)] -= W[i] * U[l];
      }
      I.A[sym(0, 2)] = 0.0, I.A[sym(1, 2)] = 0.0, I.A[sym(2, 2)] = 0.0;
      I.B[2][0] = 0.0, I.B[2][1] = 0.0, I.B[2][2] = 0.0;
      for (int i = 0; i < 3; ++i)
        for (int l = i; l < 3; ++l) I.C[sym(i, l)] -= W[3 + i] * U[3 + l];
    } else {
      for (int i = 0; i < 3; ++i) {
        for (int l = 0; l < 3; ++l) I.B[i][l] -= W[i] * U[3 + l];
        for (int l = i; l < 3; ++l) {
          I.A[sym(i, l)] -= W[i] * U[l];
          I.C[sym(i, l)] -= W[3 + i] * U[3 + l];
        }
      }
    }
    double pa[6];
    for (int i = 0; i < 3; ++i) {
      pa[i] = p[i] + I.A[sym(i, 0)] * c[0] + I.A[sym(i, 1)] * c[1] + I.B[i][0] * c[3] + I.B[i][1] * c[4] + U[i] * uD;
      pa[3 + i] = p[3 + i] + I.B[0][i] * c[0] + I.B[1][i] * c[1] + I.C[sym(i, 0)] * c[3] + I.C[sym(i, 1)] * c[4] +
                  U[3 + i] * uD;
    }
    for (int i = 0; i < 6; ++i) p[i] = pa[i];
    if (projected) inertiaToParentBody<true>(d, k, I);
    else inertiaToParentBody<false>(d, k, I);
    forceToParentBody(d, k, p);
  }

  // Pass 3, outwards from the base acceleration -g (gravity): a = X a_parent + c,
  // qdd = (u - U . a) / D, a += S qdd.
  double acc[6] = {0.0, 0.0, 0.0, -d.gravity[0], -d.gravity[1], -d.gravity[2]};
  for (int k = 0; k < n; ++k) {
    motionToBody(d, k, acc);
    const double* W = d.W[k];
    // U . (X a_parent) / D, pairwise: this pass is one long chain of dependent operations.
    const double dot =
        (W[0] * acc[0] + W[1] * acc[1]) + (W[2] * acc[2] + W[3] * acc[3]) + (W[4] * acc[4] + W[5] * acc[5]);
    const double qddk = d.uOverD[k] - dot;
    qdd[k] = qddk;
    const double* c = d.c[k];
    for (int i = 0; i < 6; ++i) acc[i] += c[i];
    acc[d.revolute[k] ? 2 : 5] += qddk;
  }
  return true;
}

}  // namespace detail

namespace {

void run(const Model& model, AbaData& d, const Eigen::Ref<const Eigen::VectorXd>& q,
         const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
         const double* armature, Eigen::Ref<Eigen::VectorXd> qdd) {
  if (d.n != model.dof()) dh::throwDataMismatch(d.n, model.dof(), "aba");
  dh::checkSize(q.size(), d.n, "aba", "q");
  dh::checkSize(qd.size(), d.n, "aba", "qd");
  dh::checkSize(tau.size(), d.n, "aba", "tau");
  dh::checkSize(qdd.size(), d.n, "aba", "qdd");
  detail::abaLoadJoints(d, q.data());
  if (!detail::abaPasses(d, qd.data(), tau.data(), armature, qdd.data()))
    throw std::runtime_error("aba: M(q) + diag(armature) is not positive definite (articulated pivot <= 0)");
}

}  // namespace

void aba(const Model& model, AbaData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
         const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
         Eigen::Ref<Eigen::VectorXd> qdd) {
  run(model, data, q, qd, tau, nullptr, qdd);
}

void aba(const Model& model, AbaData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
         const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
         const Eigen::Ref<const Eigen::VectorXd>& armature, Eigen::Ref<Eigen::VectorXd> qdd) {
  dh::checkSize(armature.size(), data.n, "aba", "armature");
  run(model, data, q, qd, tau, armature.data(), qdd);
}

}  // namespace armdyn
