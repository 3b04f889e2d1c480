#pragma once
// Internal helpers of the dynamics algorithms: the DH link transform A_k = [R_k p_k; 0 1]
// (eq 3.4) with R_k = Rz(theta_k) Rx(alpha_k) and p_k = (a ct, a st, d), applied to vectors
// without forming the matrix, and argument checks shared by the algorithms.

#include "dynamics/dynamics_data.h"

#include <Eigen/Core>
#include <cmath>

namespace armdyn::dh {

[[noreturn]] void throwDataMismatch(int dataDof, int modelDof, const char* function);
[[noreturn]] void throwSizeMismatch(Eigen::Index size, int n, const char* function, const char* what);

// Throws std::invalid_argument unless data was built for a model of this size.
inline void checkData(const Model& model, const DynamicsData& data, const char* function) {
  if (data.n != model.dof()) throwDataMismatch(data.n, model.dof(), function);
}

// Throws std::invalid_argument unless an argument has n entries.
inline void checkSize(Eigen::Index size, int n, const char* function, const char* what) {
  if (size != n) throwSizeMismatch(size, n, function, what);
}

// Only sin/cos of the joint angles change per call; the twist terms are precomputed.
inline void updateJoints(DynamicsData& data, const double* q) {
  for (int k = 0; k < data.n; ++k) {
    if (data.revolute[k]) {
      const double theta = data.theta0[k] + q[k];
      data.cosTheta[k] = std::cos(theta);
      data.sinTheta[k] = std::sin(theta);
    } else {
      data.dJoint[k] = data.d0[k] + q[k];
    }
  }
}

// R_k v: frame k components to frame k-1 components.
inline Eigen::Vector3d rotate(const DynamicsData& d, int k, const Eigen::Vector3d& v) {
  const double ca = d.cosAlpha[k], sa = d.sinAlpha[k], ct = d.cosTheta[k], st = d.sinTheta[k];
  const double y = ca * v.y() - sa * v.z();
  return {ct * v.x() - st * y, st * v.x() + ct * y, sa * v.y() + ca * v.z()};
}

// R_k^T v: frame k-1 components to frame k components.
inline Eigen::Vector3d rotateBack(const DynamicsData& d, int k, const Eigen::Vector3d& v) {
  const double ca = d.cosAlpha[k], sa = d.sinAlpha[k], ct = d.cosTheta[k], st = d.sinTheta[k];
  const double x = ct * v.x() + st * v.y();
  const double y = -st * v.x() + ct * v.y();
  return {x, ca * y + sa * v.z(), -sa * y + ca * v.z()};
}

// Origin of frame k in frame k-1 (p_k) and in frame k (R_k^T p_k = (a, d sa, d ca)).
inline Eigen::Vector3d originInParent(const DynamicsData& d, int k) {
  return {d.a[k] * d.cosTheta[k], d.a[k] * d.sinTheta[k], d.dJoint[k]};
}
inline Eigen::Vector3d originInChild(const DynamicsData& d, int k) {
  return {d.a[k], d.dJoint[k] * d.sinAlpha[k], d.dJoint[k] * d.cosAlpha[k]};
}

// Wrench of links k..n from origin k (frame k axes) to origin k-1 (frame k-1 axes):
// n <- R_k (n + p* x f), f <- R_k f, with p* = (a, d sa, d ca) the origin of frame k seen from
// origin k-1 in frame k axes. Plain scalars: it sits in the innermost loops of rnea and crba.
inline void wrenchToParent(const DynamicsData& d, int k, double& fx, double& fy, double& fz, double& nx,
                           double& ny, double& nz) {
  const double ca = d.cosAlpha[k], sa = d.sinAlpha[k], ct = d.cosTheta[k], st = d.sinTheta[k];
  const double px = d.a[k], py = d.dJoint[k] * sa, pz = d.dJoint[k] * ca;
  const double mx = nx + py * fz - pz * fy;
  const double my = ny + pz * fx - px * fz;
  const double mz = nz + px * fy - py * fx;
  const double my2 = ca * my - sa * mz;
  nz = sa * my + ca * mz;
  nx = ct * mx - st * my2;
  ny = st * mx + ct * my2;
  const double fy2 = ca * fy - sa * fz;
  fz = sa * fy + ca * fz;
  const double fx2 = ct * fx - st * fy2;
  fy = st * fx + ct * fy2;
  fx = fx2;
}

}  // namespace armdyn::dh
