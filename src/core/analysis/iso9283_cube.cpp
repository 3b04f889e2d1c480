#include "analysis/iso9283_cube.h"

#include <Eigen/Geometry>
#include <cmath>
#include <stdexcept>

namespace armdyn {

namespace {

constexpr double kCircleRounding = 1.0 - 1e-6;

PathPoint point(const Eigen::Vector3d& p, const Eigen::Matrix3d& R, double radius = 0.0) {
  PathPoint out;
  out.position = p;
  out.rotation = R;
  out.radius = radius;
  return out;
}

// A closed contour around `centre` in the plane spanned by unit `across` and `up`: the
// rectangle of half sizes (w, h) with corners rounded by r (0: sharp corners, every corner a
// stop), from the middle of its lower edge round (counter-clockwise seen from across x up) and
// back.
std::vector<PathPoint> roundedRectangle(const Eigen::Vector3d& centre, const Eigen::Vector3d& across,
                                        const Eigen::Vector3d& up, double w, double h, double r,
                                        const Eigen::Matrix3d& R) {
  const Eigen::Vector3d start = centre - h * up;
  return {point(start, R),
          point(centre + w * across - h * up, R, r),
          point(centre + w * across + h * up, R, r),
          point(centre - w * across + h * up, R, r),
          point(centre - w * across - h * up, R, r),
          point(start, R)};
}

void checkCube(const IsoCube& cube) {
  if (!cube.centre.allFinite()) throw std::invalid_argument("ISO 9283 cube: the centre must be finite");
  if (!std::isfinite(cube.edge) || !(cube.edge > 0.0)) throw std::invalid_argument("ISO 9283 cube: the edge must be > 0 m");
}

}  // namespace

const char* isoPathName(IsoPath path) {
  switch (path) {
    case IsoPath::Line: return "line";
    case IsoPath::LargeCircle: return "large_circle";
    case IsoPath::SmallCircle: return "small_circle";
    case IsoPath::Rectangle: return "rectangle";
    case IsoPath::RoundedSquareDiagonal: return "rounded_square_diagonal";
    case IsoPath::RoundedSquareSection: return "rounded_square_section";
  }
  return "?";
}

const std::array<IsoPath, kIsoPathCount>& allIsoPaths() {
  static const std::array<IsoPath, kIsoPathCount> paths = {IsoPath::Line,      IsoPath::LargeCircle,
                                                           IsoPath::SmallCircle, IsoPath::Rectangle,
                                                           IsoPath::RoundedSquareDiagonal,
                                                           IsoPath::RoundedSquareSection};
  return paths;
}

IsoTestPlane isoTestPlane(const IsoCube& cube) {
  checkCube(cube);
  const double h = 0.5 * cube.edge;
  const Eigen::Vector3d& c = cube.centre;
  IsoTestPlane plane;
  plane.corners = {c + Eigen::Vector3d(-h, -h, -h), c + Eigen::Vector3d(h, h, -h), c + Eigen::Vector3d(h, h, h),
                   c + Eigen::Vector3d(-h, -h, h)};
  plane.across = (plane.corners[1] - plane.corners[0]).normalized();
  plane.up = (plane.corners[3] - plane.corners[0]).normalized();
  plane.normal = plane.across.cross(plane.up);
  return plane;
}

std::array<Eigen::Vector3d, 5> isoPoses(const IsoCube& cube) {
  const IsoTestPlane plane = isoTestPlane(cube);
  const auto& C = plane.corners;
  return {cube.centre, C[0] + 0.1 * (C[2] - C[0]), C[1] + 0.1 * (C[3] - C[1]), C[2] + 0.1 * (C[0] - C[2]),
          C[3] + 0.1 * (C[1] - C[3])};
}

const std::array<int, 6>& isoPoseCycle() {
  static const std::array<int, 6> cycle = {0, 4, 3, 2, 1, 0};
  return cycle;
}

IsoPathGeometry isoPathGeometry(IsoPath path, const IsoCube& cube, double cornerRadius, const Eigen::Matrix3d& R) {
  const IsoTestPlane plane = isoTestPlane(cube);
  const std::array<Eigen::Vector3d, 5> P = isoPoses(cube);
  const double a = cube.edge;
  const bool rounded = path == IsoPath::RoundedSquareDiagonal || path == IsoPath::RoundedSquareSection;
  if (rounded && (!std::isfinite(cornerRadius) || !(cornerRadius > 0.0) || cornerRadius >= 0.25 * a))
    throw std::invalid_argument("ISO 9283 paths: the corner radius must lie in (0, a/4) = (0, " +
                                std::to_string(0.25 * a) + ") m");
  // The rectangle P2 P3 P4 P5 in the test plane: half sizes 0.4 a sqrt(2) across, 0.4 a up.
  const double w = 0.4 * a * std::sqrt(2.0), h = 0.4 * a;
  IsoPathGeometry g;
  switch (path) {
    case IsoPath::Line:
      g.points = {point(P[1], R), point(P[3], R)};
      break;
    case IsoPath::LargeCircle:
    case IsoPath::SmallCircle: {
      const double r = path == IsoPath::LargeCircle ? 0.4 * a : 0.04 * a;
      g.points = roundedRectangle(P[0], plane.across, plane.up, r, r, kCircleRounding * r, R);
      g.flyBy = true;
      break;
    }
    case IsoPath::Rectangle:
      g.points = {point(P[1], R), point(P[2], R), point(P[3], R), point(P[4], R), point(P[1], R)};
      g.corners = {1, 2, 3};
      break;
    case IsoPath::RoundedSquareDiagonal:
      g.points = roundedRectangle(P[0], plane.across, plane.up, w, h, cornerRadius, R);
      g.flyBy = true;
      break;
    case IsoPath::RoundedSquareSection:
      // Stepniewski's P1 (xc, yc + a/2, zc) first; his contour runs +x first along y = yc + a/2.
      g.points = {point(cube.centre + Eigen::Vector3d(0, 0.5 * a, 0), R),
                  point(cube.centre + Eigen::Vector3d(0.5 * a, 0.5 * a, 0), R, cornerRadius),
                  point(cube.centre + Eigen::Vector3d(0.5 * a, -0.5 * a, 0), R, cornerRadius),
                  point(cube.centre + Eigen::Vector3d(-0.5 * a, -0.5 * a, 0), R, cornerRadius),
                  point(cube.centre + Eigen::Vector3d(-0.5 * a, 0.5 * a, 0), R, cornerRadius),
                  point(cube.centre + Eigen::Vector3d(0, 0.5 * a, 0), R)};
      g.flyBy = true;
      break;
  }
  return g;
}

std::vector<Eigen::Vector3d> isoCheckPoints(const IsoCube& cube, double cornerRadius) {
  std::vector<Eigen::Vector3d> out;
  const double h = 0.5 * cube.edge;
  for (int k = 0; k < 8; ++k)
    out.push_back(cube.centre + Eigen::Vector3d(k & 1 ? h : -h, k & 2 ? h : -h, k & 4 ? h : -h));
  for (const Eigen::Vector3d& p : isoPoses(cube)) out.push_back(p);
  for (IsoPath path : allIsoPaths()) {
    const IsoPathGeometry g = isoPathGeometry(path, cube, cornerRadius, Eigen::Matrix3d::Identity());
    const CartesianPath geometry(g.points, g.flyBy);
    for (const Eigen::Vector3d& p : geometry.polyline(0.01)) out.push_back(p);
  }
  return out;
}

}  // namespace armdyn
