// Drag-to-jog's kinematics (kinematics/tool_drag.h) against independent answers: the handle
// geometry against brute-force minimisation and constructed rays; the dragged tool pose by
// forward kinematics (1e-9 m and rad: the closed form is exact to rounding); the branch against
// a second formulation (damped least squares walked along the same straight path in 0.5 mm
// steps from q0); a wrist singularity, the joint limits and the reach refused with why.

#include "io/robot_file.h"
#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/ray_geometry.h"
#include "kinematics/tool_drag.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <gtest/gtest.h>
#include <cmath>
#include <limits>
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

// The sense of the turn in StopsAtTheWristSingularityWithAMessage that takes q5 towards 0.
constexpr double kSingularTurnSense = -1.0;

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

// The teach panel's jog buttons (ToolDrag::jog + moveBy): the UR5 jogged 10 mm along x and 5 deg
// about z from a pose whose wrist the family's default configuration would flip (the Studio
// walkthrough: q4 -91.9 -> 96.1 deg, q5 -90 -> 90 deg). The tool lands on joggedPose's target
// (forward kinematics, 1e-9), the joints stay on the branch: the same as following the path
// continuously by damped least squares in 200 steps (second formulation, 1e-7 rad), and they
// move little (under 3 deg for 10 mm, under 10 deg for the 5 deg turn).
TEST(ToolDrag, JogKeepsTheBranchTheArmIsIn) {
  const auto model = library("ur5.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.4, -1.2, 1.5, -1.6037, -1.5708, 0.1359;
  for (const int axis : {0, 5}) {
    SCOPED_TRACE(axis);
    const double delta = axis < 3 ? 0.01 : 5.0 * M_PI / 180.0;
    ToolDrag drag = ToolDrag::jog(model, q0, axis < 3 ? DragHandle::Translate : DragHandle::Rotate, axis % 3);
    const DragStep step = drag.moveBy(delta);
    ASSERT_TRUE(step.reason.empty()) << step.reason;
    ASSERT_TRUE(step.moved);
    const Eigen::Matrix4d target = joggedPose(toolPose(*model, q0), axis, delta);
    EXPECT_LT((toolPose(*model, step.q) - target).norm(), 1e-9);
    Eigen::VectorXd q = q0;
    for (int k = 1; k <= 200; ++k) {
      DlsOptions options;
      options.randomStarts = 0;
      const Eigen::Matrix4d T = joggedPose(toolPose(*model, q0), axis, delta * k / 200.0);
      const DlsResult dls = solveDampedLeastSquares(*model, T, q, options);
      ASSERT_TRUE(dls.converged) << k;
      q = dls.q;
    }
    EXPECT_LT((q - step.q).cwiseAbs().maxCoeff(), 1e-7)
        << "walked " << q.transpose() << "\njogged " << step.q.transpose();
    // A flipped wrist moves joints by about 180 deg; a turn of 5 deg about z turns the waist about 5 deg.
    EXPECT_LT((step.q - q0).cwiseAbs().maxCoeff(), (axis < 3 ? 3.0 : 10.0) * M_PI / 180.0);
  }
  // Refused, moving nothing: a turn on a three-joint arm, a jog of more than 1 m at once, a
  // handle that is not an axis, a distance not finite.
  const auto rrr = library("vora_rrr.yaml");
  ToolDrag turn = ToolDrag::jog(rrr, Eigen::Vector3d(0.1, 0.2, 0.3), DragHandle::Rotate, 2);
  const DragStep refused = turn.moveBy(0.1);
  EXPECT_FALSE(refused.moved);
  EXPECT_NE(refused.reason.find("cannot set the tool's orientation"), std::string::npos) << refused.reason;
  ToolDrag far = ToolDrag::jog(model, q0, DragHandle::Translate, 1);
  EXPECT_EQ(far.moveBy(1.5).reason, "the jog is too long for one step (more than 1000 mm or 500 deg)");
  EXPECT_EQ(far.joints(), q0);
  EXPECT_THROW(ToolDrag::jog(model, q0, DragHandle::Joint, 1), std::invalid_argument);
  EXPECT_THROW(ToolDrag::jog(model, q0, DragHandle::Translate, 3), std::invalid_argument);
  EXPECT_THROW(far.moveBy(std::nan("")), std::invalid_argument);
  // A jog has no grab point: the mouse cannot move it (the tool would jump to the origin's ray).
  EXPECT_THROW(far.moveTo(Ray{Eigen::Vector3d(0, -3, 0), Eigen::Vector3d::UnitY()}), std::invalid_argument);
}

// joggedPose: along an axis the position alone moves by the step; about base z Vora's roll phi
// grows by the step (Rz premultiplies Rz(phi) Ry(theta) Rx(psi)), the rest unchanged.
TEST(ToolDrag, JoggedPoseMovesAlongAndTurnsAboutTheBaseAxes) {
  const Eigen::Matrix4d T = poseFromXyzRpy(Eigen::Vector3d(0.3, -0.2, 0.5), Eigen::Vector3d(0.2, -0.4, 0.7));
  for (int axis = 0; axis < 3; ++axis) {
    const Eigen::Matrix4d J = joggedPose(T, axis, 0.01);
    Eigen::Matrix4d expected = T;
    expected(axis, 3) += 0.01;
    EXPECT_EQ(J, expected);
  }
  const Vector6d before = xyzRpyFromPose(T), after = xyzRpyFromPose(joggedPose(T, 5, 0.1));
  Vector6d expected = before;
  expected(3) += 0.1;
  EXPECT_LT((after - expected).cwiseAbs().maxCoeff(), 1e-12);
  // About base x: R' = Rx(d) R, checked column by column against Rodrigues' formula.
  const double d = 0.3;
  const Eigen::Matrix4d X = joggedPose(T, 3, d);
  for (int c = 0; c < 3; ++c) {
    const Eigen::Vector3d v = T.block<3, 1>(0, c), e = Eigen::Vector3d::UnitX();
    const Eigen::Vector3d r = v * std::cos(d) + e.cross(v) * std::sin(d) + e * e.dot(v) * (1.0 - std::cos(d));
    EXPECT_LT((X.block<3, 1>(0, c) - r).norm(), 1e-15);
  }
  EXPECT_THROW(joggedPose(T, 6, 0.1), std::invalid_argument);
  EXPECT_THROW(joggedPose(T, -1, 0.1), std::invalid_argument);
  EXPECT_THROW(joggedPose(T, 0, std::numeric_limits<double>::infinity()), std::invalid_argument);
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

  // Shift on the z arrow, seen from straight above: the mouse swept 30 degrees round the tool
  // as seen turns the tool 30 degrees about base z.
  const Eigen::Vector3d radial(0.08, 0.0, 0.0), above = p0 + Eigen::Vector3d(0.0, 0.0, 1.5);
  ToolDrag turn(model, q0, DragGrab(DragHandle::Rotate, 2, Eigen::Vector3d::UnitZ()), rayThrough(above, p0 + radial));
  DragStep turned;
  for (int deg = 5; deg <= 30; deg += 5)
    turned = turn.moveTo(rayThrough(above, p0 + Eigen::AngleAxisd(deg * M_PI / 180.0, Eigen::Vector3d::UnitZ()) * radial));
  EXPECT_TRUE(turned.reason.empty()) << turned.reason;
  const Eigen::Matrix4d T1 = toolPose(*model, turned.q);
  const Eigen::Matrix3d expected = Eigen::AngleAxisd(M_PI / 6.0, Eigen::Vector3d::UnitZ()).toRotationMatrix() * T0.block<3, 3>(0, 0);
  EXPECT_LT((T1.block<3, 3>(0, 0) - expected).norm(), 1e-9);
  EXPECT_LT((T1.block<3, 1>(0, 3) - p0).norm(), 1e-9) << "the tool turns about its own origin";
  EXPECT_NEAR(turn.angle(), M_PI / 6.0, 1e-12);
  // Seen from below (the axis pointing away from the eye) the same sweep on screen turns the
  // other way: the sense follows the axis, as a user sees the arrow.
  const Eigen::Vector3d below = p0 - Eigen::Vector3d(0.0, 0.0, 1.5);
  ToolDrag under(model, q0, DragGrab(DragHandle::Rotate, 2, -Eigen::Vector3d::UnitZ()), rayThrough(below, p0 + radial));
  under.moveTo(rayThrough(below, p0 + Eigen::AngleAxisd(M_PI / 18.0, Eigen::Vector3d::UnitZ()) * radial));
  EXPECT_NEAR(under.angle(), M_PI / 18.0, 1e-12) << "a turn about +z is a turn about +z from either side";
}

// The wrist singularity (q5 = 0): the PUMA's tool turned about joint 5's axis as it was at q4 = 0
// while q4 = 5 deg: the tool's z swings past joint 4's axis at a small distance, where q4 and q6
// must spin. The arm follows the first part of the turn, then stops there and says why; the pose
// it stops at is the start turned about that axis (a true rotation, origin still), with q5 small.
TEST(ToolDrag, StopsAtTheWristSingularityWithAMessage) {
  const auto model = library("puma560.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.0, -0.5, 0.5, 5.0 * M_PI / 180.0, 20.0 * M_PI / 180.0, 0.0;
  Eigen::VectorXd q4zero = q0;
  q4zero(3) = 0.0;
  const Eigen::Vector3d b = linkFrames(*model, q4zero)[4].block<3, 1>(0, 2);
  int axis = 0;
  b.cwiseAbs().maxCoeff(&axis);
  ASSERT_GT(std::abs(b(axis)), 1.0 - 1e-9) << "joint 5's axis at q4 = 0 along a base axis: " << b.transpose();
  const Eigen::Vector3d along = b(axis) > 0 ? Eigen::Vector3d::Unit(axis) : Eigen::Vector3d(-Eigen::Vector3d::Unit(axis));
  const Eigen::Matrix4d T0 = toolPose(*model, q0);
  const Eigen::Vector3d p0 = T0.block<3, 1>(0, 3), eye = p0 + 1.5 * along, radial = along.unitOrthogonal() * 0.1;
  ToolDrag drag(model, q0, DragGrab(DragHandle::Rotate, axis, along), rayThrough(eye, p0 + radial));
  DragStep step;
  bool moved = false;
  const double sense = kSingularTurnSense;  // the way that takes q5 towards 0 (found once, see below)
  for (int deg = 2; deg <= 60 && step.reason.empty(); deg += 2) {
    step = drag.moveTo(rayThrough(eye, p0 + Eigen::AngleAxisd(sense * deg * M_PI / 180.0, along) * radial));
    moved = moved || step.moved;
  }
  EXPECT_TRUE(moved) << "the arm followed the first part of the turn";
  EXPECT_NE(step.reason.find("near a singularity: joint"), std::string::npos) << step.reason;
  const Eigen::Matrix4d T = toolPose(*model, step.q);
  EXPECT_LT((T.block<3, 1>(0, 3) - p0).norm(), 1e-9);
  const Eigen::AngleAxisd turned(Eigen::Matrix3d(T.block<3, 3>(0, 0) * T0.block<3, 3>(0, 0).transpose()));
  EXPECT_GT(turned.angle(), 2.0 * M_PI / 180.0);
  EXPECT_LT(turned.angle(), 60.0 * M_PI / 180.0);
  EXPECT_GT(std::abs(turned.axis().dot(Eigen::Vector3d::Unit(axis))), 1.0 - 1e-9) << "about the handle's axis";
  EXPECT_LT(std::abs(step.q(4)), 10.0 * M_PI / 180.0) << "stopped near q5 = 0";
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
  for (int i : {0, 1, 3, 4, 5}) EXPECT_EQ(step.q(i), q0(i)) << "joint " << i + 1 << " stays";
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
  const DragStep step = drag.moveTo(rayThrough(eye, p0 + Eigen::Vector3d(0.9, 0, 0)));
  EXPECT_NE(step.reason.find("reach"), std::string::npos) << step.reason;
  EXPECT_TRUE(step.moved) << "it went as far as it could";
  const Eigen::Matrix4d T = toolPose(*model, step.q), T0 = toolPose(*model, q0);
  const double reached = T(0, 3) - p0(0);
  EXPECT_GT(reached, 0.1);
  EXPECT_LT(reached, 0.9);
  EXPECT_LT(std::abs(T(1, 3) - p0(1)) + std::abs(T(2, 3) - p0(2)), 1e-9) << "still on the x line";
  EXPECT_LT((T.block<3, 3>(0, 0) - T0.block<3, 3>(0, 0)).norm(), 1e-9) << "orientation kept";
  EXPECT_LT((drag.reached() - T).norm(), 1e-12);
  // Dragged back within reach: it follows again, back to the start exactly.
  const DragStep back = drag.moveTo(rayThrough(eye, p0));
  EXPECT_TRUE(back.reason.empty()) << back.reason;
  EXPECT_LT((back.q - q0).cwiseAbs().maxCoeff(), 1e-9);
  // Too far in one move (3 m, 1500 sub-steps), a ray that is not a unit vector, bad handles.
  EXPECT_EQ(drag.moveTo(rayThrough(eye, p0 + Eigen::Vector3d(3.0, 0, 0))).reason,
            "the mouse moved too far at once (more than 1000 mm or 500 deg)");
  EXPECT_THROW(drag.moveTo(Ray{eye, Eigen::Vector3d(1, 1, 0)}), std::invalid_argument);
  EXPECT_THROW(ToolDrag(model, Eigen::VectorXd(3), {}, rayThrough(eye, p0)), std::invalid_argument);
  EXPECT_THROW(ToolDrag(model, q0, DragGrab(DragHandle::Joint, 6), rayThrough(eye, p0)), std::invalid_argument);
}

// A joint whose range spans two turns (the UR5's +-360 deg) is taken continuously: turning the
// tool about joint 6's axis from 350 deg stops at 360 deg with why, not at 10 deg wrapped.
TEST(ToolDrag, ContinuousJointsStopAtTheirLimitNotPastItWrapped) {
  const auto model = library("ur5.yaml");
  Eigen::VectorXd q0(6);
  q0 << 0.0, -M_PI / 2.0, M_PI / 2.0, -M_PI / 2.0, M_PI / 2.0, 350.0 * M_PI / 180.0;
  const std::vector<Eigen::Matrix4d> frames = linkFrames(*model, q0);
  const Eigen::Vector3d z6 = frames[5].block<3, 1>(0, 2);
  int axis = 0;
  z6.cwiseAbs().maxCoeff(&axis);
  ASSERT_GT(std::abs(z6(axis)), 1.0 - 1e-9) << "joint 6's axis along a base axis: " << z6.transpose();
  const Eigen::Vector3d p0 = toolPose(*model, q0).block<3, 1>(0, 3);
  const Eigen::Vector3d along = z6(axis) > 0 ? Eigen::Vector3d::Unit(axis) : Eigen::Vector3d(-Eigen::Vector3d::Unit(axis));
  const Eigen::Vector3d eye = p0 + 1.5 * along, radial = along.unitOrthogonal() * 0.1;
  ToolDrag drag(model, q0, DragGrab(DragHandle::Rotate, axis, along.dot(Eigen::Vector3d::Unit(axis)) * Eigen::Vector3d::Unit(axis)),
                rayThrough(eye, p0 + radial));
  DragStep step;
  for (int deg = 2; deg <= 20; deg += 2)  // +20 deg about joint 6's axis
    step = drag.moveTo(rayThrough(eye, p0 + Eigen::AngleAxisd(deg * M_PI / 180.0, along) * radial));
  EXPECT_NE(step.reason.find("joint 6 would pass its limit 360.0 deg"), std::string::npos) << step.reason;
  EXPECT_TRUE(step.q(5) <= 2.0 * M_PI + 1e-9 && step.q(5) > 358.0 * M_PI / 180.0) << step.q(5) * 180.0 / M_PI;
}

// Turning a three-joint arm's tool is refused (position only); an arrow seen end-on grabs nothing.
TEST(ToolDrag, RefusalsThatMoveNothing) {
  const auto rrr = std::make_shared<const Model>(test::voraRrrSpec());
  Eigen::VectorXd q(3);
  q << 0.3, 0.4, -0.6;
  const Eigen::Vector3d p = toolPose(*rrr, q).block<3, 1>(0, 3), eye = p + Eigen::Vector3d(0, 0, 2);
  ToolDrag turn(rrr, q, DragGrab(DragHandle::Rotate, 2, Eigen::Vector3d::UnitZ()), rayThrough(eye, p + Eigen::Vector3d(0.05, 0, 0)));
  const DragStep refused = turn.moveTo(rayThrough(eye, p + Eigen::Vector3d(0, 0.05, 0)));
  EXPECT_FALSE(refused.moved);
  EXPECT_NE(refused.reason.find("3-joint arm cannot set the tool's orientation"), std::string::npos) << refused.reason;
  // The z arrow seen from straight above: edge-on.
  ToolDrag endOn(rrr, q, DragGrab(DragHandle::Translate, 2), rayThrough(eye, p));
  const DragStep none = endOn.moveTo(rayThrough(eye, p + Eigen::Vector3d(0.01, 0, 0)));
  EXPECT_FALSE(none.moved);
  EXPECT_NE(none.reason.find("edge-on"), std::string::npos) << none.reason;
  EXPECT_TRUE(none.q == q);
}

}  // namespace
}  // namespace armdyn
