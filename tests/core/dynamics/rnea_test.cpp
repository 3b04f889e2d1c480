// Newton-Euler (and Vora's recursive Lagrangian beside it) against closed forms derived by hand:
// a vertical slider, a pendulum, and Craig's two-link planar arm (Craig 3rd ed. eq 6.60).
#include "dynamics/dynamics_data.h"
#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"
#include "model/model.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace armdyn {
namespace {

// Closed forms evaluated in a handful of operations: agreement to 1e-12 relative (rounding of
// O(10) operations on O(1..10) numbers) with a 1e-12 floor for zero torques.
constexpr double kClosedFormTol = 1e-12;

LinkSpec explicitLink(JointType joint, double mass, Eigen::Vector3d com, Eigen::Matrix3d inertiaCom) {
  LinkSpec l;
  l.name = "LINK";
  l.joint = joint;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = mass;
  l.inertia.com = com;
  l.inertia.inertiaCom = inertiaCom;
  return l;
}

Eigen::VectorXd both(const Model& model, DynamicsData& data, const Eigen::VectorXd& q,
                     const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd, Eigen::VectorXd* lagrange) {
  Eigen::VectorXd tau(model.dof());
  rnea(model, data, q, qd, qdd, tau);
  lagrange->resize(model.dof());
  recursiveLagrange(model, data, q, qd, qdd, *lagrange);
  return tau;
}

TEST(Rnea, VerticalSliderLiftsItsWeight) {
  // One prismatic joint along z0 = up: F = m (qdd + g), whatever q, qd, COM or inertia.
  RobotSpec spec;
  Eigen::Matrix3d I = Eigen::Vector3d(0.02, 0.03, 0.04).asDiagonal();
  spec.links = {explicitLink(JointType::Prismatic, 2.5, {0.1, -0.2, 0.3}, I)};
  spec.links[0].dh = {0.7, 0.1, 0.4, 0.2};  // twist, length and offsets do not matter
  spec.actuatorMassRule = false;
  const Model model(spec);
  DynamicsData data(model);
  std::mt19937 rng(1);
  for (int trial = 0; trial < 10; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 1, 1.0), qd = test::randomVector(rng, 1, 2.0),
                          qdd = test::randomVector(rng, 1, 5.0);
    Eigen::VectorXd lagrange;
    const Eigen::VectorXd tau = both(model, data, q, qd, qdd, &lagrange);
    const double expected = 2.5 * (qdd(0) + 9.8);
    EXPECT_NEAR(tau(0), expected, kClosedFormTol * std::abs(expected));
    EXPECT_NEAR(lagrange(0), expected, kClosedFormTol * std::abs(expected));
  }
}

TEST(Rnea, PendulumClosedForm) {
  // Revolute joint about z0 with gravity along -y0; COM at distance r = a + cx from the axis:
  // tau = (Izz_com + m r^2) qdd + m g r cos(q + theta).
  const double m = 1.3, a = 0.4, cx = -0.15, r = a + cx, izz = 0.011, theta = 0.3;
  Eigen::Matrix3d I = Eigen::Vector3d(0.005, 0.009, izz).asDiagonal();
  RobotSpec spec;
  spec.links = {explicitLink(JointType::Revolute, m, {cx, 0.0, 0.0}, I)};
  spec.links[0].dh = {theta, 0.0, 0.0, a};
  spec.actuatorMassRule = false;
  spec.gravity = {0.0, -9.8, 0.0};
  const Model model(spec);
  DynamicsData data(model);
  std::mt19937 rng(2);
  for (int trial = 0; trial < 10; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 1, M_PI), qd = test::randomVector(rng, 1, 2.0),
                          qdd = test::randomVector(rng, 1, 5.0);
    Eigen::VectorXd lagrange;
    const Eigen::VectorXd tau = both(model, data, q, qd, qdd, &lagrange);
    const double expected = (izz + m * r * r) * qdd(0) + m * 9.8 * r * std::cos(q(0) + theta);
    EXPECT_NEAR(tau(0), expected, kClosedFormTol * (1.0 + std::abs(expected)));
    EXPECT_NEAR(lagrange(0), expected, kClosedFormTol * (1.0 + std::abs(expected)));
  }
}

TEST(Rnea, CraigTwoLinkPlanarArm) {
  // Craig eq 6.60: point masses m1, m2 at the distal ends of links l1, l2, gravity along -y0.
  // The links here carry a tiny isotropic inertia eps (the model requires a physical tensor),
  // which adds eps (2 qdd1 + qdd2) to tau1 and eps (qdd1 + qdd2) to tau2.
  const double m1 = 1.7, m2 = 0.9, l1 = 0.6, l2 = 0.45, g = 9.8, eps = 1e-6;
  const Eigen::Matrix3d I = eps * Eigen::Matrix3d::Identity();
  RobotSpec spec;
  spec.links = {explicitLink(JointType::Revolute, m1, Eigen::Vector3d::Zero(), I),
                explicitLink(JointType::Revolute, m2, Eigen::Vector3d::Zero(), I)};
  spec.links[0].dh.a = l1;
  spec.links[1].dh.a = l2;
  spec.actuatorMassRule = false;
  spec.gravity = {0.0, -g, 0.0};
  const Model model(spec);
  DynamicsData data(model);
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 2, M_PI), qd = test::randomVector(rng, 2, 2.0),
                          qdd = test::randomVector(rng, 2, 5.0);
    const double c1 = std::cos(q(0)), c2 = std::cos(q(1)), s2 = std::sin(q(1)), c12 = std::cos(q(0) + q(1));
    const double tau1 = m2 * l2 * l2 * (qdd(0) + qdd(1)) + m2 * l1 * l2 * c2 * (2 * qdd(0) + qdd(1)) +
                        (m1 + m2) * l1 * l1 * qdd(0) - m2 * l1 * l2 * s2 * qd(1) * qd(1) -
                        2 * m2 * l1 * l2 * s2 * qd(0) * qd(1) + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1 +
                        eps * (2 * qdd(0) + qdd(1));
    const double tau2 = m2 * l1 * l2 * c2 * qdd(0) + m2 * l1 * l2 * s2 * qd(0) * qd(0) + m2 * l2 * g * c12 +
                        m2 * l2 * l2 * (qdd(0) + qdd(1)) + eps * (qdd(0) + qdd(1));
    Eigen::VectorXd lagrange;
    const Eigen::VectorXd tau = both(model, data, q, qd, qdd, &lagrange);
    const double tol = kClosedFormTol * (1.0 + std::max(std::abs(tau1), std::abs(tau2)));
    EXPECT_NEAR(tau(0), tau1, tol) << "trial " << trial;
    EXPECT_NEAR(tau(1), tau2, tol) << "trial " << trial;
    EXPECT_NEAR(lagrange(0), tau1, tol) << "trial " << trial;
    EXPECT_NEAR(lagrange(1), tau2, tol) << "trial " << trial;
  }
}

TEST(Rnea, RejectsWrongSizes) {
  const Model model(test::voraRrrSpec());
  DynamicsData data(model);
  const Eigen::VectorXd ok = Eigen::VectorXd::Zero(3), bad = Eigen::VectorXd::Zero(2);
  Eigen::VectorXd tau(3), tauBad(4);
  EXPECT_THROW(rnea(model, data, bad, ok, ok, tau), std::invalid_argument);
  EXPECT_THROW(rnea(model, data, ok, ok, bad, tau), std::invalid_argument);
  EXPECT_THROW(rnea(model, data, ok, ok, ok, tauBad), std::invalid_argument);
  EXPECT_THROW(recursiveLagrange(model, data, ok, bad, ok, tau), std::invalid_argument);
  const Model six(test::libraryRobotSpec("rrrrrr"));
  const Eigen::VectorXd zero6 = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd tau6(6);
  EXPECT_THROW(rnea(six, data, zero6, zero6, zero6, tau6), std::invalid_argument);  // data of a 3-link model
}

}  // namespace
}  // namespace armdyn
