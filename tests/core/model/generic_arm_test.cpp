// Abuzneid & Sobh's generic six-joint arm: every one of the eight configurations builds a valid
// Model with a spherical wrist (table 1), its task points are reachable by the inverse
// kinematics, and input it cannot be built from is refused in the user's words.
#include "design/generic_arm.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics/singularity_analysis.h"
#include "model/model.h"

#include "simulation/task_simulation.h"

#include <gtest/gtest.h>
#include <cmath>
#include <limits>

namespace armdyn {
namespace {

constexpr double kPi = 3.14159265358979323846;

class GenericArmTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GenericArmTest, DefaultsBuildAWorkingArm) {
  const std::string configuration = GetParam();
  const GenericArm arm = makeGenericArm(genericArmDefaults(configuration));
  const Model model(arm.robot);  // validates
  ASSERT_EQ(model.dof(), 6);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(model.isRevolute(i), configuration[static_cast<std::size_t>(i)] == 'R') << i;
    if (!model.isRevolute(i)) {
      // Prismatic joints carry their travel as limits.
      EXPECT_LT(arm.robot.links[static_cast<std::size_t>(i)].qMin, arm.robot.links[static_cast<std::size_t>(i)].qMax);
      EXPECT_LT(arm.robot.links[static_cast<std::size_t>(i)].qMax, 1e300);
    }
  }
  // Table 1's wrist: a = 0, alpha = -90, +90, 0 deg, d4 = d5 = 0.
  const double alpha[] = {-kPi / 2, kPi / 2, 0.0};
  for (int i = 3; i < 6; ++i) {
    EXPECT_TRUE(model.isRevolute(i));
    EXPECT_EQ(model.dh(i).a, 0.0);
    EXPECT_NEAR(model.dh(i).alpha, alpha[i - 3], 1e-15);
  }
  EXPECT_EQ(model.dh(3).d, 0.0);
  EXPECT_EQ(model.dh(4).d, 0.0);
  EXPECT_EQ(model.dh(5).d, 0.1);
  // Every link has mass.
  for (int i = 0; i < 6; ++i) EXPECT_GT(model.inertial(i).mass, 0.0) << i;

  ASSERT_EQ(arm.task.points.size(), 3u);
  // Rest to rest (issue 22: it was Paul's plan, which ends moving), within the joints' vmax.
  EXPECT_EQ(arm.task.scheme, TaskScheme::Quintic);
  ASSERT_EQ(arm.task.durations.size(), 2u);
  {
    const RunRecord run = simulateTask(model, arm.task);
    const Eigen::Index last = run.qd.rows() - 1;
    EXPECT_LT(run.qd.row(0).cwiseAbs().maxCoeff(), 1e-9) << configuration;
    EXPECT_LT(run.qd.row(last).cwiseAbs().maxCoeff(), 1e-9) << configuration;
    for (int j = 0; j < 6; ++j)
      EXPECT_LE(run.qd.col(j).cwiseAbs().maxCoeff(), arm.robot.links[static_cast<std::size_t>(j)].vMax * (1.0 + 1e-9)) << j;
  }
  for (std::size_t k = 0; k < arm.task.points.size(); ++k) {
    const TaskPoint& p = arm.task.points[k];
    const Eigen::Matrix4d pose = poseFromXyzRpy(p.position, p.rpy);
    const IkResult ik = solveInverseKinematics(model, pose, "", model.home());
    ASSERT_TRUE(ik.ok) << configuration << " point " << k + 1 << ": " << ik.reason;
    // The solution rebuilds the pose.
    EXPECT_LT(poseError(pose, toolPose(model, ik.q)).norm(), 1e-6) << configuration << " point " << k + 1;
    // A spherical wrist: the analysis splits det J into the arm and wrist parts.
    const KinematicAnalysis a = analyzeConfiguration(model, ik.q);
    ASSERT_TRUE(a.detJ11.has_value()) << configuration;
    ASSERT_TRUE(a.detJ22.has_value()) << configuration;
    ASSERT_TRUE(a.wristCentre.has_value()) << configuration;
    EXPECT_NEAR(a.detJ, *a.detJ11 * *a.detJ22, 1e-9 * std::max(1.0, std::abs(a.detJ))) << configuration;
  }
  // The home pose (task point 1) is not singular.
  EXPECT_EQ(analyzeConfiguration(model, model.home()).singular, Singularity::None) << configuration;
}

INSTANTIATE_TEST_SUITE_P(EightConfigurations, GenericArmTest,
                         ::testing::Values("RRR", "RRP", "RPR", "RPP", "PRR", "PRP", "PPR", "PPP"));

// The arms whose structure has a closed form are solved in closed form: the PUMA-like RRR, the
// Stanford-like RRP and the PPP gantry.
TEST(GenericArm, ClosedFormFamiliesAreFound) {
  EXPECT_EQ(kinematicFamily(Model(makeGenericArm(genericArmDefaults("RRR")).robot)), "rrrrrr");
  EXPECT_EQ(kinematicFamily(Model(makeGenericArm(genericArmDefaults("RRP")).robot)), "stanford");
  EXPECT_EQ(kinematicFamily(Model(makeGenericArm(genericArmDefaults("PPP")).robot)), "cartesian");
}

// An arm built from edited parameters, twist not a multiple of 90 deg: its links are drawn as
// explicit inertias and it still works.
TEST(GenericArm, OddTwistsStillWork) {
  GenericArmParameters p = genericArmDefaults("RRR");
  p.dh[0].alpha = 60.0 * kPi / 180.0;
  p.dh[1].d = 0.2;
  const GenericArm arm = makeGenericArm(p);
  const Model model(arm.robot);
  for (const TaskPoint& t : arm.task.points)
    EXPECT_TRUE(solveInverseKinematics(model, poseFromXyzRpy(t.position, t.rpy), "", model.home()).ok);
}

std::string refusal(const GenericArmParameters& p, std::string* field = nullptr) {
  try {
    makeGenericArm(p);
  } catch (const GenericArmError& e) {
    if (field) *field = e.field();
    return e.what();
  }
  return "";
}

TEST(GenericArm, RefusesBadInputInWords) {
  std::string field;
  // Two neighbouring prismatic joints sliding along one line.
  GenericArmParameters gantry = genericArmDefaults("PPP");
  gantry.dh[0].alpha = 0.0;
  std::string why = refusal(gantry, &field);
  EXPECT_NE(why.find("Joints 1 and 2 both slide"), std::string::npos) << why;
  EXPECT_NE(why.find("α1 = 0°"), std::string::npos) << why;
  EXPECT_EQ(field, "alpha1");

  // Three parallel revolute axes: a planar arm.
  GenericArmParameters planar = genericArmDefaults("RRR");
  planar.dh[0].alpha = 0.0;
  why = refusal(planar, &field);
  EXPECT_NE(why.find("parallel axes"), std::string::npos) << why;

  // Zero lengths: the wrist centre stays on the axis of joint 1.
  GenericArmParameters point = genericArmDefaults("RRR");
  for (DhParameters& h : point.dh) h.a = h.d = 0.0;
  why = refusal(point, &field);
  EXPECT_NE(why.find("cannot move the wrist centre in three independent directions"), std::string::npos) << why;
  EXPECT_EQ(field, "dh");

  // A boom whose travel is backwards or empty.
  GenericArmParameters stanford = genericArmDefaults("RRP");
  stanford.travelMin[2] = 0.9;
  stanford.travelMax[2] = 0.3;
  why = refusal(stanford, &field);
  EXPECT_NE(why.find("Joint 3 (prismatic): its travel must run from a lower to a higher value"), std::string::npos) << why;
  EXPECT_EQ(field, "travel3");
  stanford.travelMax[2] = 0.9;
  EXPECT_NE(refusal(stanford).find("at least 1 mm"), std::string::npos);

  // Numbers that are not finite.
  GenericArmParameters nan = genericArmDefaults("RPR");
  nan.dh[1].a = std::numeric_limits<double>::quiet_NaN();
  why = refusal(nan, &field);
  EXPECT_EQ(why, "Joint 2: the length a is not a finite number");
  EXPECT_EQ(field, "a2");
  GenericArmParameters inf = genericArmDefaults("RRR");
  inf.d6 = std::numeric_limits<double>::infinity();
  EXPECT_EQ(refusal(inf), "The tool offset d6 is not a finite number");
  GenericArmParameters travel = genericArmDefaults("PRP");
  travel.travelMax[0] = std::numeric_limits<double>::infinity();
  EXPECT_NE(refusal(travel).find("travel limits must be finite"), std::string::npos);

  // An unknown configuration.
  GenericArmParameters unknown = genericArmDefaults("RRR");
  unknown.configuration = "RRX";
  EXPECT_NE(refusal(unknown).find("Unknown arm configuration 'RRX'"), std::string::npos);
  EXPECT_THROW(genericArmDefaults("XYZ"), GenericArmError);
}

}  // namespace
}  // namespace armdyn
