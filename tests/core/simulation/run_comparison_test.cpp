// Peaks of two runs compared, against values worked by hand.
#include "simulation/run_comparison.h"

#include <gtest/gtest.h>
#include <cmath>

namespace armdyn {
namespace {

RunRecord runWith(double taskTime, Eigen::VectorXd force, Eigen::VectorXd qd, Eigen::VectorXd qdd) {
  RunRecord r;
  r.summary.taskTime = taskTime;
  r.summary.peakForce = std::move(force);
  r.summary.qdPeak = std::move(qd);
  r.summary.qddPeak = std::move(qdd);
  return r;
}

TEST(RunComparison, DeltasAndPercentAgainstHandValues) {
  const RunRecord before = runWith(2.0, Eigen::Vector3d(10.0, -20.0, 4.0), Eigen::Vector3d(1.0, 2.0, 0.5),
                                   Eigen::Vector3d(3.0, 6.0, 0.0));
  const RunRecord after = runWith(2.5, Eigen::Vector3d(12.0, -15.0, 4.0), Eigen::Vector3d(0.8, 2.0, 0.75),
                                  Eigen::Vector3d(3.0, 9.0, 1.0));
  const RunComparison c = compareRuns(before, after);
  ASSERT_EQ(c.dof(), 3);
  // Task time 2.0 -> 2.5 s: +0.5 s, +25 %.
  EXPECT_DOUBLE_EQ(c.taskTime.delta, 0.5);
  EXPECT_DOUBLE_EQ(c.taskTime.percent, 25.0);
  // J1 10 -> 12 N m: +2, +20 %, larger.
  EXPECT_DOUBLE_EQ(c.peakForce[0].reference, 10.0);
  EXPECT_DOUBLE_EQ(c.peakForce[0].current, 12.0);
  EXPECT_DOUBLE_EQ(c.peakForce[0].delta, 2.0);
  EXPECT_DOUBLE_EQ(c.peakForce[0].percent, 20.0);
  EXPECT_EQ(c.peakForce[0].trend, 1);
  // J2 -20 -> -15 N m: delta +5 (new minus old), +25 % of |-20|, the magnitude shrank.
  EXPECT_DOUBLE_EQ(c.peakForce[1].delta, 5.0);
  EXPECT_DOUBLE_EQ(c.peakForce[1].percent, 25.0);
  EXPECT_EQ(c.peakForce[1].trend, -1);
  // J3 unchanged.
  EXPECT_EQ(c.peakForce[2].delta, 0.0);
  EXPECT_EQ(c.peakForce[2].percent, 0.0);
  EXPECT_EQ(c.peakForce[2].trend, 0);
  // Velocity 1.0 -> 0.8: -0.2 (-20 %); 0.5 -> 0.75: +50 %.
  EXPECT_NEAR(c.qdPeak[0].delta, -0.2, 1e-15);
  EXPECT_NEAR(c.qdPeak[0].percent, -20.0, 1e-12);
  EXPECT_EQ(c.qdPeak[0].trend, -1);
  EXPECT_DOUBLE_EQ(c.qdPeak[2].percent, 50.0);
  // Acceleration 6 -> 9: +3, +50 %; 0 -> 1: no percentage of a zero reference.
  EXPECT_DOUBLE_EQ(c.qddPeak[1].delta, 3.0);
  EXPECT_DOUBLE_EQ(c.qddPeak[1].percent, 50.0);
  EXPECT_DOUBLE_EQ(c.qddPeak[2].delta, 1.0);
  EXPECT_TRUE(std::isnan(c.qddPeak[2].percent));
  EXPECT_EQ(c.qddPeak[2].trend, 1);
  // Prescribed motion: no forward-simulation peaks.
  EXPECT_TRUE(c.peakCurrent.empty());
}

TEST(RunComparison, SignChangeAndFloatNoise) {
  // -10 -> 12: delta +22, +220 % of |-10|, the magnitude grew.
  const PeakChange flip = comparePeak(-10.0, 12.0);
  EXPECT_DOUBLE_EQ(flip.delta, 22.0);
  EXPECT_DOUBLE_EQ(flip.percent, 220.0);
  EXPECT_EQ(flip.trend, 1);
  // -10 -> -12: delta -2 (-20 %), yet the magnitude grew.
  const PeakChange deeper = comparePeak(-10.0, -12.0);
  EXPECT_DOUBLE_EQ(deeper.delta, -2.0);
  EXPECT_DOUBLE_EQ(deeper.percent, -20.0);
  EXPECT_EQ(deeper.trend, 1);
  // A rerun's float noise is no change.
  EXPECT_EQ(comparePeak(17.0, 17.0 * (1.0 + 1e-13)).trend, 0);
  EXPECT_EQ(comparePeak(0.0, 0.0).percent, 0.0);
}

TEST(RunComparison, ForwardPeaksAndMismatchedArms) {
  RunRecord a = runWith(1.0, Eigen::Vector2d(1.0, 2.0), Eigen::Vector2d(1.0, 1.0), Eigen::Vector2d(1.0, 1.0));
  RunRecord b = a;
  a.mode = b.mode = RunMode::ForwardSimulation;
  a.forward.peakError = Eigen::Vector2d(0.01, 0.02);
  b.forward.peakError = Eigen::Vector2d(0.015, 0.01);
  a.forward.peakVoltage = b.forward.peakVoltage = Eigen::Vector2d(24.0, 12.0);
  a.forward.peakCurrent = Eigen::Vector2d(2.0, 1.0);
  b.forward.peakCurrent = Eigen::Vector2d(3.0, 1.0);
  const RunComparison c = compareRuns(a, b);
  ASSERT_EQ(c.peakError.size(), 2u);
  EXPECT_NEAR(c.peakError[0].percent, 50.0, 1e-12);
  EXPECT_NEAR(c.peakError[1].percent, -50.0, 1e-12);
  EXPECT_EQ(c.peakVoltage[0].delta, 0.0);
  EXPECT_DOUBLE_EQ(c.peakCurrent[0].delta, 1.0);
  const RunRecord three = runWith(1.0, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
  EXPECT_THROW(compareRuns(a, three), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
