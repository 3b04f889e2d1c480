// Roll-pitch-yaw poses (Vora eq 3.1-3.2) against Eigen's angle-axis products, round trips
// including gimbal lock, and the pose error used by the inverse kinematics.
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <random>

namespace armdyn {
namespace {

Eigen::Matrix3d rzRyRx(double roll, double pitch, double yaw) {
  return (Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitZ()) * Eigen::AngleAxisd(pitch, Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

// Products of a few unit-magnitude terms: rounding only.
constexpr double kRoundingTol = 1e-14;

TEST(Pose, Equation32IsRzRyRx) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Vector3d rpy = test::randomVector(rng, 3, M_PI);
    const Eigen::Vector3d p = test::randomVector(rng, 3, 2.0);
    const Eigen::Matrix4d T = poseFromXyzRpy(p, rpy);
    EXPECT_LT((T.topLeftCorner<3, 3>() - rzRyRx(rpy(0), rpy(1), rpy(2))).norm(), kRoundingTol);
    EXPECT_EQ(Eigen::Vector3d(T.topRightCorner<3, 1>()), p);
    EXPECT_EQ(T.row(3), Eigen::RowVector4d(0, 0, 0, 1));
  }
}

TEST(Pose, AnglesRoundTripAwayFromGimbalLock) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> pitch(-1.5, 1.5);
  for (int trial = 0; trial < 500; ++trial) {
    Eigen::Vector3d rpy = test::randomVector(rng, 3, M_PI);
    rpy(1) = pitch(rng);
    const Vector6d v = xyzRpyFromPose(poseFromXyzRpy(Eigen::Vector3d(1, 2, 3), rpy));
    // |cos pitch| >= 0.07: angle error <= rounding / 0.07.
    EXPECT_LT((v.tail<3>() - rpy).cwiseAbs().maxCoeff(), 1e-13) << rpy.transpose();
    EXPECT_EQ(v.head<3>(), Eigen::Vector3d(1, 2, 3));
  }
}

// Near and at gimbal lock roll and yaw are ill-determined, but the angles must still rebuild
// the same rotation, also from a matrix carrying rounding noise (as FK output does).
TEST(Pose, MatrixRoundTripNearGimbalLock) {
  std::mt19937 rng(3);
  double worst = 0.0;
  for (double side : {1.0, -1.0}) {
    for (int k = 0; k <= 17; ++k) {
      const double gap = k == 17 ? 0.0 : std::pow(10.0, -k);
      for (int trial = 0; trial < 20; ++trial) {
        const Eigen::Vector3d angles = test::randomVector(rng, 3, M_PI);
        Eigen::Matrix3d R = rzRyRx(angles(0), side * (M_PI / 2 - gap), angles(2));
        // Rounding-level noise: a rotation by 1e-15 rad about a random axis.
        R = Eigen::AngleAxisd(1e-15, test::randomVector(rng, 3, 1.0).normalized()).toRotationMatrix() * R;
        Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
        T.topLeftCorner<3, 3>() = R;
        const Vector6d v = xyzRpyFromPose(T);
        EXPECT_LE(std::abs(v(4)), M_PI / 2);
        const Eigen::Matrix3d back = rzRyRx(v(3), v(4), v(5));
        worst = std::max(worst, (back - R).norm());
      }
    }
  }
  EXPECT_LT(worst, 1e-14) << "worst rebuild error " << worst;
}

TEST(Pose, ExactGimbalLockPutsEverythingInRoll) {
  // Pitch +90: R depends on roll - yaw only; pitch -90: on roll + yaw.
  const Vector6d up = xyzRpyFromPose(poseFromXyzRpy(Eigen::Vector3d::Zero(), Eigen::Vector3d(0.7, M_PI / 2, 0.2)));
  EXPECT_NEAR(up(4), M_PI / 2, 1e-15);
  EXPECT_NEAR(up(5), 0.0, 1e-15);
  EXPECT_NEAR(up(3), 0.5, 1e-15);
  const Vector6d down = xyzRpyFromPose(poseFromXyzRpy(Eigen::Vector3d::Zero(), Eigen::Vector3d(0.7, -M_PI / 2, 0.2)));
  EXPECT_NEAR(down(4), -M_PI / 2, 1e-15);
  EXPECT_NEAR(down(5), 0.0, 1e-15);
  EXPECT_NEAR(down(3), 0.9, 1e-15);
}

TEST(Pose, PoseErrorIsTheTwistToTheTarget) {
  const Eigen::Matrix4d current = test::transform(Eigen::Vector3d(0.3, -0.4, 0.5), Eigen::Vector3d(0.1, 0.2, 0.3));
  EXPECT_LT(poseError(current, current).norm(), 1e-15);
  // target = Rot(axis, angle) applied in base on the left, moved by dp.
  const Eigen::Vector3d w(0.2, -0.1, 0.25), dp(0.01, -0.02, 0.03);
  Eigen::Matrix4d target = current;
  target.topLeftCorner<3, 3>() = test::transform(w, Eigen::Vector3d::Zero()).topLeftCorner<3, 3>() *
                                 current.topLeftCorner<3, 3>();
  target.topRightCorner<3, 1>() += dp;
  const Vector6d e = poseError(target, current);
  EXPECT_LT((e.head<3>() - dp).norm(), 1e-15);
  EXPECT_LT((e.tail<3>() - w).norm(), 1e-14);
  // Half a turn: the angle is pi, not lost.
  target.topLeftCorner<3, 3>() = test::transform(Eigen::Vector3d(0, M_PI, 0), Eigen::Vector3d::Zero())
                                     .topLeftCorner<3, 3>() * current.topLeftCorner<3, 3>();
  EXPECT_NEAR(poseError(target, current).tail<3>().norm(), M_PI, 1e-12);
}

}  // namespace
}  // namespace armdyn
