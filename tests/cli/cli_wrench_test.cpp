// The tool wrench on the command line: `simulate --wrench fx,fy,fz[,mx,my,mz]`
// changes every sample's joint forces by exactly J^T W (Jacobian of the core, at the CSV's
// joint values), the same as a task file's `wrench:` and replacing it; `run --wrench` loads the
// plant and computed torque's feedforward (the tracking error stays, the drive torques change
// by J^T W); a bad --wrench exits 2 naming the option and writes nothing.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "io/robot_file.h"
#include "kinematics/jacobian.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace armdyn {
namespace {

using test::runCli;

// J^T W, W in world axes.
Eigen::VectorXd jointLoad(const Model& model, const Eigen::VectorXd& q, const Eigen::Matrix<double, 6, 1>& W) {
  return geometricJacobian(model, q).transpose() * W;
}

TEST(CliWrench, SimulateAddsJTransposeWToEverySample) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const Model model(loadRobot(robot));
  const int n = model.dof();
  Eigen::Matrix<double, 6, 1> W;
  W << 15, -5, -40, 0.5, 0, -1;
  const std::string plain = dir.file("plain.csv"), pressed = dir.file("pressed.csv");
  for (const char* method : {"lagrange", "newton-euler"}) {
    SCOPED_TRACE(method);
    ASSERT_EQ(runCli({"simulate", robot, "--method", method, "--csv", plain}).exitCode, 0);
    const test::CliResult r =
        runCli({"simulate", robot, "--method", method, "--csv", pressed, "--wrench", "15,-5,-40,0.5,0,-1"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto a = test::readCsvRows(plain), b = test::readCsvRows(pressed);
    ASSERT_EQ(a.size(), b.size());
    ASSERT_GT(a.size(), 10u);
    double worst = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      Eigen::VectorXd q(n), dtau(n);
      for (int j = 0; j < n; ++j) {
        q(j) = b[k][1 + j];
        dtau(j) = b[k][1 + 3 * n + j] - a[k][1 + 3 * n + j];  // t, q, qd, qdd, f
        ASSERT_EQ(a[k][1 + j], b[k][1 + j]);                   // the same motion
      }
      worst = std::max(worst, (dtau - jointLoad(model, q, W)).cwiseAbs().maxCoeff());
    }
    std::printf("simulate --wrench (%s): %zu samples, worst |df - J^T W| %.2g N m\n", method, a.size(), worst);
    EXPECT_LT(worst, 1e-10);
  }
  // Three values: a force alone.
  ASSERT_EQ(runCli({"simulate", robot, "--csv", pressed, "--wrench", "0,0,-40"}).exitCode, 0);
  ASSERT_EQ(runCli({"simulate", robot, "--csv", plain}).exitCode, 0);
  const auto a = test::readCsvRows(plain), b = test::readCsvRows(pressed);
  W << 0, 0, -40, 0, 0, 0;
  Eigen::VectorXd q(n);
  for (int j = 0; j < n; ++j) q(j) = b[5][1 + j];
  const Eigen::VectorXd expected = jointLoad(model, q, W);
  for (int j = 0; j < n; ++j) EXPECT_NEAR(b[5][1 + 3 * n + j] - a[5][1 + 3 * n + j], expected(j), 1e-10);
}

TEST(CliWrench, TaskFileWrenchAndTheOptionReplacingIt) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/vora_rrr.yaml");
  std::string task = readTextFile(test::sourcePath("robots/vora_rrr_weld_seam.yaml"));
  const std::string withWrench = dir.write("pressed.yaml", task + "wrench: {force: [0, 0, -10], axes: world}\n");
  const test::CliResult file = runCli({"simulate", robot, "--task", withWrench, "--json"});
  const test::CliResult option = runCli({"simulate", robot, "--json", "--wrench", "0,0,-10"});
  const test::CliResult none = runCli({"simulate", robot, "--json"});
  const test::CliResult zeroed = runCli({"simulate", robot, "--task", withWrench, "--json", "--wrench", "0,0,0"});
  for (const test::CliResult* r : {&file, &option, &none, &zeroed}) ASSERT_EQ(r->exitCode, 0) << r->err;
  EXPECT_EQ(file.out, option.out);
  EXPECT_NE(file.out, none.out);
  EXPECT_EQ(zeroed.out, none.out);
  // `tables` takes it too.
  const test::CliResult tables = runCli({"tables", robot, "--every", "50", "--wrench", "0,0,-10"});
  EXPECT_EQ(tables.exitCode, 0) << tables.err;
  EXPECT_NE(tables.out, runCli({"tables", robot, "--every", "50"}).out);
}

TEST(CliWrench, RunLoadsThePlantAndComputedTorqueFeedsItForward) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560_anderson3.yaml");
  const Model model(loadRobot(robot));
  const std::string ct = dir.write("ct.yaml", "type: computed_torque\ninput: torque\nnatural_frequency: 30\n");
  const std::string plain = dir.file("plain.csv"), pressed = dir.file("pressed.csv");
  const test::CliResult a = runCli({"run", robot, "--controller", ct, "--json", "--csv", plain});
  const test::CliResult b =
      runCli({"run", robot, "--controller", ct, "--json", "--csv", pressed, "--wrench", "20,-10,-40,0,1,0"});
  ASSERT_EQ(a.exitCode, 0) << a.err;
  ASSERT_EQ(b.exitCode, 0) << b.err;
  const test::JsonValue ja = test::JsonReader::parse(a.out), jb = test::JsonReader::parse(b.out);
  double ea = 0.0, eb = 0.0;
  for (std::size_t i = 0; i < 3; ++i) {
    ea = std::max(ea, ja["peak_error"][i].number);
    eb = std::max(eb, jb["peak_error"][i].number);
  }
  // With the wrench fed forward the tracking is as good as without it.
  EXPECT_LT(std::abs(eb - ea), 0.05 * ea) << a.out << "\n" << b.out;
  // The drive torques (last n columns) differ by J^T W at the recorded q, to what the slightly
  // different motions and the wrench held between samples leave.
  std::string header;
  const auto ra = test::readCsvRows(plain), rb = test::readCsvRows(pressed, &header);
  ASSERT_EQ(ra.size(), rb.size());
  Eigen::Matrix<double, 6, 1> W;
  W << 20, -10, -40, 0, 1, 0;
  double worst = 0.0, largest = 0.0;
  for (std::size_t k = 0; k < rb.size(); k += 10) {
    const std::size_t cols = rb[k].size();
    const Eigen::VectorXd q = Eigen::Map<const Eigen::VectorXd>(&rb[k][1], 3);
    const Eigen::VectorXd expected = jointLoad(model, q, W);
    for (int j = 0; j < 3; ++j) {
      const double dtau = rb[k][cols - 3 + j] - ra[k][cols - 3 + j];
      worst = std::max(worst, std::abs(dtau - expected(j)));
      largest = std::max(largest, std::abs(expected(j)));
    }
  }
  std::printf("run --wrench: peak error %.6g rad (none %.6g rad); worst |dtau - J^T W| %.3g N m of %.3g N m\n", eb, ea,
              worst, largest);
  EXPECT_LT(worst, 0.02 * largest);
}

TEST(CliWrench, BadWrenchExits2NamingTheOptionAndWritesNothing) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/vora_rrr.yaml");
  const std::string csv = dir.file("out.csv");
  for (const char* bad : {"1,2", "1,2,3,4", "1,2,3,4,5,6,7", "0,nan,0", "0,0,inf", "0,0,x", "", "0,0,1e300",
                          "0,0,0,0,0,-2e6"}) {
    SCOPED_TRACE(bad);
    for (const char* command : {"simulate", "run"}) {
      const test::CliResult r = runCli({command, robot, "--csv", csv, "--wrench", bad});
      EXPECT_EQ(r.exitCode, 2) << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_NE(r.err.find("--wrench: "), std::string::npos) << r.err;
      EXPECT_FALSE(test::fileExists(csv));
    }
  }
}

// The limit on a component (model/tool_wrench.h, 1e6 N or N m) holds for task files too, in
// every form: a constant, inline rows and a CSV profile, each named by file, line and field.
TEST(CliWrench, ComponentsBeyondTheLimitAreRefusedInEveryForm) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/vora_rrr.yaml");
  const std::string points =
      "name: pressed\nconfiguration: elbow_up\nunits: {angles: deg, lengths: m}\npoints:\n"
      "  - {xyz: [0.5, 0, -0.1], rpy: [0, 0, 0]}\n  - {xyz: [0.5, 0.1, -0.1], rpy: [0, 0, 0]}\n";
  dir.write("load.csv", "t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n1,0,0,-3e6,0,0,0\n");
  struct Case {
    const char* wrench;
    const char* where;
  } cases[] = {{"wrench: {force: [0, 0, 2e6]}\n", "task.yaml:7: wrench.force"},
               {"wrench: {rows: [[0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 5e6, 0, 0]]}\n", "task.yaml:7: wrench.rows[2]"},
               {"wrench: {profile: load.csv}\n", "load.csv:3: fz"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.wrench);
    const std::string task = dir.write("task.yaml", points + c.wrench);
    const test::CliResult r = runCli({"simulate", robot, "--task", task});
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_NE(r.err.find(c.where), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("at most 1e6 N"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace armdyn
