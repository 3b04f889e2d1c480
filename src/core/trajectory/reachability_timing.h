#pragma once
// Reachability analysis of a path's phase plane (Pham & Pham 2018, TOPP-RA), on one piece of a
// path that starts and ends at rest. Grid s_0 < ... < s_N; unknowns x_i = sd^2 at each grid
// point and a constant u_i = sdd on each interval, x_{i+1} = x_i + 2 (s_{i+1} - s_i) u_i.
// Constraints of interval i: the limit rows (path_limits.h) of point i at (u_i, x_i), and of
// point i + 1 at (u_i, x_{i+1}) (the "interpolation" discretisation: a limit holds at both ends
// of every interval, so it is not violated between grid points beyond second order), and
// 0 <= x_i <= xMax_i (velocity limits).
//   Backward pass: K_N = {0}; K_i = the x_i from which some admissible u_i reaches K_{i+1}:
//   an interval, found exactly by eliminating u_i (Fourier-Motzkin over the pairs of rows
//   bounding u_i from above and below).
//   Forward pass: x_0 = 0, then the largest admissible u_i that stays inside K_{i+1}.
// The result is the greedy (time-optimal) profile of the discretised problem. sqrt(x) terms are
// made linear per row: the tangent at an estimate xHat (an upper bound of sqrt, exact at xHat)
// where sqrt(x) raises the row against its limit, and, in conservative mode, the chord over
// [0, xMax] (a lower bound) where it lowers it; with conservative = false the tangent is used on
// both sides (exact where the solution meets the estimate; time_optimal_timing.h iterates).

#include "trajectory/path_limits.h"

#include <vector>

namespace armdyn {

struct ReachabilityGrid {
  std::vector<double> s;              // N + 1 grid points (increasing)
  std::vector<double> xMax;           // velocity bound at each (may be infinite)
  std::vector<int> rowBegin;          // N + 2 offsets: rows of point i are [rowBegin[i], rowBegin[i+1])
  std::vector<PathLimitRow> rows;
  int points() const { return static_cast<int>(s.size()); }
};

struct ReachabilityResult {
  bool feasible = false;
  // Where it failed: the grid point whose set K_i came out empty (or 0 when the start at rest is
  // not in K_0), and the rows (indices into grid.rows; -1 = velocity bound or the next set) whose
  // pair emptied it.
  int failedPoint = -1;
  int failedRowA = -1, failedRowB = -1;
  std::vector<double> x, u;           // N + 1 (u[N] = 0)
  std::vector<double> kLo, kHi;       // controllable sets
};

// xHat: estimate of x at each grid point for the tangent (empty: the velocity bound, i.e.
// conservative without an estimate).
// The admissible x at grid point i from its own rows alone (any u): [lo, hi] (hi: the limit
// curve, or "maximum velocity curve", of the phase plane). False when no x is admissible.
bool admissibleRange(const ReachabilityGrid& grid, int i, double xHat, bool conservative, double& lo, double& hi);

void solveReachability(const ReachabilityGrid& grid, const std::vector<double>& xHat, bool conservative,
                       ReachabilityResult& result);

}  // namespace armdyn
