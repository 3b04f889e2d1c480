// The trajectory catalogue through `armdyn simulate` (trajectory catalogue and Cartesian
// paths): Craig's worked examples sample by sample from the CSV the command writes, the CSV's
// first row at t = 0 and last row at rest, `path_length` in the JSON of Cartesian tasks, and
// bad task files refused with exit 2, file, line and field, and nothing written.
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace armdyn {
namespace {

using test::CliResult;
using test::runCli;
using test::ScratchDir;

const std::string kCraigRobot = test::sourcePath("robots/craig_one_joint.yaml");
constexpr double kDeg = M_PI / 180.0;

std::vector<std::vector<double>> simulateCsv(const std::string& task, std::string* header = nullptr) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  const CliResult r = runCli({"simulate", kCraigRobot, "--task", test::sourcePath(task), "--csv", csv, "--method", "newton-euler"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return test::readCsvRows(csv, header);
}

TEST(CliTrajectory, CraigExample71CubicSampleBySample) {
  // a0 = 15, a1 = 0, a2 = 20, a3 = -40/9 (printed -4.44) deg; tf = 3 s; DT = 0.05 s.
  std::string header;
  const auto rows = simulateCsv("robots/craig_example_7_1.yaml", &header);
  EXPECT_EQ(header, "t,q1,qd1,qdd1,f1");
  ASSERT_EQ(rows.size(), 61u);  // t = 0, 0.05, ..., 3.0: the last row is the end, at rest
  for (const auto& r : rows) {
    const double t = r[0];
    const double a3 = -40.0 / 9.0;
    EXPECT_NEAR(r[1], (15 + 20 * t * t + a3 * t * t * t) * kDeg, 1e-13) << t;
    EXPECT_NEAR(r[2], (40 * t + 3 * a3 * t * t) * kDeg, 1e-13) << t;
    EXPECT_NEAR(r[3], (40 + 6 * a3 * t) * kDeg, 1e-13) << t;
    // With the printed a3 = -4.44 the position differs by at most 0.0044 * 27 = 0.12 deg.
    EXPECT_NEAR(r[1] / kDeg, 15 + 20 * t * t - 4.44 * t * t * t, 0.13);
  }
  EXPECT_EQ(rows.front()[0], 0.0);
  EXPECT_NEAR(rows.back()[0], 3.0, 1e-12);
  EXPECT_NEAR(rows.back()[1], 75 * kDeg, 1e-13);
  EXPECT_NEAR(rows.back()[2], 0.0, 1e-13);
}

TEST(CliTrajectory, CraigExample74LspbSampleBySample) {
  // Closed form of Example 7.4 per (7.24)-(7.28), recomputed here: first blend t1, last blend t4,
  // interior blends t2, t3, linear velocities; the motion is piecewise quadratic in between.
  const double th[4] = {10, 35, 25, 10}, td[3] = {2, 1, 3}, a = 50;
  const double a1 = a, t1 = td[0] - std::sqrt(td[0] * td[0] - 2 * (th[1] - th[0]) / a1);
  const double v12 = (th[1] - th[0]) / (td[0] - 0.5 * t1);
  const double a4 = a;  // SGN(th3 - th4) |a| = +50
  const double t4 = td[2] - std::sqrt(td[2] * td[2] + 2 * (th[3] - th[2]) / a4);
  const double v34 = (th[3] - th[2]) / (td[2] - 0.5 * t4);
  const double v23 = (th[2] - th[1]) / td[1];
  const double a2 = -a, t2 = (v23 - v12) / a2, a3 = a, t3 = (v34 - v23) / a3;
  // The book's intermediate results (Example 7.4) with its own formulas: t1 = 0.27, v12 = 13.50
  // printed but 13.40 by (7.26); t2 = 0.47, v23 = -10.0; t4 = 0.1, v34 = -5.10 printed but -5.09
  // by (7.28); t3 (about 0.1) is not in the OCR.
  EXPECT_NEAR(t1, 0.27, 0.005);
  EXPECT_NEAR(v12, 13.40, 0.005);
  EXPECT_NEAR(t2, 0.47, 0.005);
  EXPECT_NEAR(v23, -10.0, 1e-12);
  EXPECT_NEAR(t3, 0.1, 0.005);
  EXPECT_NEAR(t4, 0.1, 0.005);
  EXPECT_NEAR(v34, -5.09, 0.005);
  // Piecewise closed form: first blend, line 1, blend 2 (centred on T1 = 2), line 2, blend 3
  // (centred on T2 = 3), line 3, last blend ending at T3 = 6.
  auto theta = [&](double t) {
    if (t <= t1) return th[0] + 0.5 * a1 * t * t;
    const double line1 = th[0] + v12 * (t - 0.5 * t1);
    if (t <= 2 - 0.5 * t2) return line1;
    if (t <= 2 + 0.5 * t2) {
      const double tb = t - (2 - 0.5 * t2);
      return th[0] + v12 * (2 - 0.5 * t2 - 0.5 * t1) + v12 * tb + 0.5 * a2 * tb * tb;
    }
    if (t <= 3 - 0.5 * t3) return th[1] + v23 * (t - 2);
    if (t <= 3 + 0.5 * t3) {
      const double tb = t - (3 - 0.5 * t3);
      return th[1] + v23 * (1 - 0.5 * t3) + v23 * tb + 0.5 * a3 * tb * tb;
    }
    if (t <= 6 - t4) return th[2] + v34 * (t - 3);
    const double tb = t - (6 - t4);
    return th[2] + v34 * (3 - t4) + v34 * tb + 0.5 * a4 * tb * tb;
  };
  const auto rows = simulateCsv("robots/craig_example_7_4.yaml");
  ASSERT_EQ(rows.size(), 121u);  // 6 s at DT = 0.05 s, t = 0 .. 6
  for (const auto& r : rows) EXPECT_NEAR(r[1] / kDeg, theta(r[0]), 1e-9) << "t = " << r[0];
  EXPECT_NEAR(rows.back()[1] / kDeg, 10.0, 1e-9);
  EXPECT_NEAR(rows.back()[2], 0.0, 1e-12);
}

TEST(CliTrajectory, QuinticAndSplineSampleBySample) {
  {  // Rest-to-rest quintic: a3 = 10 D / T^3, a4 = -15 D / T^4, a5 = 6 D / T^5.
    const auto rows = simulateCsv("robots/craig_quintic.yaml");
    const double D = 60, T = 3;
    for (const auto& r : rows) {
      const double x = r[0] / T;
      EXPECT_NEAR(r[1] / kDeg, 15 + D * (10 * std::pow(x, 3) - 15 * std::pow(x, 4) + 6 * std::pow(x, 5)), 1e-9);
    }
  }
  {  // Example 7.2 (tf1 = tf2 = 2): the closed-form coefficients of both cubics (7.15).
    const double t0 = 5, tv = 15, tg = 40, tf = 2;
    const double a12 = (12 * tv - 3 * tg - 9 * t0) / (4 * tf * tf), a13 = (-8 * tv + 3 * tg + 5 * t0) / (4 * tf * tf * tf);
    const double a21 = (3 * tg - 3 * t0) / (4 * tf), a22 = (-12 * tv + 6 * tg + 6 * t0) / (4 * tf * tf),
                 a23 = (8 * tv - 5 * tg - 3 * t0) / (4 * tf * tf * tf);
    const auto rows = simulateCsv("robots/craig_spline.yaml");
    ASSERT_EQ(rows.size(), 81u);
    for (const auto& r : rows) {
      const double t = r[0];
      const double expected = t <= tf ? t0 + a12 * t * t + a13 * t * t * t
                                      : tv + a21 * (t - tf) + a22 * (t - tf) * (t - tf) + a23 * std::pow(t - tf, 3);
      EXPECT_NEAR(r[1] / kDeg, expected, 1e-9) << "t = " << t;
    }
  }
}

TEST(CliTrajectory, CartesianJsonHasPathLengthAndCsvEndsAtRest) {
  ScratchDir dir;
  const std::string csv = dir.file("square.csv");
  const CliResult r = runCli({"simulate", test::sourcePath("robots/puma560.yaml"), "--task",
                              test::sourcePath("robots/puma560_square_line_arc.yaml"), "--csv", csv, "--json",
                              "--method", "newton-euler"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  EXPECT_NEAR(j["path_length"].number, 0.8 - 8 * 0.03 + 2 * M_PI * 0.03, 1e-12);
  const auto rows = test::readCsvRows(csv);
  ASSERT_GT(rows.size(), 10u);
  EXPECT_EQ(rows.front()[0], 0.0);
  EXPECT_NEAR(j["task_time"].number, rows.back()[0], 1e-12);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(rows.back()[7 + i], 0.0, 1e-12) << "qd" << i + 1;
  // Paul's JSON has no path_length.
  const CliResult paul = runCli({"simulate", test::sourcePath("robots/vora_rrr.yaml"), "--json"});
  ASSERT_EQ(paul.exitCode, 0);
  EXPECT_EQ(paul.out.find("path_length"), std::string::npos);
}

// Bad task files: exit 2, "FILE:LINE: FIELD: message", no CSV written.
void expectRefused(const std::string& text, int line, const std::string& field, const std::string& words,
                   const std::string& robot = kCraigRobot) {
  ScratchDir dir;
  const std::string task = dir.write("task.yaml", text);
  const std::string csv = dir.file("out.csv");
  const CliResult r = runCli({"simulate", robot, "--task", task, "--csv", csv});
  EXPECT_EQ(r.exitCode, 2) << text << "\n" << r.err;
  const std::string where = task + ":" + std::to_string(line) + ": " + field + ": ";
  EXPECT_NE(r.err.find(where), std::string::npos) << "expected '" << where << "' in: " << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << "expected '" << words << "' in: " << r.err;
  EXPECT_FALSE(test::fileExists(csv)) << "a refused run wrote its CSV";
}

TEST(CliTrajectory, BadTaskFilesAreRefusedWithFileLineAndField) {
  expectRefused("name: x\nscheme: trapezoid\njoint_points: [[1], [2]]\n", 2, "scheme", "unknown scheme 'trapezoid'");
  expectRefused("name: x\nscheme: cubic\njoint_points: [[1], [2], [3]]\ndurations: [1]\n", 4, "durations",
                "1 durations for 2 segments");
  expectRefused("name: x\nscheme: cubic\njoint_points: [[1], [2]]\ndurations: [0]\n", 4, "durations[1]", "positive");
  expectRefused("name: x\nscheme: lspb\njoint_points: [[10], [35], [25], [10]]\ndurations: [2, 1, 3]\nacceleration: 5\n",
                5, "acceleration", "segment 1");
  const std::string puma = test::sourcePath("robots/puma560.yaml");
  expectRefused("name: x\nscheme: line\nspeed: -1\npath_acceleration: 1\npoints:\n"
                "  - {xyz: [0.5, 0.1, -0.2], rpy: [0, 180, 0]}\n  - {xyz: [0.6, 0.1, -0.2], rpy: [0, 180, 0]}\n",
                3, "speed", "positive", puma);
  expectRefused("name: x\nscheme: line\nspeed: 0.1\npath_acceleration: 0\npoints:\n"
                "  - {xyz: [0.5, 0.1, -0.2], rpy: [0, 180, 0]}\n  - {xyz: [0.6, 0.1, -0.2], rpy: [0, 180, 0]}\n",
                4, "path_acceleration", "positive", puma);
  expectRefused("name: x\nscheme: line-arc\nspeed: 0.1\npath_acceleration: 1\npoints:\n"
                "  - {xyz: [0.5, 0.1, -0.2], rpy: [0, 180, 0]}\n"
                "  - {xyz: [0.6, 0.1, -0.2], rpy: [0, 180, 0], radius: 0.2}\n"
                "  - {xyz: [0.6, 0.0, -0.2], rpy: [0, 180, 0]}\n",
                7, "points[2].radius", "largest", puma);
  expectRefused("name: x\nscheme: line\nspeed: 0.1\npath_acceleration: 1\npoints:\n"
                "  - {xyz: [0.5, 0.1, -0.2], rpy: [0, 180, 0]}\n  - {xyz: [0.5, 0.1, -0.2], rpy: [0, 180, 0]}\n",
                7, "points[2]", "", puma);
  // An intermediate sample the arm cannot reach within its limits (joint 3 on the way).
  expectRefused("name: x\nscheme: line\nspeed: 0.1\npath_acceleration: 1\npoints:\n"
                "  - {xyz: [0.1, 0.4, -0.2], rpy: [0, 180, 0]}\n  - {xyz: [0.1, -0.4, -0.2], rpy: [0, 180, 0]}\n",
                6, "points[1]", "s = ", puma);
  // Start and goal reachable only in different configurations (Craig 7.5).
  expectRefused("name: x\nscheme: line\nspeed: 0.1\npath_acceleration: 1\npoints:\n"
                "  - {xyz: [0.4, 0.05, -0.2], rpy: [0, 180, 0]}\n  - {xyz: [-0.4, 0.05, -0.2], rpy: [0, 180, 0]}\n",
                7, "points[2]", "cannot change configuration", puma);
}

}  // namespace
}  // namespace armdyn
