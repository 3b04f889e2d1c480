#pragma once
// Path speed along a geometric path, s(t), rest to rest: the fastest profile under a speed
// limit v(s) and a path-acceleration limit a(s) (the one-dimensional phase-plane method:
// a forward pass with sdd = +a and a backward pass with sdd = -a, both under the limit curve).
// Between two grid points the limit curve is the smaller of its end values and a is constant,
// so sd^2 is piecewise linear in s and every piece of the result is a constant-acceleration
// motion: its time dt = 2 ds / (v_a + v_b) is exact. With one line (grid 0 and L, constant
// limits vmax and amax) this is the trapezoidal (LSPB) profile of duration
// L / vmax + vmax / amax (or 2 sqrt(L / amax) when the cruise speed is not reached).
// Units: s in m (or any path unit), sd in m/s, sdd in m/s^2.

#include <vector>

namespace armdyn {

class PathSpeedProfile {
 public:
  // `s`: strictly increasing grid from 0 to the path length (at least two points).
  // `vLimit`: largest path speed at each grid point (>= 0; 0 = the path must stop there);
  // the first and last are taken as 0 (rest to rest).
  // `aLimit`: largest |path acceleration| on each interval [s_i, s_{i+1}] (> 0), size s.size()-1.
  // Throws std::invalid_argument for sizes that do not match, non-finite or out-of-range
  // values, and two consecutive zero speed limits (no motion possible on that interval).
  PathSpeedProfile(const std::vector<double>& s, const std::vector<double>& vLimit,
                   const std::vector<double>& aLimit);
  // The same with a speed cap per interval (> 0, +inf = none; size s.size() - 1) instead of the
  // smaller of its end limits: a low limit over one interval (an arc, a joint near its speed
  // limit) then does not slow its neighbours. vLimit still marks the stops (0); its other values
  // are not used.
  PathSpeedProfile(const std::vector<double>& s, const std::vector<double>& vLimit,
                   const std::vector<double>& aLimit, const std::vector<double>& intervalCap);

  double duration() const { return duration_; }
  double length() const { return length_; }
  // Path position, speed and acceleration at time t (clamped to [0, duration]). No allocation.
  void evaluate(double t, double& s, double& sd, double& sdd) const;
  // Time at which the profile reaches arc length s (clamped).
  double timeAt(double s) const;
  // Largest path speed reached, m/s.
  double peakSpeed() const;

  // The constant-acceleration pieces, in order (public for tests and drawing).
  struct Piece {
    double t0 = 0.0, s0 = 0.0, v0 = 0.0, a = 0.0, duration = 0.0;
  };
  const std::vector<Piece>& pieces() const { return pieces_; }

 private:
  std::vector<Piece> pieces_;
  std::vector<double> starts_;  // pieces_[i].t0, for the binary search
  double duration_ = 0.0, length_ = 0.0;
};

}  // namespace armdyn
