// Link shapes (model/link_visual.h) through every format: URDF <visual> in (meshes, boxes,
// cylinders, spheres, colours; on chain links, on links merged into them through fixed and held
// joints, on links fixed to the root), the robot YAML's `visual:` and `base_visual:`, URDF out,
// and back: the same shapes with the same frames in the world at random configurations (1e-12 m,
// each shape's world pose computed from the URDF's own chain as the reference). Mesh names:
// io/mesh_path.h's package:// lookup (the file's folder, its parents, a package path), file://,
// relative paths; bad names give a reason, never an exception.
#include "common/input_error.h"
#include "io/mesh_path.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"
#include "kinematics/forward_kinematics.h"
#include "model/model.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace armdyn {
namespace {

namespace fs = std::filesystem;

// A scratch folder removed at the end.
struct Scratch {
  fs::path dir;
  Scratch() {
    dir = fs::temp_directory_path() / ("armdyn_visual_" + std::to_string(std::random_device()()));
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path p = dir / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }
};

// Two joints; link1 carries a mesh (package://) and a box, a finger on a held prismatic joint
// carries a sphere, link2 a cylinder and a coloured relative mesh, the root a pedestal box.
std::string visualUrdf() {
  return R"(<?xml version="1.0"?>
<robot name="shapes">
  <material name="grey"><color rgba="0.5 0.5 0.5 1"/></material>
  <link name="base_link">
    <visual><origin xyz="0 0 -0.2" rpy="0 0 0"/><geometry><box size="0.3 0.3 0.4"/></geometry></visual>
  </link>
  <link name="link1">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <visual><origin xyz="0.1 0 0" rpy="0.3 0.2 0.1"/><geometry><mesh filename="package://shapes_pkg/meshes/upper.stl" scale="0.001 0.001 0.001"/></geometry><material name="grey"/></visual>
    <visual><origin xyz="0.2 0 0.05" rpy="0 1.5707963267948966 0"/><geometry><box size="0.05 0.06 0.4"/></geometry></visual>
  </link>
  <joint name="joint1" type="revolute">
    <parent link="base_link"/><child link="link1"/>
    <origin xyz="0 0 0.3" rpy="0 0 0.4"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="50" velocity="2"/>
  </joint>
  <link name="link2">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <visual><origin xyz="0.15 0 0" rpy="0 1.5707963267948966 0"/><geometry><cylinder radius="0.03" length="0.3"/></geometry></visual>
    <visual><origin xyz="0 0 0" rpy="0 0 0"/><geometry><mesh filename="meshes/fore.obj"/></geometry><material name="red"><color rgba="1 0 0 0.5"/></material></visual>
  </link>
  <joint name="joint2" type="revolute">
    <parent link="link1"/><child link="link2"/>
    <origin xyz="0.4 0 0" rpy="1.5707963267948966 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="50" velocity="2"/>
  </joint>
  <link name="tool"/>
  <joint name="tool_joint" type="fixed"><parent link="link2"/><child link="tool"/><origin xyz="0.3 0 0"/></joint>
  <link name="finger"><visual><origin xyz="0 0.01 0"/><geometry><sphere radius="0.02"/></geometry></visual></link>
  <joint name="finger_joint" type="prismatic">
    <parent link="link1"/><child link="finger"/>
    <origin xyz="0.3 0 0"/><axis xyz="0 1 0"/>
    <limit lower="0" upper="0.04" effort="10" velocity="0.1"/>
  </joint>
</robot>
)";
}

struct WorldShape {
  LinkVisual::Shape shape;
  Eigen::Matrix4d pose;  // in the world
  Eigen::Vector3d size, scale;
  std::string mesh;
  bool coloured;
};

// Every shape of a robot in the world at q: base shapes as they are, link shapes through the
// DH link frames.
std::vector<WorldShape> worldShapes(const RobotSpec& spec, const Eigen::VectorXd& q) {
  const Model model(spec);
  const std::vector<Eigen::Matrix4d> frames = linkFrames(model, q);  // frames[i]: link i in the world
  std::vector<WorldShape> out;
  for (const LinkVisual& v : spec.baseVisuals) out.push_back({v.shape, v.origin, v.size, v.scale, v.mesh, bool(v.colour)});
  for (int i = 0; i < spec.dof(); ++i)
    for (const LinkVisual& v : spec.links[static_cast<std::size_t>(i)].visuals)
      out.push_back({v.shape, frames[static_cast<std::size_t>(i) + 1] * v.origin, v.size, v.scale, v.mesh, bool(v.colour)});
  return out;
}

void expectSameShapes(const RobotSpec& a, const RobotSpec& b, const std::string& what) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-2.0, 2.0);
  for (int k = 0; k < 10; ++k) {
    Eigen::VectorXd q(a.dof());
    for (int i = 0; i < a.dof(); ++i) q(i) = unit(rng);
    const std::vector<WorldShape> x = worldShapes(a, q), y = worldShapes(b, q);
    ASSERT_EQ(x.size(), y.size()) << what;
    for (std::size_t s = 0; s < x.size(); ++s) {
      EXPECT_EQ(x[s].shape, y[s].shape) << what << " shape " << s;
      EXPECT_LT((x[s].pose - y[s].pose).cwiseAbs().maxCoeff(), 1e-12) << what << " shape " << s;
      EXPECT_LT((x[s].size - y[s].size).cwiseAbs().maxCoeff(), 1e-15) << what << " shape " << s;
      EXPECT_LT((x[s].scale - y[s].scale).cwiseAbs().maxCoeff(), 1e-15) << what << " shape " << s;
      EXPECT_EQ(x[s].mesh, y[s].mesh) << what << " shape " << s;
      EXPECT_EQ(x[s].coloured, y[s].coloured) << what << " shape " << s;
    }
  }
}

TEST(LinkVisuals, UrdfShapesLandOnTheirLinksInTheWorld) {
  const Scratch scratch;
  const fs::path urdf = scratch.write("desc/shapes.urdf", visualUrdf());
  UrdfOptions options;
  options.tip = "tool";
  options.hold = {{"finger_joint", 0.02}};
  const UrdfImport import = loadUrdf(urdf.string(), options);
  const RobotSpec& r = import.robot;
  ASSERT_EQ(r.baseVisuals.size(), 1u);
  ASSERT_EQ(r.links[0].visuals.size(), 3u);  // mesh, box, the finger's sphere
  ASSERT_EQ(r.links[1].visuals.size(), 2u);
  EXPECT_EQ(r.links[0].visuals[0].mesh, "package://shapes_pkg/meshes/upper.stl");
  EXPECT_EQ(r.links[0].visuals[0].scale, Eigen::Vector3d::Constant(0.001));
  ASSERT_TRUE(r.links[0].visuals[0].colour);
  EXPECT_EQ(*r.links[0].visuals[0].colour, Eigen::Vector4d(0.5, 0.5, 0.5, 1.0));  // the robot-level material
  EXPECT_EQ(r.links[1].visuals[1].mesh, (scratch.dir / "desc/meshes/fore.obj").lexically_normal().string());
  EXPECT_EQ(r.sourceDirectory, (scratch.dir / "desc").lexically_normal().string());

  // Reference: each shape's world pose from the URDF's own chain (origins, motions), by hand.
  const auto rotZ = [](double t) {
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    T.topLeftCorner<3, 3>() = Eigen::AngleAxisd(t, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    return T;
  };
  const auto origin = [](double x, double y, double z, double roll, double pitch, double yaw) {
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    T.topLeftCorner<3, 3>() = (Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) * Eigen::AngleAxisd(pitch, Eigen::Vector3d::UnitY()) *
                               Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitX()))
                                  .toRotationMatrix();
    T.topRightCorner<3, 1>() = Eigen::Vector3d(x, y, z);
    return T;
  };
  const Eigen::Vector2d q(0.7, -1.1);
  const Eigen::Matrix4d link1 = origin(0, 0, 0.3, 0, 0, 0.4) * rotZ(q(0));
  const Eigen::Matrix4d link2 = link1 * origin(0.4, 0, 0, M_PI / 2, 0, 0) * rotZ(q(1));
  const Eigen::Matrix4d finger = link1 * origin(0.3, 0.02, 0, 0, 0, 0);  // held 2 cm along y
  const std::vector<Eigen::Matrix4d> expected = {
      origin(0, 0, -0.2, 0, 0, 0),                           // base box
      link1 * origin(0.1, 0, 0, 0.3, 0.2, 0.1),              // link1 mesh
      link1 * origin(0.2, 0, 0.05, 0, M_PI / 2, 0),          // link1 box
      finger * origin(0, 0.01, 0, 0, 0, 0),                  // finger sphere
      link2 * origin(0.15, 0, 0, 0, M_PI / 2, 0),            // link2 cylinder
      link2};                                                // link2 mesh
  const std::vector<WorldShape> shapes = worldShapes(r, q);
  ASSERT_EQ(shapes.size(), expected.size());
  for (std::size_t s = 0; s < shapes.size(); ++s)
    EXPECT_LT((shapes[s].pose - expected[s]).cwiseAbs().maxCoeff(), 1e-12) << "shape " << s;
  EXPECT_EQ(shapes[3].shape, LinkVisual::Shape::Sphere);
  EXPECT_EQ(shapes[4].size, Eigen::Vector3d(0.03, 0.3, 0.0));
}

TEST(LinkVisuals, RoundTripYamlUrdfYamlKeepsEveryShape) {
  const Scratch scratch;
  const fs::path urdf = scratch.write("desc/shapes.urdf", visualUrdf());
  UrdfOptions options;
  options.tip = "tool";
  const RobotSpec imported = loadUrdf(urdf.string(), options).robot;
  // YAML beside the URDF: the relative mesh is written relative to it and read back absolute.
  const fs::path yaml = scratch.dir / "desc/shapes.yaml";
  saveRobot(imported, yaml.string());
  const std::string text = [&] {
    std::ifstream in(yaml);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  EXPECT_NE(text.find("mesh: \"meshes/fore.obj\""), std::string::npos) << text;
  EXPECT_NE(text.find("base_visual:"), std::string::npos) << text;
  const RobotSpec fromYaml = loadRobot(yaml.string());
  expectSameShapes(imported, fromYaml, "URDF -> YAML");
  // YAML -> URDF -> YAML: the numbers (forward kinematics) and the shapes.
  const fs::path back = scratch.write("other/back.urdf", robotToUrdf(Model(fromYaml)));
  UrdfOptions tool;
  tool.tip = "tool";
  const RobotSpec again = loadUrdf(back.string(), tool).robot;
  expectSameShapes(fromYaml, again, "YAML -> URDF -> YAML");
  const Model a(fromYaml), b(again);
  const Eigen::Vector2d q(0.3, 0.9);
  EXPECT_LT((toolPose(a, q) - toolPose(b, q)).cwiseAbs().maxCoeff(), 1e-12);
}

// A URDF imported from its package and saved elsewhere keeps drawing its package:// meshes: a
// name the package lookup no longer finds from the new folder is written as the file it named;
// one found from both places stays package://.
TEST(LinkVisuals, SavedElsewhereAPackageMeshStillNamesItsFile) {
  const Scratch scratch;
  const fs::path urdf = scratch.write("ws/shapes_pkg/urdf/shapes.urdf", visualUrdf());
  const fs::path mesh = scratch.write("ws/shapes_pkg/meshes/upper.stl", "solid x\nendsolid x\n");
  UrdfOptions options;
  options.tip = "tool";
  const RobotSpec imported = loadUrdf(urdf.string(), options).robot;
  const std::string packageName = "package://shapes_pkg/meshes/upper.stl";
  ASSERT_EQ(imported.links[0].visuals[0].mesh, packageName);
  // Saved far away: the absolute file.
  const fs::path far = scratch.dir / "elsewhere/robot.yaml";
  fs::create_directories(far.parent_path());
  saveRobot(imported, far.string());
  const RobotSpec back = loadRobot(far.string());
  EXPECT_EQ(back.links[0].visuals[0].mesh, mesh.lexically_normal().string());
  EXPECT_EQ(resolveMeshPath(back.links[0].visuals[0].mesh, back.sourceDirectory, {}).file, mesh.lexically_normal().string());
  // Saved inside the workspace (the package is found from there): still package://.
  const fs::path near = scratch.dir / "ws/robot.yaml";
  saveRobot(imported, near.string());
  EXPECT_EQ(loadRobot(near.string()).links[0].visuals[0].mesh, packageName);
}

TEST(LinkVisuals, BadShapesInYamlNameTheField) {
  const std::string head = "name: x\nlinks:\n  - joint: revolute\n    theta: 0\n    d: 0\n    alpha: 0\n    a: 0.5\n"
                           "    vmax: 90\n    inertia: {mass: 1, com: [0, 0, 0], tensor: [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]]}\n"
                           "    visual:\n";
  const struct {
    const char* item;
    const char* field;
    const char* words;
  } cases[] = {
      {"      - {box: [1, 1, 1], sphere: 1}\n", "links[1].visual[1]", "exactly one of mesh, box, cylinder, sphere"},
      {"      - {box: [1, -1, 1]}\n", "links[1].visual[1]", "must not be negative"},
      {"      - {sphere: 0.1, colour: [1, 0, 2, 1]}\n", "links[1].visual[1].colour", "between 0 and 1"},
      {"      - {box: [1, 1, 1], scale: [1, 1, 1]}\n", "links[1].visual[1].scale", "meshes only"},
      {"      - {mesh: \"\"}\n", "links[1].visual[1].mesh", "a mesh file name"},
      {"      - {cylinder: [0.1]}\n", "links[1].visual[1].cylinder", "a list of 2 numbers"},
      {"      - {sphere: 0.1, origin: {matrix: [[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]}}\n",
       "links[1].visual[1].origin", "orthonormal"},
  };
  for (const auto& c : cases) {
    try {
      parseRobotYaml(head + c.item, "bad.yaml");
      ADD_FAILURE() << "accepted: " << c.item;
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), 11) << e.what();
      EXPECT_EQ(e.field(), c.field) << e.what();
      EXPECT_NE(e.message().find(c.words), std::string::npos) << e.what();
    }
  }
}

TEST(MeshPath, PackagesAreFoundBesideTheFileInItsParentsAndOnThePackagePath) {
  const Scratch scratch;
  scratch.write("ws/src/arm_description/meshes/link.stl", "solid x\nendsolid x\n");
  scratch.write("elsewhere/other_pkg/meshes/a.dae", "<COLLADA/>");
  const std::string urdfDir = (scratch.dir / "ws/src/arm_description/urdf").string();
  fs::create_directories(urdfDir);
  // From the URDF's folder up: ws/src holds the package folder.
  MeshLocation m = resolveMeshPath("package://arm_description/meshes/link.stl", urdfDir, {});
  EXPECT_EQ(m.file, (scratch.dir / "ws/src/arm_description/meshes/link.stl").string()) << m.why;
  // A folder named as the package on the package path.
  m = resolveMeshPath("package://other_pkg/meshes/a.dae", urdfDir, {(scratch.dir / "elsewhere/other_pkg").string()});
  EXPECT_EQ(m.file, (scratch.dir / "elsewhere/other_pkg/meshes/a.dae").string()) << m.why;
  // Its parent on the package path.
  m = resolveMeshPath("package://other_pkg/meshes/a.dae", urdfDir, splitPackagePath("/nonexistent::" + (scratch.dir / "elsewhere").string()));
  EXPECT_EQ(m.file, (scratch.dir / "elsewhere/other_pkg/meshes/a.dae").string()) << m.why;
  // Missing: the reason names the package and the package path.
  m = resolveMeshPath("package://missing_pkg/meshes/x.stl", urdfDir, {});
  EXPECT_TRUE(m.file.empty());
  EXPECT_NE(m.why.find("package 'missing_pkg'"), std::string::npos) << m.why;
  EXPECT_NE(m.why.find("ROS_PACKAGE_PATH"), std::string::npos) << m.why;
  // file://, relative, absolute.
  m = resolveMeshPath("file://" + (scratch.dir / "elsewhere/other_pkg/meshes/a.dae").string(), "", {});
  EXPECT_FALSE(m.file.empty()) << m.why;
  m = resolveMeshPath("../meshes/link.stl", urdfDir, {});
  EXPECT_EQ(m.file, (scratch.dir / "ws/src/arm_description/meshes/link.stl").string()) << m.why;
  // Refusals with a reason, no exception.
  for (const std::string& bad : {std::string(""), std::string("package://"), std::string("package://pkg"),
                                std::string("package:///x"), std::string("http://example.com/a.stl"),
                                std::string(5000, 'a'), std::string("a\0b", 3), std::string("/no/such/file.stl")}) {
    const MeshLocation r = resolveMeshPath(bad, urdfDir, {});
    EXPECT_TRUE(r.file.empty()) << bad.substr(0, 40);
    EXPECT_FALSE(r.why.empty()) << bad.substr(0, 40);
  }
  // A folder is not a mesh.
  EXPECT_TRUE(resolveMeshPath(scratch.dir.string(), "", {}).file.empty());
  // A package name does not leave its package: '..' is refused even where the file exists.
  m = resolveMeshPath("package://arm_description/../arm_description/meshes/link.stl", urdfDir, {});
  EXPECT_TRUE(m.file.empty()) << m.file;
  EXPECT_NE(m.why.find("leaves its package"), std::string::npos) << m.why;
  m = resolveMeshPath("package://arm_description/meshes/../meshes/link.stl", urdfDir, {});
  EXPECT_TRUE(m.file.empty()) << m.file;
}

}  // namespace
}  // namespace armdyn
