#include "dynamics/crba.h"

#include "dynamics/dh_ops.h"

namespace armdyn {

namespace {

// S <- R S R^T for R = Rx(c, s) about x, and for R = Rz(c, s) about z: 3x3 sandwiches on the six
// distinct entries.
inline void rotateAboutX(SymmetricMatrix3& S, double c, double s) {
  const double cc = c * c, ss = s * s, cs = c * s;
  const double yy = cc * S.yy - 2.0 * cs * S.yz + ss * S.zz;
  const double zz = ss * S.yy + 2.0 * cs * S.yz + cc * S.zz;
  const double yz = cs * (S.yy - S.zz) + (cc - ss) * S.yz;
  const double xy = c * S.xy - s * S.xz;
  const double xz = s * S.xy + c * S.xz;
  S = {S.xx, xy, xz, yy, yz, zz};
}

inline void rotateAboutZ(SymmetricMatrix3& S, double c, double s) {
  const double cc = c * c, ss = s * s, cs = c * s;
  const double xx = cc * S.xx - 2.0 * cs * S.xy + ss * S.yy;
  const double yy = ss * S.xx + 2.0 * cs * S.xy + cc * S.yy;
  const double xy = cs * (S.xx - S.yy) + (cc - ss) * S.xy;
  const double xz = c * S.xz - s * S.yz;
  const double yz = s * S.xz + c * S.yz;
  S = {xx, xy, xz, yy, yz, S.zz};
}

}  // namespace

namespace detail {

void crbaPass(DynamicsData& d) {
  // Composite of links k..n: add link k in frame k, then move to frame k-1 by A_k:
  // h' = R h + m p,  S' = R S R^T + (R h) p^T + p (R h)^T + m p p^T.
  double m = 0.0;
  Eigen::Vector3d h = Eigen::Vector3d::Zero();
  SymmetricMatrix3 S;
  for (int k = d.n - 1; k >= 0; --k) {
    m += d.mass[k];
    h += d.firstMoment[k];
    const SymmetricMatrix3& Sk = d.secondMoment[k];
    S = {S.xx + Sk.xx, S.xy + Sk.xy, S.xz + Sk.xz, S.yy + Sk.yy, S.yz + Sk.yz, S.zz + Sk.zz};
    rotateAboutX(S, d.cosAlpha[k], d.sinAlpha[k]);
    rotateAboutZ(S, d.cosTheta[k], d.sinTheta[k]);
    const Eigen::Vector3d Rh = dh::rotate(d, k, h);
    const Eigen::Vector3d p = dh::originInParent(d, k);
    const Eigen::Vector3d w = Rh + 0.5 * m * p;  // the shift terms are w p^T + p w^T
    S.xx += 2.0 * w.x() * p.x();
    S.yy += 2.0 * w.y() * p.y();
    S.zz += 2.0 * w.z() * p.z();
    S.xy += w.x() * p.y() + p.x() * w.y();
    S.xz += w.x() * p.z() + p.x() * w.z();
    S.yz += w.y() * p.z() + p.y() * w.z();
    h = Rh + m * p;
    d.compositeMass[k] = m;
    d.compositeFirstMoment[k] = h;
    d.compositeSecondMoment[k] = S;
  }
  for (int k = 0; k < d.n; ++k) {
    const Eigen::Vector3d& hk = d.compositeFirstMoment[k];
    const SymmetricMatrix3& Sk = d.compositeSecondMoment[k];
    // Wrench (f, n) about origin k-1 for a unit acceleration of joint k. Revolute: angular
    // acceleration z through the origin, f = z x h, n = I z with I = tr(S) 1 - S.
    // Prismatic: linear acceleration z, f = m z, n = h x z. Plain scalars: this loop is the
    // hot spot, and scalar code avoids GCC's partial vectorisation with store-forward stalls.
    double fx, fy, fz, nx, ny, nz;
    if (d.revolute[k]) {
      fx = -hk.y(), fy = hk.x(), fz = 0.0;
      nx = -Sk.xz, ny = -Sk.yz, nz = Sk.xx + Sk.yy;
      d.massMatrix(k, k) = nz;
    } else {
      fx = 0.0, fy = 0.0, fz = d.compositeMass[k];
      nx = hk.y(), ny = -hk.x(), nz = 0.0;
      d.massMatrix(k, k) = fz;
    }
    for (int j = k - 1; j >= 0; --j) {
      dh::wrenchToParent(d, j, fx, fy, fz, nx, ny, nz);  // to frame j about its origin
      d.massMatrix(j, k) = d.massMatrix(k, j) = d.revolute[j] ? nz : fz;
    }
  }
}

}  // namespace detail

void crba(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          Eigen::Ref<Eigen::MatrixXd> M) {
  dh::checkData(model, data, "crba");
  dh::checkSize(q.size(), data.n, "crba", "q");
  dh::checkSize(M.rows(), data.n, "crba", "M (rows)");
  dh::checkSize(M.cols(), data.n, "crba", "M (columns)");
  dh::updateJoints(data, q.data());
  detail::crbaPass(data);
  M = data.massMatrix;
}

Eigen::MatrixXd massMatrix(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  DynamicsData data(model);
  Eigen::MatrixXd M(model.dof(), model.dof());
  crba(model, data, q, M);
  return M;
}

}  // namespace armdyn
