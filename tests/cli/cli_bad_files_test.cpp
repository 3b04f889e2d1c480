// The bad-input catalogue (tests/data/bad/index.yaml, kept by the file readers) through the
// CLI: every file gives exit status 2 and one stderr line "FILE:LINE: FIELD: ..." naming the
// file, the line and the field the index lists; unreachable points included.
#include "cli/cli_runner.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace armdyn {
namespace {

using test::CliResult;
using test::runCli;

void expectNamed(const CliResult& r, const std::string& path, int line, const std::string& field) {
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  const std::string where = path + ":" + std::to_string(line) + ": " + field + ": ";
  EXPECT_NE(r.err.find(where), std::string::npos) << "expected '" << where << "' in: " << r.err;
}

TEST(CliBadFiles, EveryCatalogueFileIsRejectedWithFileLineAndField) {
  const std::string dir = test::sourcePath("tests/data/bad");
  const YAML::Node index = YAML::LoadFile(dir + "/index.yaml");
  const std::string rrr = test::sourcePath("robots/vora_rrr.yaml");
  std::set<std::string> listed;
  int cases = 0;
  for (const YAML::Node& c : index["cases"]) {
    const std::string file = c["file"].as<std::string>();
    const std::string kind = c["kind"].as<std::string>();
    const int line = c["line"].as<int>();
    const std::string field = c["field"].as<std::string>();
    const std::string path = dir + "/" + file;
    SCOPED_TRACE(file);
    listed.insert(file);
    if (c["names"]) listed.insert(c["names"].as<std::string>());
    if (kind == "robot") {
      // As ROBOT of a simulation and of a kinematics command (read before --q is checked).
      expectNamed(runCli({"simulate", path, "--json"}), path, line, field);
      expectNamed(runCli({"fk", path, "--q", "0", "--json"}), path, line, field);
    } else {
      // A malformed task, or one the simulation refuses (unreachable point, one point).
      ASSERT_TRUE(kind == "task" || kind == "simulate") << kind;
      // The error names the task file, or the CSV it reads (`names:`).
      const std::string named = c["names"] ? dir + "/" + c["names"].as<std::string>() : path;
      expectNamed(runCli({"simulate", rrr, "--task", path, "--json"}), named, line, field);
    }
    ++cases;
  }
  EXPECT_GE(cases, 30);
  // Every input file of the catalogue is in the index.
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name != "index.yaml" && name != "README.md") {
      EXPECT_TRUE(listed.count(name)) << name << " not in index.yaml";
    }
  }
}

}  // namespace
}  // namespace armdyn
