// Vora's own files, read as the thesis prints them: figure 6.2 (manipulator specification)
// against table 7.1 built in code, figures 7.4 and 6.3 (trajectories) against the printed
// numbers.
#include "common/input_error.h"
#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

// The figure's decimals and the in-code literals are both read with correct rounding, so they
// are the same doubles: compare exactly. Degrees convert by the same product deg * (pi/180).
TEST(VoraFiles, Figure62ParsesIntoTable71) {
  const std::string path = test::sourcePath("robots/legacy/vora_rrr.spec");
  const RobotSpec r = loadRobot(path);
  const RobotSpec expected = test::voraRrrSpec();
  ASSERT_EQ(r.dof(), 3);
  for (int i = 0; i < 3; ++i) {
    const LinkSpec& l = r.links[i];
    const LinkSpec& e = expected.links[i];
    SCOPED_TRACE("link " + std::to_string(i + 1));
    EXPECT_EQ(l.name, e.name);
    EXPECT_EQ(l.joint, JointType::Revolute);
    EXPECT_EQ(l.dh.theta, e.dh.theta);
    EXPECT_EQ(l.dh.d, e.dh.d);
    EXPECT_EQ(l.dh.alpha, e.dh.alpha);
    EXPECT_EQ(l.dh.a, e.dh.a);
    EXPECT_EQ(l.massSource, MassSource::HollowBar);
    EXPECT_EQ(l.bar.density, 2460.0);
    EXPECT_EQ(l.bar.outer, e.bar.outer);
    EXPECT_EQ(l.bar.inner, e.bar.inner);
    EXPECT_EQ(l.bar.centre, e.bar.centre);  // homogeneous (x, y, z, 1) in the file
    EXPECT_EQ(l.vMax, e.vMax);
    EXPECT_EQ(l.qMin, e.qMin);
    EXPECT_EQ(l.qMax, e.qMax);
  }
  EXPECT_EQ(r.links[2].vMax, 1.25);
  EXPECT_EQ(r.gravity, Eigen::Vector3d(0.0, 0.0, -9.8));
  // Reference note: the file lists DT (.025) before TACC (.3); table 7.1 confirms the values.
  EXPECT_EQ(r.dt, 0.025);
  EXPECT_EQ(r.tacc, 0.3);
  EXPECT_TRUE(r.actuatorMassRule);
  EXPECT_EQ(r.family, "rrr");
  // The theta entries (the joint variables) are all 0.0 in the figure: home is zero.
  ASSERT_EQ(r.home.size(), 3);
  EXPECT_EQ(r.home, Eigen::Vector3d::Zero());
  EXPECT_EQ(r.tool, Eigen::Matrix4d::Identity());
}

TEST(VoraFiles, JointVariableEntryBecomesHome) {
  // Vora's theta (R) or d (P) IS the joint variable: its entry is the starting position.
  const std::string text =
      "2\nLINK1R\n30.0,0.1,90.0,0.0\n2460.0\n.05,.4,.05,.045,.4,.045\n0.0,-.25,0.0,1.0\n1.0\n"
      "LINK2P\n90.0,0.4,0.0,0.0\n2460.0\n.05,.05,.5,.045,.045,.5\n0.0,0.0,-.25,1.0\n0.5\n"
      "0.0,0.0,-9.8,0.0\n.025\n.3\n";
  const RobotSpec r = parseVoraSpec(text, "two.spec");
  EXPECT_EQ(r.links[0].dh.theta, 0.0);
  EXPECT_EQ(r.links[0].dh.d, 0.1);
  EXPECT_NEAR(r.home(0), M_PI / 6.0, 1e-15);  // one rounding of deg * (pi/180)
  EXPECT_EQ(r.links[1].joint, JointType::Prismatic);
  EXPECT_EQ(r.links[1].dh.d, 0.0);
  EXPECT_NEAR(r.links[1].dh.theta, M_PI / 2.0, 1e-15);
  EXPECT_EQ(r.home(1), 0.4);
  EXPECT_EQ(r.name, "two");
  EXPECT_EQ(r.family, "");  // not the RRR shape
}

TEST(VoraFiles, Figure74GivesTheSevenWeldSeamPoints) {
  const std::string path = test::sourcePath("robots/legacy/weld_seam.traj");
  const TaskSpec t = loadTask(path);
  const double printed[7][3] = {{.5, 0., -.1},   {.5, 0.1, -0.1},   {.7, 0.1, -.4},  {.60, -.15, -.35},
                                {.5, -.20, -.25}, {.40, -.25, -.20}, {.5, 0., -.1}};
  ASSERT_EQ(t.points.size(), 7u);
  for (int k = 0; k < 7; ++k) {
    EXPECT_EQ(t.points[k].position, Eigen::Vector3d(printed[k][0], printed[k][1], printed[k][2])) << "point " << k + 1;
    EXPECT_EQ(t.points[k].rpy, Eigen::Vector3d::Zero());
    EXPECT_EQ(t.points[k].sourceLine, k + 1);
  }
  EXPECT_EQ(t.sourceFile, path);
  EXPECT_EQ(t.name, "weld_seam");
}

TEST(VoraFiles, Figure63GivesEightPointsWithAnglesInRadians) {
  const TaskSpec t = loadTask(test::sourcePath("robots/legacy/figure63.traj"));
  // Figure 6.3 as printed (m, deg).
  const double printed[8][6] = {{0.3, 0.1, -0.1, 45.0, 90.0, 90.0},      {0.6, 0.05, -0.295, 60.0, 90.0, 90.0},
                                {0.61, 0.05, -0.295, 60.0, 90.0, 90.0},  {0.6, 0.05, -0.295, 60.0, 90.0, 90.0},
                                {0.5125, 0.4, -0.24, 60., 45., 90.0},    {0.5124, 0.4, -0.255, 60.0, 45.0, 90.0},
                                {0.5125, 0.4, 0.24, 60.0, 45.0, 90.0},   {0.3, 0.1, -0.1, 45.0, 90.0, 90.0}};
  ASSERT_EQ(t.points.size(), 8u);
  for (int k = 0; k < 8; ++k) {
    SCOPED_TRACE("point " + std::to_string(k + 1));
    EXPECT_EQ(t.points[k].position, Eigen::Vector3d(printed[k][0], printed[k][1], printed[k][2]));
    // Radians from pi/4, pi/3, pi/2 computed independently; the reader rounds once more.
    for (int j = 0; j < 3; ++j) {
      const double deg = printed[k][3 + j];
      const double expected = deg == 45.0 ? M_PI / 4 : deg == 60.0 ? M_PI / 3 : M_PI / 2;
      EXPECT_NEAR(t.points[k].rpy(j), expected, 1e-15);
    }
    EXPECT_EQ(t.points[k].sourceLine, k + 1);
  }
}

TEST(VoraFiles, FreeFormatSeparatorsAndBlankLines) {
  // Fortran list-directed input: blanks as well as commas separate values; blank lines skip.
  const TaskSpec t = parseVoraTrajectory("\n0.5 0 -0.1 0 0 0\n\n0.6, 0.1 ,-0.2,0,0,  0\n", "t.traj");
  ASSERT_EQ(t.points.size(), 2u);
  EXPECT_EQ(t.points[0].sourceLine, 2);
  EXPECT_EQ(t.points[1].sourceLine, 4);
  EXPECT_EQ(t.points[1].position, Eigen::Vector3d(0.6, 0.1, -0.2));
}

TEST(VoraFiles, FormatIsDetectedFromContent) {
  EXPECT_EQ(detectFileFormat("3\nLINK1R\n"), FileFormat::VoraSpec);
  EXPECT_EQ(detectFileFormat("\n  .5,0.,-.1,0.,0.,0.\n"), FileFormat::VoraTrajectory);
  EXPECT_EQ(detectFileFormat("-0.5 0 0 0 0 0\n"), FileFormat::VoraTrajectory);
  EXPECT_EQ(detectFileFormat("# comment\nname: x\n"), FileFormat::Yaml);
  EXPECT_EQ(detectFileFormat("- a\n- b\n"), FileFormat::Yaml);
  EXPECT_EQ(detectFileFormat("---\nname: x\n"), FileFormat::Yaml);
}

TEST(VoraFiles, WrongKindOfFileIsNamed) {
  try {
    loadRobot(test::sourcePath("robots/legacy/weld_seam.traj"));
    FAIL() << "a trajectory is not a robot";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.field(), "file");
  }
  EXPECT_THROW(loadTask(test::sourcePath("robots/legacy/vora_rrr.spec")), InputError);
}

}  // namespace
}  // namespace armdyn
