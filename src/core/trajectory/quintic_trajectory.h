#pragma once
// Quintic segments through path points with given segment durations (Craig 7.16-7.18).
// On segment k, h = duration, tau = t - T_k, q = a0 + a1 tau + ... + a5 tau^5 (7.16), meeting
// position, velocity and acceleration at both ends (7.17); with D = qf - q0, (7.18):
//   a0 = q0, a1 = v0, a2 = acc0/2,
//   a3 = [20 D - (8 vf + 12 v0) h - (3 acc0 - accf) h^2] / (2 h^3),
//   a4 = [-30 D + (14 vf + 16 v0) h + (3 acc0 - 2 accf) h^2] / (2 h^4),
//   a5 = [12 D - (6 vf + 6 v0) h - (acc0 - accf) h^2] / (2 h^5).
// Through via points: via velocities by Craig's heuristic (cubic_trajectory.h), via
// accelerations zero, start and goal at rest; so q, qd, qdd are continuous. Two points: the
// rest-to-rest quintic a3 = 10 D/h^3, a4 = -15 D/h^4, a5 = 6 D/h^5.
// Units: rad or m, s. Points: m x n, one row per point.

#include "trajectory/piecewise_polynomial.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// (7.18): a0..a5 of the quintic from (q0, v0, acc0) to (qf, vf, accf) in time T.
PolynomialCoefficients quinticCoefficients(double q0, double qf, double v0, double vf, double acc0,
                                           double accf, double T);

// The trajectory ("quintic", continuity 2; knots: Point at every point).
// Throws TrajectoryError / std::invalid_argument as checkSegmentDurations (segment_timing.h).
PiecewisePolynomial quinticTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations);

}  // namespace armdyn
