#include "simulation/sample_derivative.h"

#include <stdexcept>

namespace armdyn {

Eigen::MatrixXd timeDerivative(const std::vector<double>& t, const Eigen::MatrixXd& x) {
  const Eigen::Index n = x.rows();
  if (static_cast<std::size_t>(n) != t.size()) throw std::invalid_argument("timeDerivative: one time per row needed");
  for (std::size_t k = 1; k < t.size(); ++k)
    if (!(t[k] > t[k - 1])) throw std::invalid_argument("timeDerivative: times must increase");
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, x.cols());
  if (n < 2) return d;
  if (n == 2) {
    d.row(0) = (x.row(1) - x.row(0)) / (t[1] - t[0]);
    d.row(1) = d.row(0);
    return d;
  }
  for (Eigen::Index k = 1; k + 1 < n; ++k) {
    const double h1 = t[k] - t[k - 1], h2 = t[k + 1] - t[k];
    d.row(k) = -h2 / (h1 * (h1 + h2)) * x.row(k - 1) + (h2 - h1) / (h1 * h2) * x.row(k) +
               h1 / (h2 * (h1 + h2)) * x.row(k + 1);
  }
  {
    const double h1 = t[1] - t[0], h2 = t[2] - t[1];
    d.row(0) = -(2.0 * h1 + h2) / (h1 * (h1 + h2)) * x.row(0) + (h1 + h2) / (h1 * h2) * x.row(1) -
               h1 / (h2 * (h1 + h2)) * x.row(2);
  }
  {
    const Eigen::Index e = n - 1;
    const double h1 = t[e - 1] - t[e - 2], h2 = t[e] - t[e - 1];
    d.row(e) = h2 / (h1 * (h1 + h2)) * x.row(e - 2) - (h1 + h2) / (h1 * h2) * x.row(e - 1) +
               (2.0 * h2 + h1) / (h2 * (h1 + h2)) * x.row(e);
  }
  return d;
}

}  // namespace armdyn
