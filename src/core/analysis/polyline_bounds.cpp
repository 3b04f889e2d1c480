#include "analysis/polyline_bounds.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <limits>

namespace armdyn {

namespace {
constexpr double kMargin = 1e-9;  // m: far above the rounding of the distances tested (~1e-15 m)
}  // namespace

double segmentDistance(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  const Eigen::Vector3d ab = b - a;
  const double L2 = ab.squaredNorm();
  const double u = L2 > 0.0 ? std::clamp((p - a).dot(ab) / L2, 0.0, 1.0) : 0.0;
  return (a + u * ab - p).norm();
}

PolylineBounds::PolylineBounds(const std::vector<Eigen::Vector3d>& points) {
  if (points.size() < 2) return;
  const std::size_t segments = points.size() - 1;
  spheres.reserve((segments + kChunk - 1) / kChunk);
  for (std::size_t first = 0; first < segments; first += kChunk) {
    Sphere s;
    s.first = first;
    s.end = std::min(first + kChunk, segments);
    Eigen::Vector3d lo = points[first], hi = points[first];
    for (std::size_t k = first + 1; k <= s.end; ++k) {
      lo = lo.cwiseMin(points[k]);
      hi = hi.cwiseMax(points[k]);
    }
    s.centre = 0.5 * (lo + hi);
    double r2 = 0.0;
    for (std::size_t k = first; k <= s.end; ++k) r2 = std::max(r2, (points[k] - s.centre).squaredNorm());
    s.radius = std::sqrt(r2) + kMargin;
    spheres.push_back(s);
  }
}

double PolylineBounds::nearestSegmentDistance(const std::vector<Eigen::Vector3d>& points, const Eigen::Vector3d& p,
                                              std::size_t first, std::size_t end) const {
  double best = std::numeric_limits<double>::infinity();
  if (first >= end) return best;
  // Chunks overlapping [first, end), nearest lower bound first.
  const std::size_t c0 = first / kChunk, c1 = (end - 1) / kChunk + 1;
  constexpr std::size_t kMaxChunks = 128;
  std::pair<double, std::size_t> order[kMaxChunks];
  std::size_t count = 0;
  for (std::size_t c = c0; c < c1; ++c) {
    const Sphere& s = spheres[c];
    const double bound = std::max(0.0, (p - s.centre).norm() - s.radius);
    if (count < kMaxChunks) {
      order[count++] = {bound, c};
    } else {  // a very long window: scan what does not fit in order of the chunks
      for (std::size_t k = std::max(first, s.first); k < std::min(end, s.end); ++k)
        best = std::min(best, segmentDistance(p, points[k], points[k + 1]));
    }
  }
  std::sort(order, order + count);
  for (std::size_t i = 0; i < count; ++i) {
    if (order[i].first >= best) break;
    const Sphere& s = spheres[order[i].second];
    for (std::size_t k = std::max(first, s.first); k < std::min(end, s.end); ++k)
      best = std::min(best, segmentDistance(p, points[k], points[k + 1]));
  }
  return best;
}

}  // namespace armdyn
