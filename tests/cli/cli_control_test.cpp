// armdyn run / armdyn tune through the real binary: the JSON contracts of the issue, the CSV
// of a run, the --rigid-body split of `dynamics`, and refusals naming file, line and field.
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace armdyn {
namespace {

using test::runCli;

TEST(CliControl, TunePrintsKmaxTpAndTable72Gains) {
  const test::CliResult r = runCli({"tune", test::sourcePath("robots/puma560_anderson3.yaml"), "--joint", "3", "--q",
                                    "0,-1.5707963267948966,1.5707963267948966", "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  const double kmax = j["Kmax"].number, tp = j["Tp"].number;
  EXPECT_GT(kmax, 0.0);
  EXPECT_GT(tp, 0.0);
  EXPECT_NEAR(j["P"]["Kg"].number, 0.5 * kmax, 1e-9 * kmax);
  EXPECT_NEAR(j["PI"]["Kg"].number, 0.45 * kmax, 1e-9 * kmax);
  EXPECT_NEAR(j["PI"]["Ti"].number, tp / 1.2, 1e-12);
  EXPECT_NEAR(j["PID"]["Kg"].number, 0.6 * kmax, 1e-9 * kmax);
  EXPECT_NEAR(j["PID"]["Ti"].number, tp / 2.0, 1e-12);
  EXPECT_NEAR(j["PID"]["Td"].number, tp / 8.0, 1e-12);
}

TEST(CliControl, TuneAtAndersonsServoPeriodRuns) {
  // A 28 ms controller period must not become a 28 ms RK4 step (unstable for L/R = 3 ms): the
  // plant steps at most 1 ms, landing on every sample. Kmax is found (exit 0) and Tp spans
  // several controller samples, as a sampled loop's ultimate period must (Tp >= 2 Ts).
  const test::CliResult r = runCli({"tune", test::sourcePath("robots/puma560_anderson3.yaml"), "--joint", "1", "--q",
                                    "0,-1.5707963267948966,1.5707963267948966", "--sample-time", "0.028", "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  EXPECT_GT(j["Kmax"].number, 0.0);
  EXPECT_GE(j["Tp"].number, 2 * 0.028 - 1e-9);
}

TEST(CliControl, PidWithoutMotorsWarnsThatGainsAreTorqueGains) {
  // Vora's RRR has no drives: a PID file that does not say `input:` runs on joint torque, and
  // the summary warns that the gains are N m per rad, naming the joints.
  test::ScratchDir dir;
  const std::string pid = dir.write("pid.yaml", "type: pid\ngains: [{kg: 50}, {kg: 50}, {kg: 50}]\n");
  const test::CliResult r = runCli({"run", test::sourcePath("robots/vora_rrr.yaml"), "--controller", pid,
                                    "--duration", "0.2", "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  ASSERT_GE(j["warnings"].size(), 1u);
  EXPECT_NE(j["warnings"][0].string.find("joint(s) 1, 2, 3 have no motor"), std::string::npos) << r.out;
}

TEST(CliControl, RunWritesSummaryAndCsv) {
  test::ScratchDir dir;
  const std::string controller = dir.write("pid.yaml",
                                           "type: pid\n"
                                           "gains: [{kg: 2800, ti: 0.023, td: 0.0057}, {kg: 4800, ti: 0.021, td: 0.0052},\n"
                                           "        {kg: 2400, ti: 0.018, td: 0.0045}]\n"
                                           "setpoint: {step: {q: [5, -85, 90], at: 0.05}}\n"
                                           "initial: {q: [0, -90, 90]}\n");
  const std::string csv = dir.file("run.csv");
  const test::CliResult r = runCli({"run", test::sourcePath("robots/puma560_anderson3.yaml"), "--controller", controller,
                                    "--duration", "0.5", "--csv", csv, "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  EXPECT_NEAR(j["final_time"].number, 0.5, 1e-9);
  EXPECT_FALSE(j["diverged"].boolean);
  ASSERT_EQ(j["peak_error"].size(), 3u);
  // At least the 5 deg step itself, a little more while the other joints' loops settle.
  EXPECT_GE(j["peak_error"][0].number, 5.0 * M_PI / 180.0 - 1e-12);
  EXPECT_LT(j["peak_error"][0].number, 1.1 * 5.0 * M_PI / 180.0);
  EXPECT_LE(j["peak_voltage"][0].number, 40.0);
  EXPECT_EQ(j["peak_current"].size(), 3u);
  const std::string text = test::readFile(csv);
  EXPECT_EQ(text.rfind("t,q1,q2,q3,qd1", 0), 0u);
  EXPECT_GT(std::count(text.begin(), text.end(), '\n'), 500);
}

TEST(CliControl, DynamicsWithAndWithoutDrives) {
  const std::string puma = test::sourcePath("robots/puma560.yaml");
  const std::vector<std::string> state = {"--q", "0,0.78,-3.14,0,0.78,0", "--qd", "0.5,0,0,0,0,0", "--qdd", "1,0,0,0,0,0", "--json"};
  std::vector<std::string> drive = {"dynamics", puma}, rigid = {"dynamics", puma, "--rigid-body"};
  drive.insert(drive.end(), state.begin(), state.end());
  rigid.insert(rigid.end(), state.begin(), state.end());
  const test::CliResult a = runCli(drive), b = runCli(rigid);
  ASSERT_EQ(a.exitCode, 0) << a.err;
  ASSERT_EQ(b.exitCode, 0) << b.err;
  const test::JsonValue ja = test::JsonReader::parse(a.out), jb = test::JsonReader::parse(b.out);
  // Joint 1: Jr qdd + b qd + Fc+ = 200e-6 * 62.6111^2 * 1 + 5.801821767951 * 0.5 + 27.2358285
  // (tanh(0.5 / 0.01) = 1 to rounding); joints 2-6 at rest: no drive term.
  const double jr = 200e-6 * 62.6111 * 62.6111;
  EXPECT_NEAR(ja["tau"][0].number - jb["tau"][0].number, jr + 5.801821767951 * 0.5 + 27.2358285, 1e-9);
  for (std::size_t i = 1; i < 6; ++i) EXPECT_NEAR(ja["tau"][i].number, jb["tau"][i].number, 1e-12);
}

TEST(CliControl, RefusalsNameFileLineAndField) {
  test::ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560_anderson3.yaml");
  const std::string nan = dir.write("nan.yaml", "type: pid\ngains:\n  - {kg: 1}\n  - {kg: .nan}\n  - {kg: 1}\n");
  test::CliResult r = runCli({"run", robot, "--controller", nan, "--duration", "1"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(nan + ":4: gains[2].kg: "), std::string::npos) << r.err;
  const std::string csv = dir.write("v.csv", "t,u1,u2,u3\n0,1,2,3\n0.2,1,2,3\n0.1,1,2,3\n");
  const std::string open = dir.write("open.yaml", "type: open_loop\nprofile: {csv: v.csv}\n");
  r = runCli({"run", robot, "--controller", open, "--duration", "1"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(csv + ":4: t: "), std::string::npos) << r.err;
  const std::string slow = dir.write("slow.yaml", "type: pid\nsample_time: 0.05\nstep: 0.05\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n");
  r = runCli({"run", robot, "--controller", slow, "--duration", "1"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("stability limit 2.785 L/R"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(slow + ":3: step: "), std::string::npos) << r.err;  // the line that set the step
  // The limits simulate has (memory and time bounded before anything is allocated): a run that would step 1e12 times or record
  // millions of rows is refused before anything is allocated, naming the option or the field.
  const std::string ct = dir.write("ct.yaml", "type: computed_torque\ninput: current\nnatural_frequency: 30\n");
  r = runCli({"run", robot, "--controller", ct, "--duration", "1e9"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--duration: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("integration steps (at most 2e+07)"), std::string::npos) << r.err;
  const std::string tiny = dir.write("tiny.yaml", "type: computed_torque\ninput: current\nstep: 1e-12\nnatural_frequency: 30\n");
  r = runCli({"run", robot, "--controller", tiny});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(tiny + ":3: step: "), std::string::npos) << r.err;
  r = runCli({"tune", robot, "--joint", "4"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--joint"), std::string::npos) << r.err;
  // A sample time a 3 s trial run cannot hold 20 of: the option named, the limit in the words.
  r = runCli({"tune", robot, "--joint", "1", "--sample-time", "0.2"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--sample-time: the sample time must be at most 0.15 s"), std::string::npos) << r.err;
}

// Stepniewski's PVA law through the binary: the six-joint PUMA along its robot file's task,
// once with the default gains (a file that only names the type) and once with gains written
// out; both track the plan within 0.01 rad on every joint and stay within the +-40 V
// amplifiers. A bad gain is refused with file, line and field (exit 2).
TEST(CliControl, RunsThePumaUnderPva) {
  test::ScratchDir dir;
  const std::string puma = test::sourcePath("robots/puma560.yaml");
  const std::string defaults = dir.write("pva.yaml", "type: pva\n");
  const std::string gains = dir.write("gains.yaml",
                                      "type: pva\n"
                                      "sample_time: 0.001\n"
                                      "k_phi: [40, 30, 12, 12, 11, 12]\n"
                                      "k_omega: [3, 2, 0.9, 0.8, 0.8, 0.8]\n"
                                      "k_eps: [0.05, 0.02, 0.006, 0.01, 0.01, 0.01]\n"
                                      "output_limit: 40\n");
  for (const std::string& file : {defaults, gains}) {
    SCOPED_TRACE(file);
    const test::CliResult r = runCli({"run", puma, "--controller", file, "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::JsonValue j = test::JsonReader::parse(r.out);
    EXPECT_FALSE(j["diverged"].boolean) << r.out;
    EXPECT_GT(j["plan_duration"].number, 1.0);
    EXPECT_NEAR(j["final_time"].number, j["plan_duration"].number, 1e-9);
    EXPECT_EQ(j["input"].string, "voltage");
    ASSERT_EQ(j["peak_error"].size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
      EXPECT_LT(j["peak_error"][i].number, 0.01) << "joint " << i + 1 << ": " << r.out;
      EXPECT_LE(j["peak_voltage"][i].number, 40.0);
    }
  }
  const std::string bad = dir.write("bad.yaml", "type: pva\nk_phi: [1, -1, 1, 1, 1, 1]\n");
  const test::CliResult r = runCli({"run", puma, "--controller", bad});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(bad + ":2: k_phi[2]: must not be negative"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace armdyn
