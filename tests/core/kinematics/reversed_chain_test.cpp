// The reversed chain (reversed_chain.h) against the arm's own forward kinematics: the inverse of
// frame n at q equals lead * (the reversed chain's frame n at q'_k = -q_{n+1-k}), on random
// chains of 1-7 links, revolute and prismatic, any DH values (seeded); and in the world, the
// reversed chain's tool pose against the inverse of the arm's (random BASE and TOOL). 1e-14: a
// dozen rounded 4 x 4 products of lengths below 2 m. Limits and joint types carried over as stated.

#include "kinematics/reversed_chain.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>
#include <algorithm>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

Eigen::Matrix4d chainFrame(const Model& m, const Eigen::VectorXd& q) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < m.dof(); ++i) T = T * dhTransform(m, i, q(i));
  return T;
}

TEST(ReversedChain, ItsFramesAreTheArmsInverted) {
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  double worst = 0.0;
  for (int draw = 0; draw < 300; ++draw) {
    const int n = 1 + draw % 7;
    RobotSpec spec;
    for (int i = 0; i < n; ++i) {
      LinkSpec l = test::randomKinematicLink(rng);
      l.qMin = -1.0 + 0.5 * unit(rng);
      l.qMax = 1.0 + 0.5 * unit(rng);
      spec.links.push_back(l);
    }
    spec.base = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)),
                                Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    spec.tool = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)),
                                Eigen::Vector3d(0.2 * unit(rng), 0.2 * unit(rng), 0.2 * unit(rng)));
    const Model model(spec);
    const ReversedChain r = reversedChain(model);
    const Model reversed(r.spec);
    ASSERT_EQ(reversed.dof(), n);
    for (int k = 0; k < n; ++k) {
      const LinkSpec& arm = spec.links[n - 1 - k];
      EXPECT_EQ(reversed.jointType(k), arm.joint);
      EXPECT_EQ(r.spec.links[k].qMin, -arm.qMax);
      EXPECT_EQ(r.spec.links[k].qMax, -arm.qMin);
    }
    for (int trial = 0; trial < 5; ++trial) {
      Eigen::VectorXd q(n), qr(n);
      for (int i = 0; i < n; ++i) q(i) = 2.0 * unit(rng);
      for (int k = 0; k < n; ++k) qr(k) = -q(n - 1 - k);
      const Eigen::Matrix4d expected = rigidInverse(chainFrame(model, q));
      const Eigen::Matrix4d got = r.lead * chainFrame(reversed, qr);
      const double e = (got - expected).cwiseAbs().maxCoeff();
      // In the world, with the arm's BASE and TOOL: the reversed chain's tool pose.
      const double eWorld = (toolPose(reversed, qr) - rigidInverse(toolPose(model, q))).cwiseAbs().maxCoeff();
      worst = std::max({worst, e, eWorld});
      EXPECT_LT(e, 1e-14) << "draw " << draw << " trial " << trial;
      EXPECT_LT(eWorld, 1e-14) << "draw " << draw << " trial " << trial;
    }
  }
  std::printf("reversed chain: worst difference %.2g\n", worst);
}

}  // namespace
}  // namespace armdyn
