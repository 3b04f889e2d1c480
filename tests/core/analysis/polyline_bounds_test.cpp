// The pruned searches of the ISO 9283 evaluation against full scans (the code before pruning,
// kept here as the reference): exactly the same numbers, since skipping a chunk is exact.
#include "analysis/iso9283.h"
#include "analysis/polyline_bounds.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace armdyn {
namespace {

// A closed, wiggly loop of n points (radius 0.3 m, 2 mm ripples, 0.1 mm noise): like an
// attained circle, it passes near every normal plane twice.
std::vector<Eigen::Vector3d> noisyLoop(std::mt19937& rng, int n, double phase) {
  std::normal_distribution<double> noise(0.0, 1e-4);
  std::vector<Eigen::Vector3d> points;
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * M_PI * k / (n - 1) + phase;
    const double r = 0.3 + 2e-3 * std::sin(17.0 * a);
    points.emplace_back(1.5 + r * std::cos(a) + noise(rng), r * std::sin(a) + noise(rng), 1.0 + 1e-3 * std::cos(5.0 * a));
  }
  return points;
}

TEST(PolylineBounds, NearestSegmentDistanceIsTheFullScans) {
  std::mt19937 rng(91);
  const std::vector<Eigen::Vector3d> line = noisyLoop(rng, 6000, 0.0);
  const PolylineBounds bounds(line);
  std::uniform_int_distribution<std::size_t> index(0, line.size() - 2);
  std::normal_distribution<double> offset(0.0, 5e-3);
  for (int trial = 0; trial < 3000; ++trial) {
    std::size_t a = index(rng), b = index(rng);
    if (a > b) std::swap(a, b);
    if (trial % 3 == 0) a = 0, b = line.size() - 1;  // the whole line, past the ordered chunks
    const Eigen::Vector3d p = line[index(rng)] + Eigen::Vector3d(offset(rng), offset(rng), offset(rng));
    double full = std::numeric_limits<double>::infinity();
    for (std::size_t k = a; k < b; ++k) full = std::min(full, segmentDistance(p, line[k], line[k + 1]));
    ASSERT_EQ(bounds.nearestSegmentDistance(line, p, a, b), full) << "trial " << trial;
  }
}

TEST(PolylineBounds, PathCharacteristicsAreTheFullScans) {
  std::mt19937 rng(92);
  std::vector<std::vector<Eigen::Vector3d>> runs;
  for (int r = 0; r < 4; ++r) runs.push_back(noisyLoop(rng, 5000, 0.01 * r));
  std::vector<Eigen::Vector3d> points, tangents;
  for (int i = 1; i < 400; ++i) {
    const double a = 2.0 * M_PI * i / 400.0;
    points.emplace_back(1.5 + 0.3 * std::cos(a), 0.3 * std::sin(a), 1.0);
    tangents.emplace_back(-std::sin(a), std::cos(a), 0.0);
  }
  const PathCharacteristics c = pathCharacteristics(points, tangents, runs);
  // The reference: every segment of every run tested, the nearest crossing kept.
  ASSERT_EQ(c.deviation.size(), points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d t = tangents[i].normalized();
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    int crossed = 0;
    for (const std::vector<Eigen::Vector3d>& run : runs) {
      double best = std::numeric_limits<double>::infinity();
      Eigen::Vector3d at = Eigen::Vector3d::Zero();
      for (std::size_t k = 0; k + 1 < run.size(); ++k) {
        const double s0 = (run[k] - points[i]).dot(t), s1 = (run[k + 1] - points[i]).dot(t);
        if ((s0 > 0.0 && s1 > 0.0) || (s0 < 0.0 && s1 < 0.0) || s0 == s1) continue;
        const double u = s0 / (s0 - s1);
        const Eigen::Vector3d x = run[k] + u * (run[k + 1] - run[k]);
        const double d = (x - points[i]).norm();
        if (d < best) best = d, at = x;
      }
      if (std::isfinite(best)) sum += at, ++crossed;
    }
    ASSERT_EQ(crossed, static_cast<int>(runs.size())) << "point " << i;
    // The barycentre of the crossings, as pathCharacteristics forms it (repeatability()).
    EXPECT_EQ(c.deviation[i], (sum / static_cast<double>(crossed) - points[i]).norm()) << "point " << i;
  }
  EXPECT_EQ(c.missed, 0);
}

}  // namespace
}  // namespace armdyn
