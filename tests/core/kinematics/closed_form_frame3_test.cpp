// The closed-form families that hand closedFormSolutions DH frame 3 with each raw solution (built
// from the arm solution's own cosines and sines, so that the check by forward kinematics starts
// there) and the wrist's cosines and sines: both must be those of the solution's joint values,
// else the residual that accepts a solution would be computed on another configuration. Checked
// against armFrame(model, q) (trigonometry of q) and cos/sin of q on the library's arms, random
// reachable poses. Rounding of three 4 x 4 products: 1e-12.

#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"

#include <gtest/gtest.h>
#include <cmath>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

TEST(ClosedFormFrame3, IsDhFrame3AtTheSolutionsJointValues) {
  std::mt19937 rng(33);
  int checkedFrames = 0, checkedWrists = 0;
  for (const RobotSpec& spec : {loadRobot(test::sourcePath("robots/puma560.yaml")),
                                loadRobot(test::sourcePath("robots/rrrrrr.yaml")),
                                loadRobot(test::sourcePath("robots/stanford_rrprrr.yaml")), test::pumaSpec()}) {
    const Model model(spec);
    const IkFamily* family = findIkFamily(kinematicFamily(model));
    ASSERT_NE(family, nullptr) << spec.name;
    ASSERT_EQ(family->misfit(model), "") << spec.name;
    for (int trial = 0; trial < 50; ++trial) {
      const Eigen::VectorXd q0 = test::randomWithinLimits(model, rng);
      ik::Solver s(model, rigidInverse(model.base()) * toolPose(model, q0));  // as closedFormSolutions
      family->solve(s);
      ASSERT_GT(s.rawCount, 0) << spec.name;
      for (int k = 0; k < s.rawCount; ++k) {
        const ik::RawSolution& r = s.raw[static_cast<size_t>(k)];
        if (r.frame3) {
          EXPECT_LT((*r.frame3 - ik::armFrame(model, r.q)).cwiseAbs().maxCoeff(), 1e-12) << spec.name << " solution " << k;
          ++checkedFrames;
          // The wrist's cosines and sines (c4, c5, c6, s4, s5, s6) of its DH angles.
          for (int i = 0; i < 3; ++i) {
            const double theta = ik::dhFromJoint(model, 3 + i, r.q(3 + i));
            EXPECT_NEAR(r.wristCs[static_cast<size_t>(i)], std::cos(theta), 1e-12) << spec.name << " joint " << 4 + i;
            EXPECT_NEAR(r.wristCs[static_cast<size_t>(3 + i)], std::sin(theta), 1e-12) << spec.name << " joint " << 4 + i;
          }
          ++checkedWrists;
        }
      }
    }
  }
  std::printf("frame 3 checked on %d raw solutions, wrist cosines and sines on %d\n", checkedFrames, checkedWrists);
  EXPECT_GT(checkedFrames, 400);  // the articulated arms hand it with every solution
}

}  // namespace
}  // namespace armdyn
