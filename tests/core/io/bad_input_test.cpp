// The bad-input catalogue (tests/data/bad/): each malformed file fails with an InputError
// naming the file, the line and the field written in the table below (kind "simulate": the
// task loads, and the simulation on Vora's RRR refuses it). The lines and fields were read off
// the files by hand (README.md there); index.yaml must say the same.
#include "common/input_error.h"
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <ostream>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>

namespace armdyn {
namespace {

struct BadCase {
  const char* file;
  const char* kind;  // "robot", "task" or "simulate"
  int line;
  const char* field;
  const char* names = nullptr;  // the file the error names when not `file` (a CSV the task reads)
};

// Shown by gtest (and ctest's test list) instead of the struct's raw bytes.
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.file << " (" << c.kind << ", line " << c.line << ", " << c.field << ")"; }

const BadCase kCases[] = {
    {"syntax_error.yaml", "robot", 13, "syntax"},
    {"missing_field.yaml", "robot", 16, "links[2].vmax"},
    {"extra_field.yaml", "robot", 11, "links[1].colour"},
    {"duplicate_field.yaml", "robot", 9, "links[1].alpha"},
    {"wrong_type.yaml", "robot", 24, "links[2].bar.density"},
    {"wrong_list_length.yaml", "robot", 13, "links[1].bar.outer"},
    {"bad_joint_type.yaml", "robot", 17, "links[2].joint"},
    {"two_mass_sources.yaml", "robot", 16, "links[1].inertia"},
    {"nan.yaml", "robot", 21, "links[2].a"},
    {"inf.yaml", "robot", 28, "gravity"},
    {"negative_density.yaml", "robot", 24, "links[2].bar.density"},
    {"negative_mass.yaml", "robot", 24, "links[2].inertia.mass"},
    {"inner_above_outer.yaml", "robot", 14, "links[1].bar.inner"},
    {"non_positive_definite_inertia.yaml", "robot", 26, "links[2].inertia.tensor"},
    {"zero_vmax.yaml", "robot", 10, "links[1].vmax"},
    {"dt_not_positive.yaml", "robot", 30, "dt"},
    {"tacc_not_positive.yaml", "robot", 29, "tacc"},
    {"thirteen_links.yaml", "robot", 3, "links"},
    {"session_negative_vmax.yaml", "robot", 23, "robot.links[2].vmax"},
    {"empty_task.yaml", "task", 3, "points"},
    {"task_wrong_rpy_length.yaml", "task", 5, "points[2].rpy"},
    {"task_tiny_duration.yaml", "task", 10, "durations[2]"},  // issue 23: exit 1 from the polynomial before
    {"robot_payload_huge.yaml", "robot", 107, "payload.mass"},  // issue 23: JSON null, exit 0 before
    {"legacy_bad_joint_type.spec", "robot", 8, "links[2].joint"},
    {"legacy_truncated.spec", "robot", 19, "links[3].vmax"},
    {"legacy_count_too_large.spec", "robot", 20, "links"},
    {"legacy_count_too_small.spec", "robot", 14, "links"},
    {"legacy_nan.spec", "robot", 10, "links[2].bar.density"},
    {"legacy_short_point.traj", "task", 3, "points[3]"},
    {"empty_file.yaml", "robot", 1, "file"},
    {"non_physical_pseudo_inertia.yaml", "robot", 23, "links[2].pseudo_inertia"},
    {"legacy_dt_not_positive.spec", "robot", 21, "dt"},
    {"task_nan.yaml", "task", 5, "points[2].xyz"},
    {"task_missing_field.yaml", "task", 5, "points[2].xyz"},
    {"legacy_traj_nan.traj", "task", 2, "points[2].xyz"},
    {"unreachable_point.yaml", "simulate", 7, "points[3]"},
    {"legacy_unreachable_point.traj", "simulate", 3, "points[3]"},
    {"single_point_task.yaml", "simulate", 4, "points"},
    {"unknown_configuration.yaml", "simulate", 3, "configuration"},
    {"drive_ke_kt_mismatch.yaml", "robot", 43, "links[1].drive.motor.ke"},
    {"drive_negative_stiffness.yaml", "robot", 70, "links[2].drive.stiffness"},
    {"drive_negative_damping.yaml", "robot", 71, "links[2].drive.damping"},
    // Refused by libyaml before yaml-cpp (common/yaml_guard.h): yaml-cpp 0.7 loops forever on ",".
    {"single_comma.yaml", "robot", 1, "syntax"},
    {"nul_in_string.yaml", "robot", 2, "syntax"},
    {"deep_nesting.yaml", "robot", 2, "syntax"},
    {"tagged_root_scalar.yaml", "robot", 1, "file"},  // found by fuzz_task_yaml: yaml-cpp 0.7 hangs
    {"anchored_key.yaml", "robot", 1, "syntax"},  // found by fuzz_robot_yaml: yaml-cpp 0.7 hangs
    {"urdf_side_follows_chain.urdf", "robot", 28, "joint 'finger_joint'"},
    {"urdf_floating.urdf", "robot", 6, "joint 'world_to_base'"},
    {"urdf_mimic.urdf", "robot", 12, "joint 'joint2'"},
    {"urdf_malformed.urdf", "robot", 1, "robot"},
    {"urdf_doctype.urdf", "robot", 2, "file"},      // issue 23: "Could not find the robot element" before
    {"urdf_no_joints.xml", "robot", 1, "robot"},    // a URDF named .xml (read as YAML before); no joint: not --tip
    // urdfdom logs these and goes on with mass 0 (issue 23): refused at the link.
    {"urdf_mass_nan.urdf", "robot", 5, "link 'l1'"},
    {"urdf_mass_text.urdf", "robot", 5, "link 'l1'"},
    {"urdf_mass_overflow.urdf", "robot", 5, "link 'l1'"},
    {"urdf_inertia_nan.urdf", "robot", 5, "link 'l1'"},
    // The task's tool wrench (dynamics/tool_wrench_profile.h): inline values and rows, and a
    // profile CSV whose error names the CSV file, its line and column.
    {"task_wrench_nan.yaml", "task", 7, "wrench.force"},
    {"task_wrench_time_back.yaml", "task", 11, "wrench.rows[3]"},
    {"task_wrench_short_row.yaml", "task", 9, "wrench.rows[2]"},
    {"task_wrench_missing_csv.yaml", "task", 8, "wrench.profile"},
    {"task_wrench_csv.yaml", "task", 4, "fy", "task_wrench_csv.csv"},
    // Found by fuzz_robot_yaml: CR line breaks sent yaml-cpp into unbounded allocation.
    {"cr_breaks_runaway.yaml", "robot", 40, "A 560"},
};

std::string badPath(const std::string& file) { return test::sourcePath("tests/data/bad/" + file); }

class BadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadInput, NamesFileLineAndField) {
  const BadCase& c = GetParam();
  const std::string path = badPath(c.file);
  ASSERT_TRUE(std::filesystem::is_regular_file(path)) << path;
  // A failed load returns nothing: what the caller held is untouched.
  RobotSpec robot = test::voraRrrSpec();
  TaskSpec task;
  task.name = "kept";
  const std::string kind = c.kind;
  try {
    if (kind == "robot") {
      robot = loadRobot(path);
    } else if (kind == "task") {
      task = loadTask(path);
    } else {
      ASSERT_EQ(kind, "simulate");
      const Model rrr(loadRobot(test::sourcePath("robots/vora_rrr.yaml")));
      const TaskSpec loaded = loadTask(path);  // well formed: only the simulation refuses it
      simulateTask(rrr, loaded);
      FAIL() << c.file << " simulated without error";
    }
    FAIL() << c.file << " loaded without error";
  } catch (const InputError& e) {
    const std::string named = c.names ? badPath(c.names) : path;
    EXPECT_EQ(e.file(), named);
    EXPECT_EQ(e.line(), c.line) << e.what();
    EXPECT_EQ(e.field(), c.field) << e.what();
    EXPECT_FALSE(e.message().empty());
    // what() reads FILE:LINE: FIELD: MESSAGE.
    EXPECT_EQ(std::string(e.what()).rfind(named + ":" + std::to_string(c.line) + ": " + c.field + ": ", 0), 0u)
        << e.what();
  }
  EXPECT_EQ(robot.name, test::voraRrrSpec().name);
  EXPECT_EQ(task.name, "kept");
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInput, ::testing::ValuesIn(kCases), [](const auto& info) {
  std::string name = info.param.file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
});

// index.yaml (read by the CLI tests) lists exactly these cases, and every file in the
// directory is one of them.
TEST(BadInputCatalogue, IndexAndDirectoryAgreeWithTheTable) {
  const YAML::Node index = YAML::LoadFile(badPath("index.yaml"));
  std::set<std::string> indexed;
  for (const YAML::Node& e : index["cases"]) {
    const std::string file = e["file"].as<std::string>();
    indexed.insert(file);
    const BadCase* match = nullptr;
    for (const BadCase& c : kCases)
      if (file == c.file) match = &c;
    ASSERT_NE(match, nullptr) << file << " is indexed but not tested";
    EXPECT_EQ(e["kind"].as<std::string>(), match->kind) << file;
    EXPECT_EQ(e["line"].as<int>(), match->line) << file;
    EXPECT_EQ(e["field"].as<std::string>(), match->field) << file;
    EXPECT_EQ(e["names"] ? e["names"].as<std::string>() : std::string(), match->names ? match->names : "") << file;
  }
  EXPECT_EQ(indexed.size(), std::size(kCases));
  for (const BadCase& c : kCases)
    if (c.names) indexed.insert(c.names);  // a CSV a task reads is in the catalogue through it
  std::set<std::string> present;
  for (const auto& f : std::filesystem::directory_iterator(test::sourcePath("tests/data/bad"))) {
    const std::string name = f.path().filename().string();
    if (name != "index.yaml" && name != "README.md") present.insert(name);
  }
  EXPECT_EQ(present, indexed);
}

// Issue 23: lists and node counts are bounded by what the schema holds before yaml-cpp builds a
// node for each (a 3.9e6-number list cost 11 s and 1.8 GB before "expected 3"): a list of more
// than 10 000 items, and a file of more than 200 000 nodes in short lists, are refused at their
// line by the libyaml pre-pass (field "syntax"); 10 000 items in one list pass it.
TEST(BadInputBounds, LongListsAndNodeFloodsAreRefusedBeforeParsing) {
  const std::string head = "name: flood\n";
  auto list = [](int n) {
    std::string s = "[";
    for (int k = 0; k < n; ++k) s += k ? ", 1" : "1";
    return s + "]";
  };
  try {
    parseRobotYaml(head + "gravity: " + list(10001) + "\n", "flood.yaml");
    FAIL() << "a list of 10001 items was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.field(), "syntax");
    EXPECT_NE(e.message().find("more than 10000 items"), std::string::npos) << e.what();
  }
  std::string many = head;
  for (int k = 0; k < 25; ++k) many += "x" + std::to_string(k) + ": " + list(9000) + "\n";
  try {
    parseRobotYaml(many, "flood.yaml");
    FAIL() << "225 000 nodes were read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "syntax");
    EXPECT_NE(e.message().find("more than 200000 YAML nodes"), std::string::npos) << e.what();
  }
  // 10 000 items pass the pre-pass: the schema then refuses the file (no links), not the syntax.
  try {
    parseRobotYaml(head + "gravity: " + list(10000) + "\n", "flood.yaml");
    FAIL() << "a robot without links was read";
  } catch (const InputError& e) {
    EXPECT_NE(e.field(), "syntax") << e.what();
  }
}

}  // namespace
}  // namespace armdyn
