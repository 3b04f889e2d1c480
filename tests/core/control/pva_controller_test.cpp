// Stepniewski's position/velocity/acceleration feedback (control/pva_controller.h, eq 20):
//   u_n = u_{n-1} - [K_phi K_omega K_eps] [dtheta dtheta' dtheta'']^T
// (a) the output sequence against a hand computation, limits and anti-windup included;
// (b) the documented PID equivalence: on a scripted run it is Anderson's incremental PID to
//     rounding, up to the integral's rectangle (Ki h (e_n - e_0)); in closed loop the default
//     gains give the critically damped third-order response in closed form;
// (c) the PUMA 560 under the default PVA gains along its task: bounded error, stable, held;
// and compute() does not allocate.
#include "control/control_run.h"
#include "control/controller_settings.h"
#include "control/discrete_pid.h"
#include "control/pva_controller.h"
#include "io/robot_file.h"
#include "control/closed_loop.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <random>

#include "support/malloc_counter.h"

namespace armdyn {
namespace {

std::string sci(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// One scripted sample: measured q, qd and the setpoint, two joints.
struct Sample {
  double q[2], qd[2], qRef[2], qdRef[2], qddRef[2];
};

Eigen::Vector2d step(PvaController& c, const Sample& s) {
  Eigen::VectorXd q(2), qd(2), cur = Eigen::VectorXd::Zero(2);
  Setpoint sp;
  sp.resize(2);
  for (int i = 0; i < 2; ++i) {
    q(i) = s.q[i];
    qd(i) = s.qd[i];
    sp.q(i) = s.qRef[i];
    sp.qd(i) = s.qdRef[i];
    sp.qdd(i) = s.qddRef[i];
  }
  ControllerInput in;
  in.q = &q;
  in.qd = &qd;
  in.current = &cur;
  in.setpoint = &sp;
  Eigen::VectorXd u(2);
  c.compute(in, u);
  return u;
}

// h = 0.01 s. Joint 1: K = (2, 0.3, 0.01), no limit; joint 2: K = (50, 1, 0.02), limit 3.
// u_{-1} = (1, -2). By hand (dtheta = q - q_d, dtheta' = qd - qd_d,
// dtheta'' = (qd_n - qd_{n-1}) / h - qdd_d, 0 at n = 0):
//  joint 1
//   n=0: dth = 0.1,  dth' = 0.3,  dth'' = 0:                 1    - (0.2  + 0.09 + 0)     = 0.71
//   n=1: dth = 0.11, dth' = 0.1,  dth'' = -20 - 1 = -21:     0.71 - (0.22 + 0.03 - 0.21)  = 0.67
//   n=2: dth = 0.11, dth' = -0.2, dth'' = -40 + 2 = -38:     0.67 - (0.22 - 0.06 - 0.38)  = 0.89
//   n=3: dth = 0.08, dth' = 0,    dth'' = 10:                0.89 - (0.16 + 0    + 0.1)   = 0.63
//  joint 2
//   n=0: all zero:                                           -2
//   n=1: dth = -0.1, dth' = -0.1, dth'' = -10: -2 - (-5 - 0.1 - 0.2) = 3.3, clamped to 3
//   n=2: dth = -0.1, dth' = 0,    dth'' = 10:   3 - (-5 + 0   + 0.2) = 7.8, clamped to 3
//   n=3: dth = 0.02, dth' = 0.1,  dth'' = 10:   3 - (1 + 0.1 + 0.2)  = 1.7
// (without the anti-windup the sum would stand at 7.8 - 1.3 = 6.5 and the output stay at 3).
TEST(PvaController, OutputSequenceMatchesTheHandComputation) {
  PvaGains g;
  g.kPhi = Eigen::Vector2d(2.0, 50.0);
  g.kOmega = Eigen::Vector2d(0.3, 1.0);
  g.kEps = Eigen::Vector2d(0.01, 0.02);
  PvaController c(g, 0.01, Eigen::Vector2d(0.0, 3.0));
  c.setInitialOutput(Eigen::Vector2d(1.0, -2.0));
  const Sample script[4] = {
      {{0.1, 0.0}, {0.5, 0.0}, {0.0, 0.0}, {0.2, 0.0}, {1.0, 0.0}},
      {{0.12, -0.1}, {0.3, -0.1}, {0.01, 0.0}, {0.2, 0.0}, {1.0, 0.0}},
      {{0.13, -0.1}, {-0.1, 0.0}, {0.02, 0.0}, {0.1, 0.0}, {-2.0, 0.0}},
      {{0.11, 0.02}, {0.0, 0.1}, {0.03, 0.0}, {0.0, 0.0}, {0.0, 0.0}},
  };
  const double expected[4][2] = {{0.71, -2.0}, {0.67, 3.0}, {0.89, 3.0}, {0.63, 1.7}};
  for (int pass = 0; pass < 2; ++pass) {  // reset() starts the same sequence again
    c.reset(Eigen::VectorXd::Zero(2));
    for (int n = 0; n < 4; ++n) {
      const Eigen::Vector2d u = step(c, script[n]);
      for (int i = 0; i < 2; ++i) EXPECT_NEAR(u(i), expected[n][i], 1e-12) << "pass " << pass << ", n " << n << ", joint " << i + 1;
    }
  }
}

TEST(PvaController, RefusesBadGains) {
  const auto make = [](double kPhi, double kOmega, double kEps, double h) {
    PvaGains g;
    g.kPhi = Eigen::VectorXd::Constant(1, kPhi);
    g.kOmega = Eigen::VectorXd::Constant(1, kOmega);
    g.kEps = Eigen::VectorXd::Constant(1, kEps);
    PvaController c(g, h);
  };
  EXPECT_NO_THROW(make(0.0, 0.0, 1.0, 1e-3));
  EXPECT_THROW(make(-1.0, 1.0, 1.0, 1e-3), std::invalid_argument);
  EXPECT_THROW(make(1.0, std::nan(""), 1.0, 1e-3), std::invalid_argument);
  EXPECT_THROW(make(0.0, 0.0, 0.0, 1e-3), std::invalid_argument);  // no feedback at all
  EXPECT_THROW(make(1.0, 1.0, 1.0, 0.0), std::invalid_argument);
  PvaGains sizes;
  sizes.kPhi = Eigen::Vector2d(1.0, 1.0);
  sizes.kOmega = Eigen::Vector2d(1.0, 1.0);
  sizes.kEps = Eigen::Vector3d(1.0, 1.0, 1.0);
  EXPECT_THROW(PvaController(sizes, 1e-3), std::invalid_argument);
}

// (b) Scripted run, the setpoint held at 0 and the measured velocity the backward difference of
// the measured position (qd_0 = 0: q_{-1} = q_0): the PVA increment is then exactly
//   Ki h e_n + Kp (e_n - e_{n-1}) + Kd / h (e_n - 2 e_{n-1} + e_{n-2}),   e = -q,
// and Anderson's (discrete_pid.h, started with e(-1) = e(-2) = e_0 from the same output) is the
// same with Ki h e_{n-1}: u_pva(n) - Ki h (e_n - e_0) = u_pid(n). 2000 samples of a random walk,
// gains mapped by PvaGains::fromPid: equal to 1e-13 of the output's scale (measured 2e-15: rounding).
TEST(PvaController, EqualsAndersonsPidUpToTheIntegralRectangle) {
  const double h = 1e-3;
  const std::vector<PidGains> pid = {{2800.0, 0.0227, 0.0057}, {4867.0, 0.021, 0.0}, {150.0, 0.5, 0.02}};
  const PvaGains g = PvaGains::fromPid(pid, h);
  EXPECT_DOUBLE_EQ(g.kPhi(0), 2800.0 * h / 0.0227);
  EXPECT_DOUBLE_EQ(g.kOmega(1), 4867.0 * h);
  EXPECT_DOUBLE_EQ(g.kEps(2), 150.0 * 0.02 * h);
  const Eigen::Vector3d u0(1.5, -3.0, 0.25);
  PvaController pva(g, h);
  pva.setInitialOutput(u0);
  pva.reset(Eigen::VectorXd::Zero(3));
  DiscretePid reference(pid, h);
  std::mt19937 rng(20);
  std::normal_distribution<double> walk(0.0, 1e-3);
  Eigen::VectorXd q = Eigen::Vector3d(0.01, -0.02, 0.005), qPrev = q, qd = Eigen::VectorXd::Zero(3);
  reference.reset(u0, -q);
  const Eigen::VectorXd e0 = -q;
  Eigen::VectorXd cur = Eigen::VectorXd::Zero(3), u(3), uPid(3);
  Setpoint sp;
  sp.resize(3);
  ControllerInput in;
  in.q = &q;
  in.qd = &qd;
  in.current = &cur;
  in.setpoint = &sp;
  double worst = 0.0, scale = 0.0;
  for (int n = 0; n < 2000; ++n) {
    if (n > 0) {
      qPrev = q;
      for (int i = 0; i < 3; ++i) q(i) += walk(rng);
      qd = (q - qPrev) / h;
    }
    pva.compute(in, u);
    const Eigen::VectorXd e = -q;
    reference.update(e, uPid);
    for (int i = 0; i < 3; ++i) {
      const double ki = pid[i].ti > 0.0 ? pid[i].kg / pid[i].ti : 0.0;
      worst = std::max(worst, std::abs(u(i) - ki * h * (e(i) - e0(i)) - uPid(i)));
      scale = std::max(scale, std::abs(uPid(i)));
    }
  }
  RecordProperty("worst_difference", sci(worst) + " of " + sci(scale));
  EXPECT_GT(scale, 10.0);
  EXPECT_LT(worst, 1e-13 * scale) << "worst " << worst << " of " << scale;
}

// One revolute joint about the vertical axis (no gravity torque), J = 0.2 + 50^2 * 2e-5 = 0.25
// kg m^2 with its rotor, no friction.
RobotSpec turntable() {
  RobotSpec r;
  r.name = "turntable";
  LinkSpec l;
  l.name = "LINK1";
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 1.0;
  l.inertia.inertiaCom = Eigen::Vector3d(0.1, 0.1, 0.2).asDiagonal();
  DriveSpec d;
  d.gearRatio = 50.0;
  d.rotorInertia = 2e-5;
  l.drive = d;
  r.links.push_back(l);
  r.actuatorMassRule = false;
  return r;
}

// (b) Closed loop, torque drive, the default gains (suggestedPvaGains at w = 30 rad/s,
// h = 0.1 ms): divided by h the law is u' = -(Ki q + Kp q' + Kd q'') for a held setpoint 0, so
// J q''' + Kd q'' + Kp q' + Ki q = 0 = J (s + w/3)^2 (s + 4w/3). From q = 0, q' = v0, q'' = 0:
//   q(t) = (-2 v0 / (3 w) + 5 v0 t / 3) exp(-w t / 3) + 2 v0 / (3 w) exp(-4 w t / 3).
// Sampling (zero-order hold, backward differences) lags by O(w h) = 0.3%: 1% of the peak.
TEST(PvaController, DefaultGainsGiveTheCriticallyDampedClosedForm) {
  const Model model(turntable());
  const double w = 30.0, v0 = 0.5, h = 1e-4, J = 0.25;
  const PvaGains g = suggestedPvaGains(model, Eigen::VectorXd::Zero(1), DriveInput::Torque, w, h);
  EXPECT_NEAR(g.kOmega(0), J * w * w * h, 1e-12);                  // Kp h
  EXPECT_NEAR(g.kEps(0), 2.0 * J * w * h, 1e-12);                  // Kd h
  EXPECT_NEAR(g.kPhi(0), 4.0 / 27.0 * J * w * w * w * h, 1e-12);   // Ki h
  ControllerConfig c;
  c.type = ControllerType::Pva;
  c.input = DriveInput::Torque;
  c.kPhi = g.kPhi;
  c.kOmega = g.kOmega;
  c.kEps = g.kEps;
  c.sampleTime = h;
  c.step = h;
  c.setpoint = SetpointSource::Hold;
  c.q0 = Eigen::VectorXd::Zero(1);
  c.qd0 = Eigen::VectorXd::Constant(1, v0);
  const RunHistory H = runController(model, nullptr, c, 0.5).result.history;
  ASSERT_GT(H.t.size(), 4000u);
  double worst = 0.0, peak = 0.0;
  for (std::size_t k = 0; k < H.t.size(); ++k) {
    const double t = H.t[k];
    const double exact = (-2.0 * v0 / (3.0 * w) + 5.0 * v0 * t / 3.0) * std::exp(-w * t / 3.0) +
                         2.0 * v0 / (3.0 * w) * std::exp(-4.0 * w * t / 3.0);
    worst = std::max(worst, std::abs(H.q(static_cast<Eigen::Index>(k), 0) - exact));
    peak = std::max(peak, std::abs(exact));
  }
  RecordProperty("worst_over_peak", sci(worst / peak));
  EXPECT_LT(worst, 0.01 * peak) << "worst " << worst << " of peak " << peak;
}

// (c) The six-joint PUMA 560 with its drives (voltage input, +-40 V, friction) along the robot
// file's task (Paul's plan, which ends moving), the Studio's default PVA settings (1 kHz, gains
// from the home pose at w = 100 rad/s), the run continued 1 s past the plan so that the
// controller stops the arm on the last point: no divergence, the peak tracking error over the
// plan bounded, the amplifiers within their limits, and the arm held after the stop (the loop
// is stable: the error of the last 0.2 s is a small fraction of the peak and not growing).
// The Studio's default PID (the same PD at w = 100 rad/s, no integral, 28/30 ms) on the same
// task is recorded beside it.
struct TaskFigures {
  double planPeak = 0.0, peak = 0.0, last = 0.0, before = 0.0, peakVoltage = 0.0, finalSpeed = 0.0;
  std::string perJoint;
};

TaskFigures runPumaTask(ControllerType type) {
  const Session session = loadSession(test::sourcePath("robots/puma560.yaml"));
  const Model model(session.robot);
  ControllerSettings settings = studioControllerDefaults();
  settings.config.type = type;
  const ControllerConfig config = controllerConfig(settings, model);
  const TaskPlan plan = planTask(model, session.task);
  const ControlRun run = runController(model, &plan, config, plan.duration() + 1.0);
  const RunSummary& s = run.result.summary;
  EXPECT_FALSE(s.diverged) << s.message;
  EXPECT_EQ(run.input, DriveInput::Voltage);
  const RunHistory& H = run.result.history;
  const double end = H.t.back();
  TaskFigures f;
  Eigen::VectorXd planPeak = Eigen::VectorXd::Zero(6);
  for (std::size_t k = 0; k < H.t.size(); ++k) {
    const auto row = static_cast<Eigen::Index>(k);
    const double t = H.t[k];
    const double e = H.error.row(row).cwiseAbs().maxCoeff();
    if (t <= plan.duration()) planPeak = planPeak.cwiseMax(H.error.row(row).cwiseAbs().transpose());
    if (t > end - 0.2) f.last = std::max(f.last, e);
    else if (t > end - 0.4) f.before = std::max(f.before, e);
  }
  f.planPeak = planPeak.maxCoeff();
  f.peak = s.peakError.maxCoeff();
  f.peakVoltage = s.peakVoltage.maxCoeff();
  f.finalSpeed = H.qd.bottomRows(1).cwiseAbs().maxCoeff();
  for (int i = 0; i < 6; ++i) f.perJoint += sci(planPeak(i)) + " ";
  return f;
}

TEST(PvaController, TracksThePumaTaskAndHolds) {
  const TaskFigures pva = runPumaTask(ControllerType::Pva);
  const TaskFigures pid = runPumaTask(ControllerType::Pid);
  RecordProperty("pva_plan_peak_error_per_joint_rad", pva.perJoint);
  RecordProperty("pva_peak_error_with_stop_rad", sci(pva.peak));
  RecordProperty("pva_last_0.2s_error_rad", sci(pva.last));
  RecordProperty("pid_plan_peak_error_per_joint_rad", pid.perJoint);
  RecordProperty("pid_peak_error_with_stop_rad", sci(pid.peak));
  RecordProperty("pid_last_0.2s_error_rad", sci(pid.last));
  EXPECT_LT(pva.planPeak, 0.01) << pva.perJoint;
  EXPECT_LT(pva.peak, 0.03);
  EXPECT_LE(pva.peakVoltage, 40.0);
  EXPECT_LT(pva.last, 0.01 * pva.peak) << "last 0.2 s " << pva.last << ", peak " << pva.peak;
  EXPECT_LE(pva.last, pva.before);
  EXPECT_LT(pva.finalSpeed, 1e-2);
}

TEST(PvaController, ComputeDoesNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const Model model(test::libraryRobotSpec("puma560"));
  PvaController c(suggestedPvaGains(model, model.home(), DriveInput::Voltage, 100.0, 1e-3), 1e-3,
                  Eigen::VectorXd::Constant(6, 40.0));
  c.setInitialOutput(Eigen::VectorXd::Constant(6, 0.5));
  c.reset(model.home());
  Eigen::VectorXd q = model.home(), qd = Eigen::VectorXd::Constant(6, 0.1), cur = Eigen::VectorXd::Zero(6), u(6);
  Setpoint sp;
  sp.resize(6);
  ControllerInput in;
  in.q = &q;
  in.qd = &qd;
  in.current = &cur;
  in.setpoint = &sp;
  test::gAllocations = 0;
  test::gCounting = true;
  for (int k = 0; k < 100; ++k) {
    qd(0) += 1e-3;
    c.compute(in, u);
  }
  test::gCounting = false;
  EXPECT_EQ(test::gAllocations, 0);
  EXPECT_TRUE(u.allFinite());
#endif
}

}  // namespace
}  // namespace armdyn
