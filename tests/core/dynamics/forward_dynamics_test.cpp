// Forward dynamics undoes inverse dynamics (Newton-Euler and Vora's Lagrangian) on every
// model, and solves the vertical slider in closed form.
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/forward_dynamics.h"
#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace armdyn {
namespace {

TEST(ForwardDynamics, InvertsInverseDynamics) {
  // qdd is recovered to 1e-10 relative (floor 1). Cholesky is backward stable: the error is
  // at most ~cond(M) * 1e-16 and in practice far less, since tau = M qdd + h is built from the
  // same M. cond(M) reaches ~5e6 (Cartesian arm: 10 kg slides against a 1e-5 kg m^2 wrist);
  // the observed error stays near 1e-14 (printed).
  std::mt19937 rng(51);
  double worst = 0.0, worstCond = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    if (!physical) continue;  // M(q) may be indefinite without the drives' armature
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::VectorXd tau(n), tauL(n), qdd(n), qddL(n);
    Eigen::MatrixXd M(n, n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      crba(model, data, s.q, M);
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(M);
      worstCond = std::max(worstCond, es.eigenvalues().maxCoeff() / es.eigenvalues().minCoeff());
      rnea(model, data, s.q, s.qd, s.qdd, tau);
      forwardDynamics(model, data, s.q, s.qd, tau, qdd);
      recursiveLagrange(model, data, s.q, s.qd, s.qdd, tauL);
      forwardDynamics(model, data, s.q, s.qd, tauL, qddL);
      const double scale = std::max(1.0, s.qdd.cwiseAbs().maxCoeff());
      worst = std::max(worst, (qdd - s.qdd).cwiseAbs().maxCoeff() / scale);
      EXPECT_LT((qdd - s.qdd).cwiseAbs().maxCoeff(), 1e-10 * scale) << name << " trial " << trial;
      EXPECT_LT((qddL - s.qdd).cwiseAbs().maxCoeff(), 1e-10 * scale) << name << " trial " << trial;
    }
  }
  std::printf("[forward dynamics] worst relative round-trip error %.2e, worst cond(M) %.2e\n", worst, worstCond);
}

TEST(ForwardDynamics, ArmatureAddsToTheDiagonal) {
  // With armature a: tau = ID(q, qd, qdd) + a .* qdd must give back qdd. Also makes the
  // published PUMA data (indefinite rigid-body M) solvable once its rotor inertias are added.
  std::mt19937 rng(53);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::VectorXd armature(n);
    for (int k = 0; k < n; ++k) {
      const auto& drive = model.spec().links[k].drive;
      armature(k) = drive ? drive->reflectedInertia + drive->gearRatio * drive->gearRatio * drive->rotorInertia
                          : 0.0;
    }
    if (!physical && armature.minCoeff() <= 0.0) continue;
    if (physical) armature = test::randomVector(rng, n, 0.5).cwiseAbs();
    Eigen::VectorXd tau(n), qdd(n);
    for (int trial = 0; trial < 5; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      rnea(model, data, s.q, s.qd, s.qdd, tau);
      tau += armature.cwiseProduct(s.qdd);
      forwardDynamics(model, data, s.q, s.qd, tau, armature, qdd);
      // Same bound as the plain round trip: cond(M + diag a) <= cond-checked range.
      EXPECT_LT((qdd - s.qdd).cwiseAbs().maxCoeff(), 1e-10 * std::max(1.0, s.qdd.cwiseAbs().maxCoeff()))
          << name << " trial " << trial;
    }
  }
}

TEST(ForwardDynamics, VerticalSliderFallsAtG) {
  // One prismatic link along z0 = up: qdd = F / m - g; no force means free fall.
  RobotSpec spec;
  spec.links.resize(1);
  spec.links[0].joint = JointType::Prismatic;
  spec.links[0].massSource = MassSource::Explicit;
  spec.links[0].inertia.mass = 3.0;
  spec.links[0].inertia.inertiaCom = 0.01 * Eigen::Matrix3d::Identity();
  spec.actuatorMassRule = false;
  const Model model(spec);
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, 0.2), qd = Eigen::VectorXd::Constant(1, -1.0);
  EXPECT_NEAR(forwardDynamics(model, q, qd, Eigen::VectorXd::Zero(1))(0), -9.8, 1e-14);
  EXPECT_NEAR(forwardDynamics(model, q, qd, Eigen::VectorXd::Constant(1, 6.0))(0), 2.0 - 9.8, 1e-14);
}

TEST(ForwardDynamics, AllocatingFormMatchesAndSizesChecked) {
  const Model model(test::libraryRobotSpec("stanford_rrprrr"));
  DynamicsData data(model);
  std::mt19937 rng(52);
  const test::JointState s = test::randomState(rng, 6);
  Eigen::VectorXd qdd(6);
  forwardDynamics(model, data, s.q, s.qd, s.qdd, qdd);
  EXPECT_EQ(forwardDynamics(model, s.q, s.qd, s.qdd), qdd);
  Eigen::VectorXd bad(5);
  EXPECT_THROW(forwardDynamics(model, data, s.q, s.qd, s.qdd, bad), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
