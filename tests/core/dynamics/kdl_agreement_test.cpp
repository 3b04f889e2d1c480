// Orocos KDL as a peer implementation: inverse dynamics (ChainIdSolver_RNE), mass matrix
// (ChainDynParam::JntToMass) and forward dynamics (ChainFdSolver_RNE) on every model, with the
// chain built by tests/support/kdl_support from the same DH parameters and inertials.
#ifdef ARMDYN_HAVE_KDL

#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/forward_dynamics.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"
#include "support/kdl_support.h"

#include <gtest/gtest.h>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>

#include <algorithm>
#include <cstdio>

namespace armdyn {
namespace {

// 1e-9 relative to the largest entry (floor 1): two double-precision implementations with
// different frames and operation orders; differences are rounding, ~1e-14 of the scale.
constexpr double kKdlTol = 1e-9;

double relativeError(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

TEST(KdlAgreement, InverseDynamicsMassMatrixForwardDynamics) {
  std::mt19937 rng(61);
  double worstId = 0.0, worstM = 0.0, worstFd = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    const int n = model.dof();
    const KDL::Chain chain = test::kdl::chainFromModel(model);  // outlives the solvers, which keep a reference
    ASSERT_EQ(static_cast<int>(chain.getNrOfJoints()), n) << name;
    KDL::ChainIdSolver_RNE idSolver(chain, test::kdl::gravity(model));
    KDL::ChainDynParam dynParam(chain, test::kdl::gravity(model));
    KDL::ChainFdSolver_RNE fdSolver(chain, test::kdl::gravity(model));
    const KDL::Wrenches noWrenches(chain.getNrOfSegments(), KDL::Wrench::Zero());
    DynamicsData data(model);
    Eigen::VectorXd tau(n), qdd(n);
    Eigen::MatrixXd M(n, n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      const KDL::JntArray q = test::kdl::jointArray(s.q), qd = test::kdl::jointArray(s.qd), qddIn = test::kdl::jointArray(s.qdd);
      KDL::JntArray kdlTau(n), kdlQdd(n);
      KDL::JntSpaceInertiaMatrix kdlM(n);
      ASSERT_GE(idSolver.CartToJnt(q, qd, qddIn, noWrenches, kdlTau), 0) << name;
      ASSERT_GE(dynParam.JntToMass(q, kdlM), 0) << name;
      rnea(model, data, s.q, s.qd, s.qdd, tau);
      crba(model, data, s.q, M);
      const double eId = relativeError(tau, test::kdl::toEigen(kdlTau));
      const double eM = relativeError(M, test::kdl::toEigen(kdlM));
      worstId = std::max(worstId, eId);
      worstM = std::max(worstM, eM);
      EXPECT_LT(eId, kKdlTol) << name << " trial " << trial;
      EXPECT_LT(eM, kKdlTol) << name << " trial " << trial;
      if (!physical) continue;  // forward dynamics needs M > 0
      // Fed KDL's own torques: both must return (nearly) the sampled qdd.
      ASSERT_GE(fdSolver.CartToJnt(q, qd, kdlTau, noWrenches, kdlQdd), 0) << name;
      forwardDynamics(model, data, s.q, s.qd, test::kdl::toEigen(kdlTau), qdd);
      const double eFd = relativeError(qdd, test::kdl::toEigen(kdlQdd));
      worstFd = std::max(worstFd, eFd);
      EXPECT_LT(eFd, kKdlTol) << name << " trial " << trial;
    }
  }
  std::printf("[kdl] worst relative differences: torques %.2e, mass matrix %.2e, forward dynamics %.2e\n",
              worstId, worstM, worstFd);
}

}  // namespace
}  // namespace armdyn

#endif  // ARMDYN_HAVE_KDL
