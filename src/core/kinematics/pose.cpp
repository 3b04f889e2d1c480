#include "kinematics/pose.h"

#include <cmath>

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
  const double pitch = std::atan2(-nz, std::sqrt(nx * nx + ny * ny));
  double roll, yaw;
  if (std::sqrt(nx * nx + ny * ny) > 1e-12) {
    roll = std::atan2(ny, nx);
    yaw = std::atan2(T(2, 1), T(2, 2));
  } else {  // gimbal lock: only roll -/+ yaw is defined; put it all in roll
    yaw = 0.0;
    roll = std::atan2(-T(0, 1), T(1, 1));
  }
  v(3) = roll;
  v(4) = pitch;
  v(5) = yaw;
  return v;
}

}  // namespace armdyn
