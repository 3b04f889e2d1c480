// Integrators on ODEs with closed-form solutions: RK4's fourth order (error ratio 16 per
// halving), its real-axis stability limit 2.785, Dormand-Prince's error control.
#include "simulation/runge_kutta.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

// x'' = -w^2 x as a first-order system; exact x = cos(w t), v = -w sin(w t) from (1, 0).
struct Oscillator {
  double w;
  void operator()(double, const Eigen::VectorXd& x, Eigen::VectorXd& xd) const {
    xd(0) = x(1);
    xd(1) = -w * w * x(0);
  }
};

double rk4Error(double h, double tEnd) {
  Oscillator f{3.0};
  RungeKutta4 rk(2);
  Eigen::VectorXd x(2);
  x << 1.0, 0.0;
  const int steps = static_cast<int>(std::lround(tEnd / h));
  for (int k = 0; k < steps; ++k) rk.step(f, k * h, h, x);
  return std::hypot(x(0) - std::cos(3.0 * tEnd), x(1) + 3.0 * std::sin(3.0 * tEnd));
}

TEST(RungeKutta4, ErrorFallsSixteenfoldPerHalving) {
  // Global error of a fourth-order method scales as h^4: ratio 2^4 = 16, within 10% while
  // w h <= 0.06 keeps the next term of the error expansion small.
  const double e1 = rk4Error(0.02, 2.0), e2 = rk4Error(0.01, 2.0), e3 = rk4Error(0.005, 2.0);
  EXPECT_NEAR(e1 / e2, 16.0, 1.6);
  EXPECT_NEAR(e2 / e3, 16.0, 1.6);
}

TEST(RungeKutta4, RealAxisStabilityLimit) {
  // x' = -x: the RK4 amplification 1 - z + z^2/2 - z^3/6 + z^4/24 at z = h crosses -1 (in
  // magnitude 1) at z = 2.7853; just below decays, just above grows.
  auto f = [](double, const Eigen::VectorXd& x, Eigen::VectorXd& xd) { xd = -x; };
  for (double h : {2.77, 2.80}) {
    RungeKutta4 rk(1);
    Eigen::VectorXd x = Eigen::VectorXd::Ones(1);
    for (int k = 0; k < 2000; ++k) rk.step(f, 0.0, h, x);
    if (h < 2.785) {
      EXPECT_LT(std::abs(x(0)), 1.0) << h;
    } else {
      EXPECT_GT(std::abs(x(0)), 1.0) << h;
    }
  }
}

TEST(DormandPrince45, MeetsTheToleranceOnTheOscillator) {
  // The local error per step is held at ~rtol; over ~10 periods the global error stays within a
  // small multiple of it (factor 100 allowed for accumulation).
  for (double rtol : {1e-6, 1e-9}) {
    Oscillator f{3.0};
    DormandPrince45 dp(2, rtol, rtol * 1e-2);
    Eigen::VectorXd x(2);
    x << 1.0, 0.0;
    ASSERT_TRUE(dp.integrate(f, 0.0, 20.0, x));
    const double err = std::hypot(x(0) - std::cos(60.0), x(1) / 3.0 + std::sin(60.0));
    EXPECT_LT(err, 100.0 * rtol) << rtol;
    EXPECT_GT(dp.stats().accepted, 10);
  }
}

TEST(DormandPrince45, SplitIntervalsGiveTheSameAnswer) {
  // Integrating 0..1 in ten calls (as with a held input) agrees with one call to the tolerance.
  auto f = [](double t, const Eigen::VectorXd& x, Eigen::VectorXd& xd) { xd(0) = -x(0) + std::sin(t); };
  DormandPrince45 a(1, 1e-10, 1e-12), b(1, 1e-10, 1e-12);
  Eigen::VectorXd xa = Eigen::VectorXd::Ones(1), xb = xa;
  ASSERT_TRUE(a.integrate(f, 0.0, 1.0, xa));
  for (int k = 0; k < 10; ++k) ASSERT_TRUE(b.integrate(f, 0.1 * k, 0.1 * (k + 1), xb));
  // Exact: x = 1.5 e^-t + (sin t - cos t) / 2.
  const double exact = 1.5 * std::exp(-1.0) + 0.5 * (std::sin(1.0) - std::cos(1.0));
  EXPECT_NEAR(xa(0), exact, 1e-9);
  EXPECT_NEAR(xb(0), exact, 1e-9);
}

TEST(DormandPrince45, GivesUpOnAFiniteTimeBlowUp) {
  // x' = x^2 from 1 blows up at t = 1: the step size collapses and integrate reports failure.
  auto f = [](double, const Eigen::VectorXd& x, Eigen::VectorXd& xd) { xd(0) = x(0) * x(0); };
  DormandPrince45 dp(1, 1e-8, 1e-10, 1e-10);
  Eigen::VectorXd x = Eigen::VectorXd::Ones(1);
  double reached = 0.0;
  EXPECT_FALSE(dp.integrate(f, 0.0, 2.0, x, &reached));
  // It gives up at the pole t = 1 (where exactly depends on the last steps' rounding).
  EXPECT_NEAR(reached, 1.0, 1e-2);
}

}  // namespace
}  // namespace armdyn
