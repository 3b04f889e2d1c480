#pragma once
// What a link looks like (URDF <visual>): shapes drawn on it. Nothing numeric depends on them.
// A robot's link carries its shapes in its DH link frame; the robot's base shapes (links fixed
// to the root: a pedestal, a base casting) are in the world frame.

#include <Eigen/Core>
#include <optional>
#include <string>

namespace armdyn {

constexpr int kMaxVisualsPerRobot = 1000;     // shapes over all links (a file with more is refused)
constexpr std::size_t kMaxMeshPathLength = 4096;  // characters of a mesh file name or URI

struct LinkVisual {
  enum class Shape { Mesh, Box, Cylinder, Sphere };
  Shape shape = Shape::Mesh;
  // Mesh: a file (STL, OBJ, DAE, 3DS, PLY): "package://NAME/PATH" (io/mesh_path.h resolves it),
  // or an absolute path (a relative path in a file is made absolute against that file's folder
  // when read, and written relative to the folder of the file written).
  std::string mesh;
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();  // mesh units to m, per axis
  // Box: x, y, z; Cylinder: radius, length (along z), 0; Sphere: radius, 0, 0 (m).
  Eigen::Vector3d size = Eigen::Vector3d::Zero();
  Eigen::Matrix4d origin = Eigen::Matrix4d::Identity();  // the shape's frame in the link's frame
  std::optional<Eigen::Vector4d> colour;                 // r, g, b, a in [0, 1]
};

const char* visualShapeName(LinkVisual::Shape shape);  // "mesh", "box", "cylinder", "sphere"

}  // namespace armdyn
