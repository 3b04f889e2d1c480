#include "trajectory/time_optimal_trajectory.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace armdyn {

TimeOptimalTrajectory::TimeOptimalTrajectory(std::shared_ptr<const JointPath> path,
                                             const std::vector<std::vector<double>>& s,
                                             const std::vector<std::vector<double>>& x, std::string scheme)
    : path_(std::move(path)), scheme_(std::move(scheme)) {
  if (!path_ || static_cast<int>(s.size()) != path_->pieceCount() || s.size() != x.size())
    throw std::invalid_argument("TimeOptimalTrajectory: one profile per piece");
  double t = 0.0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k].size() < 2 || s[k].size() != x[k].size())
      throw std::invalid_argument("TimeOptimalTrajectory: grid and profile sizes differ");
    for (std::size_t i = 0; i + 1 < s[k].size(); ++i) {
      const double h = s[k][i + 1] - s[k][i];
      const double a = std::sqrt(std::max(0.0, x[k][i])), b = std::sqrt(std::max(0.0, x[k][i + 1]));
      if (!(h > 0.0)) throw std::invalid_argument("TimeOptimalTrajectory: grid not increasing");
      if (!(a + b > 0.0)) throw std::invalid_argument("TimeOptimalTrajectory: the path stops inside a piece");
      const double dt = 2.0 * h / (a + b);
      intervals_.push_back({t, s[k][i], s[k][i + 1], a, (b * b - a * a) / (2.0 * h), static_cast<int>(k)});
      startTimes_.push_back(t);
      t += dt;
    }
  }
  duration_ = t;
  for (const PathKnot& k : path_->knots()) {
    KnotKind kind = KnotKind::Point;
    switch (k.kind) {
      case PathKnot::Kind::Point: kind = KnotKind::Point; break;
      case PathKnot::Kind::Via: kind = KnotKind::Via; break;
      case PathKnot::Kind::BlendStart: kind = KnotKind::BlendStart; break;
      case PathKnot::Kind::BlendEnd: kind = KnotKind::BlendEnd; break;
    }
    knots_.push_back({timeAt(k.s), kind, k.point});
  }
}

void TimeOptimalTrajectory::pathState(double t, int& piece, double& s, double& sd, double& sdd) const {
  const double tc = std::clamp(t, 0.0, duration_);
  const auto it = std::upper_bound(startTimes_.begin(), startTimes_.end(), tc);
  const Interval& I = intervals_[std::max<std::ptrdiff_t>(0, it - startTimes_.begin() - 1)];
  const double tau = tc - I.t0;
  piece = I.piece;
  sd = std::max(0.0, I.sd0 + I.u * tau);
  s = std::clamp(I.s0 + I.sd0 * tau + 0.5 * I.u * tau * tau, I.s0, I.s1);
  sdd = I.u;
  if (t >= duration_) sd = 0.0;
}

double TimeOptimalTrajectory::timeAt(double s) const {
  const double sc = std::clamp(s, intervals_.front().s0, intervals_.back().s1);
  // The first interval that ends at or after s (at a piece boundary: the arrival).
  const auto it = std::lower_bound(intervals_.begin(), intervals_.end(), sc,
                                   [](const Interval& I, double v) { return I.s1 < v; });
  const Interval& I = it == intervals_.end() ? intervals_.back() : *it;
  const double ds = std::clamp(sc - I.s0, 0.0, I.s1 - I.s0);
  // s0 + sd0 tau + u tau^2 / 2 = s0 + ds, the smaller positive root (stable form).
  const double disc = std::max(0.0, I.sd0 * I.sd0 + 2.0 * I.u * ds);
  const double denom = I.sd0 + std::sqrt(disc);
  return I.t0 + (denom > 0.0 ? 2.0 * ds / denom : 0.0);
}

void TimeOptimalTrajectory::evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                                     Eigen::Ref<Eigen::VectorXd> qdd) const {
  int piece;
  double s, sd, sdd;
  pathState(t, piece, s, sd, sdd);
  // q' and q'' land in qd and qdd, then scale: qd = q' sd, qdd = q' sdd + q'' sd^2.
  path_->evaluate(piece, s, q, qd, qdd);
  qdd = qdd * (sd * sd) + qd * sdd;
  qd *= sd;
}

}  // namespace armdyn
