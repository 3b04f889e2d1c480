#include "dynamics/crba.h"

#include "dynamics/dh_ops.h"

namespace armdyn {

namespace {

// One column's wrench through link j: p* x f added to n, then Rx(alpha_j): returns the parts
// Rz(theta_j) still has to turn (mx, my2; fx, fy2) and the z components it leaves alone. K
// fixes alpha_j (twist_kind.h): 0 deg (p* = (a, 0, d)) and +-90 deg (p* = (a, +-d, 0)) turn
// by permutation.
struct ColumnStep {
  double mx, my2, nz, fy2, fz;
};

template <TwistKind K>
inline ColumnStep columnStep(const DynamicsData& d, int j, double fx, double fy, double fz, double nx, double ny,
                             double nz) {
  const double a = d.a[j], dj = d.dJoint[j];
  if constexpr (K == kTwistNone) {
    const double mx = nx - dj * fy, my = ny + dj * fx - a * fz, mz = nz + a * fy;
    return {mx, my, mz, fy, fz};
  } else if constexpr (K == kTwistGeneral) {
    const double ca = d.cosAlpha[j], sa = d.sinAlpha[j];
    const double py = dj * sa, pz = dj * ca;
    const double mx = nx + py * fz - pz * fy;
    const double my = ny + pz * fx - a * fz;
    const double mz = nz + a * fy - py * fx;
    return {mx, ca * my - sa * mz, sa * my + ca * mz, ca * fy - sa * fz, sa * fy + ca * fz};
  } else {
    constexpr double sigma = K == kTwistPlusQuarter ? 1.0 : -1.0;  // sin(alpha); cos(alpha) = 0
    const double sd = sigma * dj;
    const double mx = nx + sd * fz, my = ny - a * fz, mz = nz + a * fy - sd * fx;
    return {mx, -sigma * mz, sigma * my, -sigma * fz, sigma * fy};
  }
}

// Carries the open columns k > j of M through link j: n <- R_j (n + p* x f), f <- R_j f
// (dh::wrenchToParent, over the columns with the link's constants loaded once), and writes row
// and column j. Link 0 is the last level: only the z components are read there, and Rz(theta)
// leaves them alone.
template <TwistKind K, typename Matrix>
inline void carryColumns(const DynamicsData& d, int j, double* fx, double* fy, double* fz, double* nx, double* ny,
                         double* nz, Matrix& out) {
  const int n = d.n;
  const bool revolute = d.revolute[j];
  if (j == 0) {
    for (int k = 1; k < n; ++k) {
      const ColumnStep c = columnStep<K>(d, 0, fx[k], fy[k], fz[k], nx[k], ny[k], nz[k]);
      out(0, k) = out(k, 0) = revolute ? c.nz : c.fz;
    }
    return;
  }
  const double ct = d.cosTheta[j], st = d.sinTheta[j];
  for (int k = j + 1; k < n; ++k) {
    const ColumnStep c = columnStep<K>(d, j, fx[k], fy[k], fz[k], nx[k], ny[k], nz[k]);
    nx[k] = ct * c.mx - st * c.my2;
    ny[k] = st * c.mx + ct * c.my2;
    nz[k] = c.nz;
    const double fxk = fx[k];
    fx[k] = ct * fxk - st * c.fy2;
    fy[k] = st * fxk + ct * c.fy2;
    fz[k] = c.fz;
    out(j, k) = out(k, j) = revolute ? c.nz : c.fz;
  }
}

// The pass, writing M into `out` (data.massMatrix for the simulation's callers, the caller's
// matrix for crba(): no copy). One loop from the tip inwards; at link k:
// - the composite of links k..n (mass m, first moment h, second moments S = int r r^T dm), in
//   frame k about its origin, moves to frame k-1 by A_k: h' = R h + m p,
//   S' = R S R^T + (R h) p^T + p (R h)^T + m p p^T, and gives column k of M: the wrench (f, n)
//   about origin k-1 that a unit acceleration of joint k asks of it (revolute: angular
//   acceleration z through the origin, f = z x h, n = I z with I = tr(S) 1 - S; prismatic:
//   linear acceleration z, f = m z, n = h x z); M(k, k) is its z component;
// - the columns opened further out are carried through link k (carryColumns): M(k, j > k).
// The composite is one chain of dependent operations; the column transforms do not depend on it
// or on each other, so in one loop they fill the pipeline while the chain waits. Plain scalars
// throughout: Eigen's 3-vectors here compile to half-vectorised code whose mixed-width stores
// and loads stall the chain (store forwarding), and GCC's vectorisation of the column loop does
// the same.
template <typename Matrix>
void crbaInto(DynamicsData& d, Matrix& out) {
  const int n = d.n;
  double fx[kMaxLinks], fy[kMaxLinks], fz[kMaxLinks], nx[kMaxLinks], ny[kMaxLinks], nz[kMaxLinks];
  double m = 0.0, hx = 0.0, hy = 0.0, hz = 0.0;
  double Sxx = 0.0, Sxy = 0.0, Sxz = 0.0, Syy = 0.0, Syz = 0.0, Szz = 0.0;
  for (int k = n - 1; k >= 0; --k) {
    const TwistKind twist = d.twist[k];
    switch (twist) {
      case kTwistNone: carryColumns<kTwistNone>(d, k, fx, fy, fz, nx, ny, nz, out); break;
      case kTwistPlusQuarter: carryColumns<kTwistPlusQuarter>(d, k, fx, fy, fz, nx, ny, nz, out); break;
      case kTwistMinusQuarter: carryColumns<kTwistMinusQuarter>(d, k, fx, fy, fz, nx, ny, nz, out); break;
      default: carryColumns<kTwistGeneral>(d, k, fx, fy, fz, nx, ny, nz, out);
    }
    const double ct = d.cosTheta[k], st = d.sinTheta[k];
    const double* hk = d.firstMoment[k].data();
    const SymmetricMatrix3& Sk = d.secondMoment[k];
    m += d.mass[k];
    hx += hk[0], hy += hk[1], hz += hk[2];
    Sxx += Sk.xx, Sxy += Sk.xy, Sxz += Sk.xz, Syy += Sk.yy, Syz += Sk.yz, Szz += Sk.zz;
    // S <- Rx S Rx^T and h <- Rx h (y1, Rhz below; Rz turns x and y next).
    double y1, Rhz;
    if (twist == kTwistNone) {
      y1 = hy, Rhz = hz;
    } else if (twist == kTwistGeneral) {
      const double ca = d.cosAlpha[k], sa = d.sinAlpha[k];
      const double cc = ca * ca, ss = sa * sa, cs = ca * sa;
      const double yy = cc * Syy - 2.0 * cs * Syz + ss * Szz;
      const double zz = ss * Syy + 2.0 * cs * Syz + cc * Szz;
      const double yz = cs * (Syy - Szz) + (cc - ss) * Syz;
      const double xy = ca * Sxy - sa * Sxz;
      const double xz = sa * Sxy + ca * Sxz;
      Syy = yy, Szz = zz, Syz = yz, Sxy = xy, Sxz = xz;
      y1 = ca * hy - sa * hz, Rhz = sa * hy + ca * hz;
    } else {  // a quarter turn: a permutation with signs
      const double sigma = twist == kTwistPlusQuarter ? 1.0 : -1.0;
      const double yy = Syy, xy = Sxy;
      Syy = Szz, Szz = yy, Syz = -Syz, Sxy = -sigma * Sxz, Sxz = sigma * xy;
      y1 = -sigma * hz, Rhz = sigma * hy;
    }
    // S <- Rz S Rz^T.
    {
      const double cc = ct * ct, ss = st * st, cs = ct * st;
      const double xx = cc * Sxx - 2.0 * cs * Sxy + ss * Syy;
      const double yy = ss * Sxx + 2.0 * cs * Sxy + cc * Syy;
      const double xy = cs * (Sxx - Syy) + (cc - ss) * Sxy;
      const double xz = ct * Sxz - st * Syz;
      const double yz = st * Sxz + ct * Syz;
      Sxx = xx, Syy = yy, Sxy = xy, Sxz = xz, Syz = yz;
    }
    // R h (dh::rotate) and p = origin k in frame k-1 (dh::originInParent).
    const double Rhx = ct * hx - st * y1, Rhy = st * hx + ct * y1;
    const double px = d.a[k] * ct, py = d.a[k] * st, pz = d.dJoint[k];
    // Shift terms w p^T + p w^T with w = R h + m p / 2.
    const double wx = Rhx + 0.5 * m * px, wy = Rhy + 0.5 * m * py, wz = Rhz + 0.5 * m * pz;
    Sxx += 2.0 * wx * px;
    Syy += 2.0 * wy * py;
    Szz += 2.0 * wz * pz;
    Sxy += wx * py + px * wy;
    Sxz += wx * pz + px * wz;
    Syz += wy * pz + py * wz;
    hx = Rhx + m * px, hy = Rhy + m * py, hz = Rhz + m * pz;
    if (d.revolute[k]) {
      fx[k] = -hy, fy[k] = hx, fz[k] = 0.0;
      nx[k] = -Sxz, ny[k] = -Syz, nz[k] = Sxx + Syy;
      out(k, k) = nz[k];
    } else {
      fx[k] = 0.0, fy[k] = 0.0, fz[k] = m;
      nx[k] = hy, ny[k] = -hx, nz[k] = 0.0;
      out(k, k) = m;
    }
  }
}

}  // namespace

namespace detail {

void crbaPass(DynamicsData& d) { crbaInto(d, d.massMatrix); }

}  // namespace detail

void crba(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          Eigen::Ref<Eigen::MatrixXd> M) {
  dh::checkData(model, data, "crba");
  dh::checkSize(q.size(), data.n, "crba", "q");
  dh::checkSize(M.rows(), data.n, "crba", "M (rows)");
  dh::checkSize(M.cols(), data.n, "crba", "M (columns)");
  dh::updateJoints(data, q.data());
  crbaInto(data, M);
}

Eigen::MatrixXd massMatrix(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  DynamicsData data(model);
  Eigen::MatrixXd M(model.dof(), model.dof());
  crba(model, data, q, M);
  return M;
}

}  // namespace armdyn
