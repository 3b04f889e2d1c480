#pragma once
// Standard Denavit-Hartenberg parameters (robot.h, eq 3.3) of a serial chain given by its joint
// axes: each axis a line (a point on it and a direction) in one common frame at the chain's
// zero configuration, and the tip frame there (Spong, Hutchinson & Vidyasagar 3.2; Craig 3.4).
//
// Frame i-1 has z along joint i's axis. Frame i's x axis lies on the common normal from axis i
// to axis i+1 and its origin where that normal meets axis i+1:
//   skew         the unique common normal (a_i > 0, x_i pointing towards axis i+1);
//   intersecting x_i = +-(z_{i-1} x z_i) at the intersection (a_i = 0), the sign that keeps
//                x_i within 90 deg of x_{i-1} (|theta_i| <= 90 deg);
//   parallel     the normal through the origin of frame i-1 (d_i = 0);
//   collinear    frame i on frame i-1's origin with x_i = x_{i-1} (a_i = d_i = 0, theta_i = 0).
// Frame 0 sits on axis 1 nearest the common frame's origin, its x axis the common frame's x
// (or y) made perpendicular to axis 1. Frame n keeps z_{n-1} (alpha_n = a_n = 0), its origin
// nearest the tip's and its x the tip's x made perpendicular. What the DH frames do not match
// is kept in BASE (frame 0 in the common frame) and TOOL (the tip in frame n).
// Joint values keep the axis directions as given: q_i turns about (slides along) axis i as
// given, from the zero configuration (the theta or d offsets reproduce it).

#include "model/robot.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

struct JointAxisLine {
  Eigen::Vector3d point = Eigen::Vector3d::Zero();      // on the axis, m
  Eigen::Vector3d direction = Eigen::Vector3d::UnitZ();  // unit or not (normalised here), non-zero
  JointType type = JointType::Revolute;
};

enum class AxisRelation { Skew, Intersecting, Parallel, Collinear };
const char* axisRelationName(AxisRelation r);

struct DhChain {
  std::vector<DhParameters> dh;          // one per joint; theta (revolute) or d (prismatic) at q = 0
  std::vector<AxisRelation> relations;   // axis i to axis i+1, n - 1 entries
  std::vector<Eigen::Matrix4d> frames;   // DH frames 0..n at q = 0, in the common frame
  Eigen::Matrix4d base = Eigen::Matrix4d::Identity();  // frame 0 in the common frame
  Eigen::Matrix4d tool = Eigen::Matrix4d::Identity();  // tip in frame n
};

// `lengthTolerance` (m) and the angular tolerance 1e-9 rad decide parallel, collinear and
// intersecting axes. Throws std::invalid_argument for no axes, a zero or non-finite direction.
DhChain dhFromAxes(const std::vector<JointAxisLine>& axes, const Eigen::Matrix4d& tip, double lengthTolerance = 1e-9);

}  // namespace armdyn
