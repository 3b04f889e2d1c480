#include "io/mesh_path.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace armdyn {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxParents = 64;
constexpr std::size_t kMaxPackagePathEntries = 64;

bool isRegularFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && !ec;
}

// p joined under `folder` when it names a file there.
bool tryFile(const fs::path& candidate, MeshLocation& out) {
  if (!isRegularFile(candidate)) return false;
  std::error_code ec;
  const fs::path absolute = fs::absolute(candidate, ec);
  out.file = (ec ? candidate : absolute).lexically_normal().string();
  out.why.clear();
  return true;
}

}  // namespace

std::vector<std::string> splitPackagePath(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size() && out.size() < kMaxPackagePathEntries) {
    const std::size_t colon = std::min(list.find(':', start), list.size());
    if (colon > start) out.push_back(list.substr(start, colon - start));
    start = colon + 1;
  }
  return out;
}

std::vector<std::string> packagePathFromEnvironment() {
  const char* v = std::getenv("ROS_PACKAGE_PATH");
  return v ? splitPackagePath(v) : std::vector<std::string>();
}

MeshLocation resolveMeshPath(const std::string& name, const std::string& baseDirectory,
                             const std::vector<std::string>& packagePath) {
  MeshLocation out;
  if (name.empty()) {
    out.why = "no file named";
    return out;
  }
  if (name.size() > kMaxMeshPathLength || name.find('\0') != std::string::npos) {
    out.why = "not a file name (longer than " + std::to_string(kMaxMeshPathLength) + " characters, or a NUL byte)";
    return out;
  }
  const std::string package = "package://", file = "file://";
  if (name.compare(0, package.size(), package) == 0) {
    const std::string rest = name.substr(package.size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == rest.size()) {
      out.why = "'" + name + "' names no file inside a package (package://NAME/PATH)";
      return out;
    }
    const std::string pkg = rest.substr(0, slash);
    const fs::path inside = fs::path(rest.substr(slash + 1)).relative_path();
    // A package's file stays inside the package: no '..' (it would reach any file on the disk).
    for (const fs::path& part : fs::path(rest))
      if (part == "..") {
        out.why = "'" + name + "' leaves its package ('..'): a package:// name stays inside the package";
        return out;
      }
    std::vector<fs::path> folders;
    // The robot file's folder and its parents (a description inside its package, or beside it).
    fs::path d = baseDirectory.empty() ? fs::path(".") : fs::path(baseDirectory);
    std::error_code ec;
    const fs::path absolute = fs::absolute(d, ec);
    if (!ec) d = absolute.lexically_normal();
    for (int k = 0; k < kMaxParents; ++k) {
      folders.push_back(d);
      if (!d.has_parent_path() || d.parent_path() == d) break;
      d = d.parent_path();
    }
    for (std::size_t k = 0; k < packagePath.size() && k < kMaxPackagePathEntries; ++k)
      if (!packagePath[k].empty() && packagePath[k].size() <= kMaxMeshPathLength) folders.emplace_back(packagePath[k]);
    for (const fs::path& f : folders) {
      if (tryFile(f / pkg / inside, out)) return out;
      if (f.filename() == pkg && tryFile(f / inside, out)) return out;
    }
    out.why = "package '" + pkg + "' not found beside the robot file, in its parent folders or on the package path " +
              "(mesh package folders, ROS_PACKAGE_PATH)";
    return out;
  }
  std::string path = name;
  if (name.compare(0, file.size(), file) == 0) path = name.substr(file.size());
  else if (name.find("://") != std::string::npos) {
    out.why = "'" + name + "': only package:// and file:// are understood";
    return out;
  }
  fs::path p(path);
  if (p.is_relative()) p = (baseDirectory.empty() ? fs::path(".") : fs::path(baseDirectory)) / p;
  if (tryFile(p, out)) return out;
  out.why = "'" + p.lexically_normal().string() + "' is not a file";
  return out;
}

}  // namespace armdyn
