#pragma once
// Joint motion along a Cartesian path (Craig 7.4-7.5, Stepniewski section 2): the tool follows
// a CartesianPath (lines, fly-by arcs, angle-axis orientation) with a path speed s(t) from a
// PathSpeedProfile, and the joints follow by inverse kinematics.
//
// Construction: nodes along the path, adaptively: candidates every 10 mm of line and 10 deg of
// arc, every piece junction a node (with q' and q'' kept for each side); walking them in order,
// q at a node by Newton's method on the pose error from the previous node's prediction
// q + q' ds + q'' ds^2 / 2 (continuous by construction; the first node is solved in the task's
// configuration), and an interval halved while that prediction is off by more than 1e-4 (the
// path bends q fast there: near singularities) or a joint would move more than 0.05 rad. Then
//   q'  = J^+ X'                      X' = [dp/ds; w]       (J the rows the task constrains:
//   q'' = J^+ (X'' - (dJ/ds) q')      X'' = [d2p/ds2; dw]    6 for n >= 6, position for n < 6)
// with dJ/ds = d/de J(q + e q') by a forward difference (e = 1e-7). Limits on the path speed (the MAX
// stage): speed <= `speed`, v^2 / r <= `pathAcceleration` on arcs, and per joint
//   |q'_j| sd <= vmax_j,   |q''_j| sd^2 <= amax_j / 2,   |q'_j| |sdd| <= amax_j / 2,
// with |q'_j|, |q''_j| the largest over each node interval (ends and 7 interior points), as one
// speed cap per interval (PathSpeedProfile), so |qdd_j| = |q''_j sd^2 + q'_j sdd| <= amax_j:
// every joint limit holds on every sample. Joint positions are checked at those points too.
// Evaluation: s, sd, sdd from the profile; q(s) by the quintic Hermite interpolant of q, q', q''
// between nodes; qd = q' sd, qdd = q'' sd^2 + q' sdd. q and qd are continuous, qdd jumps where
// the path acceleration switches. Evaluation does not allocate; no reference to the Model.

#include "model/model.h"
#include "trajectory/cartesian_path.h"
#include "trajectory/joint_trajectory.h"
#include "trajectory/path_speed_profile.h"

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {

struct CartesianPlanOptions {
  double speed = 0.0;             // path speed, m/s (> 0)
  double pathAcceleration = 0.0;  // path acceleration, m/s^2 (> 0)
  std::string configuration;      // inverse-kinematics configuration of the first point
  Eigen::VectorXd seed;           // for the first point's inverse kinematics (empty = home)
  std::string scheme = "line";    // "line" or "line-arc", reported by scheme()
};

// Where the path cannot be followed, in the path's terms (the plan step adds file and line).
class PathFollowingError : public std::runtime_error {
 public:
  enum class Kind { Unreachable, JointLimit, Singularity, TooLong };
  PathFollowingError(Kind kind, const std::string& message, double s, int point)
      : std::runtime_error(message), kind_(kind), s_(s), point_(point) {}
  Kind kind() const { return kind_; }
  double arcLength() const { return s_; }  // m along the path
  int point() const { return point_; }     // the point the failing piece leaves from or rounds (0-based)

 private:
  Kind kind_;
  double s_;
  int point_;
};

class CartesianTrajectory final : public JointTrajectory {
 public:
  // Throws PathFollowingError: the first pose unreachable, an intermediate pose out of reach
  // (Newton does not converge: s, position), a joint leaving its limits, a singularity on the
  // path (smallest singular value of J below 1e-6 at a node, or, for six joints, det J changing
  // sign between two nodes: s, position, det J).
  CartesianTrajectory(const Model& model, std::shared_ptr<const CartesianPath> path,
                      const CartesianPlanOptions& options);

  int dof() const override { return n_; }
  double duration() const override { return profile_->duration(); }
  void evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                Eigen::Ref<Eigen::VectorXd> qdd) const override;
  const std::vector<TrajectoryKnot>& knots() const override { return knots_; }
  int continuity() const override { return 1; }
  std::string scheme() const override { return scheme_; }

  const CartesianPath& path() const { return *path_; }
  const PathSpeedProfile& profile() const { return *profile_; }
  // Node grid: arc length (m), and det J (six joints, signed) or sqrt(det(J J^T)) (fewer: the
  // rows the task constrains) at each node.
  const std::vector<double>& nodeArcLength() const { return nodeS_; }
  const std::vector<double>& nodeJacobianDeterminant() const { return nodeDet_; }
  // Stretches where a joint limit (not the path's own speed) sets the speed, in words.
  const std::vector<std::string>& notes() const { return notes_; }
  // q, q' = dq/ds, q'' = d2q/ds2 at arc length s inside node interval `interval` (0 ..
  // nodes - 2; s clamped to it; the quintic Hermite interpolant). Outputs of size dof(); does
  // not allocate. The geometry without the timing (cartesian_joint_path.h).
  void interpolate(int interval, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                   Eigen::Ref<Eigen::VectorXd> ddq) const;

 private:
  int n_ = 0;
  std::string scheme_;
  std::shared_ptr<const CartesianPath> path_;
  std::unique_ptr<PathSpeedProfile> profile_;
  std::vector<double> nodeS_, nodeDet_;
  // n x nodes: q, and q', q'' on each side of the node (they differ where pieces meet: a corner
  // at a stop changes q', a line meeting an arc changes q'').
  Eigen::MatrixXd nodeQ_, nodeDqLeft_, nodeDqRight_, nodeDdqLeft_, nodeDdqRight_;
  // The quintic Hermite interpolant of each joint on each node interval as a polynomial in the
  // interval's fraction x: column i * n + j holds c0..c5 (built once; evaluation is Horner).
  Eigen::Matrix<double, 6, Eigen::Dynamic> coefficients_;
  void buildCoefficients();
  std::vector<TrajectoryKnot> knots_;
  std::vector<std::string> notes_;
};

}  // namespace armdyn
