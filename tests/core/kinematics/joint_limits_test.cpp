// admissibleJointInterval against what it promises to hold: every value admissibleJointValue
// returns, over seeded random joint values and limits (unlimited sides, one-sided, narrow,
// wider than a turn, revolute and prismatic), and the interval's stated ends where the image
// reaches them (an unlimited revolute joint's [-pi, pi], a one-sided joint's shifted end).
#include "kinematics/joint_limits.h"

#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace armdyn {
namespace {

constexpr double kPi = M_PI;

// Vora's RRR with its first joint given the type and limits.
Model oneJoint(JointType type, double qMin, double qMax) {
  RobotSpec spec = test::voraRrrSpec();
  spec.links[0].joint = type;
  spec.links[0].qMin = qMin;
  spec.links[0].qMax = qMax;
  return Model(spec);
}

// The smallest and largest value admissibleJointValue returns over a dense sweep of [-20, 20]
// rad (or m) and 20000 seeded random values of [-1e3, 1e3], each checked inside the interval.
struct Image {
  double lowest = 1e300, highest = -1e300;
};
Image imageWithin(const Model& model, const JointInterval& interval, std::mt19937& rng) {
  Image image;
  std::uniform_real_distribution<double> wide(-1e3, 1e3);
  auto check = [&](double q) {
    const double v = admissibleJointValue(model, 0, q);
    EXPECT_GE(v, interval.lower) << "q = " << q;
    EXPECT_LE(v, interval.upper) << "q = " << q;
    image.lowest = std::min(image.lowest, v);
    image.highest = std::max(image.highest, v);
  };
  for (int k = -200000; k <= 200000; ++k) check(k * 1e-4);
  for (int k = 0; k < 20000; ++k) check(wide(rng));
  return image;
}

TEST(JointLimits, AdmissibleIntervalHoldsEveryAdmissibleValue) {
  std::mt19937 rng(20261202);
  const double none = 1e300;
  struct Case {
    JointType type;
    double qMin, qMax;
    bool exact;  // the image reaches both ends (to the sweep's 1e-4)
  };
  const Case cases[] = {
      {JointType::Revolute, -none, none, true},                       // [-pi, pi]
      {JointType::Revolute, -225.0 * kPi / 180, 45.0 * kPi / 180, true},  // the PUMA's joint 3
      {JointType::Revolute, -none, 100.0 * kPi / 180, true},          // [-260, 100] deg
      {JointType::Revolute, -30.0 * kPi / 180, none, true},           // [-30, 330] deg
      {JointType::Revolute, 0.0, 2.0 * kPi, false},                   // [0, 2 pi]
      {JointType::Revolute, -2.0 * kPi, 2.0 * kPi, false},            // UR5's +-360 deg
      {JointType::Revolute, -0.2, 0.3, true},                         // narrow: clamped ends
      {JointType::Revolute, -20.0, 20.0, false},                      // past 3 pi
      {JointType::Revolute, -12.0, -10.0, true},                      // wholly past -3 pi (review)
      {JointType::Revolute, 10.0, 12.0, true},                        // wholly past 3 pi
      {JointType::Revolute, -none, -10.0, false},                     // an upper limit past -3 pi
      {JointType::Prismatic, 0.1, 1.5, true},
      {JointType::Prismatic, -none, 2.0, false},
  };
  for (const Case& c : cases) {
    const Model model = oneJoint(c.type, c.qMin, c.qMax);
    const JointInterval interval = admissibleJointInterval(model, 0);
    SCOPED_TRACE("limits [" + std::to_string(c.qMin) + ", " + std::to_string(c.qMax) + "]");
    EXPECT_GE(interval.lower, c.qMin);
    EXPECT_LE(interval.upper, c.qMax);
    EXPECT_LE(interval.lower, interval.upper);
    const Image image = imageWithin(model, interval, rng);
    if (c.exact) {
      EXPECT_NEAR(image.lowest, interval.lower, 2e-4);
      EXPECT_NEAR(image.highest, interval.upper, 2e-4);
    }
  }
  // The documented ends, in degrees.
  const auto deg = [](double r) { return r * 180.0 / kPi; };
  const JointInterval unlimited = admissibleJointInterval(oneJoint(JointType::Revolute, -none, none), 0);
  EXPECT_DOUBLE_EQ(unlimited.lower, -kPi);
  EXPECT_DOUBLE_EQ(unlimited.upper, kPi);
  const JointInterval upperOnly = admissibleJointInterval(oneJoint(JointType::Revolute, -none, 100.0 * kPi / 180), 0);
  EXPECT_NEAR(deg(upperOnly.lower), -260.0, 1e-9);
  const JointInterval puma3 =
      admissibleJointInterval(oneJoint(JointType::Revolute, -225.0 * kPi / 180, 45.0 * kPi / 180), 0);
  EXPECT_NEAR(deg(puma3.lower), -225.0, 1e-9);
  EXPECT_NEAR(deg(puma3.upper), 45.0, 1e-9);
  // Limits wholly past -3 pi: every wrapped value is clamped onto the near limit, the interval is
  // that one value (not an inverted [-3 pi, -10], the review's counterexample).
  const JointInterval past = admissibleJointInterval(oneJoint(JointType::Revolute, -12.0, -10.0), 0);
  EXPECT_EQ(past.lower, -10.0);
  EXPECT_EQ(past.upper, -10.0);
  const JointInterval wide = admissibleJointInterval(oneJoint(JointType::Revolute, -20.0, 20.0), 0);
  EXPECT_DOUBLE_EQ(wide.lower, -3.0 * kPi);
  EXPECT_DOUBLE_EQ(wide.upper, 3.0 * kPi);
}

}  // namespace
}  // namespace armdyn
