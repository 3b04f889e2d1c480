// Time-optimal timing along a fixed path (trajectory/time_optimal_timing.h) against closed
// forms on one joint: a free rotor with an acceleration limit moves distance D in
// 2 sqrt(D / amax) (bang-bang), with a velocity limit too in D / vmax + vmax / amax
// (trapezoid), and with a torque limit tau on inertia I in 2 sqrt(D I / tau). Then on six
// joints: no limit exceeded on a 10x finer re-sampling, bang-bang structure, never slower than
// the best uniform time scaling of the same path.
#include "trajectory/time_optimal_timing.h"

#include "support/malloc_counter.h"

#include "actuation/drive_dynamics.h"
#include "dynamics/inverse_dynamics.h"
#include "io/robot_file.h"
#include "support/test_support.h"
#include "trajectory/joint_polyline_path.h"
#include "analysis/actuator_sizing.h"
#include "simulation/task_simulation.h"
#include "trajectory/task_plan.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

// The timing aims at this fraction of every limit (time_optimal_timing.h): the closed forms are
// taken with the limits scaled by it.
constexpr double kF = kTimeOptimalLimitFraction;

// One revolute joint about the vertical axis: a point mass m at radius r (I = m r^2 + 1e-4), no
// gravity torque.
RobotSpec rotorSpec(double vmaxRad, std::optional<double> amax, std::optional<double> fmax) {
  RobotSpec spec;
  spec.name = "rotor";
  LinkSpec l;
  l.name = "LINK1";
  l.dh.a = 0.5;
  l.vMax = vmaxRad;
  l.aMax = amax;
  l.fMax = fmax;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 1.0;
  l.inertia.inertiaCom = Eigen::Matrix3d::Identity() * 1e-4;
  spec.links.push_back(l);
  spec.actuatorMassRule = false;
  return spec;
}

std::shared_ptr<const JointPath> line1(double from, double to) {
  Eigen::MatrixXd pts(2, 1);
  pts << from, to;
  return std::make_shared<const JointPolylinePath>(pts);
}

TaskSpec timeOptimal(TaskSpec task) {
  task.timing = TimingMode::TimeOptimal;
  return task;
}

TEST(TimeOptimalTiming, FreeJointWithAccelerationLimitIsBangBang) {
  const Model model(rotorSpec(1e3, 2.0, std::nullopt));
  const TimeOptimalTiming t = timeOptimalTiming(model, line1(0.0, 1.0));
  // The switch falls on a grid point (even grid) and u is constant per interval: exact.
  EXPECT_NEAR(t.trajectory->duration(), 2.0 * std::sqrt(1.0 / (2.0 * kF)), 1e-9);
  EXPECT_GT(t.activeFraction, 0.999);
  EXPECT_LE(t.gridViolation, 1e-9);
}

TEST(TimeOptimalTiming, VelocityAndAccelerationLimitsGiveTheTrapezoid) {
  const Model model(rotorSpec(0.5, 2.0, std::nullopt));
  const TimeOptimalTiming t = timeOptimalTiming(model, line1(0.3, -1.7));
  const double D = 2.0, v = 0.5 * kF, a = 2.0 * kF;
  // The corners of the trapezoid fall between grid points: error of order one grid interval
  // (D / 1000) at speed v.
  EXPECT_NEAR(t.trajectory->duration(), D / v + v / a, 2e-3);
  EXPECT_GT(t.trajectory->duration(), D / v + v / a - 1e-12);
}

TEST(TimeOptimalTiming, TorqueLimitOnAnInertia) {
  const Model model(rotorSpec(1e3, std::nullopt, 3.0));
  const double I = 0.25 + 1e-4;
  const TimeOptimalTiming t = timeOptimalTiming(model, line1(0.0, 1.2));
  EXPECT_NEAR(t.trajectory->duration(), 2.0 * std::sqrt(1.2 * I / (3.0 * kF)), 1e-9);
  // The torque armdyn reports at mid-acceleration is the limit.
  Eigen::VectorXd q(1), qd(1), qdd(1);
  t.trajectory->evaluate(0.25 * t.trajectory->duration(), q, qd, qdd);
  EXPECT_NEAR(inverseDynamics(model, q, qd, qdd)(0), 3.0 * kF, 1e-9);
}

// A pendulum I q'' + m g r cos q = tau with |tau| <= F (> m g r) from q0 to q1: bang-bang with
// one switch. Independently of the reachability solver, by integrating the phase plane in closed
// form: accelerating from rest, x_f(s) = (2 / I) (F s - m g r (sin(q0 + s) - sin q0)); braking
// into rest, x_b(s) = (2 / I) (F (L - s) + m g r (sin q1 - sin(q0 + s))); they meet at
// s* = L / 2 + m g r (sin q1 - sin q0) / (2 F), and T = int ds / sqrt(x) over both, by
// Gauss-Legendre quadrature after s = s* w^2 (and L - (L - s*) w^2), which removes the
// 1 / sqrt singularity at rest.
double pendulumTime(double I, double mgr, double F, double q0, double q1) {
  const double L = q1 - q0;
  const double sw = L / 2 + mgr * (std::sin(q1) - std::sin(q0)) / (2 * F);
  const auto xf = [&](double s) { return 2 / I * (F * s - mgr * (std::sin(q0 + s) - std::sin(q0))); };
  const auto xb = [&](double s) { return 2 / I * (F * (L - s) + mgr * (std::sin(q1) - std::sin(q0 + s))); };
  // 5-point Gauss-Legendre on 400 panels of w in [0, 1].
  const double node[] = {0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640};
  const double weight[] = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891,
                           0.2369268850561891};
  double T = 0.0;
  const int panels = 400;
  for (int k = 0; k < panels; ++k)
    for (int g = 0; g < 5; ++g) {
      const double w = (k + 0.5 + 0.5 * node[g]) / panels, dw = 0.5 / panels * weight[g];
      T += 2 * sw * w / std::sqrt(xf(sw * w * w)) * dw;
      T += 2 * (L - sw) * w / std::sqrt(xb(L - (L - sw) * w * w)) * dw;
    }
  return T;
}

TEST(TimeOptimalTiming, PendulumWithATorqueLimitAgainstPhasePlaneIntegration) {
  RobotSpec spec = rotorSpec(1e3, std::nullopt, 10.0);
  spec.gravity = Eigen::Vector3d(0, -9.8, 0);  // the arm swings in the plane of gravity
  const Model model(spec);
  const double I = 0.25 + 1e-4, mgr = 1.0 * 9.8 * 0.5;
  // The model's gravity torque is m g r cos q.
  for (double q : {0.0, 0.7, 2.0})
    EXPECT_NEAR(inverseDynamics(model, Eigen::VectorXd::Constant(1, q), Eigen::VectorXd::Zero(1),
                                Eigen::VectorXd::Zero(1))(0),
                mgr * std::cos(q), 1e-12);
  for (const auto& [q0, q1] : {std::pair{-0.5, 1.5}, std::pair{0.2, 2.8}, std::pair{1.0, 1.3}}) {
    SCOPED_TRACE(q0);
    const TimeOptimalTiming t = timeOptimalTiming(model, line1(q0, q1));
    const double expected = pendulumTime(I, mgr, 10.0 * kF, q0, q1);
    // The grid (1000 intervals, constant sdd on each, limits held at both ends of each) against
    // the exact switching curve: never faster, and within 5e-4; four times the grid, about four
    // times closer (first order in the interval).
    EXPECT_GE(t.trajectory->duration(), expected * (1 - 1e-9));
    EXPECT_NEAR(t.trajectory->duration(), expected, 5e-4 * expected);
    TimeOptimalOptions fine;
    fine.gridIntervals = 4000;
    const double errFine = timeOptimalTiming(model, line1(q0, q1), fine).trajectory->duration() - expected;
    EXPECT_LT(errFine, 0.4 * (t.trajectory->duration() - expected));
    std::printf("pendulum %.2f -> %.2f rad: reachability %.8f s, phase-plane integration %.8f s (%.2e)\n", q0, q1,
                t.trajectory->duration(), expected, t.trajectory->duration() / expected - 1);
  }
}

// Without an estimate of the speed, Coulomb friction is the interval of its values over every
// speed of that sign: f(s) = A s + B s^2 (s = tanh(qd / vs)) peaks inside (0, 1) when one side's
// friction is more than three times the other's (Fc+ = 1, Fc- = 5: f = 3 s - 2 s^2, peak 1.125).
TEST(TimeOptimalTiming, AsymmetricCoulombFrictionIntervalCoversItsPeak) {
  RobotSpec spec = rotorSpec(1.0, std::nullopt, 10.0);
  DriveSpec d;
  d.coulombPositive = 1.0;
  d.coulombNegative = 5.0;
  spec.links[0].drive = d;
  const Model model(spec);
  const PathLimits limits(model);
  DynamicsData data(model);
  PathPointDynamics p;
  const Eigen::VectorXd q = Eigen::VectorXd::Zero(1), zero = Eigen::VectorXd::Zero(1);
  std::vector<PathLimitRow> rows;
  for (double dir : {1.0, -1.0}) {
    rows.clear();
    limits.pointDynamics(model, data, q, Eigen::VectorXd::Constant(1, dir), zero, p);
    limits.appendRows(p, -1.0, rows);
    ASSERT_EQ(rows.size(), 1u);
    // Exhaustively over speeds: the interval holds every value.
    double lo = 0.0, hi = 0.0;
    for (int k = 0; k <= 100000; ++k) {
      const double f = frictionTorque(d, dir * 1e-5 * k, kDefaultFrictionVelocityScale);
      lo = std::min(lo, f);
      hi = std::max(hi, f);
    }
    EXPECT_LE(rows[0].cLo, lo + 1e-12);
    EXPECT_GE(rows[0].cHi, hi - 1e-12);
    if (dir > 0) {
      EXPECT_NEAR(rows[0].cHi, 1.125, 1e-12);
    }
  }
}

// A drive with a gear efficiency below 1 and a current limit: the timing's current is the one
// the sizing reports (tau_L / (N eta) + Jm N qdd while motoring), so the sizing's current check
// of the time-optimal run passes, within 1 % of the limit.
TEST(TimeOptimalTiming, GearEfficiencyInTheCurrentLimitMatchesTheSizing) {
  RobotSpec spec = rotorSpec(1e3, std::nullopt, std::nullopt);
  DriveSpec d;
  d.gearRatio = 20.0;
  d.rotorInertia = 2e-4;
  d.efficiency = 0.8;
  d.hasMotor = true;
  d.resistance = 1.0;
  d.ke = d.kt = 0.05;
  d.currentLimit = 4.0;
  spec.links[0].drive = d;
  const Model model(spec);
  TaskSpec task;
  task.name = "swing";
  task.scheme = TaskScheme::Cubic;
  task.timing = TimingMode::TimeOptimal;
  task.jointPoints.resize(2, 1);
  task.jointPoints << 0.0, 90.0;
  task.jointPointLines = {0, 0};
  SimulationOptions o;
  o.dtOverride = 1e-4;
  const RunRecord run = simulateTask(model, task, o);
  const SizingReport r = sizeActuators(model, {{&run, 0.0, "swing"}});
  const JointSizing& J = r.joints[0];
  ASSERT_EQ(J.checks.size(), 1u);
  EXPECT_EQ(J.checks[0].name, "current");
  EXPECT_TRUE(J.checks[0].pass) << J.checks[0].value;
  EXPECT_LT(J.checks[0].margin, 1.0);  // the limit binds: 0.5 % aim, sampling
}

// A run of rigid-body torques is timed against them: no drive inertia, friction or voltage, so
// the PUMA weld seam becomes velocity-limited only and faster.
TEST(TimeOptimalTiming, RigidBodyRunsAreTimedAgainstRigidBodyTorques) {
  Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const TaskSpec task = timeOptimal(loadTask(test::sourcePath("robots/puma560_weld_seam.yaml")));
  {
    // The PUMA file bounds acceleration only through its drives' current and voltage limits:
    // a rigid-body run leaves them out, and velocity limits alone would let the path speed
    // jump from rest. Refused, naming the moving joints and the keys.
    const Model model(s.robot);
    try {
      planTask(model, task, false);
      FAIL() << "expected a refusal";
    } catch (const InputError& e) {
      EXPECT_NE(e.message().find("joint(s) 1, 2, 3, 5, 6 have no amax or fmax"), std::string::npos) << e.what();
      EXPECT_NE(e.message().find("rigid-body"), std::string::npos) << e.what();
    }
  }
  // With a torque limit on every joint the rigid-body plan is bound by velocity or by the
  // rigid-body torque, never by a drive's current or voltage; the drive plan feels both.
  for (LinkSpec& link : s.robot.links) link.fMax = 150.0;
  const Model model(s.robot);
  const TaskPlan drives = planTask(model, task);
  const TaskPlan rigid = planTask(model, task, false);
  EXPECT_NE(rigid.duration(), drives.duration());
  int torqueBound = 0;
  for (std::size_t i = 0; i + 1 < rigid.timeOptimal->phase.s.size(); ++i)
    if (rigid.timeOptimal->phase.bindingJoint[i] >= 0) {
      const PathLimitKind kind = rigid.timeOptimal->phase.bindingKind[i];
      EXPECT_TRUE(kind == PathLimitKind::Velocity || kind == PathLimitKind::Torque) << i;
      torqueBound += kind == PathLimitKind::Torque;
    }
  EXPECT_GT(torqueBound, 0);
}

// Velocity limits alone leave the path acceleration free: refused with the joints and keys,
// for a joint-space path too; one joint with amax that moves bounds it for all.
TEST(TimeOptimalTiming, VelocityLimitsAloneAreRefused) {
  RobotSpec spec = rotorSpec(1e3, std::nullopt, std::nullopt);
  {
    const Model model(spec);
    try {
      timeOptimalTiming(model, line1(0.0, 1.0));
      FAIL() << "expected TimeOptimalError";
    } catch (const TimeOptimalError& e) {
      EXPECT_EQ(e.kind(), PathLimitKind::Acceleration);
      EXPECT_NE(std::string(e.what()).find("joint(s) 1 have no amax or fmax"), std::string::npos) << e.what();
    }
  }
  spec.links[0].aMax = 2.0;
  const Model model(spec);
  EXPECT_NO_THROW(timeOptimalTiming(model, line1(0.0, 1.0)));
}

TEST(TimeOptimalTiming, GravityBeyondTheTorqueLimitIsRefusedWithJointAndPlace) {
  RobotSpec spec = rotorSpec(1e3, std::nullopt, 1.0);
  spec.links[0].dh.alpha = M_PI / 2;  // the arm now swings in a vertical plane...
  spec.gravity = Eigen::Vector3d(0, 9.8, 0);
  const Model model(spec);
  // ...and holding it at 0 needs m g r = 4.9 N m > 1 N m.
  try {
    timeOptimalTiming(model, line1(0.0, 1.0));
    FAIL() << "expected TimeOptimalError";
  } catch (const TimeOptimalError& e) {
    EXPECT_EQ(e.joint(), 0);
    EXPECT_EQ(e.kind(), PathLimitKind::Torque);
    EXPECT_NE(std::string(e.what()).find("joint 1"), std::string::npos) << e.what();
  }
}

// Every limit on a 10x finer re-sampling (1/10 of the grid's mean interval in time), exactly as
// the run reports it: velocity, acceleration, the drive-inclusive torque, and for motors the
// current tau / (N kt) and voltage R i + ke N qd. Returns the largest activity |value| / limit
// per sample.
std::vector<double> sampleActivity(const Model& model, const JointTrajectory& traj, int samples) {
  const int n = model.dof();
  DynamicsData data(model);
  Eigen::VectorXd q(n), qd(n), qdd(n), tau(n);
  std::vector<double> out;
  for (int k = 0; k <= samples; ++k) {
    const double t = traj.duration() * k / samples;
    traj.evaluate(t, q, qd, qdd);
    driveInverseDynamics(model, data, q, qd, qdd, tau);
    double worst = 0.0;
    for (int j = 0; j < n; ++j) {
      const LinkSpec& l = model.spec().links[j];
      worst = std::max(worst, std::abs(qd(j)) / l.vMax);
      if (l.aMax) worst = std::max(worst, std::abs(qdd(j)) / *l.aMax);
      if (l.fMax) worst = std::max(worst, std::abs(tau(j)) / *l.fMax);
      if (l.drive && l.drive->hasMotor) {
        const DriveSpec& d = *l.drive;
        const double i = currentForTorque(d, tau(j));
        if (d.currentLimit > 0.0) worst = std::max(worst, std::abs(i) / d.currentLimit);
        if (d.voltageLimit > 0.0) worst = std::max(worst, std::abs(voltageFor(d, i, qd(j))) / d.voltageLimit);
      }
    }
    out.push_back(worst);
  }
  return out;
}

struct ActivityStats {
  double worst = 0.0;       // largest activity
  double activeShare = 0.0; // share of samples with some limit >= 99 %
};

ActivityStats stats(const std::vector<double>& a) {
  ActivityStats s;
  int active = 0;
  for (double v : a) {
    s.worst = std::max(s.worst, v);
    active += v >= 0.99 ? 1 : 0;
  }
  s.activeShare = static_cast<double>(active) / a.size();
  return s;
}

// The PUMA 560 with Anderson's drives (voltage 40 V, friction, rotor inertia) on the weld seam
// (joint-space polyline through the solved points) and on the rounded square (Cartesian
// line-arc path): within 0.5 % of every limit on a 10x finer re-sampling, some limit at >= 99 %
// almost all the time, faster than the best uniform scaling of the same path.
TEST(TimeOptimalTiming, PumaWithDrivesKeepsEveryLimitAndIsBangBang) {
  for (const char* file : {"robots/puma560_weld_seam.yaml", "robots/puma560_square_line_arc.yaml"}) {
    SCOPED_TRACE(file);
    const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
    const Model model(s.robot);
    const TaskPlan plan = planTask(model, timeOptimal(loadTask(test::sourcePath(file))));
    ASSERT_TRUE(plan.timeOptimal);
    // The phase plane's clock is the trajectory's.
    EXPECT_NEAR(plan.timeOptimal->phase.t.back(), plan.duration(), 1e-12 * plan.duration());
    const int grid = static_cast<int>(plan.timeOptimal->phase.s.size());
    const ActivityStats a = stats(sampleActivity(model, *plan.trajectory, 10 * grid));
    EXPECT_LE(a.worst, 1.0);  // the aim's margin (0.5 %) covers what passes between grid points
    EXPECT_GE(a.activeShare, 0.9);
    ASSERT_TRUE(plan.uniform.feasible);
    EXPECT_LT(plan.duration(), plan.uniform.duration);
    std::printf("%s: T = %.4f s, uniform %.4f s, worst activity %.5f, active share %.4f, passes %d, conservative %d\n",
                file, plan.duration(), plan.uniform.duration, a.worst, a.activeShare, plan.timeOptimal->passes,
                plan.timeOptimal->conservativeFinal);
  }
}

// The time-optimal trajectory's evaluation (every sample of a run, every control step) does not
// allocate, on a joint polyline and on a Cartesian path.
TEST(TimeOptimalTiming, EvaluateDoesNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const Model model(s.robot);
  for (const char* file : {"robots/puma560_weld_seam.yaml", "robots/puma560_square_line_arc.yaml"}) {
    const TaskPlan plan = planTask(model, timeOptimal(loadTask(test::sourcePath(file))));
    const JointTrajectory& traj = *plan.trajectory;
    Eigen::VectorXd q(6), qd(6), qdd(6);
    traj.evaluate(0.1, q, qd, qdd);
    test::gAllocations = 0;
    test::gCounting = true;
    double sum = 0.0;
    for (int i = -2; i <= 2002; ++i) {
      traj.evaluate(traj.duration() * i / 2000.0, q, qd, qdd);
      sum += q.sum() + qd.sum() + qdd.sum();
    }
    test::gCounting = false;
    EXPECT_EQ(test::gAllocations, 0) << file;
    EXPECT_TRUE(std::isfinite(sum));
  }
#endif
}

}  // namespace
}  // namespace armdyn
