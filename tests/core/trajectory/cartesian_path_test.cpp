// CartesianPath against geometry computed here from the points alone: every sample on its
// commanded line (the line through two points) or arc (centre on the corner's bisector at
// r / cos(phi/2), in the corner's plane), closed-form lengths, the arc's midpoint, tangent and
// curvature, central finite differences of p, dp, R, w; orientation against Eigen's quaternion
// slerp; Stepniewski's ISO 9283 cube contour (stepniewski.md, eq 5); the input errors.
#include "trajectory/cartesian_path.h"

#include "common/input_error.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "support/malloc_counter.h"

namespace armdyn {
namespace {

Eigen::Matrix3d randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> g;
  Eigen::Quaterniond q(g(rng), g(rng), g(rng), g(rng));
  return q.normalized().toRotationMatrix();
}

// Independent geometry of corner k (0-based) of a polyline, from its points only.
struct Corner {
  Eigen::Vector3d d1, d2;  // unit incoming / outgoing directions
  double phi = 0.0;        // deflection, rad
  double T = 0.0;          // tangent length r tan(phi/2), m
  bool arc = false;
  Eigen::Vector3d centre;  // on the bisector at r / cos(phi/2) from the corner
};

std::vector<Corner> corners(const std::vector<PathPoint>& pts) {
  std::vector<Corner> c(pts.size());
  for (std::size_t k = 1; k + 1 < pts.size(); ++k) {
    Corner& ck = c[k];
    ck.d1 = (pts[k].position - pts[k - 1].position).normalized();
    ck.d2 = (pts[k + 1].position - pts[k].position).normalized();
    ck.phi = std::atan2(ck.d1.cross(ck.d2).norm(), ck.d1.dot(ck.d2));  // acos loses digits near 0
    const double r = pts[k].radius;
    ck.arc = r > 0.0 && ck.phi > 1e-9;
    if (!ck.arc) continue;
    ck.T = r * std::tan(ck.phi / 2.0);
    const Eigen::Vector3d bisector = (ck.d2 - ck.d1).normalized();
    ck.centre = pts[k].position + bisector * (r / std::cos(ck.phi / 2.0));
  }
  return c;
}

bool isStop(const std::vector<PathPoint>& pts, std::size_t k) {
  return k == 0 || k + 1 == pts.size() || pts[k].radius == 0.0;
}

// Seven random points with segments of 0.3-1.2 m, a straight-on corner carrying a radius (no arc,
// no stop), an interior stop, and arcs whose tangents take at most 45 % of each segment.
std::vector<PathPoint> randomPath(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> box(-1.0, 1.0), frac(0.3, 1.0);
  std::vector<PathPoint> pts(8);
  for (;;) {
    pts[0].position = Eigen::Vector3d(box(rng), box(rng), box(rng));
    for (int k = 1; k < 8; ++k) pts[k].position = pts[k - 1].position + Eigen::Vector3d(box(rng), box(rng), box(rng));
    pts[4].position = pts[3].position + 0.8 * (pts[3].position - pts[2].position);  // point 3 is straight on
    bool ok = true;
    for (int k = 0; k + 1 < 8; ++k) {
      const double L = (pts[k + 1].position - pts[k].position).norm();
      ok = ok && L > 0.3 && L < 1.2;
    }
    for (int k = 1; k + 1 < 8; ++k) {
      if (k == 3) continue;
      const Eigen::Vector3d d1 = (pts[k].position - pts[k - 1].position).normalized();
      const Eigen::Vector3d d2 = (pts[k + 1].position - pts[k].position).normalized();
      ok = ok && d1.dot(d2) > -0.95;  // deflection below about 162 deg: radii not tiny
    }
    if (ok) break;
  }
  for (int k = 0; k < 8; ++k) {
    pts[k].rotation = randomRotation(rng);
    pts[k].sourceLine = 10 + k;
  }
  for (int k : {1, 2, 4, 6}) {
    const Eigen::Vector3d d1 = (pts[k].position - pts[k - 1].position).normalized();
    const Eigen::Vector3d d2 = (pts[k + 1].position - pts[k].position).normalized();
    const double phi = std::acos(d1.dot(d2));
    const double room = std::min((pts[k].position - pts[k - 1].position).norm(),
                                 (pts[k + 1].position - pts[k].position).norm());
    pts[k].radius = frac(rng) * 0.45 * room / std::tan(phi / 2.0);
  }
  pts[3].radius = 0.05;  // straight on
  pts[5].radius = 0.0;   // an interior stop
  return pts;
}

PathSample at(const CartesianPath& path, double s) {
  PathSample x;
  path.evaluate(s, x);
  return x;
}

Eigen::Vector3d vee(const Eigen::Matrix3d& W) {
  return Eigen::Vector3d(W(2, 1) - W(1, 2), W(0, 2) - W(2, 0), W(1, 0) - W(0, 1)) / 2.0;
}

double smoothstep(double x) { return x * x * x * (10.0 - 15.0 * x + 6.0 * x * x); }

// Dense samples plus every piece's start and (one ulp before) end.
std::vector<double> samples(const CartesianPath& path, int n) {
  std::vector<double> s;
  for (int i = 0; i <= n; ++i) s.push_back(path.length() * i / n);
  for (const PathPiece& p : path.pieces()) {
    s.push_back(p.s0);
    s.push_back(std::nextafter(p.s0 + p.length, 0.0));
  }
  return s;
}

TEST(CartesianPath, PieceStructureOfRandomPaths) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    const std::vector<PathPoint> pts = randomPath(seed);
    const CartesianPath path(pts, true);
    // Expected: line 0-1, arc 1, line 1-2, arc 2, line 2-3, line 3-4 (3 straight on), arc 4,
    // line 4-5, line 5-6 (5 a stop), arc 6, line 6-7.
    const std::vector<std::pair<PathPieceKind, int>> expected = {
        {PathPieceKind::Line, 0}, {PathPieceKind::Arc, 1}, {PathPieceKind::Line, 1}, {PathPieceKind::Arc, 2},
        {PathPieceKind::Line, 2}, {PathPieceKind::Line, 3}, {PathPieceKind::Arc, 4}, {PathPieceKind::Line, 4},
        {PathPieceKind::Line, 5}, {PathPieceKind::Arc, 6}, {PathPieceKind::Line, 6}};
    ASSERT_EQ(path.pieces().size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(path.pieces()[i].kind, expected[i].first) << i;
      EXPECT_EQ(path.pieces()[i].point, expected[i].second) << i;
      EXPECT_GT(path.pieces()[i].length, 0.0);
    }
    // Stops: the ends and point 5, flagged on the pieces that meet there.
    ASSERT_EQ(path.stops().size(), 3u);
    EXPECT_EQ(path.stops()[0], 0.0);
    EXPECT_EQ(path.stops()[1], path.pointArcLength()[5]);
    EXPECT_EQ(path.stops()[2], path.length());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const PathPiece& p = path.pieces()[i];
      EXPECT_EQ(p.stopAtStart, i == 0 || i == 8) << i;
      EXPECT_EQ(p.stopAtEnd, i == 7 || i == 10) << i;
    }
  }
}

// Length: segment lengths minus 2T per rounded corner plus r phi per arc (1e-12 relative);
// the point positions: the corner's own position for stops and straight-on points, the arc's
// point nearest the corner, c + r (P - c) / |P - c|, for rounded ones (1e-12 m).
TEST(CartesianPath, LengthAndPointPassesMatchClosedForms) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    const std::vector<PathPoint> pts = randomPath(seed);
    const std::vector<Corner> c = corners(pts);
    double expected = 0.0;
    for (std::size_t k = 0; k + 1 < pts.size(); ++k) expected += (pts[k + 1].position - pts[k].position).norm();
    for (std::size_t k = 1; k + 1 < pts.size(); ++k)
      if (c[k].arc) expected += -2.0 * c[k].T + pts[k].radius * c[k].phi;
    const CartesianPath path(pts, true);
    EXPECT_NEAR(path.length(), expected, 1e-12 * expected) << seed;
    ASSERT_EQ(path.pointArcLength().size(), pts.size());
    for (std::size_t k = 0; k < pts.size(); ++k) {
      const Eigen::Vector3d p = at(path, path.pointArcLength()[k]).p;
      Eigen::Vector3d want = pts[k].position;
      if (c[k].arc) want = c[k].centre + pts[k].radius * (pts[k].position - c[k].centre).normalized();
      EXPECT_LT((p - want).norm(), 1e-12) << seed << " point " << k;
    }
  }
}

// On its line (distance to the line through P_k, P_k+1 and within the straight part) or its
// arc (|p - c| = r, in the corner's plane, between the tangent points): 1e-12 m. |dp| = 1 to
// 1e-12; ddp = 0 on lines (exactly), (c - p) / r^2 on arcs (1e-12 / r).
TEST(CartesianPath, SamplesLieOnCommandedLinesAndArcs) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    const std::vector<PathPoint> pts = randomPath(seed);
    const std::vector<Corner> c = corners(pts);
    const CartesianPath path(pts, true);
    for (double s : samples(path, 3000)) {
      const PathSample x = at(path, s);
      const PathPiece& piece = path.pieces()[path.pieceAt(s)];
      const int k = piece.point;
      EXPECT_NEAR(x.dp.norm(), 1.0, 1e-12);
      if (piece.kind == PathPieceKind::Line) {
        const Eigen::Vector3d a = pts[k].position, b = pts[k + 1].position;
        const Eigen::Vector3d d = (b - a).normalized();
        EXPECT_LT((x.p - a).cross(d).norm(), 1e-12) << seed << " s " << s;
        const double along = (x.p - a).dot(d);
        EXPECT_GE(along, c[k].T - 1e-12);
        EXPECT_LE(along, (b - a).norm() - c[k + 1].T + 1e-12);
        EXPECT_LT((x.dp - d).norm(), 1e-12);
        EXPECT_EQ(x.ddp.norm(), 0.0);
      } else {
        const double r = pts[k].radius;
        EXPECT_NEAR((x.p - c[k].centre).norm(), r, 1e-12) << seed << " s " << s;
        const Eigen::Vector3d normal = c[k].d1.cross(c[k].d2).normalized();
        EXPECT_LT(std::abs((x.p - pts[k].position).dot(normal)), 1e-12);
        // Between the tangent points: the angle from the arc's start is within [0, phi].
        const Eigen::Vector3d start = pts[k].position - c[k].T * c[k].d1;
        const Eigen::Vector3d e0 = (start - c[k].centre) / r, e1 = (x.p - c[k].centre) / r;
        EXPECT_LE(std::atan2(e0.cross(e1).norm(), e0.dot(e1)), c[k].phi + 1e-9);
        EXPECT_LT((x.ddp - (c[k].centre - x.p) / (r * r)).norm(), 1e-12 / r);
        EXPECT_NEAR(x.ddp.norm(), 1.0 / r, 1e-12 / r);
        EXPECT_LT(std::abs(x.dp.dot(x.p - c[k].centre)), 1e-12);  // tangent to the circle
        EXPECT_LT(std::abs(x.dp.dot(normal)), 1e-12);
      }
    }
    EXPECT_LT((at(path, 0.0).p - pts.front().position).norm(), 1e-12);
    EXPECT_LT((at(path, path.length()).p - pts.back().position).norm(), 1e-12);
  }
}

// At every junction, the end of one piece (one ulp before) and the start of the next: p agrees
// to 1e-12; dp, R and w too (the arcs are tangent to their lines) except at stops, where the
// path may turn a sharp corner and a linear-progress piece starts turning at once.
TEST(CartesianPath, ContinuousAtJunctions) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    const std::vector<PathPoint> pts = randomPath(seed);
    const CartesianPath path(pts, true);
    for (std::size_t i = 1; i < path.pieces().size(); ++i) {
      const double b = path.pieces()[i].s0;
      EXPECT_NEAR(path.pieces()[i - 1].s0 + path.pieces()[i - 1].length, b, 1e-15);
      const PathSample left = at(path, std::nextafter(b, 0.0)), right = at(path, b);
      EXPECT_EQ(path.pieceAt(std::nextafter(b, 0.0)), static_cast<int>(i) - 1);
      EXPECT_EQ(path.pieceAt(b), static_cast<int>(i));
      EXPECT_LT((left.p - right.p).norm(), 1e-12) << seed << " junction " << i;
      EXPECT_LT((left.R - right.R).norm(), 1e-12) << seed << " junction " << i;
      EXPECT_EQ(path.pieces()[i].stopAtStart, path.pieces()[i - 1].stopAtEnd);
      if (path.pieces()[i].stopAtStart) continue;
      EXPECT_LT((left.dp - right.dp).norm(), 1e-12) << seed << " junction " << i;
      EXPECT_LT((left.w - right.w).norm(), 1e-12) << seed << " junction " << i;
    }
  }
}

// Central differences, h = 1e-6 m, at samples at least 2h from a junction:
// dp ~ dp/ds, ddp ~ d(dp)/ds, w ~ vee(dR/ds R^T), dw ~ dw/ds. Truncation h^2/6 |f'''| (below
// 1e-8 here) plus rounding 1e-16 |f| / h (1e-10 |f|): tolerance 1e-6 max(1, |f|).
TEST(CartesianPath, DerivativesMatchFiniteDifferences) {
  const double h = 1e-6;
  for (unsigned seed : {1u, 2u, 3u}) {
    const std::vector<PathPoint> pts = randomPath(seed);
    const CartesianPath path(pts, true);
    int checked = 0;
    for (int i = 1; i < 1000; ++i) {
      const double s = path.length() * i / 1000.0;
      bool nearJunction = false;
      for (const PathPiece& p : path.pieces()) nearJunction = nearJunction || std::abs(s - p.s0) < 2.0 * h;
      if (nearJunction) continue;
      const PathSample x = at(path, s), plus = at(path, s + h), minus = at(path, s - h);
      auto near = [](const Eigen::Vector3d& fd, const Eigen::Vector3d& exact) {
        return (fd - exact).norm() <= 1e-6 * std::max(1.0, exact.norm());
      };
      EXPECT_TRUE(near((plus.p - minus.p) / (2.0 * h), x.dp)) << seed << " s " << s;
      EXPECT_TRUE(near((plus.dp - minus.dp) / (2.0 * h), x.ddp)) << seed << " s " << s;
      EXPECT_TRUE(near(vee((plus.R - minus.R) / (2.0 * h) * x.R.transpose()), x.w)) << seed << " s " << s;
      EXPECT_TRUE(near((plus.w - minus.w) / (2.0 * h), x.dw)) << seed << " s " << s;
      ++checked;
    }
    EXPECT_GT(checked, 950);
  }
}

// R(s) on a line from corner k to k+1 equals Eigen's slerp of the two points' quaternions with
// the same progress u (linear in s between two stops, else the quintic smoothstep): 1e-12.
// On arcs R is the corner's rotation and w = dw = 0 exactly.
TEST(CartesianPath, OrientationIsSingleAxisSlerp) {
  for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
    std::vector<PathPoint> pts = randomPath(seed);
    const CartesianPath path(pts, true);
    for (double s : samples(path, 2000)) {
      const PathSample x = at(path, s);
      const PathPiece& piece = path.pieces()[path.pieceAt(s)];
      const int k = piece.point;
      if (piece.kind == PathPieceKind::Arc) {
        EXPECT_EQ(x.R, pts[k].rotation);
        EXPECT_EQ(x.w.norm(), 0.0);
        EXPECT_EQ(x.dw.norm(), 0.0);
        continue;
      }
      const double f = (s - piece.s0) / piece.length;
      const bool linear = isStop(pts, k) && isStop(pts, k + 1);
      const double u = linear ? f : smoothstep(f);
      const Eigen::Quaterniond q0(pts[k].rotation), q1(pts[k + 1].rotation);
      const Eigen::Matrix3d want = q0.slerp(u, q1).toRotationMatrix();
      EXPECT_LT((x.R - want).norm(), 1e-12) << seed << " s " << s;
    }
    // The rotation of every point is reached where the path passes it.
    for (std::size_t k = 0; k < pts.size(); ++k)
      EXPECT_LT((at(path, path.pointArcLength()[k]).R - pts[k].rotation).norm(), 1e-12) << seed << " " << k;
  }
}

// The line scheme: every point a stop, lines only, constant angular rate per line (linear progress).
TEST(CartesianPath, LineSchemeStopsEverywhere) {
  std::vector<PathPoint> pts = randomPath(7);
  for (PathPoint& p : pts) p.radius = 0.0;
  const CartesianPath path(pts, false);
  ASSERT_EQ(path.pieces().size(), pts.size() - 1);
  ASSERT_EQ(path.stops().size(), pts.size());
  double expected = 0.0;
  for (std::size_t k = 0; k + 1 < pts.size(); ++k) {
    const PathPiece& p = path.pieces()[k];
    EXPECT_EQ(p.kind, PathPieceKind::Line);
    EXPECT_TRUE(p.stopAtStart && p.stopAtEnd);
    EXPECT_EQ(path.stops()[k], p.s0);
    const PathSample a = at(path, p.s0 + 0.1 * p.length), b = at(path, p.s0 + 0.9 * p.length);
    EXPECT_LT((a.w - b.w).norm(), 1e-12);
    EXPECT_EQ(a.dw.norm(), 0.0);
    // |w| = angle / length, the angle of R_k^T R_k+1.
    const double angle = Eigen::AngleAxisd(pts[k].rotation.transpose() * pts[k + 1].rotation).angle();
    EXPECT_NEAR(a.w.norm(), angle / p.length, 1e-12);
    expected += (pts[k + 1].position - pts[k].position).norm();
  }
  EXPECT_NEAR(path.length(), expected, 1e-12 * expected);
}

// Stepniewski's ISO 9283 cube test path (stepniewski.md, eq 5 and its numeric example): cube
// a = 0.6 m centred at (1.7, 0, 1) m, R = 0.03 m, section z = zc. Fly-by reading: corners at the
// square's corners, start and end at the midpoint of the edge y = yc + a/2.
TEST(CartesianPath, StepniewskiIsoCubeContour) {
  const double a = 0.6, R = 0.03, xc = 1.7, yc = 0.0, zc = 1.0, h = a / 2.0;
  std::vector<PathPoint> pts(6);
  pts[0].position = {xc, yc + h, zc};
  pts[1].position = {xc + h, yc + h, zc};
  pts[2].position = {xc + h, yc - h, zc};
  pts[3].position = {xc - h, yc - h, zc};
  pts[4].position = {xc - h, yc + h, zc};
  pts[5].position = pts[0].position;
  for (int k = 1; k <= 4; ++k) pts[k].radius = R;
  const CartesianPath path(pts, true);

  ASSERT_EQ(path.pieces().size(), 9u);
  int lines = 0, arcs = 0;
  for (const PathPiece& p : path.pieces()) {
    if (p.kind == PathPieceKind::Line) {
      ++lines;
    } else {
      ++arcs;
      EXPECT_NEAR(p.angle, M_PI / 2.0, 1e-12);
      EXPECT_EQ(p.radius, R);
      EXPECT_NEAR(p.length, M_PI * R / 2.0, 1e-15);
    }
  }
  EXPECT_EQ(lines, 5);
  EXPECT_EQ(arcs, 4);
  EXPECT_NEAR(path.length(), 4.0 * a - 8.0 * R + 2.0 * M_PI * R, 1e-14);
  EXPECT_NEAR(path.pieces()[0].length, h - R, 1e-15);
  EXPECT_NEAR(path.pieces()[2].length, a - 2.0 * R, 1e-15);
  EXPECT_NEAR(path.pieces()[8].length, h - R, 1e-15);
  EXPECT_EQ(path.stops().size(), 2u);

  // The paper's reading (eq 5 as reconstructed): P2..P5 are the arcs' start points, each arc is
  // tangent there to the incoming line and ends tangent to the line towards the next point.
  const double xa = 0.5 * a - R, ya = xa, ax = 0.5 * a, ay = ax;
  const std::vector<Eigen::Vector3d> paper = {
      {xc, yc + ay, zc}, {xc + xa, yc + ay, zc}, {xc + ax, yc - ya, zc},
      {xc - xa, yc - ay, zc}, {xc - ax, yc + ya, zc}, {xc, yc + ay, zc}};
  Eigen::Vector3d previousEnd = paper[0];  // where the incoming line starts
  for (int k = 1; k <= 4; ++k) {
    const PathPiece& arc = path.pieces()[2 * k - 1];
    ASSERT_EQ(arc.kind, PathPieceKind::Arc);
    ASSERT_EQ(arc.point, k);
    const PathSample start = at(path, arc.s0);
    const PathSample end = at(path, std::nextafter(arc.s0 + arc.length, 0.0));
    EXPECT_LT((start.p - paper[k]).norm(), 1e-12) << "P" << k + 1;
    EXPECT_LT((start.dp - (paper[k] - previousEnd).normalized()).norm(), 1e-12) << "P" << k + 1;
    EXPECT_LT((end.dp - (paper[k + 1] - end.p).normalized()).norm(), 1e-12) << "P" << k + 1;
    EXPECT_NEAR(end.p.z(), zc, 1e-15);
    previousEnd = end.p;
  }
  EXPECT_LT((at(path, 0.0).p - paper[0]).norm(), 1e-15);
  EXPECT_LT((at(path, path.length()).p - paper[5]).norm(), 1e-15);
}

// ----- input errors -----

std::vector<PathPoint> square() {
  std::vector<PathPoint> pts(5);
  pts[0].position = {0.0, 0.0, 0.0};
  pts[1].position = {1.0, 0.0, 0.0};
  pts[2].position = {1.0, 1.0, 0.0};
  pts[3].position = {0.0, 1.0, 0.0};
  pts[4].position = {0.0, 0.0, 0.0};
  for (int k = 0; k < 5; ++k) pts[k].sourceLine = 20 + k;
  return pts;
}

template <class F>
InputError errorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", 0, "", "");
}

TEST(CartesianPath, RefusesFewerThanTwoPoints) {
  std::vector<PathPoint> one(1);
  one[0].sourceLine = 7;
  const InputError e = errorOf([&] { CartesianPath(one, true, "task.yaml"); });
  EXPECT_EQ(e.file(), "task.yaml");
  EXPECT_EQ(e.line(), 7);
  EXPECT_NE(e.message().find("at least two points"), std::string::npos) << e.what();
  EXPECT_THROW(CartesianPath({}, false), InputError);
}

TEST(CartesianPath, RefusesZeroLengthSegment) {
  std::vector<PathPoint> pts = square();
  pts[2].position = pts[1].position;
  const InputError e = errorOf([&] { CartesianPath(pts, false, "task.yaml"); });
  EXPECT_EQ(e.field(), "points[3]");
  EXPECT_EQ(e.line(), 22);
  EXPECT_NE(e.message().find("point 2"), std::string::npos) << e.what();
}

TEST(CartesianPath, RefusesBadNumbers) {
  std::vector<PathPoint> pts = square();
  pts[1].position.x() = std::nan("");
  EXPECT_EQ(errorOf([&] { CartesianPath(pts, true); }).field(), "points[2]");
  pts = square();
  pts[2].radius = -0.1;
  const InputError e = errorOf([&] { CartesianPath(pts, true); });
  EXPECT_EQ(e.field(), "points[3].radius");
  EXPECT_EQ(e.line(), 22);
  EXPECT_NE(e.message().find("negative"), std::string::npos) << e.what();
  pts = square();
  pts[1].rotation(0, 0) = 2.0;
  EXPECT_EQ(errorOf([&] { CartesianPath(pts, true); }).field(), "points[2]");
}

TEST(CartesianPath, RefusesRadiusAtEndsAndInLineScheme) {
  std::vector<PathPoint> pts = square();
  pts[0].radius = 0.1;
  InputError e = errorOf([&] { CartesianPath(pts, true); });
  EXPECT_EQ(e.field(), "points[1].radius");
  EXPECT_NE(e.message().find("first point"), std::string::npos) << e.what();
  pts = square();
  pts[4].radius = 0.1;
  e = errorOf([&] { CartesianPath(pts, true); });
  EXPECT_EQ(e.field(), "points[5].radius");
  EXPECT_NE(e.message().find("last point"), std::string::npos) << e.what();
  pts = square();
  pts[2].radius = 0.1;
  e = errorOf([&] { CartesianPath(pts, false); });
  EXPECT_EQ(e.field(), "points[3].radius");
  EXPECT_EQ(e.line(), 22);
  EXPECT_NE(e.message().find("line-arc"), std::string::npos) << e.what();
  EXPECT_NO_THROW(CartesianPath(pts, true));
}

TEST(CartesianPath, RefusesRadiusAtReversal) {
  std::vector<PathPoint> pts(3);
  pts[1].position = {1.0, 0.0, 0.0};
  pts[2].position = {0.5, 0.0, 0.0};
  pts[1].radius = 0.1;
  const InputError e = errorOf([&] { CartesianPath(pts, true); });
  EXPECT_EQ(e.field(), "points[2].radius");
  EXPECT_NE(e.message().find("turns back"), std::string::npos) << e.what();
  pts[1].radius = 0.0;
  EXPECT_NO_THROW(CartesianPath(pts, true));  // a stop may reverse
}

// Straight on with a radius: no arc, no stop.
TEST(CartesianPath, RadiusOnStraightPointMakesNoArc) {
  std::vector<PathPoint> pts(3);
  pts[1].position = {1.0, 0.0, 0.0};
  pts[2].position = {3.0, 0.0, 0.0};
  pts[1].radius = 0.1;
  const CartesianPath path(pts, true);
  ASSERT_EQ(path.pieces().size(), 2u);
  EXPECT_EQ(path.stops().size(), 2u);
  EXPECT_FALSE(path.pieces()[0].stopAtEnd);
  EXPECT_DOUBLE_EQ(path.length(), 3.0);
}

// Square of 1 m, all corners 90 deg (T = r). Radii 0.3, 0.6, 0.5 at points 2, 3, 4: point 3
// fits beside point 2's arc (0.3 + 0.6 <= 1) but not beside point 4's (0.6 + 0.5 > 1); the
// largest that fits is min(1 - 0.3, 1 - 0.5) / tan(45 deg) = 0.5 m. Exactly that radius
// builds (the straight part between the arcs at points 3 and 4 vanishes), 1.01 times it fails.
// Corners are checked in path order: a conflict on one segment blames the earlier corner.
TEST(CartesianPath, RadiusTooLargeNamesTheLargestThatFits) {
  std::vector<PathPoint> pts = square();
  pts[1].radius = 0.3;
  pts[2].radius = 0.6;
  pts[3].radius = 0.5;
  const InputError e = errorOf([&] { CartesianPath(pts, true, "task.yaml"); });
  EXPECT_EQ(e.field(), "points[3].radius");
  EXPECT_EQ(e.line(), 22);
  EXPECT_EQ(e.file(), "task.yaml");
  EXPECT_EQ(e.message(), "radius 0.6 m does not fit between points 2 and 4: the largest that fits is 0.5 m "
                         "(given the arc at point 4)");
  const double rMax = std::min(1.0 - 0.3, 1.0 - 0.5) / std::tan(M_PI / 4.0);
  pts[2].radius = rMax;
  const CartesianPath path(pts, true);
  int betweenArcs = 0;
  for (std::size_t i = 1; i < path.pieces().size(); ++i)
    if (path.pieces()[i - 1].kind == PathPieceKind::Arc && path.pieces()[i].kind == PathPieceKind::Arc) {
      ++betweenArcs;
      const double b = path.pieces()[i].s0;
      const PathSample l = at(path, std::nextafter(b, 0.0)), r = at(path, b);
      EXPECT_LT((l.p - r.p).norm(), 1e-12);
      EXPECT_LT((l.dp - r.dp).norm(), 1e-12);
    }
  EXPECT_EQ(betweenArcs, 1);
  EXPECT_NEAR(path.length(), 4.0 - 2.0 * (0.3 + rMax + 0.5) + M_PI / 2.0 * (0.3 + rMax + 0.5), 1e-12);
  pts[2].radius = rMax * 1.01;
  EXPECT_EQ(errorOf([&] { CartesianPath(pts, true); }).field(), "points[3].radius");
  // With different tool rotations at the two corners the tool would have no room to turn.
  pts[2].radius = rMax;
  pts[3].rotation = Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  EXPECT_EQ(errorOf([&] { CartesianPath(pts, true); }).field(), "points[4].radius");

  // A radius that does not fit on its own segments is the one named, whatever its neighbours.
  pts = square();
  pts[1].radius = 0.3;
  pts[2].radius = 1.5;
  const InputError e1 = errorOf([&] { CartesianPath(pts, true); });
  EXPECT_EQ(e1.field(), "points[3].radius");
  EXPECT_NE(e1.message().find("the largest that fits is 1 m"), std::string::npos) << e1.what();

  // A 60 deg corner: points (0,0), (1,0), (1 + cos 60, sin 60), (3, 1). T = r tan 30 deg and the
  // room is min(|P2P1|, |P2P3|) = 1, so the largest radius is 1 / tan 30 deg = 1.732 m.
  std::vector<PathPoint> tri(4);
  tri[1].position = {1.0, 0.0, 0.0};
  tri[2].position = {1.0 + 0.5, std::sqrt(3.0) / 2.0, 0.0};
  tri[3].position = {3.0, 1.0, 0.0};
  tri[1].radius = 10.0;
  const InputError e2 = errorOf([&] { CartesianPath(tri, true); });
  EXPECT_EQ(e2.field(), "points[2].radius");
  EXPECT_EQ(e2.message(), "radius 10 m does not fit between points 1 and 3: the largest that fits is 1.73 m");
  const double rMax2 = 1.0 / std::tan(M_PI / 6.0);
  tri[1].radius = rMax2;
  EXPECT_NO_THROW(CartesianPath(tri, true));
  tri[1].radius = rMax2 * 1.01;
  EXPECT_THROW(CartesianPath(tri, true), InputError);
}

TEST(CartesianPath, EvaluateDoesNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const CartesianPath path(randomPath(3), true);
  PathSample x;
  double sum = 0.0;
  test::gAllocations = 0;
  test::gCounting = true;
  for (int i = 0; i <= 100; ++i) {
    path.evaluate(path.length() * i / 100.0, x);
    sum += x.p.sum() + x.R.sum() + path.pieceAt(path.length() * i / 100.0);
  }
  test::gCounting = false;
  EXPECT_EQ(test::gAllocations, 0);
  EXPECT_TRUE(std::isfinite(sum));
#endif
}

}  // namespace
}  // namespace armdyn
