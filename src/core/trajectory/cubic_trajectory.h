#pragma once
// Cubic segments through path points with given segment durations (Craig 7.3, 7.1-7.15).
// On segment k, from point k (time T_k) to point k+1, h = duration, tau = t - T_k:
//   q = a0 + a1 tau + a2 tau^2 + a3 tau^3 (7.3), with (7.11):
//   a0 = q_k, a1 = v_k, a2 = 3 D/h^2 - 2 v_k/h - v_{k+1}/h, a3 = -2 D/h^3 + (v_{k+1} + v_k)/h^2,
//   D = q_{k+1} - q_k; with v_k = v_{k+1} = 0 this is the rest-to-rest cubic (7.6).
// Via velocities v_k (start and goal 0), per joint (Craig p. 207-208):
//   Heuristic  slopes s_k = D_k/h_k; v_k = (s_{k-1} + s_k)/2 if s_{k-1} s_k > 0, else 0 (a sign
//              change or a zero slope stops the joint at the via point)
//   Zero       v_k = 0
//   ContinuousAcceleration  qdd continuous at every via point (Example 7.2 generalised):
//              v_{k-1}/h_{k-1} + 2 v_k (1/h_{k-1} + 1/h_k) + v_{k+1}/h_k
//                = 3 D_{k-1}/h_{k-1}^2 + 3 D_k/h_k^2,  k = 1..m-2, v_0 = v_{m-1} = 0
//              (tridiagonal, strictly diagonally dominant; solved by the Thomas algorithm).
// Units: rad or m, s. Points: m x n, one row per point.

#include "trajectory/joint_scheme.h"
#include "trajectory/piecewise_polynomial.h"

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace armdyn {

// (7.11): a0..a3 of the cubic from q0 (velocity v0) to qf (velocity vf) in time T.
std::array<double, 4> cubicCoefficients(double q0, double qf, double v0, double vf, double T);

// Velocities at every point (m x n; rows 0 and m-1 zero) by the chosen rule.
// Throws TrajectoryError / std::invalid_argument as checkSegmentDurations (segment_timing.h).
Eigen::MatrixXd cubicViaVelocities(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                   ViaVelocity via);
// Craig's heuristic alone (shared with the quintic scheme).
Eigen::MatrixXd heuristicViaVelocities(const Eigen::MatrixXd& points, const std::vector<double>& durations);

// The trajectory: one cubic per segment and joint, starting and ending at rest. Knots: Point at
// every point. continuity() is 2 for ContinuousAcceleration or two points (one cubic), else 1
// (qdd jumps at the via points). `scheme` names it
// ("cubic" or "cubic-spline").
PiecewisePolynomial cubicTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                    ViaVelocity via, const std::string& scheme = "cubic");

}  // namespace armdyn
