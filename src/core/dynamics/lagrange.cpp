#include "dynamics/lagrange.h"

#include "dynamics/dh_ops.h"

namespace armdyn {
namespace {

// X A_k with A_k = [Rz(theta) Rx(alpha), p; 0 0 0 1] (eq 3.4), column by column.
inline void multiplyByA(const DynamicsData& d, int k, const Eigen::Matrix4d& X, Eigen::Matrix4d& out) {
  const double ct = d.cosTheta[k], st = d.sinTheta[k], ca = d.cosAlpha[k], sa = d.sinAlpha[k];
  const Eigen::Vector4d c0 = ct * X.col(0) + st * X.col(1);
  const Eigen::Vector4d c1 = ct * X.col(1) - st * X.col(0);
  out.col(3) = d.a[k] * c0 + d.dJoint[k] * X.col(2) + X.col(3);
  out.col(2) = ca * X.col(2) - sa * c1;
  out.col(1) = ca * c1 + sa * X.col(2);
  out.col(0) = c0;
}

// A_k X, row by row (the last row of A_k is 0 0 0 1).
inline void multiplyAByMatrix(const DynamicsData& d, int k, const Eigen::Matrix4d& X, Eigen::Matrix4d& out) {
  const double ct = d.cosTheta[k], st = d.sinTheta[k], ca = d.cosAlpha[k], sa = d.sinAlpha[k];
  const Eigen::RowVector4d r0 = X.row(0) + d.a[k] * X.row(3);
  const Eigen::RowVector4d r1 = ca * X.row(1) - sa * X.row(2);
  out.row(2) = sa * X.row(1) + ca * X.row(2) + d.dJoint[k] * X.row(3);
  out.row(3) = X.row(3);
  out.row(0) = ct * r0 - st * r1;
  out.row(1) = st * r0 + ct * r1;
}

inline Eigen::Vector4d multiplyAByVector(const DynamicsData& d, int k, const Eigen::Vector4d& x) {
  const double ct = d.cosTheta[k], st = d.sinTheta[k], ca = d.cosAlpha[k], sa = d.sinAlpha[k];
  const double r0 = x(0) + d.a[k] * x(3);
  const double r1 = ca * x(1) - sa * x(2);
  return {ct * r0 - st * r1, st * r0 + ct * r1, sa * x(1) + ca * x(2) + d.dJoint[k] * x(3), x(3)};
}

}  // namespace

void recursiveLagrange(const Model& model, DynamicsData& d,
                       const Eigen::Ref<const Eigen::VectorXd>& q,
                       const Eigen::Ref<const Eigen::VectorXd>& qd,
                       const Eigen::Ref<const Eigen::VectorXd>& qdd,
                       Eigen::Ref<Eigen::VectorXd> tau, const ToolWrench* wrench) {
  dh::checkData(model, d, "recursiveLagrange");
  dh::checkSize(q.size(), d.n, "recursiveLagrange", "q");
  dh::checkSize(qd.size(), d.n, "recursiveLagrange", "qd");
  dh::checkSize(qdd.size(), d.n, "recursiveLagrange", "qdd");
  dh::checkSize(tau.size(), d.n, "recursiveLagrange", "tau");
  dh::updateJoints(d, q.data());

  // Eqs 3.16-3.18 with dA/dq = Q A (3.19), grouped as T_k = T_{k-1} A_k,
  // Td_k = (Td_{k-1} + qd T_{k-1} Q) A_k, Tdd_k = (Tdd_{k-1} + 2 qd Td_{k-1} Q + qd^2 T_{k-1} Q^2
  // + qdd T_{k-1} Q) A_k. Right-multiplying by Q_theta maps columns (c0, c1) to (c1, -c0) and
  // by Q_theta^2 to (-c0, -c1); Q_d moves column 2 to column 3 and Q_d^2 = 0.
  for (int k = 0; k < d.n; ++k) {
    const Eigen::Matrix4d& T = d.T[k];
    const Eigen::Matrix4d& Td = d.Td[k];
    Eigen::Matrix4d X = d.Tdd[k];
    Eigen::Matrix4d Y = Td;
    const double v = qd[k], acc = qdd[k];
    if (d.revolute[k]) {
      X.col(0) += 2.0 * v * Td.col(1) - v * v * T.col(0) + acc * T.col(1);
      X.col(1) += -2.0 * v * Td.col(0) - v * v * T.col(1) - acc * T.col(0);
      Y.col(0) += v * T.col(1);
      Y.col(1) -= v * T.col(0);
    } else {
      X.col(3) += 2.0 * v * Td.col(2) + acc * T.col(2);
      Y.col(3) += v * T.col(2);
    }
    multiplyByA(d, k, T, d.T[k + 1]);
    multiplyByA(d, k, Y, d.Td[k + 1]);
    multiplyByA(d, k, X, d.Tdd[k + 1]);
  }

  // Backward: AD = A_{k+1} D_{k+1} and Ac = A_{k+1} c_{k+1} (zero beyond link n).
  Eigen::Matrix4d AD = Eigen::Matrix4d::Zero();
  Eigen::Vector4d Ac = Eigen::Vector4d::Zero();
  // Tool wrench: force and moment in frame-0 axes (homogeneous direction: w = 0), and the tool
  // point carried back through the frames (homogeneous point).
  const bool withWrench = wrench && !wrench->isZero();
  Eigen::Vector4d f4 = Eigen::Vector4d::Zero(), m4 = Eigen::Vector4d::Zero(), p = Eigen::Vector4d::Zero();
  if (withWrench) {
    const ToolWrenchInBase w = toolWrenchInBase(model, q, *wrench);
    f4.head<3>() = w.force;
    m4.head<3>() = w.moment;
    p.head<3>() = model.tool().topRightCorner<3, 1>();  // the tool point in frame n
    p(3) = 1.0;
  }
  for (int k = d.n - 1; k >= 0; --k) {
    const Eigen::Matrix4d& J = d.pseudo[k];
    d.D[k].noalias() = J * d.Tdd[k + 1].transpose();
    d.D[k] += AD;
    d.c[k] = J.col(3) + Ac;  // m_k r_k = last column of J_k
    multiplyAByMatrix(d, k, d.D[k], AD);
    Ac = multiplyAByVector(d, k, d.c[k]);
    // F_k = tr(T_{k-1} Q (A_k D_k)) - g^T T_{k-1} Q (A_k c_k).
    const Eigen::Matrix4d& T = d.T[k];
    if (d.revolute[k]) {
      tau[k] = T.col(1).dot(AD.row(0)) - T.col(0).dot(AD.row(1)) -
               (d.gravity4.dot(T.col(1)) * Ac(0) - d.gravity4.dot(T.col(0)) * Ac(1));
    } else {
      tau[k] = T.col(2).dot(AD.row(3)) - d.gravity4.dot(T.col(2)) * Ac(3);
    }
    if (withWrench) {
      p = multiplyAByVector(d, k, p);  // the tool point in frame k-1
      // d(tool point)/dq_k = T_{k-1} Q p: (T c1 p0 - T c0 p1) revolute, T c2 p3 prismatic.
      if (d.revolute[k]) tau[k] += f4.dot(T.col(1)) * p(0) - f4.dot(T.col(0)) * p(1) + m4.dot(T.col(2));
      else tau[k] += f4.dot(T.col(2)) * p(3);
    }
  }
}

}  // namespace armdyn
