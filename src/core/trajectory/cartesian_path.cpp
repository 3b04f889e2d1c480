#include "trajectory/cartesian_path.h"

#include "common/input_error.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>
#include <cstdio>
#include <string>

namespace armdyn {
namespace {

// Two consecutive points closer than this are the same point (m).
constexpr double kSamePoint = 1e-9;
// A corner deflecting less than this (rad) is straight: a radius there makes no arc.
constexpr double kStraight = 1e-9;
// A corner deflecting more than pi minus this (rad) reverses the path.
constexpr double kReversal = 1e-9;
// Relative slack on the segment length when checking that neighbouring arcs fit, and below
// which the straight part left between two arcs is no piece at all (an arc of exactly the
// largest radius that fits leaves nothing, up to rounding).
constexpr double kFitSlack = 1e-12;

std::string pointField(int k) { return "points[" + std::to_string(k + 1) + "]"; }
std::string radiusField(int k) { return pointField(k) + ".radius"; }

std::string number(double x, const char* format = "%g") {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

// x rounded down to three significant digits, so the value a message suggests does fit.
std::string roundedDown(double x) {
  if (!(x > 0.0)) return "0";
  const double unit = std::pow(10.0, std::floor(std::log10(x)) - 2.0);
  // The factor absorbs rounding in x (a value meant as 0.5 computed as 0.49999999999999994).
  return number(std::floor(x / unit * (1.0 + 1e-13)) * unit, "%.3g");
}

// Quintic smoothstep u(x) = 10x^3 - 15x^4 + 6x^5 and its first two derivatives.
void smoothstep(double x, double& u, double& du, double& ddu) {
  const double x2 = x * x;
  u = x2 * x * (10.0 + x * (-15.0 + 6.0 * x));
  du = 30.0 * x2 * (1.0 - x) * (1.0 - x);
  ddu = 60.0 * x * (1.0 - x) * (1.0 - 2.0 * x);
}

}  // namespace

CartesianPath::CartesianPath(std::vector<PathPoint> points, bool flyBy, const std::string& sourceFile)
    : points_(std::move(points)) {
  const int n = static_cast<int>(points_.size());
  auto fail = [&](int k, const std::string& field, const std::string& message) {
    throw InputError(sourceFile, k >= 0 && k < n ? points_[k].sourceLine : 0, field, message);
  };
  if (n < 2)
    fail(0, "points", "a path needs at least two points, got " + std::to_string(n));

  // Each point on its own.
  for (int k = 0; k < n; ++k) {
    const PathPoint& p = points_[k];
    if (!p.position.allFinite()) fail(k, pointField(k), "coordinates must be finite numbers");
    if (!p.rotation.allFinite() ||
        !(p.rotation.transpose() * p.rotation).isApprox(Eigen::Matrix3d::Identity(), 1e-9) ||
        !(p.rotation.determinant() > 0.0))
      fail(k, pointField(k), "the orientation is not a rotation");
    if (!std::isfinite(p.radius)) fail(k, radiusField(k), "the radius must be a finite number");
    if (p.radius < 0.0) fail(k, radiusField(k), "the radius must not be negative (" + number(p.radius) + " m)");
    if (p.radius > 0.0) {
      if (!flyBy)
        fail(k, radiusField(k), "a radius rounds a corner only in the line-arc scheme; "
                                "the line scheme stops at every point (give 0 or use scheme line-arc)");
      if (k == 0 || k == n - 1)
        fail(k, radiusField(k), std::string("the ") + (k == 0 ? "first" : "last") +
                                    " point is a stop and cannot be rounded: give radius 0");
    }
  }

  // Segments k -> k+1: length and unit direction.
  std::vector<double> segLength(n - 1);
  std::vector<Eigen::Vector3d> segDir(n - 1);
  for (int k = 0; k + 1 < n; ++k) {
    const Eigen::Vector3d d = points_[k + 1].position - points_[k].position;
    segLength[k] = d.norm();
    if (segLength[k] <= kSamePoint)
      fail(k + 1, pointField(k + 1), "same position as point " + std::to_string(k + 1) +
                                          ": a path cannot run along a zero-length segment (to turn the tool "
                                          "in place, use a joint-space scheme such as cubic or quintic)");
    segDir[k] = d / segLength[k];
  }

  // Corners: deflection angle and tangent length T = r tan(phi / 2); arc or not; stop or not.
  std::vector<double> phi(n, 0.0), tangent(n, 0.0);
  std::vector<bool> arc(n, false), stop(n, true);
  for (int k = 1; k + 1 < n; ++k) {
    const Eigen::Vector3d& d1 = segDir[k - 1];
    const Eigen::Vector3d& d2 = segDir[k];
    phi[k] = std::atan2(d1.cross(d2).norm(), d1.dot(d2));
    const double r = points_[k].radius;
    if (r == 0.0) continue;  // a stop
    stop[k] = false;
    if (phi[k] < kStraight) continue;  // straight on: no arc, no stop
    if (phi[k] > M_PI - kReversal)
      fail(k, radiusField(k), "the path turns back on itself at point " + std::to_string(k + 1) +
                                  " (180 deg), which no arc can round: give radius 0 (a stop)");
    arc[k] = true;
    tangent[k] = r * std::tan(0.5 * phi[k]);
  }
  // An arc that does not fit on its own segments is the one to blame, whatever its neighbours.
  for (int k = 1; k + 1 < n; ++k) {
    if (!arc[k]) continue;
    const double available = std::min(segLength[k - 1], segLength[k]);
    if (tangent[k] <= available * (1.0 + kFitSlack)) continue;
    fail(k, radiusField(k),
         "radius " + number(points_[k].radius) + " m does not fit between points " + std::to_string(k) + " and " +
             std::to_string(k + 2) + ": the largest that fits is " +
             roundedDown(available / std::tan(0.5 * phi[k])) + " m");
  }
  // Each arc must fit on its two segments beside the tangent lengths of the neighbouring arcs.
  for (int k = 1; k + 1 < n; ++k) {
    if (!arc[k]) continue;
    const double before = segLength[k - 1] - tangent[k - 1];
    const double after = segLength[k] - tangent[k + 1];
    const bool fitsBefore = tangent[k] <= before + kFitSlack * segLength[k - 1];
    const bool fitsAfter = tangent[k] <= after + kFitSlack * segLength[k];
    if (fitsBefore && fitsAfter) continue;
    const std::string r = number(points_[k].radius);
    const std::string between = "between points " + std::to_string(k) + " and " + std::to_string(k + 2);
    const double available = std::min(before, after);
    const int neighbour = before <= after ? k - 1 : k + 1;
    if (available <= 0.0)
      fail(k, radiusField(k), "radius " + r + " m does not fit " + between + ": the arc at point " +
                                  std::to_string(neighbour + 1) + " already takes the whole segment between points " +
                                  std::to_string(std::min(k, neighbour) + 1) + " and " +
                                  std::to_string(std::max(k, neighbour) + 1) + "; make that radius smaller first");
    std::string message = "radius " + r + " m does not fit " + between + ": the largest that fits is " +
                          roundedDown(available / std::tan(0.5 * phi[k])) + " m";
    if (tangent[neighbour] > 0.0)
      message += " (given the arc at point " + std::to_string(neighbour + 1) + ")";
    fail(k, radiusField(k), message);
  }

  // Pieces in path order, with the arc length at which each point is passed.
  pointS_.assign(n, 0.0);
  double s = 0.0;
  bool pendingStop = true;  // the first point is a stop
  stops_.push_back(0.0);
  auto addPiece = [&](PathPiece piece, const LineRotation& rotation) {
    piece.s0 = s;
    piece.stopAtStart = pendingStop;
    pendingStop = false;
    pieces_.push_back(piece);
    rotations_.push_back(rotation);
    s += piece.length;
  };
  for (int k = 0; k < n; ++k) {
    if (k > 0) {
      // Line from corner k-1 to corner k, between their tangent points.
      const int j = k - 1;
      const double length = segLength[j] - tangent[j] - tangent[k];
      const Eigen::Matrix3d& Ra = points_[j].rotation;
      const Eigen::AngleAxisd turn(Ra.transpose() * points_[k].rotation);
      if (length > kFitSlack * segLength[j]) {
        PathPiece line;
        line.kind = PathPieceKind::Line;
        line.length = length;
        line.point = j;
        line.start = points_[j].position + tangent[j] * segDir[j];
        line.direction = segDir[j];
        LineRotation rotation;
        rotation.R0 = Ra;
        rotation.axis = Ra * turn.axis();  // base frame: R_k Rot(k, a) = Rot(R_k k, a) R_k
        rotation.angle = turn.angle();
        rotation.linear = stop[j] && stop[k];
        addPiece(line, rotation);
      } else if (turn.angle() > 1e-12) {
        fail(k, radiusField(k), "the arcs at points " + std::to_string(k) + " and " + std::to_string(k + 1) +
                                    " leave no straight part between them for the tool to turn " +
                                    number(turn.angle() * 180.0 / M_PI, "%.3g") +
                                    " deg: make a radius smaller");
      }
    }
    if (arc[k]) {
      const Eigen::Vector3d& d1 = segDir[k - 1];
      const Eigen::Vector3d& d2 = segDir[k];
      const double r = points_[k].radius;
      PathPiece piece;
      piece.kind = PathPieceKind::Arc;
      piece.point = k;
      piece.radius = r;
      piece.angle = phi[k];
      piece.length = r * phi[k];
      const Eigen::Vector3d a = points_[k].position - tangent[k] * d1;  // tangent point on the incoming line
      const Eigen::Vector3d normal = (d2 - d1.dot(d2) * d1).normalized();  // towards d2, normal to d1
      piece.centre = a + r * normal;
      piece.u = -normal;
      piece.v = d1;
      LineRotation held;
      held.R0 = points_[k].rotation;
      held.angle = 0.0;
      pointS_[k] = s + 0.5 * piece.length;
      addPiece(piece, held);
    } else {
      pointS_[k] = s;
      if (stop[k]) {
        if (k > 0) {
          if (!pieces_.empty()) pieces_.back().stopAtEnd = true;
          stops_.push_back(s);
        }
        pendingStop = true;
      }
    }
  }
  length_ = s;
  pointS_.back() = length_;
  stops_.back() = length_;
}

int CartesianPath::pieceAt(double s) const {
  const auto it = std::upper_bound(pieces_.begin(), pieces_.end(), s,
                                   [](double value, const PathPiece& p) { return value < p.s0; });
  return std::max(0, static_cast<int>(it - pieces_.begin()) - 1);
}

void CartesianPath::evaluate(double s, PathSample& out) const {
  s = std::clamp(s, 0.0, length_);
  evaluatePiece(pieceAt(s), s, out);
}

void CartesianPath::evaluatePiece(int i, double s, PathSample& out) const {
  assert(i >= 0 && i < static_cast<int>(pieces_.size()));
  const PathPiece& piece = pieces_[i];
  const LineRotation& rot = rotations_[i];
  const double local = std::clamp(s - piece.s0, 0.0, piece.length);
  if (piece.kind == PathPieceKind::Line) {
    out.p = piece.start + local * piece.direction;
    out.dp = piece.direction;
    out.ddp.setZero();
    // Progress u(x), x = local / length; w = axis angle du/ds, dw = axis angle d2u/ds2.
    const double x = local / piece.length;
    double u = x, du = 1.0, ddu = 0.0;
    if (!rot.linear) smoothstep(x, u, du, ddu);
    out.R = Eigen::AngleAxisd(rot.angle * u, rot.axis).toRotationMatrix() * rot.R0;
    out.w = rot.axis * (rot.angle * du / piece.length);
    out.dw = rot.axis * (rot.angle * ddu / (piece.length * piece.length));
  } else {
    // p = c + r (cos a u + sin a v), a = local / r; dp = -sin a u + cos a v; ddp = -(p - c) / r^2.
    const double a = local / piece.radius;
    const double c = std::cos(a), sn = std::sin(a);
    out.p = piece.centre + piece.radius * (c * piece.u + sn * piece.v);
    out.dp = -sn * piece.u + c * piece.v;
    out.ddp = -(c * piece.u + sn * piece.v) / piece.radius;
    out.R = rot.R0;
    out.w.setZero();
    out.dw.setZero();
  }
}

std::vector<Eigen::Vector3d> CartesianPath::polyline(double maxStep) const {
  if (!(maxStep > 0.0)) throw std::invalid_argument("CartesianPath::polyline: maxStep must be positive");
  std::vector<Eigen::Vector3d> out;
  PathSample x;
  evaluate(0.0, x);
  out.push_back(x.p);
  for (const PathPiece& piece : pieces_) {
    const int steps = piece.kind == PathPieceKind::Line
                          ? 1
                          : std::max(2, static_cast<int>(std::ceil(piece.length / maxStep)));
    for (int k = 1; k <= steps; ++k) {
      const double a = piece.length * k / steps;
      out.push_back(piece.kind == PathPieceKind::Line
                        ? Eigen::Vector3d(piece.start + a * piece.direction)
                        : Eigen::Vector3d(piece.centre + piece.radius * (std::cos(a / piece.radius) * piece.u +
                                                                         std::sin(a / piece.radius) * piece.v)));
    }
  }
  return out;
}

}  // namespace armdyn
