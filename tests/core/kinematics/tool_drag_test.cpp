// Drag-to-jog's kinematics (kinematics/tool_drag.h) against independent answers: the handle
// geometry against brute-force minimisation and constructed rays; the dragged tool pose by
// forward kinematics (1e-9 m and rad: the closed form is exact to rounding); the branch against
// a second formulation (damped least squares walked along the same straight path in 0.5 mm
// steps from q0); a wrist singularity, the joint limits and the reach refused with why.

#include "io/robot_file.h"
#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/tool_drag.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <memory>
#include <random>

namespace armdyn {
namespace {

Eigen::Vector3d randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> g;
  return Eigen::Vector3d(g(rng), g(rng), g(rng)).normalized();
}

// A ray from an eye 3 m away through `target`.
Ray rayThrough(const Eigen::Vector3d& eye, const Eigen::Vector3d& target) {
  return {eye, (target - eye).normalized()};
}

std::shared_ptr<const Model> library(const std::string& file) {
  return std::make_shared<const Model>(loadRobot(test::sourcePath("robots/" + file)));
}

TEST(ToolDragGeometry, NearestPointOnTheAxisMatchesABruteForceSearch) {
  std::mt19937 rng(27);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 200; ++k) {
    const Ray ray{Eigen::Vector3d(u(rng), u(rng), u(rng)) * 3.0, randomUnit(rng)};
    const Eigen::Vector3d centre(u(rng), u(rng), u(rng)), axis = randomUnit(rng);
    double t = 0.0;
    ASSERT_TRUE(nearestOnAxis(ray, centre, axis, t));
    // The distance from centre + t axis to the ray's line is smallest at t: golden-section search.
    const auto distance = [&](double s) {
      const Eigen::Vector3d p = centre + s * axis - ray.origin;
      return (p - p.dot(ray.direction) * ray.direction).norm();
    };
    double a = t - 50.0, b = t + 50.0;
    for (int i = 0; i < 200; ++i) {
      const double m1 = a + (b - a) * 0.382, m2 = a + (b - a) * 0.618;
      (distance(m1) < distance(m2) ? b : a) = distance(m1) < distance(m2) ? m2 : m1;
    }
    EXPECT_NEAR(t, 0.5 * (a + b), 1e-6 * (1.0 + std::abs(t)));
  }
  // Edge-on: a ray along the axis has no nearest point.
  double t = 0.0;
  EXPECT_FALSE(nearestOnAxis({Eigen::Vector3d(0, 0, 5), Eigen::Vector3d(0, 0, -1)}, Eigen::Vector3d::Zero(),
                             Eigen::Vector3d::UnitZ(), t));
}

TEST(ToolDragGeometry, PlaneHitAndSweptAngleFromConstructedPoints) {
  std::mt19937 rng(28);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 200; ++k) {
    const Eigen::Vector3d centre(u(rng), u(rng), u(rng)), axis = randomUnit(rng);
    const Eigen::Vector3d radial = axis.unitOrthogonal() * (0.1 + std::abs(u(rng)));
    const double angle = M_PI * u(rng);
    const Eigen::Vector3d from = centre + radial;
    const Eigen::Vector3d to = centre + Eigen::AngleAxisd(angle, axis) * radial;
    const Eigen::Vector3d eye = centre + 3.0 * axis + Eigen::Vector3d(u(rng), u(rng), u(rng));
    Eigen::Vector3d hitFrom, hitTo;
    ASSERT_TRUE(onPlane(rayThrough(eye, from), centre, axis, hitFrom));
    ASSERT_TRUE(onPlane(rayThrough(eye, to), centre, axis, hitTo));
    EXPECT_LT((hitFrom - from).norm(), 1e-12);
    EXPECT_LT((hitTo - to).norm(), 1e-12);
    EXPECT_NEAR(sweptAngle(hitFrom - centre, hitTo - centre, axis), angle, 1e-12);
  }
  Eigen::Vector3d p;
  EXPECT_FALSE(onPlane({Eigen::Vector3d(0, 0, 1), Eigen::Vector3d::UnitX()}, Eigen::Vector3d::Zero(),
                       Eigen::Vector3d::UnitZ(), p))
      << "a ray along the plane meets it nowhere";
  EXPECT_FALSE(onPlane({Eigen::Vector3d(0, 0, 1), Eigen::Vector3d::UnitZ()}, Eigen::Vector3d::Zero(),
                       Eigen::Vector3d::UnitZ(), p))
      << "the plane is behind the eye";
}

// The PUMA's tool dragged 10 cm along x by a ray through the point 10 cm further: the new pose by
// forward kinematics, the branch by damped least squares walked along the same line, and back.
TEST(ToolDrag, PumaToolDraggedTenCentimetresAlongX) {
  const auto model = library("puma560.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.3, -0.6, 0.4, 0.5, 0.8, -0.2;  // degrees far from every singularity
  const Eigen::Matrix4d T0 = toolPose(*model, q0);
  const Eigen::Vector3d p0 = T0.block<3, 1>(0, 3), eye = p0 + Eigen::Vector3d(0.4, -2.5, 1.2);
  const Eigen::Vector3d grabAt = p0 + Eigen::Vector3d(0.05, 0, 0);  // on the handle's arrow
  ToolDrag drag(model, q0, DragGrab(DragHandle::Translate, 0), rayThrough(eye, grabAt));
  // The mouse on its way in a few moves, as events arrive.
  for (double x : {0.02, 0.06, 0.1}) drag.moveTo(rayThrough(eye, grabAt + Eigen::Vector3d(x, 0.01, -0.02)));
  const DragStep step = drag.moveTo(rayThrough(eye, grabAt + Eigen::Vector3d(0.1, 0, 0)));
  EXPECT_TRUE(step.reason.empty()) << step.reason;
  const Eigen::Matrix4d T1 = toolPose(*model, step.q);
  EXPECT_LT((T1.block<3, 1>(0, 3) - (p0 + Eigen::Vector3d(0.1, 0, 0))).norm(), 1e-9)
      << "the tool moves along x only (the moves on the way went off the axis)";
  EXPECT_LT((T1.block<3, 3>(0, 0) - T0.block<3, 3>(0, 0)).norm(), 1e-9) << "and keeps its orientation";
  EXPECT_LT((drag.reached() - T1).norm(), 1e-12);
  // The same branch as following the line continuously (second formulation).
  Eigen::VectorXd q = q0;
  for (int k = 1; k <= 200; ++k) {
    Eigen::Matrix4d T = T0;
    T(0, 3) += 0.1 * k / 200.0;
    DlsOptions options;
    options.randomStarts = 0;
    const DlsResult dls = solveDampedLeastSquares(*model, T, q, options);
    ASSERT_TRUE(dls.converged) << k;
    q = dls.q;
  }
  EXPECT_TRUE(sameJointValues(*model, q, step.q) || (q - step.q).cwiseAbs().maxCoeff() < 1e-7)
      << "walked " << q.transpose() << "\ndragged " << step.q.transpose();
  // Back to the grab: the start, exactly.
  const DragStep back = drag.moveTo(rayThrough(eye, grabAt));
  EXPECT_LT((back.q - q0).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(ToolDrag, PlaneDragFollowsTheMouseAndRotationTurnsAboutTheToolOrigin) {
  const auto model = library("ur5.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.2, -1.2, 1.4, -1.6, -1.5, 0.3;
  const Eigen::Matrix4d T0 = toolPose(*model, q0);
  const Eigen::Vector3d p0 = T0.block<3, 1>(0, 3), eye = p0 + Eigen::Vector3d(1.5, -2.0, 1.0);
  const Eigen::Vector3d normal = (eye - p0).normalized();
  ToolDrag plane(model, q0, DragGrab(DragHandle::TranslatePlane, 0, normal), rayThrough(eye, p0));
  const Eigen::Vector3d shift = (Eigen::Vector3d(0.0, 0.05, 0.04) - normal.dot(Eigen::Vector3d(0.0, 0.05, 0.04)) * normal);
  const DragStep moved = plane.moveTo(rayThrough(eye, p0 + shift));
  EXPECT_TRUE(moved.reason.empty()) << moved.reason;
  EXPECT_LT((toolPose(*model, moved.q).block<3, 1>(0, 3) - (p0 + shift)).norm(), 1e-9);

  // Rotate about base z by 30 degrees: grab on the ring, let go 30 degrees further round.
  const Eigen::Vector3d radial(0.08, 0.0, 0.0), above = p0 + Eigen::Vector3d(0.3, -0.6, 1.5);
  ToolDrag turn(model, q0, DragGrab(DragHandle::Rotate, 2), rayThrough(above, p0 + radial));
  DragStep turned;
  for (int deg = 5; deg <= 30; deg += 5)
    turned = turn.moveTo(rayThrough(above, p0 + Eigen::AngleAxisd(deg * M_PI / 180.0, Eigen::Vector3d::UnitZ()) * radial));
  EXPECT_TRUE(turned.reason.empty()) << turned.reason;
  const Eigen::Matrix4d T1 = toolPose(*model, turned.q);
  const Eigen::Matrix3d expected = Eigen::AngleAxisd(M_PI / 6.0, Eigen::Vector3d::UnitZ()).toRotationMatrix() * T0.block<3, 3>(0, 0);
  EXPECT_LT((T1.block<3, 3>(0, 0) - expected).norm(), 1e-9);
  EXPECT_LT((T1.block<3, 1>(0, 3) - p0).norm(), 1e-9) << "the tool turns about its own origin";
  EXPECT_NEAR(turn.angle(), M_PI / 6.0, 1e-12);
}

// The wrist near q5 = 0: turning the tool about the axis normal to joints 4 and 5 sends q4 and q6
// round fast; the drag stops there and says so, the arm at its last good step.
TEST(ToolDrag, StopsAtTheWristSingularityWithAMessage) {
  const auto model = library("puma560.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.0, -0.5, 0.5, 0.0, 0.5 * M_PI / 180.0, 0.0;
  const std::vector<Eigen::Matrix4d> frames = linkFrames(*model, q0);
  const Eigen::Vector3d n = frames[3].block<3, 1>(0, 2).cross(frames[4].block<3, 1>(0, 2)).normalized();
  int axis = 0;
  n.cwiseAbs().maxCoeff(&axis);
  ASSERT_GT(std::abs(n(axis)), 0.99) << "the test pose puts that axis along a base axis: " << n.transpose();
  const Eigen::Vector3d p0 = toolPose(*model, q0).block<3, 1>(0, 3);
  const Eigen::Vector3d u = Eigen::Vector3d::Unit(axis).unitOrthogonal() * 0.1;
  const Eigen::Vector3d eye = p0 + 2.0 * Eigen::Vector3d::Unit(axis) + 0.3 * u.normalized().cross(Eigen::Vector3d::Unit(axis));
  ToolDrag drag(model, q0, DragGrab(DragHandle::Rotate, axis), rayThrough(eye, p0 + u));
  const DragStep step = drag.moveTo(rayThrough(eye, p0 + Eigen::AngleAxisd(0.2, Eigen::Vector3d::Unit(axis)) * u));
  EXPECT_NE(step.reason.find("near a singularity: joint"), std::string::npos) << step.reason;
  // The arm is at the last good step: on the way, short of the target, its pose a true rotation.
  const Eigen::Matrix4d T = toolPose(*model, step.q);
  EXPECT_LT((T.block<3, 1>(0, 3) - p0).norm(), 1e-9);
  const Eigen::AngleAxisd turned(Eigen::Matrix3d(T.block<3, 3>(0, 0) * toolPose(*model, q0).block<3, 3>(0, 0).transpose()));
  EXPECT_LT(turned.angle(), 0.2);
  EXPECT_TRUE(drag.joints() == step.q);
}

// A joint's ring: joint 2 turned by the angle swept round its axis, the others still; held at its
// limit with a message past it.
TEST(ToolDrag, JointRingTurnsOneJointAndHoldsItAtItsLimit) {
  const auto model = library("puma560.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.3, -0.6, 0.4, 0.5, 0.8, -0.2;
  const std::vector<Eigen::Matrix4d> frames = linkFrames(*model, q0);
  const Eigen::Vector3d c = frames[1].block<3, 1>(0, 3), z = frames[1].block<3, 1>(0, 2);
  const Eigen::Vector3d radial = z.unitOrthogonal() * 0.15, eye = c + 2.5 * z + 0.2 * radial;
  ToolDrag drag(model, q0, DragGrab(DragHandle::Joint, 1), rayThrough(eye, c + radial));
  DragStep step;
  for (int deg = 10; deg <= 20; deg += 10)
    step = drag.moveTo(rayThrough(eye, c + Eigen::AngleAxisd(deg * M_PI / 180.0, z) * radial));
  EXPECT_TRUE(step.moved);
  EXPECT_TRUE(step.reason.empty()) << step.reason;
  Eigen::VectorXd expected = q0;
  expected(1) += 20.0 * M_PI / 180.0;
  EXPECT_LT((step.q - expected).cwiseAbs().maxCoeff(), 1e-12);
  // Round past the limit in steps of 30 degrees: held there, and said.
  const double limit = model->spec().links[1].qMax;
  for (int deg = 30; deg <= 330; deg += 30)
    step = drag.moveTo(rayThrough(eye, c + Eigen::AngleAxisd(deg * M_PI / 180.0, z) * radial));
  EXPECT_DOUBLE_EQ(step.q(1), limit);
  EXPECT_NE(step.reason.find("joint 2 is at its limit"), std::string::npos) << step.reason;
}

TEST(ToolDrag, PrismaticJointSlidesAlongItsAxis) {
  const auto model = library("stanford_rrprrr.yaml");
  Eigen::VectorXd q0 = model->home();
  const LinkSpec& l = model->spec().links[2];
  q0(2) = 0.5 * (l.qMin + l.qMax);
  const std::vector<Eigen::Matrix4d> frames = linkFrames(*model, q0);
  const Eigen::Vector3d c = frames[2].block<3, 1>(0, 3), z = frames[2].block<3, 1>(0, 2);
  const Eigen::Vector3d eye = c + 2.0 * z.unitOrthogonal() + 0.5 * z;
  ToolDrag drag(model, q0, DragGrab(DragHandle::Joint, 2), rayThrough(eye, c));
  const DragStep step = drag.moveTo(rayThrough(eye, c + 0.05 * z));
  EXPECT_NEAR(step.q(2) - q0(2), 0.05, 1e-12);
  EXPECT_LT((step.q - q0).cwiseAbs().maxCoeff(), 0.05 + 1e-12);
}

// A seven-joint arm has no closed form here: damped least squares from the last step follows.
TEST(ToolDrag, PandaFollowsByDampedLeastSquares) {
  const auto model = library("panda.yaml");
  Eigen::VectorXd q0(7);
  q0 << 0.0, -0.3, 0.0, -2.2, 0.0, 2.0, 0.8;
  const Eigen::Matrix4d T0 = toolPose(*model, q0);
  const Eigen::Vector3d p0 = T0.block<3, 1>(0, 3), eye = p0 + Eigen::Vector3d(0.5, 2.5, 0.8);
  ToolDrag drag(model, q0, DragGrab(DragHandle::Translate, 2), rayThrough(eye, p0));
  const DragStep step = drag.moveTo(rayThrough(eye, p0 + Eigen::Vector3d(0, 0, 0.05)));
  EXPECT_TRUE(step.reason.empty()) << step.reason;
  const Eigen::Matrix4d T1 = toolPose(*model, step.q);
  EXPECT_LT((T1.block<3, 1>(0, 3) - p0 - Eigen::Vector3d(0, 0, 0.05)).norm(), 1e-9);
  EXPECT_LT((T1.block<3, 3>(0, 0) - T0.block<3, 3>(0, 0)).norm(), 1e-9);
}

// Out of reach: the arm stops at the last step it could reach, and says why.
TEST(ToolDrag, BeyondTheReachStopsAtTheLastReachableStep) {
  const auto model = library("puma560.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.3, -0.6, 0.4, 0.5, 0.8, -0.2;
  const Eigen::Vector3d p0 = toolPose(*model, q0).block<3, 1>(0, 3), eye = p0 + Eigen::Vector3d(0.3, -3.0, 0.5);
  ToolDrag drag(model, q0, DragGrab(DragHandle::Translate, 0), rayThrough(eye, p0));
  const DragStep step = drag.moveTo(rayThrough(eye, p0 + Eigen::Vector3d(3.0, 0, 0)));
  EXPECT_FALSE(step.reason.empty());
  EXPECT_TRUE(step.moved) << "it went as far as it could";
  const double reached = toolPose(*model, step.q)(0, 3) - p0(0);
  EXPECT_GT(reached, 0.1);
  EXPECT_LT(reached, 3.0);
  EXPECT_THROW(ToolDrag(model, Eigen::VectorXd(3), {}, rayThrough(eye, p0)), std::invalid_argument);
  EXPECT_THROW(ToolDrag(model, q0, DragGrab(DragHandle::Joint, 6), rayThrough(eye, p0)), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
