#pragma once
// Vora's recursive Lagrangian inverse dynamics (Hollerbach 1980; Vora eqs 3.13-3.19) with 4x4
// homogeneous matrices and Paul's pseudo-inertias J_k = model.inertial(k).pseudo (eq 3.20):
//   forward   T_k = T_{k-1} A_k,  Td_k = Td_{k-1} A_k + T_{k-1} Q A_k qd_k,
//             Tdd_k = Tdd_{k-1} A_k + 2 Td_{k-1} Q A_k qd_k + T_{k-1} Q^2 A_k qd_k^2
//                     + T_{k-1} Q A_k qdd_k                              (3.16-3.18, 3.19)
//   backward  D_k = J_k Tdd_k^T + A_{k+1} D_{k+1},  c_k = m_k r_k + A_{k+1} c_{k+1} (3.14-3.15)
//   F_k = tr(dT_k/dq_k D_k) - g^T dT_k/dq_k c_k,  dT_k/dq_k = T_{k-1} Q A_k          (3.13)
// with g = (gx, gy, gz, 0) from model.gravity() and Q = Q_theta (revolute) or Q_d (prismatic).
// Same units and result as rnea (rnea.h); it is the thesis's own method.

#include "dynamics/dynamics_data.h"
#include "dynamics/tool_wrench_frames.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Writes tau (size n, N m or N). Does not allocate. Throws std::invalid_argument on size
// mismatch.
// A tool wrench (tool_wrench.h, optional) adds its generalised force in the same backward
// recursion: F_k += f^T T_{k-1} Q (A_k p_k) + m^T z_{k-1} (revolute), with p_k the tool point in
// frame k carried back as c_k is (p_{k-1} = A_k p_k).
void recursiveLagrange(const Model& model, DynamicsData& data,
                       const Eigen::Ref<const Eigen::VectorXd>& q,
                       const Eigen::Ref<const Eigen::VectorXd>& qd,
                       const Eigen::Ref<const Eigen::VectorXd>& qdd,
                       Eigen::Ref<Eigen::VectorXd> tau, const ToolWrench* wrench = nullptr);

}  // namespace armdyn
