#include "actuation/drive_dynamics.h"

#include "dynamics/rnea.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

void addDriveTorques(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, Eigen::Ref<Eigen::VectorXd> tau,
                     double vs) {
  const int n = model.dof();
  if (qd.size() != n || qdd.size() != n || tau.size() != n)
    throw std::invalid_argument("addDriveTorques: vectors need " + std::to_string(n) + " entries");
  if (!(vs > 0.0)) throw std::invalid_argument("addDriveTorques: friction velocity scale must be positive");
  for (int i = 0; i < n; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (!d) continue;
    tau(i) += reflectedInertia(*d) * qdd(i) + frictionTorque(*d, qd(i), vs);
  }
}

void driveInverseDynamics(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
                          Eigen::Ref<Eigen::VectorXd> tau, bool rigidBodyOnly, double vs) {
  rnea(model, data, q, qd, qdd, tau);
  if (!rigidBodyOnly) addDriveTorques(model, qd, qdd, tau, vs);
}

DriveDemand driveDemand(const Model& model, const std::vector<double>& t, const Eigen::MatrixXd& q,
                        const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd, double vs) {
  const int n = model.dof();
  const auto m = static_cast<Eigen::Index>(t.size());
  if (q.rows() != m || qd.rows() != m || qdd.rows() != m || q.cols() != n || qd.cols() != n || qdd.cols() != n)
    throw std::invalid_argument("driveDemand: q, qd, qdd need one row per time and " + std::to_string(n) + " columns");
  for (Eigen::Index k = 1; k < m; ++k)
    if (!(t[k] > t[k - 1])) throw std::invalid_argument("driveDemand: times must increase");
  DynamicsData data(model);
  DriveDemand out;
  out.rigidBody.resize(m, n);
  out.inertia.setZero(m, n);
  out.friction.setZero(m, n);
  out.total.resize(m, n);
  out.current.setConstant(m, n, std::numeric_limits<double>::quiet_NaN());
  out.voltage.setConstant(m, n, std::numeric_limits<double>::quiet_NaN());
  Eigen::VectorXd tau(n);
  for (Eigen::Index k = 0; k < m; ++k) {
    rnea(model, data, q.row(k).transpose(), qd.row(k).transpose(), qdd.row(k).transpose(), tau);
    out.rigidBody.row(k) = tau.transpose();
    for (int i = 0; i < n; ++i) {
      const auto& d = model.spec().links[i].drive;
      if (!d) continue;
      out.inertia(k, i) = reflectedInertia(*d) * qdd(k, i);
      out.friction(k, i) = frictionTorque(*d, qd(k, i), vs);
    }
  }
  out.total = out.rigidBody + out.inertia + out.friction;
  for (int i = 0; i < n; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (!d || !d->hasMotor) continue;
    for (Eigen::Index k = 0; k < m; ++k) out.current(k, i) = currentForTorque(*d, out.total(k, i));
    for (Eigen::Index k = 0; k < m; ++k) {
      double di = 0.0;
      if (m > 1) {
        const Eigen::Index a = k == 0 ? 0 : k - 1;
        const Eigen::Index b = k == m - 1 ? m - 1 : k + 1;
        di = (out.current(b, i) - out.current(a, i)) / (t[b] - t[a]);
      }
      out.voltage(k, i) = voltageFor(*d, out.current(k, i), qd(k, i), di);
    }
  }
  return out;
}

}  // namespace armdyn
