#include "dynamics/forward_dynamics.h"

#include "dynamics/crba.h"
#include "dynamics/dh_ops.h"
#include "dynamics/rnea.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

void solve(const Model& model, DynamicsData& d, const Eigen::Ref<const Eigen::VectorXd>& q,
           const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
           const double* armature, Eigen::Ref<Eigen::VectorXd> qdd, const ToolWrench* wrench = nullptr) {
  dh::checkData(model, d, "forwardDynamics");
  dh::checkSize(q.size(), d.n, "forwardDynamics", "q");
  dh::checkSize(qd.size(), d.n, "forwardDynamics", "qd");
  dh::checkSize(tau.size(), d.n, "forwardDynamics", "tau");
  dh::checkSize(qdd.size(), d.n, "forwardDynamics", "qdd");
  if (wrench && !wrench->isZero()) {
    // The bias with the tool's wrench: what the joints spend on it is not left for qdd.
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(d.n);
    rnea(model, d, q, qd, zero, *wrench, d.bias);
  } else {
    dh::updateJoints(d, q.data());
    detail::rneaPasses(d, qd.data(), nullptr, true, d.bias.data());
  }
  detail::crbaPass(d);
  if (armature)
    for (int k = 0; k < d.n; ++k) d.massMatrix(k, k) += armature[k];

  // Cholesky M = L L^T (lower triangle of data.cholesky), column by column.
  const int n = d.n;
  JointMatrix& L = d.cholesky;
  const JointMatrix& M = d.massMatrix;
  for (int j = 0; j < n; ++j) {
    double s = M(j, j);
    for (int k = 0; k < j; ++k) s -= L(j, k) * L(j, k);
    if (!(s > 0.0))
      throw std::runtime_error("forwardDynamics: mass matrix is not positive definite at joint " +
                               std::to_string(j + 1));
    const double ljj = std::sqrt(s);
    L(j, j) = ljj;
    const double inv = 1.0 / ljj;
    for (int i = j + 1; i < n; ++i) {
      double t = M(i, j);
      for (int k = 0; k < j; ++k) t -= L(i, k) * L(j, k);
      L(i, j) = t * inv;
    }
  }
  // L y = tau - bias, then L^T qdd = y (y kept in qdd).
  for (int i = 0; i < n; ++i) {
    double t = tau[i] - d.bias[i];
    for (int k = 0; k < i; ++k) t -= L(i, k) * qdd[k];
    qdd[i] = t / L(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    double t = qdd[i];
    for (int k = i + 1; k < n; ++k) t -= L(k, i) * qdd[k];
    qdd[i] = t / L(i, i);
  }
}

}  // namespace

void forwardDynamics(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
                     const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> qdd) {
  solve(model, data, q, qd, tau, nullptr, qdd, &wrench);
}

void forwardDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& tau, Eigen::Ref<Eigen::VectorXd> qdd) {
  solve(model, data, q, qd, tau, nullptr, qdd);
}

void forwardDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& tau,
                     const Eigen::Ref<const Eigen::VectorXd>& armature,
                     Eigen::Ref<Eigen::VectorXd> qdd) {
  dh::checkSize(armature.size(), data.n, "forwardDynamics", "armature");
  solve(model, data, q, qd, tau, armature.data(), qdd);
}

Eigen::VectorXd forwardDynamics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                const Eigen::Ref<const Eigen::VectorXd>& qd,
                                const Eigen::Ref<const Eigen::VectorXd>& tau) {
  DynamicsData data(model);
  Eigen::VectorXd qdd(model.dof());
  forwardDynamics(model, data, q, qd, tau, qdd);
  return qdd;
}

}  // namespace armdyn
