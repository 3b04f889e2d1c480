// analyzeConfiguration (A&S eqs 19-27), jacobianDotTimesRate and inverseRates (eqs 15-18), and
// inverse kinematics chosen by structure rather than by the file's family name. References:
// the 6 x 6 determinant itself, finite differences of forward kinematics and of the Jacobian,
// postures constructed to be singular by bisection on a sign change, and the solution sets of
// the library files that name their family.
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/inverse_rates.h"
#include "kinematics/jacobian.h"
#include "kinematics/jacobian_derivative.h"
#include "kinematics/pose.h"
#include "kinematics/singularity_analysis.h"
#include "io/robot_file.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <Eigen/SVD>
#include <functional>
#include <random>

namespace armdyn {
namespace {

Model library(const std::string& name) { return Model(test::libraryRobotSpec(name)); }

// A six-joint arm with a spherical wrist of unusual twists (60 and -45 deg): the axes still
// meet, so the determinant must still split.
Model oddWristArm() {
  RobotSpec r = test::libraryRobotSpec("rrrrrr");
  r.links[3].dh.alpha = M_PI / 3;
  r.links[4].dh.alpha = -M_PI / 4;
  r.family = "";
  return Model(r);
}

TEST(SingularityAnalysis, DeterminantSplitsIntoArmAndWrist) {
  std::vector<std::pair<std::string, Model>> arms;
  for (const char* n : {"puma560", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"}) arms.emplace_back(n, library(n));
  arms.emplace_back("odd wrist", oddWristArm());
  std::mt19937 rng(21);
  for (const auto& [name, model] : arms) {
    SCOPED_TRACE(name);
    for (int k = 0; k < 50; ++k) {
      const Eigen::VectorXd q = test::randomVector(rng, 6, 1.5);
      const KinematicAnalysis a = analyzeConfiguration(model, q);
      ASSERT_TRUE(a.detJ11 && a.detJ22) << "no spherical wrist found";
      const Eigen::Matrix<double, 6, 6> J = geometricJacobian(model, q);
      EXPECT_NEAR(a.detJ, J.determinant(), 1e-14);
      EXPECT_NEAR(a.detJ, *a.detJ11 * *a.detJ22, 1e-12);
      EXPECT_NEAR(a.manipulability, std::sqrt((J * J.transpose()).determinant()), 1e-12);
    }
  }
  // The UR5's wrist is offset (d5 != 0): no split.
  const Model ur5(loadRobot(test::sourcePath("robots/ur5.yaml")));
  const KinematicAnalysis a = analyzeConfiguration(ur5, Eigen::VectorXd::Constant(6, 0.4));
  EXPECT_FALSE(a.detJ11.has_value());
  EXPECT_TRUE(std::isnan(a.wristDistance));
}

// The root of f in [lo, hi] by bisection (f changes sign there).
double bisect(const std::function<double(double)>& f, double lo, double hi) {
  double flo = f(lo);
  EXPECT_LT(flo * f(hi), 0.0);
  for (int k = 0; k < 200 && hi - lo > 1e-15; ++k) {
    const double mid = 0.5 * (lo + hi), fm = f(mid);
    if ((fm < 0.0) == (flo < 0.0)) {
      lo = mid;
      flo = fm;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

// The condition number (unit-free J: linear rows over the length sum) and the distances (the
// smallest singular values of J11 and J22) against Eigen's Jacobi SVD of the same matrices built
// here from geometricJacobian and the frames: relative 1e-9 where the condition number is below
// 1e4 (the Gram route squares it: relative accuracy about 1e-16 cond^2).
TEST(SingularityAnalysis, ConditionNumberAndDistancesMatchAnSvd) {
  std::mt19937 rng(4);
  int compared = 0;
  for (const char* n : {"puma560", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"}) {
    const Model model = library(n);
    const double L = std::max(lengthSum(model), 1e-3);
    for (int k = 0; k < 40; ++k) {
      const Eigen::VectorXd q = test::randomVector(rng, 6, 1.5);
      const KinematicAnalysis a = analyzeConfiguration(model, q);
      Eigen::Matrix<double, 6, 6> J = geometricJacobian(model, q);
      J.topRows(3) /= L;
      const Eigen::Matrix<double, 6, 1> sv = Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>>(J).singularValues();
      const double cond = sv(0) / sv(5);
      if (cond > 1e4) continue;
      EXPECT_NEAR(a.conditionNumber / cond, 1.0, 1e-9) << n;
      const std::vector<Eigen::Matrix4d> frames = linkFrames(model, q);
      Eigen::Matrix3d J11, J22;
      for (int i = 0; i < 3; ++i) {
        const Eigen::Vector3d z = frames[static_cast<std::size_t>(i)].block<3, 1>(0, 2);
        J11.col(i) = model.isRevolute(i) ? Eigen::Vector3d(z.cross(*a.wristCentre - frames[static_cast<std::size_t>(i)].topRightCorner<3, 1>())) : z;
        J22.col(i) = frames[static_cast<std::size_t>(3 + i)].block<3, 1>(0, 2);
      }
      const Eigen::Vector3d s11 = Eigen::JacobiSVD<Eigen::Matrix3d>(J11).singularValues();
      const Eigen::Vector3d s22 = Eigen::JacobiSVD<Eigen::Matrix3d>(J22).singularValues();
      EXPECT_NEAR(a.armDistance, s11(2), 1e-12 * s11(0)) << n;
      EXPECT_NEAR(a.wristDistance, s22(2), 1e-12) << n;
      ++compared;
    }
  }
  EXPECT_GE(compared, 100);
}

TEST(SingularityAnalysis, ClassifiesConstructedPostures) {
  const Model puma = library("puma560");
  Eigen::VectorXd q(6);
  q << 0.3, 0.4, -0.6, 0.5, 0.7, -0.2;
  EXPECT_EQ(analyzeConfiguration(puma, q).singular, Singularity::None);
  // Wrist: theta5 = 0 puts axes 4 and 6 in line.
  Eigen::VectorXd w = q;
  w(4) = 0.0;
  const KinematicAnalysis wrist = analyzeConfiguration(puma, w);
  EXPECT_EQ(wrist.singular, Singularity::Wrist);
  EXPECT_LT(wrist.wristDistance, 1e-15);
  // Elbow stretched: det J11 changes sign as the elbow passes straight; bisect on q3.
  Eigen::VectorXd e = q;
  e(2) = bisect([&](double q3) { Eigen::VectorXd x = q; x(2) = q3; return *analyzeConfiguration(puma, x).detJ11; }, -3.0, 0.5);
  const KinematicAnalysis elbow = analyzeConfiguration(puma, e);
  EXPECT_EQ(elbow.singular, Singularity::Arm) << "det J11 " << *elbow.detJ11;
  // Both at once.
  e(4) = 0.0;
  EXPECT_EQ(analyzeConfiguration(puma, e).singular, Singularity::Both);
  // Wrist centre on axis 1: an articulated arm without shoulder offset (Vora's table A-5
  // RRRRRR); bisect q2 on the centre's x in the arm's plane (q1 = 0).
  const Model rrrrrr = library("rrrrrr");
  Eigen::VectorXd s(6);
  s << 0.0, 0.5, 0.8, 0.3, 0.6, 0.2;
  s(1) = bisect([&](double q2) { Eigen::VectorXd x = s; x(1) = q2; return analyzeConfiguration(rrrrrr, x).wristCentre->x(); }, -1.0, 2.5);
  const KinematicAnalysis shoulder = analyzeConfiguration(rrrrrr, s);
  EXPECT_LT(std::hypot(shoulder.wristCentre->x(), shoulder.wristCentre->y()), 1e-12);
  EXPECT_EQ(shoulder.singular, Singularity::Arm);
  EXPECT_GT(shoulder.conditionNumber, 1e7);  // resolved to about 1e8 (from J^T J), or infinite
}

TEST(JacobianDerivative, MatchesFiniteDifferencesOfTheJacobian) {
  std::mt19937 rng(22);
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    const Model model = library(name);
    const int n = model.dof();
    for (int k = 0; k < 20; ++k) {
      const Eigen::VectorXd q = test::randomVector(rng, n, 1.5), qd = test::randomVector(rng, n, 2.0);
      const double h = 1e-6;
      const Eigen::MatrixXd dJ = (geometricJacobian(model, q + h * qd) - geometricJacobian(model, q - h * qd)) / (2 * h);
      // Central differences: truncation O(h^2 |qd|^3) ~ 1e-11, round-off ~ 1e-16 / h = 1e-10.
      EXPECT_LT((jacobianDotTimesRate(model, q, qd) - dJ * qd).cwiseAbs().maxCoeff(), 2e-8);
    }
  }
}

TEST(InverseRates, ReproduceTheToolVelocityAndAcceleration) {
  std::mt19937 rng(23);
  std::vector<std::pair<std::string, Model>> arms;
  for (const char* n : {"puma560", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"}) arms.emplace_back(n, library(n));
  int checked = 0;
  for (const auto& arm : arms) {
    // Not a structured binding: clang 14 (C++17) does not capture those in the lambdas below.
    const Model& model = arm.second;
    SCOPED_TRACE(arm.first);
    for (int k = 0; k < 20; ++k) {
      const Eigen::VectorXd q = test::randomVector(rng, 6, 1.2);
      if (analyzeConfiguration(model, q).conditionNumber > 100) continue;  // well away from singularities
      ++checked;
      const Vector6d xd = test::randomVector(rng, 6, 0.5), xdd = test::randomVector(rng, 6, 1.0);
      const InverseRates r = inverseRates(model, q, xd, xdd);
      ASSERT_FALSE(r.damped) << r.warning;
      // The tool velocity from finite differences of forward kinematics along qd.
      const double h = 1e-6;
      const Eigen::Matrix4d Tp = toolPose(model, q + h * r.qd), Tm = toolPose(model, q - h * r.qd);
      Vector6d v;
      v.head<3>() = (Tp.topRightCorner<3, 1>() - Tm.topRightCorner<3, 1>()) / (2 * h);
      const Eigen::Matrix3d dR = (Tp.topLeftCorner<3, 3>() - Tm.topLeftCorner<3, 3>()) / (2 * h);
      const Eigen::Matrix3d W = dR * toolPose(model, q).topLeftCorner<3, 3>().transpose();  // [w]x
      v.tail<3>() << W(2, 1), W(0, 2), W(1, 0);
      EXPECT_LT((v - xd).cwiseAbs().maxCoeff(), 1e-7);
      // The tool acceleration along q(t) = q + qd t + qdd t^2 / 2: position by second
      // differences, angular by differences of w = J_w(q(t)) qd(t).
      // Step scaled to the motion's speed (large rates need a shorter step).
      const double g = 1e-4 / std::max({1.0, r.qd.cwiseAbs().maxCoeff(), std::sqrt(r.qdd.cwiseAbs().maxCoeff())});
      auto qAt = [&](double t) { return Eigen::VectorXd(q + r.qd * t + 0.5 * r.qdd * t * t); };
      auto position = [&](double t) { return Eigen::Vector3d(toolPose(model, qAt(t)).topRightCorner<3, 1>()); };
      auto omega = [&](double t) {
        return Eigen::Vector3d((geometricJacobian(model, qAt(t)).bottomRows(3) * (r.qd + r.qdd * t)));
      };
      Vector6d a;
      a.head<3>() = (position(g) - 2 * position(0) + position(-g)) / (g * g);
      a.tail<3>() = (omega(g) - omega(-g)) / (2 * g);
      EXPECT_LT((a - xdd).cwiseAbs().maxCoeff(), 1e-5) << "qd " << r.qd.transpose() << " qdd " << r.qdd.transpose();  // second differences: O(g^2) + 1e-16/g^2
      EXPECT_LT(r.accelerationResidual, 1e-9);
      EXPECT_LT(r.velocityResidual, 1e-12);
    }
  }
  EXPECT_GE(checked, 40);  // of 80 random configurations
}

TEST(InverseRates, DampedNearASingularityAndBelowSixJoints) {
  const Model puma = library("puma560");
  Eigen::VectorXd q(6);
  q << 0.3, 0.4, -0.6, 0.5, 0.0, -0.2;  // wrist singular
  const InverseRates r = inverseRates(puma, q, (Vector6d() << 0.1, 0, 0, 0, 0.2, 0).finished());
  EXPECT_TRUE(r.damped);
  EXPECT_NE(r.warning.find("near a singularity"), std::string::npos) << r.warning;
  EXPECT_TRUE(r.qd.allFinite());
  // Three joints: the linear rows, exact away from singularities.
  const Model rrr = library("vora_rrr");
  const Eigen::Vector3d q3(0.2, 0.5, -0.9);
  const InverseRates p = inverseRates(rrr, q3, (Vector6d() << 0.1, -0.2, 0.05, 0, 0, 0).finished());
  EXPECT_LT(p.velocityResidual, 1e-12);
  EXPECT_THROW(inverseRates(rrr, Eigen::Vector2d(0, 0), Vector6d::Zero()), std::invalid_argument);
  // Fewer joints than task rows (2 of 3; 4 and 5 of 6): a tool velocity the joints can make
  // is reproduced exactly by the least-squares rates.
  std::mt19937 rng(25);
  for (const int n : {2, 4, 5}) {
    SCOPED_TRACE(n);
    RobotSpec spec;
    for (int i = 0; i < n; ++i) {
      LinkSpec l;
      l.dh = {0.3 * i, 0.1, (i % 2 ? 1.0 : -0.7), 0.3};
      l.massSource = MassSource::Explicit;
      spec.links.push_back(l);
    }
    spec.actuatorMassRule = false;
    const Model m(spec);
    const Eigen::VectorXd q = test::randomVector(rng, n, 1.0), qdTrue = test::randomVector(rng, n, 1.0);
    const Vector6d xd = geometricJacobian(m, q) * qdTrue;
    const InverseRates r = inverseRates(m, q, xd);
    EXPECT_TRUE(r.damped);
    ASSERT_TRUE(r.qd.allFinite());
    EXPECT_LT((r.qd - qdTrue).cwiseAbs().maxCoeff(), 1e-6) << r.warning;
    EXPECT_GT(analyzeConfiguration(m, q).manipulability, 0.0);
  }
}

// A library arm gives the same closed-form solution set whether its file names a family or not
// (Vora's thesis files have none).
TEST(IkByStructure, SameSolutionsWithAndWithoutTheFamilyName) {
  std::mt19937 rng(24);
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    RobotSpec named = test::libraryRobotSpec(name);
    ASSERT_FALSE(named.family.empty());
    RobotSpec bare = named;
    bare.family = "";
    const Model a(named), b(bare);
    EXPECT_FALSE(kinematicFamily(b).empty());
    for (int k = 0; k < 10; ++k) {
      const Eigen::Matrix4d pose = toolPose(a, test::randomVector(rng, a.dof(), 1.0));
      const ClosedFormIk sa = closedFormInverseKinematics(a, pose), sb = closedFormInverseKinematics(b, pose);
      ASSERT_TRUE(sb.applicable) << sb.reason();
      ASSERT_EQ(sa.solutions.size(), sb.solutions.size());
      for (std::size_t s = 0; s < sa.solutions.size(); ++s) {
        EXPECT_EQ(sa.solutions[s].configuration, sb.solutions[s].configuration);
        EXPECT_LT((sa.solutions[s].q - sb.solutions[s].q).cwiseAbs().maxCoeff(), 1e-12);
      }
    }
  }
  // Vora's own specification file of the RRR: closed form, as its YAML file.
  const Model spec(loadRobot(test::sourcePath("robots/legacy/vora_rrr.spec")));
  EXPECT_EQ(kinematicFamily(spec), "rrr");
}

}  // namespace
}  // namespace armdyn
