#pragma once
// Frames drawn by the viewport for one joint vector: base, links 1..n, tool (n + 2 frames, base
// coordinates). A thin adapter over the core forward kinematics (eq 3.5-3.7).

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn::app {

class ArmFrames {
 public:
  explicit ArmFrames(const Model& model);
  int count() const { return model_.dof() + 2; }
  // Writes count() frames to out.
  void compute(const Eigen::VectorXd& q, Eigen::Matrix4d* out) const;

 private:
  const Model& model_;
};

}  // namespace armdyn::app
