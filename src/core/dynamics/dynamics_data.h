#pragma once
// DynamicsData: the preallocated workspace of the dynamics algorithms (Pinocchio's Data),
// built once from a Model. It holds per-link constants (cos/sin of the DH twist, the inertial
// data of each link in its own frame) and every buffer the hot calls write, so rnea, crba,
// recursiveLagrange, forwardDynamics and the energies never allocate.
//
// Frames (Vora 3.2.1, standard DH): frame k is fixed in link k, frame 0 is the base; A_k maps
// frame k to frame k-1 and joint k turns or slides along z_{k-1}. Arrays below are 0-based:
// index k - 1 holds link (joint) k.

#include "dynamics/twist_kind.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Fixed-capacity square matrix: heap-free for any n <= kMaxLinks.
using JointMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor,
                                  kMaxLinks, kMaxLinks>;
using JointVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxLinks, 1>;

// Symmetric 3x3 matrix by its six distinct entries (second moments, kg m^2).
struct SymmetricMatrix3 {
  double xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0;
};

struct DynamicsData {
  explicit DynamicsData(const Model& model);

  int n = 0;

  // ---- constants of link k (0-based), from the Model ----
  bool revolute[kMaxLinks];
  double theta0[kMaxLinks];  // DH theta (offset of a revolute joint), rad
  double d0[kMaxLinks];      // DH d (offset of a prismatic joint), m
  double a[kMaxLinks];       // DH a, m
  double cosAlpha[kMaxLinks];
  double sinAlpha[kMaxLinks];
  TwistKind twist[kMaxLinks];  // 0 or +-90 deg: crba turns frames by permutation
  double mass[kMaxLinks];                    // kg
  Eigen::Vector3d firstMoment[kMaxLinks];    // h = m * com, kg m, link frame
  Eigen::Matrix3d inertiaOrigin[kMaxLinks];  // about the link origin, kg m^2, link frame
  SymmetricMatrix3 secondMoment[kMaxLinks];  // S = int r r^T dm about the origin, kg m^2
  Eigen::Matrix4d pseudo[kMaxLinks];         // J (eq 3.20) about the link origin
  Eigen::Vector3d gravity;                   // base frame, m/s^2
  Eigen::Vector4d gravity4;                  // (gx, gy, gz, 0) of eq 3.13

  // ---- joint-dependent, rewritten by every call ----
  double cosTheta[kMaxLinks];
  double sinTheta[kMaxLinks];
  double dJoint[kMaxLinks];  // DH d including a prismatic joint value, m

  // Newton-Euler: inertial force and moment of link k about origin k, frame k axes.
  Eigen::Vector3d force[kMaxLinks];
  Eigen::Vector3d moment[kMaxLinks];

  // Recursive Lagrangian (eqs 3.13-3.18): T[k] = T_k (T[0] = identity), D and c of link k+1.
  Eigen::Matrix4d T[kMaxLinks + 1];
  Eigen::Matrix4d Td[kMaxLinks + 1];
  Eigen::Matrix4d Tdd[kMaxLinks + 1];
  Eigen::Matrix4d D[kMaxLinks];
  Eigen::Vector4d c[kMaxLinks];

  JointMatrix massMatrix;   // M(q) from crba; forwardDynamics adds its armature, if any
  JointMatrix cholesky;     // lower Cholesky factor L of M, forwardDynamics
  JointVector bias;         // C(q, qd) qd + G(q), forwardDynamics
};

}  // namespace armdyn
