#pragma once
// Linear segments with parabolic blends (Craig 7.3, 7.19-7.28), per joint, with a given blend
// acceleration magnitude |a| per joint and given segment durations td_k (segment k from point
// k to point k+1; T_k = td_0 + ... + td_{k-1} is the time of point k). Notation as Craig's:
// blend time t_k at point k, linear velocity v_k and linear time tl_k on segment k.
//
// Two points (7.19-7.23), D = q1 - q0, t = td_0:
//   |a| >= 4|D|/t^2 (7.23), t_b = t/2 - sqrt(a^2 t^2 - 4 a D)/(2a) (7.22), a = SGN(D)|a|,
//   v = a t_b = D/(t - t_b); blends [0, t_b] and [t - t_b, t].
// Via points (m >= 3):
//   first segment (7.25-7.26):  a_0 = SGN(q1 - q0)|a|, t_0 = td_0 - sqrt(td_0^2 - 2(q1 - q0)/a_0),
//                               v_0 = (q1 - q0)/(td_0 - t_0/2), tl_0 = td_0 - t_0 - t_1/2
//   interior segments (7.24):   v_k = (q_{k+1} - q_k)/td_k, tl_k = td_k - t_k/2 - t_{k+1}/2
//   via blends (7.24):          a_k = SGN(v_k - v_{k-1})|a|, t_k = (v_k - v_{k-1})/a_k
//   last segment (7.27-7.28):   a_e = SGN(q_{e-1} - q_e)|a|, t_e = td - sqrt(td^2 + 2(q_e - q_{e-1})/a_e),
//                               v = (q_e - q_{e-1})/(td - t_e/2), tl = td - t_e - t_{e-1}/2
// (e = m-1, td = td_{m-2}). A zero change (D = 0 or v_k = v_{k-1}) gives a zero blend.
// Geometry: the first blend is [0, t_0] from rest; linear part k lies on the line through
// (T_k, q_k) (segment 0: through (t_0/2, q_0)); the blend at via point k is [T_k - t_k/2,
// T_k + t_k/2], so via points are passed near, not through; the last blend is [T - t_e, T]
// and ends at rest on the last point.
// A blend acceleration is too small when a square root above is of a negative number or a
// linear time is negative (the blends overlap); the smallest that works is 4|D|/t^2 for two
// points and is found by bisection on |a| otherwise.
// Units: rad or m, s, rad/s^2 or m/s^2. Points: m x n, one row per point.

#include "trajectory/piecewise_polynomial.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

struct LspbBlends {
  Eigen::MatrixXd acceleration;  // m x n: signed blend acceleration a_k at each point
  Eigen::MatrixXd blendTime;     // m x n: t_k, s
  Eigen::MatrixXd velocity;      // (m-1) x n: linear velocity v_k of each segment
  Eigen::MatrixXd linearTime;    // (m-1) x n: tl_k, s
  std::vector<double> pointTime; // m: T_k, s
  int failedSegment = -1;        // lowest segment whose blends do not fit (any joint), or -1
  int failedJoint = -1;          // a joint failing there
};

// The quantities above for `acceleration` (per joint, > 0). Does not throw for blends that do
// not fit (see failedSegment); throws TrajectoryError / std::invalid_argument as
// checkSegmentDurations (segment_timing.h), std::invalid_argument for a bad acceleration.
LspbBlends lspbBlends(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                      const Eigen::VectorXd& acceleration);

// Smallest blend acceleration magnitude for which joint `joint`'s blends fit the durations.
double lspbMinimumAcceleration(const Eigen::MatrixXd& points, const std::vector<double>& durations, int joint);

// The trajectory ("lspb", continuity 1). Knots: Point at the first and last points, Via at
// T_k for the via points, BlendStart/BlendEnd at the union over joints of each point's blend.
// Throws TrajectoryError("acceleration", segment, ..., limit) when blends do not fit: of the
// joints that fail, the one furthest below its minimum (largest minimum / given), the lowest
// segment where it fails, and limit = its smallest |a| that works (lspbMinimumAcceleration).
PiecewisePolynomial lspbTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                   const Eigen::VectorXd& acceleration);

}  // namespace armdyn
