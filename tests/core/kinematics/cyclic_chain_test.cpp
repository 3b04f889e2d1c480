// The loop read from another joint (cyclic_chain.h) against its definition: C's tool pose at the
// arm's joint values, permuted, equals A_{s+1} ... A_n T0n^-1 A_1 ... A_s (the arm's own DH
// transforms, multiplied here), for any T0n, on random chains of 2-7 links, revolute and
// prismatic, every shift; so it is the identity exactly at the arm's solutions of T0n. 1e-12: C's
// DH comes from dhFromAxes (a dozen rounded frames of lengths below 2 m, and T0n's inverse).

#include "kinematics/cyclic_chain.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>
#include <algorithm>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

TEST(CyclicChain, ItsToolPoseIsTheLoopFromTheShiftedJoint) {
  std::mt19937 rng(43);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  double worst = 0.0;
  int checked = 0;
  for (int draw = 0; draw < 120; ++draw) {
    const int n = 2 + draw % 6;
    RobotSpec spec;
    for (int i = 0; i < n; ++i) {
      const JointType type = unit(rng) > 0.6 ? JointType::Prismatic : JointType::Revolute;
      spec.links.push_back(
          test::kinematicLink(type, M_PI * unit(rng), 0.5 * unit(rng), M_PI * unit(rng), 0.5 * unit(rng)));
    }
    const Model model(spec);
    const Eigen::Matrix4d T0n = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)),
                                                Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    for (int shift = 1; shift < n; ++shift) {
      const CyclicChain c = cyclicChain(model, T0n, shift);
      const Model chain(c.spec);
      ASSERT_EQ(chain.dof(), n);
      for (int trial = 0; trial < 3; ++trial) {
        Eigen::VectorXd q(n), qc(n);
        for (int i = 0; i < n; ++i) q(i) = 1.5 * unit(rng);
        for (int j = 0; j < n; ++j) {
          qc(j) = q(cyclicJoint(n, shift, j));
          EXPECT_EQ(chain.jointType(j), model.jointType(cyclicJoint(n, shift, j)));
        }
        Eigen::Matrix4d expected = Eigen::Matrix4d::Identity();
        for (int i = shift; i < n; ++i) expected = expected * dhTransform(model, i, q(i));
        expected = expected * rigidInverse(T0n);
        for (int i = 0; i < shift; ++i) expected = expected * dhTransform(model, i, q(i));
        const double e = (toolPose(chain, qc) - expected).cwiseAbs().maxCoeff();
        worst = std::max(worst, e);
        ++checked;
        EXPECT_LT(e, 1e-12) << "draw " << draw << " shift " << shift;
      }
      // At the arm's solution of its own pose the loop closes: the identity.
      Eigen::VectorXd q(n), qc(n);
      for (int i = 0; i < n; ++i) q(i) = 1.5 * unit(rng);
      Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
      for (int i = 0; i < n; ++i) T = T * dhTransform(model, i, q(i));
      const Model closing(cyclicChain(model, T, shift).spec);
      for (int j = 0; j < n; ++j) qc(j) = q(cyclicJoint(n, shift, j));
      EXPECT_LT((toolPose(closing, qc) - Eigen::Matrix4d::Identity()).cwiseAbs().maxCoeff(), 1e-12);
    }
  }
  EXPECT_THROW(cyclicChain(Model(test::pumaSpec()), Eigen::Matrix4d::Identity(), 0), std::invalid_argument);
  EXPECT_THROW(cyclicChain(Model(test::pumaSpec()), Eigen::Matrix4d::Identity(), 6), std::invalid_argument);
  std::printf("cyclic chain: %d poses, worst difference %.2g\n", checked, worst);
}

}  // namespace
}  // namespace armdyn
