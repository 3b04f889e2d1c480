// Gravity and velocity vectors: gravity against the gradient of the potential energy and
// Vora's Lagrangian at rest; velocity terms against their quadratic form and the power
// identity qd . C(q, qd) qd = 0.5 qd^T Mdot qd (Mdot by finite differences of crba).
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/energy.h"
#include "dynamics/lagrange.h"
#include "dynamics/nonlinear_effects.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace armdyn {
namespace {

TEST(NonlinearEffects, GravityIsNewtonEulerAtRestAndMinusPotentialGradient) {
  std::mt19937 rng(31);
  double worstFd = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd G(n), ne(n), lagrange(n);
    for (int trial = 0; trial < 5; ++trial) {
      Eigen::VectorXd q = test::randomVector(rng, n, 1.5);
      gravityVector(model, data, q, G);
      rnea(model, data, q, zero, zero, ne);
      recursiveLagrange(model, data, q, zero, zero, lagrange);
      const double scale = std::max(1.0, G.cwiseAbs().maxCoeff());
      EXPECT_LT((G - ne).cwiseAbs().maxCoeff(), 1e-14 * scale) << name;  // same pass
      EXPECT_LT((G - lagrange).cwiseAbs().maxCoeff(), 1e-10 * scale) << name;
      // G = dPE/dq (PE = -m g.p rises against gravity; the holding torque is its gradient).
      // Central difference, h = 1e-5: truncation h^2/6 |PE'''| ~ 1e-10 * |PE|, rounding
      // 1e-16 |PE| / h ~ 1e-11 * |PE|; tolerance 1e-7 of the largest G (floor 1).
      const double h = 1e-5;
      for (int i = 0; i < n; ++i) {
        Eigen::VectorXd qp = q, qm = q;
        qp(i) += h;
        qm(i) -= h;
        const double fd = (potentialEnergy(model, data, qp) - potentialEnergy(model, data, qm)) / (2 * h);
        worstFd = std::max(worstFd, std::abs(fd - G(i)) / scale);
        EXPECT_NEAR(fd, G(i), 1e-7 * scale) << name << " joint " << i;
      }
    }
  }
  std::printf("[gravity] worst relative difference from -grad PE by central FD %.2e\n", worstFd);
}

TEST(NonlinearEffects, VelocityVectorIsQuadraticAndPowerNeutral) {
  std::mt19937 rng(32);
  double worstPower = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd c(n), c3(n), h(n), G(n), full(n);
    Eigen::MatrixXd Mp(n, n), Mm(n, n);
    for (int trial = 0; trial < 5; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      velocityVector(model, data, s.q, s.qd, c);
      velocityVector(model, data, s.q, 3.0 * s.qd, c3);
      nonlinearEffects(model, data, s.q, s.qd, h);
      gravityVector(model, data, s.q, G);
      recursiveLagrange(model, data, s.q, s.qd, zero, full);
      const double scale = std::max(1.0, h.cwiseAbs().maxCoeff());
      // Rounding only (1e-12): C(q, 3 qd) 3 qd = 9 C(q, qd) qd; h = c + G; h = Lagrange(q, qd, 0).
      EXPECT_LT((c3 - 9.0 * c).cwiseAbs().maxCoeff(), 1e-12 * std::max(1.0, c3.cwiseAbs().maxCoeff())) << name;
      EXPECT_LT((h - (c + G)).cwiseAbs().maxCoeff(), 1e-12 * scale) << name;
      EXPECT_LT((h - full).cwiseAbs().maxCoeff(), 1e-10 * scale) << name;
      // qd . c = 0.5 qd^T Mdot qd with Mdot = (M(q + e qd) - M(q - e qd)) / (2 e): central
      // difference, e = 1e-5; truncation and rounding both ~1e-10 of |M| |qd|^2.
      const double e = 1e-5;
      crba(model, data, s.q + e * s.qd, Mp);
      crba(model, data, s.q - e * s.qd, Mm);
      const double power = 0.5 * s.qd.dot((Mp - Mm) * s.qd) / (2 * e);
      const double powerScale = std::max(1.0, Mp.cwiseAbs().maxCoeff() * s.qd.squaredNorm());
      worstPower = std::max(worstPower, std::abs(s.qd.dot(c) - power) / powerScale);
      EXPECT_NEAR(s.qd.dot(c), power, 1e-7 * powerScale) << name << " trial " << trial;
    }
  }
  std::printf("[velocity] worst relative power-identity residual %.2e\n", worstPower);
}

TEST(NonlinearEffects, AllocatingFormsMatch) {
  const Model model(test::libraryRobotSpec("rrrrrr"));
  DynamicsData data(model);
  std::mt19937 rng(33);
  const test::JointState s = test::randomState(rng, 6);
  Eigen::VectorXd G(6), c(6);
  gravityVector(model, data, s.q, G);
  velocityVector(model, data, s.q, s.qd, c);
  EXPECT_EQ(gravityVector(model, s.q), G);
  EXPECT_EQ(velocityVector(model, s.q, s.qd), c);
}

}  // namespace
}  // namespace armdyn
