#pragma once
// Bounding spheres of a polyline's segments, a chunk of kChunk consecutive segments each, so that
// the nearest-segment and plane-crossing searches of the ISO 9283 evaluation skip the chunks
// that cannot hold a better answer instead of testing every segment (an attained run has ~5000
// samples, a command polyline ~5000 0.5 mm chords, and every evaluation point asks). A chunk's
// sphere holds every point of its segments (they lie in the convex hull of its samples).
// Skipping is exact: a skipped chunk cannot hold a segment closer than the best found (nor a
// crossing of a plane that misses its sphere), so the answers are those of the full scan.

#include <Eigen/Core>
#include <cstddef>
#include <vector>

namespace armdyn {

struct PolylineBounds {
  static constexpr std::size_t kChunk = 32;
  struct Sphere {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    double radius = 0.0;             // m, with a 1 nm margin for the rounding of the tests
    std::size_t first = 0, end = 0;  // segments [first, end): segment k joins points k and k+1
  };
  std::vector<Sphere> spheres;

  PolylineBounds() = default;
  explicit PolylineBounds(const std::vector<Eigen::Vector3d>& points);

  // The smallest distance from p to a segment in [first, end) (segmentDistance), every chunk
  // scanned in order of its lower bound and left out once that bound reaches the best found.
  double nearestSegmentDistance(const std::vector<Eigen::Vector3d>& points, const Eigen::Vector3d& p,
                                std::size_t first, std::size_t end) const;
};

// Distance from p to the segment a-b.
double segmentDistance(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b);

}  // namespace armdyn
