#pragma once
// Geometric Jacobian of the tool frame origin in base coordinates (Craig 5.7-5.8, Paul 1981
// ch. 4): [v; w] = J qd, J is 6 x n with rows vx, vy, vz (m/s), wx, wy, wz (rad/s).
// Column i, with z_{i-1}, p_{i-1} the axis and origin of frame i-1 and p the tool origin:
//   revolute  [z_{i-1} x (p - p_{i-1}); z_{i-1}],   prismatic  [z_{i-1}; 0].

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Non-allocating form from frames already computed by forwardKinematics: `frames` holds
// T_0..T_n, `tool` is T_n TOOL; J must be 6 x n.
void geometricJacobian(const Model& model, const Eigen::Matrix4d* frames, const Eigen::Matrix4d& tool,
                       Eigen::Ref<Eigen::MatrixXd> J);

// Non-allocating form from joint values; J must be 6 x n.
void geometricJacobian(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                       Eigen::Ref<Eigen::MatrixXd> J);

// Convenience: the 6 x n Jacobian at q.
Eigen::MatrixXd geometricJacobian(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

}  // namespace armdyn
