#include "trajectory/quintic_trajectory.h"

#include "trajectory/cubic_trajectory.h"
#include "trajectory/segment_timing.h"

namespace armdyn {

PolynomialCoefficients quinticCoefficients(double q0, double qf, double v0, double vf, double acc0,
                                           double accf, double T) {
  const double D = qf - q0, T2 = T * T, T3 = T2 * T;
  return {q0,
          v0,
          0.5 * acc0,
          (20.0 * D - (8.0 * vf + 12.0 * v0) * T - (3.0 * acc0 - accf) * T2) / (2.0 * T3),
          (-30.0 * D + (14.0 * vf + 16.0 * v0) * T + (3.0 * acc0 - 2.0 * accf) * T2) / (2.0 * T3 * T),
          (12.0 * D - (6.0 * vf + 6.0 * v0) * T - (acc0 - accf) * T2) / (2.0 * T3 * T2)};
}

PiecewisePolynomial quinticTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations) {
  const Eigen::MatrixXd v = heuristicViaVelocities(points, durations);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  std::vector<double> breaks = cumulativeBreaks(durations);
  std::vector<TrajectoryKnot> knots = pointKnots(breaks);
  Eigen::MatrixXd c(n, PiecewisePolynomial::kCoefficients * (m - 1));
  for (int k = 0; k + 1 < m; ++k)
    for (int j = 0; j < n; ++j) {
      const PolynomialCoefficients a =
          quinticCoefficients(points(k, j), points(k + 1, j), v(k, j), v(k + 1, j), 0.0, 0.0, durations[k]);
      for (int r = 0; r < PiecewisePolynomial::kCoefficients; ++r)
        c(j, PiecewisePolynomial::kCoefficients * k + r) = a[r];
    }
  return PiecewisePolynomial(std::move(breaks), std::move(c), std::move(knots), 2, "quintic");
}

}  // namespace armdyn
