#pragma once
// A tool wrench (model/tool_wrench.h) in the frames the dynamics recursions take it in.

#include "model/model.h"
#include "model/tool_wrench.h"

#include <Eigen/Core>

namespace armdyn {

// The wrench in DH frame-0 axes, and the tool point in frame 0, at joint values q.
struct ToolWrenchInBase {
  Eigen::Vector3d force, moment, point;
};
ToolWrenchInBase toolWrenchInBase(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const ToolWrench& w);

// The wrench as Newton-Euler's backward pass takes it: force and moment about origin n in
// frame-n axes, R_0n^T (f, m + (p - o_n) x f), at joint values q (n entries). Does not allocate.
void toolWrenchInLastFrame(const Model& model, const double* q, const ToolWrench& w, double wrenchN[6]);

}  // namespace armdyn
