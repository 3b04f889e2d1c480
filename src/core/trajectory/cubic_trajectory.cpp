#include "trajectory/cubic_trajectory.h"

#include "trajectory/segment_timing.h"

#include <stdexcept>

namespace armdyn {

std::array<double, 4> cubicCoefficients(double q0, double qf, double v0, double vf, double T) {
  const double D = qf - q0;
  return {q0, v0, 3.0 * D / (T * T) - 2.0 * v0 / T - vf / T, -2.0 * D / (T * T * T) + (vf + v0) / (T * T)};
}

Eigen::MatrixXd heuristicViaVelocities(const Eigen::MatrixXd& points, const std::vector<double>& durations) {
  checkSegmentDurations(points, durations);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  Eigen::MatrixXd v = Eigen::MatrixXd::Zero(m, n);
  for (int k = 1; k + 1 < m; ++k)
    for (int j = 0; j < n; ++j) {
      const double before = (points(k, j) - points(k - 1, j)) / durations[k - 1];
      const double after = (points(k + 1, j) - points(k, j)) / durations[k];
      if (before * after > 0.0) v(k, j) = 0.5 * (before + after);
    }
  return v;
}

Eigen::MatrixXd cubicViaVelocities(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                   ViaVelocity via) {
  checkSegmentDurations(points, durations);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  switch (via) {
    case ViaVelocity::Heuristic: return heuristicViaVelocities(points, durations);
    case ViaVelocity::Zero: return Eigen::MatrixXd::Zero(m, n);
    case ViaVelocity::ContinuousAcceleration: break;
    default: throw std::invalid_argument("cubicViaVelocities: unknown via-velocity rule");
  }
  Eigen::MatrixXd v = Eigen::MatrixXd::Zero(m, n);
  const int u = m - 2;  // unknowns v_1..v_{m-2}
  if (u == 0) return v;
  // Thomas algorithm on rows k = 1..m-2: sub[k] v_{k-1} + diag[k] v_k + sup[k] v_{k+1} = rhs[k].
  Eigen::VectorXd sub(u), diag(u), sup(u), rhs(u), cp(u), dp(u);
  for (int i = 0; i < u; ++i) {
    const double hb = durations[i], ha = durations[i + 1];
    sub(i) = 1.0 / hb;
    sup(i) = 1.0 / ha;
    diag(i) = 2.0 * (1.0 / hb + 1.0 / ha);
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < u; ++i) {
      const int k = i + 1;
      const double hb = durations[k - 1], ha = durations[k];
      rhs(i) = 3.0 * (points(k, j) - points(k - 1, j)) / (hb * hb) + 3.0 * (points(k + 1, j) - points(k, j)) / (ha * ha);
    }
    cp(0) = sup(0) / diag(0);
    dp(0) = rhs(0) / diag(0);
    for (int i = 1; i < u; ++i) {
      const double den = diag(i) - sub(i) * cp(i - 1);
      cp(i) = sup(i) / den;
      dp(i) = (rhs(i) - sub(i) * dp(i - 1)) / den;
    }
    v(u, j) = dp(u - 1);
    for (int i = u - 2; i >= 0; --i) v(i + 1, j) = dp(i) - cp(i) * v(i + 2, j);
  }
  return v;
}

PiecewisePolynomial cubicTrajectory(const Eigen::MatrixXd& points, const std::vector<double>& durations,
                                    ViaVelocity via, const std::string& scheme) {
  const Eigen::MatrixXd v = cubicViaVelocities(points, durations, via);
  const int m = static_cast<int>(points.rows());
  const int n = static_cast<int>(points.cols());
  std::vector<double> breaks = cumulativeBreaks(durations);
  std::vector<TrajectoryKnot> knots = pointKnots(breaks);
  Eigen::MatrixXd c = Eigen::MatrixXd::Zero(n, PiecewisePolynomial::kCoefficients * (m - 1));
  for (int k = 0; k + 1 < m; ++k)
    for (int j = 0; j < n; ++j) {
      const auto a = cubicCoefficients(points(k, j), points(k + 1, j), v(k, j), v(k + 1, j), durations[k]);
      for (int r = 0; r < 4; ++r) c(j, PiecewisePolynomial::kCoefficients * k + r) = a[r];
    }
  return PiecewisePolynomial(std::move(breaks), std::move(c), std::move(knots),
                             via == ViaVelocity::ContinuousAcceleration || m == 2 ? 2 : 1, scheme);
}

}  // namespace armdyn
