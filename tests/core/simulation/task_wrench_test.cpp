// A task's tool wrench (model/tool_wrench_profile.h) in every run of it:
//   prescribed motion: the joint forces with the wrench minus those without equal J^T W(t_k) at
//     every sample, J the geometric Jacobian at the tool (kinematics/jacobian.h, not the
//     dynamics code), for both methods, drives included or not, world and tool axes, constant
//     and over time; tolerance 1e-10 N m (the recursions and J^T W sum the same terms in other
//     orders);
//   forward simulation: a vertical slider under a constant force with a wrench against the
//     closed form of constant acceleration, and under a ramp held at every controller sample
//     against the sum of the held intervals (RK4 integrates a constant acceleration exactly);
//   computed torque: with J^T W(t) as feedforward the tracking error stays what it is without a
//     wrench; without it the wrench pushes the arm off the plan.
#include "control/computed_torque.h"
#include "control/control_run.h"
#include "dynamics/forward_dynamics.h"
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"
#include "control/closed_loop.h"
#include "run/task_run.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace armdyn {
namespace {

// J^T W with W in world axes (tool axes turned by the tool frame's rotation).
Eigen::VectorXd jointLoad(const Model& model, const Eigen::VectorXd& q, const ToolWrench& w) {
  const Eigen::Matrix4d tool = toolPose(model, q);
  const Eigen::Matrix3d R = w.inToolAxes ? Eigen::Matrix3d(tool.topLeftCorner<3, 3>()) : Eigen::Matrix3d::Identity();
  Eigen::Matrix<double, 6, 1> W;
  W << R * w.force, R * w.moment;
  return geometricJacobian(model, q).transpose() * W;
}

ToolWrenchProfile pressingProfile(bool tool) {
  // Press from 0 to 40 N over the first second, hold, twist, let go at 3 s.
  ToolWrenchProfile::Rows v(4, 6);
  v << 0, 0, 0, 0, 0, 0,          //
      10, -5, -40, 0.5, 0, 1,     //
      10, -5, -40, 0.5, 2, -1.5,  //
      0, 0, 0, 0, 0, 0;
  return ToolWrenchProfile::table({0.0, 1.0, 2.0, 3.0}, v, tool);
}

TEST(TaskWrench, PrescribedForcesAddJTransposeWAtEverySample) {
  int samples = 0;
  double worst = 0.0, largest = 0.0;
  for (const char* file : {"robots/puma560.yaml", "robots/puma560_anderson3.yaml", "robots/vora_rrr.yaml"}) {
    const Session session = loadSession(test::sourcePath(file));
    const Model model(session.robot);
    ToolWrench world, tool;
    world.force = {25.0, -10.0, -60.0};
    world.moment = {1.5, 0.0, -2.0};
    tool = world;
    tool.inToolAxes = true;
    const ToolWrenchProfile profiles[] = {ToolWrenchProfile::constant(world), ToolWrenchProfile::constant(tool),
                                          pressingProfile(false), pressingProfile(true)};
    for (DynamicsMethod method : {DynamicsMethod::NewtonEuler, DynamicsMethod::Lagrange}) {
      for (bool rigid : {false, true}) {
        SimulationOptions o;
        o.method = method;
        o.rigidBodyOnly = rigid;
        const RunRecord free = simulateTask(model, session.task, o);
        for (const ToolWrenchProfile& p : profiles) {
          TaskSpec task = session.task;
          task.wrench = p;
          const RunRecord loaded = simulateTask(model, task, o);
          ASSERT_EQ(loaded.t.size(), free.t.size());
          EXPECT_EQ(loaded.includesDrives, free.includesDrives);
          EXPECT_EQ(loaded.q, free.q);
          for (std::size_t k = 0; k < loaded.t.size(); ++k) {
            const auto r = static_cast<Eigen::Index>(k);
            const Eigen::VectorXd expected = jointLoad(model, loaded.q.row(r).transpose(), p.at(loaded.t[k]));
            const Eigen::VectorXd got = (loaded.force.row(r) - free.force.row(r)).transpose();
            const double err = (got - expected).cwiseAbs().maxCoeff();
            worst = std::max(worst, err);
            largest = std::max(largest, expected.cwiseAbs().maxCoeff());
            ASSERT_LT(err, 1e-10) << file << " " << dynamicsMethodName(method) << " t = " << loaded.t[k];
            ++samples;
          }
        }
      }
    }
  }
  std::printf("prescribed motion with a tool wrench: %d samples, worst |dtau - J^T W| %.2g N m (|J^T W| up to %.3g)\n",
              samples, worst, largest);
  RecordProperty("worst_residual_Nm", std::to_string(worst));
  EXPECT_GT(largest, 10.0);
}

// A vertical slider: one prismatic joint along world z, 2 kg, gravity 9.81 m/s^2 down.
RobotSpec slider() {
  RobotSpec r;
  r.name = "slider";
  LinkSpec l;
  l.name = "LINK1";
  l.joint = JointType::Prismatic;
  l.qMin = -1.0;
  l.qMax = 1.0;
  l.vMax = 2.0;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 2.0;
  l.inertia.inertiaCom = Eigen::Vector3d(0.01, 0.01, 0.01).asDiagonal();
  r.links = {l};
  r.gravity = {0.0, 0.0, -9.81};
  r.dt = 0.01;
  r.tacc = 0.1;
  return r;
}

TEST(TaskWrench, ForwardRunUnderAWrenchAgainstTheClosedForm) {
  // u = 15 N up; the tool presses down on its surroundings with 5 N (fz = -5 N, world), which
  // push it up: m qdd = u - m g - J^T W = 15 - 19.62 + 5, q(t) = a t^2 / 2 from rest.
  const Model model(slider());
  TaskSpec task;
  task.name = "slide";
  task.scheme = TaskScheme::Cubic;
  task.jointPoints.resize(2, 1);
  task.jointPoints << 0.0, 0.1;
  task.durations = {0.5};
  ControllerConfig c;
  c.type = ControllerType::OpenLoop;
  c.input = DriveInput::Torque;
  c.rigidBody = true;
  c.sampleTime = 0.01;
  c.profile = InputProfile::constant(Eigen::VectorXd::Constant(1, 15.0));
  RunOptions o;
  o.mode = RunMode::ForwardSimulation;
  o.controller = std::make_shared<const ControllerConfig>(c);
  const double m = 2.0, g = 9.81, u = 15.0, T = 0.5;

  const RunRecord free = runTask(model, task, o);
  ASSERT_FALSE(free.diverged) << free.message;
  const double aFree = (u - m * g) / m;
  EXPECT_NEAR(free.t.back(), T, 1e-12);
  EXPECT_NEAR(free.q(free.q.rows() - 1, 0), 0.5 * aFree * T * T, 1e-12);

  ToolWrench w;
  w.force = {0.0, 0.0, -5.0};
  task.wrench = ToolWrenchProfile::constant(w);
  const RunRecord pressed = runTask(model, task, o);
  ASSERT_FALSE(pressed.diverged) << pressed.message;
  const double a = (u - m * g + 5.0) / m;
  double worst = 0.0;
  for (std::size_t k = 0; k < pressed.t.size(); ++k) {
    const double t = pressed.t[k];
    worst = std::max(worst, std::abs(pressed.q(static_cast<Eigen::Index>(k), 0) - 0.5 * a * t * t));
    EXPECT_NEAR(pressed.qd(static_cast<Eigen::Index>(k), 0), a * t, 1e-12);
  }
  EXPECT_LT(worst, 1e-12);
  // Against forward dynamics with the wrench (dynamics/forward_dynamics.h) at the end state.
  DynamicsData data(model);
  Eigen::VectorXd qdd(1);
  const Eigen::Index last = pressed.q.rows() - 1;
  forwardDynamics(model, data, pressed.q.row(last).transpose(), pressed.qd.row(last).transpose(),
                  Eigen::VectorXd::Constant(1, u), w, qdd);
  EXPECT_NEAR(qdd(0), a, 1e-12);

  // A ramp 0 -> -10 N over the run, read at every 10 ms controller sample and held there:
  // piecewise constant accelerations a_k = (u - m g - fz(t_k)) / m.
  ToolWrenchProfile::Rows v(2, 6);
  v << 0, 0, 0, 0, 0, 0, 0, 0, -10, 0, 0, 0;
  task.wrench = ToolWrenchProfile::table({0.0, T}, v, false);
  const RunRecord ramp = runTask(model, task, o);
  ASSERT_FALSE(ramp.diverged) << ramp.message;
  double q = 0.0, qd = 0.0;
  const double h = 0.01;
  for (int k = 0; k < 50; ++k) {
    const double ak = (u - m * g - task.wrench->at(k * h).force.z()) / m;
    q += qd * h + 0.5 * ak * h * h;
    qd += ak * h;
  }
  std::printf("forward run with a tool wrench: constant |q - a t^2/2| %.2g m; ramp q(T) %.12g m vs held sum %.12g m\n",
              worst, ramp.q(ramp.q.rows() - 1, 0), q);
  EXPECT_NEAR(ramp.q(ramp.q.rows() - 1, 0), q, 1e-12);
  EXPECT_NEAR(ramp.qd(ramp.qd.rows() - 1, 0), qd, 1e-12);
}

TEST(TaskWrench, ComputedTorqueTakesTheWrenchAsFeedforward) {
  // Anderson's three-joint PUMA along its seam, torque drive, 1 kHz, w = 30 rad/s; the tool
  // presses with the profile above (up to 40 N and 2 N m).
  const Session session = loadSession(test::sourcePath("robots/puma560_anderson3.yaml"));
  const Model model(session.robot);
  TaskSpec task = session.task;
  task.wrench = pressingProfile(false);
  const TaskPlan plan = planTask(model, task);
  ASSERT_FALSE(plan.toolWrench.isZero());
  auto run = [&](bool loadPlant, bool feedforward) {
    ComputedTorqueController ct(model, ComputedTorqueGains::critical(3, 30.0), 1e-3, DriveInput::Torque);
    if (feedforward) ct.setToolWrench(plan.toolWrench);
    ClosedLoopSetup s;
    s.plant.input = DriveInput::Torque;
    s.plant.step = 1e-3;
    s.duration = plan.duration();
    Setpoint start;
    start.resize(3);
    plan.trajectory->evaluate(0.0, start.q, start.qd, start.qdd);
    s.q0 = start.q;
    s.qd0 = start.qd;
    if (loadPlant) s.toolWrench = [&](double t, ToolWrench& w) { plan.toolWrench.evaluate(t, w); };
    const RunResult r = simulateClosedLoop(model, s, ct, trajectorySetpoint(plan.trajectory));
    EXPECT_FALSE(r.summary.diverged) << r.summary.message;
    return r.summary.peakError.maxCoeff();
  };
  const double unloaded = run(false, false), fed = run(true, true), unfed = run(true, false);
  // The run pipeline gives the plan's wrench to the plant and to the controller.
  ControllerConfig c;
  c.type = ControllerType::ComputedTorque;
  c.input = DriveInput::Torque;
  c.sampleTime = 1e-3;
  c.kp = Eigen::VectorXd::Constant(3, 900.0);
  c.kd = Eigen::VectorXd::Constant(3, 60.0);
  RunOptions o;
  o.mode = RunMode::ForwardSimulation;
  o.controller = std::make_shared<const ControllerConfig>(c);
  const RunRecord pipeline = runTask(model, task, o);
  ASSERT_FALSE(pipeline.diverged) << pipeline.message;
  const double piped = pipeline.forward.peakError.maxCoeff();
  std::printf("computed torque, peak joint error: no wrench %.6g rad, wrench with feedforward %.6g rad, without "
              "%.6g rad; run pipeline %.6g rad\n",
              unloaded, fed, unfed, piped);
  RecordProperty("peak_error_rad", std::to_string(unloaded) + " (no wrench), " + std::to_string(fed) +
                                       " (feedforward), " + std::to_string(unfed) + " (none)");
  EXPECT_LT(std::abs(fed - unloaded), 0.01 * unloaded);
  EXPECT_GT(unfed, 5.0 * fed);
  EXPECT_LT(std::abs(piped - unloaded), 0.01 * unloaded);
}

}  // namespace
}  // namespace armdyn
