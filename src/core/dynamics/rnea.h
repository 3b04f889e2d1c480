#pragma once
// Recursive Newton-Euler inverse dynamics (Luh, Walker & Paul 1980; Craig 3rd ed. section 6.5)
// on standard DH frames (Vora eq 3.3): tau = M(q) qdd + C(q, qd) qd + G(q).
// Forward pass: angular velocity/acceleration and origin acceleration of each link frame, with
// gravity entered as a base acceleration -g (g = model.gravity(), base frame, m/s^2). Backward
// pass: force and moment of links k..n about origin k-1; tau_k is its z_{k-1} moment
// (revolute, N m) or force (prismatic, N). Link inertials: model.inertial(k), actuator point
// masses included. q in rad or m, qd in rad/s or m/s, qdd in rad/s^2 or m/s^2.

#include "dynamics/dynamics_data.h"
#include "dynamics/tool_wrench_frames.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Writes tau (size n). Does not allocate. Throws std::invalid_argument on size mismatch.
void rnea(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
          Eigen::Ref<Eigen::VectorXd> tau);
// The same with a tool wrench (model/tool_wrench.h): it enters the backward pass as the force and
// moment the last link delivers to the tool's surroundings, in frame-n axes about origin n.
void rnea(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
          const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau);

// G(q) + J^T W: the joint torques that hold the arm still against gravity and a tool wrench
// (what springs settle to, what a bumpless controller starts from). Does not allocate.
void staticTorques(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                   const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau);

namespace detail {
// The two passes alone, for joint values already loaded by dh::updateJoints. A null qd or qdd
// stands for zeros; withGravity = false drops G(q).
// `wrenchN` (optional, 6 values): force and moment about origin n, frame-n axes, added to the
// last link's.
void rneaPasses(DynamicsData& data, const double* qd, const double* qdd, bool withGravity,
                double* tau, const double* wrenchN = nullptr);
}  // namespace detail

}  // namespace armdyn
