// Closed-form inverse kinematics: round trips through the forward kinematics on every family,
// the generating configuration found among the solutions, Vora's first weld-seam point
// (section 7.2, eq 7.1-7.4), named configurations, joint limits and the fallback to damped
// least squares.
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "ik_test_checks.h"
#include "kinematics_fixtures.h"
#include "support/malloc_counter.h"

#include <Eigen/SVD>
#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>

namespace armdyn {
namespace {

// A closed-form solution must rebuild its pose to this (polished to rounding; 1e-9 m/rad).
constexpr double kPoseTol = 1e-9;

using test::sameJoints;
using test::taskResidual;

// Smallest singular value of the task Jacobian: near zero the generating q is not isolated.
double conditioning(const Model& model, const Eigen::VectorXd& q) {
  const Eigen::MatrixXd J = geometricJacobian(model, q).topRows(model.dof() < 6 ? 3 : 6);
  return Eigen::JacobiSVD<Eigen::MatrixXd>(J).singularValues().minCoeff();
}

// Arms with a closed form: the library's four plus PUMA variants (Corke's DH; edited lengths,
// offsets on every joint, a1 and d1, a tool) so nothing relies on the library's numbers.
std::vector<RobotSpec> closedFormChains() {
  std::vector<RobotSpec> out;
  for (const std::string& name : test::libraryRobotNames()) out.push_back(test::libraryRobotSpec(name));
  out.push_back(test::pumaSpec());
  RobotSpec edited = test::pumaSpec();
  edited.name = "edited PUMA";
  const double offsets[6] = {0.2, -M_PI / 2, 0.4, -0.3, 0.5, 1.0};
  for (int i = 0; i < 6; ++i) edited.links[i].dh.theta = offsets[i];
  edited.links[0].dh.a = 0.05;
  edited.links[0].dh.d = 0.6;
  edited.links[1].dh.a = 0.55;
  edited.links[1].dh.d = -0.07;
  edited.links[2].dh.a = -0.04;
  edited.links[2].dh.d = 0.2;
  edited.links[3].dh.d = 0.37;
  edited.links[5].dh.d = 0.08;
  edited.links[5].dh.a = 0.03;
  edited.links[5].dh.alpha = 0.3;
  edited.tool = test::transform(Eigen::Vector3d(0.3, 0.2, -0.1), Eigen::Vector3d(0.02, 0.03, 0.12));
  out.push_back(edited);
  RobotSpec rrr = test::voraRrrSpec();
  rrr.name = "RRR with offsets and tool";
  rrr.links[0].dh.alpha = -M_PI / 2;
  rrr.links[0].dh.d = 0.3;
  rrr.links[1].dh.theta = 0.3;
  rrr.links[2].dh.alpha = 0.7;
  rrr.links[2].dh.d = 0.05;
  rrr.tool = test::transform(Eigen::Vector3d(0.1, 0.2, 0.3), Eigen::Vector3d(0.1, 0.05, 0.02));
  out.push_back(rrr);
  RobotSpec stanford = test::libraryRobotSpec("stanford_rrprrr");
  stanford.name = "Stanford with offsets and tool";
  stanford.links[0].dh.d = 0.4;
  stanford.links[1].dh.a = 0.05;
  stanford.links[2].dh.theta = 0.4;
  stanford.links[2].dh.d = 0.1;
  stanford.links[3].dh.d = 0.15;
  stanford.links[5].dh.d = 0.1;
  stanford.tool = test::transform(Eigen::Vector3d(-0.2, 0.1, 0.4), Eigen::Vector3d(0.0, 0.02, 0.1));
  out.push_back(stanford);
  RobotSpec cartesian = test::libraryRobotSpec("cartesian_ppprrr");
  cartesian.name = "Cartesian with offsets and tool";
  cartesian.links[0].dh.d = 0.5;
  cartesian.links[1].dh.a = 0.1;
  cartesian.links[3].dh.d = 0.2;
  cartesian.links[5].dh.d = 0.07;
  cartesian.tool = test::transform(Eigen::Vector3d(0.5, 0.0, 0.1), Eigen::Vector3d(0.01, 0.0, 0.1));
  out.push_back(cartesian);
  return out;
}

TEST(InverseKinematics, EverySolutionRebuildsThePoseAndTheGeneratorIsFound) {
  std::mt19937 rng(31);
  for (const RobotSpec& spec : closedFormChains()) {
    const Model model(spec);
    int tested = 0;
    double worst = 0.0;
    for (int trial = 0; trial < 150; ++trial) {
      const Eigen::VectorXd q0 = test::randomWithinLimits(model, rng);
      if (conditioning(model, q0) < 1e-3) continue;  // near a singularity: q0 not isolated
      ++tested;
      const Eigen::Matrix4d pose = toolPose(model, q0);
      const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
      ASSERT_TRUE(ik.applicable) << spec.name << ": " << ik.reason();
      ASSERT_FALSE(ik.solutions.empty()) << spec.name << ": " << ik.reason();
      bool found = false;
      for (const IkCandidate& c : ik.solutions) {
        worst = std::max(worst, taskResidual(model, pose, c.q));
        EXPECT_EQ(jointLimitViolation(model, c.q), "");
        for (int i = 0; i < model.dof(); ++i)
          if (model.isRevolute(i) && std::abs(c.q(i)) > M_PI) {  // only when [-pi, pi] misses the limits
            Eigen::VectorXd wrapped = c.q;
            wrapped(i) = wrapToPi(c.q(i));
            EXPECT_NE(jointLimitViolation(model, wrapped), "") << spec.name << " " << c.configuration;
          }
        // 1e-7: the generator is a regular point (sigma_min >= 1e-3), so joint error <= 1e3 x pose error.
        found = found || sameJoints(model, c.q, q0, 1e-7);
      }
      for (const IkCandidate& c : ik.rejected) {
        EXPECT_NE(c.reason(), "");
        worst = std::max(worst, taskResidual(model, pose, c.q));
      }
      EXPECT_TRUE(found) << spec.name << " q0 = " << q0.transpose();
    }
    EXPECT_LT(worst, kPoseTol) << spec.name;
    EXPECT_GT(tested, 100) << spec.name;
  }
}

TEST(InverseKinematics, SolutionCountsAndNamesPerFamily) {
  // A regular pose of each arm has 4 (RRR), 8 (PUMA, RRRRRR), 2 (Cartesian) geometric solutions;
  // the Stanford arm 8 of which the 4 with the boom reversed violate q3 >= 0.3.
  struct Case {
    const char* name;
    size_t solutions, rejected;
    const char* first;
  };
  const Case cases[] = {{"vora_rrr", 4, 0, "front_elbow_up"},
                        {"rrrrrr", 8, 0, "front_elbow_up_noflip"},
                        {"stanford_rrprrr", 4, 4, "front_noflip"},
                        {"cartesian_ppprrr", 2, 0, "noflip"}};
  for (const Case& c : cases) {
    const Model model(test::libraryRobotSpec(c.name));
    Eigen::VectorXd q = model.home();
    q(0) = 0.3;
    q(1) = 0.4;
    q(2) = model.isRevolute(2) ? -0.9 : 0.6;
    if (model.dof() == 6) q.tail<3>() << 0.2, 0.5, -0.3;
    const ClosedFormIk ik = closedFormInverseKinematics(model, toolPose(model, q));
    EXPECT_EQ(ik.solutions.size(), c.solutions) << c.name;
    EXPECT_EQ(ik.rejected.size(), c.rejected) << c.name;
    ASSERT_FALSE(ik.solutions.empty());
    EXPECT_EQ(ik.solutions.front().configuration, c.first) << c.name;
    const std::vector<std::string> names = familyConfigurations(model.spec().family);
    for (const IkCandidate& s : ik.solutions)
      EXPECT_NE(std::find(names.begin(), names.end(), s.configuration), names.end()) << s.configuration;
  }
}

// Vora section 7.2: first weld-seam point (0.5, 0, -0.1), elbow up, front; the thesis's run
// (table 7.4 at its start, reference note) gives (0, 0.83833, -2.07145), printed to 5 decimals.
TEST(InverseKinematics, VoraFirstWeldPointGoldenValue) {
  const Model model(test::voraRrrSpec());
  const IkResult ik = solveInverseKinematics(model, poseFromXyzRpy({0.5, 0.0, -0.1}, Eigen::Vector3d::Zero()));
  ASSERT_TRUE(ik.ok) << ik.reason;
  EXPECT_EQ(ik.method, IkMethod::ClosedForm);
  EXPECT_EQ(ik.configuration, "front_elbow_up");
  EXPECT_NEAR(ik.q(0), 0.0, 0.5e-5);
  EXPECT_NEAR(ik.q(1), 0.83833, 0.5e-5);
  EXPECT_NEAR(ik.q(2), -2.07145, 0.5e-5);
}

// Eqs 7.1-7.4 as printed (phi carrying the sign of pz, elbow up: theta2 = phi + gamma and
// theta3 = -acos((r^2 - a1^2 - a2^2) / (2 a1 a2)), a1 = a2 = 0.5 the two arm links), against
// the general solver, for all seven points of figure 7.4.
TEST(InverseKinematics, VoraWeldSeamPointsFollowEquations71To74) {
  const Model model(test::voraRrrSpec());
  const double points[7][3] = {{0.5, 0.0, -0.1},   {0.5, 0.1, -0.1},    {0.7, 0.1, -0.4}, {0.6, -0.15, -0.35},
                               {0.5, -0.2, -0.25}, {0.4, -0.25, -0.2}, {0.5, 0.0, -0.1}};
  const double a1 = 0.5, a2 = 0.5;
  for (const auto& p : points) {
    const double r = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    const double phi = std::atan2(p[2], std::hypot(p[0], p[1]));
    const double gamma = std::acos((a1 * a1 + r * r - a2 * a2) / (2 * a1 * r));
    const Eigen::Vector3d expected(std::atan2(p[1], p[0]), phi + gamma,
                                   -std::acos((r * r - a1 * a1 - a2 * a2) / (2 * a1 * a2)));
    const IkResult ik = solveInverseKinematics(model, poseFromXyzRpy({p[0], p[1], p[2]}, Eigen::Vector3d::Zero()),
                                               "elbow_up");
    ASSERT_TRUE(ik.ok) << ik.reason;
    EXPECT_LT((ik.q - expected).cwiseAbs().maxCoeff(), 1e-12) << p[0] << " " << p[1] << " " << p[2];
    EXPECT_LT((toolPose(model, ik.q).topRightCorner<3, 1>() - Eigen::Vector3d(p[0], p[1], p[2])).norm(), 1e-12);
  }
}

TEST(InverseKinematics, PartialConfigurationsSelectTheFirstMatch) {
  const Model model(test::pumaSpec());
  Eigen::VectorXd q(6);
  q << 0.3, 0.5, -0.4, 0.6, 0.7, -0.2;
  const Eigen::Matrix4d pose = toolPose(model, q);
  const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
  ASSERT_EQ(ik.solutions.size(), 8u);
  EXPECT_EQ(selectSolution(ik.solutions, "")->configuration, "front_elbow_up_noflip");
  EXPECT_EQ(selectSolution(ik.solutions, "elbow_down")->configuration, "front_elbow_down_noflip");
  EXPECT_EQ(selectSolution(ik.solutions, "flip")->configuration, "front_elbow_up_flip");
  EXPECT_EQ(selectSolution(ik.solutions, "back_flip")->configuration, "back_elbow_up_flip");
  EXPECT_EQ(selectSolution(ik.solutions, "Back-Elbow Down")->configuration, "back_elbow_down_noflip");
  EXPECT_EQ(selectSolution(ik.solutions, "sideways"), nullptr);
  // Geometric meaning of the names, in the vertical plane of the arm (base z up, frame-1 x
  // horizontal): elbow (origin of frame 2) above the line from the shoulder to the wrist centre.
  for (const IkCandidate& c : ik.solutions) {
    const std::vector<Eigen::Matrix4d> T = linkFrames(model, c.q);
    const Eigen::Vector3d x1 = T[1].block<3, 1>(0, 0), s = T[1].topRightCorner<3, 1>();
    const Eigen::Vector3d e = T[2].topRightCorner<3, 1>() - s, w = T[4].topRightCorner<3, 1>() - s;
    const double lineHeight = w.z() * e.dot(x1) / w.dot(x1);
    const bool up = c.configuration.find("elbow_up") != std::string::npos;
    EXPECT_EQ(e.z() > lineHeight, up) << c.configuration;
    // noflip: sin(theta5) >= 0.
    EXPECT_EQ(std::sin(c.q(4)) >= 0.0, c.configuration.find("noflip") != std::string::npos) << c.configuration;
  }
  // Unknown words are reported, not silently ignored.
  const IkResult bad = solveInverseKinematics(model, pose, "lefty");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.reason.find("unknown configuration 'lefty'"), std::string::npos) << bad.reason;
}

TEST(InverseKinematics, SolutionsOutsideLimitsAreDroppedWithAReason) {
  RobotSpec spec = test::voraRrrSpec();
  spec.links[2].qMin = -M_PI;
  spec.links[2].qMax = 0.0;  // elbow may bend one way only
  const Model model(spec);
  const Eigen::Matrix4d pose = poseFromXyzRpy({0.5, 0.0, -0.1}, Eigen::Vector3d::Zero());
  const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
  ASSERT_EQ(ik.solutions.size(), 2u);
  ASSERT_EQ(ik.rejected.size(), 2u);
  EXPECT_EQ(ik.solutions[0].configuration, "front_elbow_up");
  EXPECT_EQ(ik.solutions[1].configuration, "back_elbow_down");
  EXPECT_NE(ik.rejected[0].reason().find("outside joint 3 limits"), std::string::npos) << ik.rejected[0].reason();
  const IkResult down = solveInverseKinematics(model, pose, "front_elbow_down");
  EXPECT_FALSE(down.ok);
  EXPECT_NE(down.reason.find("outside joint 3 limits"), std::string::npos) << down.reason;
  EXPECT_NE(down.reason.find("available: front_elbow_up, back_elbow_down"), std::string::npos) << down.reason;
}

// The overload that fills a ClosedFormIk in place gives what the value one gives (joints to the
// bit, names, reasons, order), pose after pose, one result object reused across the PUMA (limits
// narrowed so that some of the eight are rejected with their reason) and Vora's RRR (3 joints);
// and once warm it allocates nothing on the PUMA's poses.
TEST(InverseKinematics, InPlaceSolutionsMatchTheValueOnesAndDoNotAllocate) {
  RobotSpec pumaLimited = test::pumaSpec();
  pumaLimited.links[1].qMin = -2.0, pumaLimited.links[1].qMax = 1.0;
  pumaLimited.links[3].qMin = -2.5, pumaLimited.links[3].qMax = 2.5;
  pumaLimited.links[4].qMin = -1.6, pumaLimited.links[4].qMax = 1.6;
  const Model puma(pumaLimited), rrr(test::voraRrrSpec());
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> u(-M_PI, M_PI);
  std::vector<Eigen::Matrix4d> pumaPoses, rrrPoses;
  for (int k = 0; k < 40; ++k) {
    Eigen::VectorXd q(6), q3(3);
    // Within the limits: the generator is kept, so no pose has every candidate rejected.
    for (int i = 0; i < 6; ++i) {
      const LinkSpec& l = pumaLimited.links[static_cast<std::size_t>(i)];
      q(i) = l.qMin + (l.qMax - l.qMin) * (0.5 + 0.5 * u(rng) / M_PI);
    }
    for (int i = 0; i < 3; ++i) q3(i) = u(rng);
    pumaPoses.push_back(toolPose(puma, q));
    rrrPoses.push_back(toolPose(rrr, q3));
  }
  ClosedFormIk inPlace;
  int rejected = 0, solutions = 0;
  const auto same = [](const std::vector<IkCandidate>& a, const std::vector<IkCandidate>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].q.size() != b[i].q.size() || a[i].q != b[i].q || a[i].configuration != b[i].configuration ||
          a[i].rejection.kind != b[i].rejection.kind || a[i].reason() != b[i].reason())
        return false;
    return true;
  };
  for (int k = 0; k < 40; ++k) {
    const Model& model = k % 3 == 2 ? rrr : puma;
    const Eigen::Matrix4d& pose = k % 3 == 2 ? rrrPoses[k] : pumaPoses[k];
    const ClosedFormIk value = closedFormInverseKinematics(model, pose);
    closedFormInverseKinematics(model, pose, Eigen::VectorXd(), inPlace);
    EXPECT_EQ(inPlace.applicable, value.applicable) << k;
    EXPECT_EQ(inPlace.reason(), value.reason()) << k;
    EXPECT_TRUE(same(inPlace.solutions, value.solutions)) << k;
    EXPECT_TRUE(same(inPlace.rejected, value.rejected)) << k;
    rejected += static_cast<int>(value.rejected.size());
    solutions += static_cast<int>(value.solutions.size());
  }
  EXPECT_GT(rejected, 20);  // the limits reject some: their reasons are built in place too
  EXPECT_GT(solutions, 40);
  // The seed taken from the result being filled (a path's previous solution), at a singular
  // wrist where the seed fixes joint 4: the same as with a copy of it.
  {
    Eigen::VectorXd q(6);
    q << 0.3, -0.4, 0.5, 0.7, 0.0, -0.2;  // q5 = 0: joints 4 and 6 aligned
    const Eigen::Matrix4d singular = toolPose(puma, q);
    closedFormInverseKinematics(puma, pumaPoses[0], Eigen::VectorXd(), inPlace);
    ASSERT_FALSE(inPlace.solutions.empty());
    const Eigen::VectorXd seed = inPlace.solutions[0].q;
    const ClosedFormIk value = closedFormInverseKinematics(puma, singular, seed);
    closedFormInverseKinematics(puma, singular, inPlace.solutions[0].q, inPlace);
    EXPECT_TRUE(same(inPlace.solutions, value.solutions));
    EXPECT_TRUE(same(inPlace.rejected, value.rejected));
  }
  // A call that throws (a seed of the wrong size) leaves the result as it was.
  {
    const ClosedFormIk before = inPlace;
    EXPECT_THROW(closedFormInverseKinematics(puma, pumaPoses[1], Eigen::VectorXd::Zero(3), inPlace), std::invalid_argument);
    EXPECT_EQ(inPlace.applicable, before.applicable);
    EXPECT_EQ(inPlace.reason(), before.reason());
    EXPECT_TRUE(same(inPlace.solutions, before.solutions));
    EXPECT_TRUE(same(inPlace.rejected, before.rejected));
  }
#ifdef ARMDYN_COUNT_MALLOC
  const Eigen::VectorXd noSeed;
  for (int pass = 0; pass < 3; ++pass)  // warm: every candidate's strings as long as they need
    for (const Eigen::Matrix4d& pose : pumaPoses) closedFormInverseKinematics(puma, pose, noSeed, inPlace);
  int named = 0;
  test::gAllocations = 0;
  test::gCounting = true;
  for (const Eigen::Matrix4d& pose : pumaPoses) {
    closedFormInverseKinematics(puma, pose, noSeed, inPlace);
    named += static_cast<int>(inPlace.solutions.size() + inPlace.rejected.size());
  }
  test::gCounting = false;
  EXPECT_EQ(test::gAllocations, 0);
  EXPECT_EQ(named, 8 * 40);
#endif
}

TEST(InverseKinematics, StanfordBoomBeyondItsTravelIsOutsideJoint3Limits) {
  const Model model(test::libraryRobotSpec("stanford_rrprrr"));
  // Wrist centre 1.5 m from the shoulder: boom sqrt(1.5^2 - 0.37^2) = 1.45 m > 1.2 m.
  const IkResult ik = solveInverseKinematics(model, poseFromXyzRpy({1.5, 0.0, 0.0}, Eigen::Vector3d::Zero()));
  EXPECT_FALSE(ik.ok);
  EXPECT_NE(ik.reason.find("no solution within joint limits"), std::string::npos) << ik.reason;
  EXPECT_NE(ik.reason.find("outside joint 3 limits"), std::string::npos) << ik.reason;
}

TEST(InverseKinematics, OutOfReachSaysHowFar) {
  const Model model(test::voraRrrSpec());
  const IkResult far = solveInverseKinematics(model, poseFromXyzRpy({1.2, 0.0, 0.5}, Eigen::Vector3d::Zero()));
  EXPECT_FALSE(far.ok);
  EXPECT_EQ(far.reason, "too far: distance 1.3000 m from the shoulder exceeds the reach 1.0000 m");
  RobotSpec shortForearm = test::voraRrrSpec();
  shortForearm.links[2].dh.a = 0.3;
  const IkResult nearBase =
      solveInverseKinematics(Model(shortForearm), poseFromXyzRpy({0.1, 0.0, 0.0}, Eigen::Vector3d::Zero()));
  EXPECT_FALSE(nearBase.ok);
  EXPECT_EQ(nearBase.reason, "too close: distance 0.1000 m from the shoulder is below the minimum reach 0.2000 m");
}

TEST(InverseKinematics, SingularitiesTakeTheFreeAngleFromTheSeed) {
  // RRR: a point on joint 1's axis leaves q1 free; PUMA with q5 = 0 leaves q4 + q6 only.
  const Model rrr(test::voraRrrSpec());
  const IkResult onAxis = solveInverseKinematics(rrr, poseFromXyzRpy({0.0, 0.0, 0.6}, Eigen::Vector3d::Zero()), "",
                                                 Eigen::Vector3d(0.7, 0.0, 0.0));
  ASSERT_TRUE(onAxis.ok) << onAxis.reason;
  EXPECT_NEAR(onAxis.q(0), 0.7, 1e-12);
  EXPECT_LT((toolPose(rrr, onAxis.q).topRightCorner<3, 1>() - Eigen::Vector3d(0, 0, 0.6)).norm(), 1e-12);

  const Model puma(test::pumaSpec());
  Eigen::VectorXd q(6);
  q << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3;
  Eigen::VectorXd seed = Eigen::VectorXd::Zero(6);
  seed(3) = -0.25;
  const ClosedFormIk ik = closedFormInverseKinematics(puma, toolPose(puma, q), seed);
  int matched = 0;
  for (const IkCandidate& c : ik.solutions) {
    EXPECT_LT(taskResidual(puma, toolPose(puma, q), c.q), kPoseTol) << c.configuration;
    if ((c.q.head<3>() - q.head<3>()).norm() > 1e-9 || c.configuration.find("noflip") == std::string::npos) continue;
    ++matched;
    EXPECT_NEAR(c.q(3), -0.25, 1e-9);
    EXPECT_NEAR(wrapToPi(c.q(3) + c.q(5) - 0.7), 0.0, 1e-9);
  }
  EXPECT_EQ(matched, 1);
}

// The wrist centre exactly on joint 1's axis of an arm whose lateral shoulder offset is 20 nm
// (above the on-axis tolerance, 1e-12 m, so joint 1 is not taken from the seed; the point is 20 nm
// inside the unreachable cylinder, which the reach slack accepts): every candidate is finite and
// rebuilds the pose to the offset (the closed form's acceptance is 1e-7). The shoulder's cosine
// and sine came out 0/0 here once: every candidate rejected with a NaN residual.
TEST(InverseKinematics, WristCentreOnJointOneAxisWithANanometreOffset) {
  RobotSpec spec = test::pumaSpec();
  spec.links[5].dh.d = 0.0;
  spec.links[5].dh.a = 0.0;
  spec.tool = Eigen::Matrix4d::Identity();
  spec.base = Eigen::Matrix4d::Identity();
  const double z1 = spec.links[1].dh.d + spec.links[2].dh.d + std::cos(spec.links[2].dh.alpha) * spec.links[3].dh.d;
  spec.links[2].dh.d -= z1 - 2e-8;  // lateral offset 20 nm
  const Model model(spec);
  ASSERT_EQ(kinematicFamily(model), "puma560");  // the articulated family (alias of "rrrrrr")
  const Eigen::Matrix4d pose = poseFromXyzRpy({0.0, 0.0, spec.links[0].dh.d + 0.5}, Eigen::Vector3d(0.3, -0.2, 0.4));
  const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
  ASSERT_TRUE(ik.applicable) << ik.reason();
  EXPECT_EQ(ik.reason().find("nan"), std::string::npos) << ik.reason();
  ASSERT_FALSE(ik.solutions.empty()) << ik.reason();
  for (const IkCandidate& c : ik.solutions) {
    EXPECT_TRUE(c.q.allFinite()) << c.configuration;
    EXPECT_LT(taskResidual(model, pose, c.q), 1e-7) << c.configuration;
  }
}

TEST(InverseKinematics, DhThatDoesNotFitTheFamilyFallsBackToDampedLeastSquares) {
  RobotSpec spec = test::pumaSpec();
  spec.links[1].dh.alpha = 0.2;  // joints 2 and 3 no longer parallel
  const Model model(spec);
  Eigen::VectorXd q0(6);
  q0 << 0.1, 0.4, -0.3, 0.2, 0.6, -0.1;
  const Eigen::Matrix4d pose = toolPose(model, q0);
  const IkResult ik = solveInverseKinematics(model, pose, "", q0 + Eigen::VectorXd::Constant(6, 0.2));
  ASSERT_TRUE(ik.ok) << ik.reason;
  EXPECT_EQ(ik.method, IkMethod::DampedLeastSquares);
  EXPECT_NE(ik.note.find("alpha2 = 0"), std::string::npos) << ik.note;
  EXPECT_LT(taskResidual(model, pose, ik.q), kPoseTol);
}

TEST(InverseKinematics, BadArgumentsThrow) {
  const Model model(test::voraRrrSpec());
  Eigen::Matrix4d pose = Eigen::Matrix4d::Identity();
  EXPECT_THROW(solveInverseKinematics(model, pose, "", Eigen::VectorXd::Zero(2)), std::invalid_argument);
  pose(0, 3) = std::nan("");
  EXPECT_THROW(solveInverseKinematics(model, pose), std::invalid_argument);
}

// A seed not finite is refused before any family sees it: the Unitree Z1 at a shoulder
// singularity (q1 free within a range that excludes the home value, Cli.IkSaysWhen...) with a
// NaN seed sent three_parallel's search for the range's nearest member into an endless bisection.
TEST(InverseKinematics, SeedNotFiniteThrows) {
  const Model z1(loadRobot(test::sourcePath("robots/z1.yaml")));
  Eigen::VectorXd q(6);
  q << -1.8859118233114336, -1.4945113857704504, -2.9093163690601784, -0.89212120887980717, -2.1567833212850771,
      -2.3166638883327924;
  const Eigen::Matrix4d pose = toolPose(z1, q);
  for (const double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
    Eigen::VectorXd seed = Eigen::VectorXd::Zero(6);
    seed(0) = bad;
    EXPECT_THROW(closedFormInverseKinematics(z1, pose, seed), std::invalid_argument) << bad;
    ClosedFormIk inPlace;
    EXPECT_THROW(closedFormInverseKinematics(z1, pose, seed, inPlace), std::invalid_argument) << bad;
  }
  EXPECT_FALSE(closedFormInverseKinematics(z1, pose).solutions.empty() &&
               closedFormInverseKinematics(z1, pose).rejected.empty());  // the home seed is solved
}

}  // namespace
}  // namespace armdyn
