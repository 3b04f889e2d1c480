// Independent-joint PID on the PUMA (Anderson 7.7): each joint, the others locked, tuned by
// Ziegler-Nichols (table 7.2 PID), takes a 0.05 rad setpoint step and holds it: the oscillation
// decays (Anderson's single-joint cases) and the integral action removes the gravity offset.
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "control/closed_loop.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

void holdsEachJoint(const std::string& name, const Eigen::VectorXd& q) {
  const Model model(test::libraryRobotSpec(name));
  const int n = model.dof();
  for (int j = 0; j < n; ++j) {
    SCOPED_TRACE(name + ", joint " + std::to_string(j + 1));
    TuneOptions o;
    o.duration = 1.5;
    const TuneResult tuned = tune(model, j, q, o);
    ASSERT_TRUE(tuned.found) << tuned.message;
    std::vector<PidGains> gains(static_cast<std::size_t>(n));
    gains[static_cast<std::size_t>(j)] = tuned.gains.pid;
    PidController controller(DiscretePid(gains, kAndersonServoPeriod, Eigen::VectorXd::Constant(n, 40.0)));
    ClosedLoopSetup s;
    s.plant.input = DriveInput::Voltage;
    s.plant.step = kAndersonServoPeriod;
    s.plant.constraints.assign(n, JointConstraint{JointMode::Locked});
    s.plant.constraints[j].mode = JointMode::Free;
    s.q0 = q;
    s.duration = 2.0;
    s.setpointPeriod = kAndersonSetpointPeriod;
    Eigen::VectorXd target = q;
    target(j) += 0.05;
    const RunResult r = simulateClosedLoop(model, s, controller, stepSetpoint(q, target, 0.1));
    ASSERT_FALSE(r.summary.diverged) << r.summary.message;
    std::vector<double> t, e;
    for (std::size_t k = 0; k < r.history.t.size(); ++k) {
      if (r.history.t[k] < 0.1) continue;
      t.push_back(r.history.t[k]);
      e.push_back(r.history.error(static_cast<Eigen::Index>(k), j));
    }
    const OscillationMeasure m = measureOscillation(t, e);
    if (m.oscillating) {
      EXPECT_LT(m.growthPerHalfCycle, 0.0);  // decays
    }
    // Held: after 1.9 s the error is gone to 1e-4 rad (the integral removes gravity's offset),
    // the joint at rest, and the voltage within the amplifier's 40 V.
    EXPECT_LT(std::abs(r.history.error(r.history.error.rows() - 1, j)), 1e-4);
    EXPECT_LT(std::abs(r.history.qd(r.history.qd.rows() - 1, j)), 1e-3);
    EXPECT_LE(r.summary.peakVoltage(j), 40.0);
  }
}

TEST(PidController, HoldsEachJointOfAndersonsPuma) {
  Eigen::VectorXd q(3);
  q << 0.0, -M_PI / 2.0, M_PI / 2.0;  // arm vertical
  holdsEachJoint("puma560_anderson3", q);
}

TEST(PidController, HoldsEachJointOfTheSixJointPuma) {
  const Model model(test::libraryRobotSpec("puma560"));
  holdsEachJoint("puma560", model.home());
}

}  // namespace
}  // namespace armdyn
