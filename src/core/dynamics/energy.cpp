#include "dynamics/energy.h"

#include "dynamics/dh_ops.h"

namespace armdyn {

double kineticEnergy(const Model& model, DynamicsData& d, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd) {
  dh::checkData(model, d, "kineticEnergy");
  dh::checkSize(q.size(), d.n, "kineticEnergy", "q");
  dh::checkSize(qd.size(), d.n, "kineticEnergy", "qd");
  dh::updateJoints(d, q.data());
  Eigen::Vector3d w = Eigen::Vector3d::Zero();  // angular velocity, frame k-1
  Eigen::Vector3d v = Eigen::Vector3d::Zero();  // velocity of origin k-1, frame k-1
  double energy = 0.0;
  for (int k = 0; k < d.n; ++k) {
    if (d.revolute[k]) w.z() += qd[k];
    else v.z() += qd[k];
    w = dh::rotateBack(d, k, w);
    v = dh::rotateBack(d, k, v) + w.cross(dh::originInChild(d, k));
    energy += 0.5 * d.mass[k] * v.squaredNorm() + v.dot(w.cross(d.firstMoment[k])) +
              0.5 * w.dot(d.inertiaOrigin[k] * w);
  }
  return energy;
}

double potentialEnergy(const Model& model, DynamicsData& d, const Eigen::Ref<const Eigen::VectorXd>& q) {
  dh::checkData(model, d, "potentialEnergy");
  dh::checkSize(q.size(), d.n, "potentialEnergy", "q");
  dh::updateJoints(d, q.data());
  // Pose of frame k in the base: R <- R R_k, p <- p + R p_k.
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
  Eigen::Vector3d p = Eigen::Vector3d::Zero();
  double energy = 0.0;
  for (int k = 0; k < d.n; ++k) {
    p += R * dh::originInParent(d, k);
    const double ct = d.cosTheta[k], st = d.sinTheta[k], ca = d.cosAlpha[k], sa = d.sinAlpha[k];
    Eigen::Matrix3d Rk;
    Rk << ct, -st * ca, st * sa,
          st, ct * ca, -ct * sa,
          0.0, sa, ca;
    R = R * Rk;
    energy -= d.gravity.dot(d.mass[k] * p + R * d.firstMoment[k]);
  }
  return energy;
}

double kineticEnergy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd) {
  DynamicsData data(model);
  return kineticEnergy(model, data, q, qd);
}

double potentialEnergy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  DynamicsData data(model);
  return potentialEnergy(model, data, q);
}

}  // namespace armdyn
