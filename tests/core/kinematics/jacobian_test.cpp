// Geometric Jacobian against central finite differences of the forward kinematics and against
// Orocos KDL's ChainJntToJacSolver, on every test chain.
#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>

#ifdef ARMDYN_HAVE_KDL
#include <kdl/chainjnttojacsolver.hpp>
#include <kdl/jacobian.hpp>
#endif

namespace armdyn {
namespace {

// Column i by central differences: linear rows from the tool origin, angular rows from the
// rotation vector of R(q + h e_i) R(q - h e_i)^T, divided by 2h.
Eigen::MatrixXd finiteDifferenceJacobian(const Model& model, const Eigen::VectorXd& q, double h) {
  Eigen::MatrixXd J(6, model.dof());
  for (int i = 0; i < model.dof(); ++i) {
    Eigen::VectorXd qp = q, qm = q;
    qp(i) += h;
    qm(i) -= h;
    J.col(i) = poseError(toolPose(model, qp), toolPose(model, qm)) / (2.0 * h);
  }
  return J;
}

TEST(Jacobian, MatchesCentralFiniteDifferences) {
  // h = 1e-5: truncation ~ h^2 |d3 FK| ~ 1e-10, rounding ~ 1e-16 / h = 1e-11; tolerance 1e-8.
  const double h = 1e-5;
  std::mt19937 rng(21);
  for (const RobotSpec& spec : test::allTestChains()) {
    const Model model(spec);
    double worst = 0.0;
    for (int trial = 0; trial < 50; ++trial) {
      const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
      worst = std::max(worst, (geometricJacobian(model, q) - finiteDifferenceJacobian(model, q, h)).cwiseAbs().maxCoeff());
    }
    EXPECT_LT(worst, 1e-8) << spec.name;
  }
}

TEST(Jacobian, NonAllocatingFormsAgree) {
  const Model model(test::libraryRobotSpec("stanford_rrprrr"));
  std::mt19937 rng(22);
  const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
  LinkFrameArray frames;
  const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxLinks> J(6, model.dof());
  geometricJacobian(model, frames.data(), tool, J);
  EXPECT_EQ(Eigen::MatrixXd(J), geometricJacobian(model, q));
  Eigen::MatrixXd wrong(6, 5);
  EXPECT_THROW(geometricJacobian(model, q, wrong), std::invalid_argument);
}

#ifdef ARMDYN_HAVE_KDL
// KDL's JntToJac: reference point at the chain tip (our tool origin), expressed in base, rows
// vx vy vz wx wy wz: the same convention. Rounding only.
TEST(Jacobian, MatchesKdl) {
  std::mt19937 rng(23);
  for (const RobotSpec& spec : test::allTestChains()) {
    const Model model(spec);
    KDL::Chain chain = test::kdlChain(model);
    KDL::ChainJntToJacSolver solver(chain);
    KDL::Jacobian jk(model.dof());
    double worst = 0.0;
    for (int trial = 0; trial < 100; ++trial) {
      const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
      ASSERT_GE(solver.JntToJac(test::toKdl(q), jk), 0);
      worst = std::max(worst, (geometricJacobian(model, q) - jk.data).cwiseAbs().maxCoeff());
    }
    EXPECT_LT(worst, 1e-12) << spec.name;
  }
}
#endif

}  // namespace
}  // namespace armdyn
