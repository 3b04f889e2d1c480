// Closed-form inverse kinematics of any three-joint arm (R or P joints, any DH), alone or in
// front of a spherical wrist (Abuzneid & Sobh's eight configurations; Pieper's quartic):
// checked against an independent exhaustive search (multi-start Newton on a DH chain written
// here with Eigen's rotations, not armdyn's forward kinematics), against the pose, against the
// generating joint values, and against the named families' own closed forms.

#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/positioning_arm.h"
#include "kinematics_fixtures.h"
#include "support/sanitizers.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <gtest/gtest.h>
#include <random>
#include <set>

namespace armdyn {
namespace {

using test::kinematicLink;

// The point u of frame 3 in frame 0: Rz(theta) Tz(d) Tx(a) Rx(alpha) per link, from scratch.
Eigen::Vector3d searchPoint(const RobotSpec& r, const Eigen::Vector3d& u, const Eigen::Vector3d& q) {
  Eigen::Vector3d p = u;
  for (int i = 2; i >= 0; --i) {
    const LinkSpec& l = r.links[i];
    const bool rev = l.joint == JointType::Revolute;
    const double theta = l.dh.theta + (rev ? q(i) : 0.0), d = l.dh.d + (rev ? 0.0 : q(i));
    p = Eigen::AngleAxisd(l.dh.alpha, Eigen::Vector3d::UnitX()) * p;
    p += Eigen::Vector3d(l.dh.a, 0.0, d);
    p = Eigen::AngleAxisd(theta, Eigen::Vector3d::UnitZ()) * p;
  }
  return p;
}

// Every distinct solution of the position problem found by Newton's method (finite-difference
// Jacobian) from `starts` random starting points (revolute joints over a full turn, prismatic
// over +-span) and, when given, from the generating configuration. Solutions agree to 1e-6
// (wrapped angles) to be one.
std::vector<Eigen::Vector3d> exhaustiveSearch(const RobotSpec& r, const Eigen::Vector3d& u, const Eigen::Vector3d& target,
                                              double span, int starts, std::mt19937& rng,
                                              const Eigen::Vector3d* generator = nullptr) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Eigen::Vector3d> found;
  const auto rev = [&](int i) { return r.links[i].joint == JointType::Revolute; };
  for (int s = generator ? -1 : 0; s < starts; ++s) {
    Eigen::Vector3d q;
    if (s < 0) {
      q = *generator;
    } else {
      for (int i = 0; i < 3; ++i) q(i) = rev(i) ? M_PI * unit(rng) : span * unit(rng);
    }
    for (int it = 0; it < 60; ++it) {
      const Eigen::Vector3d e = target - searchPoint(r, u, q);
      if (e.norm() < 1e-13) break;
      Eigen::Matrix3d J;
      for (int i = 0; i < 3; ++i) {
        Eigen::Vector3d dq = Eigen::Vector3d::Zero();
        dq(i) = 1e-7;
        J.col(i) = (searchPoint(r, u, q + dq) - searchPoint(r, u, q - dq)) / 2e-7;
      }
      Eigen::Vector3d step = J.fullPivLu().solve(e);
      if (!step.allFinite()) break;
      if (step.norm() > 1.0) step *= 1.0 / step.norm();
      q += step;
    }
    if ((target - searchPoint(r, u, q)).norm() > 1e-10) continue;
    for (int i = 0; i < 3; ++i)
      if (rev(i)) q(i) = std::remainder(q(i), 2.0 * M_PI);
    bool known = false;
    for (const Eigen::Vector3d& f : found) {
      double d = 0.0;
      for (int i = 0; i < 3; ++i) d = std::max(d, rev(i) ? std::abs(std::remainder(q(i) - f(i), 2.0 * M_PI)) : std::abs(q(i) - f(i)));
      known = known || d < 1e-6;
    }
    if (!known) found.push_back(q);
  }
  return found;
}

// The tool frame of a six-joint spec, from scratch as searchPoint.
Eigen::Matrix4d searchPose(const RobotSpec& r, const Eigen::VectorXd& q) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < static_cast<int>(r.links.size()); ++i) {
    const LinkSpec& l = r.links[i];
    const bool rev = l.joint == JointType::Revolute;
    Eigen::Matrix4d A = Eigen::Matrix4d::Identity();
    A.topLeftCorner<3, 3>() = (Eigen::AngleAxisd(l.dh.theta + (rev ? q(i) : 0.0), Eigen::Vector3d::UnitZ()) *
                               Eigen::AngleAxisd(l.dh.alpha, Eigen::Vector3d::UnitX())).toRotationMatrix();
    A.topRightCorner<3, 1>() = Eigen::AngleAxisd(l.dh.theta + (rev ? q(i) : 0.0), Eigen::Vector3d::UnitZ()) *
                               Eigen::Vector3d(l.dh.a, 0.0, l.dh.d + (rev ? 0.0 : q(i)));
    T = T * A;
  }
  return T * r.tool;
}

// Every distinct wrist solution (q4..q6) that turns the tool to `pose` with the arm at qArm,
// by Newton's method on the rotation vector of the orientation error from `starts` random starts.
std::vector<Eigen::Vector3d> wristSearch(const RobotSpec& r, const Eigen::Vector3d& qArm, const Eigen::Matrix4d& pose,
                                         int starts, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const Eigen::Matrix3d target = pose.topLeftCorner<3, 3>();
  const auto error = [&](const Eigen::Vector3d& w) {
    Eigen::VectorXd q(6);
    q << qArm, w;
    const Eigen::AngleAxisd e(Eigen::Matrix3d(target.transpose() * searchPose(r, q).topLeftCorner<3, 3>()));
    return Eigen::Vector3d(e.angle() * e.axis());
  };
  std::vector<Eigen::Vector3d> found;
  for (int s = 0; s < starts; ++s) {
    Eigen::Vector3d w(M_PI * unit(rng), M_PI * unit(rng), M_PI * unit(rng));
    for (int it = 0; it < 60; ++it) {
      const Eigen::Vector3d e = error(w);
      if (e.norm() < 1e-13) break;
      Eigen::Matrix3d J;
      for (int i = 0; i < 3; ++i) {
        Eigen::Vector3d dw = Eigen::Vector3d::Zero();
        dw(i) = 1e-7;
        J.col(i) = (error(w + dw) - error(w - dw)) / 2e-7;
      }
      Eigen::Vector3d step = J.fullPivLu().solve(-e);
      if (!step.allFinite()) break;
      if (step.norm() > 0.5) step *= 0.5 / step.norm();
      w += step;
    }
    if (error(w).norm() > 1e-10) continue;
    for (int i = 0; i < 3; ++i) w(i) = std::remainder(w(i), 2.0 * M_PI);
    bool known = false;
    for (const Eigen::Vector3d& f : found) {
      double d = 0.0;
      for (int i = 0; i < 3; ++i) d = std::max(d, std::abs(std::remainder(w(i) - f(i), 2.0 * M_PI)));
      known = known || d < 1e-6;
    }
    if (!known) found.push_back(w);
  }
  return found;
}

const std::vector<std::string> kConfigurations = {"RRR", "RRP", "RPR", "RPP", "PRR", "PRP", "PPR", "PPP"};

bool sameArm(const RobotSpec& r, const Eigen::Vector3d& a, const Eigen::Vector3d& b, double tol) {
  for (int i = 0; i < 3; ++i) {
    const double d = a(i) - b(i);
    if (std::abs(r.links[i].joint == JointType::Revolute ? std::remainder(d, 2.0 * M_PI) : d) > tol) return false;
  }
  return true;
}

// A random arm of configuration `types` ("RPR"...): "generic" twists are uniform over a turn,
// "industrial" ones 0 or +-90 deg with a and d often zero, as real arms are built.
// `nearly` perturbs the industrial values by up to 1e-5 (rad or m): alpha1 = 1.570796, a1 =
// 1e-6, as DH tables written in radians or URDF rpy strings give them.
RobotSpec randomArm(const std::string& types, bool industrial, bool wrist, std::mt19937& rng, bool nearly = false) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_int_distribution<int> pick(0, 2);
  RobotSpec r;
  r.name = "random " + types;
  r.family = "generic";
  for (int i = 0; i < 3; ++i) {
    const JointType type = types[i] == 'R' ? JointType::Revolute : JointType::Prismatic;
    double alpha = M_PI * unit(rng), a = 0.2 + 0.3 * unit(rng), d = 0.3 * unit(rng), theta = M_PI * unit(rng);
    if (industrial) {
      alpha = (pick(rng) - 1) * M_PI / 2;
      if (pick(rng) == 0) a = 0.0;
      if (pick(rng) == 0) d = 0.0;
      theta = (pick(rng) - 1) * M_PI / 2;
      if (nearly) {
        const double tiny = std::pow(10.0, -5.0 - 2.0 * std::abs(unit(rng)));  // 1e-7 .. 1e-5
        alpha += tiny * unit(rng);
        a += a == 0.0 ? tiny : 0.0;
        d += d == 0.0 ? -tiny : 0.0;
      }
    }
    r.links.push_back(kinematicLink(type, theta, d, alpha, a));
  }
  if (wrist) {
    const double a4 = industrial ? -M_PI / 2 : M_PI * (0.2 + 0.6 * std::abs(unit(rng))) * (unit(rng) < 0 ? -1 : 1);
    const double a5 = industrial ? M_PI / 2 : M_PI * (0.2 + 0.6 * std::abs(unit(rng))) * (unit(rng) < 0 ? -1 : 1);
    r.links.push_back(kinematicLink(JointType::Revolute, 0.0, 0.2 + 0.2 * std::abs(unit(rng)), a4, 0.0));
    r.links.push_back(kinematicLink(JointType::Revolute, 0.0, 0.0, a5, 0.0));
    r.links.push_back(kinematicLink(JointType::Revolute, 0.0, 0.1 + 0.1 * std::abs(unit(rng)), industrial ? 0.0 : unit(rng), 0.0));
    r.tool = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)), 0.05 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
  } else {
    r.tool = test::transform(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)), 0.2 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
  }
  return r;
}


// The Must-show property, per configuration: random arms (generic and industrial twists; the
// structurally degenerate draws are skipped, and counted), random generating joint values;
// every solution rebuilds the pose to 1e-9, the generator is among them, and the arm solutions
// are exactly those the exhaustive search finds.
// Whether the arm can move u in three independent directions somewhere: the finite-difference
// position Jacobian of searchPoint at a few random configurations (not the code under test).
bool fullRankSomewhere(const RobotSpec& r, const Eigen::Vector3d& u, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 0; k < 5; ++k) {
    const Eigen::Vector3d q(3 * unit(rng), 3 * unit(rng), 3 * unit(rng));
    Eigen::Matrix3d J;
    for (int i = 0; i < 3; ++i) {
      Eigen::Vector3d dq = Eigen::Vector3d::Zero();
      dq(i) = 1e-6;
      J.col(i) = (searchPoint(r, u, q + dq) - searchPoint(r, u, q - dq)) / 2e-6;
    }
    if (std::abs(J.determinant()) > 1e-4) return true;
  }
  return false;
}

void checkConfiguration(const std::string& types, bool wrist, int trials, int& arms, int& solutions, int& maxArmSolutions,
                        double& worstResidual, int& beyondSearch) {
  const int index = static_cast<int>(std::find(kConfigurations.begin(), kConfigurations.end(), types) - kConfigurations.begin());
  std::mt19937 rng(1000 + 2 * index + (wrist ? 1 : 0));
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int trial = 0; trial < trials; ++trial) {
    const bool industrial = trial % 3 != 0, nearly = trial % 3 == 2;
    const RobotSpec spec = randomArm(types, industrial, wrist, rng, nearly);
    const Model model(spec);
    const Eigen::Vector3d u = wrist ? Eigen::Vector3d(0.0, 0.0, spec.links[3].dh.d) : Eigen::Vector3d(spec.tool.topRightCorner<3, 1>());
    if (!fullRankSomewhere(spec, u, rng)) continue;  // e.g. joints 1 and 2 on one axis
    Eigen::VectorXd q0(model.dof());
    for (int i = 0; i < model.dof(); ++i) q0(i) = model.isRevolute(i) ? M_PI * unit(rng) : 0.4 * unit(rng);
    const Eigen::Matrix4d pose = toolPose(model, q0);
    const ClosedFormIk ik = closedFormInverseKinematics(model, pose);
    SCOPED_TRACE(types + (nearly ? " nearly industrial" : industrial ? " industrial" : " generic") + " trial " +
                 std::to_string(trial));
    ASSERT_TRUE(ik.applicable) << ik.reason();
    ASSERT_TRUE(ik.rejected.empty());  // no limits
    bool generatorFound = false;
    std::vector<Eigen::Vector3d> armSolutions;
    for (const IkCandidate& c : ik.solutions) {
      Vector6d e = poseError(pose, toolPose(model, c.q));
      if (!wrist) e.tail<3>().setZero();
      EXPECT_LT(e.norm(), 1e-9) << c.configuration;
      worstResidual = std::max(worstResidual, e.norm());
      bool same = true;
      for (int i = 0; i < model.dof(); ++i)
        same = same && std::abs(model.isRevolute(i) ? wrapToPi(c.q(i) - q0(i)) : c.q(i) - q0(i)) < 1e-7;
      generatorFound = generatorFound || same;
      const Eigen::Vector3d arm = c.q.head<3>();
      bool known = false;
      for (const Eigen::Vector3d& a : armSolutions) known = known || sameArm(spec, a, arm, 1e-7);
      if (!known) armSolutions.push_back(arm);
    }
    EXPECT_TRUE(generatorFound);
    // Arm positioning: the target point is u at q0; with a wrist, each arm solution counts with
    // the wrist solutions the search finds for it (none where the wrist's twists cannot reach
    // the orientation).
    const Eigen::Vector3d target = searchPoint(spec, u, q0.head<3>());
    const Eigen::Vector3d generator = q0.head<3>();
    const std::vector<Eigen::Vector3d> searched = exhaustiveSearch(spec, u, target, 4.0, 400, rng, &generator);
    size_t expected = 0;
    for (const Eigen::Vector3d& s : searched) {
      const size_t wrists = wrist ? wristSearch(spec, s, pose, 60, rng).size() : 1;
      expected += wrists;
      bool matched = false;
      for (const Eigen::Vector3d& a : armSolutions) matched = matched || sameArm(spec, a, s, 1e-6);
      EXPECT_EQ(matched, wrists > 0) << "search found q = " << s.transpose() << " (with " << wrists << " wrist solutions)";
    }
    // Every search solution is one of the closed form's (above), and every closed-form solution
    // reaches the pose (checked by forward kinematics above). Generic and industrial arms: the
    // same count. Nearly industrial arms (1e-7..1e-5 off a special one) can put solutions near a
    // fold in basins that random Newton starts miss: the closed form may then hold more, counted.
    if (nearly) {
      EXPECT_GE(ik.solutions.size(), expected);
      // The extra ones are distinct solutions (to the search's 1e-6), not one found twice.
      for (std::size_t a = 0; a < ik.solutions.size(); ++a)
        for (std::size_t b = a + 1; b < ik.solutions.size(); ++b) {
          double d = 0.0;
          for (int i = 0; i < model.dof(); ++i) {
            const double x = ik.solutions[a].q(i) - ik.solutions[b].q(i);
            d = std::max(d, std::abs(model.isRevolute(i) ? std::remainder(x, 2.0 * M_PI) : x));
          }
          EXPECT_GT(d, 1e-6) << ik.solutions[a].configuration << " and " << ik.solutions[b].configuration;
        }
      beyondSearch += static_cast<int>(ik.solutions.size() - std::min(ik.solutions.size(), expected));
    } else {
      EXPECT_EQ(ik.solutions.size(), expected);
    }
    ++arms;
    solutions += static_cast<int>(ik.solutions.size());
    maxArmSolutions = std::max(maxArmSolutions, static_cast<int>(armSolutions.size()));
  }
}

TEST(GenericInverseKinematics, ThreeJointArmsOfEveryConfigurationMatchAnExhaustiveSearch) {
  for (const std::string& types : kConfigurations) {
    int arms = 0, solutions = 0, most = 0, beyond = 0;
    double worst = 0.0;
    checkConfiguration(types, false, 36, arms, solutions, most, worst, beyond);
    EXPECT_GE(arms, 15) << types << ": too many degenerate draws";
    const int revolute = static_cast<int>(std::count(types.begin(), types.end(), 'R'));
    EXPECT_LE(most, revolute >= 2 ? 4 : revolute == 1 ? 2 : 1) << types;
    std::printf("%s position only: %d arms, %d solutions (%d beyond the search), at most %d, worst residual %.2g\n",
                types.c_str(), arms, solutions, beyond, most, worst);
    EXPECT_LE(beyond, solutions / 20) << types;
  }
}

TEST(GenericInverseKinematics, SixJointArmsWithASphericalWristOfEveryConfiguration) {
  for (const std::string& types : kConfigurations) {
    int arms = 0, solutions = 0, most = 0, beyond = 0;
    double worst = 0.0;
    // Six revolute joints with a spherical wrist (IK-Geo's "spherical" class): at least 200 arms,
    // a third generic, a third industrial, a third nearly industrial (perturbed 1e-7..1e-5).
    const bool sixR = types == "RRR";
    checkConfiguration(types, true, sixR ? test::exhaustiveDraws(270) : 36, arms, solutions, most, worst, beyond);
    EXPECT_GE(arms, sixR && !test::kUnderAsan ? 200 : 15) << types;
    std::printf("%s + spherical wrist: %d arms, %d solutions (%d beyond the search), at most %d arm solutions, worst "
                "residual %.2g\n",
                types.c_str(), arms, solutions, beyond, most, worst);
    EXPECT_LE(beyond, solutions / 20) << types;
  }
}

// Pieper's general 3R case reaches four arm solutions (eight with the wrist, sixteen would need
// a non-spherical wrist): found on a generic arm.
TEST(GenericInverseKinematics, GeneralThreeRevoluteArmHasFourSolutionsSomewhere) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int best = 0;
  for (int trial = 0; trial < 200 && best < 4; ++trial) {
    const RobotSpec spec = randomArm("RRR", false, false, rng);
    const Model model(spec);
    Eigen::VectorXd q0(3);
    for (int i = 0; i < 3; ++i) q0(i) = M_PI * unit(rng);
    const ClosedFormIk ik = closedFormInverseKinematics(model, toolPose(model, q0));
    best = std::max(best, static_cast<int>(ik.solutions.size()));
  }
  EXPECT_EQ(best, 4);
}

// The named families and the general solver agree: same solution sets for the library arms.
TEST(GenericInverseKinematics, NamedFamiliesGiveTheSameSetsAsTheGeneralSolver) {
  std::vector<RobotSpec> specs;
  for (const std::string& name : test::libraryRobotNames()) specs.push_back(test::libraryRobotSpec(name));
  specs.push_back(test::pumaSpec());
  std::mt19937 rng(11);
  int compared = 0;
  for (RobotSpec spec : specs) {
    const Model named(spec);
    const std::string family = kinematicFamily(named);
    if (family.empty()) continue;
    spec.family = "generic";
    const Model generic(spec);
    for (int k = 0; k < 10; ++k) {
      const Eigen::VectorXd q0 = test::randomWithinLimits(named, rng);
      const Eigen::Matrix4d pose = toolPose(named, q0);
      const ClosedFormIk a = closedFormInverseKinematics(named, pose), b = closedFormInverseKinematics(generic, pose);
      SCOPED_TRACE(spec.name + " (" + family + ")");
      ASSERT_TRUE(b.applicable) << b.reason();
      ASSERT_EQ(a.solutions.size() + a.rejected.size(), b.solutions.size() + b.rejected.size());
      for (const IkCandidate& c : a.solutions) {
        bool found = false;
        for (const IkCandidate& d : b.solutions) {
          double diff = 0.0;
          for (int i = 0; i < named.dof(); ++i)
            diff = std::max(diff, std::abs(named.isRevolute(i) ? wrapToPi(c.q(i) - d.q(i)) : c.q(i) - d.q(i)));
          found = found || diff < 1e-8;
        }
        EXPECT_TRUE(found) << c.configuration;
      }
      ++compared;
    }
  }
  EXPECT_GE(compared, 30);
}

// Nearly special geometry (the review's cases): alpha1 = 1.570796 or a1 = 1e-6 make one of
// joint 1's equations nearly vanish; every solution the search finds must still be found.
TEST(GenericInverseKinematics, NearlySpecialTwistsAndLengthsKeepEverySolution) {
  struct Case {
    std::string types;
    double dh[3][4];  // theta, d, a, alpha
    Eigen::Vector3d u, q0;
  };
  const std::vector<Case> cases = {
      {"PRR", {{0, 0, 0.1, 1.570796}, {0, 0.1, 0.3, -M_PI / 2}, {0, 0, 0.25, 0}}, {0.1, 0.05, 0}, {0.2, 0.4, 0.9}},
      {"RPR", {{0, 0.3, 0.1, 1.570796}, {0, 0, 0.2, -1.2}, {0, 0, 0.15, 0.4}}, {0.1, 0.02, 0.05}, {0.5, 0.3, 0.7}},
      {"RRR", {{0, 0.2, 1e-6, M_PI / 2}, {0, 0.1, 0.4, 0.3}, {0, 0, 0.3, -0.7}}, {0.1, 0.05, 0.02}, {0.4, 0.8, 1.1}}};
  std::mt19937 rng(17);
  for (const Case& c : cases) {
    RobotSpec spec;
    spec.family = "generic";
    for (int i = 0; i < 3; ++i)
      spec.links.push_back(kinematicLink(c.types[static_cast<std::size_t>(i)] == 'R' ? JointType::Revolute : JointType::Prismatic,
                                         c.dh[i][0], c.dh[i][1], c.dh[i][3], c.dh[i][2]));
    spec.tool = test::transform(Eigen::Vector3d::Zero(), c.u);
    const Model model(spec);
    const Eigen::Vector3d target = searchPoint(spec, c.u, c.q0);
    const ClosedFormIk ik = closedFormInverseKinematics(model, test::transform(Eigen::Vector3d::Zero(), target));
    const std::vector<Eigen::Vector3d> searched = exhaustiveSearch(spec, c.u, target, 4.0, 600, rng);
    SCOPED_TRACE(c.types);
    ASSERT_TRUE(ik.applicable) << ik.reason();
    EXPECT_EQ(ik.solutions.size(), searched.size());
    for (const Eigen::Vector3d& s : searched) {
      bool matched = false;
      for (const IkCandidate& k : ik.solutions) matched = matched || sameArm(spec, k.q, s, 1e-6);
      EXPECT_TRUE(matched) << "missed " << s.transpose();
    }
  }
}

TEST(GenericInverseKinematics, UnreachableTargetsSayWhy) {
  // A generic RRR arm: far targets are "too far".
  std::mt19937 rng(3);
  RobotSpec spec = randomArm("RRR", false, false, rng);
  const Model model(spec);
  const IkResult far = solveInverseKinematics(model, test::transform(Eigen::Vector3d::Zero(), Eigen::Vector3d(5.0, 0.0, 0.0)));
  EXPECT_FALSE(far.ok);
  EXPECT_NE(far.reason.find("too far"), std::string::npos) << far.reason;
  // The Stanford-type RRP arm with a boom offset: the wrist centre near its shoulder is too close.
  RobotSpec rrp;
  rrp.family = "generic";
  rrp.links = {kinematicLink(JointType::Revolute, 0, 0, -M_PI / 2, 0), kinematicLink(JointType::Revolute, 0, 0.3, M_PI / 2, 0),
               kinematicLink(JointType::Prismatic, 0, 0, 0, 0)};
  const Model arm(rrp);
  const IkResult close = solveInverseKinematics(arm, test::transform(Eigen::Vector3d::Zero(), Eigen::Vector3d(0.05, 0.0, 0.0)));
  EXPECT_FALSE(close.ok);
  EXPECT_NE(close.reason.find("too close"), std::string::npos) << close.reason;
  // A wrist with twists of 45 deg cannot turn the tool axis opposite joint 4's.
  RobotSpec oblique = randomArm("RRR", false, true, rng);
  oblique.links[3].dh.alpha = M_PI / 4;
  oblique.links[4].dh.alpha = M_PI / 4;
  const Model om(oblique);
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(6);
  LinkFrameArray frames;
  forwardKinematics(om, q0, frames.data());
  // Frame 6 turned so that joint 6's axis points against joint 4's (z5 = -z3), the wrist centre
  // (origin of frame 4) kept where the arm puts it.
  const Eigen::Matrix3d R3 = frames[3].topLeftCorner<3, 3>();
  const Eigen::Vector3d centre = frames[4].topRightCorner<3, 1>();
  const Eigen::Matrix3d flip = Eigen::AngleAxisd(M_PI, R3.col(0)).toRotationMatrix();
  Eigen::Matrix4d T6 = Eigen::Matrix4d::Identity();
  T6.topLeftCorner<3, 3>() = flip * R3 * Eigen::AngleAxisd(oblique.links[5].dh.alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  const DhParameters& dh6 = oblique.links[5].dh;
  const Eigen::Vector3d w6(-dh6.a, -dh6.d * std::sin(dh6.alpha), -dh6.d * std::cos(dh6.alpha));
  T6.topRightCorner<3, 1>() = centre - T6.topLeftCorner<3, 3>() * w6;
  const Eigen::Matrix4d pose = T6 * om.tool();
  const ClosedFormIk bad = closedFormInverseKinematics(om, pose);
  EXPECT_TRUE(bad.solutions.empty());
  EXPECT_NE(bad.reason().find("orientation not reachable"), std::string::npos) << bad.reason();
}

}  // namespace
}  // namespace armdyn
