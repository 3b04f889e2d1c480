#pragma once
// A wrench at the tool (Stepniewski's tool forces; issue 10 item 3): the force and moment the
// tool exerts on its surroundings (drilling, pressing, holding a load against a fixture),
// acting at the tool point, with components in world axes or in the tool's own axes. The
// surroundings push back with the opposite wrench, so the joints must deliver
//   tau = M qdd + C qd + G + J^T W,   W = (force; moment) in frame-0 axes, J at the tool point,
// which both inverse dynamics formulations (rnea.h, lagrange.h) add inside their recursions and
// forward dynamics subtracts (forward_dynamics.h).

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

struct ToolWrench {
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // N
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // N m, about the tool point
  bool inToolAxes = false;                           // components in tool axes (else world axes)

  bool isZero() const { return force.isZero(0.0) && moment.isZero(0.0); }
};

// The wrench in DH frame-0 axes, and the tool point in frame 0, at joint values q.
struct ToolWrenchInBase {
  Eigen::Vector3d force, moment, point;
};
ToolWrenchInBase toolWrenchInBase(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const ToolWrench& w);

// The wrench as Newton-Euler's backward pass takes it: force and moment about origin n in
// frame-n axes, R_0n^T (f, m + (p - o_n) x f), at joint values q (n entries). Does not allocate.
void toolWrenchInLastFrame(const Model& model, const double* q, const ToolWrench& w, double wrenchN[6]);

}  // namespace armdyn
