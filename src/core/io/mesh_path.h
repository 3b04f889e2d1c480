#pragma once
// Where a link's mesh file is (model/link_visual.h): URDF meshes are named "package://NAME/PATH"
// (a ROS package), "file:///abs/path", or a path. A package is looked for, in order, in the
// folder of the robot file and each of its parents, then in every folder of the package path
// (ROS_PACKAGE_PATH, Studio's setting): D/NAME/PATH, or D/PATH when D itself is named NAME.
// A path relative to nothing is taken against the robot file's folder.
//
// Bounded: a name of at most kMaxMeshPathLength characters, 64 parent folders, 64 package-path
// entries; no exception for any input (a bad name is an unresolved mesh with a reason).

#include "model/link_visual.h"

#include <cstdint>
#include <string>
#include <vector>

namespace armdyn {

constexpr std::uintmax_t kMaxMeshFileBytes = 100ull * 1024 * 1024;  // a larger mesh is not loaded

struct MeshLocation {
  std::string file;  // the regular file found; empty when not found
  std::string why;   // when not found: what was looked for, in the user's words
};

// `baseDirectory`: the robot file's folder (empty: the working folder).
MeshLocation resolveMeshPath(const std::string& name, const std::string& baseDirectory,
                             const std::vector<std::string>& packagePath);

// The folders of a ':'-separated list (ROS_PACKAGE_PATH's form); empty entries dropped.
std::vector<std::string> splitPackagePath(const std::string& list);

// ROS_PACKAGE_PATH of the environment, split.
std::vector<std::string> packagePathFromEnvironment();

}  // namespace armdyn
