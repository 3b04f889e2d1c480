// `armdyn size` and `timing: time-optimal` as a user runs them (time-optimal timing and
// actuator sizing): the JSON's load-side values equal an independent recomputation from the
// samples `armdyn simulate --csv` writes; a one-joint time-optimal task against its closed form;
// an infeasible path and bad ratings, efficiency, payload and dwell refused with exit 2, file,
// line and field, and nothing written.
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

namespace armdyn {
namespace {

using test::CliResult;
using test::runCli;
using test::ScratchDir;

TEST(CliSizing, LoadSideEqualsRecomputationFromTheSimulateCsv) {
  ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  for (const char* task : {"robots/puma560_weld_seam.yaml", "robots/puma560_square_line_arc.yaml"}) {
    SCOPED_TRACE(task);
    const std::string csv = dir.file("run.csv");
    const CliResult sim = runCli({"simulate", robot, "--task", test::sourcePath(task), "--csv", csv, "--json"});
    ASSERT_EQ(sim.exitCode, 0) << sim.err;
    const CliResult size = runCli({"size", robot, "--task", test::sourcePath(task), "--json"});
    ASSERT_EQ(size.exitCode, 0) << size.err;
    const test::JsonValue json = test::JsonReader::parse(size.out);
    std::string header;
    const auto rows = test::readCsvRows(csv, &header);
    const int n = 6;
    ASSERT_EQ(rows.front().size(), 1u + 4u * n);
    // The task time every view shows (simulate's summary): the motion's end, where the last
    // sample lies, or for Paul's plan (the weld seam; it ends moving) Vora's K DT, one DT past
    // the last sample, which then holds to it.
    const double T = test::JsonReader::parse(sim.out)["task_time"].number;
    const double hold = T - (rows.back()[0] - rows.front()[0]);
    EXPECT_GE(hold, -1e-12);
    EXPECT_NEAR(json["task_time"].number, T, 1e-12);
    for (int j = 0; j < n; ++j) {
      // Independent: trapezoid over the CSV's samples, columns t, q, qd, qdd, f.
      double peak = 0.0, sq = 0.0, speed = 0.0, absSpeed = 0.0, power = 0.0, energy = 0.0, regen = 0.0;
      for (std::size_t k = 0; k < rows.size(); ++k) {
        const double f = rows[k][1 + 3 * n + j], v = rows[k][1 + n + j];
        if (std::abs(f) > std::abs(peak)) peak = f;
        speed = std::max(speed, std::abs(v));
        power = std::max(power, std::abs(f * v));
        if (k + 1 == rows.size()) {
          sq += f * f * hold;
          absSpeed += std::abs(v) * hold;
          energy += f * v * hold;
          regen += std::min(f * v, 0.0) * hold;
          continue;
        }
        const double h = rows[k + 1][0] - rows[k][0];
        const double f1 = rows[k + 1][1 + 3 * n + j], v1 = rows[k + 1][1 + n + j];
        sq += 0.5 * (f * f + f1 * f1) * h;
        absSpeed += 0.5 * (std::abs(v) + std::abs(v1)) * h;
        energy += 0.5 * (f * v + f1 * v1) * h;
        regen += 0.5 * (std::min(f * v, 0.0) + std::min(f1 * v1, 0.0)) * h;
      }
      const test::JsonValue& J = json["joints"][j];
      // The CSV holds 17 significant digits: agreement to rounding of the sums.
      const double tol = 1e-9;
      EXPECT_NEAR(J["peak_torque"].number, peak, tol * (1 + std::abs(peak))) << j;
      EXPECT_NEAR(J["rms_torque"].number, std::sqrt(sq / T), tol * (1 + std::sqrt(sq / T))) << j;
      EXPECT_NEAR(J["peak_speed"].number, speed, tol) << j;
      EXPECT_NEAR(J["mean_speed"].number, absSpeed / T, tol) << j;
      EXPECT_NEAR(J["peak_power"].number, power, tol * (1 + power)) << j;
      EXPECT_NEAR(J["energy"].number, energy, tol * (1 + std::abs(energy))) << j;
      EXPECT_NEAR(J["regenerated_energy"].number, regen, tol * (1 + std::abs(regen))) << j;
      EXPECT_EQ(J["pass"].type, test::JsonValue::Type::Bool);  // the PUMA's drives give a 40 V limit
    }
  }
}

constexpr const char* kRotor = R"(name: "rotor"
units: {angles: deg, lengths: m}
links:
  - name: "LINK1"
    joint: revolute
    theta: 0
    d: 0
    alpha: ALPHA
    a: 0.5
    vmax: 60
    amax: 100
    FMAX
    inertia:
      mass: 1
      com: [0, 0, 0]
      tensor: [[0.0001, 0, 0], [0, 0.0001, 0], [0, 0, 0.0001]]
    drive:
      gear_ratio: 50
      rotor_inertia: 0.00002
      EFFICIENCY
      RATINGS
actuator_mass_rule: false
gravity: GRAVITY
dt: 0.001
PAYLOAD
)";

std::string rotorYaml(const std::map<std::string, std::string>& with) {
  std::string s = kRotor;
  const std::map<std::string, std::string> defaults{{"ALPHA", "0"},
                                                    {"GRAVITY", "[0, 0, -9.8]"},
                                                    {"FMAX", ""},
                                                    {"EFFICIENCY", "efficiency: 0.9"},
                                                    {"RATINGS", "ratings: {continuous_torque: 0.2, peak_torque: 0.5, max_speed_rpm: 3000}"},
                                                    {"PAYLOAD", ""}};
  for (const auto& [key, value] : defaults) {
    const auto it = with.find(key);
    const std::size_t at = s.find(key);
    s.replace(at, key.size(), it == with.end() ? value : it->second);
  }
  return s;
}

std::string taskYaml(const std::string& extra, double toDeg) {
  return "name: \"swing\"\nscheme: cubic\n" + extra + "joint_points:\n  - [0]\n  - [" + std::to_string(toDeg) + "]\n";
}

TEST(CliSizing, TimeOptimalOneJointMatchesTheClosedForms) {
  ScratchDir dir;
  const std::string robot = dir.write("rotor.yaml", rotorYaml({}));
  // vmax 60 deg/s, amax 100 deg/s^2 (no torque limit), both aimed at 99.5 % (the timing's
  // margin, docs/file-formats.md): bang-bang below 36 deg (2 sqrt(D / a)), a trapezoid above
  // (D / v + v / a).
  constexpr double kF = 0.995;
  struct Case {
    double distance, expected, tolerance;
  } cases[] = {{20.0, 2.0 * std::sqrt(20.0 / (100.0 * kF)), 1e-9}, {90.0, 90.0 / (60.0 * kF) + 60.0 / 100.0, 2e-3}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.distance);
    const std::string task = dir.write("task.yaml", taskYaml("timing: time-optimal\n", c.distance));
    const CliResult r = runCli({"simulate", robot, "--task", task, "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::JsonValue json = test::JsonReader::parse(r.out);
    EXPECT_NEAR(json["task_time"].number, c.expected, c.tolerance * c.expected);
    EXPECT_EQ(json["timing"].string, "time-optimal");
    EXPECT_GE(json["uniform_scaling_time"].number, json["task_time"].number);
  }
}

// The time-optimal weld seam re-simulated through the PUMA's drives under computed torque: the
// run completes (the plan's whole duration) and reports the tracking error. With current input
// the controller has the torque it needs (peak error below 1 mrad); with voltage input the
// time-optimal plan leaves the 40 V supply 0.5 % of headroom, so the controller saturates where
// the plan rides the voltage line and the error grows (below 5 mrad).
TEST(CliSizing, TimeOptimalPlanThroughTheDrivesAndController) {
  ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const std::string task = test::sourcePath("robots/puma560_weld_seam_time_optimal.yaml");
  const CliResult plan = runCli({"simulate", robot, "--task", task, "--json"});
  ASSERT_EQ(plan.exitCode, 0) << plan.err;
  const double T = test::JsonReader::parse(plan.out)["task_time"].number;
  struct Case {
    const char* controller;
    double bound;
  } cases[] = {{"type: computed_torque\ninput: current\nnatural_frequency: 30\n", 1e-3},
               {"type: computed_torque\ninput: voltage\nnatural_frequency: 30\ncurrent_gain: 2\n", 5e-3}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.controller);
    const std::string controller = dir.write("ct.yaml", c.controller);
    const CliResult r = runCli({"run", robot, "--task", task, "--controller", controller, "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::JsonValue json = test::JsonReader::parse(r.out);
    EXPECT_FALSE(json["diverged"].boolean);
    EXPECT_NEAR(json["final_time"].number, T, 1e-9);
    double worst = 0.0;
    for (std::size_t j = 0; j < json["peak_error"].size(); ++j) worst = std::max(worst, json["peak_error"][j].number);
    EXPECT_LT(worst, c.bound);
    std::printf("time-optimal weld seam, %s input: peak tracking error %.3g rad\n",
                std::string(c.controller).find("input: current") != std::string::npos ? "current" : "voltage", worst);
  }
}

// Velocity limits alone bound nothing else: the fastest timing would jump from rest to the
// velocity bound (Vora's RRR has no amax, fmax or drives; before this refusal its last sample
// carried -308 rad/s^2 and a torque that changed sign with DT). Refused, naming the joints and
// the keys, exit 2, nothing written; the same arm with amax is planned.
TEST(CliSizing, TimeOptimalWithoutAnAccelerationBoundIsRefused) {
  ScratchDir dir;
  const std::string robot = test::sourcePath("robots/vora_rrr.yaml");
  const std::string task = dir.write("to.yaml", "name: fast\ntiming: time-optimal\nconfiguration: elbow_up\nunits: {angles: deg, lengths: m}\n"
                                                "points:\n  - {xyz: [0.5, 0, -0.1], rpy: [0, 0, 0]}\n"
                                                "  - {xyz: [0.7, 0.1, -0.4], rpy: [0, 0, 0]}\n"
                                                "  - {xyz: [0.4, -0.25, -0.2], rpy: [0, 0, 0]}\n");
  const std::string csv = dir.file("out.csv");
  const CliResult r = runCli({"simulate", robot, "--task", task, "--csv", csv});
  EXPECT_EQ(r.exitCode, 2) << r.out;
  EXPECT_NE(r.err.find("joint(s) 1, 2, 3 have no amax or fmax"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("links[j].amax"), std::string::npos) << r.err;
  EXPECT_FALSE(test::fileExists(csv));
}

// With its drives' current and voltage limits the PUMA's time-optimal weld seam is bounded:
// sampled more coarsely a run can miss a short torque feature of the bang-bang timing, but no
// sample invents one (no peak above the 1 ms run's by more than 2 %; the last, shorter interval
// sets none), and the task time is the motion's end, where the last CSV row lies, at every DT.
TEST(CliSizing, TimeOptimalPeaksAndTaskTimeDoNotDependOnDt) {
  ScratchDir dir;
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const std::string task = test::sourcePath("robots/puma560_weld_seam_time_optimal.yaml");
  std::vector<std::vector<double>> peaks;
  for (const char* dt : {"0.025", "0.01", "0.001"}) {
    SCOPED_TRACE(dt);
    const std::string csv = dir.file("out.csv");
    const CliResult r = runCli({"simulate", robot, "--task", task, "--dt", dt, "--json", "--csv", csv});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::JsonValue json = test::JsonReader::parse(r.out);
    const auto rows = test::readCsvRows(csv);
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(json["task_time"].number, rows.back()[0]);  // the same double: one task time
    std::vector<double> p;
    for (std::size_t j = 0; j < json["peak_force"].size(); ++j) p.push_back(json["peak_force"][j].number);
    peaks.push_back(p);
  }
  for (std::size_t j = 0; j < 6; ++j) {
    const double fine = std::abs(peaks.back()[j]);
    for (std::size_t k = 0; k + 1 < peaks.size(); ++k)
      EXPECT_LE(std::abs(peaks[k][j]), 1.02 * fine + 1e-9) << "joint " << j + 1 << ", DT case " << k;
    std::printf("joint %zu peak torque at DT 0.025 / 0.01 / 0.001: %.5g / %.5g / %.5g N m\n", j + 1, peaks[0][j],
                peaks[1][j], peaks[2][j]);
  }
}

TEST(CliSizing, InfeasiblePathNamesPointAndJointAndWritesNothing) {
  ScratchDir dir;
  // Gravity across the joint axis: the arm swings in a vertical plane, and fmax 1 N m cannot
  // hold m g r = 4.9 N m.
  const std::string robot = dir.write("rotor.yaml", rotorYaml({{"GRAVITY", "[0, -9.8, 0]"}, {"FMAX", "fmax: 1"}}));
  const std::string task = dir.write("task.yaml", taskYaml("timing: time-optimal\n", 30));
  const std::string csv = dir.file("out.csv");
  const CliResult r = runCli({"simulate", robot, "--task", task, "--csv", csv});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("task.yaml:5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("joint_points[1]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("joint 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("torque"), std::string::npos) << r.err;
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"rotor.yaml", "task.yaml"}));
}

TEST(CliSizing, BadRatingsEfficiencyPayloadAndDwellAreRefused) {
  struct Case {
    std::map<std::string, std::string> robot;
    std::string taskExtra, where, field;
  } cases[] = {
      {{{"RATINGS", "ratings: {continuous_torque: -1}"}}, "", "rotor.yaml:21", "ratings.continuous_torque"},
      {{{"RATINGS", "ratings: {continuous_torque: 0.5, peak_torque: 0.2}"}}, "", "rotor.yaml:21", "ratings.peak_torque"},
      {{{"EFFICIENCY", "efficiency: 0"}}, "", "rotor.yaml:20", "efficiency"},
      {{{"EFFICIENCY", "efficiency: 1.5"}}, "", "rotor.yaml:20", "efficiency"},
      {{{"PAYLOAD", "payload: {mass: 2, com: [0, 0, 0.1], tensor: [[1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]]}"}},
       "", "rotor.yaml:25", "payload.tensor"},
      {{{"PAYLOAD", "payload: {mass: -2}"}}, "", "rotor.yaml:25", "payload.mass"},
      {{}, "dwell: -1\n", "task.yaml:3", "dwell"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.field);
    ScratchDir dir;
    const std::string robot = dir.write("rotor.yaml", rotorYaml(c.robot));
    const std::string task = dir.write("task.yaml", taskYaml(c.taskExtra, 30));
    const CliResult r = runCli({"size", robot, "--task", task, "--csv", dir.file("size.csv")});
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_NE(r.err.find(c.where), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.field), std::string::npos) << r.err;
    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"rotor.yaml", "task.yaml"}));
  }
}

TEST(CliSizing, DutyCycleOfTwoTasksWithDwell) {
  ScratchDir dir;
  const std::string robot = dir.write("rotor.yaml", rotorYaml({}));
  const std::string out = dir.write("out.yaml", taskYaml("dwell: 0.5\n", 60));
  const std::string back = dir.write("back.yaml", "name: \"back\"\nscheme: cubic\ndwell: 1.5\njoint_points:\n  - [60]\n  - [0]\n");
  const CliResult one = runCli({"size", robot, "--task", out, "--json"});
  const CliResult two = runCli({"size", robot, "--task", out, "--task", back, "--json"});
  ASSERT_EQ(two.exitCode, 0) << two.err;
  const test::JsonValue a = test::JsonReader::parse(one.out), b = test::JsonReader::parse(two.out);
  // The way back mirrors the way out: twice the motion, dwells 0.5 + 1.5 s, the same RMS
  // torque over twice the motion and 2 s of (zero-gravity) rest.
  EXPECT_NEAR(b["task_time"].number, 2.0 * a["task_time"].number, 1e-12);
  EXPECT_NEAR(b["cycle_time"].number, 2.0 * a["task_time"].number + 2.0, 1e-12);
  const double T = a["task_time"].number;
  const double rmsOut = a["joints"][0]["rms_torque"].number;  // over T + 0.5
  EXPECT_NEAR(b["joints"][0]["rms_torque"].number, rmsOut * std::sqrt((T + 0.5) * 2.0 / (2.0 * T + 2.0)), 1e-9);
  EXPECT_EQ(b["joints"][0]["pass"].type, test::JsonValue::Type::Bool);
}

// --largest-payload on the PUMA 560 along the weld seam, whose file rates its drives' voltage only:
// the text names the ratings it passes (the walkthrough read "passes every rating" as a verdict on
// torques too), and the JSON's largest_payload brackets the first failure (largest < failing,
// a joint and check named).
TEST(CliSizing, LargestPayloadNamesTheRatingsGiven) {
  const std::string robot = test::sourcePath("robots/puma560.yaml");
  const std::string task = test::sourcePath("robots/puma560_weld_seam.yaml");
  const CliResult text = runCli({"size", robot, "--task", task, "--largest-payload"});
  ASSERT_EQ(text.exitCode, 0) << text.err;
  EXPECT_NE(text.out.find("passes every rating given (voltage);"), std::string::npos) << text.out;
  // Voltage only: the figure is no verdict on the arm's strength, and the text says so.
  EXPECT_NE(text.out.find("Note: no torque or current is rated, so no torque rating bounds this payload"), std::string::npos)
      << text.out;
  const CliResult json = runCli({"size", robot, "--task", task, "--largest-payload", "--json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const test::JsonValue p = test::JsonReader::parse(json.out)["largest_payload"];
  EXPECT_GT(p["largest"].number, 0.0);
  EXPECT_GT(p["failing"].number, p["largest"].number);
  EXPECT_EQ(p["failing_check"].string, "voltage");
  // An arm that fails unloaded (a continuous-torque rating of 1e-6 N m on the rotor): no payload,
  // said so, not "0 kg passes every rating" (the review).
  ScratchDir dir;
  const std::string weak = dir.write(
      "weak.yaml", rotorYaml({{"RATINGS", "ratings: {continuous_torque: 0.000001, peak_torque: 0.5, max_speed_rpm: 3000}"}}));
  const std::string swing = dir.write("swing.yaml", taskYaml("", 60));
  const CliResult none = runCli({"size", weak, "--task", swing, "--largest-payload"});
  ASSERT_EQ(none.exitCode, 0) << none.err;
  EXPECT_NE(none.out.find("Largest payload: none, the arm fails unloaded: joint 1's continuous_torque check"),
            std::string::npos)
      << none.out;
  EXPECT_EQ(none.out.find("passes every rating"), std::string::npos) << none.out;
  // Torques rated: no such note.
  const std::string strong = dir.write(
      "strong.yaml", rotorYaml({{"RATINGS", "ratings: {continuous_torque: 1, peak_torque: 5, max_speed_rpm: 3000}"}}));
  const CliResult rated = runCli({"size", strong, "--task", swing, "--largest-payload"});
  ASSERT_EQ(rated.exitCode, 0) << rated.err;
  EXPECT_NE(rated.out.find("kg passes every rating given (continuous_torque, peak_torque, max_speed);"), std::string::npos)
      << rated.out;
  EXPECT_EQ(rated.out.find("Note: no torque"), std::string::npos) << rated.out;
}

// --out PREFIX (issue 22): the report as a document beside the usual outputs: PREFIX.pdf, .svg,
// .csv, .json; the JSON file is the --json output, the CSV the --csv one; a PDF of one page
// titled as a report. A refused target (a directory named PREFIX.pdf) leaves none of the four.
TEST(CliSizing, OutPrefixWritesTheReportAsPdfSvgCsvJson) {
  ScratchDir dir;
  const std::string robot = test::sourcePath("robots/ur5.yaml");
  const CliResult json = runCli({"size", robot, "--json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const CliResult out = runCli({"size", robot, "--out", dir.file("ur5"), "--csv", dir.file("plain.csv")});
  ASSERT_EQ(out.exitCode, 0) << out.err;
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"plain.csv", "ur5.csv", "ur5.json", "ur5.pdf", "ur5.svg"}));
  EXPECT_EQ(test::readFile(dir.file("ur5.json")), json.out);
  EXPECT_EQ(test::readFile(dir.file("ur5.csv")), test::readFile(dir.file("plain.csv")));
  const std::string pdf = test::readFile(dir.file("ur5.pdf"));
  EXPECT_EQ(pdf.rfind("%PDF-1.4", 0), 0u);
  EXPECT_NE(pdf.find("(Actuator sizing report) Tj"), std::string::npos);
  EXPECT_NE(pdf.find("(Robot: UR5) Tj"), std::string::npos);
  EXPECT_NE(test::readFile(dir.file("ur5.svg")).find("Actuator sizing report"), std::string::npos);
  ScratchDir taken;
  std::filesystem::create_directory(taken.file("r.pdf"));
  const CliResult refused = runCli({"size", robot, "--out", taken.file("r")});
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.err.find("r.pdf"), std::string::npos) << refused.err;
  EXPECT_EQ(taken.entries(), (std::vector<std::string>{"r.pdf"}));
}

}  // namespace
}  // namespace armdyn
