// Vora 4.4 workspace check: reachable task points pass, others are named with the reason.
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics/workspace.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

TEST(Workspace, VoraWeldSeamTaskIsReachable) {
  // Figure 7.4: all seven points, zero orientation (ignored by the 3-joint arm).
  const Model model(test::voraRrrSpec());
  const double points[7][3] = {{0.5, 0.0, -0.1},   {0.5, 0.1, -0.1},    {0.7, 0.1, -0.4}, {0.6, -0.15, -0.35},
                               {0.5, -0.2, -0.25}, {0.4, -0.25, -0.2}, {0.5, 0.0, -0.1}};
  for (const auto& p : points) {
    const Reachability r = checkReachability(model, poseFromXyzRpy({p[0], p[1], p[2]}, Eigen::Vector3d::Zero()));
    EXPECT_TRUE(r.reachable) << r.reason;
    EXPECT_EQ(r.reason, "");
  }
}

TEST(Workspace, ReasonsInWords) {
  const Model rrr(test::voraRrrSpec());
  const Reachability far = checkReachability(rrr, poseFromXyzRpy({5.0, 0.0, 0.0}, Eigen::Vector3d::Zero()));
  EXPECT_FALSE(far.reachable);
  EXPECT_EQ(far.reason, "too far: distance 5.0000 m from the shoulder exceeds the reach 1.0000 m");

  const Model cartesian(test::libraryRobotSpec("cartesian_ppprrr"));
  const Reachability travel = checkReachability(cartesian, poseFromXyzRpy({0.0, 0.0, 1.8}, Eigen::Vector3d::Zero()));
  EXPECT_FALSE(travel.reachable);
  EXPECT_NE(travel.reason.find("outside joint"), std::string::npos) << travel.reason;
}

TEST(Workspace, ReachBoundHoldsForRandomConfigurations) {
  // reachBound is an upper bound of |p_tool| over the joint space (triangle inequality).
  std::mt19937 rng(51);
  for (const RobotSpec& spec : test::allTestChains()) {
    const Model model(spec);
    const double bound = reachBound(model);
    for (int trial = 0; trial < 200; ++trial) {
      const Eigen::Vector3d p = toolPose(model, test::randomWithinLimits(model, rng)).topRightCorner<3, 1>();
      EXPECT_LE(p.norm(), bound + 1e-12) << spec.name;
    }
  }
  EXPECT_NEAR(reachBound(Model(test::voraRrrSpec())), 1.0, 1e-15);
}

}  // namespace
}  // namespace armdyn
