// Seven-joint arms solved with one joint held (free_joint_ik.h): the KUKA LBR iiwa 14 (standard
// DH as KUKA's data sheet gives it: d = 0.36, 0.42, 0.4, 0.126 m, twists -90, 90, 90, -90, -90,
// 90, 0 deg) and the Franka Panda (Franka's published modified DH: a = 0.0825, -0.0825, 0.088 m,
// d = 0.333, 0.316, 0.384 m, flange 0.107 m), the Panda's chain built here from those modified
// DH transforms and turned into standard DH by dhFromAxes, as a URDF import does. Checked
// against the pose through forward kinematics, against the generating joint values, against a
// multi-start Newton search over the six other joints (finite differences, 300 starts), and
// along the self-motion: the generator's branch followed over the free joint's range.

#include "kinematics/dh_from_axes.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/free_joint_ik.h"
#include "kinematics/self_motion.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics_fixtures.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <gtest/gtest.h>
#include <cstdio>
#include <random>

namespace armdyn {
namespace {

using test::kinematicLink;

RobotSpec iiwa14() {
  const double h = M_PI / 2;
  const auto R = JointType::Revolute;
  RobotSpec r;
  r.name = "KUKA LBR iiwa 14 R820";
  r.links = {kinematicLink(R, 0, 0.36, -h, 0), kinematicLink(R, 0, 0, h, 0),  kinematicLink(R, 0, 0.42, h, 0),
             kinematicLink(R, 0, 0, -h, 0),    kinematicLink(R, 0, 0.4, -h, 0), kinematicLink(R, 0, 0, h, 0),
             kinematicLink(R, 0, 0.126, 0, 0)};
  const double limits[7] = {170, 120, 170, 120, 170, 120, 175};
  for (int i = 0; i < 7; ++i) {
    r.links[i].qMin = -limits[i] * M_PI / 180;
    r.links[i].qMax = limits[i] * M_PI / 180;
  }
  return r;
}

// Franka's modified DH: link i is Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(q_i) Tz(d_i); the flange
// 0.107 m along z7. Axes at q = 0 -> dhFromAxes.
RobotSpec panda() {
  const double h = M_PI / 2;
  const double a[7] = {0, 0, 0, 0.0825, -0.0825, 0, 0.088}, d[7] = {0.333, 0, 0.316, 0, 0.384, 0, 0};
  const double alpha[7] = {0, -h, h, h, -h, h, h};
  const double lo[7] = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
  const double hi[7] = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};
  std::vector<JointAxisLine> axes;
  Eigen::Affine3d T = Eigen::Affine3d::Identity();
  for (int i = 0; i < 7; ++i) {
    T = T * Eigen::AngleAxisd(alpha[i], Eigen::Vector3d::UnitX()) * Eigen::Translation3d(a[i], 0, 0) *
        Eigen::Translation3d(0, 0, d[i]);
    axes.push_back({T.translation(), T.linear().col(2), JointType::Revolute});
  }
  T = T * Eigen::Translation3d(0, 0, 0.107);
  const DhChain chain = dhFromAxes(axes, T.matrix());
  RobotSpec r;
  r.name = "Franka Panda";
  for (int i = 0; i < 7; ++i) {
    const DhParameters& p = chain.dh[i];
    r.links.push_back(kinematicLink(JointType::Revolute, p.theta, p.d, p.alpha, p.a));
    r.links.back().qMin = lo[i];
    r.links.back().qMax = hi[i];
  }
  r.base = chain.base;
  r.tool = chain.tool;
  return r;
}

Eigen::VectorXd randomWithin(const Model& m, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.05, 0.95);
  Eigen::VectorXd q(m.dof());
  for (int i = 0; i < m.dof(); ++i) {
    const LinkSpec& l = m.spec().links[i];
    q(i) = l.qMin + u(rng) * (l.qMax - l.qMin);
  }
  return q;
}

double poseMiss(const Model& m, const Eigen::Matrix4d& pose, const Eigen::VectorXd& q) {
  const Vector6d e = poseError(pose, toolPose(m, q));
  return std::max(e.head<3>().norm(), e.tail<3>().norm());
}

// Every solution with joint j at q(j) that Newton's method (finite-difference Jacobian over
// the six other joints, armdyn's forward kinematics) finds from `starts` random starts.
std::vector<Eigen::VectorXd> search(const Model& m, const Eigen::Matrix4d& pose, int j, double value, int starts,
                                    std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-M_PI, M_PI);
  std::vector<Eigen::VectorXd> found;
  for (int s = 0; s < starts; ++s) {
    Eigen::VectorXd q(7);
    for (int i = 0; i < 7; ++i) q(i) = i == j ? value : u(rng);
    for (int it = 0; it < 60; ++it) {
      const Vector6d e = poseError(pose, toolPose(m, q));
      if (e.norm() < 1e-13) break;
      Eigen::Matrix<double, 6, 6> J;
      for (int c = 0, k = 0; c < 7; ++c) {
        if (c == j) continue;
        Eigen::VectorXd dq = Eigen::VectorXd::Zero(7);
        dq(c) = 1e-7;
        J.col(k++) = (poseError(toolPose(m, q + dq), toolPose(m, q)) - poseError(toolPose(m, q - dq), toolPose(m, q))) / 2e-7;
      }
      Vector6d step = J.fullPivLu().solve(e);
      if (!step.allFinite()) break;
      if (step.norm() > 0.5) step *= 0.5 / step.norm();
      for (int c = 0, k = 0; c < 7; ++c)
        if (c != j) q(c) += step(k++);
    }
    if (poseMiss(m, pose, q) > 1e-11) continue;
    for (int i = 0; i < 7; ++i) q(i) = wrapToPi(q(i));
    bool known = false;
    for (const Eigen::VectorXd& f : found) known = known || sameJointValues(m, f, q) || (f - q).cwiseAbs().maxCoeff() < 1e-6;
    if (!known) found.push_back(q);
  }
  return found;
}

bool contains(const std::vector<IkCandidate>& set, const Eigen::VectorXd& q, double tol) {
  for (const IkCandidate& c : set) {
    double d = 0.0;
    for (int i = 0; i < q.size(); ++i) d = std::max(d, std::abs(wrapToPi(c.q(i) - q(i))));
    if (d < tol) return true;
  }
  return false;
}

TEST(FreeJointIk, IiwaAndPandaFindTheGeneratorAndEverySearchSolution) {
  for (const RobotSpec& spec : {iiwa14(), panda()}) {
    SCOPED_TRACE(spec.name);
    const Model model(spec);
    const int j = defaultFreeJoint(model);
    ASSERT_EQ(j, spec.name == "Franka Panda" ? 6 : 2) << freeJointMisfit(model, 6);
    std::mt19937 rng(17);
    int solutions = 0, poses = 0;
    double worst = 0.0;
    std::string solver;
    for (int k = 0; k < 10; ++k) {
      const Eigen::VectorXd q0 = randomWithin(model, rng);
      const Eigen::Matrix4d pose = toolPose(model, q0);
      const FreeJointIk ik = freeJointInverseKinematics(model, pose, j, q0(j));
      ASSERT_TRUE(ik.applicable) << ik.reason;
      solver = ik.solver;
      std::vector<IkCandidate> all = ik.solutions;
      all.insert(all.end(), ik.rejected.begin(), ik.rejected.end());
      for (const IkCandidate& c : all) {
        EXPECT_EQ(c.q(j), q0(j));
        if (c.reason().find("misses the pose") != std::string::npos) ADD_FAILURE() << c.reason();
        else worst = std::max(worst, poseMiss(model, pose, c.q));
      }
      EXPECT_TRUE(contains(all, q0, 1e-7)) << "generator " << q0.transpose();
      // The split by limits is the arm's (the reversed chain's limits are negated): every solution
      // within them, every candidate refused for its limits outside them.
      for (const IkCandidate& c : ik.solutions) EXPECT_LT(findJointLimitViolation(model, c.q).joint, 0) << c.configuration;
      for (const IkCandidate& c : ik.rejected)
        if (c.rejection.kind == IkRejection::Kind::JointLimits) {
          EXPECT_GE(findJointLimitViolation(model, c.q).joint, 0) << c.configuration;
        }
      const std::vector<Eigen::VectorXd> searched = search(model, pose, j, q0(j), 300, rng);
      for (const Eigen::VectorXd& s : searched) EXPECT_TRUE(contains(all, s, 1e-6)) << "search found " << s.transpose();
      for (const IkCandidate& c : all) {
        bool found = false;
        for (const Eigen::VectorXd& s : searched) {
          double d = 0.0;
          for (int i = 0; i < 7; ++i) d = std::max(d, std::abs(wrapToPi(c.q(i) - s(i))));
          found = found || d < 1e-6;
        }
        EXPECT_TRUE(found) << c.configuration << " not found by the search";
      }
      solutions += static_cast<int>(all.size());
      ++poses;
    }
    EXPECT_LT(worst, 1e-10);
    std::printf("%s: joint %d held, solver %s, %d poses, %d solutions (limits ignored), worst pose error %.2g\n",
                spec.name.c_str(), j + 1, solver.c_str(), poses, solutions, worst);
  }
}

// The self-motion: from the generator, the free joint moved in steps of 1 deg both ways; at each
// step the solution nearest the previous one is taken. Continuous (no joint moves more than 10
// times the step, away from the ends of the branch) and on the pose at every point.
TEST(FreeJointIk, SelfMotionOfTheGeneratorsBranchIsContinuous) {
  for (const RobotSpec& spec : {iiwa14(), panda()}) {
    SCOPED_TRACE(spec.name);
    const Model model(spec);
    const int j = defaultFreeJoint(model);
    std::mt19937 rng(23);
    const Eigen::VectorXd q0 = randomWithin(model, rng);
    const Eigen::Matrix4d pose = toolPose(model, q0);
    const double step = M_PI / 180.0;
    int points = 0;
    double largest = 0.0, worst = 0.0;
    for (const double dir : {1.0, -1.0}) {
      Eigen::VectorXd previous = q0;
      for (int k = 1; k <= 400; ++k) {
        const double v = q0(j) + dir * k * step;
        if (v < model.spec().links[j].qMin || v > model.spec().links[j].qMax) break;
        const FreeJointIk ik = freeJointInverseKinematics(model, pose, j, v);
        std::vector<IkCandidate> all = ik.solutions;
        all.insert(all.end(), ik.rejected.begin(), ik.rejected.end());
        const IkCandidate* next = nullptr;
        double best = 1e300;
        for (const IkCandidate& c : all) {
          double d = 0.0;
          for (int i = 0; i < 7; ++i) d = std::max(d, std::abs(wrapToPi(c.q(i) - previous(i))));
          if (d < best) {
            best = d;
            next = &c;
          }
        }
        if (!next || best > 10 * step) break;  // the branch ends (leaves the workspace or meets another)
        largest = std::max(largest, best);
        worst = std::max(worst, poseMiss(model, pose, next->q));
        previous = next->q;
        ++points;
      }
    }
    EXPECT_GT(points, 20);
    EXPECT_LT(worst, 1e-10);
    std::printf("%s: self-motion of the generator's branch: %d points at 1 deg, largest joint step %.3g deg, worst pose "
                "error %.2g\n",
                spec.name.c_str(), points, largest * 180 / M_PI, worst);
  }
}

// selfMotion's curves: every point reaches the pose, consecutive points are one sample apart
// and within the linking jump, every solution at every sample is on exactly one curve (the
// curves' points add up to freeJointInverseKinematics's counts), and the generator's
// configuration lies on a curve (its free value sampled exactly).
TEST(FreeJointIk, SelfMotionCurvesCoverEverySolutionContinuously) {
  for (const RobotSpec& base : {iiwa14(), panda()}) {
    SCOPED_TRACE(base.name);
    RobotSpec spec = base;
    const Model probe(spec);
    const int j = defaultFreeJoint(probe);
    const int samples = 121;
    std::mt19937 rng(31);
    Eigen::VectorXd q0 = randomWithin(probe, rng);
    const LinkSpec& l = spec.links[j];
    const double step = (l.qMax - l.qMin) / (samples - 1);
    q0(j) = l.qMin + 47 * step;  // on the grid
    const Model model(spec);
    const Eigen::Matrix4d pose = toolPose(model, q0);
    const SelfMotion sm = selfMotion(model, pose, j, samples);
    ASSERT_FALSE(sm.curves.empty()) << sm.reason;
    int points = 0;
    double worst = 0.0, largest = 0.0;
    bool generator = false;
    for (const SelfMotionCurve& c : sm.curves) {
      for (std::size_t k = 0; k < c.q.size(); ++k) {
        worst = std::max(worst, poseMiss(model, pose, c.q[k]));
        EXPECT_EQ(c.q[k](j), c.value[k]);
        if (k > 0) {
          EXPECT_NEAR(c.value[k] - c.value[k - 1], sm.step, 1e-9);
          double d = 0.0;
          for (int i = 0; i < 7; ++i) d = std::max(d, std::abs(wrapToPi(c.q[k](i) - c.q[k - 1](i))));
          largest = std::max(largest, d);
        }
        generator = generator || (c.q[k] - q0).cwiseAbs().maxCoeff() < 1e-7;
        ++points;
      }
    }
    int expected = 0;
    for (int k = 0; k < samples; ++k)
      expected += static_cast<int>(
          freeJointInverseKinematics(model, pose, j, k + 1 == samples ? l.qMax : l.qMin + k * step).solutions.size());
    EXPECT_EQ(points, expected);
    EXPECT_LT(worst, 1e-10);
    EXPECT_LE(largest, std::max(0.2, 20 * step));
    EXPECT_TRUE(generator);
    std::printf("%s: %zu curves, %d points over %d samples of joint %d, largest step %.3g deg, worst pose error %.2g\n",
                spec.name.c_str(), sm.curves.size(), points, samples, j + 1, largest * 180 / M_PI, worst);
  }
}

TEST(FreeJointIk, BadFreeJointsAreRefusedWithTheReason) {
  const Model model(iiwa14());
  const Eigen::Matrix4d pose = toolPose(model, Eigen::VectorXd::Constant(7, 0.3));
  EXPECT_THROW(freeJointInverseKinematics(model, pose, 7, 0.0), std::invalid_argument);
  EXPECT_THROW(freeJointInverseKinematics(model, pose, 2, std::nan("")), std::invalid_argument);
  const FreeJointIk outside = freeJointInverseKinematics(model, pose, 6, 3.2);  // limit 175 deg
  EXPECT_FALSE(outside.applicable);
  EXPECT_NE(outside.reason.find("outside its limits"), std::string::npos) << outside.reason;
  const Model six(test::pumaSpec());
  EXPECT_THROW(freeJointInverseKinematics(six, pose, 0, 0.0), std::invalid_argument);
  EXPECT_EQ(defaultFreeJoint(six), -1);
}

}  // namespace
}  // namespace armdyn
