// Singular poses where a branch's solutions form a continuum (wrist axes 4 and 6 on one line,
// the tool point on joint 1's axis, the UR wrist at q5 = 0): the closed form returns one member
// per branch, the free joints at the seed's values, and says which joints those are
// (IkCandidate::fromSeed, ClosedFormSet::Entry::fromSeed). Checked independently of the
// solvers' flags: the same branch solved again with other seed values of a flagged joint comes
// back with exactly those values and reaches the pose by forward kinematics (three distinct
// members: a continuum, not one point), and the generating configuration is a member. At
// regular poses nothing is flagged and another seed changes no solution (isolated).
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/free_joint_ik.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "ik_test_checks.h"
#include "kinematics_fixtures.h"
#include "support/test_support.h"

#include <Eigen/SVD>
#include <gtest/gtest.h>
#include <cstdio>
#include <random>
#include <sstream>

namespace armdyn {
namespace {

// Forward kinematics reaches the pose to this (closed forms polish to rounding: 1e-9 m/rad).
constexpr double kPoseTol = 1e-9;

using test::jointGap;
using test::sameJoints;
using test::taskResidual;

std::vector<IkCandidate> everyCandidate(const ClosedFormIk& ik) {
  std::vector<IkCandidate> all = ik.solutions;
  all.insert(all.end(), ik.rejected.begin(), ik.rejected.end());
  return all;
}

// The member of `c`'s continuum with joint j at `value`: same free joints, same branch name
// (numbered branches are renumbered as the free joint's value moves them in the order).
const IkCandidate* member(const Model& model, const std::vector<IkCandidate>& list, const IkCandidate& c, int j,
                          double value) {
  const bool numbered = c.configuration.rfind("branch", 0) == 0;
  for (const IkCandidate& m : list)
    if (m.fromSeed == c.fromSeed && (numbered || m.configuration == c.configuration) &&
        jointGap(model, j, m.q(j), value) < 1e-9)
      return &m;
  return nullptr;
}

// Solves the pose of `generator` with seed `seed`; expects the flagged solutions to carry
// exactly `expectedBits` (and at least one to be flagged), each a continuum as described above.
void expectContinuum(const Model& model, const Eigen::VectorXd& generator, const Eigen::VectorXd& seed,
                     unsigned char expectedBits) {
  const Eigen::Matrix4d pose = toolPose(model, generator);
  const ClosedFormIk ik = closedFormInverseKinematics(model, pose, seed);
  ASSERT_TRUE(ik.applicable) << ik.reason();
  const std::vector<IkCandidate> all = everyCandidate(ik);
  int flagged = 0;
  for (const IkCandidate& c : all) {
    SCOPED_TRACE(c.configuration);
    EXPECT_LT(taskResidual(model, pose, c.q), kPoseTol);
    if (c.fromSeed == 0) {
      EXPECT_EQ(c.continuum(), "");
      continue;
    }
    ++flagged;
    EXPECT_EQ(c.fromSeed, expectedBits);
    EXPECT_NE(c.continuum().find("continuum"), std::string::npos) << c.continuum();
    for (int j = 0; j < model.dof(); ++j) {
      if (!(c.fromSeed & (1u << j))) continue;
      EXPECT_LT(jointGap(model, j, c.q(j), seed(j)), 1e-9) << "q" << j + 1 << " is not the seed's";
      for (const double value : {-1.1, 0.35, 1.4}) {
        Eigen::VectorXd other = seed;
        other(j) = value;
        const std::vector<IkCandidate> again = everyCandidate(closedFormInverseKinematics(model, pose, other));
        const IkCandidate* m = member(model, again, c, j, value);
        ASSERT_NE(m, nullptr) << "seed q" << j + 1 << " = " << value;
        EXPECT_LT(taskResidual(model, pose, m->q), kPoseTol) << "seed q" << j + 1 << " = " << value;
      }
    }
  }
  EXPECT_GE(flagged, 1);
  // The generator is the member whose free joints hold its own values.
  bool generatorFound = false;
  for (const IkCandidate& c : everyCandidate(closedFormInverseKinematics(model, pose, generator)))
    generatorFound = generatorFound || sameJoints(model, c.q, generator, 1e-9);
  EXPECT_TRUE(generatorFound);
  // The set the loops use carries the same flags.
  ClosedFormSet set;
  ASSERT_TRUE(closedFormSolutions(model, pose, seed, set));
  int setFlagged = 0;
  for (int k = 0; k < set.count; ++k) setFlagged += set.entries[k].fromSeed != 0;
  EXPECT_EQ(setFlagged, flagged);
}

// Regular poses: nothing flagged, and other seeds give the same solutions.
void expectIsolated(const Model& model, const Eigen::VectorXd& generator) {
  const Eigen::Matrix4d pose = toolPose(model, generator);
  const std::vector<IkCandidate> a = everyCandidate(closedFormInverseKinematics(model, pose));
  Eigen::VectorXd seed = model.home();
  for (int i = 0; i < seed.size(); ++i) seed(i) += 0.7 - 0.3 * i;
  const std::vector<IkCandidate> b = everyCandidate(closedFormInverseKinematics(model, pose, seed));
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].fromSeed, 0) << a[k].configuration;
    EXPECT_EQ(a[k].configuration, b[k].configuration);
    EXPECT_TRUE(sameJoints(model, a[k].q, b[k].q, 1e-12)) << a[k].configuration;
  }
}

TEST(IkContinuum, PumaWristWithAxesFourAndSixOnOneLine) {
  const Model puma(test::pumaSpec());
  Eigen::VectorXd q(6), seed = Eigen::VectorXd::Zero(6);
  q << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3;
  seed(3) = -0.25;
  expectContinuum(puma, q, seed, 1u << 3);
  q(4) = 0.6;
  expectIsolated(puma, q);
}

// The PUMA's wrist with axes 4 and 6 on one line (q5 = 0): only q4 + q6 is fixed. With q6
// limited to +-0.5 rad and the seed's q4 = -0.25, the seed's member has q6 = 0.95 (outside); the
// members within the limits are those with q6 in [-0.5, 0.5], the nearest the seed's the one at
// q6's limit. Checked independently of the search: forward kinematics reaches the pose, q4 + q6
// equals that of the unlimited arm's member of the same arm branch, q6 is on its nominal limit
// to 1e-12, and the members between it and the seed's q4 (a 1e-6 rad step) are outside the limits. A joint outside its limits that q4
// does not move (q1 here) leaves the candidate as it was: rejected, with the seed's q4.
TEST(IkContinuum, MemberOutsideTheLimitsMovesToTheNearestWithin) {
  // Named branches (the PUMA's family) and numbered ones (the generic positioning arm's, which
  // renumbers them as q4 moves them in the order).
  for (const char* family : {"puma560", "generic"}) {
    SCOPED_TRACE(family);
    RobotSpec spec = test::pumaSpec();
    spec.family = family;
    RobotSpec wide = spec;
    spec.links[5].qMin = -0.5;
    spec.links[5].qMax = 0.5;
    const Model puma(spec), unlimited(wide);
    Eigen::VectorXd q(6), seed = Eigen::VectorXd::Zero(6);
    q << 0.2, 0.3, -0.5, 0.4, 0.0, 0.3;
    seed(3) = -0.25;
    const Eigen::Matrix4d pose = toolPose(puma, q);
    const ClosedFormIk ik = closedFormInverseKinematics(puma, pose, seed);
    const ClosedFormIk free = closedFormInverseKinematics(unlimited, pose, seed);
    ASSERT_TRUE(ik.applicable);
    int moved = 0;
    bool generatorBranch = false;
    for (const IkCandidate& c : ik.solutions) {
      SCOPED_TRACE(c.configuration);
      EXPECT_LT(taskResidual(puma, pose, c.q), kPoseTol);
      if (c.fromSeed == 0) continue;
      ASSERT_EQ(c.fromSeed, 1u << 3);
      // The unlimited arm's member of the same arm branch (q1, q2, q3, q5): the seed's q4.
      const IkCandidate* atSeed = nullptr;
      for (const IkCandidate& f : free.solutions) {
        bool same = f.fromSeed != 0;
        for (int i : {0, 1, 2, 4}) same = same && jointGap(puma, i, c.q(i), f.q(i)) < 1e-9;
        if (same) atSeed = &f;
      }
      ASSERT_NE(atSeed, nullptr);
      if (atSeed->q(5) >= -0.5 && atSeed->q(5) <= 0.5) {
        EXPECT_EQ(c.nearestToSeed, 0);
        continue;
      }
      ++moved;
      EXPECT_EQ(c.nearestToSeed, 1u << 3);
      EXPECT_NE(c.continuum().find("nearest the seed's"), std::string::npos) << c.continuum();
      EXPECT_LT(jointGap(puma, 3, c.q(3) + c.q(5), atSeed->q(3) + atSeed->q(5)), 1e-9);
      EXPECT_LT(std::min(std::abs(c.q(5) - 0.5), std::abs(c.q(5) + 0.5)), 1e-12) << c.q(5);  // nominal
      // One step nearer the seed's q4 leaves the limits.
      const double toward = wrapToPi(seed(3) - c.q(3)) > 0.0 ? 1e-6 : -1e-6;
      EXPECT_GT(std::abs(wrapToPi(atSeed->q(3) + atSeed->q(5) - (c.q(3) + toward))), 0.5);
      generatorBranch = generatorBranch || std::abs(wrapToPi(c.q(3) + c.q(5) - 0.7)) < 1e-9;
    }
    EXPECT_GE(moved, 1);
    EXPECT_TRUE(generatorBranch);
    // The generator's branch (q4 + q6 = 0.7) with q1 = 0.2 also outside: q4 cannot move q1.
    RobotSpec tight = spec;
    tight.links[0].qMin = 0.5;
    const Model noQ1(tight);
    const ClosedFormIk none = closedFormInverseKinematics(noQ1, pose, seed);
    int stayed = 0;
    for (const IkCandidate& c : none.rejected) {
      if (c.fromSeed == 0 || std::abs(c.q(0) - 0.2) > 1e-9) continue;
      ++stayed;
      EXPECT_EQ(c.nearestToSeed, 0) << c.configuration;
      EXPECT_LT(jointGap(noQ1, 3, c.q(3), seed(3)), 1e-9) << c.configuration;
    }
    EXPECT_GE(stayed, 1);
  }
}

// A continuum that is a range (the Unitree Z1 exactly at a fold: q1 free within a range that
// excludes the home q1 = 0, its nearest member at the range's edge e1; the range is 0.7 rad wide)
// with q1 limited to [e1 + 0.05, e1 + 0.3] (the other joints unlimited): the member shown moves
// from the edge, outside, to q1 = e1 + 0.05, the nominal limit (to 1e-12), and still reaches the
// pose. With the seed's q1 at e1 + 0.4 (in the range, above the limits), the nearest member within
// is at the upper limit. That the range holds each expected value is checked by solving with the
// seed there: the member keeps it.
TEST(IkContinuum, RangeMemberOutsideTheLimitsMovesToTheNearestWithin) {
  const RobotSpec z1 = loadRobot(test::sourcePath("robots/z1.yaml"));
  RobotSpec wide = z1;
  for (LinkSpec& l : wide.links) l.qMin = -1e300, l.qMax = 1e300;
  const Eigen::VectorXd q0 = (Eigen::VectorXd(6) << -1.8859118233114336, -1.4945113857704504, -2.9093163690601784,
                              -0.89212120887980717, -2.1567833212850771, -2.3166638883327924)
                                 .finished();
  const Model unlimited(wide);
  const Eigen::Matrix4d pose = toolPose(unlimited, q0);
  const Eigen::VectorXd home = Eigen::VectorXd::Zero(6);
  const ClosedFormIk free = closedFormInverseKinematics(unlimited, pose, home);
  const IkCandidate* edge = nullptr;
  for (const IkCandidate& c : free.solutions)
    if (c.nearestToSeed == 1u && (!edge || std::abs(c.q(0)) < std::abs(edge->q(0)))) edge = &c;
  ASSERT_NE(edge, nullptr);
  const double e1 = edge->q(0), dir = e1 > 0.0 ? 1.0 : -1.0;  // the range lies beyond e1, away from 0
  RobotSpec limited = wide;
  limited.links[0].qMin = std::min(e1 + dir * 0.05, e1 + dir * 0.3);
  limited.links[0].qMax = std::max(e1 + dir * 0.05, e1 + dir * 0.3);
  const Model model(limited);
  for (const double seed1 : {0.0, e1 + dir * 0.4}) {
    SCOPED_TRACE(seed1);
    Eigen::VectorXd seed = home;
    seed(0) = seed1;
    const double expected = seed1 == 0.0 ? e1 + dir * 0.05 : e1 + dir * 0.3;
    // The range reaches the expected value: the member seeded there keeps it.
    Eigen::VectorXd there = home;
    there(0) = expected;
    bool reaches = false;
    for (const IkCandidate& c : closedFormInverseKinematics(unlimited, pose, there).solutions)
      reaches = reaches || (c.configuration == edge->configuration && std::abs(c.q(0) - expected) < 1e-12);
    ASSERT_TRUE(reaches);
    const ClosedFormIk ik = closedFormInverseKinematics(model, pose, seed);
    const IkCandidate* moved = nullptr;
    for (const IkCandidate& c : ik.solutions)
      if (c.configuration == edge->configuration) moved = &c;
    ASSERT_NE(moved, nullptr) << ik.reason();
    EXPECT_EQ(moved->fromSeed, 1u);
    EXPECT_EQ(moved->nearestToSeed, 1u);
    EXPECT_NEAR(moved->q(0), expected, 1e-12);  // on the nominal limit, not its 1e-9 tolerance band
    EXPECT_LT(taskResidual(model, pose, moved->q), kPoseTol);
  }
}

TEST(IkContinuum, ToolPointOnJointOnesAxis) {
  const Model rrr(test::voraRrrSpec());
  // A configuration whose tool point lies on joint 1's axis: found by solving for one.
  const IkResult onAxis = solveInverseKinematics(rrr, poseFromXyzRpy({0.0, 0.0, 0.6}, Eigen::Vector3d::Zero()), "",
                                                 Eigen::Vector3d(0.7, 0.0, 0.0));
  ASSERT_TRUE(onAxis.ok) << onAxis.reason;
  expectContinuum(rrr, onAxis.q, Eigen::Vector3d(0.7, 0.0, 0.0), 1u << 0);
  expectIsolated(rrr, Eigen::Vector3d(0.4, 0.5, -0.9));
  // The same arm through the general three-joint solver (positioning_arm.h).
  RobotSpec spec = test::voraRrrSpec();
  spec.family = "generic";
  const Model generic(spec);
  expectContinuum(generic, onAxis.q, Eigen::Vector3d(0.7, 0.0, 0.0), 1u << 0);
  expectIsolated(generic, Eigen::Vector3d(0.4, 0.5, -0.9));
}

TEST(IkContinuum, UrWristAtQ5Zero) {
  const Model ur5(loadRobot(test::sourcePath("robots/ur5.yaml")));
  ASSERT_EQ(kinematicFamily(ur5), "three_parallel");
  Eigen::VectorXd q(6);
  q << 0.3, -1.0, 1.2, 0.4, 0.0, 0.7;
  expectContinuum(ur5, q, ur5.home(), 1u << 5);
  q(4) = 0.9;
  expectIsolated(ur5, q);
}

// Poses near a singularity (the wrist 1e-8..1e-10 rad from axes 4 and 6 on one line, or the UR
// wrist 3e-7..1e-10 from q5 = 0) are isolated: nothing is flagged, every solution reaches the
// pose to the 1e-10, and the generator is found (to 1e-6: the wrist is that
// ill-conditioned). Before, sin q5 was taken as sqrt(1 - cos^2 q5), which rounds to 0 below
// q5 ~ 1e-8, and the UR solver called q6 free while |sin q5| < 1e-6: the UR5 at q5 = 1e-7 listed
// two members of a "continuum" 6.9e-8 off the pose, without its flipped branches or the
// generator, and the Kinova Jaco 2 at q5 = 1e-8 kept a branch 1e-8 off. The Jaco is spherical to
// its URDF's d5 = 5e-13, a 5.1e-13 floor of its closed form: polished since (kPolishAbove 1e-13),
// without which its joints were 1.5e-5 rad off at q5 = 1e-6. (The UR5 at q5 <= 1e-13 is one of
// a continuum to within 7e-14 and is said so: docs/validation.md.)
TEST(IkContinuum, NearlySingularPosesAreNotFlagged) {
  const Model puma(test::pumaSpec());
  const Model ur5(loadRobot(test::sourcePath("robots/ur5.yaml")));
  const Model jaco(loadRobot(test::sourcePath("robots/kinova_jaco2.yaml")));
  struct Case {
    const Model* model;
    double q5;
    bool generator;  // at q5 = 1e-10 the wrist is too ill-conditioned for the Jaco's (below)
  };
  for (const Case& k : {Case{&puma, 1e-8, true}, Case{&puma, 1e-9, true}, Case{&puma, 1e-10, true},
                        Case{&ur5, 3e-7, true}, Case{&ur5, 1e-7, true}, Case{&ur5, 1e-8, true},
                        Case{&ur5, 1e-9, true}, Case{&ur5, 1e-10, true}, Case{&jaco, 1e-6, true},
                        Case{&jaco, 1e-8, true}, Case{&jaco, 1e-10, false}}) {
    std::ostringstream what;
    what << k.model->spec().name << " q5 = " << k.q5;
    SCOPED_TRACE(what.str());
    Eigen::VectorXd q(6);
    q << 0.3, 0.5, -1.0, 0.2, k.q5, 0.4;
    const Eigen::Matrix4d pose = toolPose(*k.model, q);
    bool found = false;
    const std::vector<IkCandidate> all = everyCandidate(closedFormInverseKinematics(*k.model, pose));
    EXPECT_GE(all.size(), 8u);
    for (const IkCandidate& c : all) {
      EXPECT_EQ(c.fromSeed, 0) << c.configuration;
      EXPECT_LT(taskResidual(*k.model, pose, c.q), 1e-10) << c.configuration;
      found = found || sameJoints(*k.model, c.q, q, 1e-6);
    }
    if (k.generator) {
      EXPECT_TRUE(found);
    }
  }
  // A three-joint arm whose point passes 3.5e-7 m from joint 2's axis (q3 = 120 deg puts it on
  // the axis): q2 is isolated, and Newton must be left to find it (putting back the seed's value
  // lost both solutions once).
  RobotSpec spec;
  spec.name = "RRR near joint 2's axis";
  spec.family = "generic";
  const double h = M_PI / 2.0;
  spec.links = {test::kinematicLink(JointType::Revolute, 0, 0.3, h, 0.1),
                test::kinematicLink(JointType::Revolute, 0, 0.0, h, 0.2),
                test::kinematicLink(JointType::Revolute, 0, 0.0, 0.0, 0.4)};
  for (LinkSpec& l : spec.links) l.qMin = -M_PI, l.qMax = M_PI;
  const Model near(spec);
  const Eigen::Vector3d q(0.3, 1.0, 2.0 * M_PI / 3.0 + 1e-6);
  const ClosedFormIk ik = closedFormInverseKinematics(near, toolPose(near, q));
  ASSERT_FALSE(ik.solutions.empty()) << ik.reason();
  bool generator = false;
  for (const IkCandidate& c : ik.solutions) {
    EXPECT_EQ(c.fromSeed, 0) << c.configuration;
    EXPECT_LT(taskResidual(near, toolPose(near, q), c.q), 1e-7) << c.configuration;
    generator = generator || sameJoints(near, c.q, q, 1e-6);
  }
  EXPECT_TRUE(generator);
}

// A UR whose alpha4 is 5.2e-10 rad (3e-8 deg) from 90 deg, as URDF rounding leaves it: still the
// UR class (within its 1e-9 tolerance), but joint 6 is no longer parallel to 2, 3 and 4 at
// q5 = 0, so nothing there is a continuum. Its |sin q5| must come from G's third row even when
// k = cb sa5 (5e-10) is not small against it: taken from sqrt(1 - cos^2) it was 0 or 1.5e-8, and
// four unflagged solutions were 1.4e-8 off the pose with theta6 88 deg wrong (a review's
// reproduction, 2026-11-30).
TEST(IkContinuum, UrWithItsTwistsRoundedIsSolvedAtItsWristSingularity) {
  RobotSpec spec = loadRobot(test::sourcePath("robots/ur5.yaml"));
  spec.links[3].dh.alpha += 5.236e-10;
  const Model arm(spec);
  ASSERT_EQ(kinematicFamily(arm), "three_parallel");
  for (const double q5 : {1e-10, 0.0}) {
    Eigen::VectorXd q(6);
    q << 2.4514143620249627, -2.3203345040400278, -2.8917763693440541, 2.0510587068985693, q5, 2.8670801277067053;
    SCOPED_TRACE(q5);
    const Eigen::Matrix4d pose = toolPose(arm, q);
    const std::vector<IkCandidate> all = everyCandidate(closedFormInverseKinematics(arm, pose));
    EXPECT_GE(all.size(), 4u);
    for (const IkCandidate& c : all) {
      EXPECT_EQ(c.fromSeed, 0) << c.configuration;
      EXPECT_LT(taskResidual(arm, pose, c.q), 1e-10) << c.configuration;
    }
  }
}

// Every wrist singularity approached: the library's wrist-partitioned and UR arms (and three
// with a twist rounded 5.2e-10 rad off, as URDF rounding leaves them) at 20 seeded random
// configurations each, q5 set 1e-3 .. 1e-10 (and 0 and pi) from the singularity. Checked against
// forward kinematics and the generating configuration only: every solution, flagged or not,
// reaches the pose to the 1e-10; none is flagged off the singularity; the generator is
// found to max(1e-6, 1e-12 / |q5|) rad (the wrist's conditioning: q4 - q6 is fixed only to the
// rounding over the distance to the singularity; measured at most 9.4e-14 / |q5| on the PUMA).
// Before session 25's fixes the UR arms failed from q5 = 3e-7 down and the rounded UR at 1e-10.
TEST(IkContinuum, EveryWristSingularityApproachedFromSeededConfigurations) {
  struct Arm {
    const char* file;
    int link;       // -1, or the link whose twist is rounded
    double dalpha;  // rad
  };
  const Arm arms[] = {{"robots/ur5.yaml", -1, 0.0},           {"robots/ur3.yaml", -1, 0.0},
                      {"robots/ur10.yaml", -1, 0.0},          {"robots/puma560.yaml", -1, 0.0},
                      {"robots/irb6640.yaml", -1, 0.0},       {"robots/stanford_rrprrr.yaml", -1, 0.0},
                      {"robots/kinova_jaco2.yaml", -1, 0.0},  {"robots/ur5.yaml", 3, 5.236e-10},
                      {"robots/ur5.yaml", 4, 5.236e-10},      {"robots/puma560.yaml", 4, 5.236e-10}};
  for (const Arm& a : arms) {
    RobotSpec spec = loadRobot(test::sourcePath(a.file));
    if (a.link >= 0) spec.links[static_cast<std::size_t>(a.link)].dh.alpha += a.dalpha;
    for (LinkSpec& l : spec.links) l.qMin = -1e300, l.qMax = 1e300;  // every solution counted
    const Model m(spec);
    for (const double q5 : {1e-3, 1e-6, 1e-8, -1e-8, M_PI - 1e-8, 1e-10, 0.0}) {
      std::mt19937 rng(12345);
      std::uniform_real_distribution<double> angle(-M_PI, M_PI), length(0.3, 0.9);
      for (int t = 0; t < 20; ++t) {
        Eigen::VectorXd q(6);
        for (int j = 0; j < 6; ++j) q(j) = m.isRevolute(j) ? angle(rng) : length(rng);
        q(4) = q5;
        std::ostringstream what;
        what << a.file << " link " << a.link << " q5 = " << q5 << " trial " << t;
        SCOPED_TRACE(what.str());
        const Eigen::Matrix4d pose = toolPose(m, q);
        const std::vector<IkCandidate> all = everyCandidate(closedFormInverseKinematics(m, pose));
        ASSERT_FALSE(all.empty());
        double gap = 1e300;
        for (const IkCandidate& c : all) {
          EXPECT_LT(taskResidual(m, pose, c.q), 1e-10) << c.configuration;
          if (q5 != 0.0) {
            EXPECT_EQ(c.fromSeed, 0) << c.configuration;
          }
          double d = 0.0;
          for (int i = 0; i < 6; ++i) d = std::max(d, jointGap(m, i, c.q(i), q(i)));
          gap = std::min(gap, d);
        }
        const double away = std::min(std::abs(q5), std::abs(M_PI - q5));
        if (away >= 1e-8) {
          EXPECT_LT(gap, std::max(1e-6, 1e-12 / away));
        }
      }
    }
  }
}

// A solution flagged nearestToSeed (q1 on a range that does not hold the home seed's value)
// is at an edge of that range on the home value's side: seeded with its own q1 it comes back
// unmoved and unflagged (q1 is in the range), and seeded 1e-6 rad beyond it toward the home
// value it comes back flagged at the same q1 (nothing between solves). Matched by the joints,
// not the name: with q1 free the Z1's front/back is decided on rounding.
void expectRangeEdge(const Model& m, const Eigen::Matrix4d& pose, const IkCandidate& c) {
  const auto solvedAt = [&](double q1, bool flagged) {
    Eigen::VectorXd seed = m.home();
    seed(0) = q1;
    for (const IkCandidate& d : everyCandidate(closedFormInverseKinematics(m, pose, seed))) {
      double gap = 0.0;
      for (int i = 0; i < 6; ++i) gap = std::max(gap, jointGap(m, i, d.q(i), c.q(i)));
      if (gap < 1e-6 && jointGap(m, 0, d.q(0), c.q(0)) < 1e-9 && (d.nearestToSeed != 0) == flagged &&
          taskResidual(m, pose, d.q) < 1e-10)
        return true;
    }
    return false;
  };
  EXPECT_TRUE(solvedAt(c.q(0), false)) << c.configuration << " q1 " << c.q(0);
  const double towardHome = std::remainder(m.homeValue(0) - c.q(0), 2.0 * M_PI) < 0.0 ? -1.0 : 1.0;
  EXPECT_TRUE(solvedAt(c.q(0) + 1e-6 * towardHome, true)) << c.configuration << " q1 " << c.q(0);
}

// Every fold of the arm approached: along joints 2 and 3 from 20 seeded random configurations of
// each library arm, every root of det J (sampled every degree at half-degree offsets, so that a
// root at +-pi is inside an interval, then bisected to adjacent doubles; the six-revolute arm's
// inner fold, a double root, by hand) and the pose exactly
// there and at offsets 1e-10 .. 1e-4 rad from it. Checked against forward kinematics and the
// generating configuration only. Every solution reaches the pose to the 1e-10. The
// solutions not flagged a continuum reach it to the closed form's floor, 1e-12 (measured at most
// 9e-14, on the Bravo 7), and the generator is among them to max(1e-6, floor / sigma) rad, sigma
// the smallest singular value of J at the generator: near a fold the joints are fixed only to
// that (measured gap * sigma at most 1.2e-15, on the UR10). The Jaco 2's floor is its wrist taken
// as spherical (d5 = 5e-13 m): beside a fold its closed form can stay 2e-11 off (measured), so
// its floor here is the 1e-10 and 1e-12 for gap * sigma (measured 5.4e-15).
// Before session 26 the textbook elbow cosine put the six-revolute arm 4e-9 m off at its inner
// fold (a2 = a3: the wrist centre 4e-9 m from the shoulder, q3 exactly pi, 4 of 8 solutions),
// and without the Newton steps beside a fold (refineBesideFold) the Bravo 7 kept a solution
// 6.8e-11 off and the Jaco 2's gap * sigma reached 3.8e-13. Before session 27 the Z1 exactly on
// a fold with its wrist point on joint 1's axis (q1 free within a range that need not hold the
// seed's) found no solution ("too far"): now the range's member nearest the seed's, flagged
// IkCandidate::nearestToSeed.
TEST(IkContinuum, EveryFoldApproachedFromSeededConfigurations) {
  const char* files[] = {"robots/rrrrrr.yaml", "robots/puma560.yaml", "robots/irb6640.yaml",
                         "robots/ur5.yaml",    "robots/ur3.yaml",     "robots/ur10.yaml",
                         "robots/bravo7.yaml", "robots/z1.yaml",      "robots/stanford_rrprrr.yaml",
                         "robots/kinova_jaco2.yaml"};
  for (const char* file : files) {
    RobotSpec spec = loadRobot(test::sourcePath(file));
    for (LinkSpec& l : spec.links) l.qMin = -1e300, l.qMax = 1e300;  // every solution counted
    const Model m(spec);
    const bool jaco = std::string(file) == "robots/kinova_jaco2.yaml";
    const bool rrrrrr = std::string(file) == "robots/rrrrrr.yaml";
    const double poseFloor = jaco ? 1e-10 : 1e-12, conditionedFloor = 1e-12;
    std::mt19937 rng(2611);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI);
    int folds = 0, nearest = 0;  // nearest: solutions flagged IkCandidate::nearestToSeed
    double worst = 0.0, worstConditioned = 0.0;  // pose error; gap * sigma
    for (int t = 0; t < 20; ++t) {
      Eigen::VectorXd q(6);
      for (int j = 0; j < 6; ++j) q(j) = m.isRevolute(j) ? angle(rng) : 0.3;
      for (const int j : {1, 2}) {
        if (!m.isRevolute(j)) continue;
        const auto det = [&](double v) {
          Eigen::VectorXd x = q;
          x(j) = v;
          return geometricJacobian(m, x).determinant();
        };
        // Sampled at half-degree offsets (a fold exactly at +-pi, the UR's inner fold, falls
        // inside an interval, not on its end), the last interval wrapping round to the first.
        constexpr int kSamples = 360;
        const auto sample = [](int k) { return -M_PI + 2.0 * M_PI * (k + 0.5) / kSamples; };
        std::vector<double> roots;
        double prev = det(sample(0));
        for (int k = 1; k <= kSamples; ++k) {
          const double a = sample(k - 1), b = k < kSamples ? sample(k) : sample(0) + 2.0 * M_PI, fb = det(b);
          if ((prev < 0.0) != (fb < 0.0)) {
            double lo = a, hi = b, flo = prev;
            for (;;) {  // to adjacent doubles
              const double mid = 0.5 * (lo + hi);
              if (mid <= lo || mid >= hi) break;
              const double fm = det(mid);
              if ((fm < 0.0) == (flo < 0.0)) lo = mid, flo = fm;
              else hi = mid;
            }
            roots.push_back(0.5 * (lo + hi));
          }
          prev = fb;
        }
        // The six-revolute arm's inner fold (a2 = a3: the wrist centre at the shoulder at q3 =
        // pi) is a double root of det J, no sign change: listed by hand.
        if (rrrrrr && j == 2) roots.push_back(M_PI);
        for (const double root : roots) {
          ++folds;
          for (const double eps : {0.0, 1e-10, 1e-8, 1e-6, 1e-4}) {
            Eigen::VectorXd g = q;
            g(j) = root + eps;
            std::ostringstream what;
            what << file << " trial " << t << " q" << j + 1 << " " << eps << " from " << root;
            SCOPED_TRACE(what.str());
            const Eigen::Matrix4d pose = toolPose(m, g);
            const std::vector<IkCandidate> all = everyCandidate(closedFormInverseKinematics(m, pose));
            ASSERT_FALSE(all.empty());
            double gap = 1e300;
            bool flagged = false;
            for (const IkCandidate& c : all) {
              const double residual = taskResidual(m, pose, c.q);
              EXPECT_LT(residual, c.fromSeed != 0 ? 1e-10 : poseFloor) << c.configuration;
              worst = std::max(worst, residual);
              flagged = flagged || c.fromSeed != 0;
              if (c.nearestToSeed != 0) {
                ++nearest;
                EXPECT_EQ(c.nearestToSeed, 1) << c.configuration;  // three_parallel moves q1 only
                EXPECT_EQ(c.nearestToSeed & ~c.fromSeed, 0) << c.configuration;
                EXPECT_NE(c.continuum().find("a range of values, here the one nearest the seed's"), std::string::npos)
                    << c.continuum();
                expectRangeEdge(m, pose, c);
              }
              double d = 0.0;
              for (int i = 0; i < 6; ++i) d = std::max(d, jointGap(m, i, c.q(i), g(i)));
              gap = std::min(gap, d);
            }
            const double sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(geometricJacobian(m, g)).singularValues()(5);
            if (!flagged) {
              EXPECT_LT(gap, std::max(1e-6, conditionedFloor / sigma));
              worstConditioned = std::max(worstConditioned, gap * sigma);
            }
          }
        }
      }
    }
    EXPECT_GT(folds, 20) << file;  // the sweep met folds
    if (std::string(file) == "robots/z1.yaml") {
      EXPECT_GT(nearest, 0);  // the search was exercised
    }
    std::printf("%s: %d folds, %d poses, worst pose error %.1e, worst gap * sigma %.1e, %d nearest the seed\n", file,
                folds, 5 * folds, worst, worstConditioned, nearest);
  }
}

// cyclic_6r: an arm special at both ends (a spherical shoulder, a1 = a2 = d2 = 0, and a5 = 0)
// at q2 = 0, where only q1 + q3 is fixed. Its loop read from another joint is solved by a
// structure family, which takes q1 from the seed: one flagged branch (before, Newton's restarts
// beside it came back as five unflagged "branches" of the same continuum).
TEST(IkContinuum, CyclicArmWithItsShoulderAxesAligned) {
  RobotSpec spec;
  spec.name = "cyclic probe";
  const double deg = M_PI / 180.0;
  const auto R = JointType::Revolute;
  spec.links = {test::kinematicLink(R, 0, 0.4, 90 * deg, 0.0),  test::kinematicLink(R, 0, 0.0, -90 * deg, 0.0),
                test::kinematicLink(R, 0, 0.3, 60 * deg, 0.05), test::kinematicLink(R, 0, 0.2, 40 * deg, 0.25),
                test::kinematicLink(R, 0, 0.1, 90 * deg, 0.0),  test::kinematicLink(R, 0, 0.1, 0.0, 0.0)};
  for (LinkSpec& l : spec.links) l.qMin = -M_PI, l.qMax = M_PI;
  const Model arm(spec);
  ASSERT_EQ(kinematicFamily(arm), "cyclic_6r");
  Eigen::VectorXd q(6);
  q << 0.4, 0.0, -0.2, 0.7, 0.5, -0.3;
  expectContinuum(arm, q, Eigen::VectorXd::Zero(6), 1u << 0);
  q(1) = 0.3;
  expectIsolated(arm, q);
}

// Seven joints, one held: the six-joint chain's free joint is the arm's joint (the Panda, held
// at joint 7, is solved as its reversed chain), set from the arm's seed, and every member
// reaches the pose on the arm itself.
TEST(IkContinuum, SevenJointArmMapsTheChainsFreeJoint) {
  const Model panda(loadRobot(test::sourcePath("robots/panda.yaml")));
  Eigen::VectorXd q(7);
  q << 0.2, 0.0, 0.5, -1.5, 0.3, 1.8, 0.785;  // q2 = 0: axes 1 and 3 on one line
  const Eigen::Matrix4d pose = toolPose(panda, q);
  bool generator = false;
  for (const double v : {-0.6, 0.1, 0.9}) {
    Eigen::VectorXd seed = q;
    seed(2) = v;
    const FreeJointIk ik = freeJointInverseKinematics(panda, pose, 6, q(6), seed);
    ASSERT_TRUE(ik.applicable) << ik.reason;
    int flagged = 0;
    for (const IkCandidate& c : ik.solutions) {
      EXPECT_LT(taskResidual(panda, pose, c.q), kPoseTol) << c.configuration;
      if (c.fromSeed == 0) continue;
      ++flagged;
      EXPECT_EQ(c.fromSeed, 1u << 2) << c.configuration;
      EXPECT_LT(jointGap(panda, 2, c.q(2), v), 1e-9) << c.configuration;
    }
    EXPECT_GE(flagged, 1);
  }
  for (const IkCandidate& c : freeJointInverseKinematics(panda, pose, 6, q(6), q).solutions)
    generator = generator || sameJoints(panda, c.q, q, 1e-9);
  EXPECT_TRUE(generator);
}

}  // namespace
}  // namespace armdyn
