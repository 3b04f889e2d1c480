// Forward kinematics (eq 3.5-3.7) against Orocos KDL's ChainFkSolverPos_recursive on every
// test chain, and against the RRR's closed form written out by hand.
#include "kinematics/forward_kinematics.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>

#ifdef ARMDYN_HAVE_KDL
#include <kdl/chainfksolverpos_recursive.hpp>
#endif

namespace armdyn {
namespace {

TEST(ForwardKinematics, FramesChainAndToolAreConsistent) {
  std::mt19937 rng(11);
  for (const RobotSpec& spec : test::allTestChains()) {
    const Model model(spec);
    const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
    const std::vector<Eigen::Matrix4d> frames = linkFrames(model, q);
    ASSERT_EQ(static_cast<int>(frames.size()), model.dof() + 1);
    EXPECT_EQ(frames[0], Eigen::Matrix4d::Identity());
    for (int i = 0; i < model.dof(); ++i)
      EXPECT_EQ(frames[i + 1], frames[i] * dhTransform(model.dh(i), model.jointType(i), q(i)));
    EXPECT_EQ(toolPose(model, q), frames.back() * model.tool());
  }
}

TEST(ForwardKinematics, RrrMatchesItsClosedForm) {
  // Vora's RRR (alpha1 = 90, a2 = a3 = 0.5): p = (c1 r, s1 r, a2 s2 + a3 s23), r = a2 c2 + a3 c23.
  const Model model(test::voraRrrSpec());
  std::mt19937 rng(12);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 3, M_PI);
    const double r = 0.5 * std::cos(q(1)) + 0.5 * std::cos(q(1) + q(2));
    const Eigen::Vector3d p(std::cos(q(0)) * r, std::sin(q(0)) * r, 0.5 * std::sin(q(1)) + 0.5 * std::sin(q(1) + q(2)));
    EXPECT_LT((toolPose(model, q).topRightCorner<3, 1>() - p).norm(), 1e-15);
  }
}

// appendDhTransform (column operations) against the 4 x 4 product it replaces, from a general
// rigid frame, on every test chain (revolute and prismatic joints, all twists) and 100 random
// chains of 6 joints: rounding only (a few ulps of entries of size ~1: 1e-15).
TEST(ForwardKinematics, AppendingALinkEqualsMultiplyingByIt) {
  std::mt19937 rng(17);
  std::vector<RobotSpec> specs = test::allTestChains();
  for (int k = 0; k < 100; ++k) specs.push_back(test::randomChainSpec(rng, 6));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0;
  for (const RobotSpec& spec : specs) {
    const Model model(spec);
    const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
    for (int i = 0; i < model.dof(); ++i) {
      const Eigen::Matrix4d start =
          test::transform(Eigen::Vector3d(u(rng), u(rng), u(rng)), Eigen::Vector3d(u(rng), u(rng), u(rng)));
      Eigen::Matrix4d appended = start;
      appendDhTransform(appended, model, i, q(i));
      const Eigen::Matrix4d product = start * dhTransform(model, i, q(i));
      worst = std::max(worst, (appended - product).cwiseAbs().maxCoeff());
      EXPECT_EQ(appended.row(3), Eigen::RowVector4d(0.0, 0.0, 0.0, 1.0));
    }
  }
  EXPECT_LT(worst, 1e-15);
}

TEST(ForwardKinematics, RejectsWrongJointCount) {
  const Model model(test::voraRrrSpec());
  EXPECT_THROW(toolPose(model, Eigen::VectorXd::Zero(4)), std::invalid_argument);
}

#ifdef ARMDYN_HAVE_KDL
// Both sides multiply the same 4x4 products in different orders: rounding only (links up
// to ~1 m, 7 products).
constexpr double kKdlTol = 1e-12;

TEST(ForwardKinematics, MatchesKdlOnEveryChain) {
  std::mt19937 rng(13);
  for (const RobotSpec& spec : test::allTestChains()) {
    const Model model(spec);
    KDL::Chain chain = test::kdlChain(model);
    KDL::ChainFkSolverPos_recursive fk(chain);
    double worst = 0.0;
    for (int trial = 0; trial < 200; ++trial) {
      const Eigen::VectorXd q = test::randomWithinLimits(model, rng);
      LinkFrameArray frames;
      const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
      KDL::Frame f;
      ASSERT_GE(fk.JntToCart(test::toKdl(q), f), 0);
      worst = std::max(worst, (tool - test::fromKdl(f)).cwiseAbs().maxCoeff());
      for (int i = 1; i <= model.dof(); ++i) {  // every link frame: KDL segment i-1
        ASSERT_GE(fk.JntToCart(test::toKdl(q), f, i), 0);
        worst = std::max(worst, (frames[i] - test::fromKdl(f)).cwiseAbs().maxCoeff());
      }
    }
    EXPECT_LT(worst, kKdlTol) << spec.name;
  }
}
#endif

}  // namespace
}  // namespace armdyn
