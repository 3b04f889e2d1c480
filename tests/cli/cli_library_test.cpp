// The armdyn binary as a user runs it on the library: every library robot with its sample task
// (YAML and Vora's own files), the --json summary against the --csv samples of the same run
// (two output paths that must tell the same story), units on every value of the human output,
// an unreachable ik pose, and files that are directories or cannot be written.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>

namespace armdyn {
namespace {

using test::CliResult;
using test::JsonReader;
using test::JsonValue;
using test::parseJson;
using test::runCli;


// The samples of a --csv file: header names and rows of numbers.
struct Csv {
  std::vector<std::string> header;
  Eigen::MatrixXd rows;
};

Csv readCsv(const std::string& path) {
  std::istringstream in(test::readFile(path));
  Csv csv;
  std::string line, cell;
  std::getline(in, line);
  std::stringstream hs(line);
  while (std::getline(hs, cell, ',')) csv.header.push_back(cell);
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::stringstream ls(line);
    rows.emplace_back();
    while (std::getline(ls, cell, ',')) rows.back().push_back(std::stod(cell));
  }
  csv.rows.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(csv.header.size()));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    EXPECT_EQ(rows[r].size(), csv.header.size()) << "row " << r + 1;
    for (std::size_t c = 0; c < std::min(rows[r].size(), csv.header.size()); ++c)
      csv.rows(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = rows[r][c];
  }
  return csv;
}

// The --json summary must be the summary of the --csv samples: same count, task time = count
// x DT, extremes of the q columns, signed largest-magnitude values of the f columns. Both are
// printed with 17 significant digits from the same doubles, so they agree exactly.
void expectSummaryOfSamples(const JsonValue& v, const Csv& csv, int n) {
  ASSERT_EQ(csv.header.size(), static_cast<std::size_t>(1 + 4 * n));
  for (int i = 1; i <= n; ++i) {
    EXPECT_EQ(csv.header[static_cast<std::size_t>(i)], "q" + std::to_string(i));
    EXPECT_EQ(csv.header[static_cast<std::size_t>(3 * n + i)], "f" + std::to_string(i));
  }
  const Eigen::Index m = csv.rows.rows();
  ASSERT_GE(m, 2);
  EXPECT_EQ(v["samples"].number, static_cast<double>(m));
  const double dt = csv.rows(1, 0) - csv.rows(0, 0);
  EXPECT_EQ(csv.rows(0, 0), 0.0);
  for (Eigen::Index k = 1; k < m; ++k) EXPECT_NEAR(csv.rows(k, 0) - csv.rows(k - 1, 0), dt, 1e-12);
  EXPECT_NEAR(v["task_time"].number, m * dt, 1e-9);
  ASSERT_EQ(v["peak_force"].size(), static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const Eigen::VectorXd q = csv.rows.col(1 + i), f = csv.rows.col(1 + 3 * n + i);
    EXPECT_EQ(v["q_min"][static_cast<std::size_t>(i)].number, q.minCoeff()) << "joint " << i + 1;
    EXPECT_EQ(v["q_max"][static_cast<std::size_t>(i)].number, q.maxCoeff()) << "joint " << i + 1;
    Eigen::Index k = 0;
    f.cwiseAbs().maxCoeff(&k);
    EXPECT_EQ(v["peak_force"][static_cast<std::size_t>(i)].number, f(k)) << "joint " << i + 1;
  }
}

TEST(CliLibrary, EveryLibraryRobotRunsItsTaskAndTheSummaryIsThatOfTheSamples) {
  const struct {
    const char* robot;
    const char* task;
    int dof;
  } arms[] = {{"vora_rrr", "vora_rrr_weld_seam", 3},
              {"stanford_rrprrr", "stanford_rrprrr_sample", 6},
              {"cartesian_ppprrr", "cartesian_ppprrr_sample", 6},
              {"rrrrrr", "rrrrrr_sample", 6}};
  for (const auto& arm : arms) {
    SCOPED_TRACE(arm.robot);
    const test::ScratchDir dir;
    const std::string robot = test::sourcePath(std::string("robots/") + arm.robot + ".yaml");
    const std::string task = test::sourcePath(std::string("robots/") + arm.task + ".yaml");
    const JsonValue v = parseJson(runCli({"simulate", robot, "--json", "--csv", dir.file("run.csv")}));
    EXPECT_EQ(v.keys, (std::vector<std::string>{"task_time", "samples", "peak_force", "q_min", "q_max"}));
    expectSummaryOfSamples(v, readCsv(dir.file("run.csv")), arm.dof);
    // The robot file's default task is its sample task: naming it gives the same run.
    const CliResult named = runCli({"simulate", robot, "--task", task, "--json"});
    EXPECT_EQ(named.exitCode, 0) << named.err;
    EXPECT_EQ(named.out, runCli({"simulate", robot, "--json"}).out);
  }
}

// Figures 6.2 and 7.4 as shipped in robots/legacy give the run of the YAML library files, and
// figure 6.3 (a six-point task with orientations) runs on the six-joint arm.
TEST(CliLibrary, ShippedLegacyFilesRunUnchanged) {
  const std::string legacy = test::sourcePath("robots/legacy/");
  const JsonValue old = parseJson(runCli({"simulate", legacy + "vora_rrr.spec", "--task", legacy + "weld_seam.traj", "--json"}));
  const JsonValue yaml = parseJson(runCli({"simulate", test::sourcePath("robots/vora_rrr.yaml"), "--json"}));
  EXPECT_EQ(old["samples"].number, 149.0);
  EXPECT_DOUBLE_EQ(old["task_time"].number, 3.725);
  for (std::size_t j = 0; j < 3; ++j) {
    // The same decimal data in two formats: agreement to rounding of the inputs.
    EXPECT_NEAR(old["peak_force"][j].number, yaml["peak_force"][j].number, 1e-9) << "joint " << j + 1;
    EXPECT_NEAR(old["q_min"][j].number, yaml["q_min"][j].number, 1e-12) << "joint " << j + 1;
    EXPECT_NEAR(old["q_max"][j].number, yaml["q_max"][j].number, 1e-12) << "joint " << j + 1;
  }
  const JsonValue fig63 =
      parseJson(runCli({"simulate", test::sourcePath("robots/rrrrrr.yaml"), "--task", legacy + "figure63.traj", "--json"}));
  EXPECT_EQ(fig63["peak_force"].size(), 6u);
}

// Every number in a line of human output is followed by its unit, and the unit matches the
// joint type of the line: revolute N m, rad, rad/s, rad/s^2; prismatic N, m, m/s, m/s^2;
// times in s. `first` skips leading tokens that are labels, not values (a joint index).
void expectUnits(const std::string& line, bool revolute, std::size_t first) {
  std::istringstream in(line);
  std::vector<std::string> tok;
  for (std::string t; in >> t;) {
    while (!t.empty() && (t.back() == ',' || t.back() == ':' || t.back() == ')')) t.pop_back();
    while (!t.empty() && t.front() == '(') t.erase(0, 1);
    tok.push_back(t);
  }
  const std::set<std::string> units = revolute ? std::set<std::string>{"N", "rad", "rad/s", "rad/s^2", "s"}
                                               : std::set<std::string>{"N", "m", "m/s", "m/s^2", "s"};
  int numbers = 0;
  for (std::size_t i = first; i < tok.size(); ++i) {
    char* end = nullptr;
    std::strtod(tok[i].c_str(), &end);
    if (tok[i].empty() || *end != '\0') continue;  // not a number
    ++numbers;
    ASSERT_LT(i + 1, tok.size()) << "no unit after '" << tok[i] << "' in: " << line;
    EXPECT_TRUE(units.count(tok[i + 1])) << "'" << tok[i] << " " << tok[i + 1] << "' in: " << line;
    if (tok[i + 1] == "N") {  // N m for a torque, N alone for a force
      EXPECT_EQ(i + 2 < tok.size() && tok[i + 2] == "m", revolute) << line;
    }
  }
  EXPECT_GT(numbers, 0) << line;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

TEST(CliLibrary, HumanOutputHasAUnitOnEveryValue) {
  // The Cartesian arm mixes prismatic (1-3) and revolute (4-6) joints.
  const std::string robot = test::sourcePath("robots/cartesian_ppprrr.yaml");
  int lines = 0;
  const CliResult summary = runCli({"simulate", robot});
  ASSERT_EQ(summary.exitCode, 0) << summary.err;
  std::istringstream s(summary.out);
  for (std::string line; std::getline(s, line);) {
    if (startsWith(line, "Time taken")) {
      expectUnits(line.substr(0, line.find('(')), true, 0);  // "3.725 s", before the sample count
      ++lines;
    }
    const std::size_t at = line.find("Joint ");
    if (at == std::string::npos) continue;
    const char type = line[line.find('(') + 1];
    expectUnits(line.substr(line.find(':') + 1), type == 'R', 0);
    ++lines;
  }
  EXPECT_EQ(lines, 1 + 3 * 6);  // task time, then peak force, extremes and speeds per joint

  const CliResult tables = runCli({"tables", robot, "--every", "60"});
  ASSERT_EQ(tables.exitCode, 0) << tables.err;
  std::istringstream t(tables.out);
  int rows = 0;
  for (std::string line; std::getline(t, line);) {
    if (startsWith(line, "Current Time")) expectUnits(line, true, 0);
    if (line.size() > 4 && std::isdigit(static_cast<unsigned char>(line[0])) && line.find("(") != std::string::npos) {
      expectUnits(line, line.find("(R)") != std::string::npos, 2);  // skip the joint number and type
      ++rows;
    }
  }
  EXPECT_GE(rows, 12);

  const CliResult dyn = runCli({"dynamics", robot, "--q", "0.1,0.2,0.3,0.4,0.5,0.6", "--qd", "0,0,0,0,0,0", "--qdd",
                                "0.1,0.1,0.1,0.1,0.1,0.1"});
  ASSERT_EQ(dyn.exitCode, 0) << dyn.err;
  std::istringstream d(dyn.out);
  int joints = 0;
  for (std::string line; std::getline(d, line);) {
    if (line.find("joint ") == std::string::npos) continue;
    expectUnits(line.substr(line.find(':') + 1), line.find("(R)") != std::string::npos, 0);
    ++joints;
  }
  EXPECT_EQ(joints, 6);
}

// An ik pose out of reach: exit 2, one line on stderr saying why (too far, too
// close, orientation not reachable for a 3-joint arm); --json still prints the empty list and
// the reason. NaN and a --q of the wrong length are bad input, exit 2 naming the option.
TEST(CliLibrary, IkOutOfReachExitsTwoAndSaysWhy) {
  const std::string rrr = test::sourcePath("robots/vora_rrr.yaml");
  const CliResult r = runCli({"ik", rrr, "--pose", "2,0,0", "--json"});
  EXPECT_EQ(r.exitCode, 2);
  const JsonValue v = JsonReader::parse(r.out);
  EXPECT_EQ(v["solutions"].size(), 0u);
  EXPECT_NE(v["reason"].string.find("too far"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("too far"), std::string::npos) << r.err;
  // The PUMA: a point on joint 1's axis inside the shoulder offset is too close.
  const std::string puma = test::sourcePath("robots/puma560.yaml");
  const CliResult close = runCli({"ik", puma, "--pose", "0.01,0,0,0,0,0"});
  EXPECT_EQ(close.exitCode, 2);
  EXPECT_NE(close.err.find("too close"), std::string::npos) << close.err;
  EXPECT_TRUE(close.out.empty());
  // A 3-joint arm reaches the position of 0.5,0,-0.1 but not any orientation.
  const CliResult position = runCli({"ik", rrr, "--pose", "0.5,0,-0.1"});
  EXPECT_EQ(position.exitCode, 0);
  const CliResult oriented = runCli({"ik", rrr, "--pose", "0.5,0,-0.1,30,40,50"});
  EXPECT_EQ(oriented.exitCode, 2);
  EXPECT_NE(oriented.err.find("orientation not reachable for a 3-joint arm"), std::string::npos) << oriented.err;
  // Its own orientation at a solution is accepted: fk of the first solution, asked back.
  const JsonValue first = JsonReader::parse(runCli({"ik", rrr, "--pose", "0.5,0,-0.1", "--json"}).out)["solutions"][0];
  std::string q;
  for (std::size_t i = 0; i < first["q"].size(); ++i) q += (i ? "," : "") + std::to_string(first["q"][i].number);
  const std::string fkText = runCli({"fk", rrr, "--q", q}).out;
  const std::size_t at = fkText.find("roll, pitch, yaw (deg): ");
  ASSERT_NE(at, std::string::npos) << fkText;
  std::string rpy = fkText.substr(at + 24);
  rpy.erase(std::remove(rpy.begin(), rpy.end(), ' '), rpy.end());
  rpy.erase(std::remove(rpy.begin(), rpy.end(), '\n'), rpy.end());
  const CliResult own = runCli({"ik", rrr, "--pose", "0.5,0,-0.1," + rpy});
  EXPECT_EQ(own.exitCode, 0) << own.err;
  // --all: the PUMA's limits drop some of the 8 solutions; --all lists them, marked.
  const std::string pose = "0.3,0.2,0.4,30,40,50";
  const JsonValue within = JsonReader::parse(runCli({"ik", puma, "--pose", pose, "--json"}).out);
  const CliResult allRun = runCli({"ik", puma, "--pose", pose, "--all", "--json"});
  const JsonValue every = JsonReader::parse(allRun.out);
  EXPECT_EQ(every["solutions"].size(), 8u) << allRun.out;
  std::size_t inside = 0;
  for (const JsonValue& s : every["solutions"].array) {
    if (s["within_limits"].type == JsonValue::Type::Bool && s["within_limits"].boolean) ++inside;
    else EXPECT_NE(s["reason"].string.find("outside joint"), std::string::npos);
  }
  EXPECT_EQ(inside, within["solutions"].size());
  EXPECT_LT(inside, 8u);
  // Bad input: NaN in a pose, --q of the wrong length.
  const CliResult nan = runCli({"ik", puma, "--pose", "nan,0,0,0,0,0"});
  EXPECT_EQ(nan.exitCode, 2);
  EXPECT_NE(nan.err.find("--pose"), std::string::npos) << nan.err;
  const CliResult shortQ = runCli({"analyze", puma, "--q", "0,0,0"});
  EXPECT_EQ(shortQ.exitCode, 2);
  EXPECT_NE(shortQ.err.find("--q"), std::string::npos) << shortQ.err;
}

// Exit 2 and one line naming the path for a directory given as ROBOT or TASK; a --csv that
// cannot be written fails with one line naming it and leaves nothing behind.
TEST(CliLibrary, DirectoriesAndUnwritableOutputs) {
  const test::ScratchDir dir;
  const std::string rrr = test::sourcePath("robots/vora_rrr.yaml");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"simulate", dir.path(), "--json"}, std::vector<std::string>{"simulate", rrr, "--task", dir.path()},
        std::vector<std::string>{"fk", dir.path(), "--q", "0,0,0"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(dir.path() + ": file: "), std::string::npos) << r.err;
  }
  for (const std::string& csv : {dir.path(), std::string("/proc/armdyn_cannot_write.csv")}) {
    const CliResult r = runCli({"simulate", rrr, "--csv", csv});
    EXPECT_NE(r.exitCode, 0);
    EXPECT_EQ(r.out, "");  // nothing printed for a run whose output could not be written
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(csv), std::string::npos) << r.err;
  }
  EXPECT_TRUE(dir.entries().empty());
}

}  // namespace
}  // namespace armdyn

namespace armdyn {
namespace {

TEST(CliLibrary, DriveTorquesByDefaultRigidBodyOnRequest) {
  // The six-joint PUMA has drives: its torque table shows what each drive delivers (rigid body
  // + reflected rotor inertia + friction); --rigid-body drops the drive terms. Friction alone
  // makes the two differ on every joint that moves.
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const JsonValue drive = parseJson(test::runCli({"simulate", robot, "--json"}));
  const JsonValue rigid = parseJson(test::runCli({"simulate", robot, "--json", "--rigid-body"}));
  ASSERT_EQ(drive["peak_force"].size(), 6u);
  int differing = 0;
  for (std::size_t j = 0; j < 6; ++j)
    if (std::abs(drive["peak_force"][j].number - rigid["peak_force"][j].number) > 1e-6) ++differing;
  EXPECT_GE(differing, 3);
  const test::CliResult text = test::runCli({"simulate", robot});
  EXPECT_NE(text.out.find("drive inertia and friction"), std::string::npos) << text.out;
  // Vora's RRR has no drives: the flag changes nothing.
  const std::string rrr = test::sourcePath("robots/vora_rrr.yaml");
  EXPECT_EQ(test::runCli({"simulate", rrr, "--json"}).out, test::runCli({"simulate", rrr, "--json", "--rigid-body"}).out);
}

}  // namespace
}  // namespace armdyn
