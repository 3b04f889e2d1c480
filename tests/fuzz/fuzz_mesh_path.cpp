// Mesh names (io/mesh_path.h): any bytes as "NAME\nBASE_DIRECTORY\nPACKAGE_PATH" (the package
// path ':'-separated). The resolver must answer every input (a file or a reason) without an
// exception, a crash or a hang: it throws nothing at all, so anything thrown is a finding.
#include "io/mesh_path.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::size_t a = text.find('\n');
  const std::string name = text.substr(0, a);
  const std::size_t b = a == std::string::npos ? std::string::npos : text.find('\n', a + 1);
  const std::string base = a == std::string::npos ? std::string() : text.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
  const std::string list = b == std::string::npos ? std::string() : text.substr(b + 1);
  const armdyn::MeshLocation m = armdyn::resolveMeshPath(name, base, armdyn::splitPackagePath(list));
  if (m.file.empty() == m.why.empty()) std::abort();  // exactly one of a file and a reason
  return 0;
}
