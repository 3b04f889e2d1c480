// The ISO 9283 virtual test bench and the error-speed sweep on the IRb-60-like arm
// (robots/irb60.yaml) and its test cube (Stepniewski: centre (1.7, 0, 1) m, edge 0.6 m,
// R = 0.03 m): the test geometry against its definition, the elastic drives' share of the
// path error vanishing like 1/k under computed torque, repeatability zero without noise and
// positive with it, results independent of the thread count, the error-speed exponent and the
// running-speed index against the sweep's own curve, the cube that does not fit (by how much,
// and the largest edge that does), and the reports.
#include "analysis/iso9283_bench.h"
#include "analysis/iso9283_report.h"
#include "analysis/iso9283_run.h"
#include "analysis/speed_sweep.h"
#include "control/controller_settings.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>

namespace armdyn {
namespace {

const IsoCube kCube{Eigen::Vector3d(1.7, 0.0, 1.0), 0.6};
constexpr double kRadius = 0.03;

Session irb60() { return loadSession(test::sourcePath("robots/irb60.yaml")); }

ControllerConfig computedTorque(const Model& model, bool torqueInput = false) {
  ControllerSettings s = studioControllerDefaults();
  s.config.type = ControllerType::ComputedTorque;
  if (torqueInput) s.config.input = DriveInput::Torque;
  return controllerConfig(s, model);
}

}  // namespace

TEST(Iso9283Cube, PosesAndPathsFollowTheirDefinition) {
  const IsoTestPlane plane = isoTestPlane(kCube);
  const auto P = isoPoses(kCube);
  const double a = kCube.edge;
  for (int k = 1; k < 5; ++k) {
    EXPECT_NEAR((P[k] - P[0]).norm(), 0.4 * a * std::sqrt(3.0), 1e-14);       // 10 % of the diagonal from a corner
    EXPECT_NEAR((P[k] - kCube.centre).dot(plane.normal), 0.0, 1e-14);         // on the test plane
    EXPECT_NEAR((P[k] - plane.corners[k - 1]).norm(), 0.1 * a * std::sqrt(3.0), 1e-14);
  }
  EXPECT_NEAR(plane.normal.norm(), 1.0, 1e-15);
  EXPECT_NEAR(plane.across.dot(plane.up), 0.0, 1e-15);
  // Circles: every drawn point at r from P1 (to the 1e-6 r of the construction), length 2 pi r.
  for (IsoPath path : {IsoPath::LargeCircle, IsoPath::SmallCircle}) {
    const double r = path == IsoPath::LargeCircle ? 0.4 * a : 0.04 * a;
    const IsoPathGeometry g = isoPathGeometry(path, kCube, kRadius, Eigen::Matrix3d::Identity());
    const CartesianPath c(g.points, g.flyBy);
    EXPECT_NEAR(c.length(), 2.0 * M_PI * r, 1e-5 * r) << isoPathName(path);
    for (const Eigen::Vector3d& p : c.polyline(1e-3)) {
      EXPECT_NEAR((p - P[0]).norm(), r, 2e-6 * r);
      EXPECT_NEAR((p - P[0]).dot(plane.normal), 0.0, 1e-12);
    }
  }
  // The line runs P2 -> P4: 80 % of the space diagonal.
  const IsoPathGeometry line = isoPathGeometry(IsoPath::Line, kCube, kRadius, Eigen::Matrix3d::Identity());
  EXPECT_NEAR((line.points[1].position - line.points[0].position).norm(), 0.8 * a * std::sqrt(3.0), 1e-14);
  // Stepniewski's section: his eq 5 as corrected, P1 (1.7, 0.3, 1.0), corners on the cube's walls.
  const IsoPathGeometry section = isoPathGeometry(IsoPath::RoundedSquareSection, kCube, kRadius, Eigen::Matrix3d::Identity());
  ASSERT_EQ(section.points.size(), 6u);
  EXPECT_TRUE(section.points[0].position.isApprox(Eigen::Vector3d(1.7, 0.3, 1.0), 1e-15));
  EXPECT_TRUE(section.points[1].position.isApprox(Eigen::Vector3d(2.0, 0.3, 1.0), 1e-15));
  EXPECT_TRUE(section.points[3].position.isApprox(Eigen::Vector3d(1.4, -0.3, 1.0), 1e-15));
  EXPECT_EQ(section.points[2].radius, kRadius);
  const CartesianPath square(section.points, true);
  EXPECT_NEAR(square.length(), 4 * 0.6 - 8 * kRadius + 2 * M_PI * kRadius, 1e-12);  // five lines, four quarter arcs
  EXPECT_THROW(isoPathGeometry(IsoPath::RoundedSquareSection, kCube, 0.2, Eigen::Matrix3d::Identity()), std::invalid_argument);
}

TEST(Iso9283Bench, ElasticShareOfThePathErrorVanishesLikeOneOverK) {
  // Stepniewski's square at 0.5 m/s, 6 m/s^2 under computed torque on joint torques (ideal
  // actuators), Coulomb friction off: the stiffer the drives, the closer AT comes to the rigid
  // arm's (the servo's own, 0.02 mm), each tenfold stiffening cutting the elastic share about
  // tenfold.
  Session session = irb60();
  std::vector<double> at;
  for (double factor : {1.0, 10.0, 100.0, 1000.0, 0.0}) {
    RobotSpec spec = session.robot;
    for (LinkSpec& link : spec.links) {
      DriveSpec& d = *link.drive;
      d.coulombPositive = d.coulombNegative = 0.0;
      d.stiffness *= factor;
      d.damping *= std::sqrt(factor);  // the same damping ratio
    }
    const Model model(spec);
    const iso_detail::PlannedPath plan = iso_detail::planPath(
        model, computedTorque(model, true), isoPathGeometry(IsoPath::RoundedSquareSection, kCube, kRadius, Eigen::Matrix3d::Identity()), 0.5, 6.0, "",
        "rounded_square_section");
    std::vector<iso_detail::PathRunData> runs;
    for (int c = 0; c < 2; ++c)
      runs.push_back(iso_detail::runPlannedPath(model, computedTorque(model, true), plan, 0.2, IsoNoise(), c));
    const IsoPathResult r = iso_detail::evaluatePathRuns(plan, {&runs[0], &runs[1]});
    at.push_back(r.characteristics.AT);
    EXPECT_LT(r.characteristics.RT, 1e-12);  // deterministic without noise
  }
  std::printf("AT at k x 1, 10, 100, 1000 and rigid: %.4g %.4g %.4g %.4g %.4g mm\n", 1e3 * at[0], 1e3 * at[1], 1e3 * at[2],
              1e3 * at[3], 1e3 * at[4]);
  const double rigid = at[4];
  EXPECT_LT(rigid, 5e-5);
  EXPECT_GT(at[0], 5e-3);  // tens of millimetres with the paper's stiffness
  for (int k = 0; k + 1 < 4; ++k) {
    EXPECT_LT(at[k + 1] - rigid, 0.2 * (at[k] - rigid)) << k;  // about tenfold per tenfold stiffness
    EXPECT_GT(at[k + 1] - rigid, 0.0) << k;
  }
}

TEST(Iso9283Bench, PathVelocityOfAnArmThatFollowsExactly) {
  // The rigid, frictionless arm under computed torque on joint torques follows the line P2 -> P4
  // at the commanded 0.5 m/s: AV and FV near zero, measured on the cruise (the profile's
  // constant-speed pieces merged into one stretch).
  Session session = irb60();
  RobotSpec spec = session.robot;
  for (LinkSpec& link : spec.links) {
    DriveSpec& d = *link.drive;
    d.coulombPositive = d.coulombNegative = 0.0;
    d.stiffness = d.damping = 0.0;
  }
  const Model model(spec);
  const iso_detail::PlannedPath plan = iso_detail::planPath(
      model, computedTorque(model, true), isoPathGeometry(IsoPath::Line, kCube, kRadius, Eigen::Matrix3d::Identity()), 0.5, 6.0, "", "line");
  std::vector<iso_detail::PathRunData> runs;
  for (int c = 0; c < 2; ++c)
    runs.push_back(iso_detail::runPlannedPath(model, computedTorque(model, true), plan, 0.2, IsoNoise(), c));
  const IsoPathResult r = iso_detail::evaluatePathRuns(plan, {&runs[0], &runs[1]});
  std::printf("rigid line: AV %.3g %%, FV %.3g mm/s, mean %.6g m/s\n", r.velocity.AV, 1e3 * r.velocity.FV, r.velocity.meanSpeed);
  // Measured: AV -0.0009 %, FV 0.13 mm/s (the servo's ripple at 1 kHz).
  EXPECT_NEAR(r.velocity.meanSpeed, 0.5, 5e-5);
  EXPECT_LT(std::abs(r.velocity.AV), 0.01);
  EXPECT_LT(r.velocity.FV, 1e-3);
}

TEST(Iso9283Bench, RepeatabilityComesFromTheNoiseAndTheThreadsDoNotMatter) {
  Session session = irb60();
  const Model model(session.robot);
  const ControllerConfig controller = computedTorque(model);
  IsoBenchOptions o;
  o.cube = kCube;
  o.cornerRadius = kRadius;
  o.ratedSpeed = 0.5;
  o.pathAcceleration = 6.0;
  o.speedFractions = {0.5};
  o.poseCycles = 3;
  o.pathCycles = 2;
  o.paths = {IsoPath::Line, IsoPath::Rectangle};
  o.noise = IsoNoise();
  o.threads = 2;
  const IsoBenchResult exact = runIsoBench(model, controller, o);
  ASSERT_EQ(exact.speeds.size(), 1u);
  EXPECT_LT(exact.speeds[0].RP, 1e-12);  // identical runs: zero up to the barycentre's rounding
  EXPECT_LT(exact.speeds[0].RT, 1e-12);
  EXPECT_GT(exact.speeds[0].AP, 0.0);
  EXPECT_GT(exact.speeds[0].AT, 0.0);
  EXPECT_GT(exact.speeds[0].CR, 0.0);
  EXPECT_EQ(exact.runs, 3 * 5 + 2 * 2);
  o.noise = defaultIsoNoise();
  const IsoBenchResult noisy = runIsoBench(model, controller, o);
  EXPECT_GT(noisy.speeds[0].RP, 0.0);
  EXPECT_GT(noisy.speeds[0].RT, 0.0);
  o.threads = 1;
  const IsoBenchResult serial = runIsoBench(model, controller, o);
  EXPECT_EQ(serial.speeds[0].RP, noisy.speeds[0].RP);  // each run's generator is seeded by its index
  EXPECT_EQ(serial.speeds[0].AT, noisy.speeds[0].AT);
  EXPECT_EQ(serial.speeds[0].CO, noisy.speeds[0].CO);
  // Cancelling from the progress callback stops early and reports no characteristics.
  o.progress = [](double fraction) { return fraction < 0.2; };
  const IsoBenchResult cancelled = runIsoBench(model, controller, o);
  EXPECT_TRUE(cancelled.cancelled);
  EXPECT_TRUE(cancelled.speeds.empty());
  EXPECT_LT(cancelled.runs, 19);
  // Reports: the JSON keys of the contract, a PDF whose cross-reference offset is right.
  const std::string json = isoBenchJson(noisy);
  for (const char* key : {"\"AP\"", "\"RP\"", "\"AT\"", "\"RT\"", "\"CR\"", "\"CO\"", "\"AV\"", "\"RV\"", "\"FV\""})
    EXPECT_NE(json.find(key), std::string::npos) << key;
  const std::string pdf = isoBenchPdf(noisy, ReportTitle{"test arm", "", "2026-11-28", "9.9"});
  ASSERT_EQ(pdf.rfind("%PDF-1.4", 0), 0u);
  const std::size_t at = pdf.rfind("startxref\n");
  ASSERT_NE(at, std::string::npos);
  const std::size_t offset = std::stoul(pdf.substr(at + 10));
  ASSERT_EQ(pdf.compare(offset, 4, "xref"), 0);
  // Every object's entry in the cross-reference table points at "k 0 obj".
  std::size_t entry = pdf.find('\n', pdf.find('\n', offset) + 1) + 1;  // after "xref" and "0 7"
  entry += 20;  // the free entry of object 0
  for (int k = 1; k <= 6; ++k, entry += 20) {
    const std::size_t objectAt = std::stoul(pdf.substr(entry, 10));
    EXPECT_EQ(pdf.compare(objectAt, std::to_string(k).size() + 6, std::to_string(k) + " 0 obj"), 0) << k;
  }
  const std::string svg = isoBenchSvg(noisy, ReportTitle{"test arm", "", "2026-11-28", "9.9"});
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  // The title block (issue 22): heading, robot, date and version, as the sizing report's.
  for (const char* t : {"(ISO 9283 virtual test bench) Tj", "(Robot: test arm) Tj", "(2026-11-28) Tj", "(armdyn 9.9) Tj"})
    EXPECT_NE(pdf.find(t), std::string::npos) << t;
  const std::string sweep = speedSweepPdf(SpeedSweepResult{}, ReportTitle{"test arm", "square", "2026-11-28", "9.9"});
  for (const char* t : {"(Error against path speed) Tj", "(Robot: test arm) Tj", "(2026-11-28) Tj", "(armdyn 9.9) Tj",
                        "(Path: square) Tj"})
    EXPECT_NE(sweep.find(t), std::string::npos) << t;
}

TEST(Iso9283Bench, ErrorGrowsAboutWithTheSquareOfTheSpeed) {
  // Stepniewski fig. 7 on the IRb-60-like arm: his square, ten speeds 0.05..0.5 m/s (the same
  // motion time-scaled: 6 m/s^2 at 0.5 m/s), computed torque on the motor-side encoders. The
  // issue's band for the fitted exponent: [1.6, 2.4]. The index: the largest speed whose
  // Delta stays within 1 mm, between the fastest passing and the slowest failing swept speed.
  Session session = irb60();
  const Model model(session.robot);
  SpeedSweepOptions o;
  o.name = "rounded_square_section";
  o.geometry = isoPathGeometry(IsoPath::RoundedSquareSection, kCube, kRadius, Eigen::Matrix3d::Identity());
  o.pathAcceleration = 6.0;
  o.maxSpeed = 0.5;
  o.tolerance = 1e-3;
  const SpeedSweepResult r = runSpeedSweep(model, computedTorque(model), o);
  ASSERT_EQ(r.speeds.size(), 10u);
  std::printf("Delta (mm):");
  for (double d : r.deviation) std::printf(" %.4g", 1e3 * d);
  std::printf("\nfit: Delta = %.4g mm v^%.3f; running-speed index %.4g m/s\n", 1e3 * r.coefficient, r.exponent,
              r.runningSpeedIndex);
  EXPECT_GE(r.exponent, 1.6);
  EXPECT_LE(r.exponent, 2.4);
  EXPECT_GT(r.deviation.back(), 1e-2);  // tens of millimetres at 0.5 m/s
  EXPECT_GT(r.deviation.back(), 10.0 * r.deviation.front());
  ASSERT_TRUE(r.indexFound);
  int lastPass = -1;
  for (std::size_t k = 0; k < r.speeds.size() && r.deviation[k] <= o.tolerance; ++k) lastPass = static_cast<int>(k);
  ASSERT_GE(lastPass, 0);
  ASSERT_LT(lastPass, 9);
  EXPECT_GE(r.runningSpeedIndex, r.speeds[static_cast<std::size_t>(lastPass)]);
  EXPECT_LT(r.runningSpeedIndex, r.speeds[static_cast<std::size_t>(lastPass) + 1]);
  // The bisection's own runs: the index itself passes; every faster bisection speed fails.
  bool indexRun = false;
  for (std::size_t k = 0; k < r.bisectionSpeeds.size(); ++k) {
    if (r.bisectionSpeeds[k] == r.runningSpeedIndex) {
      indexRun = true;
      EXPECT_LE(r.bisectionDeviation[k], o.tolerance);
    }
    if (r.bisectionSpeeds[k] > r.runningSpeedIndex) {
      EXPECT_GT(r.bisectionDeviation[k], o.tolerance);
    }
  }
  EXPECT_TRUE(indexRun || r.runningSpeedIndex == r.speeds[static_cast<std::size_t>(lastPass)]);
  // A tolerance <= 0 is refused, naming the option.
  o.tolerance = 0.0;
  try {
    runSpeedSweep(model, computedTorque(model), o);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--tolerance");
  }
}

TEST(Iso9283Bench, ACubeThatDoesNotFitSaysByHowMuchAndWhatFits) {
  Session session = irb60();
  const Model model(session.robot);
  IsoBenchOptions o;
  o.ratedSpeed = 0.5;
  o.pathAcceleration = 6.0;
  o.cube = IsoCube{Eigen::Vector3d(1.7, 0.0, 1.0), 2.0};
  std::string message;
  try {
    validateIsoBench(model, o);
    FAIL() << "a 2 m cube at 1.7 m fits the arm";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "iso9283.cube.edge");
    message = e.message();
  }
  EXPECT_NE(message.find("beyond the arm's reach"), std::string::npos) << message;
  // The edge the message offers fits; 2 cm more does not.
  const std::size_t at = message.find("at most ");
  ASSERT_NE(at, std::string::npos) << message;
  const double fits = std::stod(message.substr(at + 8));
  EXPECT_GT(fits, 0.6);  // the paper's cube fits
  o.cube->edge = fits;
  EXPECT_NO_THROW({
    IsoBenchOptions corners = o;
    corners.cornerRadius = 0.03;
    // The corners fit; the test paths lie inside them.
    validateIsoBench(model, corners);
  });
  o.cube->edge = fits + 0.02;
  EXPECT_THROW(validateIsoBench(model, o), InputError);
  o.cube->edge = 0.6;
  o.ratedSpeed = -1.0;
  try {
    validateIsoBench(model, o);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "iso9283.rated_speed");
  }
}

}  // namespace armdyn
