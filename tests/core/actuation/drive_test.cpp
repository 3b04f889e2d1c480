// Drive model: friction limits and dissipation, reflected inertia, refusal of inconsistent
// data, drive-inclusive inverse dynamics against closed forms for a single joint, and the
// holding voltage of Anderson's shoulder against the reference note's figure.
#include "actuation/drive.h"
#include "actuation/drive_dynamics.h"
#include "dynamics/rnea.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

DriveSpec sampleDrive() {
  DriveSpec d;
  d.gearRatio = 50.0;
  d.rotorInertia = 2e-4;
  d.reflectedInertia = 0.1;
  d.viscous = 3.0;
  d.coulombPositive = 5.0;
  d.coulombNegative = 8.0;
  d.hasMotor = true;
  d.resistance = 1.6;
  d.inductance = 0.0048;
  d.ke = 0.26;
  d.kt = 0.2611;
  return d;
}

TEST(Drive, FrictionTendsToViscousPlusCoulombEachWay) {
  const DriveSpec d = sampleDrive();
  const double vs = 0.01;
  // tanh(qd/vs) = 1 to rounding for qd = 50 vs: the limits hold to 1e-12.
  EXPECT_NEAR(frictionTorque(d, 0.5, vs), 3.0 * 0.5 + 5.0, 1e-12);
  EXPECT_NEAR(frictionTorque(d, -0.5, vs), -3.0 * 0.5 - 8.0, 1e-12);
  EXPECT_EQ(frictionTorque(d, 0.0, vs), 0.0);
  // Dissipative everywhere, and the stiffness bound covers the steepest finite difference.
  double steepest = 0.0;
  for (double qd = -0.05; qd <= 0.05; qd += 1e-5) {
    EXPECT_GE(frictionTorque(d, qd, vs) * qd, 0.0) << qd;
    steepest = std::max(steepest, (frictionTorque(d, qd + 1e-7, vs) - frictionTorque(d, qd - 1e-7, vs)) / 2e-7);
  }
  EXPECT_LE(steepest, frictionStiffness(d, vs));
  EXPECT_GT(steepest, 0.5 * frictionStiffness(d, vs));  // and is not a loose bound
}

TEST(Drive, FastTanhMatchesLibm) {
  // The one-exp tanh of the friction law against std::tanh over 1e-8..40 (both signs, seeded):
  // absolute error below 4e-16 (two roundings of the quotient plus exp's own), 0 at 0, +-1 far
  // out.
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> exponent(-8.0, 1.6);
  double worst = 0.0;
  for (int k = 0; k < 100000; ++k) {
    const double x = (k % 2 ? -1.0 : 1.0) * std::pow(10.0, exponent(rng));
    worst = std::max(worst, std::abs(fastTanh(x) - std::tanh(x)));
  }
  EXPECT_LT(worst, 4e-16);
  EXPECT_EQ(fastTanh(0.0), 0.0);
  EXPECT_EQ(fastTanh(25.0), 1.0);
  EXPECT_EQ(fastTanh(-25.0), -1.0);
}

TEST(Drive, ReflectedInertiaAndElectricalLimits) {
  const DriveSpec d = sampleDrive();
  EXPECT_DOUBLE_EQ(reflectedInertia(d), 50.0 * 50.0 * 2e-4 + 0.1);
  EXPECT_DOUBLE_EQ(electricalTimeConstant(d), 0.003);
  EXPECT_NEAR(rk4ElectricalStepLimit(d), 2.785 * 0.003, 1e-15);
  // Geared reading (reference note): joint torque N kt i, back-EMF ke N qd.
  EXPECT_DOUBLE_EQ(motorJointTorque(d, 2.0), 50.0 * 0.2611 * 2.0);
  EXPECT_DOUBLE_EQ(backEmf(d, 1.5), 0.26 * 50.0 * 1.5);
}

// The ModelError message validateDrive raises for `d`, or "" if it accepts it.
std::string refusal(const DriveSpec& d) {
  try {
    validateDrive(d, "links[2].drive");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

TEST(Drive, RefusesInconsistentData) {
  EXPECT_EQ(refusal(sampleDrive()), "");
  DriveSpec d = sampleDrive();
  d.inductance = -0.001;
  EXPECT_NE(refusal(d).find("links[2].drive.motor.L"), std::string::npos) << refusal(d);
  EXPECT_NE(refusal(d).find("negative"), std::string::npos);
  d = sampleDrive();
  d.resistance = -1.0;
  EXPECT_NE(refusal(d).find("links[2].drive.motor.R"), std::string::npos);
  d.resistance = 0.0;
  EXPECT_NE(refusal(d).find("motor.R"), std::string::npos);
  d = sampleDrive();
  d.gearRatio = std::nan("");
  EXPECT_NE(refusal(d).find("gear_ratio"), std::string::npos);
  d = sampleDrive();
  d.gearRatio = 0.0;
  EXPECT_NE(refusal(d).find("gear_ratio"), std::string::npos);
  d = sampleDrive();
  d.coulombNegative = -2.0;
  EXPECT_NE(refusal(d).find("coulomb"), std::string::npos);
  d = sampleDrive();
  d.ke = 27.2;  // 0.26 V s/rad typed in V/krpm
  EXPECT_NE(refusal(d).find("ke = kt"), std::string::npos) << refusal(d);
  d = sampleDrive();
  d.kt = 0.3;  // 15% apart: accepted with a warning
  EXPECT_EQ(refusal(d), "");
  ASSERT_EQ(driveWarnings(d, "links[2].drive").size(), 1u);
  EXPECT_NE(driveWarnings(d, "links[2].drive")[0].find("10%"), std::string::npos);
  EXPECT_TRUE(driveWarnings(sampleDrive(), "x").empty());
}

// One revolute joint about a vertical axis (no gravity torque): I about the axis 0.4 kg m^2.
RobotSpec singleJoint(const DriveSpec& drive) {
  RobotSpec r;
  r.name = "single joint";
  r.actuatorMassRule = false;
  LinkSpec l;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 2.0;
  l.inertia.com = Eigen::Vector3d::Zero();
  l.inertia.inertiaCom = Eigen::Vector3d(0.3, 0.3, 0.4).asDiagonal();
  l.drive = drive;
  r.links = {l};
  return r;
}

TEST(DriveDynamics, SingleJointClosedForm) {
  const DriveSpec d = sampleDrive();
  const Model model(singleJoint(d));
  // q = sin(w t): qd = w cos, qdd = -w^2 sin; tau = (I + Jr) qdd + f(qd); i = tau / (N kt);
  // u = R i + ke N qd + L di/dt with di/dt = ((I + Jr) qddd + f'(qd) qdd) / (N kt).
  const double w = 2.0, I = 0.4, Jr = reflectedInertia(d), vs = kDefaultFrictionVelocityScale;
  std::vector<double> t;
  const int m = 2001;
  Eigen::MatrixXd q(m, 1), qd(m, 1), qdd(m, 1);
  for (int k = 0; k < m; ++k) {
    t.push_back(1e-3 * k);
    q(k, 0) = std::sin(w * t[k]);
    qd(k, 0) = w * std::cos(w * t[k]);
    qdd(k, 0) = -w * w * std::sin(w * t[k]);
  }
  const DriveDemand demand = driveDemand(model, t, q, qd, qdd);
  for (int k = 100; k < m - 1; k += 97) {
    const double tau = (I + Jr) * qdd(k, 0) + frictionTorque(d, qd(k, 0), vs);
    EXPECT_NEAR(demand.rigidBody(k, 0), I * qdd(k, 0), 1e-12);
    EXPECT_NEAR(demand.total(k, 0), tau, 1e-10);
    const double i = tau / (d.gearRatio * d.kt);
    EXPECT_NEAR(demand.current(k, 0), i, 1e-12);
    const double fslope = (frictionTorque(d, qd(k, 0) + 1e-7, vs) - frictionTorque(d, qd(k, 0) - 1e-7, vs)) / 2e-7;
    const double qddd = -w * w * w * std::cos(w * t[k]);
    const double di = ((I + Jr) * qddd + fslope * qdd(k, 0)) / (d.gearRatio * d.kt);
    const double u = d.resistance * i + d.ke * d.gearRatio * qd(k, 0) + d.inductance * di;
    // Central differences at 1 ms: O(h^2) error in di/dt, times L: well under 1e-3 V here
    // except near velocity reversals where the friction term's slope is steep (checked apart).
    if (std::abs(qd(k, 0)) > 0.1) {
      EXPECT_NEAR(demand.voltage(k, 0), u, 1e-3) << t[k];
    }
  }
  // Drive terms off: the rigid-body torque alone (what --rigid-body prints).
  DynamicsData data(model);
  Eigen::VectorXd tau(1), tauRb(1);
  Eigen::VectorXd q1(1), qd1(1), qdd1(1);
  q1 << 0.3;
  qd1 << -0.7;
  qdd1 << 1.1;
  driveInverseDynamics(model, data, q1, qd1, qdd1, tauRb, true);
  driveInverseDynamics(model, data, q1, qd1, qdd1, tau, false);
  EXPECT_NEAR(tauRb(0), I * 1.1, 1e-14);
  EXPECT_NEAR(tau(0) - tauRb(0), Jr * 1.1 + frictionTorque(d, -0.7, vs), 1e-14);
}

TEST(DriveDynamics, AndersonShoulderHoldingVoltage) {
  // Reference note: holding the arm horizontal (q2 = 0, q3 = 90 deg) takes 383 V in the literal
  // reading (torque = kt i); geared, the motor needs 383 V / N2. Static: u = R G2 / (N kt).
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  std::vector<double> t = {0.0};
  Eigen::MatrixXd q(1, 3), zero = Eigen::MatrixXd::Zero(1, 3);
  q << 0.0, 0.0, M_PI / 2.0;
  const DriveDemand demand = driveDemand(model, t, q, zero, zero);
  EXPECT_NEAR(std::abs(demand.voltage(0, 1)) * 107.81, 383.0, 0.5);  // the note's 3 figures
  EXPECT_LT(std::abs(demand.voltage(0, 1)), 40.0);  // within the +-40 V of section 7.2
}

}  // namespace
}  // namespace armdyn
