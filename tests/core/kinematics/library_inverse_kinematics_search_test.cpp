// The closed-form families of the library's six-joint arms against the independent exhaustive
// search of ik_exhaustive_search.h (2000 random starts plus the generator, converged to 1e-12,
// solutions merged at 1e-6): the same sets, every solution on the pose to 1e-10 m + rad.

#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "kinematics/inverse_kinematics.h"
#include "ik_exhaustive_search.h"
#include "kinematics_fixtures.h"
#include "support/sanitizers.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <algorithm>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

using test::Joints6;

constexpr double kPoseTol = 1e-10;
constexpr int kStarts = 2000;

// The other six-joint families against the same search: the library's PUMA 560, Stanford
// (a prismatic joint 3), Cartesian (three prismatic joints), RRRRRR and Corke's PUMA (alpha3 =
// -90 deg): every candidate, within the joint limits or not, equals the search's set.
void checkArmsAgainstTheSearch(const std::vector<RobotSpec>& arms, std::mt19937& rng) {
  for (const RobotSpec& spec : arms) {
    const Model model(spec);
    SCOPED_TRACE(spec.name + " (" + kinematicFamily(model) + ")");
    int solutions = 0;
    double worst = 0.0;
    const int poses = test::exhaustiveDraws(8);
    for (int k = 0; k < poses; ++k) {
      const Eigen::VectorXd q0 = test::randomWithinLimits(model, rng);
      const Eigen::Matrix4d pose = model.base() * test::searchChain(spec, Joints6(q0));
      const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
      ASSERT_TRUE(ik.applicable) << ik.reason();
      std::vector<IkCandidate> all = ik.solutions;
      all.insert(all.end(), ik.rejected.begin(), ik.rejected.end());
      const std::vector<Joints6> searched = test::exhaustiveSixJointSearch(spec, test::searchChain(spec, Joints6(q0)),
                                                                           kStarts, rng, {Joints6(q0)}, 2.0);
      for (const Joints6& s : searched) {
        bool matched = false;
        for (const IkCandidate& c : all) matched = matched || test::sameJoints6(spec, Joints6(c.q), s, 1e-6);
        EXPECT_TRUE(matched) << "the search found q = " << s.transpose();
      }
      for (const IkCandidate& c : all) {
        bool matched = false;
        for (const Joints6& s : searched) matched = matched || test::sameJoints6(spec, Joints6(c.q), s, 1e-6);
        EXPECT_TRUE(matched) << c.configuration << " q = " << c.q.transpose();
        const Eigen::Matrix<double, 6, 1> e =
            test::searchError(test::searchChain(spec, Joints6(q0)), test::searchChain(spec, Joints6(c.q)));
        worst = std::max(worst, e.norm());
      }
      solutions += static_cast<int>(all.size());
    }
    EXPECT_LT(worst, kPoseTol);
    std::printf("%s (%s): %d poses, %d solutions, worst pose error %.2g\n", spec.name.c_str(),
                kinematicFamily(model).c_str(), poses, solutions, worst);
  }
}

TEST(LibraryInverseKinematics, SixJointArmsMatchTheExhaustiveSearch) {
  std::mt19937 rng(41);
  checkArmsAgainstTheSearch({loadRobot(test::sourcePath("robots/puma560.yaml")),
                             loadRobot(test::sourcePath("robots/stanford_rrprrr.yaml")),
                             loadRobot(test::sourcePath("robots/cartesian_ppprrr.yaml")),
                             loadRobot(test::sourcePath("robots/rrrrrr.yaml")), test::pumaSpec()},
                            rng);
}

// Real six-joint arms imported as their makers ship them (tests/data/urdf/example-robot-data:
// side joints held, links merged): each gets the family its structure fits, and the same set.
TEST(LibraryInverseKinematics, ImportedRealArmsMatchTheExhaustiveSearch) {
  const std::string dir = test::sourcePath("tests/data/urdf/example-robot-data/");
  std::vector<RobotSpec> arms;
  for (const auto& [file, tip] : std::vector<std::pair<std::string, std::string>>{{"ur3_robot.urdf", "tool0"},
                                                                                 {"ur10_robot.urdf", "tool0"},
                                                                                 {"kinova.urdf", "j2s6s200_end_effector"},
                                                                                 {"bravo7_no_ee.urdf", "end_effector_ball"},
                                                                                 {"bravo7_gripper.urdf", "grasping_poing"},
                                                                                 {"z1.urdf", "link06"}}) {
    UrdfOptions options;
    options.tip = tip;
    RobotSpec spec = loadUrdf(dir + file, options).robot;
    spec.name = file + " to " + tip;
    arms.push_back(spec);
  }
  std::mt19937 rng(42);
  checkArmsAgainstTheSearch(arms, rng);
}

}  // namespace
}  // namespace armdyn
