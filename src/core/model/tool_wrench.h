#pragma once
// A wrench at the tool (Stepniewski's tool forces): the force and moment the tool exerts on its
// surroundings (drilling, pressing, holding a load against a fixture), acting at the tool point,
// with components in world axes or in the tool's own axes. The surroundings push back with the
// opposite wrench, so the joints must deliver
//   tau = M qdd + C qd + G + J^T W,   W = (force; moment) in frame-0 axes, J at the tool point,
// which both inverse dynamics formulations (dynamics/rnea.h, dynamics/lagrange.h) add inside
// their recursions and forward dynamics subtracts (dynamics/forward_dynamics.h). The frames the
// recursions take it in: dynamics/tool_wrench_frames.h.

#include <Eigen/Core>
#include <cmath>
#include <string>

namespace armdyn {

struct ToolWrench {
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // N
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // N m, about the tool point
  bool inToolAxes = false;                           // components in tool axes (else world axes)

  bool isZero() const { return force.isZero(0.0) && moment.isZero(0.0); }
};

// A component beyond this (N or N m) is a slip of the keyboard, not a tool load, and would
// overflow the dynamics: every reader, option and dialog refuses it (one owner of the rule).
constexpr double kMaxToolWrenchComponent = 1e6;

// "" when a force or moment component `value` is finite and within kMaxToolWrenchComponent,
// else why not, in words.
inline std::string toolWrenchComponentProblem(double value) {
  if (!std::isfinite(value)) return "force and moment must be finite";
  if (std::abs(value) > kMaxToolWrenchComponent)
    return "at most 1e6 N (N m) per component: more is a slip of the keyboard, not a tool load";
  return "";
}

}  // namespace armdyn
