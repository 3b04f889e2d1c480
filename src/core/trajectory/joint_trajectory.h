#pragma once
// A joint-space trajectory: q(t), qd(t), qdd(t) for t in [0, duration], every scheme of the
// catalogue behind one interface (Craig ch. 7; Vora ch. 4). Run time t starts at 0. Joint
// values in rad (revolute) or m (prismatic), times in s. Implementations are immutable once
// built and keep no reference to a Model, so a plan outlives any edit of the robot.
//
// Knots tell a viewer where the plan changes piece: segment ends, blend starts and ends, and
// the times at which task points are reached (or passed nearest, for schemes that pass via
// points near rather than through them).

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

enum class KnotKind {
  Point,       // the trajectory passes through task point `point` at `time`
  Via,         // the trajectory passes near (not through) task point `point`; `time` is the nearest pass
  BlendStart,  // a blend (parabolic, quartic or arc) starts
  BlendEnd,    // a blend ends
};

struct TrajectoryKnot {
  double time = 0.0;  // s
  KnotKind kind = KnotKind::Point;
  int point = -1;     // task point index (0-based) for Point and Via, else -1
};

class JointTrajectory {
 public:
  virtual ~JointTrajectory() = default;

  virtual int dof() const = 0;
  // Total time, s (> 0).
  virtual double duration() const = 0;
  // State at run time t, clamped to [0, duration()]. q, qd, qdd must have size dof().
  // Must not allocate (called on every sample of a run and inside the control loop).
  virtual void evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                        Eigen::Ref<Eigen::VectorXd> qdd) const = 0;
  // Knots in time order (see above).
  virtual const std::vector<TrajectoryKnot>& knots() const = 0;
  // Highest derivative that is continuous everywhere on [0, duration]: 1 (q, qd) or 2 (q, qd, qdd).
  virtual int continuity() const = 0;
  // Short name of the scheme: "paul", "cubic", "cubic-spline", "quintic", "lspb", "line", "line-arc".
  virtual std::string scheme() const = 0;
  // Whether the motion ends at rest (qd = 0 at duration(); qdd need not be 0); Paul's does not.
  virtual bool endsAtRest() const { return true; }
};

}  // namespace armdyn
