// Singular poses where a branch's solutions form a continuum (wrist axes 4 and 6 on one line,
// the tool point on joint 1's axis, the UR wrist at q5 = 0): the closed form returns one member
// per branch, the free joints at the seed's values, and says which joints those are
// (IkCandidate::fromSeed, ClosedFormSet::Entry::fromSeed). Checked independently of the
// solvers' flags: the same branch solved again with other seed values of a flagged joint comes
// back with exactly those values and reaches the pose by forward kinematics (three distinct
// members: a continuum, not one point), and the generating configuration is a member. At
// regular poses nothing is flagged and another seed changes no solution (isolated).
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

// Forward kinematics reaches the pose to this (closed forms polish to rounding: 1e-9 m/rad).
constexpr double kPoseTol = 1e-9;

double taskResidual(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& q) {
  Vector6d e = poseError(pose, toolPose(model, q));
  if (model.dof() < 6) e.tail<3>().setZero();
  return e.norm();
}

double jointGap(const Model& model, int i, double a, double b) {
  return std::abs(model.isRevolute(i) ? wrapToPi(a - b) : a - b);
}

bool sameJoints(const Model& model, const Eigen::VectorXd& a, const Eigen::VectorXd& b, double tol) {
  for (int i = 0; i < a.size(); ++i)
    if (jointGap(model, i, a(i), b(i)) > tol) return false;
  return true;
}

std::vector<IkCandidate> everyCandidate(const ClosedFormIk& ik) {
  std::vector<IkCandidate> all = ik.solutions;
  all.insert(all.end(), ik.rejected.begin(), ik.rejected.end());
  return all;
}

const IkCandidate* byName(const std::vector<IkCandidate>& list, const std::string& name) {
  for (const IkCandidate& c : list)
    if (c.configuration == name) return &c;
  return nullptr;
}

// Solves the pose of `generator` with seed `seed`; expects the flagged solutions to carry
// exactly `expectedBits` (and at least one to be flagged), each a continuum as described above.
void expectContinuum(const Model& model, const Eigen::VectorXd& generator, const Eigen::VectorXd& seed,
                     unsigned char expectedBits) {
  const Eigen::Matrix4d pose = toolPose(model, generator);
  const ClosedFormIk ik = closedFormInverseKinematics(model, pose, seed);
  ASSERT_TRUE(ik.applicable) << ik.reason();
  const std::vector<IkCandidate> all = everyCandidate(ik);
  int flagged = 0;
  for (const IkCandidate& c : all) {
    SCOPED_TRACE(c.configuration);
    EXPECT_LT(taskResidual(model, pose, c.q), kPoseTol);
    if (c.fromSeed == 0) {
      EXPECT_EQ(c.continuum(), "");
      continue;
    }
    ++flagged;
    EXPECT_EQ(c.fromSeed, expectedBits);
    EXPECT_NE(c.continuum().find("continuum"), std::string::npos) << c.continuum();
    for (int j = 0; j < model.dof(); ++j) {
      if (!(c.fromSeed & (1u << j))) continue;
      EXPECT_LT(jointGap(model, j, c.q(j), seed(j)), 1e-9) << "q" << j + 1 << " is not the seed's";
      for (const double value : {-1.1, 0.35, 1.4}) {
        Eigen::VectorXd other = seed;
        other(j) = value;
        const std::vector<IkCandidate> again = everyCandidate(closedFormInverseKinematics(model, pose, other));
        const IkCandidate* member = byName(again, c.configuration);
        ASSERT_NE(member, nullptr) << "seed q" << j + 1 << " = " << value;
        EXPECT_LT(jointGap(model, j, member->q(j), value), 1e-9) << "seed q" << j + 1 << " = " << value;
        EXPECT_LT(taskResidual(model, pose, member->q), kPoseTol) << "seed q" << j + 1 << " = " << value;
        EXPECT_EQ(member->fromSeed, c.fromSeed);
      }
    }
  }
  EXPECT_GE(flagged, 1);
  // The generator is the member whose free joints hold its own values.
  bool generatorFound = false;
  for (const IkCandidate& c : everyCandidate(closedFormInverseKinematics(model, pose, generator)))
    generatorFound = generatorFound || sameJoints(model, c.q, generator, 1e-9);
  EXPECT_TRUE(generatorFound);
  // The set the loops use carries the same flags.
  ClosedFormSet set;
  ASSERT_TRUE(closedFormSolutions(model, pose, seed, set));
  int setFlagged = 0;
  for (int k = 0; k < set.count; ++k) setFlagged += set.entries[k].fromSeed != 0;
  EXPECT_EQ(setFlagged, flagged);
}

// Regular poses: nothing flagged, and other seeds give the same solutions.
void expectIsolated(const Model& model, const Eigen::VectorXd& generator) {
  const Eigen::Matrix4d pose = toolPose(model, generator);
  const std::vector<IkCandidate> a = everyCandidate(closedFormInverseKinematics(model, pose));
  Eigen::VectorXd seed = model.home();
  for (int i = 0; i < seed.size(); ++i) seed(i) += 0.7 - 0.3 * i;
  const std::vector<IkCandidate> b = everyCandidate(closedFormInverseKinematics(model, pose, seed));
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].fromSeed, 0) << a[k].configuration;
    EXPECT_EQ(a[k].configuration, b[k].configuration);
    EXPECT_TRUE(sameJoints(model, a[k].q, b[k].q, 1e-12)) << a[k].configuration;
  }
}

TEST(IkContinuum, PumaWristWithAxesFourAndSixOnOneLine) {
  const Model puma(test::pumaSpec());
  Eigen::VectorXd q(6), seed = Eigen::VectorXd::Zero(6);
  q << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3;
  seed(3) = -0.25;
  expectContinuum(puma, q, seed, 1u << 3);
  q(4) = 0.6;
  expectIsolated(puma, q);
}

TEST(IkContinuum, ToolPointOnJointOnesAxis) {
  const Model rrr(test::voraRrrSpec());
  // A configuration whose tool point lies on joint 1's axis: found by solving for one.
  const IkResult onAxis = solveInverseKinematics(rrr, poseFromXyzRpy({0.0, 0.0, 0.6}, Eigen::Vector3d::Zero()), "",
                                                 Eigen::Vector3d(0.7, 0.0, 0.0));
  ASSERT_TRUE(onAxis.ok) << onAxis.reason;
  expectContinuum(rrr, onAxis.q, Eigen::Vector3d(0.7, 0.0, 0.0), 1u << 0);
  expectIsolated(rrr, Eigen::Vector3d(0.4, 0.5, -0.9));
  // The same arm through the general three-joint solver (positioning_arm.h).
  RobotSpec spec = test::voraRrrSpec();
  spec.family = "generic";
  const Model generic(spec);
  expectContinuum(generic, onAxis.q, Eigen::Vector3d(0.7, 0.0, 0.0), 1u << 0);
  expectIsolated(generic, Eigen::Vector3d(0.4, 0.5, -0.9));
}

TEST(IkContinuum, UrWristAtQ5Zero) {
  const Model ur5(loadRobot(test::sourcePath("robots/ur5.yaml")));
  ASSERT_EQ(kinematicFamily(ur5), "three_parallel");
  Eigen::VectorXd q(6);
  q << 0.3, -1.0, 1.2, 0.4, 0.0, 0.7;
  expectContinuum(ur5, q, ur5.home(), 1u << 5);
  q(4) = 0.9;
  expectIsolated(ur5, q);
}

}  // namespace
}  // namespace armdyn
