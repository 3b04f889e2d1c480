// The loop read from another joint (cyclic_chain.h) against its definition: C's tool pose at the
// arm's joint values, permuted, equals A_{s+1} ... A_n T0n^-1 A_1 ... A_s (the arm's own DH
// transforms, multiplied here), for any T0n, on random chains of 2-7 links, revolute and
// prismatic, every shift; so it is the identity exactly at the arm's solutions of T0n. 1e-12: C's
// DH comes from one DH step through T0n's inverse (linePairDh; lengths below 2 m, its offsets
// grow as 1 / sin of the angle between the arm's last and first axes, which random targets keep
// away from 0). C's links away from the target are the arm's own, bit for bit. linePairDh
// itself: the step rebuilds M (skew, intersecting, parallel, antiparallel and nearly parallel
// axes).

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
    for (int i = 0; i < n; ++i) spec.links.push_back(test::randomKinematicLink(rng));
    const Model model(spec);
    const Eigen::Matrix4d T0n = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)),
                                                Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    for (int shift = 1; shift < n; ++shift) {
      const CyclicChain c = cyclicChain(model, T0n, shift);
      const Model chain(c.spec);
      ASSERT_EQ(chain.dof(), n);
      // Links that do not touch the target (neither the arm's last nor its first joint's) are the
      // arm's own.
      for (int j = 0; j < n; ++j) {
        const int i = cyclicJoint(n, shift, j);
        if (i == 0 || i == n - 1) continue;
        EXPECT_EQ(chain.dh(j).theta, model.dh(i).theta);
        EXPECT_EQ(chain.dh(j).d, model.dh(i).d);
        EXPECT_EQ(chain.dh(j).alpha, model.dh(i).alpha);
        EXPECT_EQ(chain.dh(j).a, model.dh(i).a);
      }
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
  Eigen::Matrix4d notFinite = Eigen::Matrix4d::Identity();
  notFinite(0, 3) = std::nan("");
  EXPECT_THROW(cyclicChain(Model(test::pumaSpec()), notFinite, 2), std::invalid_argument);
  EXPECT_THROW(cyclicChain(Model(test::pumaSpec()), Eigen::Matrix4d::Identity(), 6), std::invalid_argument);
  std::printf("cyclic chain: %d poses, worst difference %.2g\n", checked, worst);
}

Eigen::Matrix4d stepOf(const LinePairDh& w) {
  DhParameters a, b;
  a.theta = w.thetaA, a.d = w.dA, a.a = w.a, a.alpha = w.alpha;
  b.theta = w.thetaB, b.d = w.dB;
  return dhTransform(a, JointType::Revolute, 0.0) * dhTransform(b, JointType::Revolute, 0.0);
}

// M = Rz(t_a) Tz(d_a) Tx(a) Rx(alpha) Rz(t_b) Tz(d_b) rebuilt from linePairDh(M): random rigid
// motions (skew axes) to 1e-13; axis B moved to meet axis A (a = 0), parallel and antiparallel
// (alpha 0 or pi, d_A = 0) to 1e-13; tilted 1e-9 rad off parallel (the tilt is dropped and
// reported: 1e-8); tilted 1e-6 rad (kept: offsets near 1e6 m, their rounding 1e-10, bound 1e-8).
// A cyclic chain is called exact only with the arm's last and first axes 1e-4 rad or more from
// parallel.
TEST(CyclicChain, ADhStepBetweenTwoAxesRebuildsTheirMotion) {
  std::mt19937 rng(44);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  double worst = 0.0, worstTilted = 0.0;
  for (int draw = 0; draw < 600; ++draw) {
    Eigen::Matrix4d M = test::transform(Eigen::Vector3d(3 * unit(rng), 3 * unit(rng), 3 * unit(rng)),
                                        Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    const int kind = draw % 6;
    if (kind == 1) {
      // Axis B through A: M's origin on A (the z axis).
      M.block<3, 1>(0, 3) = Eigen::Vector3d(0.0, 0.0, unit(rng));
    } else if (kind >= 2) {
      // Parallel (kind 2), antiparallel (3), 1e-9 rad (4) or 1e-6 rad (5) off parallel.
      const double angle = kind == 3 ? M_PI : kind == 4 ? 1e-9 : kind == 5 ? 1e-6 : 0.0;
      const Eigen::Matrix3d R = Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitX()).toRotationMatrix() *
                                Eigen::AngleAxisd(M_PI * unit(rng), Eigen::Vector3d::UnitZ()).toRotationMatrix();
      M.topLeftCorner<3, 3>() = R;
    }
    const LinePairDh w = linePairDh(M);
    const double e = (stepOf(w) - M).cwiseAbs().maxCoeff();
    if (kind == 1) {
      EXPECT_LT(std::abs(w.a), 1e-15);
    }
    if (kind == 2 || kind == 3) {
      EXPECT_EQ(w.alpha, kind == 2 ? 0.0 : M_PI);
      EXPECT_EQ(w.dA, 0.0);
    }
    if (kind == 4) {
      EXPECT_NEAR(w.droppedTilt, 1e-9, 1e-12);
    } else if (kind != 3) {
      EXPECT_EQ(w.droppedTilt, 0.0) << "kind " << kind;
    }
    EXPECT_LT(e, kind >= 4 ? 1e-8 : 1e-13) << "kind " << kind;
    (kind >= 4 ? worstTilted : worst) = std::max(kind >= 4 ? worstTilted : worst, e);
  }
  std::printf("DH step between two axes: 400 exact motions rebuilt to %.2g, 200 nearly parallel to %.2g\n", worst,
              worstTilted);
  // The arm's last axis at the target (M = X_6 T06^-1: T06 = M^-1 X_6) 1e-6 rad and 0.3 rad from
  // axis 1.
  const Model puma(test::pumaSpec());
  Eigen::Matrix4d X6 = Eigen::Matrix4d::Identity();
  X6(0, 3) = puma.dh(5).a;
  X6.block<3, 3>(0, 0) = Eigen::AngleAxisd(puma.dh(5).alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  for (const double tilt : {1e-6, 0.3}) {
    Eigen::Matrix4d M = test::transform(Eigen::Vector3d(0.0, 0.0, 0.7), Eigen::Vector3d(0.2, -0.1, 0.4));
    M.topLeftCorner<3, 3>() = Eigen::AngleAxisd(tilt, Eigen::Vector3d::UnitX()).toRotationMatrix() *
                              Eigen::AngleAxisd(0.7, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    const Eigen::Matrix4d T06 = rigidInverse(M) * X6;
    EXPECT_EQ(cyclicChain(puma, T06, 2).exact, tilt > 1e-4) << "tilt " << tilt;
  }
}

}  // namespace
}  // namespace armdyn
