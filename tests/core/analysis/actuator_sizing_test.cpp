// Actuator sizing (analysis/actuator_sizing.h) against closed forms on one inertial joint (the
// inertia-matching and RMS-optimal gear ratios, the motor's RMS torque at the optimum), a
// pass/fail case on each side of every rating, the dwell's holding torque in the RMS, and the
// largest-payload search bracketing the mass at which the first joint fails.
#include "analysis/actuator_sizing.h"

#include "analysis/payload_search.h"
#include "analysis/sizing_report.h"
#include "dynamics/inverse_dynamics.h"
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace armdyn {
namespace {

// One revolute joint about the vertical axis (no gravity torque): M_11 = 0.25 + 1e-4 kg m^2,
// a geared drive without friction or motor.
RobotSpec rotor(double gear, double rotorInertia, double efficiency) {
  RobotSpec spec;
  spec.name = "rotor";
  LinkSpec l;
  l.name = "LINK1";
  l.dh.a = 0.5;
  l.vMax = 1.0;
  l.aMax = 2.0;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 1.0;
  l.inertia.inertiaCom = Eigen::Matrix3d::Identity() * 1e-4;
  DriveSpec d;
  d.gearRatio = gear;
  d.rotorInertia = rotorInertia;
  d.efficiency = efficiency;
  l.drive = d;
  spec.links.push_back(l);
  spec.actuatorMassRule = false;
  spec.dt = 0.001;
  return spec;
}

TaskSpec jointTask(double fromDeg, double toDeg) {
  TaskSpec t;
  t.name = "swing";
  t.scheme = TaskScheme::Cubic;
  t.jointPoints.resize(2, 1);
  t.jointPoints << fromDeg, toDeg;
  t.jointPointLines = {0, 0};
  return t;
}

SizingReport sizeOne(const Model& model, const RunRecord& run, double dwell = 0.0) {
  return sizeActuators(model, {{&run, dwell, "swing"}});
}

TEST(ActuatorSizing, GearRatiosOnASingleInertialJoint) {
  const double J = 0.25 + 1e-4, Jm = 2e-5;
  for (double eta : {1.0, 0.8}) {
    SCOPED_TRACE(eta);
    const Model model(rotor(50.0, Jm, eta));
    const RunRecord run = simulateTask(model, jointTask(0, 60));
    const JointSizing s = sizeOne(model, run).joints[0];
    EXPECT_NEAR(s.inertiaMin, J, 1e-12);
    EXPECT_NEAR(s.inertiaMax, J, 1e-12);
    EXPECT_NEAR(s.inertiaMatchingRatio, std::sqrt(J / Jm), 1e-9);
    // tau_L = J qdd: N* = (J^2 / (eta^2 Jm^2))^(1/4) = sqrt(J / (eta Jm)).
    EXPECT_NEAR(s.rmsOptimalRatio, std::sqrt(J / (eta * Jm)), 1e-8);
    EXPECT_NEAR(s.rotorReflected, 50.0 * 50.0 * Jm, 1e-15);
  }
  // At N* (eta = 1) the motor torque is (J / N + Jm N) qdd = 2 sqrt(J Jm) qdd, and its RMS is the
  // smallest of all ratios.
  const double best = std::sqrt(J / Jm);
  double rmsAcc = 0.0;
  std::vector<double> rms;
  for (double N : {best / 1.1, best, best * 1.1}) {
    const Model model(rotor(N, Jm, 1.0));
    const RunRecord run = simulateTask(model, jointTask(0, 60));
    double sq = 0.0;
    for (int k = 0; k < run.samples(); ++k) {
      const double w = (k > 0 ? 0.5 * (run.t[k] - run.t[k - 1]) : 0.0) +
                       (k + 1 < run.samples() ? 0.5 * (run.t[k + 1] - run.t[k]) : 0.0);
      sq += run.qdd(k, 0) * run.qdd(k, 0) * w;
    }
    rmsAcc = std::sqrt(sq / run.t.back());
    rms.push_back(sizeOne(model, run).joints[0].rmsMotorTorque);
  }
  EXPECT_NEAR(rms[1], 2.0 * std::sqrt(J * Jm) * rmsAcc, 1e-12);
  EXPECT_GT(rms[0], rms[1]);
  EXPECT_GT(rms[2], rms[1]);
}

// A drive with a motor and every rating; the run is made once, the ratings only change the
// checks.
RobotSpec ratedRotor() {
  RobotSpec spec = rotor(50.0, 2e-5, 0.9);
  DriveSpec& d = *spec.links[0].drive;
  d.hasMotor = true;
  d.resistance = 1.0;
  d.ke = d.kt = 0.05;
  d.voltageLimit = 1e6;
  d.currentLimit = 1e6;
  d.continuousTorque = 1e6;
  d.peakTorque = 1e6;
  d.maxSpeed = 1e6;
  spec.links[0].fMax = 1e6;
  return spec;
}

// The walkthrough: the PUMA's wrist roll (joint 4) does not move along the weld seam (peak speed
// 1e-15 rad/s, rounding), and its RMS-optimal ratio came out 1.7e8 from an RMS acceleration of
// rounding. A joint at rest by the report's resolution has none (0, "-" in the text); the moving
// joints keep theirs, within the usable-ratio scan's N / 30 to 30 N.
TEST(ActuatorSizing, AJointAtRestHasNoRmsOptimalRatio) {
  const Model model(test::libraryRobotSpec("puma560"));
  const RunRecord run = simulateTask(model, loadTask(test::sourcePath("robots/puma560_weld_seam.yaml")));
  const SizingReport r = sizeActuators(model, {{&run, 0.0, "weld seam"}});
  const SizingScales sc = sizingScales(r);
  int atRest = 0;
  for (std::size_t j = 0; j < r.joints.size(); ++j) {
    const JointSizing& J = r.joints[j];
    SCOPED_TRACE("joint " + std::to_string(j + 1));
    ASSERT_TRUE(J.hasDrive);
    if (J.peakSpeed < kSizingResolution * sc.speed) {
      ++atRest;
      EXPECT_EQ(J.rmsOptimalRatio, 0.0);
    } else {
      EXPECT_GT(J.rmsOptimalRatio, J.gearRatio / 30.0);
      EXPECT_LT(J.rmsOptimalRatio, J.gearRatio * 30.0);
    }
  }
  EXPECT_EQ(atRest, 1);  // joint 4 only
  EXPECT_LT(r.joints[3].peakSpeed, 1e-12);
  const std::string text = sizingText(model, r);
  EXPECT_EQ(text.find("e+08"), std::string::npos) << text;
}

// The motor-side figures are rounded against the motor shaft's torques only. The gearbox mean
// torque (load side, tens of N m) was once part of that scale, and the wrist roll's motor RMS
// (2.4e-5 N m, above a millionth of the largest motor torque, 0.77 N m) printed as 0 beside its
// peak of 7.3e-5 N m.
TEST(ActuatorSizing, MotorSideFiguresAreRoundedAgainstMotorTorquesOnly) {
  const Model model(test::libraryRobotSpec("puma560"));
  const RunRecord run = simulateTask(model, loadTask(test::sourcePath("robots/puma560_weld_seam.yaml")));
  const SizingReport r = sizeActuators(model, {{&run, 0.0, "weld seam"}});
  double largest = 0.0, gearbox = 0.0;
  for (const JointSizing& J : r.joints) {
    largest = std::max({largest, std::abs(J.peakMotorTorque), J.rmsMotorTorque});
    gearbox = std::max(gearbox, J.gearboxMeanTorque);
  }
  ASSERT_GT(gearbox, 10.0 * largest);  // the case: load-side torques far above the motors'
  EXPECT_EQ(sizingScales(r).motorTorque, largest);
  const JointSizing& wrist = r.joints[3];
  ASSERT_GT(wrist.rmsMotorTorque, kSizingResolution * largest);
  ASSERT_LT(wrist.rmsMotorTorque, kSizingResolution * gearbox);
  // Its row of the text's motor table: joint, N, eta, peak, RMS, ...
  const std::string text = sizingText(model, r);
  const std::size_t table = text.find("Motor side");
  ASSERT_NE(table, std::string::npos) << text;
  const std::size_t row = text.find("\n4 ", table);
  ASSERT_NE(row, std::string::npos) << text;
  std::istringstream in(text.substr(row + 1, text.find('\n', row + 1) - row - 1));
  std::string joint, ratio, eta, peak, rms;
  in >> joint >> ratio >> eta >> peak >> rms;
  EXPECT_NEAR(std::stod(rms), wrist.rmsMotorTorque, 1e-4 * wrist.rmsMotorTorque) << text;
  // The columns a reader cannot guess are said under the table.
  EXPECT_NE(text.find("N RMS*: the ratio that minimises the\n  motor's RMS torque"), std::string::npos) << text;
  EXPECT_NE(text.find("-: no rotor inertia given (for N RMS* also: the joint does not move)"), std::string::npos) << text;
  EXPECT_NE(text.find("(+: the range reaches the scan's edge"), std::string::npos) << text;
}

TEST(ActuatorSizing, PassAndFailOnEachSideOfEveryRating) {
  const RobotSpec base = ratedRotor();
  const Model model(base);
  const RunRecord run = simulateTask(model, jointTask(0, 60));
  const SizingReport ref = sizeOne(model, run);
  ASSERT_EQ(ref.joints[0].checks.size(), 6u);
  ASSERT_TRUE(ref.pass && *ref.pass);
  for (const SizingCheck& c : ref.joints[0].checks) {
    for (double factor : {1.0 + 1e-6, 1.0 - 1e-6}) {
      RobotSpec spec = base;
      DriveSpec& d = *spec.links[0].drive;
      const double limit = c.value * factor;
      if (c.name == "continuous_torque") d.continuousTorque = limit;
      else if (c.name == "peak_torque") d.peakTorque = limit;
      else if (c.name == "max_speed") d.maxSpeed = limit;
      else if (c.name == "voltage") d.voltageLimit = limit;
      else if (c.name == "current") d.currentLimit = limit;
      else if (c.name == "fmax") spec.links[0].fMax = limit;
      else FAIL() << c.name;
      if (c.name == "continuous_torque") d.peakTorque = std::max(d.peakTorque, limit);
      const SizingReport r = sizeOne(Model(spec), run);
      const JointSizing& j = r.joints[0];
      bool found = false;
      for (const SizingCheck& k : j.checks)
        if (k.name == c.name) {
          found = true;
          EXPECT_EQ(k.pass, factor > 1.0) << c.name;
          EXPECT_NEAR(k.margin, 100.0 * (1.0 - 1.0 / factor), 1e-6) << c.name;
        }
      EXPECT_TRUE(found) << c.name;
      ASSERT_TRUE(j.pass.has_value());
      EXPECT_EQ(*j.pass, factor > 1.0) << c.name;
    }
  }
}

TEST(ActuatorSizing, DwellHoldsGravityInTheRms) {
  // The rotor turned into a pendulum in a vertical plane.
  RobotSpec spec = rotor(50.0, 2e-5, 1.0);
  spec.links[0].dh.alpha = M_PI / 2;
  spec.gravity = Eigen::Vector3d(0, 9.8, 0);
  const Model model(spec);
  const RunRecord run = simulateTask(model, jointTask(0, 60));
  const double dwell = 0.7;
  const JointSizing s = sizeOne(model, run, dwell).joints[0];
  double sq = 0.0;
  for (int k = 0; k + 1 < run.samples(); ++k)
    sq += 0.5 * (run.force(k, 0) * run.force(k, 0) + run.force(k + 1, 0) * run.force(k + 1, 0)) * (run.t[k + 1] - run.t[k]);
  const Eigen::VectorXd qEnd = run.q.row(run.samples() - 1).transpose();
  const double hold = inverseDynamics(model, qEnd, Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1))(0);
  EXPECT_NEAR(std::abs(hold), 9.8 * 0.5 * std::cos(M_PI / 3), 1e-12);  // m g r cos(60 deg)
  EXPECT_NEAR(s.rmsTorque, std::sqrt((sq + hold * hold * dwell) / (run.t.back() + dwell)), 1e-12);
  // integral |qd| dt = the distance, to the trapezoidal rule's O(dt^2) on DT = 1 ms.
  EXPECT_NEAR(s.meanSpeed * (run.t.back() + dwell), M_PI / 3, 1e-6);
}

TEST(ActuatorSizing, LargestPayloadBracketsTheFirstFailure) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const std::vector<TaskSpec> tasks{loadTask(test::sourcePath("robots/puma560_weld_seam.yaml"))};
  const PayloadSearch p = largestPayload(s.robot, tasks, {});
  ASSERT_TRUE(p.bounded);
  EXPECT_GT(p.largest, 0.0);
  EXPECT_LE(p.failing - p.largest, 1e-3 * p.failing);
  const auto check = [&](double mass) {
    RobotSpec spec = s.robot;
    RigidBodyInertia load;
    load.mass = mass;
    spec.payload = load;
    const Model model(spec);
    const RunRecord run = simulateTask(model, tasks[0]);
    return sizeOne(model, run);
  };
  const SizingReport ok = check(p.largest);
  ASSERT_TRUE(ok.pass);
  EXPECT_TRUE(*ok.pass);
  const SizingReport bad = check(p.failing);
  ASSERT_TRUE(bad.pass);
  EXPECT_FALSE(*bad.pass);
  ASSERT_TRUE(bad.joints[p.failingJoint].pass);
  EXPECT_FALSE(*bad.joints[p.failingJoint].pass);
  // The joint that fails first: no other joint fails at the failing mass.
  for (std::size_t j = 0; j < bad.joints.size(); ++j)
    if (static_cast<int>(j) != p.failingJoint) {
      EXPECT_TRUE(!bad.joints[j].pass || *bad.joints[j].pass) << j;
    }
}

// A time-optimal task keeps every limit by construction: a heavier payload ends where no timing
// is left (gravity and the supply voltage), which the search reports as the failing payload
// instead of stopping with the error.
TEST(ActuatorSizing, LargestPayloadOfATimeOptimalTaskEndsWhereNoTimingIsLeft) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const std::vector<TaskSpec> tasks{loadTask(test::sourcePath("robots/puma560_weld_seam_time_optimal.yaml"))};
  const PayloadSearch p = largestPayload(s.robot, tasks, {});
  ASSERT_TRUE(p.bounded);
  EXPECT_GT(p.largest, 1.0);
  EXPECT_LE(p.failing - p.largest, 1e-3 * p.failing);
  EXPECT_EQ(p.failingCheck.rfind("no timing", 0), 0u) << p.failingCheck;
  EXPECT_THROW(largestPayload(s.robot, tasks, {}, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
