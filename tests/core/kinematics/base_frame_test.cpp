// BASE (RobotSpec::base, DH frame 0 in the world): a robot moved by B must have every pose
// premultiplied by B, a Jacobian rotated by B's rotation, the same inverse kinematics for the
// moved pose, and the same joint torques once its world gravity is the old one rotated by B
// (the dynamics are frame-invariant). Compared against the same robot without a base.
#include "dynamics/inverse_dynamics.h"
#include "kinematics/dh_from_axes.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/pose.h"
#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <random>

namespace armdyn {
namespace {

struct MovedRobot {
  Model plain, moved;
  Eigen::Matrix4d B;
};

// `skewAlpha3` (rad) added to alpha3 takes an arm out of every closed-form family.
MovedRobot moved(const std::string& file, double skewAlpha3 = 0.0, double offsetA4 = 0.0) {
  RobotSpec spec = loadRobot(test::sourcePath(file));
  spec.links[2].dh.alpha += skewAlpha3;
  spec.links[3].dh.a += offsetA4;
  const Model plain(spec);
  const Eigen::Matrix4d B = poseFromXyzRpy(Eigen::Vector3d(0.4, -1.2, 0.75), Eigen::Vector3d(0.7, -0.3, 2.1));
  spec.base = B;
  spec.gravity = B.topLeftCorner<3, 3>() * spec.gravity;  // the same gravity, seen from the world
  return {plain, Model(spec), B};
}

TEST(BaseFrame, PosesJacobiansAndTorquesFollowTheBase) {
  for (const char* file : {"robots/puma560.yaml", "robots/stanford_rrprrr.yaml", "robots/vora_rrr.yaml"}) {
    SCOPED_TRACE(file);
    const MovedRobot r = moved(file);
    const int n = r.plain.dof();
    Eigen::MatrixXd R6 = Eigen::MatrixXd::Zero(6, 6);
    R6.topLeftCorner(3, 3) = r.B.topLeftCorner<3, 3>();
    R6.bottomRightCorner(3, 3) = r.B.topLeftCorner<3, 3>();
    std::mt19937 rng(11);
    for (int k = 0; k < 20; ++k) {
      const Eigen::VectorXd q = test::randomVector(rng, n, 1.2);
      const Eigen::VectorXd qd = test::randomVector(rng, n, 2.0), qdd = test::randomVector(rng, n, 3.0);
      EXPECT_LT((toolPose(r.moved, q) - r.B * toolPose(r.plain, q)).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((geometricJacobian(r.moved, q) - R6 * geometricJacobian(r.plain, q)).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((inverseDynamics(r.moved, q, qd, qdd) - inverseDynamics(r.plain, q, qd, qdd)).cwiseAbs().maxCoeff(), 1e-9);
    }
  }
}

TEST(BaseFrame, InverseKinematicsSolvesTheMovedPose) {
  // Closed form (the PUMA's spherical wrist, the UR5's three parallel axes, the UR5 with alpha3
  // skewed by 0.2 rad: axes 1-2 and 5-6 intersecting, cyclic_6r) and damped least squares (the
  // Stanford arm with a4 = 5 cm: RRPRRR without a spherical wrist fits no closed form) on world
  // poses.
  struct Case {
    const char* file;
    double skew;
    double offset;
    IkMethod method;
  };
  for (const Case& c : {Case{"robots/puma560.yaml", 0.0, 0.0, IkMethod::ClosedForm},
                        Case{"robots/ur5.yaml", 0.0, 0.0, IkMethod::ClosedForm},
                        Case{"robots/ur5.yaml", 0.2, 0.0, IkMethod::ClosedForm},
                        Case{"robots/stanford_rrprrr.yaml", 0.0, 0.05, IkMethod::DampedLeastSquares}}) {
    SCOPED_TRACE(std::string(c.file) + (c.skew != 0.0 ? " skewed" : "") + (c.offset != 0.0 ? " offset" : ""));
    const MovedRobot r = moved(c.file, c.skew, c.offset);
    const Model& model = r.moved;
    std::mt19937 rng(12);
    for (int k = 0; k < 10; ++k) {
      Eigen::VectorXd q = test::randomVector(rng, 6, 0.8);
      if (!model.isRevolute(2)) q(2) = 0.75 + 0.4 * q(2);  // the Stanford boom within [0.3, 1.2] m
      const Eigen::Matrix4d pose = toolPose(model, q);
      const IkResult ik = solveInverseKinematics(model, pose, "", q + test::randomVector(rng, 6, 0.05));
      ASSERT_TRUE(ik.ok) << ik.reason;
      EXPECT_EQ(ik.method, c.method);
      EXPECT_LT((toolPose(model, ik.q) - pose).cwiseAbs().maxCoeff(), 1e-9);
    }
  }
}

TEST(BaseFrame, ABaseThatIsNoRigidTransformIsRefused) {
  RobotSpec spec = loadRobot(test::sourcePath("robots/vora_rrr.yaml"));
  spec.base(0, 0) = 2.0;
  EXPECT_THROW(Model{spec}, ModelError);
  spec.base = Eigen::Matrix4d::Identity();
  spec.base(2, 2) = -1.0;  // a reflection
  EXPECT_THROW(Model{spec}, ModelError);
}

// dhFromAxes on each kind of consecutive axes: the DH frames rebuild the given tip, and the
// parameters are the textbook ones (Spong's rules) where they are unique.
TEST(DhFromAxes, EveryAxisRelation) {
  const Eigen::Vector3d X = Eigen::Vector3d::UnitX(), Y = Eigen::Vector3d::UnitY(), Z = Eigen::Vector3d::UnitZ();
  std::vector<JointAxisLine> axes = {
      {Eigen::Vector3d(0, 0, 0.5), Z, JointType::Revolute},     // 1
      {Eigen::Vector3d(0, 0, 0.5), Y, JointType::Revolute},     // 2: meets 1 at (0, 0, 0.5)
      {Eigen::Vector3d(0.4, 0, 0.5), Y, JointType::Revolute},   // 3: parallel to 2, 0.4 m along x
      {Eigen::Vector3d(0.4, 0.3, 0.5), Y, JointType::Prismatic},// 4: on axis 3's line
      {Eigen::Vector3d(0.7, 0.2, 0.9), X, JointType::Revolute}, // 5: skew to 4
  };
  Eigen::Matrix4d tip = poseFromXyzRpy(Eigen::Vector3d(0.9, 0.25, 0.95), Eigen::Vector3d(0.2, 0.1, -0.3));
  const DhChain c = dhFromAxes(axes, tip);
  ASSERT_EQ(c.relations.size(), 4u);
  EXPECT_EQ(c.relations[0], AxisRelation::Intersecting);
  EXPECT_EQ(c.relations[1], AxisRelation::Parallel);
  EXPECT_EQ(c.relations[2], AxisRelation::Collinear);
  EXPECT_EQ(c.relations[3], AxisRelation::Skew);
  // Axes i, i+1 give frame i (dh[i-1]). Intersecting: a = 0, |alpha| = 90. Parallel: a = the
  // distance 0.4, d = 0, alpha = 0. Collinear: nothing between the frames. Skew (y through
  // (0.4, *, 0.5) and x through (*, 0.2, 0.9)): common normal along z, length 0.4, |alpha| = 90.
  EXPECT_NEAR(c.dh[0].a, 0.0, 1e-15);
  EXPECT_NEAR(std::abs(c.dh[0].alpha), M_PI / 2, 1e-15);
  EXPECT_NEAR(c.dh[1].a, 0.4, 1e-15);
  EXPECT_NEAR(c.dh[1].d, 0.0, 1e-15);
  EXPECT_NEAR(c.dh[1].alpha, 0.0, 1e-15);
  EXPECT_NEAR(c.dh[2].a, 0.0, 1e-15);
  EXPECT_NEAR(c.dh[2].alpha, 0.0, 1e-15);
  EXPECT_NEAR(c.dh[3].a, 0.4, 1e-15);
  EXPECT_NEAR(std::abs(c.dh[3].alpha), M_PI / 2, 1e-15);
  // The chain rebuilds the tip: BASE * A_1..A_5(0) * TOOL.
  RobotSpec spec;
  spec.links.resize(axes.size());
  for (std::size_t i = 0; i < axes.size(); ++i) {
    spec.links[i].joint = axes[i].type;
    spec.links[i].dh = c.dh[i];
    spec.links[i].massSource = MassSource::Explicit;
  }
  spec.actuatorMassRule = false;
  spec.base = c.base;
  spec.tool = c.tool;
  const Model model(spec);
  EXPECT_LT((toolPose(model, Eigen::VectorXd::Zero(5)) - tip).cwiseAbs().maxCoeff(), 1e-14);
  // Joint 1 turns about world z through the origin line (0, 0, *): the tip turns with it.
  Eigen::VectorXd q = Eigen::VectorXd::Zero(5);
  q(0) = 0.3;
  Eigen::Matrix4d turn = Eigen::Matrix4d::Identity();
  turn.topLeftCorner<3, 3>() = Eigen::AngleAxisd(0.3, Z).toRotationMatrix();
  EXPECT_LT((toolPose(model, q) - turn * tip).cwiseAbs().maxCoeff(), 1e-14);
  // Joint 4 slides along world y by 0.05 m (the axis direction as given).
  q.setZero();
  q(3) = 0.05;
  Eigen::Matrix4d slide = tip;
  slide.topRightCorner<3, 1>() += 0.05 * Y;
  EXPECT_LT((toolPose(model, q) - slide).cwiseAbs().maxCoeff(), 1e-14);
}

}  // namespace
}  // namespace armdyn
