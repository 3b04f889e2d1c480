#include "kinematics/inverse_rates.h"

#include "kinematics/jacobian.h"
#include "kinematics/jacobian_derivative.h"
#include "kinematics/singularity_analysis.h"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <cstdio>
#include <stdexcept>

namespace armdyn {

InverseRates inverseRates(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const Vector6d& xd,
                          const Eigen::VectorXd& xdd) {
  const int n = model.dof();
  if (q.size() != n || !q.allFinite()) throw std::invalid_argument("inverseRates: q needs " + std::to_string(n) + " finite values");
  if (!xd.allFinite()) throw std::invalid_argument("inverseRates: xd is not finite");
  if (xdd.size() != 0 && (xdd.size() != 6 || !xdd.allFinite()))
    throw std::invalid_argument("inverseRates: xdd needs 6 finite values");
  const Eigen::MatrixXd J = geometricJacobian(model, q);
  const int rows = n <= 3 ? 3 : 6;
  const Eigen::MatrixXd A = J.topRows(rows);
  // Conditioning on the unit-free Jacobian (linear rows over the length sum).
  const double L = std::max(lengthSum(model), 1e-3);
  Eigen::MatrixXd An = A;
  An.topRows(3) /= L;
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(An);
  const Eigen::VectorXd s = svd.singularValues();
  const double ratio = s(s.size() - 1) / s(0);
  InverseRates r;
  Vector6d bias = Vector6d::Zero();  // Jdot qd, computed once
  const bool square = rows == n;
  if (square && ratio > kRateDampingRatio) {
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(A);
    r.qd = lu.solve(xd.head(rows));
    if (xdd.size()) r.qdd = lu.solve(xdd.head(rows) - (bias = jacobianDotTimesRate(model, q, r.qd)).head(rows));
  } else {
    // Damped least squares, qd = A^T (A A^T + lambda^2 I)^-1 b, lambda growing as the smallest
    // singular value falls below the threshold (Nakamura & Hanafusa).
    r.damped = true;
    char buf[200];
    if (!square) {
      std::snprintf(buf, sizeof buf, "%d joints for %d task rows: least squares (damped)", n, rows);
    } else {
      std::snprintf(buf, sizeof buf, "near a singularity (smallest/largest singular value %.2e): damped least squares", ratio);
    }
    r.warning = buf;
    const double floor = kRateDampingRatio * s(0);
    const double smallest = s(s.size() - 1);
    const double lambda = smallest < floor ? std::sqrt(floor * floor - smallest * smallest) : 0.0;
    // In unit-free rows, then back: An = D A, bn = D b with D = diag(1/L, 1). Fewer joints
    // than rows: (An^T An + lambda^2 I)^-1 An^T bn (least squares, the n x n form); otherwise
    // An^T (An An^T + lambda^2 I)^-1 bn (the rows x rows form).
    const bool tall = n < rows;
    Eigen::MatrixXd M = tall ? Eigen::MatrixXd(An.transpose() * An) : Eigen::MatrixXd(An * An.transpose());
    M.diagonal().array() += lambda * lambda;
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(M);
    auto solve = [&](Eigen::VectorXd b) {
      b.head(3) /= L;
      return tall ? Eigen::VectorXd(lu.solve(An.transpose() * b)) : Eigen::VectorXd(An.transpose() * lu.solve(b));
    };
    r.qd = solve(xd.head(rows));
    if (xdd.size()) r.qdd = solve(xdd.head(rows) - (bias = jacobianDotTimesRate(model, q, r.qd)).head(rows));
  }
  r.velocityResidual = (A * r.qd - xd.head(rows)).norm();
  if (xdd.size())
    r.accelerationResidual = (A * r.qdd + bias.head(rows) - xdd.head(rows)).norm();
  return r;
}

}  // namespace armdyn
