// The armdyn command-line contract (docs/cli.md), running the real binary: JSON keys and shapes
// of every command, the Vora verification figures through the CLI, cross-checks between
// commands (mass matrix against inverse dynamics, Jacobian against finite differences of fk,
// ik against fk), CSV layout, Vora legacy input files.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <set>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdio>
#include <sstream>

namespace armdyn {
namespace {

using test::CliResult;
using test::JsonReader;
using test::JsonValue;
using test::parseJson;
using test::runCli;

const std::string kRrr = test::sourcePath("robots/vora_rrr.yaml");


Eigen::VectorXd vec(const JsonValue& a) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) v(static_cast<Eigen::Index>(i)) = a[i].number;
  return v;
}

Eigen::MatrixXd mat(const JsonValue& a) {
  const std::size_t rows = a.size(), cols = rows ? a[0].size() : 0;
  Eigen::MatrixXd m(rows, cols);
  for (std::size_t r = 0; r < rows; ++r) {
    EXPECT_EQ(a[r].size(), cols) << "ragged matrix";
    for (std::size_t c = 0; c < cols; ++c) m(r, c) = a[r][c].number;
  }
  return m;
}

std::string csvList(const Eigen::VectorXd& v) {
  std::string s;
  char buf[32];
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.17g", i ? "," : "", v(i));
    s += buf;
  }
  return s;
}

Eigen::Matrix4d fk(const std::string& robot, const Eigen::VectorXd& q) {
  const JsonValue v = parseJson(runCli({"fk", robot, "--q", csvList(q), "--json"}));
  return mat(v["T"]);
}

TEST(Cli, HelpForTheToolAndEveryCommand) {
  const CliResult top = runCli({"--help"});
  EXPECT_EQ(top.exitCode, 0);
  EXPECT_NE(top.out.find("usage: armdyn"), std::string::npos);
  // Every command (issue 23: iso9283 and speed-sweep printed nothing and were not listed).
  for (const char* cmd : {"simulate", "tables", "dynamics", "mass-matrix", "fk", "ik", "jacobian", "analyze", "ik-rates",
                          "workspace", "run", "tune", "size", "iso9283", "speed-sweep", "convert"}) {
    const CliResult r = runCli({cmd, "--help"});
    EXPECT_EQ(r.exitCode, 0) << cmd;
    EXPECT_NE(r.out.find(std::string("usage: armdyn ") + cmd), std::string::npos) << cmd;
    EXPECT_NE(top.out.find(std::string("\n  ") + cmd + " "), std::string::npos) << cmd << " not listed";
    const CliResult h = runCli({"help", cmd});
    EXPECT_EQ(h.out, r.out) << cmd;
  }
}

TEST(Cli, SimulateJsonReproducesTable73) {
  const JsonValue v = parseJson(runCli({"simulate", kRrr, "--json"}));
  EXPECT_EQ(v.keys, (std::vector<std::string>{"task_time", "samples", "peak_force", "q_min", "q_max"}));
  EXPECT_DOUBLE_EQ(v["task_time"].number, 3.725);
  EXPECT_EQ(v["samples"].number, 149.0);
  // Table 7.3 values; tolerances as in tests/core/simulation/task_simulation_test.cpp.
  const double peak[3] = {0.5220423, 6.255348, 0.5695611};
  const double lo[3] = {-0.5032491, 0.1576130, -2.071214}, hi[3] = {0.1823285, 0.8376182, -1.328831};
  ASSERT_EQ(v["peak_force"].size(), 3u);
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_NEAR(v["peak_force"][j].number / peak[j], 1.0, 0.03) << "joint " << j + 1;
    EXPECT_NEAR(v["q_min"][j].number, lo[j], 0.005) << "joint " << j + 1;
    EXPECT_NEAR(v["q_max"][j].number, hi[j], 0.005) << "joint " << j + 1;
  }
  // Newton-Euler: the same run to rounding.
  const JsonValue ne = parseJson(runCli({"simulate", kRrr, "--json", "--method", "newton-euler"}));
  for (std::size_t j = 0; j < 3; ++j) EXPECT_NEAR(ne["peak_force"][j].number, v["peak_force"][j].number, 1e-10);
}

// `--csv -` writes the samples to standard output (a pipe to another tool); /dev/null stays a device.
TEST(Cli, CsvDashWritesToStandardOutput) {
  const CliResult r = runCli({"simulate", test::sourcePath("robots/vora_rrr.yaml"), "--csv", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("t,q1,q2,q3,qd1,qd2,qd3,qdd1,qdd2,qdd3,f1,f2,f3\n0,", 0), 0u) << r.out.substr(0, 80);
  const CliResult null = runCli({"simulate", test::sourcePath("robots/vora_rrr.yaml"), "--csv", "/dev/null"});
  ASSERT_EQ(null.exitCode, 0) << null.err;
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

TEST(Cli, SimulateHumanSummaryHasUnits) {
  const CliResult r = runCli({"simulate", kRrr});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("3.725 s"), std::string::npos);
  EXPECT_NE(r.out.find("N m"), std::string::npos);
  EXPECT_NE(r.out.find("rad"), std::string::npos);
}

TEST(Cli, SimulateCsvHeaderColumnsAndRows) {
  const test::ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  const CliResult r = runCli({"simulate", kRrr, "--csv", csv});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::istringstream in(test::readFile(csv));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "t,q1,q2,q3,qd1,qd2,qd3,qdd1,qdd2,qdd3,f1,f2,f3");
  int rows = 0;
  std::vector<double> first;
  while (std::getline(in, line)) {
    std::stringstream ls(line);
    std::string cell;
    std::vector<double> v;
    while (std::getline(ls, cell, ',')) v.push_back(std::stod(cell));
    EXPECT_EQ(v.size(), 13u) << "row " << rows;
    // Times print as the shortest text of the double (0.025, not 0.025000000000000001).
    if (rows == 1) {
      EXPECT_EQ(line.substr(0, line.find(',')), "0.025");
    }
    if (rows == 0) first = v;
    ++rows;
  }
  EXPECT_EQ(rows, 149);
  // Table 7.4, t = 0, positions to the printed digits.
  ASSERT_EQ(first.size(), 13u);
  EXPECT_EQ(first[0], 0.0);
  EXPECT_NEAR(first[1], 0.0185058, 0.5e-7);
  EXPECT_NEAR(first[2], 0.837618, 0.5e-6);
  EXPECT_NEAR(first[3], -2.06933, 0.5e-5);
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"run.csv"}));  // no temporary left behind
}

// Figures 6.2 and 7.4 as Vora's own files give the same run as the YAML library files.
TEST(Cli, SimulateReadsVoraLegacyFiles) {
  const test::ScratchDir dir;
  const std::string spec = dir.write("RRR.DAT",
                                     "3\nLINK1R\n0.0,0.0,90.0,0.0\n2460.0\n.05,.4,.05,.045,.4,.045\n0.0,-.25,0.0,1.0\n1.0\n"
                                     "LINK2R\n0.0,0.0,0.0,0.5\n2460.0\n.5,.05,.05,.5,.045,.045\n-.25,0.0,0.0,1.0\n1.0\n"
                                     "LINK3R\n0.0,0.0,0.0,0.5\n2460.0\n.5,.05,.05,.5,.045,.045\n-.25,0.0,0.0,1.0\n1.25\n"
                                     "0.0,0.0,-9.8,0.0\n.025\n.3\n");
  const std::string task = dir.write("WELD.DAT",
                                     ".5,0.,-.1,0.,0.,0.\n.5,0.1,-0.1,0.,0.,0.\n.7,0.1,-.4,0.,0.,0.\n"
                                     ".60,-.15,-.35,0.,0.,0.\n.5,-.20,-.25,0.,0.,0.\n.40,-.25,-.20,0.,0.,0.\n"
                                     ".5,0.,-.1,0.,0.,0.\n");
  const JsonValue legacy = parseJson(runCli({"simulate", spec, "--task", task, "--json"}));
  const JsonValue yaml = parseJson(runCli({"simulate", kRrr, "--json"}));
  EXPECT_EQ(legacy["samples"].number, 149.0);
  for (std::size_t j = 0; j < 3; ++j) {
    // Same numbers typed in two formats: agreement to rounding of the decimal inputs.
    EXPECT_NEAR(legacy["peak_force"][j].number, yaml["peak_force"][j].number, 1e-9);
    EXPECT_NEAR(legacy["q_min"][j].number, yaml["q_min"][j].number, 1e-12);
  }
}

TEST(Cli, SimulateOverridesDtAndTacc) {
  const JsonValue v = parseJson(runCli({"simulate", kRrr, "--json", "--dt", "0.01", "--tacc", "0.2"}));
  const double t = v["task_time"].number;
  EXPECT_NEAR(t / 0.01, std::round(t / 0.01), 1e-9);  // whole DT steps
  EXPECT_EQ(v["samples"].number, std::round(t / 0.01));
  EXPECT_LT(t, 3.725);  // shorter transitions: 2 tau = 0.4 s minimum segments instead of 0.6 s
}

TEST(Cli, TablesPrintTable74Rows) {
  const CliResult r = runCli({"tables", kRrr, "--every", "50"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Current Time = 0.000000 s"), std::string::npos);
  EXPECT_NE(r.out.find("Current Time = 1.250000 s"), std::string::npos);
  EXPECT_NE(r.out.find("1.850583e-02 rad"), std::string::npos);  // q1(0), printed 0.185058E-01
  const test::ScratchDir dir;
  ASSERT_EQ(runCli({"tables", kRrr, "--out", dir.file("t.txt")}).exitCode, 0);
  EXPECT_NE(test::readFile(dir.file("t.txt")).find("Current Time = 3.700000 s"), std::string::npos);
}

// Table 7.4, row t = 0, fed back as (q, qd, qdd): printed torques 0.265067, 3.82132, 0.481783.
// 1e-4 relative: the inputs are printed to 6 digits (reference note: 0.265066, 3.821313,
// 0.481778 from the printed state, residuals below 1.1e-5).
TEST(Cli, DynamicsReproducesTable74RowZero) {
  for (const char* method : {"lagrange", "newton-euler"}) {
    const JsonValue v = parseJson(runCli({"dynamics", kRrr, "--q", "0.185058E-01,0.837618,-0.206933E+01", "--qd",
                                          "0.246744,-0.949063E-02,0.283241E-01", "--qdd",
                                          "0.185058E+01,-0.711797E-01,0.212431", "--method", method, "--json"}));
    EXPECT_EQ(v.keys, std::vector<std::string>{"tau"});
    ASSERT_EQ(v["tau"].size(), 3u);
    const double printed[3] = {0.265067, 3.82132, 0.481783};
    for (std::size_t j = 0; j < 3; ++j)
      EXPECT_NEAR(v["tau"][j].number / printed[j], 1.0, 1e-4) << method << " joint " << j + 1;
  }
}

// M(q) e_i = tau(q, 0, e_i) - tau(q, 0, 0): composite-rigid-body M against inverse dynamics,
// both through the CLI with full-precision JSON (rounding only).
TEST(Cli, MassMatrixMatchesInverseDynamicsColumns) {
  const std::string robot = test::sourcePath("robots/stanford_rrprrr.yaml");
  const Eigen::VectorXd q = (Eigen::VectorXd(6) << 0.3, 0.9, 0.8, -0.4, 0.7, 0.2).finished();
  const JsonValue v = parseJson(runCli({"mass-matrix", robot, "--q", csvList(q), "--json"}));
  EXPECT_EQ(v.keys, std::vector<std::string>{"M"});
  const Eigen::MatrixXd M = mat(v["M"]);
  ASSERT_EQ(M.rows(), 6);
  ASSERT_EQ(M.cols(), 6);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6);
  auto tau = [&](const Eigen::VectorXd& qdd) {
    return vec(parseJson(runCli({"dynamics", robot, "--q", csvList(q), "--qd", csvList(zero), "--qdd", csvList(qdd),
                                 "--method", "newton-euler", "--json"}))["tau"]);
  };
  const Eigen::VectorXd g = tau(zero);
  for (int i = 0; i < 6; ++i) {
    const Eigen::VectorXd col = tau(Eigen::VectorXd::Unit(6, i)) - g;
    EXPECT_LT((col - M.col(i)).cwiseAbs().maxCoeff(), 1e-10) << "column " << i + 1;
  }
}

TEST(Cli, FkGivesTheFirstWeldPointForItsJointValues) {
  // Reference note (eqs 7.1-7.4): (0, 0.83833, -2.07145) reaches (0.5, 0, -0.1), 5 digits.
  const Eigen::Matrix4d T = fk(kRrr, Eigen::Vector3d(0.0, 0.83833, -2.07145));
  EXPECT_LT((T.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff(), 0.0 + 1e-15);
  EXPECT_LT((T.topRightCorner<3, 1>() - Eigen::Vector3d(0.5, 0.0, -0.1)).norm(), 1e-5);
  const Eigen::Matrix3d R = T.topLeftCorner<3, 3>();
  EXPECT_LT((R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff(), 1e-12);
}

// Every solution ik reports goes back through fk to the pose asked for (degrees on the
// command line, eq 3.2: R = Rz(roll) Ry(pitch) Rx(yaw)).
TEST(Cli, IkSolutionsReproduceThePoseThroughFk) {
  const std::string robot = test::sourcePath("robots/rrrrrr.yaml");
  const JsonValue v = parseJson(runCli({"ik", robot, "--pose", "0.534,0.292,0.257,65.7,-26.5,-97.2", "--json"}));
  EXPECT_EQ(v.keys, (std::vector<std::string>{"solver", "solutions"}));
  EXPECT_EQ(v["solver"].string, "rrrrrr");
  ASSERT_GE(v["solutions"].size(), 2u);
  const double deg = M_PI / 180.0;
  const Eigen::Matrix3d R = (Eigen::AngleAxisd(65.7 * deg, Eigen::Vector3d::UnitZ()) *
                             Eigen::AngleAxisd(-26.5 * deg, Eigen::Vector3d::UnitY()) *
                             Eigen::AngleAxisd(-97.2 * deg, Eigen::Vector3d::UnitX())).toRotationMatrix();
  for (const JsonValue& s : v["solutions"].array) {
    EXPECT_EQ(s.keys, (std::vector<std::string>{"config", "q"}));
    EXPECT_EQ(s["config"].type, JsonValue::Type::String);
    ASSERT_EQ(s["q"].size(), 6u);
    const Eigen::Matrix4d T = fk(robot, vec(s["q"]));
    EXPECT_LT((T.topRightCorner<3, 1>() - Eigen::Vector3d(0.534, 0.292, 0.257)).norm(), 1e-9) << s["config"].string;
    EXPECT_LT((T.topLeftCorner<3, 3>() - R).cwiseAbs().maxCoeff(), 1e-9) << s["config"].string;
  }
  // The RRR solves position only, from x,y,z alone; its default is Vora's elbow-up solution.
  const JsonValue rrr = parseJson(runCli({"ik", kRrr, "--pose", "0.5,0,-0.1", "--json"}));
  ASSERT_GE(rrr["solutions"].size(), 1u);
  const JsonValue& first = rrr["solutions"][0];
  EXPECT_NE(first["config"].string.find("elbow_up"), std::string::npos);
  EXPECT_NEAR(first["q"][1].number, 0.83833, 0.5e-5);
  EXPECT_NEAR(first["q"][2].number, -2.07145, 0.5e-5);
}

// --pose x,y,z,roll,pitch,yaw (m, deg; eq 3.2: R = Rz(roll) Ry(pitch) Rx(yaw)) of a transform,
// to full precision.
std::string poseOption(const Eigen::Matrix4d& T) {
  const Eigen::Matrix3d R = T.topLeftCorner<3, 3>();
  const double r2d = 180.0 / M_PI;
  char pose[200];
  std::snprintf(pose, sizeof pose, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", T(0, 3), T(1, 3), T(2, 3),
                std::atan2(R(1, 0), R(0, 0)) * r2d, -std::asin(R(2, 0)) * r2d, std::atan2(R(2, 1), R(2, 2)) * r2d);
  return pose;
}

// A UR arm (no spherical wrist, joints 2-4 parallel), from the library file and from ROS's
// URDF as armdyn converts it (--tip tool0): "solver" names the class, all eight solutions come
// back with distinct names, and each goes back through fk to the pose (made by fk from known
// joint values, which are among them).
TEST(Cli, IkSolvesTheUrArmsInClosedFormWithEightBranches) {
  const test::ScratchDir dir;
  const std::string converted = dir.file("ur5_urdf.yaml");
  runCli({"convert", test::sourcePath("tests/data/urdf/ur5.urdf"), converted, "--tip", "tool0"});
  for (const std::string& robot : {test::sourcePath("robots/ur5.yaml"), converted}) {
    SCOPED_TRACE(robot);
    const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << 0.3, -1.1, 1.4, -0.7, 1.0, 0.4).finished();
    const Eigen::Matrix4d T0 = fk(robot, q0);
    const std::string pose = poseOption(T0);
    const JsonValue v = parseJson(runCli({"ik", robot, "--pose", pose, "--json", "--all"}));
    EXPECT_EQ(v["solver"].string, "three_parallel");
    ASSERT_EQ(v["solutions"].size(), 8u);
    std::set<std::string> names;
    bool generator = false;
    for (const JsonValue& s : v["solutions"].array) {
      names.insert(s["config"].string);
      const Eigen::VectorXd q = vec(s["q"]);
      const Eigen::Matrix4d T = fk(robot, q);
      EXPECT_LT((T - T0).cwiseAbs().maxCoeff(), 1e-9) << s["config"].string;
      generator = generator || (q - q0).cwiseAbs().maxCoeff() < 1e-7;
    }
    EXPECT_EQ(names.size(), 8u);
    EXPECT_TRUE(generator);
  }
}

// At a singular pose a branch is a continuum (PUMA, q5 = 0: axes 4 and 6 on one line, only q4 + q6
// fixed): the listing says so, JSON as "continuum": {"free_joints": [4]} on exactly those
// solutions (q5 = 0 there), text as "singular: ..."; solutions at regular poses carry no such key.
TEST(Cli, IkSaysWhichSolutionsAreOneOfAContinuum) {
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3).finished();
  const std::string pose = poseOption(fk(robot, q0));
  const JsonValue v = parseJson(runCli({"ik", robot, "--pose", pose, "--json", "--all"}));
  int flagged = 0;
  for (const JsonValue& s : v["solutions"].array) {
    const Eigen::VectorXd q = vec(s["q"]);
    const bool wristAligned = std::abs(q(4)) < 1e-9;
    EXPECT_EQ(s.has("continuum"), wristAligned) << s["config"].string;
    if (!s.has("continuum")) continue;
    ++flagged;
    ASSERT_EQ(s["continuum"]["free_joints"].size(), 1u);
    EXPECT_EQ(s["continuum"]["free_joints"].array[0].number, 4.0);
  }
  EXPECT_GE(flagged, 1);
  const CliResult r = runCli({"ik", robot, "--pose", pose});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const std::string& text = r.out;
  EXPECT_NE(text.find("singular: one of a continuum of solutions; q4 takes any value"), std::string::npos) << text;
  // A regular pose: no solution is flagged.
  const Eigen::VectorXd q1 = (Eigen::VectorXd(6) << 0.2, 0.3, -0.5, 0.4, 0.6, 0.3).finished();
  const JsonValue w = parseJson(runCli({"ik", robot, "--pose", poseOption(fk(robot, q1)), "--json", "--all"}));
  ASSERT_GE(w["solutions"].size(), 1u);
  for (const JsonValue& s : w["solutions"].array) EXPECT_FALSE(s.has("continuum")) << s["config"].string;
}

// A continuum that does not hold the home value (issue 20): the Unitree Z1 exactly at a
// shoulder singularity (its wrist point on joint 1's axis, q2 at a root of det J found by
// bisection from this configuration), where q1 is free within a range that excludes the home
// q1 = 0. Before session 27: no solution and a wrong "too far". Now the member nearest the home
// value, "nearest_home": [1] in JSON, "a range of values" in text, and it rebuilds the pose.
TEST(Cli, IkSaysWhenAContinuumDoesNotHoldTheHomeValue) {
  const std::string robot = test::sourcePath("robots/z1.yaml");
  const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << -1.8859118233114336, -1.4945113857704504, -2.9093163690601784,
                              -0.89212120887980717, -2.1567833212850771, -2.3166638883327924)
                                 .finished();
  const Eigen::Matrix4d T = fk(robot, q0);
  const std::string pose = poseOption(T);
  const CliResult r = runCli({"ik", robot, "--pose", pose, "--json", "--all"});
  EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 2) << r.err;  // 2: none within the Z1's joint limits
  const JsonValue v = JsonReader::parse(r.out);
  int nearest = 0;
  for (const JsonValue& s : v["solutions"].array) {
    if (!s.has("continuum") || !s["continuum"].has("nearest_home")) continue;
    ++nearest;
    ASSERT_EQ(s["continuum"]["nearest_home"].size(), 1u);
    EXPECT_EQ(s["continuum"]["nearest_home"].array[0].number, 1.0);
    EXPECT_EQ(s["continuum"]["free_joints"].array[0].number, 1.0);
    EXPECT_GT(std::abs(s["q"][0].number), 1e-3);  // not the home value
    const Eigen::Matrix4d back = fk(robot, vec(s["q"]));
    EXPECT_LT((back - T).cwiseAbs().maxCoeff(), 1e-9) << s["config"].string;
  }
  EXPECT_GE(nearest, 1) << r.out;
  const CliResult text = runCli({"ik", robot, "--pose", pose, "--all"});
  EXPECT_NE(text.out.find("q1 takes a range of values (shown at the one nearest the home value)"), std::string::npos)
      << text.out;
}

// A continuum whose home member is outside the joint limits (issue 20): the PUMA with q6 limited
// to +-30 deg, its wrist axes 4 and 6 on one line (q5 = 0) with q4 + q6 = 0.7 rad. The home
// member (q4 = 0, q6 = 40.1 deg) is outside; before session 28, "no solution within the joint
// limits" (exit 2). Now the member within the limits nearest the home value: q6 on its limit,
// q4 + q6 kept, "nearest_home": [4], and it rebuilds the pose.
TEST(Cli, IkMovesAContinuumsMemberIntoTheJointLimits) {
  const test::ScratchDir dir;
  std::string yaml = test::readFile(test::sourcePath("robots/puma560.yaml"));
  const std::size_t at = yaml.find("limits: [-266, 266]");
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, std::string("limits: [-266, 266]").size(), "limits: [-30, 30]");
  const std::string robot = dir.write("puma_q6_30.yaml", yaml);
  const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3).finished();
  const Eigen::Matrix4d T = fk(robot, q0);
  const std::string pose = poseOption(T);
  const CliResult r = runCli({"ik", robot, "--pose", pose, "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const JsonValue v = JsonReader::parse(r.out);
  int nearest = 0;
  bool generatorBranch = false;
  const double limit = 30.0 * M_PI / 180.0;
  for (const JsonValue& s : v["solutions"].array) {
    SCOPED_TRACE(s["config"].string);
    const Eigen::VectorXd q = vec(s["q"]);
    EXPECT_LT((fk(robot, q) - T).cwiseAbs().maxCoeff(), 1e-9);
    if (!s.has("continuum") || !s["continuum"].has("nearest_home")) continue;
    ++nearest;
    ASSERT_EQ(s["continuum"]["nearest_home"].size(), 1u);
    EXPECT_EQ(s["continuum"]["nearest_home"].array[0].number, 4.0);
    EXPECT_LT(std::abs(std::abs(q(5)) - limit), 1e-9) << q(5);
    if (std::abs(std::remainder(q(3) + q(5) - 0.7, 2.0 * M_PI)) > 1e-9) continue;
    // The generator's branch: the home q4 = 0 gives q6 = 0.7 rad, above the limit; the nearest
    // member within has q6 = +30 deg and q4 = 0.7 rad - 30 deg (not q6 = -30 deg, q4 = 70 deg).
    generatorBranch = true;
    EXPECT_NEAR(q(5), limit, 1e-12);
    EXPECT_NEAR(q(3), 0.7 - limit, 1e-12);
  }
  EXPECT_GE(nearest, 1) << r.out;
  EXPECT_TRUE(generatorBranch) << r.out;
  const CliResult text = runCli({"ik", robot, "--pose", pose});
  EXPECT_NE(text.out.find("q4 takes a range of values (shown at the one nearest the home value)"), std::string::npos)
      << text.out;
}

// An arm no closed form takes is solved numerically and says why: a six-revolute arm whose axes 1
// and 2 are nearly on one line (2e-6 rad, 7.3e-6 m: one of the nearly industrial arms of
// general_6r_inverse_kinematics_test.cpp), its solutions nearly a continuum. JSON adds "note".
TEST(Cli, IkSaysWhyAnArmIsSolvedNumerically) {
  const test::ScratchDir dir;
  std::string robot;
  {
    const double d[6] = {0.11165748059663405, 3.7643768132092597e-07, -1.6932182434062162e-06, -0.49350790873627526,
                         0.15660278877772627, -1.3422080933447891e-06};
    const double alpha[6] = {1.9608154537822629e-06, 1.5707961504375338, 1.5707956782365147, -1.5707965040103946,
                             -2.4572305534468563e-07, -1.5707961308546627};
    const double a[6] = {7.301751025164231e-06, 3.328762413159422e-07, -2.64263762412461e-06, -0.29055582462740792,
                         4.7293510381137892e-06, -0.35430865733340888};
    std::string yaml = "name: \"nearly collinear\"\nunits: {angles: deg, lengths: m}\nlinks:\n";
    for (int i = 0; i < 6; ++i) {
      char link[400];
      std::snprintf(link, sizeof link,
                    "  - {joint: revolute, theta: 0, d: %.17g, alpha: %.17g, a: %.17g, vmax: 90,\n"
                    "     inertia: {mass: 1, com: [0, 0, 0], tensor: [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.01]]}}\n",
                    d[i], alpha[i] * 180.0 / M_PI, a[i]);
      yaml += link;
    }
    robot = dir.write("nearly_collinear.yaml", yaml);
  }
  const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << 0.1, 0.2, 0.3, 0.4, 0.5, 0.6).finished();
  const Eigen::Matrix4d T0 = fk(robot, q0);
  const JsonValue v = parseJson(runCli({"ik", robot, "--pose", poseOption(T0), "--json"}));
  EXPECT_EQ(v.keys, (std::vector<std::string>{"solver", "solutions", "note"}));
  EXPECT_EQ(v["solver"].string, "numerical");
  EXPECT_NE(v["note"].string.find("axes 1 and 2 nearly on one line"), std::string::npos) << v["note"].string;
  ASSERT_EQ(v["solutions"].size(), 1u);
  EXPECT_LT((fk(robot, vec(v["solutions"][0]["q"])) - T0).cwiseAbs().maxCoeff(), 1e-9);
}

// A seven-joint arm (KUKA iiwa 14's DH, bars for mass): --free holds a joint; the default is
// joint 3 (a spherical wrist in front of joints 1, 2, 4); the generator is among the solutions
// at its own joint-3 value; bad --free values exit 2 naming the option.
TEST(Cli, IkHoldsAFreeJointOfASevenJointArm) {
  const test::ScratchDir dir;
  std::string robot;
  {
    const double d[7] = {0.36, 0, 0.42, 0, 0.4, 0, 0.126}, alpha[7] = {-90, 90, 90, -90, -90, 90, 0};
    const double limit[7] = {170, 120, 170, 120, 170, 120, 175};
    std::string yaml = "name: \"iiwa 14\"\nunits: {angles: deg, lengths: m}\nlinks:\n";
    for (int i = 0; i < 7; ++i) {
      char link[400];
      std::snprintf(link, sizeof link,
                    "  - {name: L%d, joint: revolute, theta: 0, d: %g, alpha: %g, a: 0, limits: [%g, %g], vmax: 90,\n"
                    "     bar: {density: 1000, outer: [0.05, 0.05, 0.05], inner: [0.04, 0.05, 0.04], centre: [0, 0, 0]}}\n",
                    i + 1, d[i], alpha[i], -limit[i], limit[i]);
      yaml += link;
    }
    robot = dir.write("iiwa.yaml", yaml);
  }
  const Eigen::VectorXd q0 = (Eigen::VectorXd(7) << 0.3, 0.5, -0.4, -1.2, 0.6, 0.9, 0.2).finished();
  const Eigen::Matrix4d T0 = fk(robot, q0);
  const std::string pose = poseOption(T0);
  const JsonValue v = parseJson(runCli({"ik", robot, "--pose", pose, "--free", "3=-0.4", "--json", "--all"}));
  EXPECT_EQ(v["solver"].string, "generic");
  EXPECT_EQ(v["free_joint"].number, 3);
  EXPECT_EQ(v["free_value"].number, -0.4);
  EXPECT_FALSE(v["reversed_chain"].boolean);
  ASSERT_GE(v["solutions"].size(), 2u);
  bool generator = false;
  for (const JsonValue& s : v["solutions"].array) {
    const Eigen::VectorXd q = vec(s["q"]);
    ASSERT_EQ(q.size(), 7);
    EXPECT_EQ(q(2), -0.4);
    EXPECT_LT((fk(robot, q) - T0).cwiseAbs().maxCoeff(), 1e-9) << s["config"].string;
    generator = generator || (q - q0).cwiseAbs().maxCoeff() < 1e-7;
  }
  EXPECT_TRUE(generator);
  const JsonValue byDefault = parseJson(runCli({"ik", robot, "--pose", pose, "--json"}));
  EXPECT_EQ(byDefault["free_joint"].number, 3);
  EXPECT_EQ(byDefault["free_value"].number, 0);
  for (const char* bad : {"9=0", "3=4", "3=abc", "3", "4=0"}) {
    const CliResult r = runCli({"ik", robot, "--pose", pose, "--free", bad});
    EXPECT_EQ(r.exitCode, 2) << bad;
    EXPECT_NE(r.err.find("--free"), std::string::npos) << bad << ": " << r.err;
  }
  const CliResult six = runCli({"ik", test::sourcePath("robots/ur5.yaml"), "--pose", "0.3,0.1,0.6,0,180,0", "--free", "3=0"});
  EXPECT_EQ(six.exitCode, 2);
  EXPECT_NE(six.err.find("seven-joint"), std::string::npos) << six.err;
}

// Columns of J against central differences of fk (h = 1e-6: truncation ~h^2, rounding
// ~1e-16/h = 1e-10): linear rows from the origin, angular rows from vee(dR R^T).
TEST(Cli, JacobianMatchesFiniteDifferencesOfFk) {
  const std::string robot = test::sourcePath("robots/stanford_rrprrr.yaml");
  const Eigen::VectorXd q = (Eigen::VectorXd(6) << 0.2, 1.1, 0.7, 0.3, -0.6, 0.4).finished();
  const JsonValue v = parseJson(runCli({"jacobian", robot, "--q", csvList(q), "--json"}));
  EXPECT_EQ(v.keys, std::vector<std::string>{"J"});
  const Eigen::MatrixXd J = mat(v["J"]);
  ASSERT_EQ(J.rows(), 6);
  ASSERT_EQ(J.cols(), 6);
  const double h = 1e-6;
  const Eigen::Matrix3d R0 = fk(robot, q).topLeftCorner<3, 3>();
  for (int i = 0; i < 6; ++i) {
    const Eigen::Matrix4d Tp = fk(robot, q + h * Eigen::VectorXd::Unit(6, i));
    const Eigen::Matrix4d Tm = fk(robot, q - h * Eigen::VectorXd::Unit(6, i));
    const Eigen::Vector3d v3 = (Tp.topRightCorner<3, 1>() - Tm.topRightCorner<3, 1>()) / (2 * h);
    const Eigen::Matrix3d W = (Tp.topLeftCorner<3, 3>() - Tm.topLeftCorner<3, 3>()) / (2 * h) * R0.transpose();
    const Eigen::Vector3d w(W(2, 1), W(0, 2), W(1, 0));
    EXPECT_LT((J.col(i).head<3>() - v3).cwiseAbs().maxCoeff(), 1e-8) << "column " << i + 1;
    EXPECT_LT((J.col(i).tail<3>() - w).cwiseAbs().maxCoeff(), 1e-8) << "column " << i + 1;
  }
}

}  // namespace
}  // namespace armdyn
