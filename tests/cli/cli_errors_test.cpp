// Bad input to the armdyn CLI: exit status 2 with one line on stderr naming the file, line and
// field (or the option); nothing written by a failed run.
#include "cli/cli_runner.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace armdyn {
namespace {

using test::CliResult;
using test::runCli;

const std::string kRrr = test::sourcePath("robots/vora_rrr.yaml");

// Exit 2, exactly one line on stderr containing every one of `parts`, nothing on stdout.
void expectBadInput(const CliResult& r, const std::vector<std::string>& parts) {
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
  for (const std::string& p : parts) EXPECT_NE(r.err.find(p), std::string::npos) << "'" << p << "' not in: " << r.err;
}

TEST(CliErrors, WrongJointCountNamesTheOption) {
  expectBadInput(runCli({"dynamics", kRrr, "--q", "0,0.5", "--qd", "0,0,0", "--qdd", "0,0,0"}), {"--q", "3", "got 2"});
  expectBadInput(runCli({"dynamics", kRrr, "--q", "0,0.5,1", "--qd", "0,0,0,0", "--qdd", "0,0,0"}), {"--qd"});
  expectBadInput(runCli({"fk", kRrr, "--q", "0,0.5,-1,2", "--json"}), {"--q"});
  expectBadInput(runCli({"jacobian", kRrr, "--q", "0"}), {"--q"});
  expectBadInput(runCli({"mass-matrix", kRrr, "--q", "0,x,1"}), {"--q", "'x'"});
  expectBadInput(runCli({"fk", kRrr, "--q", "0,nan,1"}), {"--q"});
}

TEST(CliErrors, AnOptionIsNotTakenAsTheValueOfAnother) {
  // "--q --qd 0,0,0": --q has no value; the message must name --q, not complain about "0,0,0".
  expectBadInput(runCli({"dynamics", kRrr, "--q", "--qd", "0,0,0", "--qdd", "0,0,0"}), {"--q", "needs a value"});
  // A negative first joint value is still a value.
  EXPECT_EQ(runCli({"fk", kRrr, "--q", "-0.5,0.2,0.1", "--json"}).exitCode, 0);
}

TEST(CliErrors, VoraSpecificationWithoutTaskAsksForTask) {
  const std::string spec = test::sourcePath("robots/legacy/vora_rrr.spec");
  expectBadInput(runCli({"simulate", spec}), {"vora_rrr.spec", "--task"});
}

TEST(CliOutput, RoundOffAroundZeroPrintsAsZero) {
  // At q = 0 the RRR tool frame has exact zeros that cos(pi/2) turns into +-6e-17.
  const CliResult r = runCli({"fk", kRrr, "--q", "0,0,0"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("-0.000000000"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("e-17"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" -0,"), std::string::npos) << r.out;
  const CliResult j = runCli({"jacobian", kRrr, "--q", "0,0.5,-1"});
  ASSERT_EQ(j.exitCode, 0) << j.err;
  EXPECT_NE(j.out.find("m/s"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("rad/s"), std::string::npos) << j.out;
}

TEST(CliErrors, DynamicsThatOverflowIsRefusedNotPrintedAsNan) {
  // Finite but huge joint values once printed -nan (JSON null) with exit 0.
  const CliResult r = runCli({"dynamics", test::sourcePath("robots/vora_rrr.yaml"), "--q", "1e300,0,0", "--qd",
                              "1e300,0,0", "--qdd", "0,0,0", "--json"});
  EXPECT_EQ(r.exitCode, 2) << r.out;
  EXPECT_EQ(r.out.find("nan"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("null"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("not finite"), std::string::npos) << r.err;
}

TEST(CliErrors, BadOptionsAndArguments) {
  expectBadInput(runCli({"fk", kRrr}), {"--q", "required"});
  expectBadInput(runCli({"fk", kRrr, "--q", "0,0,0", "--bogus", "1"}), {"--bogus"});
  expectBadInput(runCli({"fk", "--q", "0,0,0"}), {"ROBOT"});
  expectBadInput(runCli({"simulate", kRrr, "--method", "euler"}), {"--method", "euler"});
  expectBadInput(runCli({"simulate", kRrr, "--dt", "-0.1"}), {"--dt"});
  expectBadInput(runCli({"simulate", kRrr, "--tacc"}), {"--tacc"});
  expectBadInput(runCli({"ik", kRrr, "--pose", "0.5,0,-0.1,0"}), {"--pose"});
  const CliResult unknown = runCli({"frobnicate", kRrr});
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_NE(unknown.err.find("frobnicate"), std::string::npos);
  EXPECT_EQ(runCli({}).exitCode, 2);
}

TEST(CliErrors, MissingRobotFileIsNamed) {
  const test::ScratchDir dir;
  expectBadInput(runCli({"fk", dir.file("nothere.yaml"), "--q", "0,0,0"}), {"nothere.yaml"});
}

// An unreachable task point: file, the point's line and points[k]; the CSV asked for is not
// created, and an existing one keeps its content (atomic write after a complete run).
TEST(CliErrors, UnreachablePointLeavesNoCsv) {
  const test::ScratchDir dir;
  const std::string task = dir.write("far.yaml",
                                     "name: \"far\"\n"
                                     "units: {angles: deg, lengths: m}\n"
                                     "points:\n"
                                     "  - {xyz: [0.5, 0, -0.1], rpy: [0, 0, 0]}\n"
                                     "  - {xyz: [0.5, 0.1, -0.1], rpy: [0, 0, 0]}\n"
                                     "  - {xyz: [1.5, 0, -0.1], rpy: [0, 0, 0]}\n");
  const std::string csv = dir.file("out.csv");
  expectBadInput(runCli({"simulate", kRrr, "--task", task, "--csv", csv}), {"far.yaml:6:", "points[3]", "reach"});
  EXPECT_FALSE(test::fileExists(csv));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"far.yaml"});

  dir.write("out.csv", "previous content\n");
  expectBadInput(runCli({"simulate", kRrr, "--task", task, "--csv", csv}), {"points[3]"});
  EXPECT_EQ(test::readFile(csv), "previous content\n");
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"far.yaml", "out.csv"}));
}

TEST(CliErrors, CsvIntoMissingDirectoryFailsCleanly) {
  const test::ScratchDir dir;
  const CliResult r = runCli({"simulate", kRrr, "--csv", dir.file("no/such/dir/out.csv")});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("out.csv"), std::string::npos) << r.err;
  EXPECT_TRUE(dir.entries().empty());
}

// Each message names what is at fault (the option or the file, line and field).
TEST(CliErrors, MessagesNameWhatIsAtFault) {
  const test::ScratchDir dir;
  // A directory given as controller file is a directory, not "an empty file".
  std::filesystem::create_directory(dir.file("ctl"));
  expectBadInput(runCli({"run", kRrr, "--controller", dir.file("ctl")}), {"ctl", "is a directory"});
  // A task without points: is a task missing its points, not "a robot file"; a robot file is one.
  const std::string noPoints = dir.write("nopoints.yaml", "name: t\ntacc: 0.2\n");
  expectBadInput(runCli({"simulate", kRrr, "--task", noPoints}), {"nopoints.yaml:1: points: missing"});
  expectBadInput(runCli({"simulate", kRrr, "--task", test::sourcePath("robots/puma560.yaml")}),
                 {"puma560.yaml:", "file: this is a robot file (it has links:)"});
  // A huge --tacc is TACC's fault, a tiny --dt DT's; a tiny TACC names the option or the file line.
  expectBadInput(runCli({"simulate", kRrr, "--tacc", "1e300"}), {"--tacc: TACC = 1e+300 s makes the plan"});
  expectBadInput(runCli({"simulate", kRrr, "--dt", "1e-300"}), {"--dt: DT = 1e-300 s gives"});
  expectBadInput(runCli({"simulate", kRrr, "--tacc", "1e-300"}), {"--tacc: the acceleration of joint 1 is not finite"});
  const std::string tinyTacc = dir.write("tiny.yaml",
                                         "name: tiny\n"
                                         "tacc: 1e-300\n"
                                         "points:\n"
                                         "  - {xyz: [0.5, 0.1, -0.1], rpy: [0, 0, 0]}\n"
                                         "  - {xyz: [0.6, 0.2, -0.1], rpy: [0, 0, 0]}\n");
  expectBadInput(runCli({"simulate", kRrr, "--task", tinyTacc}), {"tiny.yaml:2: tacc: the acceleration"});
  expectBadInput(runCli({"size", kRrr, "--task", tinyTacc}), {"tiny.yaml:2: tacc:"});
  // The robot's own DT is named with the robot file.
  std::string text = test::readFile(kRrr);
  ASSERT_NE(text.find("\ndt: 0.025\n"), std::string::npos);
  text.replace(text.find("\ndt: 0.025\n"), std::string("\ndt: 0.025").size(), "\ndt: 1e-300");
  const std::string robot = dir.write("robot.yaml", text);
  dir.write("vora_rrr_weld_seam.yaml", test::readFile(test::sourcePath("robots/vora_rrr_weld_seam.yaml")));
  expectBadInput(runCli({"simulate", robot}),
                 {"robot.yaml: dt: DT = 1e-300 s", "--dt replaces it"});
  // A profile CSV that cannot be opened names the controller file's line and the system error.
  const std::string ctl = dir.write("ol.yaml", "type: open_loop\nprofile:\n  csv: nothere.csv\n");
  expectBadInput(runCli({"run", kRrr, "--controller", ctl}),
                 {"ol.yaml:3: profile.csv:", "nothere.csv: cannot open: No such file or directory"});
}

}  // namespace
}  // namespace armdyn
