#include "trajectory/cartesian_joint_path.h"

#include <algorithm>
#include <cassert>

namespace armdyn {

CartesianJointPath::CartesianJointPath(std::shared_ptr<const CartesianTrajectory> trajectory)
    : trajectory_(std::move(trajectory)), stops_(trajectory_->path().stops()) {
  const std::vector<double>& nodes = trajectory_->nodeArcLength();
  // Every stop is a node (cartesian_trajectory.h): find each stop's node index.
  for (double stop : stops_) {
    const auto it = std::lower_bound(nodes.begin(), nodes.end(), stop - 1e-12);
    firstInterval_.push_back(static_cast<int>(it - nodes.begin()));
  }
  firstInterval_.back() = static_cast<int>(nodes.size()) - 1;
  assert(stops_.size() >= 2);
}

void CartesianJointPath::evaluate(int piece, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                                  Eigen::Ref<Eigen::VectorXd> ddq) const {
  const std::vector<double>& nodes = trajectory_->nodeArcLength();
  const double x = std::clamp(s, stops_[piece], stops_[piece + 1]);
  const auto it = std::upper_bound(nodes.begin(), nodes.end(), x);
  const int i = std::clamp(static_cast<int>(it - nodes.begin()) - 1, firstInterval_[piece],
                           firstInterval_[piece + 1] - 1);
  trajectory_->interpolate(i, x, q, dq, ddq);
}

std::vector<PathKnot> CartesianJointPath::knots() const {
  const CartesianPath& path = trajectory_->path();
  std::vector<PathKnot> out;
  std::vector<bool> rounded(path.points().size(), false);
  for (const PathPiece& piece : path.pieces()) {
    if (piece.kind != PathPieceKind::Arc) continue;
    rounded[piece.point] = true;
    out.push_back({piece.s0, PathKnot::Kind::BlendStart, -1});
    out.push_back({piece.s0 + piece.length, PathKnot::Kind::BlendEnd, -1});
  }
  for (std::size_t k = 0; k < path.pointArcLength().size(); ++k)
    out.push_back({path.pointArcLength()[k], rounded[k] ? PathKnot::Kind::Via : PathKnot::Kind::Point,
                   static_cast<int>(k)});
  std::stable_sort(out.begin(), out.end(), [](const PathKnot& a, const PathKnot& b) { return a.s < b.s; });
  return out;
}

}  // namespace armdyn
