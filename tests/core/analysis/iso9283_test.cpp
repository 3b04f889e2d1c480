// ISO 9283 characteristics (analysis/iso9283.h) against hand computations on synthetic
// attained poses and paths. Every expected value below is worked out in
// the comment above it; tolerance 1e-12 (sums of a few terms).
#include "analysis/iso9283.h"

#include <gtest/gtest.h>

#include <cmath>

namespace armdyn {
namespace {

using V = Eigen::Vector3d;

TEST(Iso9283, PoseAccuracyAndRepeatabilityByHand) {
  // Attained (1,0,0), (0,1,0), (0,0,1) mm for the command 0: barycentre (1/3,1/3,1/3) mm,
  // AP = sqrt(3)/3 = 0.5773502692 mm; every l_j = sqrt(4/9 + 1/9 + 1/9) = sqrt(6)/3 mm, S_l = 0,
  // RP = sqrt(6)/3 = 0.8164965809 mm.
  const PoseCharacteristics a = poseCharacteristics(V::Zero(), {V(1e-3, 0, 0), V(0, 1e-3, 0), V(0, 0, 1e-3)});
  EXPECT_NEAR(a.AP, std::sqrt(3.0) / 3.0 * 1e-3, 1e-15);
  EXPECT_NEAR(a.RP, std::sqrt(6.0) / 3.0 * 1e-3, 1e-15);
  EXPECT_NEAR(a.barycentre.x(), 1e-3 / 3.0, 1e-18);
  // Along x only, attained 1, 2, 4, 5 mm for the command 0: barycentre 3 mm, AP = 3 mm;
  // l = 2, 1, 1, 2 mm, l_bar = 1.5 mm, S_l = sqrt((0.25 * 4) / 3) = sqrt(1/3) = 0.5773502692 mm,
  // RP = 1.5 + 3 * 0.5773502692 = 3.2320508076 mm.
  const PoseCharacteristics b =
      poseCharacteristics(V::Zero(), {V(1e-3, 0, 0), V(2e-3, 0, 0), V(4e-3, 0, 0), V(5e-3, 0, 0)});
  EXPECT_NEAR(b.AP, 3e-3, 1e-15);
  EXPECT_NEAR(b.distanceDeviation, std::sqrt(1.0 / 3.0) * 1e-3, 1e-15);
  EXPECT_NEAR(b.RP, (1.5 + 3.0 * std::sqrt(1.0 / 3.0)) * 1e-3, 1e-15);
  // Orientation: yaw attained 0.01, 0.03 rad for the command 0.01: AP_c = 0.01 rad,
  // S = sqrt(2 * 0.01^2 / 1) = 0.0141421356, RP_c = 0.0424264069 rad.
  const PoseCharacteristics o = poseCharacteristics(V::Zero(), {V(0, 0, 0), V(0, 0, 0)}, V(0, 0, 0.01),
                                                    {V(0, 0, 0.01), V(0, 0, 0.03)});
  EXPECT_NEAR(o.APa.z(), 0.01, 1e-15);
  EXPECT_NEAR(o.RPa.z(), 3.0 * std::sqrt(2.0) * 0.01, 1e-15);
  EXPECT_THROW(poseCharacteristics(V::Zero(), {V::Zero()}), std::invalid_argument);
}

TEST(Iso9283, PathAccuracyAndRepeatabilityByHand) {
  // Command: the x axis from 0 to 1 m, evaluated at x = 0.1 .. 0.9. Run 1 at y = +1 mm, run 2 at
  // y = +3 mm, run 3 at y = +2 mm, z = +1 mm: at every point the barycentre is (x, 2 mm,
  // 1/3 mm), AT = sqrt(4 + 1/9) mm = 2.0275875100 mm; the distances from it are sqrt(1 + 1/9),
  // sqrt(1 + 1/9), 2/3 mm: l_bar = (2 sqrt(10)/3 + 2/3) / 3, S_l from those, RT = l_bar + 3 S_l.
  std::vector<V> points, tangents;
  for (int i = 1; i <= 9; ++i) {
    points.emplace_back(0.1 * i, 0, 0);
    tangents.emplace_back(2, 0, 0);  // not unit: normalised by the function
  }
  std::vector<std::vector<V>> runs(3);
  for (int k = 0; k <= 100; ++k) {
    const double x = 0.01 * k;
    runs[0].emplace_back(x, 1e-3, 0);
    runs[1].emplace_back(x, 3e-3, 0);
    runs[2].emplace_back(x, 2e-3, 1e-3);
  }
  const PathCharacteristics c = pathCharacteristics(points, tangents, runs);
  EXPECT_NEAR(c.AT, std::sqrt(4.0 + 1.0 / 9.0) * 1e-3, 1e-12);
  const double l1 = std::sqrt(1.0 + 1.0 / 9.0), l3 = 2.0 / 3.0;
  const double lbar = (2 * l1 + l3) / 3.0;
  const double s = std::sqrt((2 * (l1 - lbar) * (l1 - lbar) + (l3 - lbar) * (l3 - lbar)) / 2.0);
  EXPECT_NEAR(c.RT, (lbar + 3.0 * s) * 1e-3, 1e-12);
  EXPECT_EQ(c.missed, 0);
  // A run that lags and tilts: y = 1 mm + 0.01 x crosses the plane x = 0.5 at y = 6 mm.
  std::vector<std::vector<V>> tilted(1);
  for (int k = 0; k <= 10; ++k) tilted[0].emplace_back(0.1 * k, 1e-3 + 0.01 * 0.1 * k, 0);
  const PathCharacteristics t = pathCharacteristics({V(0.5, 0, 0)}, {V(1, 0, 0)}, tilted);
  EXPECT_NEAR(t.AT, 6e-3, 1e-12);
  EXPECT_NEAR(t.RT, 0.0, 1e-15);  // one run
}

TEST(Iso9283, CorneringByHand) {
  // Command: along +x to the corner (1, 0, 0), then along +y. Attained: the quarter circle of
  // radius r = 10 mm tangent to both legs (centre (1 - r, r)): CR = r (sqrt 2 - 1) = 4.1421356 mm.
  const double r = 0.01;
  std::vector<V> rounded;
  for (int k = 0; k <= 20; ++k) rounded.emplace_back(1 - r - 0.05 + 0.05 * k / 20.0, 0, 0);
  for (int k = 0; k <= 2000; ++k) {
    const double a = -M_PI / 2 + (M_PI / 2) * k / 2000.0;
    rounded.emplace_back(1 - r + r * std::cos(a), r + r * std::sin(a), 0);
  }
  for (int k = 1; k <= 20; ++k) rounded.emplace_back(1, r + 0.05 * k / 20.0, 0);
  const CorneringCharacteristics c = corneringCharacteristics(V(1, 0, 0), V(1, 0, 0), V(0, 1, 0), rounded);
  EXPECT_NEAR(c.CR, r * (std::sqrt(2.0) - 1.0), 1e-8);  // the arc sampled in 2000 chords: 1e-9
  EXPECT_NEAR(c.CO, 0.0, 1e-15);                      // never beyond x = 1 after the corner
  // An overshoot: past the corner the path swings out to x = 1.002 and back.
  std::vector<V> over = {V(0.9, 0, 0), V(1, 0, 0), V(1.002, 0.01, 0), V(1.001, 0.02, 0), V(1, 0.05, 0)};
  const CorneringCharacteristics d = corneringCharacteristics(V(1, 0, 0), V(1, 0, 0), V(0, 1, 0), over);
  EXPECT_NEAR(d.CO, 0.002, 1e-15);
  EXPECT_NEAR(d.CR, 0.0, 1e-15);
  EXPECT_THROW(corneringCharacteristics(V(1, 0, 0), V(1, 0, 0), V(2, 0, 0), over), std::invalid_argument);
}

TEST(Iso9283, PathVelocityByHand) {
  // Command 0.5 m/s; run 1 speeds 0.49, 0.50, 0.51 (mean 0.50, spread 0.02); run 2 0.47, 0.48,
  // 0.49 (mean 0.48, spread 0.02). All samples' mean 0.49: AV = -2 %; the runs' means 0.50, 0.48
  // have S = sqrt(2 * 0.01^2) = 0.0141421 m/s, RV = 3 S / 0.5 100 = 8.485281 %; FV = 0.02 m/s.
  const PathVelocityCharacteristics v = pathVelocityCharacteristics({{0.49, 0.50, 0.51}, {0.47, 0.48, 0.49}}, 0.5);
  EXPECT_NEAR(v.AV, -2.0, 1e-12);
  EXPECT_NEAR(v.RV, 3.0 * std::sqrt(2.0) * 0.01 / 0.5 * 100.0, 1e-12);
  EXPECT_NEAR(v.FV, 0.02, 1e-15);
  EXPECT_THROW(pathVelocityCharacteristics({{0.5}}, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
