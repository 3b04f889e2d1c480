#include "trajectory/segment_timing.h"

#include "trajectory/cubic_trajectory.h"
#include "trajectory/lspb_trajectory.h"
#include "trajectory/quintic_trajectory.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

// Accepted overshoot of a limit, relative (the exact peaks are compared).
constexpr double kTolerance = 1e-10;

PiecewisePolynomial build(const Eigen::MatrixXd& points, const std::vector<double>& d, JointScheme scheme,
                          ViaVelocity via, const Eigen::VectorXd& blendAcceleration) {
  switch (scheme) {
    case JointScheme::Cubic: return cubicTrajectory(points, d, via);
    case JointScheme::CubicSpline: return cubicTrajectory(points, d, ViaVelocity::ContinuousAcceleration);
    case JointScheme::Quintic: return quinticTrajectory(points, d);
    case JointScheme::Lspb: return lspbTrajectory(points, d, blendAcceleration);
    default: throw std::invalid_argument("segment timing: Paul's plan is timed by eq 4.9, not here");
  }
}

}  // namespace

void checkSegmentDurations(const Eigen::MatrixXd& points, const std::vector<double>& durations) {
  const int m = static_cast<int>(points.rows());
  if (m < 2) throw TrajectoryError("joint_points", -1, "a trajectory needs at least two points, got " + std::to_string(m));
  if (points.cols() < 1) throw std::invalid_argument("trajectory points have no joints");
  for (int k = 0; k < m; ++k)
    if (!points.row(k).allFinite())
      throw TrajectoryError("joint_points", k, "point " + std::to_string(k + 1) + " has a coordinate that is not a finite number");
  const int segments = m - 1;
  if (static_cast<int>(durations.size()) != segments)
    throw TrajectoryError("durations", -1,
                          std::to_string(durations.size()) + " durations for " + std::to_string(segments) +
                              " segments: give one duration per segment");
  for (int k = 0; k < segments; ++k)
    if (!(durations[k] > 0.0) || !std::isfinite(durations[k]))
      throw TrajectoryError("durations", k, "the duration of segment " + std::to_string(k + 1) + " must be positive");
}

double restToRestTime(JointScheme scheme, const Eigen::VectorXd& delta, const Eigen::VectorXd& vMax,
                      const Eigen::VectorXd& aMax, const Eigen::VectorXd& blendAcceleration) {
  const int n = static_cast<int>(delta.size());
  if (vMax.size() != n || aMax.size() != n)
    throw std::invalid_argument("restToRestTime: vMax and aMax need one value per joint");
  if (scheme == JointScheme::Lspb && blendAcceleration.size() != n)
    throw std::invalid_argument("restToRestTime: lspb needs one blend acceleration per joint");
  double T = 0.0;
  for (int j = 0; j < n; ++j) {
    const double D = std::abs(delta(j)), v = vMax(j), a = aMax(j);
    double Tj = 0.0;
    switch (scheme) {
      case JointScheme::Cubic:
      case JointScheme::CubicSpline: Tj = std::max(1.5 * D / v, std::sqrt(6.0 * D / a)); break;
      case JointScheme::Quintic: Tj = std::max(1.875 * D / v, std::sqrt(10.0 / std::sqrt(3.0) * D / a)); break;
      case JointScheme::Lspb: {
        const double ab = blendAcceleration(j);
        Tj = D >= v * v / ab ? D / v + v / ab : 2.0 * std::sqrt(D / ab);
        break;
      }
      default: throw std::invalid_argument("restToRestTime: Paul's plan is timed by eq 4.9, not here");
    }
    T = std::max(T, Tj);
  }
  return T;
}

std::vector<double> shortestDurations(const Eigen::MatrixXd& points, JointScheme scheme, ViaVelocity via,
                                      const Eigen::VectorXd& vMax, const Eigen::VectorXd& aMax,
                                      const Eigen::VectorXd& blendAcceleration) {
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  checkSegmentDurations(points, std::vector<double>(std::max(m - 1, 0), 1.0));
  if (vMax.size() != n || aMax.size() != n)
    throw std::invalid_argument("shortestDurations: vMax and aMax need one value per joint");
  for (int j = 0; j < n; ++j) {
    if (!(vMax(j) > 0.0) || !std::isfinite(vMax(j))) throw std::invalid_argument("shortestDurations: vMax must be positive and finite");
    if (!(aMax(j) > 0.0)) throw std::invalid_argument("shortestDurations: aMax must be positive (or +inf)");
  }
  if (scheme == JointScheme::Lspb) {
    if (blendAcceleration.size() != n) throw std::invalid_argument("shortestDurations: lspb needs one blend acceleration per joint");
    for (int j = 0; j < n; ++j)
      if (!(blendAcceleration(j) > 0.0) || !std::isfinite(blendAcceleration(j)) || blendAcceleration(j) > aMax(j))
        throw std::invalid_argument("shortestDurations: lspb blend accelerations must be positive, finite and <= aMax");
  }
  std::vector<double> d(m - 1);
  for (int k = 0; k + 1 < m; ++k) {
    const Eigen::VectorXd delta = (points.row(k + 1) - points.row(k)).transpose();
    if ((delta.array() == 0.0).all())
      throw TrajectoryError("joint_points", k,
                            "points " + std::to_string(k + 1) + " and " + std::to_string(k + 2) +
                                " are equal: with durations from the joint limits the segment between them has no "
                                "length; remove one or give durations");
    d[k] = restToRestTime(scheme, delta, vMax, aMax, blendAcceleration);
  }
  if (m == 2) return d;

  for (int round = 0; round < 400; ++round) {
    if (scheme == JointScheme::Lspb) {
      // Stretch a segment whose blends do not fit until they do (doubling, then bisection).
      const LspbBlends b = lspbBlends(points, d, blendAcceleration);
      if (b.failedSegment >= 0) {
        const int k = b.failedSegment;
        const double base = d[k];
        auto stillFails = [&](double scale) {
          std::vector<double> trial = d;
          trial[k] = base * scale;
          return lspbBlends(points, trial, blendAcceleration).failedSegment == k;
        };
        double lo = 1.0, hi = 2.0;
        while (stillFails(hi)) lo = hi, hi *= 2.0;
        for (int it = 0; it < 60 && hi - lo > 1e-9 * hi; ++it) {
          const double mid = 0.5 * (lo + hi);
          (stillFails(mid) ? lo : hi) = mid;
        }
        d[k] = base * hi;
        continue;
      }
    }
    const PiecewisePolynomial traj = build(points, d, scheme, via, blendAcceleration);
    // Segment of each piece: every break of a segment's end is a break of the trajectory.
    std::vector<double> ratio(m - 1, 0.0);
    std::vector<double> ends(m - 1);
    double T = 0.0;
    for (int k = 0; k + 1 < m; ++k) ends[k] = (T += d[k]);
    for (int i = 0; i < traj.pieceCount(); ++i) {
      const double mid = 0.5 * (traj.breaks()[i] + traj.breaks()[i + 1]);
      const int k = std::min(static_cast<int>(std::upper_bound(ends.begin(), ends.end(), mid) - ends.begin()), m - 2);
      for (int j = 0; j < n; ++j) {
        ratio[k] = std::max(ratio[k], traj.peakMagnitude(i, j, 1) / vMax(j));
        if (std::isfinite(aMax(j))) ratio[k] = std::max(ratio[k], std::sqrt(traj.peakMagnitude(i, j, 2) / aMax(j)));
      }
    }
    const double worst = *std::max_element(ratio.begin(), ratio.end());
    if (worst <= 1.0 + kTolerance) return d;
    if (round < 100) {
      for (int k = 0; k + 1 < m; ++k)
        if (ratio[k] > 1.0 + kTolerance) d[k] *= ratio[k] * (1.0 + 1e-12);
    } else {
      for (double& dk : d) dk *= worst * (1.0 + 1e-12);
    }
  }
  throw TrajectoryError("durations", -1,
                        "no segment durations within the joint limits were found (the stretching did not converge): "
                        "give durations");
}

}  // namespace armdyn
