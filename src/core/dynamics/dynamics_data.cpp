#include "dynamics/dynamics_data.h"

#include "dynamics/dh_ops.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

DynamicsData::DynamicsData(const Model& model) : n(model.dof()) {
  for (int k = 0; k < n; ++k) {
    const DhParameters& dh = model.dh(k);
    const LinkInertial& in = model.inertial(k);
    revolute[k] = model.isRevolute(k);
    theta0[k] = dh.theta;
    d0[k] = dh.d;
    a[k] = dh.a;
    cosAlpha[k] = std::cos(dh.alpha);
    sinAlpha[k] = std::sin(dh.alpha);
    twist[k] = twistKind(cosAlpha[k], sinAlpha[k]);
    mass[k] = in.mass;
    firstMoment[k] = in.mass * in.com;
    inertiaOrigin[k] = in.inertiaOrigin;
    const Eigen::Matrix4d& J = in.pseudo;
    secondMoment[k] = {J(0, 0), J(0, 1), J(0, 2), J(1, 1), J(1, 2), J(2, 2)};
    pseudo[k] = in.pseudo;
    cosTheta[k] = std::cos(dh.theta);
    sinTheta[k] = std::sin(dh.theta);
    dJoint[k] = dh.d;
  }
  gravity = model.gravity();
  gravity4 << gravity, 0.0;
  T[0].setIdentity();
  Td[0].setZero();
  Tdd[0].setZero();
  massMatrix.setZero(n, n);
  cholesky.setZero(n, n);
  bias.setZero(n);
}

namespace dh {

void throwDataMismatch(int dataDof, int modelDof, const char* function) {
  throw std::invalid_argument(std::string(function) + ": DynamicsData built for " + std::to_string(dataDof) +
                              " joints, model has " + std::to_string(modelDof));
}

void throwSizeMismatch(Eigen::Index size, int n, const char* function, const char* what) {
  throw std::invalid_argument(std::string(function) + ": " + what + " has " + std::to_string(size) +
                              " entries, expected " + std::to_string(n));
}

}  // namespace dh

}  // namespace armdyn
