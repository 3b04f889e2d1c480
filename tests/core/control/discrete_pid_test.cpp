// Discrete PID (Anderson eqs 7.2-7.7): the incremental recursion against the positional sum of
// eq 7.2, the printed coefficients, output limits without windup, refusals.
#include "control/discrete_pid.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

TEST(DiscretePid, CoefficientsOfEquations75To77) {
  // q0 and q2 as printed; q1 with the sign the recursion needs (printed eq 7.6 lost it).
  const PidGains g{137.0, 0.315, 0.032};
  const double h = 0.028 / 30.0;
  const PidCoefficients c = incrementalCoefficients(g, h);
  EXPECT_DOUBLE_EQ(c.q0, 137.0 * (1.0 + 0.032 / h));
  EXPECT_DOUBLE_EQ(c.q1, -137.0 * (1.0 + 2.0 * 0.032 / h - h / 0.315));
  EXPECT_DOUBLE_EQ(c.q2, 137.0 * 0.032 / h);
}

TEST(DiscretePid, IncrementalFormEqualsPositionalSumOfEq72) {
  // u(k) = Kg (e(k) + h/Ti sum_{i<k} e(i) + Td/h (e(k) - e(k-1))), e(-1) = 0, for a random
  // error sequence: the recursion of eq 7.3 must give the same outputs (rounding only).
  std::mt19937 rng(3);
  std::normal_distribution<double> n(0.0, 0.2);
  const PidGains g{220.0, 0.3, 0.075};
  const double h = 0.001;
  DiscretePid pid({g}, h);
  double sum = 0.0, previous = 0.0;
  for (int k = 0; k < 2000; ++k) {
    const double e = n(rng);
    const double positional = g.kg * (e + h / g.ti * sum + g.td / h * (e - previous));
    const double incremental = pid.update(0, e);
    EXPECT_NEAR(incremental, positional, 1e-9 * (1.0 + std::abs(positional))) << k;
    sum += e;
    previous = e;
  }
}

TEST(DiscretePid, ProportionalAndDerivativeWithoutIntegral) {
  DiscretePid pid({{50.0, 0.0, 0.0}, {10.0, 0.0, 0.02}}, 0.01);
  pid.reset(Eigen::Vector2d(1.0, 0.0));  // constant bias on joint 1
  Eigen::Vector2d u;
  pid.update(Eigen::Vector2d(0.1, 0.3), u);
  EXPECT_DOUBLE_EQ(u(0), 1.0 + 50.0 * 0.1);
  EXPECT_DOUBLE_EQ(u(1), 10.0 * (0.3 + 2.0 * 0.3));  // Td/h = 2, e(-1) = 0
  pid.update(Eigen::Vector2d(-0.2, 0.3), u);
  EXPECT_DOUBLE_EQ(u(0), 1.0 - 50.0 * 0.2);
  EXPECT_DOUBLE_EQ(u(1), 10.0 * 0.3);
}

TEST(DiscretePid, OutputLimitWithoutWindup) {
  // A long positive error drives the output into its 40 V limit; when the error turns
  // negative the incremental form leaves the limit at once, where a positional PID with an
  // unbounded integral would stay saturated until the integral unwinds (here ~1000 samples).
  const PidGains g{100.0, 0.05, 0.0};
  const double h = 0.001;
  DiscretePid pid({g}, h, Eigen::VectorXd::Constant(1, 40.0));
  for (int k = 0; k < 1000; ++k) EXPECT_LE(pid.update(0, 0.5), 40.0);
  EXPECT_EQ(pid.update(0, 0.5), 40.0);
  // Next sample with e = -0.01: U = 40 + q0 e + q1 e(k-1) = 40 - 100*0.01 - 100*(1 - h/Ti)*0.5.
  const double expected = 40.0 - 100.0 * 0.01 - 100.0 * (1.0 - h / 0.05) * 0.5;
  EXPECT_NEAR(pid.update(0, -0.01), expected, 1e-12);
  EXPECT_GT(expected, -40.0);
  EXPECT_LT(expected, 40.0);  // out of saturation after one sample
  // The positional form's integral after the same history: 1001 samples of e = 0.5.
  const double positional = g.kg * (-0.01 + h / g.ti * 1001.0 * 0.5);
  EXPECT_GT(positional, 40.0);  // it would still be saturated
}

TEST(DiscretePid, RefusesBadGains) {
  const double nan = std::nan("");
  EXPECT_THROW(DiscretePid({{nan, 0.0, 0.0}}, 0.001), std::invalid_argument);
  EXPECT_THROW(DiscretePid({{1.0, nan, 0.0}}, 0.001), std::invalid_argument);
  EXPECT_THROW(DiscretePid({{1.0, 0.0, -0.1}}, 0.001), std::invalid_argument);
  EXPECT_THROW(DiscretePid({{1.0, 0.0, 0.0}}, 0.0), std::invalid_argument);
  EXPECT_THROW(DiscretePid({{1.0, 0.0, 0.0}}, 0.001, Eigen::VectorXd::Zero(2)), std::invalid_argument);
  try {
    DiscretePid({{1.0, 0.0, 0.0}, {nan, 0.0, 0.0}}, 0.001);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("joint 2"), std::string::npos);
  }
}

}  // namespace
}  // namespace armdyn
