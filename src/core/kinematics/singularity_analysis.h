#pragma once
// What a configuration is worth kinematically (Abuzneid & Sobh eqs 19-27, Craig 5.9 and 8.4):
// the Jacobian's determinant, its split into the arm and wrist parts for a spherical wrist,
// Yoshikawa's manipulability, the condition number, and whether the arm, the wrist or both are
// singular.
//
// Spherical wrist: six joints whose last three are revolute with axes meeting in one point c
// (any twists; tested geometrically at q). With c as the reference point J is block lower
// triangular, so det J = det J11 det J22: J11 (3 x 3) the velocity of c from joints 1-3
// (z x (c - o) or z), J22 = [z3 z4 z5] the wrist axes. det J at the tool point is the same
// (moving the reference point is a unit-triangular change).
// Singular: the smallest singular value of a block below kSingularRatio times its largest. The
// condition number is that of J with its linear rows divided by the arm's length sum (so it does
// not depend on the length unit; for a spherical wrist from J^T J, resolved up to about 1e8); manipulability is sqrt(det(J J^T)) of J as it is (m^3 for six
// joints; the position rows only for fewer than six joints).

#include "model/model.h"

#include <Eigen/Core>
#include <optional>

namespace armdyn {

constexpr double kSingularRatio = 1e-6;

enum class Singularity { None, Arm, Wrist, Both };
const char* singularityName(Singularity s);  // "none", "arm", "wrist", "both"

struct KinematicAnalysis {
  double detJ = 0.0;                  // det of the 6 x 6 Jacobian; NaN when J is not square
  std::optional<double> detJ11, detJ22;  // spherical wrist only
  std::optional<Eigen::Vector3d> wristCentre;  // base coordinates, m
  double manipulability = 0.0;
  double conditionNumber = 0.0;       // infinity when singular
  double armDistance = 0.0;           // smallest singular value of J11 (m), or without a wrist of the unit-free J
  double wristDistance = 0.0;         // smallest singular value of J22 (|sin theta5| for the usual wrist); NaN without a wrist
  Singularity singular = Singularity::None;
};

KinematicAnalysis analyzeConfiguration(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

// Yoshikawa's manipulability of a geometric Jacobian (6 x n, tool point): |det J| for six
// joints, sqrt(det(J J^T)) of the position rows for fewer than six (sqrt(det(J^T J)) below
// three), of all rows above six. The one rule KinematicAnalysis and workspace maps use.
double manipulability(const Eigen::Ref<const Eigen::Matrix<double, 6, Eigen::Dynamic>>& J);

// The point where the last three joint axes of a six-joint arm meet at q, if they do (revolute
// joints 4-6 only); within 1e-9 of the arm's length sum.
std::optional<Eigen::Vector3d> sphericalWristCentre(const Model& model, const Eigen::Matrix4d* frames);

// Sum over the links of |a_i| + |d_i| (prismatic joints: plus the travel), m: the length scale
// of the condition number (Craig's L of 8.1 is craigLengthSum, workspace_estimate.h).
double lengthSum(const Model& model);

}  // namespace armdyn
