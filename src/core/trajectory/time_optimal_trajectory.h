#pragma once
// A path timed by a phase-plane profile (time_optimal_timing.h builds it): on each piece of a
// JointPath a grid s_i with path speeds sd_i and a constant path acceleration u_i per interval,
// so on an interval s(t) = s_i + sd_i t + u_i t^2 / 2 and the joints follow
//   q = q(s),  qd = q'(s) sd,  qdd = q'(s) u + q''(s) sd^2.
// Pieces run one after the other, each from rest to rest. q and qd are continuous; qdd jumps
// where u switches (bang-bang). Evaluation does not allocate; no reference to a Model.

#include "trajectory/joint_path.h"
#include "trajectory/joint_trajectory.h"

#include <memory>
#include <string>
#include <vector>

namespace armdyn {

class TimeOptimalTrajectory final : public JointTrajectory {
 public:
  // One profile per piece of `path`: s (grid, spanning the piece), x = sd^2 (0 at both ends).
  // `scheme`: what scheme() reports. Throws std::invalid_argument when sizes do not match or an
  // interval would take infinite time (x = 0 at both its ends).
  TimeOptimalTrajectory(std::shared_ptr<const JointPath> path, const std::vector<std::vector<double>>& s,
                        const std::vector<std::vector<double>>& x, std::string scheme);

  int dof() const override { return path_->dof(); }
  double duration() const override { return duration_; }
  void evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                Eigen::Ref<Eigen::VectorXd> qdd) const override;
  const std::vector<TrajectoryKnot>& knots() const override { return knots_; }
  int continuity() const override { return 1; }
  std::string scheme() const override { return scheme_; }

  const JointPath& path() const { return *path_; }
  // Path parameter, speed and acceleration at t (the timing alone).
  void pathState(double t, int& piece, double& s, double& sd, double& sdd) const;
  // Run time at which the path reaches s (s clamped to the path).
  double timeAt(double s) const;

 private:
  struct Interval {
    double t0, s0, s1, sd0, u;
    int piece;
  };
  std::shared_ptr<const JointPath> path_;
  std::string scheme_;
  std::vector<Interval> intervals_;
  std::vector<double> startTimes_;  // t0 of each interval, for the search
  double duration_ = 0.0;
  std::vector<TrajectoryKnot> knots_;
};

}  // namespace armdyn
