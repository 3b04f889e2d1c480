// Table 7.3 quantities from samples built by hand, with the answers known by construction.
#include "simulation/task_summary.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

TEST(TaskSummary, SignedPeaksExtremesAndTimes) {
  const std::vector<double> t = {0.0, 0.1, 0.2, 0.3};
  Eigen::MatrixXd q(4, 2), qd(4, 2), qdd(4, 2), f(4, 2);
  q << 0.1, 1.0, -0.4, 2.0, 0.3, 1.5, 0.0, 0.5;
  qd << 0.0, -2.0, 1.0, 0.0, -1.5, 0.0, 0.2, 1.0;
  qdd << 5.0, 0.0, -6.0, 0.0, 0.0, 3.0, 0.0, -1.0;
  f << 1.0, -0.5, -2.5, 0.1, 2.4, 0.4, 0.0, -0.45;
  const TaskSummary s = summarizeSamples(t, q, qd, qdd, f, 0.4);
  EXPECT_EQ(s.taskTime, 0.4);
  EXPECT_EQ(s.samples, 4);
  EXPECT_EQ(s.peakForce(0), -2.5);  // |-2.5| > 2.4: the sign is kept
  EXPECT_EQ(s.peakForceTime(0), 0.1);
  EXPECT_EQ(s.peakForce(1), -0.5);
  EXPECT_EQ(s.peakForceTime(1), 0.0);
  EXPECT_EQ(s.qMin(0), -0.4);
  EXPECT_EQ(s.qMax(0), 0.3);
  EXPECT_EQ(s.qMin(1), 0.5);
  EXPECT_EQ(s.qMax(1), 2.0);
  EXPECT_EQ(s.qdPeak(0), 1.5);
  EXPECT_EQ(s.qdPeak(1), 2.0);
  EXPECT_EQ(s.qddPeak(0), 6.0);
  EXPECT_EQ(s.qddPeak(1), 3.0);
}

TEST(TaskSummary, RejectsInconsistentSizes) {
  const Eigen::MatrixXd a = Eigen::MatrixXd::Zero(2, 2);
  EXPECT_THROW(summarizeSamples({0.0}, a, a, a, a, 0.1), std::invalid_argument);
  EXPECT_THROW(summarizeSamples({0.0, 1.0}, a, a, Eigen::MatrixXd::Zero(2, 3), a, 0.1), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
