#pragma once
// Paul's joint-space trajectory with quartic transitions (Vora ch. 4, Paul 1981), in the
// corrected form of docs/validation.md (printed eqs 4.3-4.5 lost a power of h and a tau).
// For the segment from point B to point C, entered from A (where the previous straight part
// ended), dB = A - B, dC = C - B, tau = TACC, T = segment time, local time s in [-tau, T - tau):
//   transition -tau <= s < tau, h = (s + tau) / (2 tau):
//     q   = [(dC tau/T + dB)(2 - h) h^2 - 2 dB] h + B + dB
//     qd  = [(dC tau/T + dB)(1.5 - h) 2 h^2 - dB] / tau
//     qdd = (dC tau/T + dB)(1 - h) 3 h / tau^2
//   straight part tau <= s < T - tau:  q = dC s/T + B,  qd = dC/T,  qdd = 0
//   segment time, eq 4.9:  T = max(max_j |dC_j| / Vmax_j, 2 tau).
// The run starts at t = 0 halfway through a transition centred on the first point with A = B
// (already moving); the last segment runs its whole T and ends on the last point.
// Units: joint values rad or m, times s. Evaluation does not allocate.

#include "trajectory/joint_trajectory.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// One segment of the plan in run time (t = 0 at the first point).
struct TrajectorySegment {
  int from = 0;          // index of its start point B (it ends at point from + 1)
  double start = 0.0;    // run time where it takes over (start of its transition), s
  double end = 0.0;      // run time where the next segment takes over, s
  double centre = 0.0;   // run time of its local s = 0, the centre of the transition at B, s
  double duration = 0.0; // segment time T of eq 4.9, s
};

class PaulTrajectory final : public JointTrajectory {
 public:
  // `points`: task points in joint space, one row per point (at least two), n columns.
  // `vMax`: maximum joint velocities (> 0), `tacc`: TACC (> 0). Throws std::invalid_argument.
  PaulTrajectory(const Eigen::MatrixXd& points, const Eigen::VectorXd& vMax, double tacc);

  // Eq 4.9 for one segment.
  static double segmentTime(const Eigen::VectorXd& dC, const Eigen::VectorXd& vMax, double tacc);

  int dof() const override { return static_cast<int>(points_.cols()); }
  int pointCount() const { return static_cast<int>(points_.rows()); }
  const Eigen::MatrixXd& points() const { return points_; }
  double tacc() const { return tacc_; }
  // Total run time: sum of the segment times, s.
  double duration() const override { return duration_; }
  const std::vector<TrajectorySegment>& segments() const { return segments_; }
  // Run time at which the plan passes nearest each point (transition centres; the last point
  // at the end), s.
  const std::vector<double>& pointTimes() const { return pointTimes_; }

  // State at run time t (clamped to [0, duration]). Outputs must have size dof(); no
  // allocation.
  void evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                Eigen::Ref<Eigen::VectorXd> qdd) const override;
  // Transition starts and ends (BlendStart/BlendEnd) and the points (Via: passed near, at the
  // transition centre; the last point is reached: Point). q, qd and qdd are continuous.
  const std::vector<TrajectoryKnot>& knots() const override { return knots_; }
  int continuity() const override { return 2; }
  std::string scheme() const override { return "paul"; }
  bool endsAtRest() const override { return false; }
  // Index of the segment active at run time t (clamped).
  int segmentAt(double t) const;

 private:
  Eigen::MatrixXd points_;  // m x n
  double tacc_;
  double duration_ = 0.0;
  std::vector<TrajectorySegment> segments_;
  std::vector<double> starts_;  // segments_[k].start, for the binary search
  std::vector<double> pointTimes_;
  std::vector<TrajectoryKnot> knots_;
  Eigen::MatrixXd dB_, dC_;  // n x segments: A - B and C - B per segment
};

}  // namespace armdyn
