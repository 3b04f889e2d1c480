#pragma once
// Explicit Runge-Kutta integrators for x' = f(t, x) with inputs held constant over a step.
// - Classical fourth-order Runge-Kutta (Anderson 6.2, eqs 6.5-6.10): local error O(h^5), global
//   O(h^4); the input stays piecewise constant (Anderson appendix B), so it is simply not an
//   argument of f here: the caller holds it.
// - Dormand-Prince 5(4) (Dormand & Prince 1980; Hairer, Norsett & Wanner, Solving ODE I, II.5):
//   embedded fifth/fourth-order pair, FSAL, error per component scaled by
//   atol + rtol * max(|x|, |x_new|), RMS norm, step factor 0.9 (1/err)^(1/5) in [0.2, 5].
// f is any callable `void(double t, const Eigen::VectorXd& x, Eigen::VectorXd& xdot)`.
// All buffers are allocated once at construction: steps do not allocate.

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

class RungeKutta4 {
 public:
  explicit RungeKutta4(int size) : k1_(size), k2_(size), k3_(size), k4_(size), tmp_(size) {}

  int size() const { return static_cast<int>(k1_.size()); }

  // Advances x from t to t + h in place.
  template <typename F>
  void step(F& f, double t, double h, Eigen::VectorXd& x) {
    f(t, x, k1_);
    tmp_ = x + (0.5 * h) * k1_;
    f(t + 0.5 * h, tmp_, k2_);
    tmp_ = x + (0.5 * h) * k2_;
    f(t + 0.5 * h, tmp_, k3_);
    tmp_ = x + h * k3_;
    f(t + h, tmp_, k4_);
    x += (h / 6.0) * (k1_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
  }

 private:
  Eigen::VectorXd k1_, k2_, k3_, k4_, tmp_;
};

struct AdaptiveStats {
  long accepted = 0;
  long rejected = 0;
  long evaluations = 0;
  double lastStep = 0.0;  // size of the last accepted step, s
};

class DormandPrince45 {
 public:
  // rtol, atol > 0; hMin > 0 is the smallest step allowed before integrate() gives up.
  DormandPrince45(int size, double rtol, double atol, double hMin = 1e-12)
      : rtol_(rtol), atol_(atol), hMin_(hMin), xNew_(size), tmp_(size), err_(size) {
    if (!(rtol > 0.0) || !(atol > 0.0) || !std::isfinite(rtol) || !std::isfinite(atol))
      throw std::invalid_argument("DormandPrince45: tolerances must be positive and finite");
    for (auto& k : k_) k.resize(size);
  }

  double rtol() const { return rtol_; }
  double atol() const { return atol_; }
  const AdaptiveStats& stats() const { return stats_; }
  // Step proposal carried from one integrate() call to the next (0 = choose one).
  double suggestedStep() const { return h_; }
  void setSuggestedStep(double h) { h_ = h; }

  // Integrates x from t0 to t1 (> t0) with error control. Returns false (x left at the last
  // accepted state, reachedTime set) when the step would fall below hMin or a derivative
  // turns non-finite. The first derivative of each call is evaluated afresh because the
  // caller may have changed the held input between calls.
  template <typename F>
  bool integrate(F& f, double t0, double t1, Eigen::VectorXd& x, double* reachedTime = nullptr) {
    double t = t0;
    f(t, x, k_[0]);
    ++stats_.evaluations;
    if (h_ <= 0.0) h_ = initialStep(t1 - t0, x);
    while (t < t1) {
      const bool last = t + h_ >= t1 - 1e-14 * std::max(1.0, std::abs(t1));
      const double h = last ? t1 - t : h_;
      stage(f, t, h, x);
      const double e = errorNorm(x);
      if (std::isfinite(e) && e <= 1.0) {
        t = last ? t1 : t + h;
        x = xNew_;
        std::swap(k_[0], k_[6]);  // FSAL: the last stage is the next step's first
        ++stats_.accepted;
        stats_.lastStep = h;
        const double factor = e == 0.0 ? 5.0 : std::clamp(0.9 * std::pow(e, -0.2), 0.2, 5.0);
        if (!last || factor < 1.0) h_ = h * factor;
      } else {
        ++stats_.rejected;
        const double factor = std::isfinite(e) ? std::clamp(0.9 * std::pow(e, -0.2), 0.2, 1.0) : 0.2;
        h_ = h * factor;
        if (h_ < hMin_) {
          if (reachedTime) *reachedTime = t;
          return false;
        }
      }
    }
    if (reachedTime) *reachedTime = t;
    return true;
  }

 private:
  template <typename F>
  void stage(F& f, double t, double h, const Eigen::VectorXd& x) {
    // Butcher tableau of Dormand & Prince (1980).
    constexpr double a21 = 1.0 / 5.0;
    constexpr double a31 = 3.0 / 40.0, a32 = 9.0 / 40.0;
    constexpr double a41 = 44.0 / 45.0, a42 = -56.0 / 15.0, a43 = 32.0 / 9.0;
    constexpr double a51 = 19372.0 / 6561.0, a52 = -25360.0 / 2187.0, a53 = 64448.0 / 6561.0,
                     a54 = -212.0 / 729.0;
    constexpr double a61 = 9017.0 / 3168.0, a62 = -355.0 / 33.0, a63 = 46732.0 / 5247.0,
                     a64 = 49.0 / 176.0, a65 = -5103.0 / 18656.0;
    constexpr double b1 = 35.0 / 384.0, b3 = 500.0 / 1113.0, b4 = 125.0 / 192.0,
                     b5 = -2187.0 / 6784.0, b6 = 11.0 / 84.0;
    // e = b - b* (fifth minus fourth order weights).
    constexpr double e1 = 71.0 / 57600.0, e3 = -71.0 / 16695.0, e4 = 71.0 / 1920.0,
                     e5 = -17253.0 / 339200.0, e6 = 22.0 / 525.0, e7 = -1.0 / 40.0;
    tmp_ = x + h * a21 * k_[0];
    f(t + h / 5.0, tmp_, k_[1]);
    tmp_ = x + h * (a31 * k_[0] + a32 * k_[1]);
    f(t + 3.0 * h / 10.0, tmp_, k_[2]);
    tmp_ = x + h * (a41 * k_[0] + a42 * k_[1] + a43 * k_[2]);
    f(t + 4.0 * h / 5.0, tmp_, k_[3]);
    tmp_ = x + h * (a51 * k_[0] + a52 * k_[1] + a53 * k_[2] + a54 * k_[3]);
    f(t + 8.0 * h / 9.0, tmp_, k_[4]);
    tmp_ = x + h * (a61 * k_[0] + a62 * k_[1] + a63 * k_[2] + a64 * k_[3] + a65 * k_[4]);
    f(t + h, tmp_, k_[5]);
    xNew_ = x + h * (b1 * k_[0] + b3 * k_[2] + b4 * k_[3] + b5 * k_[4] + b6 * k_[5]);
    f(t + h, xNew_, k_[6]);
    err_ = h * (e1 * k_[0] + e3 * k_[2] + e4 * k_[3] + e5 * k_[4] + e6 * k_[5] + e7 * k_[6]);
    stats_.evaluations += 6;
  }

  double errorNorm(const Eigen::VectorXd& x) const {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      const double scale = atol_ + rtol_ * std::max(std::abs(x(i)), std::abs(xNew_(i)));
      const double r = err_(i) / scale;
      sum += r * r;
    }
    return std::sqrt(sum / static_cast<double>(std::max<Eigen::Index>(1, x.size())));
  }

  // Hairer's starting-step heuristic, simplified: h = 0.01 * ||x|| / ||f(x)|| capped by span.
  double initialStep(double span, const Eigen::VectorXd& x) const {
    double d0 = 0.0, d1 = 0.0;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      const double scale = atol_ + rtol_ * std::abs(x(i));
      d0 += (x(i) / scale) * (x(i) / scale);
      d1 += (k_[0](i) / scale) * (k_[0](i) / scale);
    }
    double h = (d0 < 1e-10 || d1 < 1e-10) ? 1e-6 : 0.01 * std::sqrt(d0 / d1);
    return std::min(h, span);
  }

  double rtol_, atol_, hMin_;
  double h_ = 0.0;
  AdaptiveStats stats_;
  Eigen::VectorXd k_[7];
  Eigen::VectorXd xNew_, tmp_, err_;
};

}  // namespace armdyn
