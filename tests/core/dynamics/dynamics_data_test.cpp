// DynamicsData is the preallocated workspace of the hot calls: with it, inverse dynamics (both
// formulations), the mass matrix, forward dynamics, the gravity and velocity vectors and the
// energies must not touch the heap; nor must the articulated-body algorithm with its AbaData. Counted by interposing malloc in this test executable
// (glibc: Eigen and operator new both end in malloc); the counter is armed only around the
// calls under test.
#include "dynamics/aba.h"
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/energy.h"
#include "dynamics/forward_dynamics.h"
#include "dynamics/inverse_dynamics.h"
#include "dynamics/lagrange.h"
#include "dynamics/nonlinear_effects.h"
#include "dynamics/rnea.h"
#include "model/tool_wrench_profile.h"
#include "dynamics_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>

#include "support/malloc_counter.h"

namespace armdyn {
namespace {

TEST(DynamicsData, HotCallsDoNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  std::mt19937 rng(97);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    const int n = model.dof();
    DynamicsData data(model);
    AbaData abaData(model);
    const test::JointState s = test::randomState(rng, n);
    const Eigen::VectorXd armature = Eigen::VectorXd::Constant(n, 0.05);
    Eigen::VectorXd tau(n), out(n);
    Eigen::MatrixXd M(n, n);
    double energy = 0.0;
    // Warm-up outside the count (nothing here should need it; it makes a failure unambiguous).
    rnea(model, data, s.q, s.qd, s.qdd, tau);
    test::gAllocations = 0;
    test::gCounting = true;
    rnea(model, data, s.q, s.qd, s.qdd, tau);
    recursiveLagrange(model, data, s.q, s.qd, s.qdd, out);
    inverseDynamics(model, data, s.q, s.qd, s.qdd, DynamicsMethod::Lagrange, out);
    crba(model, data, s.q, M);
    gravityVector(model, data, s.q, out);
    velocityVector(model, data, s.q, s.qd, out);
    nonlinearEffects(model, data, s.q, s.qd, out);
    energy += kineticEnergy(model, data, s.q, s.qd) + potentialEnergy(model, data, s.q);
    if (physical) {
      forwardDynamics(model, data, s.q, s.qd, tau, out);
      aba(model, abaData, s.q, s.qd, tau, out);
      aba(model, abaData, s.q, s.qd, tau, armature, out);
    }
    test::gCounting = false;
    EXPECT_EQ(test::gAllocations, 0) << name;
    EXPECT_TRUE(std::isfinite(energy)) << name;
  }
  // The counter works: an allocating convenience form is seen.
  const Model model(test::voraRrrSpec());
  test::gAllocations = 0;
  test::gCounting = true;
  const Eigen::MatrixXd M = massMatrix(model, Eigen::VectorXd::Zero(3));
  test::gCounting = false;
  EXPECT_GT(test::gAllocations, 0);
  EXPECT_EQ(M.rows(), 3);
#endif
}

// A task's tool wrench is evaluated at every controller sample of a forward run and at every
// sample of a prescribed one (dynamics/tool_wrench_profile.h), and inverse dynamics takes it.
TEST(DynamicsData, ToolWrenchProfileAndLoadedInverseDynamicsDoNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const int rows = 1000;
  std::vector<double> times(rows);
  ToolWrenchProfile::Rows values(rows, 6);
  for (int k = 0; k < rows; ++k) {
    times[static_cast<std::size_t>(k)] = 0.01 * k;
    values.row(k).setConstant(std::sin(0.1 * k));
  }
  const ToolWrenchProfile table = ToolWrenchProfile::table(times, values, true);
  ToolWrench c;
  c.force = {0, 0, -20};
  const ToolWrenchProfile constant = ToolWrenchProfile::constant(c);
  const Model model(test::voraRrrSpec());
  DynamicsData data(model);
  std::mt19937 rng(5);
  const test::JointState s = test::randomState(rng, 3);
  Eigen::VectorXd tau(3);
  ToolWrench w;
  double sum = 0.0;
  test::gAllocations = 0;
  test::gCounting = true;
  for (int k = 0; k < 2000; ++k) {
    table.evaluate(0.0073 * k - 1.0, w);
    sum += w.force.x();
    inverseDynamics(model, data, s.q, s.qd, s.qdd, DynamicsMethod::NewtonEuler, w, tau);
    constant.evaluate(0.001 * k, w);
    inverseDynamics(model, data, s.q, s.qd, s.qdd, DynamicsMethod::Lagrange, w, tau);
  }
  test::gCounting = false;
  EXPECT_EQ(test::gAllocations, 0);
  EXPECT_TRUE(std::isfinite(sum));
#endif
}

}  // namespace
}  // namespace armdyn
