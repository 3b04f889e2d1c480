#pragma once
// Forward kinematics, Vora eq 3.5-3.7: T_0 = BASE (the identity for Vora's arms), T_i = T_{i-1} A_i(q_i) (A_i of eq 3.3-3.4),
// tool frame = T_n TOOL. All frames in base coordinates; metres, radians.

#include "model/model.h"

#include <Eigen/Core>
#include <array>
#include <vector>

namespace armdyn {

// Room for T_0..T_n of the longest chain; lives on the stack, no allocation.
using LinkFrameArray = std::array<Eigen::Matrix4d, kMaxLinks + 1>;

// Non-allocating form. `frames` must point to model.dof() + 1 matrices: writes frames[0] = BASE
// and frames[i] = T_i (frame of link i in base coordinates). Returns the tool frame T_n TOOL.
// q: n joint values (rad or m). Throws std::invalid_argument if q has the wrong size.
Eigen::Matrix4d forwardKinematics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                  Eigen::Matrix4d* frames);

// Tool frame T_n TOOL in base coordinates (eq 3.7).
Eigen::Matrix4d toolPose(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

// T_0..T_n (n + 1 frames) in base coordinates.
std::vector<Eigen::Matrix4d> linkFrames(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

}  // namespace armdyn
