#include "dynamics/rnea.h"

#include "dynamics/dh_ops.h"

namespace armdyn {

namespace detail {

void rneaPasses(DynamicsData& d, const double* qd, const double* qdd, bool withGravity,
                double* tau, const double* wrenchN) {
  // Plain scalars (x, y, z) rather than Eigen 3-vectors: the recursion is latency-bound, and
  // GCC's partial vectorisation of small vectors adds store-forwarding stalls.
  // Parent (frame k-1) quantities: angular velocity w, angular acceleration e, linear
  // acceleration v of its origin, the base one being -g.
  double wx = 0.0, wy = 0.0, wz = 0.0, ex = 0.0, ey = 0.0, ez = 0.0;
  double vx = 0.0, vy = 0.0, vz = 0.0;
  if (withGravity) vx = -d.gravity.x(), vy = -d.gravity.y(), vz = -d.gravity.z();
  for (int k = 0; k < d.n; ++k) {
    const double qdk = qd ? qd[k] : 0.0;
    const double qddk = qdd ? qdd[k] : 0.0;
    if (d.revolute[k]) {
      // w += qd z;  e += qdd z + qd (w x z), with w x z = (w_y, -w_x, 0).
      ex += qdk * wy;
      ey -= qdk * wx;
      ez += qddk;
      wz += qdk;
    } else {
      // Sliding along z: v += 2 qd (w x z) + qdd z (Coriolis and joint acceleration).
      vx += 2.0 * qdk * wy;
      vy -= 2.0 * qdk * wx;
      vz += qddk;
    }
    // To frame k: u <- R_k^T u = Rx(-alpha) Rz(-theta) u.
    const double ca = d.cosAlpha[k], sa = d.sinAlpha[k], ct = d.cosTheta[k], st = d.sinTheta[k];
    auto rotateBack = [&](double& x, double& y, double& z) {
      const double x1 = ct * x + st * y, y1 = ct * y - st * x;
      x = x1;
      y = ca * y1 + sa * z;
      z = ca * z - sa * y1;
    };
    rotateBack(wx, wy, wz);
    rotateBack(ex, ey, ez);
    rotateBack(vx, vy, vz);
    // Origin k seen from origin k-1, frame k axes: p* = (a, d sa, d ca).
    // v <- v + e x p* + w x (w x p*).
    const double px = d.a[k], py = d.dJoint[k] * sa, pz = d.dJoint[k] * ca;
    {
      const double cx = wy * pz - wz * py, cy = wz * px - wx * pz, cz = wx * py - wy * px;  // w x p*
      vx += ey * pz - ez * py + wy * cz - wz * cy;
      vy += ez * px - ex * pz + wz * cx - wx * cz;
      vz += ex * py - ey * px + wx * cy - wy * cx;
    }
    // Newton-Euler about the link origin with first moment h = m c and I_o about the origin:
    // f = m v + e x h + w x (w x h),  n = I_o e + w x (I_o w) + h x v.
    const double m = d.mass[k];
    const double hx = d.firstMoment[k].x(), hy = d.firstMoment[k].y(), hz = d.firstMoment[k].z();
    const Eigen::Matrix3d& I = d.inertiaOrigin[k];
    const double cx = wy * hz - wz * hy, cy = wz * hx - wx * hz, cz = wx * hy - wy * hx;  // w x h
    d.force[k] = Eigen::Vector3d(m * vx + ey * hz - ez * hy + wy * cz - wz * cy,
                                 m * vy + ez * hx - ex * hz + wz * cx - wx * cz,
                                 m * vz + ex * hy - ey * hx + wx * cy - wy * cx);
    const double Iwx = I(0, 0) * wx + I(0, 1) * wy + I(0, 2) * wz;
    const double Iwy = I(1, 0) * wx + I(1, 1) * wy + I(1, 2) * wz;
    const double Iwz = I(2, 0) * wx + I(2, 1) * wy + I(2, 2) * wz;
    d.moment[k] = Eigen::Vector3d(
        I(0, 0) * ex + I(0, 1) * ey + I(0, 2) * ez + wy * Iwz - wz * Iwy + hy * vz - hz * vy,
        I(1, 0) * ex + I(1, 1) * ey + I(1, 2) * ez + wz * Iwx - wx * Iwz + hz * vx - hx * vz,
        I(2, 0) * ex + I(2, 1) * ey + I(2, 2) * ez + wx * Iwy - wy * Iwx + hx * vy - hy * vx);
  }
  // Backward: f, n of links k..n about origin k, then about origin k-1 in frame k-1 axes:
  // n <- R_k (n + p* x f), f <- R_k f; tau_k is the z component of n (revolute) or f.
  double fx = 0.0, fy = 0.0, fz = 0.0, nx = 0.0, ny = 0.0, nz = 0.0;
  if (wrenchN) fx = wrenchN[0], fy = wrenchN[1], fz = wrenchN[2], nx = wrenchN[3], ny = wrenchN[4], nz = wrenchN[5];
  for (int k = d.n - 1; k >= 0; --k) {
    fx += d.force[k].x();
    fy += d.force[k].y();
    fz += d.force[k].z();
    nx += d.moment[k].x();
    ny += d.moment[k].y();
    nz += d.moment[k].z();
    dh::wrenchToParent(d, k, fx, fy, fz, nx, ny, nz);
    tau[k] = d.revolute[k] ? nz : fz;
  }
}

}  // namespace detail

void rnea(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
          Eigen::Ref<Eigen::VectorXd> tau) {
  dh::checkData(model, data, "rnea");
  dh::checkSize(q.size(), data.n, "rnea", "q");
  dh::checkSize(qd.size(), data.n, "rnea", "qd");
  dh::checkSize(qdd.size(), data.n, "rnea", "qdd");
  dh::checkSize(tau.size(), data.n, "rnea", "tau");
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, qd.data(), qdd.data(), true, tau.data());
}

void rnea(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
          const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau) {
  dh::checkData(model, data, "rnea");
  dh::checkSize(q.size(), data.n, "rnea", "q");
  dh::checkSize(qd.size(), data.n, "rnea", "qd");
  dh::checkSize(qdd.size(), data.n, "rnea", "qdd");
  dh::checkSize(tau.size(), data.n, "rnea", "tau");
  double wrenchN[6];
  toolWrenchInLastFrame(model, q.data(), wrench, wrenchN);
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, qd.data(), qdd.data(), true, tau.data(), wrenchN);
}

void staticTorques(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                   const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau) {
  dh::checkData(model, data, "staticTorques");
  dh::checkSize(q.size(), data.n, "staticTorques", "q");
  dh::checkSize(tau.size(), data.n, "staticTorques", "tau");
  double wrenchN[6];
  const bool loaded = !wrench.isZero();
  if (loaded) toolWrenchInLastFrame(model, q.data(), wrench, wrenchN);
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, nullptr, nullptr, true, tau.data(), loaded ? wrenchN : nullptr);
}

}  // namespace armdyn
