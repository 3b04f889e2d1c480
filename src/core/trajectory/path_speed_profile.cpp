#include "trajectory/path_speed_profile.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {
namespace {

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("PathSpeedProfile: " + message);
}

}  // namespace

// Phase plane in x = sd^2: under constant acceleration a, x is linear in s with slope 2a.
// Interval j = [s_j, s_{j+1}] has the cap c_j^2, c_j the smaller of its end limits that are
// not zero (a zero limit is a stop: a point condition sd = 0 there, not a cap on the interval;
// the ends of the grid are stops whatever their value). The forward pass F (sdd = +a from rest,
// reset to 0 at every stop, never above the cap) and the backward pass B (sdd = -a back from
// rest at the end) bound every feasible profile; the fastest is x = min(F, B, c^2). On one
// interval F and B are straight lines, so x has at most three pieces there: accelerating (F),
// cruising (c^2), braking (B), split where F and B meet or where they reach the cap.
PathSpeedProfile::PathSpeedProfile(const std::vector<double>& s, const std::vector<double>& vLimit,
                                   const std::vector<double>& aLimit)
    : PathSpeedProfile(s, vLimit, aLimit, std::vector<double>()) {}

PathSpeedProfile::PathSpeedProfile(const std::vector<double>& s, const std::vector<double>& vLimit,
                                   const std::vector<double>& aLimit, const std::vector<double>& intervalCap) {
  const std::size_t n = s.size();
  require(intervalCap.empty() || intervalCap.size() + 1 == n,
          "intervalCap needs " + std::to_string(n - 1) + " values, got " + std::to_string(intervalCap.size()));
  for (double c : intervalCap) require(!std::isnan(c) && c > 0.0, "intervalCap values must be positive");
  require(n >= 2, "the grid needs at least two points, got " + std::to_string(n));
  require(vLimit.size() == n, "vLimit needs " + std::to_string(n) + " values, got " + std::to_string(vLimit.size()));
  require(aLimit.size() == n - 1,
          "aLimit needs " + std::to_string(n - 1) + " values, got " + std::to_string(aLimit.size()));
  for (std::size_t i = 0; i < n; ++i) {
    require(std::isfinite(s[i]), "s[" + std::to_string(i) + "] is not finite");
    // +infinity is accepted: no speed limit at that grid point.
    require(!std::isnan(vLimit[i]) && vLimit[i] >= 0.0, "vLimit[" + std::to_string(i) + "] must be >= 0");
    if (i + 1 < n) {
      require(s[i + 1] > s[i], "s must increase strictly (s[" + std::to_string(i + 1) + "])");
      require(std::isfinite(aLimit[i]) && aLimit[i] > 0.0,
              "aLimit[" + std::to_string(i) + "] must be positive and finite");
      require(vLimit[i] > 0.0 || vLimit[i + 1] > 0.0,
              "zero speed limits at s[" + std::to_string(i) + "] and s[" + std::to_string(i + 1) +
                  "]: no motion is possible between them");
    }
  }
  require(s.front() == 0.0, "the grid must start at s = 0");
  length_ = s.back();

  const std::size_t m = n - 1;
  auto isStop = [&](std::size_t i) { return i == 0 || i == m || vLimit[i] == 0.0; };
  std::vector<double> cap2(m);  // c_j^2
  for (std::size_t j = 0; j < m; ++j) {
    double c = std::numeric_limits<double>::infinity();
    if (!intervalCap.empty()) {
      c = intervalCap[j];
    } else {
      if (vLimit[j] > 0.0) c = std::min(c, vLimit[j]);
      if (vLimit[j + 1] > 0.0) c = std::min(c, vLimit[j + 1]);
    }
    cap2[j] = c * c;
  }
  // Forward pass: Fa[j] = x at s_j+ (start of interval j). Backward pass: Bb[j] = x at s_{j+1}-.
  std::vector<double> Fa(m), Bb(m);
  double x = 0.0;
  for (std::size_t j = 0; j < m; ++j) {
    if (isStop(j)) x = 0.0;
    Fa[j] = std::min(x, cap2[j]);
    x = std::min(Fa[j] + 2.0 * aLimit[j] * (s[j + 1] - s[j]), cap2[j]);
  }
  x = 0.0;
  for (std::size_t j = m; j-- > 0;) {
    if (isStop(j + 1)) x = 0.0;
    Bb[j] = std::min(x, cap2[j]);
    x = std::min(Bb[j] + 2.0 * aLimit[j] * (s[j + 1] - s[j]), cap2[j]);
  }

  // Constant-acceleration pieces from (sa, xa) to (sb, xb): dt = 2 ds / (va + vb).
  double t = 0.0;
  auto addPiece = [&](double sa, double sb, double xa, double xb) {
    const double ds = sb - sa;
    if (!(ds > 0.0)) return;
    const double va = std::sqrt(std::max(xa, 0.0)), vb = std::sqrt(std::max(xb, 0.0));
    if (!(va + vb > 0.0)) return;  // unreachable: F and B rise off zero at once
    Piece p;
    p.t0 = t;
    p.s0 = sa;
    p.v0 = va;
    p.duration = 2.0 * ds / (va + vb);
    p.a = (vb - va) / p.duration;  // = (vb^2 - va^2) / (2 ds): +a, 0 or -a up to rounding
    pieces_.push_back(p);
    starts_.push_back(t);
    t += p.duration;
  };
  for (std::size_t j = 0; j < m; ++j) {
    const double a = s[j], b = s[j + 1], A = aLimit[j], C = cap2[j];
    const double fa = Fa[j], bb = Bb[j];
    auto F = [&](double q) { return fa + 2.0 * A * (q - a); };
    auto B = [&](double q) { return bb + 2.0 * A * (b - q); };
    // F = B at sx, where x = xx.
    const double sx = 0.5 * (a + b) + (bb - fa) / (4.0 * A);
    const double xx = 0.5 * (fa + bb) + A * (b - a);
    if (xx <= C) {
      if (sx <= a) {
        addPiece(a, b, B(a), bb);
      } else if (sx >= b) {
        addPiece(a, b, fa, F(b));
      } else {
        addPiece(a, sx, fa, xx);
        addPiece(sx, b, xx, bb);
      }
    } else {
      // F reaches the cap at sf, B leaves it at sb; sf < sb.
      const double sf = a + (C - fa) / (2.0 * A);
      const double sb = b - (C - bb) / (2.0 * A);
      if (sf >= b) {
        addPiece(a, b, fa, F(b));
      } else if (sb <= a) {
        addPiece(a, b, B(a), bb);
      } else {
        addPiece(a, sf, fa, C);
        addPiece(std::max(sf, a), std::min(sb, b), C, C);
        addPiece(sb, b, C, bb);
      }
    }
  }
  require(!pieces_.empty(), "no motion");
  duration_ = t;
}

void PathSpeedProfile::evaluate(double t, double& s, double& sd, double& sdd) const {
  if (t >= duration_) {
    s = length_;
    sd = 0.0;
    sdd = pieces_.back().a;
    return;
  }
  t = std::max(t, 0.0);
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), t);
  const Piece& p = pieces_[std::max<std::ptrdiff_t>(0, (it - starts_.begin()) - 1)];
  const double tau = std::min(t - p.t0, p.duration);
  s = std::min(p.s0 + tau * (p.v0 + 0.5 * p.a * tau), length_);
  sd = std::max(p.v0 + p.a * tau, 0.0);
  sdd = p.a;
}

double PathSpeedProfile::timeAt(double s) const {
  if (s <= 0.0) return 0.0;
  if (s >= length_) return duration_;
  const auto it = std::upper_bound(pieces_.begin(), pieces_.end(), s,
                                   [](double value, const Piece& p) { return value < p.s0; });
  const Piece& p = pieces_[std::max<std::ptrdiff_t>(0, (it - pieces_.begin()) - 1)];
  // s - s0 = v0 tau + a tau^2 / 2, the root that is reached first, in the form stable for a -> 0.
  const double ds = s - p.s0;
  const double root = std::sqrt(std::max(p.v0 * p.v0 + 2.0 * p.a * ds, 0.0));
  const double denominator = p.v0 + root;
  const double tau = denominator > 0.0 ? 2.0 * ds / denominator : 0.0;
  return p.t0 + std::clamp(tau, 0.0, p.duration);
}

double PathSpeedProfile::peakSpeed() const {
  double peak = 0.0;
  for (const Piece& p : pieces_) peak = std::max({peak, p.v0, p.v0 + p.a * p.duration});
  return peak;
}

}  // namespace armdyn
