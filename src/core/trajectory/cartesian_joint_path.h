#pragma once
// The joint-space path of a Cartesian line / line-arc plan (cartesian_trajectory.h) without its
// timing: q(s) with s the arc length of the tool path (m), from the plan's inverse-kinematics
// nodes (quintic Hermite between them). Pieces end at the path's stops (first and last point,
// every corner without a blend radius); arcs and lines meeting at a fly-by point are one piece.

#include "trajectory/cartesian_trajectory.h"
#include "trajectory/joint_path.h"

#include <memory>

namespace armdyn {

class CartesianJointPath final : public JointPath {
 public:
  explicit CartesianJointPath(std::shared_ptr<const CartesianTrajectory> trajectory);

  int dof() const override { return trajectory_->dof(); }
  int pieceCount() const override { return static_cast<int>(stops_.size()) - 1; }
  double pieceStart(int piece) const override { return stops_[piece]; }
  double pieceEnd(int piece) const override { return stops_[piece + 1]; }
  void evaluate(int piece, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                Eigen::Ref<Eigen::VectorXd> ddq) const override;
  std::vector<PathKnot> knots() const override;

 private:
  std::shared_ptr<const CartesianTrajectory> trajectory_;
  std::vector<double> stops_;
  std::vector<int> firstInterval_;  // node interval range of each piece: [first, first of next)
};

}  // namespace armdyn
