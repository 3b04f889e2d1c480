#pragma once
// The independent reference for the six-joint closed forms: every solution of a pose that
// Newton's method finds from many random starts (plus any starts the caller adds, such as the
// generating configuration), on a DH chain written here with Eigen's rotations, not armdyn's
// forward kinematics. Fixed-size throughout: thousands of starts per pose stay cheap.

#include "model/model.h"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <cmath>
#include <random>
#include <vector>

namespace armdyn::test {

using Joints6 = Eigen::Matrix<double, 6, 1>;

// Frame 6 x TOOL of a six-joint spec at q (joint values), and each joint's axis and origin.
inline Eigen::Matrix4d searchChain(const RobotSpec& r, const Joints6& q, Eigen::Matrix<double, 3, 6>* axes = nullptr,
                                   Eigen::Matrix<double, 3, 6>* origins = nullptr) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < 6; ++i) {
    if (axes) axes->col(i) = T.block<3, 1>(0, 2);
    if (origins) origins->col(i) = T.block<3, 1>(0, 3);
    const LinkSpec& l = r.links[static_cast<size_t>(i)];
    const bool rev = l.joint == JointType::Revolute;
    const double theta = l.dh.theta + (rev ? q(i) : 0.0), d = l.dh.d + (rev ? 0.0 : q(i));
    const Eigen::Matrix3d Rz = Eigen::AngleAxisd(theta, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    Eigen::Matrix4d A = Eigen::Matrix4d::Identity();
    A.topLeftCorner<3, 3>() = Rz * Eigen::AngleAxisd(l.dh.alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
    A.topRightCorner<3, 1>() = Rz * Eigen::Vector3d(l.dh.a, 0.0, d);
    T = T * A;
  }
  return T * r.tool;
}

// (position error, rotation vector of R_target R^T): zero iff the poses agree.
inline Eigen::Matrix<double, 6, 1> searchError(const Eigen::Matrix4d& target, const Eigen::Matrix4d& T) {
  Eigen::Matrix<double, 6, 1> e;
  e.head<3>() = target.topRightCorner<3, 1>() - T.topRightCorner<3, 1>();
  const Eigen::AngleAxisd aa(Eigen::Matrix3d(target.topLeftCorner<3, 3>() * T.topLeftCorner<3, 3>().transpose()));
  e.tail<3>() = aa.angle() * aa.axis();
  return e;
}

// Two joint vectors agree to `tol` (revolute joints modulo a turn).
inline bool sameJoints6(const RobotSpec& r, const Joints6& a, const Joints6& b, double tol) {
  for (int i = 0; i < 6; ++i) {
    const double d = a(i) - b(i);
    if (std::abs(r.links[static_cast<size_t>(i)].joint == JointType::Revolute ? std::remainder(d, 2.0 * M_PI) : d) > tol)
      return false;
  }
  return true;
}

// Every distinct solution (agreeing to 1e-6 is one; revolute values in (-pi, pi]) reached to
// 1e-10 m + rad (within 100 steps) by Newton's method (geometric Jacobian of searchChain, steps capped at 0.5)
// from `starts` random starts (revolute over a full turn, prismatic over +-span) and from each
// of `extra`.
inline std::vector<Joints6> exhaustiveSixJointSearch(const RobotSpec& r, const Eigen::Matrix4d& target, int starts,
                                                     std::mt19937& rng, const std::vector<Joints6>& extra = {},
                                                     double span = 1.0) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Joints6> found;
  const auto rev = [&](int i) { return r.links[static_cast<size_t>(i)].joint == JointType::Revolute; };
  for (int s = 0; s < starts + static_cast<int>(extra.size()); ++s) {
    Joints6 q;
    if (s < starts) {
      for (int i = 0; i < 6; ++i) q(i) = rev(i) ? M_PI * unit(rng) : span * unit(rng);
    } else {
      q = extra[static_cast<size_t>(s - starts)];
    }
    double err = 1.0;
    for (int it = 0; it < 100; ++it) {
      Eigen::Matrix<double, 3, 6> z, o;
      const Eigen::Matrix4d T = searchChain(r, q, &z, &o);
      const Eigen::Matrix<double, 6, 1> e = searchError(target, T);
      err = e.head<3>().norm() + e.tail<3>().norm();
      if (err < 1e-13) break;
      Eigen::Matrix<double, 6, 6> J;
      const Eigen::Vector3d p = T.topRightCorner<3, 1>();
      for (int i = 0; i < 6; ++i) {
        if (rev(i)) {
          J.block<3, 1>(0, i) = z.col(i).cross(p - o.col(i));
          J.block<3, 1>(3, i) = z.col(i);
        } else {
          J.block<3, 1>(0, i) = z.col(i);
          J.block<3, 1>(3, i).setZero();
        }
      }
      Joints6 step = J.fullPivLu().solve(e);
      if (!step.allFinite()) break;
      if (step.norm() > 0.5) step *= 0.5 / step.norm();
      q += step;
    }
    if (!(err < 1e-10)) continue;  // near a singularity Newton converges linearly: the closed forms' bar
    for (int i = 0; i < 6; ++i)
      if (rev(i)) q(i) = std::remainder(q(i), 2.0 * M_PI);
    bool known = false;
    for (const Joints6& f : found) known = known || sameJoints6(r, f, q, 1e-6);
    if (!known) found.push_back(q);
  }
  return found;
}

}  // namespace armdyn::test
