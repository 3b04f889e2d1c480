#include "trajectory/joint_polyline_path.h"

#include <algorithm>
#include <stdexcept>

namespace armdyn {

JointPolylinePath::JointPolylinePath(const Eigen::MatrixXd& points) {
  if (points.rows() < 2 || points.cols() < 1 || !points.allFinite())
    throw std::invalid_argument("JointPolylinePath: need at least two finite points");
  std::vector<int> keep{0};
  start_.push_back(0.0);
  for (int k = 1; k < points.rows(); ++k) {
    const double d = (points.row(k) - points.row(keep.back())).norm();
    if (d == 0.0) continue;
    keep.push_back(k);
    start_.push_back(start_.back() + d);
  }
  if (keep.size() < 2) throw std::invalid_argument("JointPolylinePath: all points are equal");
  points_.resize(static_cast<Eigen::Index>(keep.size()), points.cols());
  for (std::size_t k = 0; k < keep.size(); ++k) points_.row(static_cast<Eigen::Index>(k)) = points.row(keep[k]);
  pointIndex_ = keep;
}

void JointPolylinePath::evaluate(int piece, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                                 Eigen::Ref<Eigen::VectorXd> ddq) const {
  const double s0 = start_[piece], s1 = start_[piece + 1];
  const double x = std::clamp(s, s0, s1) - s0;
  const double inv = 1.0 / (s1 - s0);
  dq = (points_.row(piece + 1) - points_.row(piece)).transpose() * inv;
  q = points_.row(piece).transpose() + dq * x;
  ddq.setZero();
}

std::vector<PathKnot> JointPolylinePath::knots() const {
  std::vector<PathKnot> out;
  for (std::size_t k = 0; k < start_.size(); ++k) out.push_back({start_[k], PathKnot::Kind::Point, pointIndex_[k]});
  return out;
}

}  // namespace armdyn
