#pragma once
// Segment durations for the polynomial and LSPB schemes (joint_scheme.h): checked when given,
// or the shortest that keep every joint within its velocity and acceleration limits.
//
// Two points (one segment), closed forms, per joint with D = |q1 - q0|, the segment time is the
// largest over the joints of:
//   cubic (7.6)    peak |qd| = 1.5 D/T, peak |qdd| = 6 D/T^2:
//                  T = max(1.5 D/vMax, sqrt(6 D/aMax))
//   quintic        peak |qd| = 1.875 D/T, peak |qdd| = (10/sqrt 3) D/T^2:
//                  T = max(1.875 D/vMax, sqrt((10/sqrt 3) D/aMax))
//   lspb (7.22)    blend acceleration a (<= aMax): trapezoid T = D/vMax + vMax/a when
//                  D >= vMax^2/a, else triangle T = 2 sqrt(D/a) (7.23 with equality)
// so at least one joint reaches a limit. With via points this is a heuristic, not the global
// optimum: every segment starts at its rest-to-rest closed form, the trajectory is built, the
// exact peaks of |qd| and |qdd| on each segment are found (PiecewisePolynomial::peakMagnitude),
// and each segment whose peak exceeds a limit is stretched by max(|qd|/vMax, sqrt(|qdd|/aMax))
// (LSPB: also until its blends fit, 7.24-7.28); this repeats until every joint is within vMax
// and aMax to 1e-10 relative (after 100 rounds all segments are stretched together, which
// for the polynomial schemes scales velocities by 1/s and accelerations by 1/s^2 exactly).
// Segments are only ever lengthened.
// Units: rad or m, s; vMax > 0 finite, aMax > 0 and may be +inf (no limit).

#include "trajectory/joint_scheme.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// Points (m x n) and durations (m - 1) fit together: m >= 2, n >= 1, points finite
// (else TrajectoryError "joint_points" naming the point), one duration per segment
// (TrajectoryError "durations", -1) each positive and finite (TrajectoryError "durations", k).
void checkSegmentDurations(const Eigen::MatrixXd& points, const std::vector<double>& durations);

// Shortest rest-to-rest time of one segment with per-joint displacement `delta` under the
// scheme's closed form above. `blendAcceleration` (per joint, > 0) is used by lspb only.
// Paul is not a scheme of this file: std::invalid_argument.
double restToRestTime(JointScheme scheme, const Eigen::VectorXd& delta, const Eigen::VectorXd& vMax,
                      const Eigen::VectorXd& aMax, const Eigen::VectorXd& blendAcceleration);

// Shortest segment durations (see above). `via` is used by cubic (CubicSpline forces
// continuous acceleration); `blendAcceleration` by lspb (<= aMax). Consecutive equal points
// are refused: TrajectoryError("joint_points", k, "points k+1 and k+2 are equal ...").
std::vector<double> shortestDurations(const Eigen::MatrixXd& points, JointScheme scheme, ViaVelocity via,
                                      const Eigen::VectorXd& vMax, const Eigen::VectorXd& aMax,
                                      const Eigen::VectorXd& blendAcceleration);

}  // namespace armdyn
