#pragma once
// Roll-pitch-yaw poses, Vora eq 3.1-3.2: POS = Trn(p) Rz(phi) Ry(theta) Rx(psi).

#include <Eigen/Core>
#include <cmath>

namespace armdyn {

using Vector6d = Eigen::Matrix<double, 6, 1>;

// 4x4 homogeneous transform from position (m) and roll, pitch, yaw (rad).
Eigen::Matrix4d poseFromXyzRpy(const Eigen::Vector3d& p, const Eigen::Vector3d& rpy);
// (x, y, z, roll, pitch, yaw) of a transform; pitch in [-pi/2, pi/2], roll and yaw in
// [-pi, pi]. At gimbal lock (pitch = +-pi/2) only roll -+ yaw is defined: yaw is set to 0.
Vector6d xyzRpyFromPose(const Eigen::Matrix4d& T);

// Error of `current` against `target`, both in base coordinates: (p_target - p_current, m;
// rotation vector of R_target R_current^T, rad). Zero iff the poses are equal; to first
// order it is the twist [v; w] that moves `current` onto `target`.
Vector6d poseError(const Eigen::Matrix4d& target, const Eigen::Matrix4d& current);

// Inverse of a rigid transform [R p; 0 1]: [R^T -R^T p; 0 1] (exact, no LU).
Eigen::Matrix4d rigidInverse(const Eigen::Matrix4d& T);

// T moved along base axis `axis` by `delta` (0, 1, 2: x, y, z; m) or turned by `delta` about base
// axis axis - 3 through its own origin (3, 4, 5; rad): a teach jog's target. Throws
// std::invalid_argument for another axis or a delta that is not finite.
Eigen::Matrix4d joggedPose(const Eigen::Matrix4d& T, int axis, double delta);

// How far the rigid transform T is from `target`, cheaply: the position error (m) plus the
// rotations' Frobenius distance over sqrt 2 (rad: the rotation angle to first order, 2 sin(a/2)
// exactly). The inverse kinematics' check of a candidate (one rule for every family).
inline double frameResidual(const Eigen::Matrix4d& target, const Eigen::Matrix4d& T) {
  return (target.topRightCorner<3, 1>() - T.topRightCorner<3, 1>()).norm() +
         (target.topLeftCorner<3, 3>() - T.topLeftCorner<3, 3>()).norm() * M_SQRT1_2;
}

}  // namespace armdyn
