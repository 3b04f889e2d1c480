#pragma once
// Roll-pitch-yaw poses, Vora eq 3.1-3.2: POS = Trn(p) Rz(phi) Ry(theta) Rx(psi).

#include <Eigen/Core>

namespace armdyn {

using Vector6d = Eigen::Matrix<double, 6, 1>;

// 4x4 homogeneous transform from position (m) and roll, pitch, yaw (rad).
Eigen::Matrix4d poseFromXyzRpy(const Eigen::Vector3d& p, const Eigen::Vector3d& rpy);
// (x, y, z, roll, pitch, yaw) of a transform; pitch in [-pi/2, pi/2].
Vector6d xyzRpyFromPose(const Eigen::Matrix4d& T);

}  // namespace armdyn
