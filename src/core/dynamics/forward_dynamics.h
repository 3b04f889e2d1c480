#pragma once
// Forward dynamics qdd = M(q)^-1 (tau - C(q, qd) qd - G(q)): M by the composite rigid body
// algorithm (crba.h), the bias by one Newton-Euler pass (rnea.h), then a Cholesky solve
// M = L L^T in the preallocated data.cholesky. tau in N m or N, qdd in rad/s^2 or m/s^2.

#include "dynamics/dynamics_data.h"
#include "dynamics/tool_wrench_frames.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Writes qdd (size n). Does not allocate. Throws std::invalid_argument on size mismatch and
// std::runtime_error if M(q) is not positive definite (a link without mass on a free axis).
void forwardDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& tau, Eigen::Ref<Eigen::VectorXd> qdd);

// The same with a joint-side armature added to the diagonal of M, e.g. the reflected rotor
// inertia N^2 J_rotor of a drive (kg m^2, or kg for a prismatic joint):
// qdd = (M(q) + diag(armature))^-1 (tau - C(q, qd) qd - G(q)).
void forwardDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& tau,
                     const Eigen::Ref<const Eigen::VectorXd>& armature,
                     Eigen::Ref<Eigen::VectorXd> qdd);

// With the wrench the tool exerts on its surroundings (model/tool_wrench.h):
// qdd = M^-1 (tau - C qd - G - J^T W). (Allocates a zero vector: not for hot loops yet.)
void forwardDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& tau, const ToolWrench& wrench,
                     Eigen::Ref<Eigen::VectorXd> qdd);

// Allocating convenience form (CLI, GUI; not for hot loops).
Eigen::VectorXd forwardDynamics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                const Eigen::Ref<const Eigen::VectorXd>& qd,
                                const Eigen::Ref<const Eigen::VectorXd>& tau);

}  // namespace armdyn
