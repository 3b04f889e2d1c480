#pragma once
// The ISO 9283 test cube and what lies in it (ISO 9283:1998 clause 6.2):
// the test plane, the five test poses P1..P5, and the test paths, as Cartesian path points
// (trajectory/cartesian_path.h) the planner follows.
//
// Cube: centre c, edge a, edges parallel to the base axes. Test plane: the diagonal plane
// through the corners C1 = c + (-h, -h, -h), C2 = c + (h, h, -h), C3 = c + (h, h, h),
// C4 = c + (-h, -h, h) (h = a / 2), a rectangle a sqrt(2) wide and a high whose diagonals C1-C3
// and C2-C4 are space diagonals of the cube (a sqrt(3) long).
// Poses: P1 = c; P2..P5 on the diagonals at 10 % of their length from C1, C2, C3, C4:
// Pk = C + 0.1 (opposite corner - C), so |P1 Pk| = 0.4 a sqrt(3). Pose cycle P1 -> P5 -> P4 ->
// P3 -> P2 -> P1.
// Paths (in the test plane unless said):
//   line                     P2 -> P4 along the diagonal (80 % of it), stops at both ends;
//   large_circle             centre P1, diameter 0.8 a, from and back to its lowest point;
//   small_circle             centre P1, diameter 0.08 a (10 % of the large one);
//   rectangle                P2 -> P3 -> P4 -> P5 -> P2, sharp corners (the arm stops at
//                            each): cornering round-off CR and overshoot CO at P3, P4, P5;
//   rounded_square_diagonal  the same rectangle, corners rounded by R, from the middle of its
//                            lower edge round and back (Stepniewski's contour on the test plane);
//   rounded_square_section   Stepniewski's own (section 4, eq 5 corrected): the cube's
//                            horizontal mid-section, a square of edge a with corners rounded by
//                            R, from (xc, yc + a/2, zc) round and back (five lines, four arcs).
// A circle is written as four fly-by corners of the circumscribed square rounded by
// (1 - 1e-6) of the radius: four quarter arcs joined by lines of 1e-6 r (the planner's pieces
// need a positive length), the circle to 1e-6 r.

#include "trajectory/cartesian_path.h"

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace armdyn {

struct IsoCube {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();  // m, base frame
  double edge = 0.0;                                 // m
};

enum class IsoPath { Line, LargeCircle, SmallCircle, Rectangle, RoundedSquareDiagonal, RoundedSquareSection };
constexpr int kIsoPathCount = 6;
// "line", "large_circle", "small_circle", "rectangle", "rounded_square_diagonal",
// "rounded_square_section".
const char* isoPathName(IsoPath path);
const std::array<IsoPath, kIsoPathCount>& allIsoPaths();

struct IsoTestPlane {
  std::array<Eigen::Vector3d, 4> corners;  // C1..C4
  Eigen::Vector3d across, up, normal;      // unit: C1 -> C2, C1 -> C4, across x up
};
IsoTestPlane isoTestPlane(const IsoCube& cube);

// P1..P5 (index 0..4).
std::array<Eigen::Vector3d, 5> isoPoses(const IsoCube& cube);
// The pose cycle as indices into isoPoses: 0, 4, 3, 2, 1, 0.
const std::array<int, 6>& isoPoseCycle();

struct IsoPathGeometry {
  std::vector<PathPoint> points;   // with the tool rotation `R` at every point
  bool flyBy = false;              // scheme line-arc (else line)
  std::vector<int> corners;        // indices of sharp corners to evaluate (rectangle: P3, P4, P5)
};
// `cornerRadius` R of the rounded squares, m (> 0, below a / 4).
// Throws std::invalid_argument for an edge <= 0 or a radius out of range.
IsoPathGeometry isoPathGeometry(IsoPath path, const IsoCube& cube, double cornerRadius, const Eigen::Matrix3d& R);

// Points to check that the cube fits the arm: the 8 corners, P1..P5 and every test path's
// polyline at 1 cm.
std::vector<Eigen::Vector3d> isoCheckPoints(const IsoCube& cube, double cornerRadius);

}  // namespace armdyn
