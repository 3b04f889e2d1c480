#include "trajectory/reachability_timing.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace armdyn {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Largest x used for a chord when the velocity bound is infinite.
constexpr double kChordCeiling = 1e12;
// Smallest estimate used for a tangent (x units).
constexpr double kTangentFloor = 1e-12;
// |alpha| below this counts as a row that does not involve u.
constexpr double kAlphaZero = 1e-12;

// alpha u + beta x <= gamma, from row `row` (-1: the next set K_{i+1}).
struct Plane {
  double alpha, beta, gamma;
  int row;
};

// sqrt(y) ~ p + r y.
struct Linear {
  double p, r;
};

Linear tangentAt(double xHat) {
  const double x = std::max(xHat, kTangentFloor);
  const double root = std::sqrt(x);
  return {0.5 * root, 0.5 / root};
}
Linear chordTo(double xMax) {
  const double X = std::min(xMax, kChordCeiling);
  return {0.0, 1.0 / std::sqrt(X)};
}

// The two half-planes of a row evaluated at a point whose x is x_i + delta u (delta = 0 for the
// interval's own start point, 2 h for its end).
void addRow(const PathLimitRow& r, int index, double delta, double xHat, double xMax, bool conservative,
            std::vector<Plane>& out) {
  Linear up{0.0, 0.0}, down{0.0, 0.0};
  if (r.d != 0.0) {
    const Linear tangent = tangentAt(xHat);
    const Linear chord = chordTo(xMax);
    // Upper side: d sqrt raises the value when d > 0 -> needs an upper bound of sqrt (tangent).
    up = (r.d > 0.0 || !conservative) ? tangent : chord;
    down = (r.d < 0.0 || !conservative) ? tangent : chord;
  }
  const double bUp = r.b + r.d * up.r;
  out.push_back({r.a + delta * bUp, bUp, r.hi - r.cHi - r.d * up.p, index});
  const double bDown = r.b + r.d * down.r;
  out.push_back({-(r.a + delta * bDown), -bDown, -(r.lo - r.cLo - r.d * down.p), index});
}

// Projects the planes onto x: [lo, hi] with the rows that set each end. Returns false when
// empty (then rowA/rowB name a pair that emptied it).
struct Bound {
  double value;
  int rowA, rowB;
};

bool projectX(const std::vector<Plane>& planes, double xMax, Bound& lo, Bound& hi, std::vector<int>& ups,
              std::vector<int>& downs) {
  lo = {0.0, -1, -1};
  hi = {xMax, -1, -1};
  ups.clear();
  downs.clear();
  for (int k = 0; k < static_cast<int>(planes.size()); ++k) {
    const Plane& p = planes[k];
    if (p.alpha > kAlphaZero) {
      ups.push_back(k);
    } else if (p.alpha < -kAlphaZero) {
      downs.push_back(k);
    } else if (p.beta > 0.0) {
      const double v = p.gamma / p.beta;
      if (v < hi.value) hi = {v, p.row, -1};
    } else if (p.beta < 0.0) {
      const double v = p.gamma / p.beta;
      if (v > lo.value) lo = {v, p.row, -1};
    } else if (p.gamma < 0.0) {
      lo = {kInf, p.row, -1};
      hi = {-kInf, p.row, -1};
      return false;
    }
  }
  // u <= gU - hU x (ups), u >= gL - hL x (downs): (hU - hL) x <= gU - gL for every pair.
  for (int iu : ups) {
    const Plane& U = planes[iu];
    const double gU = U.gamma / U.alpha, hU = U.beta / U.alpha;
    for (int id : downs) {
      const Plane& D = planes[id];
      const double gL = D.gamma / D.alpha, hL = D.beta / D.alpha;
      const double coef = hU - hL, rhs = gU - gL;
      if (coef > 0.0) {
        const double v = rhs / coef;
        if (v < hi.value) hi = {v, U.row, D.row};
      } else if (coef < 0.0) {
        const double v = rhs / coef;
        if (v > lo.value) lo = {v, U.row, D.row};
      } else if (rhs < 0.0) {
        lo = {kInf, U.row, D.row};
        hi = {-kInf, U.row, D.row};
        return false;
      }
    }
  }
  // Rounding: a set that closes to a point may come out inverted by a few ulps.
  const double tol = 1e-12 * std::max({1.0, std::abs(lo.value), std::abs(hi.value)});
  if (lo.value > hi.value && lo.value - hi.value <= tol) hi.value = lo.value;
  return lo.value <= hi.value;
}

}  // namespace

bool admissibleRange(const ReachabilityGrid& grid, int i, double xHat, bool conservative, double& lo, double& hi) {
  thread_local std::vector<Plane> planes;
  thread_local std::vector<int> ups, downs;
  planes.clear();
  const double estimate = xHat >= 0.0 ? xHat : std::min(grid.xMax[i], kChordCeiling);
  for (int k = grid.rowBegin[i]; k < grid.rowBegin[i + 1]; ++k)
    addRow(grid.rows[k], k, 0.0, estimate, grid.xMax[i], conservative, planes);
  Bound l, h;
  const bool ok = projectX(planes, grid.xMax[i], l, h, ups, downs);
  lo = std::max(0.0, l.value);
  hi = h.value;
  return ok;
}

void solveReachability(const ReachabilityGrid& grid, const std::vector<double>& xHat, bool conservative,
                       ReachabilityResult& result) {
  const int P = grid.points();
  assert(P >= 2 && static_cast<int>(grid.xMax.size()) == P && static_cast<int>(grid.rowBegin.size()) == P + 1);
  const int N = P - 1;
  result.feasible = false;
  result.failedPoint = -1;
  result.failedRowA = result.failedRowB = -1;
  result.x.assign(P, 0.0);
  result.u.assign(P, 0.0);
  result.kLo.assign(P, 0.0);
  result.kHi.assign(P, 0.0);
  const auto estimate = [&](int i) { return xHat.empty() ? std::min(grid.xMax[i], kChordCeiling) : xHat[i]; };

  std::vector<Plane> planes;
  planes.reserve(4 * (grid.rows.size() / std::max(1, P)) * 2 + 8);
  std::vector<int> ups, downs;
  // The planes of interval i (rows of both ends) without the next set.
  const auto stagePlanes = [&](int i) {
    planes.clear();
    const double h = grid.s[i + 1] - grid.s[i];
    for (int k = grid.rowBegin[i]; k < grid.rowBegin[i + 1]; ++k)
      addRow(grid.rows[k], k, 0.0, estimate(i), grid.xMax[i], conservative, planes);
    for (int k = grid.rowBegin[i + 1]; k < grid.rowBegin[i + 2]; ++k)
      addRow(grid.rows[k], k, 2.0 * h, estimate(i + 1), grid.xMax[i + 1], conservative, planes);
    // x_{i+1} <= xMax_{i+1} is implied by K_{i+1}.
  };

  // Backward pass.
  result.kLo[N] = result.kHi[N] = 0.0;
  Bound lo, hi;
  for (int i = N - 1; i >= 0; --i) {
    stagePlanes(i);
    const double h = grid.s[i + 1] - grid.s[i];
    planes.push_back({2.0 * h, 1.0, result.kHi[i + 1], -1});
    planes.push_back({-2.0 * h, -1.0, -result.kLo[i + 1], -1});
    if (!projectX(planes, grid.xMax[i], lo, hi, ups, downs)) {
      result.failedPoint = i;
      result.failedRowA = lo.rowA >= 0 ? lo.rowA : lo.rowB;
      result.failedRowB = hi.rowA >= 0 ? hi.rowA : hi.rowB;
      return;
    }
    result.kLo[i] = std::max(0.0, lo.value);
    result.kHi[i] = hi.value;
  }
  if (result.kLo[0] > 1e-12 * std::max(1.0, result.kHi[0])) {
    result.failedPoint = 0;
    return;
  }

  // Forward pass: largest admissible u inside the next set.
  double x = 0.0;
  for (int i = 0; i < N; ++i) {
    stagePlanes(i);
    const double h = grid.s[i + 1] - grid.s[i];
    double uHi = (result.kHi[i + 1] - x) / (2.0 * h);
    double uLo = (result.kLo[i + 1] - x) / (2.0 * h);
    for (const Plane& p : planes) {
      if (p.alpha > kAlphaZero) uHi = std::min(uHi, (p.gamma - p.beta * x) / p.alpha);
      else if (p.alpha < -kAlphaZero) uLo = std::max(uLo, (p.gamma - p.beta * x) / p.alpha);
    }
    const double u = std::max(uHi, uLo);  // uHi >= uLo up to rounding, as x is in K_i
    const double next = std::clamp(x + 2.0 * h * u, result.kLo[i + 1], result.kHi[i + 1]);
    result.x[i] = x;
    result.u[i] = (next - x) / (2.0 * h);
    x = std::max(0.0, next);
  }
  result.x[N] = 0.0;
  result.u[N] = 0.0;
  result.feasible = true;
}

}  // namespace armdyn
