// Singular instants along a joint trajectory: a wrist that turns through theta5 = 0, an elbow
// that stretches through its singularity, a pause on a singular pose, and a regular path. The
// reference instants come from forward kinematics alone (finite-difference Jacobian of the
// wrist centre, and theta5 itself), not from the Jacobian code under test.
#include "kinematics/forward_kinematics.h"
#include "kinematics/path_singularities.h"
#include "kinematics_fixtures.h"

#include <Eigen/LU>
#include <gtest/gtest.h>

namespace armdyn {
namespace {

// Linear joint motion from a to b over [0, 1] s in `samples` samples.
void linearPath(const Eigen::VectorXd& a, const Eigen::VectorXd& b, int samples, std::vector<double>& t, Eigen::MatrixXd& q) {
  t.resize(static_cast<std::size_t>(samples));
  q.resize(samples, a.size());
  for (int k = 0; k < samples; ++k) {
    const double s = static_cast<double>(k) / (samples - 1);
    t[static_cast<std::size_t>(k)] = s;
    q.row(k) = (a + s * (b - a)).transpose();
  }
}

// det of the wrist centre's finite-difference Jacobian with respect to q1..q3 (h = 1e-6).
double wristCentreDet(const Model& model, const Eigen::VectorXd& q) {
  const auto centre = [&](const Eigen::VectorXd& x) {
    LinkFrameArray frames;
    forwardKinematics(model, x, frames.data());
    return Eigen::Vector3d(frames[4].topRightCorner<3, 1>());
  };
  Eigen::Matrix3d J;
  for (int i = 0; i < 3; ++i) {
    Eigen::VectorXd p = q, m = q;
    p(i) += 1e-6;
    m(i) -= 1e-6;
    J.col(i) = (centre(p) - centre(m)) / 2e-6;
  }
  return J.determinant();
}

TEST(PathSingularities, WristTurningThroughTheta5ZeroIsOneWristCrossing) {
  const Model puma(test::pumaSpec());  // Corke's DH: theta offsets 0, so theta5 = q5
  Eigen::VectorXd a(6), b(6);
  a << 0.3, -0.5, 0.4, 0.2, -0.4, 0.1;
  b << 0.5, -0.3, 0.2, 0.6, 0.4, -0.3;  // q5 = 0 at s = 0.5
  std::vector<double> t;
  Eigen::MatrixXd q;
  linearPath(a, b, 11, t, q);
  const PathKinematics p = analyzePath(puma, t, q);
  ASSERT_EQ(p.instants.size(), 1u);
  EXPECT_EQ(p.instants[0].kind, Singularity::Wrist);
  EXPECT_TRUE(p.instants[0].crossing);
  EXPECT_NEAR(p.instants[0].t, 0.5, 1e-8);
  EXPECT_NEAR(p.instants[0].q(4), 0.0, 1e-8);
  // Sample at s = 0.5 exactly on it: det J22 = 0 there, the crossing is still one instant.
  linearPath(a, b, 21, t, q);
  const PathKinematics on = analyzePath(puma, t, q);
  ASSERT_GE(on.instants.size(), 1u);
  EXPECT_EQ(on.instants[0].kind, Singularity::Wrist);
  EXPECT_NEAR(on.instants[0].t, 0.5, 1e-8);
  EXPECT_EQ(on.instants.size(), 1u);
  for (std::size_t k = 0; k < t.size(); ++k)
    EXPECT_NEAR(on.detJ[k], on.detJ11[k] * on.detJ22[k], 1e-12);
}

TEST(PathSingularities, ElbowStretchingThroughItsSingularityAgreesWithForwardKinematics) {
  const Model puma(test::pumaSpec());
  Eigen::VectorXd a(6), b(6);
  a << 0.2, 0.3, 0.0, 0.3, 0.8, 0.1;
  // Where the arm is singular along q3 (the stretched elbow), from forward kinematics alone:
  // the first sign change of the wrist centre's finite-difference determinant over a turn.
  double q3 = -M_PI;
  const auto detAt = [&](double x) {
    Eigen::VectorXd c = a;
    c(2) = x;
    return wristCentreDet(puma, c);
  };
  while (q3 < M_PI && (detAt(q3) < 0.0) == (detAt(q3 + 0.05) < 0.0)) q3 += 0.05;
  ASSERT_LT(q3, M_PI);
  a(2) = q3 - 0.3;
  b = a;
  b(2) = q3 + 0.35;  // q3 sweeps across it
  std::vector<double> t;
  Eigen::MatrixXd q;
  linearPath(a, b, 16, t, q);
  const PathKinematics p = analyzePath(puma, t, q);
  ASSERT_EQ(p.instants.size(), 1u);
  EXPECT_EQ(p.instants[0].kind, Singularity::Arm);
  // Reference: the zero of the finite-difference wrist-centre determinant, by bisection.
  double lo = 0.0, hi = 1.0;
  const auto at = [&](double s) { return wristCentreDet(puma, a + s * (b - a)); };
  ASSERT_NE(at(lo) < 0.0, at(hi) < 0.0);
  for (int it = 0; it < 60; ++it) {
    const double mid = 0.5 * (lo + hi);
    if ((at(mid) < 0.0) == (at(lo) < 0.0)) lo = mid;
    else hi = mid;
  }
  // Tolerance: the FD determinant's error (h^2 ~ 1e-12 relative) moves its zero by ~1e-9.
  EXPECT_NEAR(p.instants[0].t, 0.5 * (lo + hi), 1e-7);
}

TEST(PathSingularities, PauseOnASingularPoseIsOneTouchingInstantAndARegularPathHasNone) {
  const Model puma(test::pumaSpec());
  Eigen::VectorXd a(6), b(6);
  a << 0.3, -0.5, 0.4, 0.2, -0.4, 0.1;
  b << 0.5, -0.3, 0.2, 0.6, 0.0, -0.3;  // ends with theta5 = 0
  std::vector<double> t;
  Eigen::MatrixXd q;
  linearPath(a, b, 11, t, q);
  // Three more samples held at the end (a pause).
  Eigen::MatrixXd held(14, 6);
  held.topRows(11) = q;
  for (int k = 11; k < 14; ++k) {
    held.row(k) = q.row(10);
    t.push_back(1.0 + 0.1 * (k - 10));
  }
  const PathKinematics p = analyzePath(puma, t, held);
  ASSERT_EQ(p.instants.size(), 1u);
  EXPECT_FALSE(p.instants[0].crossing);
  EXPECT_EQ(p.instants[0].kind, Singularity::Wrist);
  EXPECT_DOUBLE_EQ(p.instants[0].t, 1.0);
  b(4) = -0.1;
  linearPath(a, b, 11, t, q);
  const PathKinematics regular = analyzePath(puma, t, q);
  EXPECT_TRUE(regular.instants.empty());
  EXPECT_GT(regular.minManipulability, 0.0);
  EXPECT_THROW(analyzePath(puma, {0.0, 0.0}, Eigen::MatrixXd::Zero(2, 6)), std::invalid_argument);
  EXPECT_THROW(analyzePath(puma, {0.0}, Eigen::MatrixXd::Zero(1, 5)), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
