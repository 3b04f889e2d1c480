// jointSweepTask: the first task of a robot without one moves every joint, stays within the
// limits, returns home, and plans and samples on every library arm.
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"
#include "trajectory/joint_sweep_task.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

TEST(JointSweepTask, MovesEveryJointWithinItsLimitsAndReturns) {
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    RobotSpec spec = test::libraryRobotSpec(name);
    const Model model(spec);
    const TaskSpec task = jointSweepTask(spec);
    ASSERT_EQ(task.pointCount(), 3);
    const RunRecord run = simulateTask(model, task);
    const Eigen::VectorXd home = model.home();
    for (int i = 0; i < model.dof(); ++i) {
      const LinkSpec& l = spec.links[static_cast<std::size_t>(i)];
      const double lo = run.q.col(i).minCoeff(), hi = run.q.col(i).maxCoeff();
      EXPECT_GT(hi - lo, 0.05) << "joint " << i + 1 << " does not move";
      EXPECT_GE(lo, l.qMin - 1e-12);
      EXPECT_LE(hi, l.qMax + 1e-12);
      EXPECT_NEAR(run.q(0, i), home(i), 1e-12);
      EXPECT_NEAR(run.q(run.q.rows() - 1, i), home(i), 1e-12);
    }
    EXPECT_NEAR(run.t.back(), 4.0, 1e-9);
  }
}

}  // namespace
}  // namespace armdyn
