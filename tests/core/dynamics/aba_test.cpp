// The articulated-body algorithm against three independent references: the CRBA + Cholesky
// forward dynamics, the Newton-Euler inverse dynamics it must undo (with armature), and Orocos
// KDL's ChainFdSolver_RNE with the armature as KDL joint inertia.
#include "actuation/drive.h"
#include "dynamics/aba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/forward_dynamics.h"
#include "dynamics/rnea.h"
#include "dynamics/twist_kind.h"
#include "dynamics_fixtures.h"

#ifdef ARMDYN_HAVE_KDL
#include "support/kdl_support.h"

#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace armdyn {
namespace {

// Drive armature N^2 Jm + J_reflected per joint; zeros for joints without a drive.
Eigen::VectorXd driveArmature(const Model& model) {
  Eigen::VectorXd a = Eigen::VectorXd::Zero(model.dof());
  for (int k = 0; k < model.dof(); ++k)
    if (const auto& d = model.spec().links[k].drive) a(k) = reflectedInertia(*d);
  return a;
}

// Armature for a test model: the drives' own where a robot has drives (the PUMA data sets need
// it to make M + diag(a) positive definite), else a seeded random one in [0, 0.5] kg m^2.
Eigen::VectorXd testArmature(const Model& model, std::mt19937& rng) {
  const Eigen::VectorXd drives = driveArmature(model);
  if (drives.minCoeff() > 0.0) return drives;
  return test::randomVector(rng, model.dof(), 0.5).cwiseAbs();
}

double relative(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

TEST(Aba, MatchesCrbaForwardDynamics) {
  // Same equations, different algorithm (O(n) recursion vs M then Cholesky): 1e-10 relative
  // (floor 1) allows cond(M) ~ 5e6 times rounding; the observed gap is ~1e-14 (printed).
  std::mt19937 rng(71);
  double worst = 0.0, worstArmature = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    const int n = model.dof();
    DynamicsData data(model);
    AbaData abaData(model);
    const Eigen::VectorXd armature = testArmature(model, rng);
    Eigen::VectorXd qddCrba(n), qddAba(n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      const Eigen::VectorXd tau = test::randomVector(rng, n, 20.0);
      if (physical) {  // M(q) alone is positive definite
        forwardDynamics(model, data, s.q, s.qd, tau, qddCrba);
        aba(model, abaData, s.q, s.qd, tau, qddAba);
        worst = std::max(worst, relative(qddAba, qddCrba));
        EXPECT_LT(relative(qddAba, qddCrba), 1e-10) << name << " trial " << trial;
      }
      forwardDynamics(model, data, s.q, s.qd, tau, armature, qddCrba);
      aba(model, abaData, s.q, s.qd, tau, armature, qddAba);
      worstArmature = std::max(worstArmature, relative(qddAba, qddCrba));
      EXPECT_LT(relative(qddAba, qddCrba), 1e-10) << name << " trial " << trial << " (armature)";
    }
  }
  std::printf("[aba] worst relative gap to CRBA + Cholesky: %.2e, with armature %.2e\n", worst, worstArmature);
}

TEST(Aba, UndoesNewtonEulerWithArmature) {
  // tau = rnea(q, qd, qdd) + a .* qdd must give back qdd: 1e-10 relative, as the CRBA round trip.
  std::mt19937 rng(72);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    const int n = model.dof();
    DynamicsData data(model);
    AbaData abaData(model);
    const Eigen::VectorXd armature = testArmature(model, rng);
    Eigen::VectorXd tau(n), qdd(n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      rnea(model, data, s.q, s.qd, s.qdd, tau);
      tau += armature.cwiseProduct(s.qdd);
      aba(model, abaData, s.q, s.qd, tau, armature, qdd);
      EXPECT_LT(relative(qdd, s.qdd), 1e-10) << name << " trial " << trial;
    }
  }
}

TEST(Aba, MixedArmatureTakesBothInertiaPaths) {
  // A revolute joint without armature passes on an inertia with no z row (I^a S = 0), which
  // aba's backward pass moves by a shorter path than one with armature: armature zero on every
  // other joint exercises both paths, and their hand-overs, in one pass. Same reference and
  // tolerance as MatchesCrbaForwardDynamics.
  std::mt19937 rng(73);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    if (!physical) continue;  // M(q) must be positive definite with zeros in the armature
    const int n = model.dof();
    DynamicsData data(model);
    AbaData abaData(model);
    for (int parity = 0; parity < 2; ++parity) {
      Eigen::VectorXd armature = test::randomVector(rng, n, 0.5).cwiseAbs();
      for (int k = parity; k < n; k += 2) armature(k) = 0.0;
      Eigen::VectorXd qddCrba(n), qddAba(n);
      for (int trial = 0; trial < 5; ++trial) {
        const test::JointState s = test::randomState(rng, n);
        const Eigen::VectorXd tau = test::randomVector(rng, n, 20.0);
        forwardDynamics(model, data, s.q, s.qd, tau, armature, qddCrba);
        aba(model, abaData, s.q, s.qd, tau, armature, qddAba);
        EXPECT_LT(relative(qddAba, qddCrba), 1e-10) << name << " parity " << parity << " trial " << trial;
      }
    }
  }
}

TEST(Aba, TwistsNearQuarterAndHalfTurnsMatchCrba) {
  // General twists where a plane turn's trace-keeping form cancels most (s^2 near 1: xx - e with
  // e ~ xx - yy) or has s ~ 1e-16 (half a turn, which counts as general: twist_kind.h): 90 and
  // 180 deg off by 1e-7, 180 deg and 1e-7 itself, revolute and prismatic joints, with armature
  // on all, none (physical chains) and every other joint, so that every turn of the backward
  // pass meets them. Same reference and tolerance as MatchesCrbaForwardDynamics.
  const double twists[8] = {M_PI / 2 + 1e-7, -M_PI / 2 - 1e-7, M_PI, M_PI - 1e-7, 1e-7, -M_PI / 2 + 1e-7, M_PI, 1e-7};
  std::mt19937 rng(74);
  double worst = 0.0;
  for (int n : {6, 8}) {
    RobotSpec spec = test::randomChainSpec(rng, n);
    for (int k = 0; k < n; ++k) {
      spec.links[k].dh.alpha = twists[k];
      if (k == 2 || k == 5) spec.links[k].joint = JointType::Prismatic;
      else spec.links[k].joint = JointType::Revolute;
    }
    const Model model(spec);
    for (int k = 0; k < n; ++k) {
      const double alpha = model.dh(k).alpha;
      ASSERT_EQ(twistKind(std::cos(alpha), std::sin(alpha)), kTwistGeneral) << "link " << k;
    }
    DynamicsData data(model);
    AbaData abaData(model);
    Eigen::VectorXd qddCrba(n), qddAba(n);
    for (int mode = 0; mode < 3; ++mode) {
      Eigen::VectorXd armature = test::randomVector(rng, n, 0.5).cwiseAbs();
      if (mode == 0) armature.setZero();
      if (mode == 2)
        for (int k = 0; k < n; k += 2) armature(k) = 0.0;
      for (int trial = 0; trial < 10; ++trial) {
        const test::JointState s = test::randomState(rng, n);
        const Eigen::VectorXd tau = test::randomVector(rng, n, 20.0);
        forwardDynamics(model, data, s.q, s.qd, tau, armature, qddCrba);
        aba(model, abaData, s.q, s.qd, tau, armature, qddAba);
        worst = std::max(worst, relative(qddAba, qddCrba));
        EXPECT_LT(relative(qddAba, qddCrba), 1e-10) << n << " joints, mode " << mode << ", trial " << trial;
      }
    }
  }
  std::printf("[aba] near-quarter and half-turn twists: worst relative gap to CRBA + Cholesky %.2e\n", worst);
}

TEST(Aba, VerticalSliderFallsAtG) {
  // One prismatic link along z0 = up, closed form: qdd = (F - m g) / (m + a).
  RobotSpec spec;
  spec.links.resize(1);
  spec.links[0].joint = JointType::Prismatic;
  spec.links[0].massSource = MassSource::Explicit;
  spec.links[0].inertia.mass = 3.0;
  spec.links[0].inertia.inertiaCom = 0.01 * Eigen::Matrix3d::Identity();
  spec.actuatorMassRule = false;
  const Model model(spec);
  AbaData data(model);
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, 0.2), qd = Eigen::VectorXd::Constant(1, -1.0);
  Eigen::VectorXd qdd(1);
  aba(model, data, q, qd, Eigen::VectorXd::Constant(1, 6.0), qdd);
  EXPECT_NEAR(qdd(0), 2.0 - 9.8, 1e-14);
  aba(model, data, q, qd, Eigen::VectorXd::Constant(1, 6.0), Eigen::VectorXd::Constant(1, 1.0), qdd);
  EXPECT_NEAR(qdd(0), (6.0 - 3.0 * 9.8) / 4.0, 1e-14);
}

TEST(Aba, RefusesSingularArmsAndWrongSizes) {
  // A point mass on its own revolute axis has no inertia about it: D = 0.
  RobotSpec spec;
  spec.links.resize(1);
  spec.links[0].massSource = MassSource::Explicit;
  spec.links[0].inertia.mass = 1.0;
  spec.actuatorMassRule = false;
  spec.allowNonPhysicalInertia = true;  // a zero tensor is the limit of a thin rod along z
  const Model model(spec);
  AbaData data(model);
  const Eigen::VectorXd one = Eigen::VectorXd::Constant(1, 1.0);
  Eigen::VectorXd qdd(1);
  EXPECT_THROW(aba(model, data, one, one, one, qdd), std::runtime_error);
  aba(model, data, one, one, one, one, qdd);  // an armature makes it solvable
  EXPECT_NEAR(qdd(0), 1.0, 1e-15);
  Eigen::VectorXd two(2);
  EXPECT_THROW(aba(model, data, one, one, one, two), std::invalid_argument);
  EXPECT_THROW(aba(model, data, one, one, one, two, qdd), std::invalid_argument);
  const Model other(test::libraryRobotSpec("vora_rrr"));
  EXPECT_THROW(aba(other, data, one, one, one, qdd), std::invalid_argument);
}

#ifdef ARMDYN_HAVE_KDL
TEST(Aba, AgreesWithKdlForwardDynamics) {
  // KDL's ChainFdSolver_RNE (M by ChainDynParam with the joint inertias on its diagonal, then a
  // dense solve): 1e-9 relative as in kdl_agreement_test (different frames and operation order).
  std::mt19937 rng(73);
  double worst = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    const int n = model.dof();
    const Eigen::VectorXd armature = testArmature(model, rng);
    const KDL::Chain chain = test::kdl::chainFromModel(model, armature);  // outlives the solver
    KDL::ChainFdSolver_RNE fdSolver(chain, test::kdl::gravity(model));
    const KDL::Wrenches noWrenches(chain.getNrOfSegments(), KDL::Wrench::Zero());
    AbaData data(model);
    Eigen::VectorXd qdd(n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      const Eigen::VectorXd tau = test::randomVector(rng, n, 20.0);
      KDL::JntArray kdlQdd(n);
      ASSERT_GE(fdSolver.CartToJnt(test::kdl::jointArray(s.q), test::kdl::jointArray(s.qd), test::kdl::jointArray(tau),
                                   noWrenches, kdlQdd),
                0)
          << name;
      aba(model, data, s.q, s.qd, tau, armature, qdd);
      worst = std::max(worst, relative(qdd, test::kdl::toEigen(kdlQdd)));
      EXPECT_LT(relative(qdd, test::kdl::toEigen(kdlQdd)), 1e-9) << name << " trial " << trial;
    }
  }
  std::printf("[aba] worst relative gap to KDL ChainFdSolver_RNE (armature as joint inertia): %.2e\n", worst);
}
#endif

}  // namespace
}  // namespace armdyn
