#pragma once
// Geometric tool path through Cartesian points: straight lines (Craig 7.4) and, for points
// with a blend radius, circular arcs tangent to both neighbouring lines (Stepniewski section 2,
// the industrial "fly-by" reading: every point is a polyline corner and r > 0 replaces the
// corner by an arc of radius r whose tangent points lie r tan(phi/2) from the corner, phi the
// deflection angle between the incoming and outgoing lines). r = 0 is a stop: the path speed is
// zero there (the first and last points are always stops).
//
// Parametrised by arc length s in [0, length()] (m). Orientation: on each line piece the tool
// rotation turns from the rotation of the point before it to that of the point after it about
// one fixed axis, R(s) = R_k Rot(k, theta u), (k, theta) from R_k^T R_{k+1} (Craig 7.43-7.44,
// the single-axis form); the progress u runs 0 -> 1 over the line piece, linear in s when both
// ends of the piece are stops, else the quintic smoothstep u = 10x^3 - 15x^4 + 6x^5 (x the
// fraction of the piece) so that the angular rate is zero where a line meets an arc. The
// rotation is constant on arcs. Everything in base coordinates; metres, radians.

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

struct PathPoint {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();     // m, base frame
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity(); // tool rotation in base frame
  double radius = 0.0;                                    // blend radius, m (0 = stop)
  int sourceLine = 0;                                     // line in the task file (0 = none)
};

enum class PathPieceKind { Line, Arc };

struct PathPiece {
  PathPieceKind kind = PathPieceKind::Line;
  double s0 = 0.0;        // arc length where it starts, m
  double length = 0.0;    // m (> 0)
  int point = 0;          // Line: index of the point it leaves from; Arc: the corner point it rounds
  bool stopAtStart = false, stopAtEnd = false;  // path speed zero there
  // Line: p(s) = start + (s - s0) direction.
  Eigen::Vector3d start = Eigen::Vector3d::Zero();
  Eigen::Vector3d direction = Eigen::Vector3d::Zero();  // unit
  // Arc: p = centre + radius (cos a u + sin a v), a = (s - s0) / radius in [0, angle].
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  Eigen::Vector3d u = Eigen::Vector3d::Zero(), v = Eigen::Vector3d::Zero();  // unit, orthogonal
  double radius = 0.0;    // m
  double angle = 0.0;     // rad, = deflection angle phi of the corner
};

// Pose of the path at arc length s and its derivatives with respect to s.
struct PathSample {
  Eigen::Vector3d p, dp, ddp;  // position (m), dp/ds (unit tangent), d2p/ds2 (1/m)
  Eigen::Matrix3d R;           // tool rotation
  Eigen::Vector3d w, dw;       // angular rate per unit s (rad/m), its derivative (rad/m^2); base frame
};

class CartesianPath {
 public:
  // `points`: at least two. `flyBy` false: every point is a stop and radii must be 0 (scheme
  // `line`); true: radii as given (scheme `line-arc`), the first and last radii must be 0.
  // `sourceFile` only names the file in messages. Throws InputError(file, line of the point,
  // "points[k]" or "points[k].radius" with k 1-based, message) for: fewer than two points, a
  // non-finite coordinate, a negative radius, a zero-length segment (two equal consecutive
  // points), a radius too large for its neighbouring segments (names the largest that fits,
  // given the tangent lengths the neighbouring corners take), a radius at a corner that
  // reverses direction (phi = 180 deg), a radius on the first or last point. A radius at a
  // corner with no deflection (collinear points) makes no arc and no stop.
  CartesianPath(std::vector<PathPoint> points, bool flyBy, const std::string& sourceFile = "");

  double length() const { return length_; }
  const std::vector<PathPoint>& points() const { return points_; }
  const std::vector<PathPiece>& pieces() const { return pieces_; }
  // Index of the piece containing s (s clamped to [0, length]).
  int pieceAt(double s) const;
  // Pose and derivatives at s (clamped). Does not allocate.
  void evaluate(double s, PathSample& out) const;
  // The same on piece i's own formula (s clamped to the piece): at a junction, either side.
  void evaluatePiece(int i, double s, PathSample& out) const;
  // Arc length at which the path passes each point (a corner point rounded by an arc: the
  // middle of the arc), m; size points().size().
  const std::vector<double>& pointArcLength() const { return pointS_; }
  // Positions along the path for drawing: every piece's ends, and points at most `maxStep` m
  // apart on lines (ends only) and arcs (chords of at most maxStep).
  std::vector<Eigen::Vector3d> polyline(double maxStep) const;
  // Arc lengths of the stops, in order (includes 0 and length()).
  const std::vector<double>& stops() const { return stops_; }

 private:
  std::vector<PathPoint> points_;
  std::vector<PathPiece> pieces_;
  std::vector<double> pointS_, stops_;
  double length_ = 0.0;
  // Per line piece: rotation axis (base frame, unit) and angle from the start rotation to the
  // end rotation, the start rotation, and whether the progress is linear.
  struct LineRotation {
    Eigen::Matrix3d R0 = Eigen::Matrix3d::Identity();
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();
    double angle = 0.0;
    bool linear = true;
  };
  std::vector<LineRotation> rotations_;  // one per piece (arcs: angle 0, R0 held)
};

}  // namespace armdyn
