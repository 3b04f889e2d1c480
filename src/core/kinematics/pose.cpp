#include "kinematics/pose.h"

#include <Eigen/Geometry>
#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

Eigen::Matrix4d poseFromXyzRpy(const Eigen::Vector3d& p, const Eigen::Vector3d& rpy) {
  const double cf = std::cos(rpy(0)), sf = std::sin(rpy(0));  // roll phi about z
  const double ct = std::cos(rpy(1)), st = std::sin(rpy(1));  // pitch theta about y
  const double cg = std::cos(rpy(2)), sg = std::sin(rpy(2));  // yaw psi about x
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  // Columns n, o, a of eq 3.2.
  T(0, 0) = cf * ct;  T(0, 1) = cf * st * sg - sf * cg;  T(0, 2) = cf * st * cg + sf * sg;
  T(1, 0) = sf * ct;  T(1, 1) = sf * st * sg + cf * cg;  T(1, 2) = sf * st * cg - cf * sg;
  T(2, 0) = -st;      T(2, 1) = ct * sg;                 T(2, 2) = ct * cg;
  T.topRightCorner<3, 1>() = p;
  return T;
}

Vector6d xyzRpyFromPose(const Eigen::Matrix4d& T) {
  Vector6d v;
  v.head<3>() = T.topRightCorner<3, 1>();
  const double nx = T(0, 0), ny = T(1, 0), nz = T(2, 0);
  const double cosPitch = std::sqrt(nx * nx + ny * ny);
  const double pitch = std::atan2(-nz, cosPitch);
  double roll;
  // Gimbal lock: only roll -/+ yaw is defined; put it all in roll (yaw = 0). The threshold is
  // a few ulps, since the lock formula leaves an error of order cos(pitch); above it n_x, n_y
  // define roll, however noisy, and yaw below is made consistent with it.
  if (cosPitch > 1e-15) {
    roll = std::atan2(ny, nx);
  } else {
    roll = std::atan2(-T(0, 1), T(1, 1));
  }
  // Yaw from Rx(psi) = Ry(theta)^T Rz(phi)^T R, whose entries stay O(1) near gimbal lock,
  // so the angles rebuild R to rounding even when n_x, n_y are tiny.
  const double cf = std::cos(roll), sf = std::sin(roll);
  const double ct = std::cos(pitch), st = std::sin(pitch);
  // Rows 1 and 2 of Ry(theta)^T Rz(phi)^T applied to the o column give (cos psi, sin psi).
  const double ox = T(0, 1), oy = T(1, 1), oz = T(2, 1);
  const double cosYaw = -sf * ox + cf * oy;
  const double sinYaw = st * (cf * ox + sf * oy) + ct * oz;
  const double yaw = std::atan2(sinYaw, cosYaw);
  v(3) = roll;
  v(4) = pitch;
  v(5) = yaw;
  return v;
}

Vector6d poseError(const Eigen::Matrix4d& target, const Eigen::Matrix4d& current) {
  Vector6d e;
  e.head<3>() = target.topRightCorner<3, 1>() - current.topRightCorner<3, 1>();
  const Eigen::Matrix3d dR = target.topLeftCorner<3, 3>() * current.topLeftCorner<3, 3>().transpose();
  const Eigen::AngleAxisd aa(dR);
  e.tail<3>() = aa.angle() * aa.axis();
  return e;
}

Eigen::Matrix4d rigidInverse(const Eigen::Matrix4d& T) {
  Eigen::Matrix4d inv = Eigen::Matrix4d::Identity();
  inv.topLeftCorner<3, 3>() = T.topLeftCorner<3, 3>().transpose();
  inv.topRightCorner<3, 1>() = -inv.topLeftCorner<3, 3>() * T.topRightCorner<3, 1>();
  return inv;
}

Eigen::Matrix4d joggedPose(const Eigen::Matrix4d& T, int axis, double delta) {
  if (axis < 0 || axis > 5) throw std::invalid_argument("jog: axis " + std::to_string(axis) + " is not 0..5");
  if (!std::isfinite(delta)) throw std::invalid_argument("jog: the step must be finite");
  Eigen::Matrix4d out = T;
  if (axis < 3) out(axis, 3) += delta;
  else
    out.topLeftCorner<3, 3>() =
        Eigen::AngleAxisd(delta, Eigen::Vector3d::Unit(axis - 3)).toRotationMatrix() * T.topLeftCorner<3, 3>();
  return out;
}

}  // namespace armdyn
