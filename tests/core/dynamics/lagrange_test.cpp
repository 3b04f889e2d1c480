// Vora's recursive Lagrangian (4x4 matrices, pseudo-inertias) against recursive Newton-Euler
// (3-vectors, inertia tensors): two independent formulations of the same dynamics.
#include "dynamics/dynamics_data.h"
#include "dynamics/inverse_dynamics.h"
#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace armdyn {
namespace {

TEST(Lagrange, EqualsNewtonEulerOnEveryModel) {
  // 1e-10 relative to the largest torque (floor 1 N m): each side is O(100 n) rounded
  // operations, and intermediate terms exceed the result by at most a few orders.
  std::mt19937 rng(11);
  double worst = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::VectorXd ne(n), lagrange(n);
    for (int trial = 0; trial < 20; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      rnea(model, data, s.q, s.qd, s.qdd, ne);
      recursiveLagrange(model, data, s.q, s.qd, s.qdd, lagrange);
      const double err = (ne - lagrange).cwiseAbs().maxCoeff() / std::max(1.0, ne.cwiseAbs().maxCoeff());
      worst = std::max(worst, err);
      EXPECT_LT(err, 1e-10) << name << " trial " << trial;
    }
  }
  std::printf("[lagrange] worst relative difference from Newton-Euler %.2e\n", worst);
}

TEST(Lagrange, DispatchAndAllocatingForm) {
  const Model model(test::libraryRobotSpec("stanford_rrprrr"));
  DynamicsData data(model);
  std::mt19937 rng(12);
  const test::JointState s = test::randomState(rng, 6);
  Eigen::VectorXd direct(6), viaEnum(6);
  recursiveLagrange(model, data, s.q, s.qd, s.qdd, direct);
  inverseDynamics(model, data, s.q, s.qd, s.qdd, DynamicsMethod::Lagrange, viaEnum);
  EXPECT_EQ(direct, viaEnum);  // same code path: bitwise equal
  EXPECT_EQ(inverseDynamics(model, s.q, s.qd, s.qdd, DynamicsMethod::Lagrange), direct);
  rnea(model, data, s.q, s.qd, s.qdd, direct);
  EXPECT_EQ(inverseDynamics(model, s.q, s.qd, s.qdd), direct);  // Newton-Euler by default
  EXPECT_STREQ(dynamicsMethodName(DynamicsMethod::Lagrange), "lagrange");
  EXPECT_STREQ(dynamicsMethodName(DynamicsMethod::NewtonEuler), "newton-euler");
}

}  // namespace
}  // namespace armdyn
