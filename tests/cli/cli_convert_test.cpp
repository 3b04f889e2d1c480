// armdyn convert and URDF robots through the CLI (docs/cli.md "convert"): the JSON contract,
// a YAML -> URDF -> YAML round trip whose fk and dynamics agree with the original, every
// command reading a .urdf ROBOT, and refusals with exit 2 naming the joint or the option.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cstdio>
#include <set>

namespace armdyn {
namespace {

using test::CliResult;
using test::JsonReader;
using test::JsonValue;
using test::parseJson;
using test::runCli;


Eigen::MatrixXd mat(const JsonValue& a) {
  Eigen::MatrixXd m(a.size(), a.size() ? a[0].size() : 0);
  for (std::size_t r = 0; r < a.size(); ++r)
    for (std::size_t c = 0; c < a[r].size(); ++c) m(r, c) = a[r][c].number;
  return m;
}

Eigen::VectorXd vec(const JsonValue& a) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) v(static_cast<Eigen::Index>(i)) = a[i].number;
  return v;
}

TEST(CliConvert, UrdfToYamlJsonContract) {
  const test::ScratchDir dir;
  const std::string out = dir.file("ur5.yaml");
  const JsonValue v = parseJson(runCli({"convert", test::sourcePath("tests/data/urdf/ur5.urdf"), out, "--tip", "tool0", "--json"}));
  for (const char* key : {"input", "output", "joints", "root", "tip", "joint_names", "axis_relations", "notes",
                          "fk_residual", "fk_configurations"})
    EXPECT_TRUE(v.has(key)) << key;
  EXPECT_EQ(v["joints"].number, 6);
  EXPECT_EQ(v["root"].string, "base_link");
  EXPECT_EQ(v["tip"].string, "tool0");
  EXPECT_EQ(v["joint_names"].size(), 6u);
  EXPECT_EQ(v["axis_relations"].size(), 5u);
  EXPECT_LT(v["fk_residual"].number, 1e-12);
  EXPECT_TRUE(test::fileExists(out));
}

TEST(CliConvert, RoundTripThroughUrdfKeepsKinematicsAndDynamics) {
  const test::ScratchDir dir;
  const std::string puma = test::sourcePath("robots/puma560.yaml");
  const std::string urdf = dir.file("puma.urdf"), back = dir.file("puma_back.yaml");
  ASSERT_EQ(runCli({"convert", puma, urdf}).exitCode, 0);
  const CliResult r = runCli({"convert", urdf, back});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("forward kinematics URDF vs DH"), std::string::npos) << r.out;
  const std::string q = "0.3,-0.7,1.1,0.4,-0.5,0.9", qd = "0.2,0.1,-0.3,0.5,0.2,-0.1", qdd = "1,-0.5,0.3,0.2,-1,0.4";
  for (const std::string& robot : {urdf, back}) {
    SCOPED_TRACE(robot);
    const Eigen::MatrixXd a = mat(parseJson(runCli({"fk", puma, "--q", q, "--json"}))["T"]);
    const Eigen::MatrixXd b = mat(parseJson(runCli({"fk", robot, "--q", q, "--json"}))["T"]);
    EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-12);
    // Rigid-body torques: the URDF has no drives; gravity 9.81 on both (the PUMA file's).
    const Eigen::VectorXd ta = vec(parseJson(runCli({"dynamics", puma, "--q", q, "--qd", qd, "--qdd", qdd, "--rigid-body", "--json"}))["tau"]);
    const Eigen::VectorXd tb = vec(parseJson(runCli({"dynamics", robot, "--q", q, "--qd", qd, "--qdd", qdd, "--json"}))["tau"]);
    EXPECT_LT((ta - tb).cwiseAbs().maxCoeff(), 1e-10);
  }
}

TEST(CliConvert, EveryCommandReadsAUrdfRobot) {
  const std::string puma = test::sourcePath("tests/data/urdf/puma560.urdf");
  EXPECT_EQ(runCli({"fk", puma, "--q", "0,0,0,0,0,0"}).exitCode, 0);
  EXPECT_EQ(runCli({"jacobian", puma, "--q", "0,0.1,0,0,0.2,0"}).exitCode, 0);
  EXPECT_EQ(runCli({"mass-matrix", puma, "--q", "0,0.1,0,0,0.2,0"}).exitCode, 0);
  EXPECT_EQ(runCli({"dynamics", puma, "--q", "0,0,0,0,0,0", "--qd", "0,0,0,0,0,0", "--qdd", "0,0,0,0,0,0"}).exitCode, 0);
  const CliResult ik = runCli({"ik", puma, "--pose", "0.5,0.1,1.2,0,90,0"});
  EXPECT_EQ(ik.exitCode, 0) << ik.err;
  const CliResult sim = runCli({"simulate", puma, "--task", test::sourcePath("robots/puma560_lines.yaml"), "--json"});
  // The URDF's world is 0.6604 m below the DH file's base: the task's points are then below
  // the arm and some out of reach; the refusal must name the point (exit 2), not crash.
  EXPECT_TRUE(sim.exitCode == 0 || (sim.exitCode == 2 && sim.err.find("points[") != std::string::npos)) << sim.err;
  // No task in a URDF.
  const CliResult noTask = runCli({"simulate", puma});
  EXPECT_EQ(noTask.exitCode, 2);
  EXPECT_NE(noTask.err.find("--task"), std::string::npos) << noTask.err;
}

// A side joint held by --hold, a mimic following it: the JSON lists both ("held") and every
// merged link ("merged"); the text output notes them.
TEST(CliConvert, HeldJointsAndMergedLinksAreListed) {
  const test::ScratchDir dir;
  const std::string panda = test::sourcePath("tests/data/urdf/example-robot-data/panda.urdf");
  const CliResult r = runCli({"convert", panda, dir.file("panda.yaml"), "--tip", "panda_hand_tcp", "--hold",
                              "panda_finger_joint1=0.02", "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = parseJson(r);
  ASSERT_EQ(j["held"].size(), 2u);
  EXPECT_EQ(j["held"][0]["joint"].string, "panda_finger_joint1");
  EXPECT_EQ(j["held"][0]["value"].number, 0.02);
  EXPECT_TRUE(j["held"][0]["given"].boolean);
  EXPECT_TRUE(j["held"][0]["follows"].type == test::JsonValue::Type::Null);
  EXPECT_EQ(j["held"][1]["joint"].string, "panda_finger_joint2");
  EXPECT_EQ(j["held"][1]["follows"].string, "panda_finger_joint1");
  EXPECT_EQ(j["held"][1]["value"].number, 0.02);
  std::set<std::string> merged;
  for (std::size_t k = 0; k < j["merged"].size(); ++k) {
    EXPECT_EQ(j["merged"][k]["into"].string, "panda_link7");
    merged.insert(j["merged"][k]["link"].string);
  }
  EXPECT_EQ(merged, (std::set<std::string>{"panda_link8", "panda_hand", "panda_hand_tcp", "panda_leftfinger", "panda_rightfinger"}));
  // Without --tip the fingers (the deepest leaves, blocked by their <mimic>) give way to the hand's
  // tool frame, and the notes say so.
  const CliResult chosen = runCli({"convert", panda, dir.file("panda3.yaml"), "--json"});
  ASSERT_EQ(chosen.exitCode, 0) << chosen.err;
  const test::JsonValue c = parseJson(chosen);
  EXPECT_EQ(c["tip"].string, "panda_hand_tcp");
  bool noted = false;
  for (std::size_t k = 0; k < c["notes"].size(); ++k)
    noted = noted || c["notes"][k].string.find("panda_leftfinger, panda_rightfinger cannot end the arm") != std::string::npos;
  EXPECT_TRUE(noted);
  const CliResult text = runCli({"convert", panda, dir.file("panda2.yaml"), "--tip", "panda_link8"});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("joint 'panda_finger_joint2' (prismatic, off the chain) held at 0 m (follows 'panda_finger_joint1')"),
            std::string::npos)
      << text.out;
}

TEST(CliConvert, Refusals) {
  const test::ScratchDir dir;
  const CliResult tie = runCli({"convert", test::sourcePath("tests/data/urdf/ur5.urdf"), dir.file("x.yaml")});
  EXPECT_EQ(tie.exitCode, 2);
  EXPECT_NE(tie.err.find("--tip: the tree has 2 deepest links (ee_link, tool0"), std::string::npos) << tie.err;
  const CliResult follows =
      runCli({"convert", test::sourcePath("tests/data/bad/urdf_side_follows_chain.urdf"), dir.file("x.yaml"), "--tip", "tool_tip"});
  EXPECT_EQ(follows.exitCode, 2);
  EXPECT_NE(follows.err.find("urdf_side_follows_chain.urdf:28: joint 'finger_joint':"), std::string::npos) << follows.err;
  const std::string branch = test::sourcePath("tests/data/urdf/side_branch.urdf");
  for (const auto& [hold, words] : std::vector<std::pair<std::string, std::string>>{
           {"finger_joint=0.05", "side_branch.urdf:28: joint 'finger_joint': --hold: 0.05 is outside the joint's limits"},
           {"finger_joint", "--hold: 'finger_joint': give JOINT=VALUE"},
           {"finger_joint=abc", "--hold: 'finger_joint=abc': the value after '=' must be a finite number"},
           {"finger_joint=0.01,finger_joint=0.02", "--hold: joint 'finger_joint' given twice"},
           {"joint1=0", "side_branch.urdf:6: joint 'joint1': --hold: a joint of the chain"},
           {"nothing=0", "--hold: no joint named 'nothing'"}}) {
    const CliResult r = runCli({"convert", branch, dir.file("x.yaml"), "--tip", "tool_tip", "--hold", hold});
    EXPECT_EQ(r.exitCode, 2) << hold;
    EXPECT_NE(r.err.find(words), std::string::npos) << hold << ": " << r.err;
  }
  const CliResult holdYaml = runCli({"convert", test::sourcePath("robots/vora_rrr.yaml"), dir.file("x.urdf"), "--hold", "a=0"});
  EXPECT_EQ(holdYaml.exitCode, 2);
  EXPECT_NE(holdYaml.err.find("--hold: only for a URDF input"), std::string::npos) << holdYaml.err;
  const CliResult ext = runCli({"convert", test::sourcePath("robots/vora_rrr.yaml"), dir.file("x.txt")});
  EXPECT_EQ(ext.exitCode, 2);
  EXPECT_NE(ext.err.find("OUT"), std::string::npos) << ext.err;
  const CliResult tipYaml = runCli({"convert", test::sourcePath("robots/vora_rrr.yaml"), dir.file("x.urdf"), "--tip", "a"});
  EXPECT_EQ(tipYaml.exitCode, 2);
  EXPECT_NE(tipYaml.err.find("--tip"), std::string::npos) << tipYaml.err;
  EXPECT_TRUE(dir.entries().empty());  // nothing written by a refused conversion
}

}  // namespace
}  // namespace armdyn
