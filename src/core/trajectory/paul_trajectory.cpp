#include "trajectory/paul_trajectory.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

double PaulTrajectory::segmentTime(const Eigen::VectorXd& dC, const Eigen::VectorXd& vMax,
                                   double tacc) {
  return std::max(dC.cwiseAbs().cwiseQuotient(vMax).maxCoeff(), 2.0 * tacc);
}

PaulTrajectory::PaulTrajectory(const Eigen::MatrixXd& points, const Eigen::VectorXd& vMax,
                               double tacc)
    : points_(points), tacc_(tacc) {
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  if (m < 2) throw std::invalid_argument("PaulTrajectory: needs at least two points, got " + std::to_string(m));
  if (n < 1) throw std::invalid_argument("PaulTrajectory: points have no joints");
  if (vMax.size() != n) throw std::invalid_argument("PaulTrajectory: vMax needs " + std::to_string(n) + " values");
  if (!points.allFinite()) throw std::invalid_argument("PaulTrajectory: points must be finite");
  if (!vMax.allFinite() || vMax.minCoeff() <= 0.0) throw std::invalid_argument("PaulTrajectory: vMax must be positive");
  if (!std::isfinite(tacc) || tacc <= 0.0) throw std::invalid_argument("PaulTrajectory: tacc must be positive");

  const int segs = m - 1;
  dB_.resize(n, segs);
  dC_.resize(n, segs);
  segments_.resize(segs);
  starts_.resize(segs);
  pointTimes_.resize(m);
  double centre = 0.0;
  for (int k = 0; k < segs; ++k) {
    dC_.col(k) = (points.row(k + 1) - points.row(k)).transpose();
    TrajectorySegment& s = segments_[k];
    s.from = k;
    s.duration = segmentTime(dC_.col(k), vMax, tacc);
    s.centre = centre;
    // A = B for the first segment; otherwise A is where the previous straight part ends,
    // B - dC_prev tau / T_prev.
    if (k == 0) {
      dB_.col(k).setZero();
      s.start = 0.0;
    } else {
      dB_.col(k) = -dC_.col(k - 1) * (tacc / segments_[k - 1].duration);
      s.start = centre - tacc;
    }
    s.end = centre + s.duration - tacc;
    pointTimes_[k] = centre;
    centre += s.duration;
  }
  segments_.back().end = centre;  // the last segment runs its whole T
  duration_ = centre;
  pointTimes_[m - 1] = centre;
  for (int k = 0; k < segs; ++k) starts_[k] = segments_[k].start;
  // The run starts halfway through the first transition (already moving) at point 0.
  knots_.push_back({0.0, KnotKind::Via, 0});
  knots_.push_back({tacc, KnotKind::BlendEnd, -1});
  for (int k = 1; k < segs; ++k) {
    const double c = segments_[k].centre;
    knots_.push_back({c - tacc, KnotKind::BlendStart, -1});
    knots_.push_back({c, KnotKind::Via, k});
    knots_.push_back({c + tacc, KnotKind::BlendEnd, -1});
  }
  knots_.push_back({duration_, KnotKind::Point, m - 1});
}

int PaulTrajectory::segmentAt(double t) const {
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), t);
  return std::max(0, static_cast<int>(it - starts_.begin()) - 1);
}

void PaulTrajectory::evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                              Eigen::Ref<Eigen::VectorXd> qdd) const {
  t = std::clamp(t, 0.0, duration_);
  const int k = segmentAt(t);
  const TrajectorySegment& seg = segments_[k];
  const double s = t - seg.centre;  // local time, 0 at point B
  const double T = seg.duration;
  const double tau = tacc_;
  const auto B = points_.row(k).transpose();
  const auto dB = dB_.col(k);
  const auto dC = dC_.col(k);
  if (s < tau) {
    const double h = (s + tau) / (2.0 * tau);
    const double r = tau / T;
    // X = dC tau/T + dB, evaluated joint by joint to stay allocation-free.
    for (int j = 0; j < q.size(); ++j) {
      const double X = dC(j) * r + dB(j);
      q(j) = (X * (2.0 - h) * h * h - 2.0 * dB(j)) * h + B(j) + dB(j);
      qd(j) = (X * (1.5 - h) * 2.0 * h * h - dB(j)) / tau;
      qdd(j) = X * (1.0 - h) * 3.0 * h / (tau * tau);
    }
  } else {
    q = dC * (s / T) + B;
    qd = dC / T;
    qdd.setZero();
  }
}

}  // namespace armdyn
