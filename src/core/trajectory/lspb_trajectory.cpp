#include "trajectory/lspb_trajectory.h"

#include "trajectory/joint_scheme.h"
#include "trajectory/segment_timing.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

// Relative slack for rounding: a square-root argument or a linear time down to -1e-12 of the
// segment's scale is taken as zero (e.g. the triangular profile of segment_timing.h).
constexpr double kSlack = 1e-12;

double sgn(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

// One joint's blends (7.22-7.28) at |acceleration| A. Writes acc, tb (size m), v, tl (size
// m-1); returns the lowest segment whose blends do not fit, or -1.
int jointBlends(const Eigen::MatrixXd& points, int j, const std::vector<double>& td, double A, double* acc,
                double* tb, double* v, double* tl) {
  const int m = static_cast<int>(points.rows());
  const int e = m - 1;
  int failed = -1;
  auto fail = [&failed](int k) { if (failed < 0 || k < failed) failed = k; };
  if (m == 2) {
    const double D = points(1, j) - points(0, j), T = td[0];
    acc[0] = acc[1] = tb[0] = tb[1] = v[0] = 0.0;
    tl[0] = T;
    if (D == 0.0) return -1;
    const double minimum = 4.0 * std::abs(D) / (T * T);  // (7.23)
    if (A < minimum * (1.0 - kSlack)) return 0;
    const double a = std::max(A, minimum);
    const double disc = std::max(0.0, a * a * T * T - 4.0 * a * std::abs(D));
    tb[0] = tb[1] = std::min(0.5 * T, 0.5 * T - std::sqrt(disc) / (2.0 * a));  // (7.22)
    acc[0] = sgn(D) * a;
    acc[1] = -acc[0];
    v[0] = D / (T - tb[0]);
    tl[0] = std::max(0.0, T - 2.0 * tb[0]);
    return -1;
  }
  // First segment (7.26).
  {
    const double D = points(1, j) - points(0, j), T = td[0];
    if (D == 0.0) {
      acc[0] = tb[0] = v[0] = 0.0;
    } else {
      acc[0] = sgn(D) * A;
      double r = T * T - 2.0 * D / acc[0];
      if (r < -kSlack * T * T) fail(0);
      r = std::max(r, 0.0);
      tb[0] = T - std::sqrt(r);
      v[0] = D / (T - 0.5 * tb[0]);
    }
  }
  // Last segment (7.28).
  {
    const double D = points(e, j) - points(e - 1, j), T = td[e - 1];
    if (D == 0.0) {
      acc[e] = tb[e] = v[e - 1] = 0.0;
    } else {
      acc[e] = sgn(-D) * A;
      double r = T * T + 2.0 * D / acc[e];
      if (r < -kSlack * T * T) fail(e - 1);
      r = std::max(r, 0.0);
      tb[e] = T - std::sqrt(r);
      v[e - 1] = D / (T - 0.5 * tb[e]);
    }
  }
  // Interior segments and via blends (7.24).
  for (int k = 1; k + 1 < e; ++k) v[k] = (points(k + 1, j) - points(k, j)) / td[k];
  for (int k = 1; k < e; ++k) {
    const double dv = v[k] - v[k - 1];
    acc[k] = sgn(dv) * A;
    tb[k] = dv == 0.0 ? 0.0 : dv / acc[k];
  }
  for (int k = 0; k < e; ++k) {
    const double T = td[k];
    const double first = k == 0 ? tb[0] : 0.5 * tb[k];
    const double last = k == e - 1 ? tb[e] : 0.5 * tb[k + 1];
    tl[k] = T - first - last;
    if (tl[k] < -kSlack * T) fail(k);
    tl[k] = std::max(tl[k], 0.0);
  }
  return failed;
}

int jointFails(const Eigen::MatrixXd& points, int j, const std::vector<double>& td, double A) {
  const int m = static_cast<int>(points.rows());
  std::vector<double> acc(m), tb(m), v(m - 1), tl(m - 1);
  return jointBlends(points, j, td, A, acc.data(), tb.data(), v.data(), tl.data());
}

}  // namespace

LspbBlends lspbBlends(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                      const Eigen::VectorXd& acceleration) {
  checkSegmentDurations(points, durations);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  if (acceleration.size() != n)
    throw std::invalid_argument("lspb: needs one blend acceleration per joint (" + std::to_string(n) + "), got " +
                                std::to_string(acceleration.size()));
  for (int j = 0; j < n; ++j)
    if (!(acceleration(j) > 0.0) || !std::isfinite(acceleration(j)))
      throw std::invalid_argument("lspb: blend accelerations must be positive and finite");
  LspbBlends b;
  b.acceleration.resize(m, n);
  b.blendTime.resize(m, n);
  b.velocity.resize(m - 1, n);
  b.linearTime.resize(m - 1, n);
  b.pointTime.assign(m, 0.0);
  for (int k = 0; k + 1 < m; ++k) b.pointTime[k + 1] = b.pointTime[k] + durations[k];
  std::vector<double> acc(m), tb(m), v(m - 1), tl(m - 1);
  for (int j = 0; j < n; ++j) {
    const int f = jointBlends(points, j, durations, acceleration(j), acc.data(), tb.data(), v.data(), tl.data());
    if (f >= 0 && (b.failedSegment < 0 || f < b.failedSegment)) {
      b.failedSegment = f;
      b.failedJoint = j;
    }
    for (int k = 0; k < m; ++k) {
      b.acceleration(k, j) = acc[k];
      b.blendTime(k, j) = tb[k];
    }
    for (int k = 0; k + 1 < m; ++k) {
      b.velocity(k, j) = v[k];
      b.linearTime(k, j) = tl[k];
    }
  }
  return b;
}

double lspbMinimumAcceleration(const Eigen::MatrixXd& points, const std::vector<double>& durations, int joint) {
  checkSegmentDurations(points, durations);
  if (joint < 0 || joint >= points.cols()) throw std::invalid_argument("lspbMinimumAcceleration: no such joint");
  const int m = static_cast<int>(points.rows());
  if (m == 2) return 4.0 * std::abs(points(1, joint) - points(0, joint)) / (durations[0] * durations[0]);  // (7.23)
  double hi = 0.0;
  for (int k = 0; k + 1 < m; ++k)
    hi = std::max(hi, 4.0 * std::abs(points(k + 1, joint) - points(k, joint)) / (durations[k] * durations[k]));
  if (hi == 0.0) return 0.0;  // the joint does not move
  // Bisection on |a|: blends shrink as |a| grows, and they fit for |a| large enough.
  while (jointFails(points, joint, durations, hi) >= 0) hi *= 2.0;
  double lo = 0.0;
  for (int it = 0; it < 200 && hi - lo > 1e-14 * hi; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (jointFails(points, joint, durations, mid) >= 0) lo = mid;
    else hi = mid;
  }
  return hi;
}

PiecewisePolynomial lspbTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                   const Eigen::VectorXd& acceleration) {
  const LspbBlends b = lspbBlends(points, durations, acceleration);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  const int e = m - 1;
  if (b.failedSegment >= 0) {
    // Name the joint that falls shortest of its requirement, and the segment where it fails.
    int worst = -1;
    double worstRatio = 0.0, worstMinimum = 0.0;
    for (int j = 0; j < n; ++j) {
      if (jointFails(points, j, durations, acceleration(j)) < 0) continue;
      const double minimum = lspbMinimumAcceleration(points, durations, j);
      if (worst < 0 || minimum / acceleration(j) > worstRatio) {
        worst = j;
        worstRatio = minimum / acceleration(j);
        worstMinimum = minimum;
      }
    }
    const int segment = jointFails(points, worst, durations, acceleration(worst));
    const std::string where = "segment " + std::to_string(segment + 1) + ", joint " + std::to_string(worst + 1);
    const std::string why =
        m == 2 ? ": the blend acceleration is below the minimum 4|dq|/t^2 of Craig (7.23), so the two blends cannot "
                 "meet within the segment"
               : ": the blend acceleration is below the minimum for which the parabolic blends fit in the segment "
                 "durations (Craig 7.24-7.28); raise it or lengthen the segment";
    throw TrajectoryError("acceleration", segment, where + why, worstMinimum);
  }

  const double T = b.pointTime.back();
  std::vector<JointPieces> pieces(n);
  for (int j = 0; j < n; ++j) {
    JointPieces& jp = pieces[j];
    auto add = [&jp](double start, double c0, double c1, double c2) {
      if (!jp.starts.empty()) start = std::max(start, jp.starts.back());
      jp.starts.push_back(start);
      jp.coefficients.push_back({c0, c1, c2, 0.0, 0.0, 0.0});
    };
    // Linear part k: through (t_0/2, q_0) for k = 0, through (T_k, q_k) otherwise.
    auto line = [&](int k, double t) {
      return k == 0 ? points(0, j) + b.velocity(0, j) * (t - 0.5 * b.blendTime(0, j))
                    : points(k, j) + b.velocity(k, j) * (t - b.pointTime[k]);
    };
    add(0.0, points(0, j), 0.0, 0.5 * b.acceleration(0, j));
    add(b.blendTime(0, j), line(0, b.blendTime(0, j)), b.velocity(0, j), 0.0);
    for (int k = 1; k < e; ++k) {
      const double s = b.pointTime[k] - 0.5 * b.blendTime(k, j);
      const double f = b.pointTime[k] + 0.5 * b.blendTime(k, j);
      add(s, line(k - 1, s), b.velocity(k - 1, j), 0.5 * b.acceleration(k, j));
      add(f, line(k, f), b.velocity(k, j), 0.0);
    }
    const double tb = b.blendTime(e, j), ae = b.acceleration(e, j);
    add(T - tb, points(e, j) + 0.5 * ae * tb * tb, -ae * tb, 0.5 * ae);
  }

  // Knots: each point's blend (union over the joints that blend there) and the point itself.
  std::vector<TrajectoryKnot> knots;
  for (int k = 0; k < m; ++k) {
    const double widest = b.blendTime.row(k).maxCoeff();
    double start = b.pointTime[k] - 0.5 * widest, end = b.pointTime[k] + 0.5 * widest;
    if (k == 0) start = 0.0, end = widest;
    if (k == e) start = T - widest, end = T;
    if (widest > 0.0) knots.push_back({start, KnotKind::BlendStart, -1});
    knots.push_back({b.pointTime[k], k == 0 || k == e ? KnotKind::Point : KnotKind::Via, k});
    if (widest > 0.0) knots.push_back({end, KnotKind::BlendEnd, -1});
  }
  auto rank = [](KnotKind kind) { return kind == KnotKind::BlendEnd ? 0 : (kind == KnotKind::BlendStart ? 2 : 1); };
  std::stable_sort(knots.begin(), knots.end(), [&rank](const TrajectoryKnot& x, const TrajectoryKnot& y) {
    return x.time < y.time || (x.time == y.time && rank(x.kind) < rank(y.kind));
  });
  // Segment boundaries are breaks too, so every piece lies within one segment (segment_timing.h).
  const std::vector<double> segmentEnds(b.pointTime.begin() + 1, b.pointTime.end() - 1);
  return PiecewisePolynomial::fromJointPieces(pieces, T, segmentEnds, std::move(knots), 1, "lspb");
}

}  // namespace armdyn
