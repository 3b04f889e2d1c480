#include "dynamics/nonlinear_effects.h"

#include "dynamics/dh_ops.h"
#include "dynamics/rnea.h"

namespace armdyn {

void gravityVector(const Model& model, DynamicsData& data,
                   const Eigen::Ref<const Eigen::VectorXd>& q, Eigen::Ref<Eigen::VectorXd> G) {
  dh::checkData(model, data, "gravityVector");
  dh::checkSize(q.size(), data.n, "gravityVector", "q");
  dh::checkSize(G.size(), data.n, "gravityVector", "G");
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, nullptr, nullptr, true, G.data());
}

void velocityVector(const Model& model, DynamicsData& data,
                    const Eigen::Ref<const Eigen::VectorXd>& q,
                    const Eigen::Ref<const Eigen::VectorXd>& qd, Eigen::Ref<Eigen::VectorXd> c) {
  dh::checkData(model, data, "velocityVector");
  dh::checkSize(q.size(), data.n, "velocityVector", "q");
  dh::checkSize(qd.size(), data.n, "velocityVector", "qd");
  dh::checkSize(c.size(), data.n, "velocityVector", "c");
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, qd.data(), nullptr, false, c.data());
}

void nonlinearEffects(const Model& model, DynamicsData& data,
                      const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& qd, Eigen::Ref<Eigen::VectorXd> h) {
  dh::checkData(model, data, "nonlinearEffects");
  dh::checkSize(q.size(), data.n, "nonlinearEffects", "q");
  dh::checkSize(qd.size(), data.n, "nonlinearEffects", "qd");
  dh::checkSize(h.size(), data.n, "nonlinearEffects", "h");
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, qd.data(), nullptr, true, h.data());
}

Eigen::VectorXd gravityVector(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  DynamicsData data(model);
  Eigen::VectorXd G(model.dof());
  gravityVector(model, data, q, G);
  return G;
}

Eigen::VectorXd velocityVector(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& qd) {
  DynamicsData data(model);
  Eigen::VectorXd c(model.dof());
  velocityVector(model, data, q, qd, c);
  return c;
}

}  // namespace armdyn
