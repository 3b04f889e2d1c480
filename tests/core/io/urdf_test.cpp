// URDF import and export (io/urdf_reader.h, io/urdf_writer.h), checked against:
// - Universal Robots' published DH forward kinematics of the UR5 (typed here from UR's table),
//   for tests/data/urdf/ur5.urdf laid out as ROS-Industrial's ur_description lays it out;
// - the same arms written in DH (robots/ur5.yaml, robots/puma560.yaml): inverse dynamics;
// - the DH -> URDF -> DH round trip of every robot file in robots/ and random chains with a
//   base and a tool: forward kinematics to 1e-12 and inverse dynamics to 1e-10 (the URDF
//   numbers are written with 17 digits: the round trip loses only rounding, ~1e-15);
// - refusals naming the joint: a branch, a floating joint, a mimic joint.
#include "dynamics/inverse_dynamics.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "../dynamics/dynamics_fixtures.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cstdio>
#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <random>

namespace armdyn {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

double poseDifference(const Eigen::Matrix4d& a, const Eigen::Matrix4d& b) { return (a - b).cwiseAbs().maxCoeff(); }

Eigen::Matrix4d dhMatrix(double theta, double d, double alpha, double a) {
  return dhTransform(DhParameters{theta, d, alpha, a}, JointType::Revolute, 0.0);
}

// UR5, Universal Robots' DH table: standard DH, theta_i = q_i.
Eigen::Matrix4d ur5PublishedFk(const Eigen::VectorXd& q) {
  const double d[6] = {0.089159, 0, 0, 0.10915, 0.09465, 0.0823};
  const double a[6] = {0, -0.425, -0.39225, 0, 0, 0};
  const double alpha[6] = {M_PI / 2, 0, 0, M_PI / 2, -M_PI / 2, 0};
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < 6; ++i) T = T * dhMatrix(q(i), d[i], alpha[i], a[i]);
  return T;
}

UrdfImport importUr5() {
  UrdfOptions options;
  options.tip = "tool0";
  return loadUrdf(test::sourcePath("tests/data/urdf/ur5.urdf"), options);
}

TEST(UrdfImport, Ur5MatchesItsPublishedDhForwardKinematics) {
  const UrdfImport ur5 = importUr5();
  EXPECT_EQ(ur5.root, "base_link");
  EXPECT_EQ(ur5.tip, "tool0");
  EXPECT_EQ(ur5.jointNames, (std::vector<std::string>{"shoulder_pan_joint", "shoulder_lift_joint", "elbow_joint",
                                                       "wrist_1_joint", "wrist_2_joint", "wrist_3_joint"}));
  EXPECT_LT(ur5.fkResidual, 1e-12);
  const Model model(ur5.robot);
  // UR's DH base frame is ur_description's `base`: base_link turned by pi about z.
  Eigen::Matrix4d baseLinkToBase = Eigen::Matrix4d::Identity();
  baseLinkToBase.topLeftCorner<3, 3>() = Eigen::AngleAxisd(M_PI, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  std::mt19937 rng(5);
  double worst = 0.0;
  for (int k = 0; k < 50; ++k) {
    const Eigen::VectorXd q = test::randomVector(rng, 6, M_PI);
    worst = std::max(worst, poseDifference(rigidInverse(baseLinkToBase) * toolPose(model, q), ur5PublishedFk(q)));
  }
  EXPECT_LT(worst, 1e-9);
  // Limits, effort and velocity come over.
  for (const LinkSpec& l : ur5.robot.links) {
    EXPECT_DOUBLE_EQ(l.qMax, 2 * M_PI);
    EXPECT_DOUBLE_EQ(l.vMax, M_PI);
    ASSERT_TRUE(l.fMax.has_value());
  }
  EXPECT_DOUBLE_EQ(*ur5.robot.links[0].fMax, 150.0);
  EXPECT_DOUBLE_EQ(*ur5.robot.links[5].fMax, 28.0);
}

TEST(UrdfImport, Ur5InverseDynamicsMatchesTheSameArmWrittenInDh) {
  const Model imported(importUr5().robot);
  const Model dh(loadRobot(test::sourcePath("robots/ur5.yaml")));
  std::mt19937 rng(6);
  double worst = 0.0, scale = 0.0;
  for (int k = 0; k < 50; ++k) {
    const test::JointState s = test::randomState(rng, 6);
    const Eigen::VectorXd a = inverseDynamics(imported, s.q, s.qd, s.qdd);
    const Eigen::VectorXd b = inverseDynamics(dh, s.q, s.qd, s.qdd);
    worst = std::max(worst, (a - b).cwiseAbs().maxCoeff());
    scale = std::max(scale, b.cwiseAbs().maxCoeff());
  }
  EXPECT_LT(worst, 1e-10) << "largest torque " << scale;
  EXPECT_GT(scale, 10.0);  // gravity on the UR5: tens of N m, not a vacuous comparison
}

TEST(UrdfImport, Puma560WithTurnedLinkFramesMatchesTheDhFile) {
  const UrdfImport puma = loadUrdf(test::sourcePath("tests/data/urdf/puma560.urdf"));
  EXPECT_EQ(puma.root, "world");
  EXPECT_EQ(puma.tip, "flange");
  EXPECT_EQ(puma.axisRelations[2], "joint3 - joint4: skew");
  EXPECT_LT(puma.fkResidual, 1e-12);
  const Model imported(puma.robot);
  const Model dh(loadRobot(test::sourcePath("robots/puma560.yaml")));
  Eigen::Matrix4d pedestal = Eigen::Matrix4d::Identity();
  pedestal(2, 3) = 0.6604;  // the URDF's world is below Corke's frame 0
  std::mt19937 rng(7);
  double fk = 0.0, id = 0.0;
  for (int k = 0; k < 50; ++k) {
    const test::JointState s = test::randomState(rng, 6);
    fk = std::max(fk, poseDifference(toolPose(imported, s.q), pedestal * toolPose(dh, s.q)));
    // Rigid-body inverse dynamics (the drives are armdyn's, not the URDF's).
    id = std::max(id, (inverseDynamics(imported, s.q, s.qd, s.qdd) - inverseDynamics(dh, s.q, s.qd, s.qdd)).cwiseAbs().maxCoeff());
  }
  EXPECT_LT(fk, 1e-9);
  EXPECT_LT(id, 1e-10);
}

// Every robot file of the library, Vora's legacy specifications, and random chains (revolute
// and prismatic, offsets) with a base and a tool that are not the identity.
std::vector<std::pair<std::string, RobotSpec>> roundTripRobots() {
  std::vector<std::pair<std::string, RobotSpec>> robots;
  for (const std::string dir : {"robots", "robots/legacy"}) {
    std::vector<std::string> paths;
    for (const auto& e : std::filesystem::directory_iterator(test::sourcePath(dir))) {
      const std::string ext = e.path().extension().string();
      if (ext == ".yaml" || ext == ".spec") paths.push_back(e.path().string());
    }
    std::sort(paths.begin(), paths.end());
    for (const std::string& p : paths) {
      try {
        robots.emplace_back(p, loadRobot(p));
      } catch (const InputError&) {
        // a task file
      }
    }
  }
  std::mt19937 rng(20261125);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int n : {1, 3, 6, 7, 12}) {
    RobotSpec r = test::randomChainSpec(rng, n);
    r.name = "random chain " + std::to_string(n);
    r.base = poseFromXyzRpy(Eigen::Vector3d(u(rng), u(rng), u(rng)), Eigen::Vector3d(3 * u(rng), 1.5 * u(rng), 3 * u(rng)));
    r.tool = poseFromXyzRpy(Eigen::Vector3d(0.1 * u(rng), 0.1 * u(rng), 0.2 * u(rng)), Eigen::Vector3d(u(rng), u(rng), u(rng)));
    for (LinkSpec& l : r.links) {
      l.qMin = -1.5;
      l.qMax = 1.5;
      l.fMax = 40.0;
      l.vMax = 2.5;
    }
    robots.emplace_back(r.name, r);
  }
  return robots;
}

TEST(UrdfRoundTrip, EveryLibraryArmKeepsForwardKinematicsAndInverseDynamics) {
  const auto robots = roundTripRobots();
  ASSERT_GE(robots.size(), 14u);  // 8 robot files, Vora's specification, 5 random chains
  std::mt19937 rng(8);
  for (const auto& [name, spec] : robots) {
    SCOPED_TRACE(name);
    const Model original(spec);
    UrdfOptions options;
    options.gravity = spec.gravity;  // URDF holds no gravity
    const UrdfImport back = parseUrdf(robotToUrdf(original), name + ".urdf", options);
    const Model imported(back.robot);
    ASSERT_EQ(imported.dof(), original.dof());
    EXPECT_LT(back.fkResidual, 1e-12);
    double fk = 0.0, id = 0.0;
    for (int k = 0; k < 30; ++k) {
      const test::JointState s = test::randomState(rng, original.dof());
      fk = std::max(fk, poseDifference(toolPose(imported, s.q), toolPose(original, s.q)));
      // The DH frames themselves may differ (another choice of x axes); the tool may not.
      const Eigen::VectorXd a = inverseDynamics(imported, s.q, s.qd, s.qdd);
      const Eigen::VectorXd b = inverseDynamics(original, s.q, s.qd, s.qdd);
      id = std::max(id, (a - b).cwiseAbs().maxCoeff());
    }
    EXPECT_LT(fk, 1e-12);
    EXPECT_LT(id, 1e-10);
    for (int i = 0; i < original.dof(); ++i) {
      const LinkSpec& a = original.spec().links[static_cast<std::size_t>(i)];
      const LinkSpec& b = imported.spec().links[static_cast<std::size_t>(i)];
      EXPECT_EQ(a.joint, b.joint);
      EXPECT_EQ(a.qMin, b.qMin);
      EXPECT_EQ(a.qMax, b.qMax);
      EXPECT_EQ(a.vMax, b.vMax);
      EXPECT_EQ(a.fMax.has_value(), b.fMax.has_value());
    }
  }
}

TEST(UrdfRoundTrip, YamlOfAnImportedRobotReadsBackTheSame) {
  const RobotSpec a = importUr5().robot;
  const RobotSpec b = parseRobotYaml(robotToYaml(a), "ur5.yaml");
  const Model ma(a), mb(b);
  std::mt19937 rng(9);
  for (int k = 0; k < 10; ++k) {
    const test::JointState s = test::randomState(rng, 6);
    EXPECT_LT(poseDifference(toolPose(ma, s.q), toolPose(mb, s.q)), 1e-12);
    EXPECT_LT((inverseDynamics(ma, s.q, s.qd, s.qdd) - inverseDynamics(mb, s.q, s.qd, s.qdd)).cwiseAbs().maxCoeff(), 1e-10);
  }
}

void expectRefused(const std::string& text, int line, const std::string& field, const std::string& words,
                   const UrdfOptions& options = {}) {
  try {
    parseUrdf(text, "test.urdf", options);
    ADD_FAILURE() << "accepted; expected " << field;
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "test.urdf");
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.field(), field) << e.what();
    EXPECT_NE(e.message().find(words), std::string::npos) << e.what();
  }
}

TEST(UrdfImport, RefusesWhatDhCannotHoldNamingTheJoint) {
  const std::string dir = test::sourcePath("tests/data/bad/");
  expectRefused(readFile(dir + "urdf_floating.urdf"), 6, "joint 'world_to_base'", "floating joint");
  expectRefused(readFile(dir + "urdf_mimic.urdf"), 12, "joint 'joint2'", "mimic joint (it follows 'joint1') on the chain");
  expectRefused(readFile(dir + "urdf_side_follows_chain.urdf"), 28, "joint 'finger_joint'",
                "off the chain, it follows the chain joint 'joint1'");
  std::string planar = readFile(dir + "urdf_floating.urdf");
  planar.replace(planar.find("floating\">"), 8, "planar");
  expectRefused(planar, 6, "joint 'world_to_base'", "planar joint");
}

// Movable joints off the chain are held (default 0, or the lower limit when 0 is outside;
// --hold), their links merged into the chain link they hang from; hold values are checked.
TEST(UrdfImport, SideJointsAreHeldAndTheirLinksMerged) {
  const std::string text = readFile(test::sourcePath("tests/data/urdf/side_branch.urdf"));
  UrdfOptions options;
  options.tip = "tool_tip";
  const UrdfImport held = parseUrdf(text, "side_branch.urdf", options);
  EXPECT_EQ(held.robot.dof(), 2);
  ASSERT_EQ(held.held.size(), 2u);  // joint3 (after link2) and the finger (after link1), tree order
  std::map<std::string, UrdfHeldJoint> byName;
  for (const UrdfHeldJoint& h : held.held) byName[h.joint] = h;
  EXPECT_EQ(byName["finger_joint"].value, 0.0);
  EXPECT_FALSE(byName["finger_joint"].given);
  EXPECT_EQ(byName["joint3"].value, 0.0);
  std::map<std::string, std::string> into;
  for (const UrdfMergedLink& m : held.merged) into[m.link] = m.into;
  EXPECT_EQ(into["finger"], "link1");
  EXPECT_EQ(into["link3"], "link2");
  EXPECT_EQ(into["tool_link"], "link2");

  // The lower limit when 0 is outside: a finger limited to [0.01, 0.04].
  std::string shifted = text;
  shifted.replace(shifted.find("lower=\"0\" upper=\"0.04\""), 22, "lower=\"0.01\" upper=\"0.04\"");
  for (const UrdfHeldJoint& h : parseUrdf(shifted, "shifted.urdf", options).held)
    EXPECT_EQ(h.value, h.joint == "finger_joint" ? 0.01 : 0.0) << h.joint;

  // A finger held open 3 cm carries its (here massless) link 3 cm along y of link1: the same
  // arm, the same numbers; a mass on the finger moves link1's centre of mass by 3 cm * m / M.
  std::string weighted = text;
  weighted.replace(weighted.find("<link name=\"finger\"/>"), std::string("<link name=\"finger\"/>").size(),
                   "<link name=\"finger\"><inertial><mass value=\"1\"/><inertia ixx=\"0\" ixy=\"0\" ixz=\"0\" iyy=\"0\" "
                   "iyz=\"0\" izz=\"0\"/></inertial></link>");
  const UrdfImport closed = parseUrdf(weighted, "weighted.urdf", options);
  options.hold["finger_joint"] = 0.03;
  const UrdfImport open = parseUrdf(weighted, "weighted.urdf", options);
  EXPECT_TRUE(open.held.size() == 2 && (open.held[0].given || open.held[1].given));
  const LinkSpec& a = closed.robot.links[0];
  const LinkSpec& b = open.robot.links[0];
  EXPECT_NEAR(a.inertia.mass, 2.0, 1e-15);
  // The finger slides along y of link1's URDF frame; its offset between the two holds, in the
  // DH frame, has length 3 cm / 2 (half the merged mass).
  EXPECT_NEAR((b.inertia.com - a.inertia.com).norm(), 0.015, 1e-14);

  // Bad hold values, each naming the joint (or --hold) and changing nothing.
  options.hold = {{"finger_joint", 0.05}};
  expectRefused(text, 28, "joint 'finger_joint'", "--hold: 0.05 is outside the joint's limits [0, 0.04]", options);
  options.hold = {{"joint2", 0.1}};
  expectRefused(text, 12, "joint 'joint2'", "--hold: a joint of the chain to 'tool_tip' moves with the arm", options);
  options.hold = {{"tool_joint", 0.1}};
  expectRefused(text, 18, "joint 'tool_joint'", "--hold: a fixed joint has nothing to hold", options);
  options.hold = {{"no_such_joint", 0.1}};
  expectRefused(text, 1, "--hold", "no joint named 'no_such_joint' (joints off the chain: finger_joint, joint3)", options);
  options.hold = {{"finger_joint", std::nan("")}};
  expectRefused(text, 28, "joint 'finger_joint'", "finite", options);
}

// A mimic joint off the chain follows its leader's held value; a mimic on a fixed joint means
// nothing and is ignored (noted).
TEST(UrdfImport, MimicJointsOffTheChainFollowTheirLeader) {
  std::string text = readFile(test::sourcePath("tests/data/urdf/side_branch.urdf"));
  text.replace(text.find("</robot>"), 8,
               "<link name=\"finger2\"/>\n<joint name=\"finger2_joint\" type=\"prismatic\"><parent link=\"link1\"/>"
               "<child link=\"finger2\"/><axis xyz=\"0 -1 0\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" "
               "velocity=\"1\"/><mimic joint=\"finger_joint\" multiplier=\"2\" offset=\"0.001\"/></joint>\n"
               "<link name=\"plate\"/>\n<joint name=\"plate_joint\" type=\"fixed\"><parent link=\"link2\"/>"
               "<child link=\"plate\"/><mimic joint=\"joint1\"/></joint>\n</robot>");
  UrdfOptions options;
  options.tip = "tool_tip";
  options.hold = {{"finger_joint", 0.02}};
  const UrdfImport import = parseUrdf(text, "mimic.urdf", options);
  bool found = false;
  for (const UrdfHeldJoint& h : import.held)
    if (h.joint == "finger2_joint") {
      found = true;
      EXPECT_EQ(h.follows, "finger_joint");
      EXPECT_NEAR(h.value, 2 * 0.02 + 0.001, 1e-15);
      EXPECT_FALSE(h.given);
    }
  EXPECT_TRUE(found);
  bool noted = false;
  for (const std::string& n : import.notes) noted = noted || n.find("<mimic> on fixed joints ignored") != std::string::npos;
  EXPECT_TRUE(noted);
  // Holding the follower itself is refused: hold the leader.
  options.hold = {{"finger2_joint", 0.02}};
  try {
    parseUrdf(text, "mimic.urdf", options);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("hold 'finger_joint' instead"), std::string::npos) << e.what();
  }
}

TEST(UrdfImport, LinkGraphsThatAreNoTreeAreRefused) {
  const std::string head = "<robot name=\"x\"><link name=\"r\"/><link name=\"a\"/><link name=\"b\"/>\n";
  auto joint = [](const std::string& name, const std::string& parent, const std::string& child) {
    return "<joint name=\"" + name + "\" type=\"continuous\"><parent link=\"" + parent + "\"/><child link=\"" + child +
           "\"/><axis xyz=\"0 0 1\"/></joint>\n";
  };
  // Link b the child of two joints (urdfdom keeps the last parent; the walk would count b twice).
  expectRefused(head + joint("j1", "r", "a") + joint("j2", "a", "b") + joint("j3", "r", "b") + "</robot>", 4, "joint 'j3'",
                "already the child of joint 'j2'");
  // A loop a -> b -> a hanging off nothing: not reached from the root.
  try {
    parseUrdf(head + joint("j1", "a", "b") + joint("j2", "b", "a") + "</robot>", "loop.urdf");
    ADD_FAILURE() << "accepted";
  } catch (const InputError&) {
  }
  // A long fixed side branch (5000 links) is walked without recursion.
  std::string deep = "<robot name=\"deep\"><link name=\"r\"/><link name=\"a\"/>\n" + joint("j1", "r", "a");
  deep += "<link name=\"t\"/><joint name=\"jt\" type=\"prismatic\"><parent link=\"a\"/><child link=\"t\"/>"
          "<axis xyz=\"1 0 0\"/><limit lower=\"0\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n";
  std::string parent = "a";
  for (int k = 0; k < 5000; ++k) {
    const std::string name = "s" + std::to_string(k);
    deep += "<link name=\"" + name + "\"/><joint name=\"f" + std::to_string(k) + "\" type=\"fixed\"><parent link=\"" + parent +
            "\"/><child link=\"" + name + "\"/></joint>\n";
    parent = name;
  }
  deep += "</robot>";
  UrdfOptions options;
  options.tip = "t";
  EXPECT_EQ(parseUrdf(deep, "deep.urdf", options).robot.dof(), 2);
}

TEST(UrdfImport, TipChoice) {
  // ur5.urdf ends in two frames after the wrist (ee_link, tool0): the tip must be named.
  try {
    loadUrdf(test::sourcePath("tests/data/urdf/ur5.urdf"));
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--tip");
    EXPECT_NE(e.message().find("ee_link, tool0"), std::string::npos) << e.what();
  }
  UrdfOptions options;
  options.tip = "ee_link";
  const UrdfImport ee = loadUrdf(test::sourcePath("tests/data/urdf/ur5.urdf"), options);
  EXPECT_EQ(ee.tip, "ee_link");
  options.tip = "no_such_link";
  expectRefused(readFile(test::sourcePath("tests/data/urdf/ur5.urdf")), 1, "--tip", "no link named 'no_such_link'", options);
  // A tip on the base: no movable joint.
  options.tip = "base";
  expectRefused(readFile(test::sourcePath("tests/data/urdf/ur5.urdf")), 1, "--tip", "no movable joint", options);
}

// The Panda's deepest leaves are its fingers, after 8 movable joints: finger_joint2 follows
// finger_joint1 through <mimic> and carries mass, so a chain to either finger is refused. Without
// a tip, the hand's tool frame (7 joints) ends the arm, the same import as naming it, and the
// notes say why the fingers gave way. urdfLeaves gives each finger the refusal its import gives.
TEST(UrdfImport, TipChoicePassesOverLeavesAMimicBlocks) {
  const std::string path = test::sourcePath("tests/data/urdf/example-robot-data/panda.urdf");
  const std::string text = readFile(path);
  std::map<std::string, UrdfLeaf> leaves;
  for (const UrdfLeaf& l : urdfLeaves(text, path)) leaves[l.link] = l;
  ASSERT_EQ(leaves.count("panda_leftfinger") + leaves.count("panda_rightfinger") + leaves.count("panda_hand_tcp"), 3u);
  EXPECT_EQ(leaves["panda_leftfinger"].movableJoints, 8);
  EXPECT_EQ(leaves["panda_rightfinger"].movableJoints, 8);
  EXPECT_EQ(leaves["panda_hand_tcp"].movableJoints, 7);
  EXPECT_EQ(leaves["panda_hand_tcp"].refusal, "");
  for (const char* finger : {"panda_leftfinger", "panda_rightfinger"}) {
    UrdfOptions options;
    options.tip = finger;
    try {
      parseUrdf(text, path, options);
      ADD_FAILURE() << finger << " accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(leaves[finger].refusal, e.field() + ": " + e.message());
      EXPECT_NE(e.message().find("<mimic>"), std::string::npos) << e.what();
    }
  }
  const UrdfImport chosen = parseUrdf(text, path);
  EXPECT_EQ(chosen.tip, "panda_hand_tcp");
  ASSERT_EQ(chosen.robot.dof(), 7);
  bool noted = false;
  for (const std::string& n : chosen.notes)
    noted = noted || n.find("tip 'panda_hand_tcp': the deeper leaf links panda_leftfinger, panda_rightfinger cannot end the "
                            "arm") != std::string::npos;
  EXPECT_TRUE(noted);
  UrdfOptions named;
  named.tip = "panda_hand_tcp";
  const UrdfImport same = parseUrdf(text, path, named);
  const Model a(chosen.robot), b(same.robot);
  std::mt19937 rng(2026);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  for (int trial = 0; trial < 5; ++trial) {
    Eigen::VectorXd q(7), qd(7), qdd(7);
    for (int k = 0; k < 7; ++k) {
      q(k) = u(rng);
      qd(k) = u(rng);
      qdd(k) = u(rng);
    }
    EXPECT_EQ(toolPose(a, q), toolPose(b, q));  // the same computation: identical
    EXPECT_EQ(inverseDynamics(a, q, qd, qdd), inverseDynamics(b, q, qd, qdd));
  }
}

// A leaf a <mimic> blocks gives way only to a leaf on the same arm (hanging from where the
// blocking joint starts): a camera on the shoulder or a frame on the base is no stand-in, and
// the blocked leaf's refusal is what the import says. Of two mimics on a chain the one nearest
// the root is named (a tip before it is the advice).
TEST(UrdfImport, ABlockedLeafGivesWayOnlyOnItsArm) {
  const std::string inertial = "<inertial><mass value=\"0.1\"/><inertia ixx=\"1e-4\" iyy=\"1e-4\" izz=\"1e-4\" ixy=\"0\" "
                               "ixz=\"0\" iyz=\"0\"/></inertial>";
  auto joint = [](const std::string& name, const std::string& type, const std::string& parent, const std::string& child,
                  const std::string& extra = "") {
    return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent + "\"/><child link=\"" + child +
           "\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>" + extra + "</joint>\n";
  };
  const std::string fingers = "<link name=\"f1\">" + inertial + "</link><link name=\"f2\">" + inertial + "</link>\n";
  // Arm base -> l1 -> l2, fingers on l2 (j4 follows j3), a camera fixed to l1.
  const std::string camera = "<robot name=\"c\"><link name=\"base\"/><link name=\"l1\"/><link name=\"l2\"/><link name=\"cam\"/>\n" +
                             fingers + joint("j1", "revolute", "base", "l1") + joint("j2", "revolute", "l1", "l2") +
                             joint("j3", "prismatic", "l2", "f1") +
                             joint("j4", "prismatic", "l2", "f2", "<mimic joint=\"j3\"/>") +
                             "<joint name=\"jc\" type=\"fixed\"><parent link=\"l1\"/><child link=\"cam\"/></joint>\n</robot>";
  expectRefused(camera, 6, "joint 'j4'", "off the chain, it follows the chain joint 'j3'");
  // With a tool frame on l2 the arm ends there, as the Panda's at its hand.
  std::string tool = camera;
  tool.replace(tool.find("</robot>"), 8, "<link name=\"tcp\"/><joint name=\"jt\" type=\"fixed\"><parent link=\"l2\"/>"
                                         "<child link=\"tcp\"/></joint>\n</robot>");
  const UrdfImport withTool = parseUrdf(tool, "test.urdf");
  EXPECT_EQ(withTool.tip, "tcp");
  EXPECT_EQ(withTool.robot.dof(), 2);
  // Fingers on the base and a frame fixed to it: no movable joint is left to stand in.
  const std::string base = "<robot name=\"b\"><link name=\"base\"/><link name=\"tcp\"/>\n" + fingers +
                           joint("j1", "prismatic", "base", "f1") +
                           joint("j2", "prismatic", "base", "f2", "<mimic joint=\"j1\"/>") +
                           "<joint name=\"jt\" type=\"fixed\"><parent link=\"base\"/><child link=\"tcp\"/></joint>\n</robot>";
  expectRefused(base, 4, "joint 'j2'", "<mimic>");
  // Two mimics on the chain: the one nearest the root is named.
  const std::string two = "<robot name=\"t\"><link name=\"base\"/><link name=\"a\"/><link name=\"b\"/><link name=\"c\"/>"
                          "<link name=\"d\"/>\n" + joint("j1", "revolute", "base", "a") +
                          joint("m1", "revolute", "a", "b", "<mimic joint=\"j1\"/>") + joint("j3", "revolute", "b", "c") +
                          joint("m2", "revolute", "c", "d", "<mimic joint=\"j3\"/>") + "</robot>";
  expectRefused(two, 3, "joint 'm1'", "a mimic joint (it follows 'j1') on the chain to 'd'");
}

// Mimics of mimics: a chain of 16 leaders is taken, 17 or a loop is refused, naming the joint
// (following one costs at most 16 steps whatever the file holds).
TEST(UrdfImport, MimicChainsAreBounded) {
  auto file = [](int count, bool loop) {
    std::string t = "<robot name=\"m\"><link name=\"r\"/><link name=\"a\"/>\n<joint name=\"j1\" type=\"continuous\">"
                    "<parent link=\"r\"/><child link=\"a\"/><axis xyz=\"0 0 1\"/></joint>\n";
    for (int k = 0; k < count; ++k) {
      char name[8];
      std::snprintf(name, sizeof name, "m%02d", k);
      char leader[8];
      std::snprintf(leader, sizeof leader, "m%02d", k == 0 ? (loop ? count - 1 : 0) : k - 1);
      t += std::string("<link name=\"l") + name + "\"/><joint name=\"" + name + "\" type=\"prismatic\"><parent link=\"r\"/>" +
           "<child link=\"l" + name + "\"/><axis xyz=\"1 0 0\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>" +
           (k > 0 || loop ? std::string("<mimic joint=\"") + leader + "\"/>" : std::string()) + "</joint>\n";
    }
    return t + "</robot>";
  };
  UrdfOptions options;
  options.tip = "a";
  // m00 leads; m16 follows through 16 mimics.
  EXPECT_EQ(parseUrdf(file(17, false), "test.urdf", options).held.size(), 17u);
  expectRefused(file(18, false), 20, "joint 'm17'", "a chain more than 16 joints long", options);
  expectRefused(file(3, true), 3, "joint 'm00'", "<mimic> leaders form a loop", options);
  // A heavy side joint following a chain joint through another mimic is named itself, with the
  // joint it follows through (m2 -> m1 -> j2; f2 has the mass).
  options.tip = "tip";
  expectRefused(readFile(test::sourcePath("tests/fuzz/seeds/urdf/urdf_mimic_chain.urdf")), 10, "joint 'm2'",
                "off the chain, it follows the chain joint 'j2' (<mimic>, through 'm1') and carries mass (link 'f2')", options);
}

TEST(UrdfImport, MergesFixedLinksAndSkipsTheGround) {
  // ur5.urdf: ee_link (no mass) hangs from wrist_3_link; `base` from base_link (ground).
  const UrdfImport ur5 = importUr5();
  ASSERT_EQ(ur5.notes.size(), 1u);
  EXPECT_EQ(ur5.notes[0], "link 'ee_link' (fixed to 'wrist_3_link') merged into wrist_3_link");
  // A mass fixed to the last link adds to it: the same as a payload at that place.
  std::string text = readFile(test::sourcePath("tests/data/urdf/ur5.urdf"));
  text.replace(text.find("<link name=\"ee_link\"/>"), std::string("<link name=\"ee_link\"/>").size(),
               "<link name=\"ee_link\"><inertial><origin xyz=\"0.02 0 0\"/><mass value=\"2\"/>"
               "<inertia ixx=\"0.001\" ixy=\"0\" ixz=\"0\" iyy=\"0.002\" iyz=\"0\" izz=\"0.002\"/></inertial></link>");
  UrdfOptions options;
  options.tip = "tool0";
  const UrdfImport loaded = parseUrdf(text, "ur5_load.urdf", options);
  EXPECT_NEAR(loaded.robot.links[5].inertia.mass, 0.1879 + 2.0, 1e-12);
}

TEST(UrdfImport, HostileTextIsRefusedWithAMessage) {
  expectRefused("", 1, "robot", "not a valid URDF");
  expectRefused("<robot name=\"x\"></robot>", 1, "robot", "not a valid URDF");
  expectRefused(std::string("<robot\0", 7), 1, "file", "NUL");
  std::string deep = "<robot name=\"x\">\n";
  for (int k = 0; k < 100; ++k) deep += "<a>";
  expectRefused(deep, 2, "file", "nested more than 64");
  // A '%' reaches urdfdom's printf as a format (fuzz_urdf: 2.6 s of padding for one number).
  expectRefused("<robot name=\"x\">\n<!-- 100% fine in a comment -->\n<link name=\"a\"><inertial><origin xyz=\"7.4%1721982615e-19 0 0\"/>"
                "<mass value=\"1\"/></inertial></link></robot>",
                3, "file", "'%' is not accepted");
  const std::string zeroAxis =
      "<robot name=\"x\"><link name=\"a\"/><link name=\"b\"/>\n"
      "<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/><axis xyz=\"0 0 0\"/></joint></robot>";
  EXPECT_THROW(parseUrdf(zeroAxis, "test.urdf"), InputError);
  // 13 movable joints: more than a robot holds.
  std::string longChain = "<robot name=\"long\"><link name=\"l0\"/>\n";
  for (int k = 1; k <= 13; ++k)
    longChain += "<link name=\"l" + std::to_string(k) + "\"/><joint name=\"j" + std::to_string(k) +
                 "\" type=\"continuous\"><parent link=\"l" + std::to_string(k - 1) + "\"/><child link=\"l" +
                 std::to_string(k) + "\"/><origin xyz=\"0.1 0 0\"/><axis xyz=\"0 1 0\"/></joint>\n";
  longChain += "</robot>";
  expectRefused(longChain, 1, "--tip", "13 movable joints");
}

}  // namespace
}  // namespace armdyn
