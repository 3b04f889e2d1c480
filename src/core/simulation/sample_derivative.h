#pragma once
// Time derivative of sampled signals on a non-uniform grid (Fornberg's three-point weights):
// with h1 = t_k - t_{k-1}, h2 = t_{k+1} - t_k, inside
//   x'(t_k) = -h2 / (h1 (h1 + h2)) x_{k-1} + (h2 - h1) / (h1 h2) x_k + h1 / (h2 (h1 + h2)) x_{k+1}
// and the one-sided three-point formulas at both ends: second order, exact for quadratics.
// Used for the accelerations of a forward simulation, whose recorded state is (q, qd).

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// Rows = samples at times t (strictly increasing), columns = signals. Two samples: the
// difference quotient; one: zeros. Throws std::invalid_argument for times that do not increase
// or a row count other than t.size().
Eigen::MatrixXd timeDerivative(const std::vector<double>& t, const Eigen::MatrixXd& x);

}  // namespace armdyn
