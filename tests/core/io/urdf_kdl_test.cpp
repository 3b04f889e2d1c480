// Real robots as their makers ship them (tests/data/urdf/example-robot-data: the public
// descriptions of Gepetto's example-robot-data, BSD-3, unedited) imported by io/urdf_reader and
// checked against Orocos KDL on the WHOLE tree: the reference tree is built here from urdfdom's
// model the way kdl_parser builds it (one segment per URDF joint, inertials turned into the
// link frame), with every joint of the file, fingers included. Side joints stand at the values
// armdyn held them at (mimic joints at their leader's), at rest; KDL's tree Newton-Euler
// (TreeIdSolver_RNE) then gives the chain joints' torques with every link the arm carries, which
// is what armdyn's merged chain must reproduce. Tool pose (TreeFkSolverPos_recursive), tau,
// the mass matrix (columns from unit accelerations without gravity) and gravity, at 50 seeded
// states per arm, to 1e-12 relative to the largest entry (floor 1): two double-precision
// implementations, rounding only (observed ~1e-15).
#include "dynamics/crba.h"
#include "dynamics/inverse_dynamics.h"
#include "dynamics/nonlinear_effects.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "kinematics/forward_kinematics.h"
#include "model/model.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#ifdef ARMDYN_HAVE_KDL
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/tree.hpp>
#include <kdl/treefksolverpos_recursive.hpp>
#include <kdl/treeidsolver_recursive_newton_euler.hpp>
#include <urdf_parser/urdf_parser.h>
#endif

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

namespace armdyn {
namespace {

constexpr double kTol = 1e-12;

[[maybe_unused]] std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

double relative(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

#ifdef ARMDYN_HAVE_KDL

KDL::Frame kdlFrame(const urdf::Pose& p) {
  return KDL::Frame(KDL::Rotation::Quaternion(p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w),
                    KDL::Vector(p.position.x, p.position.y, p.position.z));
}

// kdl_parser's construction, written again from urdfdom's model.
KDL::Joint kdlJoint(const urdf::Joint& j) {
  const KDL::Frame origin = kdlFrame(j.parent_to_joint_origin_transform);
  const KDL::Vector axis(j.axis.x, j.axis.y, j.axis.z);
  switch (j.type) {
    case urdf::Joint::REVOLUTE:
    case urdf::Joint::CONTINUOUS: return KDL::Joint(j.name, origin.p, origin.M * axis, KDL::Joint::RotAxis);
    case urdf::Joint::PRISMATIC: return KDL::Joint(j.name, origin.p, origin.M * axis, KDL::Joint::TransAxis);
    default: return KDL::Joint(j.name, KDL::Joint::None);
  }
}

KDL::RigidBodyInertia kdlInertia(const urdf::Link& link) {
  if (!link.inertial) return KDL::RigidBodyInertia::Zero();
  const urdf::Inertial& i = *link.inertial;
  const KDL::Frame origin = kdlFrame(i.origin);
  const KDL::RigidBodyInertia turned =
      origin.M * KDL::RigidBodyInertia(0.0, KDL::Vector::Zero(), KDL::RotationalInertia(i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz));
  return KDL::RigidBodyInertia(i.mass, origin.p, turned.getRotationalInertia());
}

KDL::Tree kdlTree(const urdf::ModelInterface& model) {
  KDL::Tree tree(model.getRoot()->name);
  std::vector<urdf::LinkConstSharedPtr> stack = {model.getRoot()};
  while (!stack.empty()) {
    const urdf::LinkConstSharedPtr link = stack.back();
    stack.pop_back();
    for (const urdf::LinkSharedPtr& child : link->child_links) {
      const urdf::Joint& j = *child->parent_joint;
      const KDL::Segment segment(child->name, kdlJoint(j), kdlFrame(j.parent_to_joint_origin_transform), kdlInertia(*child));
      EXPECT_TRUE(tree.addSegment(segment, link->name)) << child->name;
      stack.push_back(child);
    }
  }
  return tree;
}

Eigen::Matrix4d toMatrix(const KDL::Frame& f) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) T(r, c) = f.M(r, c);
    T(r, 3) = f.p(r);
  }
  return T;
}


struct Arm {
  const char* file;
  const char* tip;  // "" = the default (the deepest leaf)
  int joints;
  int held;  // movable joints off the chain
  std::map<std::string, double> hold = {};
  bool heldLinksMassless = false;  // the file gives the held links no <inertial>
};

// Every serial arm of example-robot-data, with its gripper and without.
const Arm kArms[] = {
    {"panda.urdf", "panda_link8", 7, 2},
    {"panda.urdf", "panda_hand_tcp", 7, 2},
    {"panda.urdf", "panda_hand_tcp", 7, 2, {{"panda_finger_joint1", 0.03}}},  // finger 2 follows: 0.03
    {"ur3_robot.urdf", "tool0", 6, 0},
    {"ur5_robot.urdf", "tool0", 6, 0},
    {"ur10_robot.urdf", "ee_link", 6, 0},
    {"kinova.urdf", "j2s6s200_end_effector", 6, 0},
    {"bravo7_gripper.urdf", "grasping_poing", 6, 2},
    {"bravo7_gripper.urdf", "bravo_finger1_link", 7, 1},
    {"bravo7_gripper.urdf", "grasping_poing", 6, 2, {{"bravo_finger1_joint", 0.5}, {"bravo_finger2_joint", 0.7}}, true},
    {"bravo7_no_ee.urdf", "end_effector_ball", 6, 0},
    {"z1.urdf", "link06", 6, 1},
    {"z1.urdf", "link06", 6, 1, {{"jointGripper", -0.8}}},
    {"z1.urdf", "", 7, 0},
    {"talos_left_arm.urdf", "gripper_left_base_link", 6, 1},
    {"talos_left_arm.urdf", "", 7, 0},
};

TEST(UrdfAsShipped, EveryExampleRobotDataArmMatchesKdlOnTheWholeTree) {
  for (const Arm& arm : kArms) {
    const std::string path = test::sourcePath(std::string("tests/data/urdf/example-robot-data/") + arm.file);
    SCOPED_TRACE(std::string(arm.file) + " tip " + (*arm.tip ? arm.tip : "(default)") +
                 (arm.hold.empty() ? "" : " with --hold"));
    const std::string text = readFile(path);
    UrdfOptions options;
    options.tip = arm.tip;
    options.hold = arm.hold;
    UrdfImport import;
    ASSERT_NO_THROW(import = parseUrdf(text, arm.file, options));
    ASSERT_EQ(import.robot.dof(), arm.joints);
    ASSERT_EQ(static_cast<int>(import.held.size()), arm.held);
    for (const UrdfHeldJoint& h : import.held) {  // given, followed (the Panda's finger 2) or the default 0
      const auto given = arm.hold.find(h.joint);
      const auto leader = arm.hold.find(h.follows);
      EXPECT_EQ(h.value, given != arm.hold.end() ? given->second : leader != arm.hold.end() ? leader->second : 0.0) << h.joint;
      EXPECT_EQ(h.given, given != arm.hold.end()) << h.joint;
    }
    const Model model(import.robot);
    const int n = model.dof();
    if (!arm.hold.empty() && !arm.heldLinksMassless) {
      // The held values matter: the same arm held at the defaults has other dynamics (the
      // Panda's fingers open symmetrically: the same gravity, another mass matrix).
      UrdfOptions defaults;
      defaults.tip = arm.tip;
      const Model atDefaults(parseUrdf(text, arm.file, defaults).robot);
      const Eigen::VectorXd q = Eigen::VectorXd::Constant(n, 0.3);
      EXPECT_GT(std::max(relative(gravityVector(model, q), gravityVector(atDefaults, q)),
                         relative(massMatrix(model, q), massMatrix(atDefaults, q))),
                1e-6);
    }

    const urdf::ModelInterfaceSharedPtr urdfModel = urdf::parseURDF(text);
    ASSERT_TRUE(urdfModel);
    const KDL::Tree tree = kdlTree(*urdfModel);
    const int nt = static_cast<int>(tree.getNrOfJoints());
    // Tree joint index by name.
    std::map<std::string, int> index;
    for (const auto& [name, element] : tree.getSegments()) {
      const KDL::Joint& j = GetTreeElementSegment(element).getJoint();
      if (j.getType() != KDL::Joint::None) index[j.getName()] = static_cast<int>(GetTreeElementQNr(element));
    }
    ASSERT_EQ(static_cast<int>(index.size()), nt);
    std::vector<int> chainIndex;
    for (const std::string& name : import.jointNames) {
      ASSERT_TRUE(index.count(name)) << name;
      chainIndex.push_back(index[name]);
    }
    KDL::JntArray qt(static_cast<unsigned>(nt)), qdt(static_cast<unsigned>(nt)), qddt(static_cast<unsigned>(nt)),
        taut(static_cast<unsigned>(nt));
    // Side joints where armdyn held them; mimic joints on fixed joints are not in the tree.
    for (const UrdfHeldJoint& h : import.held) {
      ASSERT_TRUE(index.count(h.joint)) << h.joint;
      qt(static_cast<unsigned>(index[h.joint])) = h.value;
    }
    const KDL::Vector g(model.spec().gravity.x(), model.spec().gravity.y(), model.spec().gravity.z());
    KDL::TreeIdSolver_RNE rne(tree, g);
    KDL::TreeIdSolver_RNE rneNoGravity(tree, KDL::Vector::Zero());
    KDL::TreeFkSolverPos_recursive fk(tree);
    const KDL::WrenchMap noWrench;
    const std::string tipSegment = import.tip;

    // What a plain KDL chain root -> tip (Tree::getChain: the off-chain links left out) would
    // give for gravity: printed, the difference docs/file-formats.md explains.
    KDL::Chain plain;
    ASSERT_TRUE(tree.getChain(import.root, import.tip, plain));
    ASSERT_EQ(static_cast<int>(plain.getNrOfJoints()), n);
    KDL::ChainIdSolver_RNE plainRne(plain, g);
    double plainGap = 0.0;

    std::mt19937 rng(20261127);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    double worstPose = 0.0, worstTau = 0.0, worstM = 0.0, worstG = 0.0;
    for (int state = 0; state < 50; ++state) {
      Eigen::VectorXd q(n), qd(n), qdd(n);
      for (int i = 0; i < n; ++i) {
        const LinkSpec& l = model.spec().links[static_cast<std::size_t>(i)];
        const double lo = std::max(l.qMin, -M_PI), hi = std::min(l.qMax, M_PI);
        q(i) = lo + (hi - lo) * 0.5 * (1.0 + unit(rng));
        qd(i) = 2.0 * unit(rng);
        qdd(i) = 5.0 * unit(rng);
      }
      for (int i = 0; i < n; ++i) {
        const unsigned k = static_cast<unsigned>(chainIndex[static_cast<std::size_t>(i)]);
        qt(k) = q(i);
        qdt(k) = qd(i);
        qddt(k) = qdd(i);
      }
      KDL::Frame tipFrame;
      ASSERT_GE(fk.JntToCart(qt, tipFrame, tipSegment), 0);
      const Eigen::Matrix4d armdynTip = toolPose(model, q);
      worstPose = std::max(worstPose, (armdynTip - toMatrix(tipFrame)).cwiseAbs().maxCoeff());

      ASSERT_GE(rne.CartToJnt(qt, qdt, qddt, noWrench, taut), 0);
      Eigen::VectorXd kdlTau(n);
      for (int i = 0; i < n; ++i) kdlTau(i) = taut(static_cast<unsigned>(chainIndex[static_cast<std::size_t>(i)]));
      worstTau = std::max(worstTau, relative(inverseDynamics(model, q, qd, qdd), kdlTau));

      // Gravity: at rest. Mass matrix: column i from a unit acceleration of joint i, no gravity.
      KDL::JntArray zero(static_cast<unsigned>(nt));
      ASSERT_GE(rne.CartToJnt(qt, zero, zero, noWrench, taut), 0);
      Eigen::VectorXd kdlG(n);
      for (int i = 0; i < n; ++i) kdlG(i) = taut(static_cast<unsigned>(chainIndex[static_cast<std::size_t>(i)]));
      worstG = std::max(worstG, relative(gravityVector(model, q), kdlG));
      {
        KDL::JntArray qc(static_cast<unsigned>(n)), zc(static_cast<unsigned>(n)), tc(static_cast<unsigned>(n));
        for (int i = 0; i < n; ++i) qc(static_cast<unsigned>(i)) = q(i);
        const KDL::Wrenches none(plain.getNrOfSegments(), KDL::Wrench::Zero());
        ASSERT_GE(plainRne.CartToJnt(qc, zc, zc, none, tc), 0);
        Eigen::VectorXd plainG(n);
        for (int i = 0; i < n; ++i) plainG(i) = tc(static_cast<unsigned>(i));
        plainGap = std::max(plainGap, (plainG - kdlG).cwiseAbs().maxCoeff() / kdlG.cwiseAbs().maxCoeff());
      }
      Eigen::MatrixXd kdlM(n, n);
      for (int c = 0; c < n; ++c) {
        KDL::JntArray unitAcc(static_cast<unsigned>(nt));
        unitAcc(static_cast<unsigned>(chainIndex[static_cast<std::size_t>(c)])) = 1.0;
        ASSERT_GE(rneNoGravity.CartToJnt(qt, zero, unitAcc, noWrench, taut), 0);
        for (int r = 0; r < n; ++r) kdlM(r, c) = taut(static_cast<unsigned>(chainIndex[static_cast<std::size_t>(r)]));
      }
      worstM = std::max(worstM, relative(massMatrix(model, q), kdlM));
    }
    std::printf("%-20s %-22s %s%d joints, %zu held, %zu merged: pose %.1e m, tau %.1e, M %.1e, G %.1e (relative); "
                "a plain chain's gravity torques differ by up to %.0f %%\n", arm.file,
                *arm.tip ? arm.tip : import.tip.c_str(), arm.hold.empty() ? "" : "(held) ", n, import.held.size(), import.merged.size(), worstPose, worstTau,
                worstM, worstG, 100.0 * plainGap);
    EXPECT_LT(worstPose, kTol);
    EXPECT_LT(worstTau, kTol);
    EXPECT_LT(worstM, kTol);
    EXPECT_LT(worstG, kTol);
  }
}

#endif  // ARMDYN_HAVE_KDL

// The library's real arms (robots/make_real_arms.py) are their URDF imports: the same forward
// kinematics and inverse dynamics (to 1e-12 relative: the YAML keeps 17 digits; only limits and
// speeds are rounded, to 1e-6 deg), with the ratings the script documents.
TEST(UrdfAsShipped, LibraryRealArmsAreTheirUrdfImports) {
  const struct {
    const char* yaml;
    const char* urdf;
    const char* tip;
  } arms[] = {{"ur3.yaml", "ur3_robot.urdf", "tool0"},
              {"ur10.yaml", "ur10_robot.urdf", "tool0"},
              {"kinova_jaco2.yaml", "kinova.urdf", "j2s6s200_end_effector"},
              {"bravo7.yaml", "bravo7_gripper.urdf", "grasping_poing"},
              {"z1.yaml", "z1.urdf", "link06"}};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const auto& arm : arms) {
    SCOPED_TRACE(arm.yaml);
    const Session library = loadSession(test::sourcePath(std::string("robots/") + arm.yaml));
    UrdfOptions options;
    options.tip = arm.tip;
    const UrdfImport import = loadUrdf(test::sourcePath(std::string("tests/data/urdf/example-robot-data/") + arm.urdf), options);
    const Model a(library.robot), b(import.robot);
    ASSERT_EQ(a.dof(), b.dof());
    EXPECT_GT(library.task.pointCount(), 0);  // the default task, rest to rest
    for (int k = 0; k < 20; ++k) {
      Eigen::VectorXd q(a.dof()), qd(a.dof()), qdd(a.dof());
      for (int i = 0; i < a.dof(); ++i) {
        q(i) = M_PI * unit(rng);
        qd(i) = unit(rng);
        qdd(i) = unit(rng);
      }
      EXPECT_LT((toolPose(a, q) - toolPose(b, q)).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT(relative(inverseDynamics(a, q, qd, qdd), inverseDynamics(b, q, qd, qdd)), 1e-12);
    }
    for (int i = 0; i < a.dof(); ++i) {
      const LinkSpec& la = library.robot.links[static_cast<std::size_t>(i)];
      const LinkSpec& lb = import.robot.links[static_cast<std::size_t>(i)];
      EXPECT_NEAR(la.qMin, lb.qMin, 1e-6 * M_PI / 180.0);
      EXPECT_NEAR(la.qMax, lb.qMax, 1e-6 * M_PI / 180.0);
    }
  }
  // UR3: UR's published ratings, not the URDF's (the UR10's).
  const RobotSpec ur3 = loadRobot(test::sourcePath("robots/ur3.yaml"));
  EXPECT_EQ(ur3.links[0].fMax, 56.0);
  EXPECT_EQ(ur3.links[5].fMax, 12.0);
  EXPECT_NEAR(ur3.links[5].vMax, 2.0 * M_PI, 1e-12);
}

// robots/ur5.yaml draws ur_description's meshes: each mesh's pose in the world equals the one
// the URDF gives it (example-robot-data's ur5_robot.urdf, whose base_link is UR's base turned
// 180 deg about z), at random configurations, to 1e-8 (the origins are rounded to 1e-9), and
// every mesh file is shipped.
TEST(UrdfAsShipped, LibraryUr5DrawsUrDescriptionsMeshesWhereTheUrdfPutsThem) {
  const RobotSpec dh = loadRobot(test::sourcePath("robots/ur5.yaml"));
  UrdfOptions options;
  options.tip = "tool0";
  const RobotSpec urdf = loadUrdf(test::sourcePath("tests/data/urdf/example-robot-data/ur5_robot.urdf"), options).robot;
  Eigen::Matrix4d turn = Eigen::Matrix4d::Identity();
  turn(0, 0) = turn(1, 1) = -1.0;
  const Model a(dh), b(urdf);
  ASSERT_EQ(dh.baseVisuals.size(), 1u);
  EXPECT_LT((dh.baseVisuals[0].origin - turn * urdf.baseVisuals[0].origin).cwiseAbs().maxCoeff(), 1e-8);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(-M_PI, M_PI);
  double worst = 0.0;
  for (int k = 0; k < 20; ++k) {
    Eigen::VectorXd q(6);
    for (int i = 0; i < 6; ++i) q(i) = unit(rng);
    const std::vector<Eigen::Matrix4d> fa = linkFrames(a, q), fb = linkFrames(b, q);
    for (int i = 0; i < 6; ++i) {
      const auto& va = dh.links[static_cast<std::size_t>(i)].visuals;
      const auto& vb = urdf.links[static_cast<std::size_t>(i)].visuals;
      ASSERT_EQ(va.size(), 1u);
      ASSERT_EQ(vb.size(), 1u);
      worst = std::max(worst, (fa[static_cast<std::size_t>(i) + 1] * va[0].origin - turn * fb[static_cast<std::size_t>(i) + 1] * vb[0].origin)
                                  .cwiseAbs()
                                  .maxCoeff());
      // The same file (ur_description's name) and it is in robots/meshes/ur5.
      const std::string name = vb[0].mesh.substr(vb[0].mesh.rfind('/') + 1);
      EXPECT_EQ(va[0].mesh, test::sourcePath("robots/meshes/ur5/" + name));
      EXPECT_TRUE(std::ifstream(va[0].mesh).good()) << va[0].mesh;
    }
  }
  EXPECT_LT(worst, 1e-8);
}

// robots/irb6640.yaml: ABB's published DH and ranges as ROS-Industrial's irb6640_185_280.urdf lays
// them out, imported as shipped (the balancing cylinder and piston follow joint 2 through <mimic>:
// massless, held as at joint 2's home and not drawn), masses estimated. Checked: the same forward
// kinematics as the import (1e-12) and ABB's home pose from the published dimensions (wrist
// centre at x = a1 + d4 = 1.712 m, z = d1 + a2 + a3 = 2.055 m; flange d6 = 0.2 m further along x,
// its z axis along the world's x); every collision mesh where the URDF puts the link's visual
// (both at the link origin) at random configurations (1e-9), and shipped.
TEST(UrdfAsShipped, LibraryIrb6640IsAbbsDhWithRosIndustrialMeshes) {
  const Session library = loadSession(test::sourcePath("robots/irb6640.yaml"));
  const RobotSpec& dh = library.robot;
  UrdfOptions options;
  options.tip = "tool0";
  const UrdfImport import = loadUrdf(test::sourcePath("tests/data/urdf/ros-industrial-abb/irb6640_185_280.urdf"), options);
  const RobotSpec& urdf = import.robot;
  ASSERT_EQ(import.held.size(), 2u);
  for (const UrdfHeldJoint& h : import.held) {
    EXPECT_EQ(h.follows, "joint_2");
    EXPECT_EQ(h.value, 0.0);
  }
  EXPECT_TRUE(std::any_of(import.notes.begin(), import.notes.end(),
                          [](const std::string& n) { return n.find("not drawn: link_cylinder, link_piston") != std::string::npos; }));
  const Model a(dh), b(urdf);
  ASSERT_EQ(a.dof(), 6);
  EXPECT_GT(library.task.pointCount(), 0);
  const Eigen::Matrix4d home = toolPose(a, Eigen::VectorXd::Zero(6));
  EXPECT_LT((home.topRightCorner<3, 1>() - Eigen::Vector3d(0.32 + 1.392 + 0.2, 0.0, 0.78 + 1.075 + 0.2)).norm(), 1e-12);
  EXPECT_LT((home.block<3, 1>(0, 2) - Eigen::Vector3d::UnitX()).norm(), 1e-9);  // the URDF's pi/2 has 11 digits
  const double degree = M_PI / 180.0;
  const double range[6][2] = {{-170, 170}, {-65, 85}, {-180, 70}, {-300, 300}, {-120, 120}, {-360, 360}};
  const double speed[6] = {100, 90, 90, 170, 140, 190};
  for (int i = 0; i < 6; ++i) {
    const LinkSpec& l = dh.links[static_cast<std::size_t>(i)];
    EXPECT_NEAR(l.qMin, range[i][0] * degree, 1e-12);
    EXPECT_NEAR(l.qMax, range[i][1] * degree, 1e-12);
    EXPECT_NEAR(l.vMax, speed[i] * degree, 1e-12);
    EXPECT_GT(l.fMax, 0.0);
    EXPECT_GT(l.inertia.mass, 0.0);
  }
  ASSERT_EQ(dh.baseVisuals.size(), 1u);
  EXPECT_LT((dh.baseVisuals[0].origin - urdf.baseVisuals[0].origin).cwiseAbs().maxCoeff(), 1e-9);
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> unit(-M_PI, M_PI);
  double worstMesh = 0.0, worstTool = 0.0;
  for (int k = 0; k < 20; ++k) {
    Eigen::VectorXd q(6);
    for (int i = 0; i < 6; ++i) q(i) = unit(rng);
    worstTool = std::max(worstTool, (toolPose(a, q) - toolPose(b, q)).cwiseAbs().maxCoeff());
    const std::vector<Eigen::Matrix4d> fa = linkFrames(a, q), fb = linkFrames(b, q);
    for (int i = 0; i < 6; ++i) {
      const auto& va = dh.links[static_cast<std::size_t>(i)].visuals;
      const auto& vb = urdf.links[static_cast<std::size_t>(i)].visuals;
      ASSERT_EQ(va.size(), 1u);
      ASSERT_EQ(vb.size(), 1u);
      worstMesh = std::max(worstMesh, (fa[static_cast<std::size_t>(i) + 1] * va[0].origin - fb[static_cast<std::size_t>(i) + 1] * vb[0].origin)
                                          .cwiseAbs()
                                          .maxCoeff());
      const std::string name = vb[0].mesh.substr(vb[0].mesh.rfind('/') + 1);  // link_N.dae
      EXPECT_EQ(va[0].mesh, test::sourcePath("robots/meshes/irb6640/" + name.substr(0, name.size() - 4) + ".stl"));
      EXPECT_TRUE(std::ifstream(va[0].mesh).good()) << va[0].mesh;
    }
  }
  EXPECT_LT(worstTool, 1e-12);
  EXPECT_LT(worstMesh, 1e-9);
}

}  // namespace
}  // namespace armdyn

