#include "trajectory/joint_scheme.h"

#include "trajectory/cubic_trajectory.h"
#include "trajectory/lspb_trajectory.h"
#include "trajectory/paul_trajectory.h"
#include "trajectory/quintic_trajectory.h"
#include "trajectory/segment_timing.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

const char* jointSchemeName(JointScheme scheme) {
  switch (scheme) {
    case JointScheme::Paul: return "paul";
    case JointScheme::Cubic: return "cubic";
    case JointScheme::CubicSpline: return "cubic-spline";
    case JointScheme::Quintic: return "quintic";
    case JointScheme::Lspb: return "lspb";
  }
  return "unknown";
}

const char* viaVelocityName(ViaVelocity via) {
  switch (via) {
    case ViaVelocity::Heuristic: return "heuristic";
    case ViaVelocity::Zero: return "zero";
    case ViaVelocity::ContinuousAcceleration: return "continuous-acceleration";
  }
  return "unknown";
}

namespace {

void checkLimits(const Eigen::VectorXd& vMax, const Eigen::VectorXd& aMax, int n, bool needed) {
  if (needed || vMax.size() > 0) {
    if (vMax.size() != n)
      throw std::invalid_argument("planJointTrajectory: vMax needs " + std::to_string(n) + " values, got " +
                                  std::to_string(vMax.size()));
    for (int j = 0; j < n; ++j)
      if (!(vMax(j) > 0.0) || !std::isfinite(vMax(j)))
        throw std::invalid_argument("planJointTrajectory: vMax of joint " + std::to_string(j + 1) + " must be positive and finite");
  }
  if (needed || aMax.size() > 0) {
    if (aMax.size() != n)
      throw std::invalid_argument("planJointTrajectory: aMax needs " + std::to_string(n) + " values, got " +
                                  std::to_string(aMax.size()));
    for (int j = 0; j < n; ++j)
      if (!(aMax(j) > 0.0))
        throw std::invalid_argument("planJointTrajectory: aMax of joint " + std::to_string(j + 1) + " must be positive (or +inf)");
  }
}

// The lspb blend acceleration per joint: `acceleration` broadcast or per joint, else aMax.
Eigen::VectorXd blendAcceleration(const JointSchemeOptions& o, int n, bool timedByLimits) {
  Eigen::VectorXd a(n);
  const int given = static_cast<int>(o.acceleration.size());
  if (given > 0) {
    if (given != 1 && given != n)
      throw TrajectoryError("acceleration", -1,
                            "give one acceleration or one per joint (" + std::to_string(n) + "), not " + std::to_string(given));
    for (int j = 0; j < n; ++j) {
      a(j) = o.acceleration(given == 1 ? 0 : j);
      if (!(a(j) > 0.0) || !std::isfinite(a(j)))
        throw TrajectoryError("acceleration", -1, "the blend acceleration must be positive");
      if (timedByLimits && a(j) > o.aMax(j))
        throw TrajectoryError("acceleration", -1,
                              "the blend acceleration of joint " + std::to_string(j + 1) +
                                  " exceeds its acceleration limit; the motion cannot be timed within the limits");
    }
    return a;
  }
  if (o.aMax.size() != n)
    throw TrajectoryError("acceleration", -1,
                          "linear segments with parabolic blends need a blend acceleration: give one, or an "
                          "acceleration limit for every joint");
  for (int j = 0; j < n; ++j) {
    if (!std::isfinite(o.aMax(j)))
      throw TrajectoryError("acceleration", -1,
                            "linear segments with parabolic blends need a blend acceleration and joint " +
                                std::to_string(j + 1) + " has no acceleration limit: give a blend acceleration");
    a(j) = o.aMax(j);
  }
  return a;
}

}  // namespace

std::shared_ptr<const JointTrajectory> planJointTrajectory(const Eigen::MatrixXd& points,
                                                           const JointSchemeOptions& options) {
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  const bool timedByLimits = options.durations.empty();
  // Points first (count, finiteness); the durations are checked once they are known.
  checkSegmentDurations(points, std::vector<double>(std::max(m - 1, 0), 1.0));
  if (options.scheme == JointScheme::Paul) {
    if (!timedByLimits)
      throw TrajectoryError("durations", -1, "Paul's plan is timed by the joint speed limits and TACC (eq 4.9), not by durations");
    if (options.vMax.size() != n) throw std::invalid_argument("planJointTrajectory: Paul's plan needs vMax");
    checkLimits(options.vMax, Eigen::VectorXd(), n, false);
    if (!(options.tacc > 0.0) || !std::isfinite(options.tacc))
      throw TrajectoryError("tacc", -1, "TACC must be a positive time");
    return std::make_shared<const PaulTrajectory>(points, options.vMax, options.tacc);
  }
  if (!timedByLimits) checkSegmentDurations(points, options.durations);
  checkLimits(options.vMax, options.aMax, n, timedByLimits);
  Eigen::VectorXd acc;
  if (options.scheme == JointScheme::Lspb) acc = blendAcceleration(options, n, timedByLimits);
  const ViaVelocity via =
      options.scheme == JointScheme::CubicSpline ? ViaVelocity::ContinuousAcceleration : options.viaVelocity;
  const std::vector<double> durations =
      timedByLimits ? shortestDurations(points, options.scheme, via, options.vMax, options.aMax, acc) : options.durations;
  switch (options.scheme) {
    case JointScheme::Cubic: return std::make_shared<const PiecewisePolynomial>(cubicTrajectory(points, durations, via, "cubic"));
    case JointScheme::CubicSpline:
      return std::make_shared<const PiecewisePolynomial>(cubicTrajectory(points, durations, via, "cubic-spline"));
    case JointScheme::Quintic: return std::make_shared<const PiecewisePolynomial>(quinticTrajectory(points, durations));
    case JointScheme::Lspb: return std::make_shared<const PiecewisePolynomial>(lspbTrajectory(points, durations, acc));
    default: break;
  }
  throw std::invalid_argument("planJointTrajectory: unknown scheme");
}

}  // namespace armdyn
