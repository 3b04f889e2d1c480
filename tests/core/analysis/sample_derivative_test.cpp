// Three-point derivatives on non-uniform grids against closed forms: exact for quadratics,
// second-order convergence on a sine.
#include "simulation/sample_derivative.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

std::vector<double> randomGrid(std::mt19937& rng, int samples, double meanStep) {
  std::uniform_real_distribution<double> step(0.3 * meanStep, 1.7 * meanStep);
  std::vector<double> t = {0.1};
  for (int k = 1; k < samples; ++k) t.push_back(t.back() + step(rng));
  return t;
}

// x = a + b t + c t^2 per column: the formulas are exact for quadratics, ends included (round-off
// of differences of O(1) values over steps of 0.01: 1e-10 absolute).
TEST(SampleDerivative, ExactForQuadratics) {
  std::mt19937 rng(7);
  const std::vector<double> t = randomGrid(rng, 40, 0.01);
  Eigen::MatrixXd x(40, 2), expected(40, 2);
  for (int k = 0; k < 40; ++k) {
    x(k, 0) = 1.0 - 2.0 * t[k] + 3.0 * t[k] * t[k];
    x(k, 1) = -0.5 + 0.25 * t[k] * t[k];
    expected(k, 0) = -2.0 + 6.0 * t[k];
    expected(k, 1) = 0.5 * t[k];
  }
  EXPECT_LT((timeDerivative(t, x) - expected).cwiseAbs().maxCoeff(), 1e-10);
}

// sin on grids of the same shape at step h and h/2: the largest error falls by 4 (second order).
TEST(SampleDerivative, SecondOrderOnASine) {
  double previous = 0.0;
  for (int level = 0; level < 3; ++level) {
    const int samples = 50 << level;
    std::vector<double> t(samples);
    for (int k = 0; k < samples; ++k) {
      const double u = static_cast<double>(k) / (samples - 1);
      t[k] = 2.0 * (u + 0.1 * u * u);  // smoothly stretched: non-uniform steps
    }
    Eigen::MatrixXd x(samples, 1);
    for (int k = 0; k < samples; ++k) x(k, 0) = std::sin(3.0 * t[k]);
    const Eigen::MatrixXd d = timeDerivative(t, x);
    double error = 0.0;
    for (int k = 0; k < samples; ++k) error = std::max(error, std::abs(d(k, 0) - 3.0 * std::cos(3.0 * t[k])));
    if (level > 0) {
      // Ratio 4 for second order; 3.5-4.5 allows for the not-yet-asymptotic coarse grid.
      EXPECT_GT(previous / error, 3.5);
      EXPECT_LT(previous / error, 4.5);
    }
    previous = error;
  }
}

TEST(SampleDerivative, RefusesTimesThatDoNotIncrease) {
  EXPECT_THROW(timeDerivative({0.0, 0.1, 0.1}, Eigen::MatrixXd::Zero(3, 1)), std::invalid_argument);
  EXPECT_THROW(timeDerivative({0.0, 0.1}, Eigen::MatrixXd::Zero(3, 1)), std::invalid_argument);
  EXPECT_EQ(timeDerivative({0.0}, Eigen::MatrixXd::Ones(1, 2)), Eigen::MatrixXd::Zero(1, 2));
}

}  // namespace
}  // namespace armdyn
