#pragma once
// The straight line in joint space between consecutive joint points (the path of every
// joint-space scheme between two points; with via points, the polyline through them, which
// stops at each point because its direction changes there). Parameter s: Euclidean distance in
// joint space (rad and m mixed, as the joints are), so |dq/ds| = 1 and d2q/ds2 = 0.

#include "trajectory/joint_path.h"

#include <Eigen/Core>

namespace armdyn {

class JointPolylinePath final : public JointPath {
 public:
  // `points`: one row per point, at least two, finite. Consecutive equal points are merged
  // (no zero-length piece); throws std::invalid_argument when fewer than two distinct remain.
  explicit JointPolylinePath(const Eigen::MatrixXd& points);

  int dof() const override { return static_cast<int>(points_.cols()); }
  int pieceCount() const override { return static_cast<int>(start_.size()) - 1; }
  double pieceStart(int piece) const override { return start_[piece]; }
  double pieceEnd(int piece) const override { return start_[piece + 1]; }
  void evaluate(int piece, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                Eigen::Ref<Eigen::VectorXd> ddq) const override;
  std::vector<PathKnot> knots() const override;

 private:
  Eigen::MatrixXd points_;        // distinct points, rows
  std::vector<int> pointIndex_;   // task point index of each distinct point
  std::vector<double> start_;     // s of each distinct point
};

}  // namespace armdyn
