#pragma once
// Joint-space mass (inertia) matrix M(q) by the composite rigid body algorithm (Walker & Orin
// 1982; Featherstone 2008 ch. 6) on DH frames: the links k..n are lumped into one body
// (mass, first moment h, second moments S = int r r^T dm) in frame k-1 about its origin, a unit
// acceleration of joint k gives its wrench (revolute: f = z x h, n = I z; prismatic: f = m z,
// n = h x z), and M(j, k) is that wrench's z_{j-1} component for every j <= k.
// Kinetic energy is 0.5 qd^T M qd. Units: kg m^2 (revolute pairs), kg m, kg (prismatic).

#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Writes the symmetric n x n matrix M (not data.massMatrix). Does not allocate. Throws std::invalid_argument on
// size mismatch.
void crba(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          Eigen::Ref<Eigen::MatrixXd> M);

// Allocating convenience form (CLI, GUI; not for hot loops).
Eigen::MatrixXd massMatrix(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

namespace detail {
// For joint values already loaded by dh::updateJoints: writes M into data.massMatrix.
void crbaPass(DynamicsData& data);
}  // namespace detail

}  // namespace armdyn
