#include "dynamics/inverse_dynamics.h"

#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"

namespace armdyn {

const char* dynamicsMethodName(DynamicsMethod method) {
  return method == DynamicsMethod::Lagrange ? "lagrange" : "newton-euler";
}

void inverseDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, DynamicsMethod method,
                     Eigen::Ref<Eigen::VectorXd> tau) {
  if (method == DynamicsMethod::Lagrange) recursiveLagrange(model, data, q, qd, qdd, tau);
  else rnea(model, data, q, qd, qdd, tau);
}

void inverseDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, DynamicsMethod method,
                     const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau) {
  if (method == DynamicsMethod::Lagrange) recursiveLagrange(model, data, q, qd, qdd, tau, &wrench);
  else rnea(model, data, q, qd, qdd, wrench, tau);
}

Eigen::VectorXd inverseDynamics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                const Eigen::Ref<const Eigen::VectorXd>& qd,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                DynamicsMethod method) {
  DynamicsData data(model);
  Eigen::VectorXd tau(model.dof());
  inverseDynamics(model, data, q, qd, qdd, method, tau);
  return tau;
}

}  // namespace armdyn
