#include "kinematics/cyclic_chain.h"

#include "kinematics/pose.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

// With z = M's third column (axis B in A's frame) and p = M's origin: Rz(t_a) Rx(alpha) e_z = z
// gives sin(alpha) (sin t_a, -cos t_a) = (z_x, z_y), cos(alpha) = z_z; the origin
// p = a x + d_a e_z + d_B z with x = (cos t_a, sin t_a, 0) the common normal (perpendicular to
// e_z and z): a = x . p, and along y = e_z x x (for which y . z = -sin(alpha)) d_B = -(y . p) /
// sin(alpha), then d_a = p_z - d_B z_z. t_b is what is left of M's rotation:
// Rz(t_b) = (Rz(t_a) Rx(alpha))^T R, read off its first column.
LinePairDh linePairDh(const Eigen::Matrix4d& M) {
  // Below this sine the axes count as parallel: the exact step's d_A, d_B grow as |p| / sin(alpha)
  // and carry the rounding of p times that into C's forward kinematics (1e-16 |p| / 1e-7: 1e-9 m
  // at most), while the tilt dropped is below 1e-7 rad, which the callers' Newton step removes.
  constexpr double kParallel = 1e-7;
  const Eigen::Vector3d z = M.block<3, 1>(0, 2), p = M.block<3, 1>(0, 3), u = M.block<3, 1>(0, 0);
  LinePairDh r;
  const double s = std::hypot(z.x(), z.y());
  double ct = 1.0, st = 0.0;
  if (s > kParallel) {
    ct = -z.y() / s, st = z.x() / s;
    r.alpha = std::atan2(s, z.z());
    r.a = ct * p.x() + st * p.y();
    r.dB = -(-st * p.x() + ct * p.y()) / s;
    r.dA = p.z() - r.dB * z.z();
  } else {
    // Parallel: the normal through A's origin towards B.
    const double h = std::hypot(p.x(), p.y());
    if (h > 0.0) ct = p.x() / h, st = p.y() / h;
    r.alpha = z.z() > 0.0 ? 0.0 : M_PI;
    r.a = h;
    r.dA = 0.0;
    r.dB = p.z() * (z.z() > 0.0 ? 1.0 : -1.0);
    r.droppedTilt = s;
  }
  r.thetaA = std::atan2(st, ct);
  // (Rz(t_a) Rx(alpha))^T u: first Rz(-t_a), then Rx(-alpha).
  const double ux = ct * u.x() + st * u.y(), uy = -st * u.x() + ct * u.y(), uz = u.z();
  const double ca = std::cos(r.alpha), sa = std::sin(r.alpha);
  r.thetaB = std::atan2(ca * uy + sa * uz, ux);
  return r;
}

bool cyclicChainDh(const Model& model, const Eigen::Matrix4d& T0n, int shift, DhParameters* dh) {
  const int n = model.dof();
  if (shift < 1 || shift >= n)
    throw std::invalid_argument("cyclicChain: shift " + std::to_string(shift) + " outside 1.." + std::to_string(n - 1));
  if (!T0n.allFinite()) throw std::invalid_argument("cyclicChain: the target is not finite");
  for (int j = 0; j < n; ++j) dh[j] = model.dh(cyclicJoint(n, shift, j));
  // M = X_n T0n^-1, X_n = Tx(a_n) Rx(alpha_n): the last link with theta = d = 0 (from the
  // model's cosine and sine of alpha, no trigonometry per pose).
  Eigen::Matrix4d X = Eigen::Matrix4d::Identity();
  appendDhLink(X, 1.0, 0.0, model.dh(n - 1).a, 0.0, model.cosAlpha(n - 1), model.sinAlpha(n - 1));
  const LinePairDh w = linePairDh(X * rigidInverse(T0n));
  DhParameters& joint6 = dh[n - 1 - shift];  // C's link of the arm's joint n
  joint6.theta += w.thetaA;
  joint6.d += w.dA;
  joint6.a = w.a;
  joint6.alpha = w.alpha;
  DhParameters& joint1 = dh[n - shift];  // C's link of the arm's joint 1
  joint1.theta += w.thetaB;
  joint1.d += w.dB;
  // Exact up to rounding of the arm's size: the step's offsets grow as 1 / sin(alpha), and so
  // does their rounding (1e-16 |p| / 1e-7: 1e-9 m just above the parallel threshold), so within
  // 1e-4 rad of parallel C is called inexact too (its candidates are then checked on the arm).
  return w.droppedTilt == 0.0 && std::abs(std::sin(w.alpha)) >= 1e-4;
}

CyclicChain cyclicChain(const Model& model, const Eigen::Matrix4d& T0n, int shift) {
  const int n = model.dof();
  DhParameters dh[kMaxLinks];
  CyclicChain c;
  c.exact = cyclicChainDh(model, T0n, shift, dh);
  c.spec.name = model.spec().name + " (from joint " + std::to_string(shift + 1) + ")";
  c.spec.actuatorMassRule = model.spec().actuatorMassRule;
  c.spec.allowNonPhysicalInertia = model.spec().allowNonPhysicalInertia;
  c.spec.links.reserve(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    c.spec.links.push_back(chainLinkOf(model.spec().links[static_cast<std::size_t>(cyclicJoint(n, shift, j))]));
    c.spec.links.back().dh = dh[j];
  }
  return c;
}

}  // namespace armdyn
