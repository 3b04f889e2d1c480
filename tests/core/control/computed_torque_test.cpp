// Computed-torque control of the six-joint PUMA with its drives along the weld-seam task
// (robots/puma560_weld_seam.yaml, planned by Paul's scheme as the task simulation plans it):
// the tool follows the plan within 1 mm. Also: with a perfect model and no sampling, the error
// dynamics are e'' + Kd e' + Kp e = 0 (closed form for an initial offset). And the torque it
// commands (one Newton-Euler pass with qdd = a) against the law's second formulation, the mass
// matrix (composite rigid bodies) times a plus the bias and drive terms.
#include "control/computed_torque.h"
#include "actuation/drive.h"
#include "dynamics/crba.h"
#include "dynamics/rnea.h"
#include "trajectory/paul_trajectory.h"
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "control/closed_loop.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

std::shared_ptr<PaulTrajectory> weldSeamPlan(const Model& model) {
  const TaskSpec task = loadTask(test::sourcePath("robots/puma560_weld_seam.yaml"));
  const RunRecord planned = simulateTask(model, task);
  Eigen::VectorXd vmax(model.dof());
  for (int i = 0; i < model.dof(); ++i) vmax(i) = model.spec().links[i].vMax;
  return std::make_shared<PaulTrajectory>(planned.plan.pointJoints, vmax, planned.plan.tacc);
}

// Peak distance between the tool origin reached and the one planned, over the plan.
double peakToolError(const Model& model, const RunResult& r, double until) {
  double worst = 0.0;
  for (std::size_t k = 0; k < r.history.t.size() && r.history.t[k] <= until; ++k) {
    const auto row = static_cast<Eigen::Index>(k);
    const Eigen::VectorXd q = r.history.q.row(row).transpose(), qd = r.history.setpoint.row(row).transpose();
    worst = std::max(worst, (toolPose(model, q).topRightCorner<3, 1>() - toolPose(model, qd).topRightCorner<3, 1>()).norm());
  }
  return worst;
}

RunResult trackWeldSeam(const Model& model, const std::shared_ptr<PaulTrajectory>& plan, DriveInput input,
                        double currentGain) {
  // 1 kHz control, critically damped error dynamics at 30 rad/s, RK4 at 1 ms.
  ComputedTorqueController controller(model, ComputedTorqueGains::critical(model.dof(), 30.0), 1e-3, input, false,
                                      kDefaultFrictionVelocityScale, currentGain);
  ClosedLoopSetup s;
  s.plant.input = input;
  s.plant.step = 1e-3;
  s.duration = plan->duration();
  Setpoint start;
  start.resize(model.dof());
  plan->evaluate(0.0, start.q, start.qd, start.qdd);
  s.q0 = start.q;
  s.qd0 = start.qd;
  return simulateClosedLoop(model, s, controller, trajectorySetpoint(plan));
}

TEST(ComputedTorque, TracksTheWeldSeamWithinAMillimetre) {
  const Model model(test::libraryRobotSpec("puma560"));
  const auto plan = weldSeamPlan(model);
  // Current drive (torque through N kt i): what limits the error is the 1 ms zero-order hold.
  const RunResult current = trackWeldSeam(model, plan, DriveInput::Current, 0.0);
  ASSERT_FALSE(current.summary.diverged) << current.summary.message;
  const double eCurrent = peakToolError(model, current, plan->duration());
  // Voltage drive: the 3 ms (joints 1-3) and 1 ms (wrist) electrical lags add to it; a
  // current feedback of 2 V/A shortens them.
  const RunResult voltage = trackWeldSeam(model, plan, DriveInput::Voltage, 2.0);
  ASSERT_FALSE(voltage.summary.diverged) << voltage.summary.message;
  const double eVoltage = peakToolError(model, voltage, plan->duration());
  RecordProperty("peak_tool_error_mm", std::to_string(eCurrent * 1e3) + " (current), " +
                                           std::to_string(eVoltage * 1e3) + " (voltage)");
  EXPECT_LT(eCurrent, 1e-3);
  EXPECT_LT(eVoltage, 1e-3);
  EXPECT_LE(voltage.summary.peakVoltage.maxCoeff(), 40.0);
}

TEST(ComputedTorque, ErrorDecaysAsTheLinearisedClosedForm) {
  // Torque drive, controller every 0.1 ms: from an offset e0 at rest with a fixed setpoint the
  // error follows e(t) = e0 (1 + w t) exp(-w t) (critically damped, w = 20 rad/s).
  const Model model(test::libraryRobotSpec("puma560"));
  const double w = 20.0;
  ComputedTorqueController controller(model, ComputedTorqueGains::critical(6, w), 1e-4, DriveInput::Torque);
  ClosedLoopSetup s;
  s.plant.step = 1e-4;
  s.duration = 0.3;
  s.recordPeriod = 0.01;
  const Eigen::VectorXd target = model.home();
  Eigen::VectorXd e0(6);
  e0 << 0.02, -0.01, 0.015, 0.03, -0.02, 0.01;
  s.q0 = target - e0;
  const RunResult r = simulateClosedLoop(model, s, controller, holdSetpoint(target));
  for (std::size_t k = 0; k < r.history.t.size(); k += 5) {
    const double t = r.history.t[k];
    const Eigen::VectorXd expected = e0 * (1.0 + w * t) * std::exp(-w * t);
    // The 0.1 ms hold lags the feedback by ~0.05 ms: relative error ~ w * 5e-5 = 1e-3.
    EXPECT_LT((r.history.error.row(static_cast<Eigen::Index>(k)).transpose() - expected).norm(), 2e-3 * e0.norm()) << t;
  }
}

// tau = (M(q) + diag(Jr)) a + C qd + G + J^T W + f(qd), a = qdd_d + Kd (qd_d - qd) + Kp (q_d - q),
// with M from crba and C qd + G + J^T W from a Newton-Euler pass at qdd = 0: the controller's
// single pass at qdd = a must give the same torque. 20 seeded random states of the six-joint
// PUMA with its drives (armature and friction) and a tool wrench; torques reach ~100 N m, the
// two formulations differ by rounding only: 1e-10 relative to the largest term.
TEST(ComputedTorque, TorqueIsTheMassMatrixTimesTheCommandPlusBiasAndDriveTerms) {
  const Model model(test::libraryRobotSpec("puma560"));
  const int n = model.dof();
  ASSERT_TRUE(hasDrives(model));
  ComputedTorqueGains gains = ComputedTorqueGains::critical(n, 25.0);
  gains.kd(2) = 3.0;  // gains that differ per joint
  ComputedTorqueController controller(model, gains, 1e-3, DriveInput::Torque);
  ToolWrench w;
  w.force = Eigen::Vector3d(12.0, -30.0, 45.0);
  w.moment = Eigen::Vector3d(-2.0, 1.5, 4.0);
  controller.setToolWrench(ToolWrenchProfile::constant(w));
  DynamicsData data(model);
  std::mt19937 rng(20261202);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, n, 3.0), qd = test::randomVector(rng, n, 2.0);
    Setpoint sp;
    sp.resize(n);
    sp.q = q + test::randomVector(rng, n, 0.1);
    sp.qd = test::randomVector(rng, n, 2.0);
    sp.qdd = test::randomVector(rng, n, 5.0);
    const Eigen::VectorXd current = Eigen::VectorXd::Zero(n);
    ControllerInput in;
    in.q = &q;
    in.qd = &qd;
    in.current = &current;
    in.setpoint = &sp;
    Eigen::VectorXd u(n);
    controller.compute(in, u);

    const Eigen::VectorXd a = sp.qdd + gains.kd.cwiseProduct(sp.qd - qd) + gains.kp.cwiseProduct(sp.q - q);
    Eigen::VectorXd bias(n);
    rnea(model, data, q, qd, Eigen::VectorXd::Zero(n), w, bias);
    Eigen::VectorXd expected = massMatrix(model, q) * a + bias;
    for (int i = 0; i < n; ++i) {
      if (const auto& d = model.spec().links[i].drive)
        expected(i) += reflectedInertia(*d) * a(i) + frictionTorque(*d, qd(i), kDefaultFrictionVelocityScale);
    }
    const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff());
    EXPECT_LT((u - expected).cwiseAbs().maxCoeff(), 1e-10 * scale) << "trial " << trial << ": " << u.transpose()
                                                                    << " against " << expected.transpose();
  }
}

TEST(ComputedTorque, RefusesBadGains) {
  const Model model(test::libraryRobotSpec("puma560"));
  ComputedTorqueGains g = ComputedTorqueGains::critical(6, 10.0);
  g.kp(2) = std::nan("");
  EXPECT_THROW(ComputedTorqueController(model, g, 1e-3, DriveInput::Torque), std::invalid_argument);
  g = ComputedTorqueGains::critical(5, 10.0);
  EXPECT_THROW(ComputedTorqueController(model, g, 1e-3, DriveInput::Torque), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
