#pragma once
// The joint-space schemes of the catalogue behind one factory (Craig 7.3; Vora ch. 4):
//   paul          Paul's quartic transitions (paul_trajectory.h), TACC; starts and ends moving
//   cubic         cubic segments (7.3-7.11); via velocities by Craig's heuristic (average of the
//                 neighbouring slopes, zero where the slope changes sign or is zero), zero, or
//                 chosen for continuous acceleration (= cubic-spline)
//   cubic-spline  cubics with continuous acceleration through every via point (Example 7.2
//                 generalised: a tridiagonal system in the via velocities)
//   quintic       quintic segments (7.16-7.18); via velocities by the heuristic, via
//                 accelerations zero; two points: rest to rest
//   lspb          linear segments with parabolic blends: one segment (7.19-7.23) or through via
//                 points (7.24-7.28); the via points are passed near, not through
// All but paul start and end at rest. Timing: `durations` per segment, or the shortest
// durations that keep every joint within vMax and aMax (segment_timing.h).

#include "trajectory/joint_trajectory.h"

#include <Eigen/Core>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

enum class JointScheme { Paul, Cubic, CubicSpline, Quintic, Lspb };
// "paul", "cubic", "cubic-spline", "quintic", "lspb".
const char* jointSchemeName(JointScheme scheme);

enum class ViaVelocity { Heuristic, Zero, ContinuousAcceleration };
// "heuristic", "zero", "continuous-acceleration".
const char* viaVelocityName(ViaVelocity via);

// A trajectory the scheme cannot build from these inputs. `field` is the task-file key at
// fault ("durations", "acceleration", "joint_points", "tacc"), `index` the 0-based segment
// (durations, lspb blends) or point it concerns, or -1; what() says why in the user's terms,
// with the limit (e.g. "segment 2 needs |acceleration| >= 61.3 deg/s^2 ..." is built by the
// caller; here the minimum is given in SI in `limit`).
class TrajectoryError : public std::invalid_argument {
 public:
  TrajectoryError(std::string field, int index, const std::string& message, double limit = 0.0)
      : std::invalid_argument(message), field_(std::move(field)), index_(index), limit_(limit) {}
  const std::string& field() const { return field_; }
  int index() const { return index_; }
  double limit() const { return limit_; }

 private:
  std::string field_;
  int index_;
  double limit_;
};

struct JointSchemeOptions {
  JointScheme scheme = JointScheme::Paul;
  std::vector<double> durations;           // s, one per segment; empty = shortest from the limits
  ViaVelocity viaVelocity = ViaVelocity::Heuristic;  // cubic only
  Eigen::VectorXd acceleration;            // lspb: blend |qdd| per joint (rad/s^2, m/s^2); empty = aMax
  double tacc = 0.3;                       // paul: TACC, s
  Eigen::VectorXd vMax;                    // per joint, > 0 (rad/s, m/s)
  Eigen::VectorXd aMax;                    // per joint, > 0, or +inf where the robot gives none
};

// `points`: m x n, one row per point (m >= 2). Throws TrajectoryError for inputs the scheme
// refuses, std::invalid_argument for malformed arguments (sizes, non-finite values).
std::shared_ptr<const JointTrajectory> planJointTrajectory(const Eigen::MatrixXd& points,
                                                           const JointSchemeOptions& options);

}  // namespace armdyn
