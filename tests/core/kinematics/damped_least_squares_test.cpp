// Damped least squares on chains without a closed form (random 7-link chain, PUMA with a
// twisted upper arm) and on the library arms; unreachable targets end with a reason.
#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

// Converged means |e| < 1e-11 (DlsOptions::tolerance); the rebuilt pose is checked at 1e-9.
constexpr double kPoseTol = 1e-9;

double residual(const Model& model, const Eigen::Matrix4d& target, const Eigen::VectorXd& q, bool positionOnly) {
  Vector6d e = poseError(target, toolPose(model, q));
  if (positionOnly) e.tail<3>().setZero();
  return e.norm();
}

TEST(DampedLeastSquares, ConvergesOnRandomSevenLinkChains) {
  std::mt19937 rng(41);
  int converged = 0, total = 0;
  for (int chain = 0; chain < 5; ++chain) {
    const Model model(test::randomChainSpec(rng, 7));
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::VectorXd q0 = test::randomWithinLimits(model, rng);
      const Eigen::Matrix4d target = toolPose(model, q0);
      const DlsResult r = solveDampedLeastSquares(model, target, test::randomWithinLimits(model, rng));
      ++total;
      if (!r.converged) continue;
      ++converged;
      EXPECT_LT(residual(model, target, r.q, false), kPoseTol);
      EXPECT_EQ(jointLimitViolation(model, r.q), "");
    }
  }
  // Every target is reachable (made by FK); restarts make misses rare. Measured: all converge.
  EXPECT_EQ(converged, total);
}

TEST(DampedLeastSquares, ConvergesOnTheLibraryArmsFromHome) {
  std::mt19937 rng(42);
  for (const std::string& name : test::libraryRobotNames()) {
    const Model model(test::libraryRobotSpec(name));
    const bool positionOnly = model.dof() < 6;
    DlsOptions options;
    options.positionOnly = positionOnly;
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::Matrix4d target = toolPose(model, test::randomWithinLimits(model, rng));
      const DlsResult r = solveDampedLeastSquares(model, target, Eigen::VectorXd(), options);
      EXPECT_TRUE(r.converged) << name << " residual " << r.residual;
      EXPECT_LT(residual(model, target, r.q, positionOnly), kPoseTol) << name;
    }
  }
}

TEST(DampedLeastSquares, NearbySeedConvergesInFewIterations) {
  // Quadratic convergence of Gauss-Newton once lambda has shrunk: a 0.05 rad perturbation of a
  // regular PUMA pose needs a handful of iterations, far below the 300 allowed.
  const Model model(test::pumaSpec());
  Eigen::VectorXd q0(6);
  q0 << 0.3, 0.5, -0.4, 0.6, 0.7, -0.2;
  const DlsResult r = solveDampedLeastSquares(model, toolPose(model, q0), q0 + Eigen::VectorXd::Constant(6, 0.05));
  ASSERT_TRUE(r.converged);
  EXPECT_EQ(r.starts, 1);
  EXPECT_LT(r.iterations, 20);
  EXPECT_LT((r.q - q0).norm(), 1e-9);
}

TEST(DampedLeastSquares, UnreachableTargetEndsWithoutConvergingOrThrowing) {
  std::mt19937 rng(43);
  const Model model(test::randomChainSpec(rng, 7));
  const Eigen::Matrix4d target = test::transform(Eigen::Vector3d(0.1, 0.2, 0.3), Eigen::Vector3d(5.0, 0.0, 0.0));
  DlsResult r;
  ASSERT_NO_THROW(r = solveDampedLeastSquares(model, target, Eigen::VectorXd()));
  EXPECT_FALSE(r.converged);
  EXPECT_TRUE(r.q.allFinite());
  EXPECT_TRUE(std::isfinite(r.residual));
  EXPECT_GT(r.residual, 1.0);
}

TEST(DampedLeastSquares, EntryPointReportsWhyAPointIsUnreachable) {
  std::mt19937 rng(44);
  RobotSpec spec = test::randomChainSpec(rng, 7);
  for (LinkSpec& l : spec.links) {  // a bounded reach
    l.qMin = std::max(l.qMin, -1.0);
    l.qMax = std::min(l.qMax, 1.0);
  }
  const Model model(spec);
  const Eigen::Matrix4d far = test::transform(Eigen::Vector3d::Zero(), Eigen::Vector3d(5.0, 0.0, 0.0));
  IkResult ik;
  ASSERT_NO_THROW(ik = solveInverseKinematics(model, far));
  EXPECT_FALSE(ik.ok);
  EXPECT_EQ(ik.method, IkMethod::DampedLeastSquares);
  EXPECT_NE(ik.reason.find("distance 5.0000 m from the base exceeds the reach"), std::string::npos) << ik.reason;

  // Within the reach bound but not reachable: a planar two-link arm and a point off its plane.
  RobotSpec planar;
  planar.links = {test::kinematicLink(JointType::Revolute, 0, 0, 0, 0.5),
                  test::kinematicLink(JointType::Revolute, 0, 0, 0, 0.5)};
  const Model arm(planar);
  ASSERT_NO_THROW(ik = solveInverseKinematics(arm, test::transform(Eigen::Vector3d::Zero(), {0.3, 0.2, 0.4})));
  EXPECT_FALSE(ik.ok);
  EXPECT_NE(ik.reason.find("numerical IK did not converge (residual 0.4"), std::string::npos) << ik.reason;
}

}  // namespace
}  // namespace armdyn
