// PathSpeedProfile against closed forms (trapezoid L/v + v/a, triangle 2 sqrt(L/a), a speed dip
// and a stop timed by hand), an independent fine-step forward/backward integration, the limits
// on dense sampling, continuity, finite differences and the inverse timeAt.
#include "trajectory/path_speed_profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "support/malloc_counter.h"

namespace armdyn {
namespace {

struct State {
  double s, sd, sdd;
};

State at(const PathSpeedProfile& p, double t) {
  State x{};
  p.evaluate(t, x.s, x.sd, x.sdd);
  return x;
}

PathSpeedProfile line(double L, double v, double a) { return PathSpeedProfile({0.0, L}, {v, v}, {a}); }

// The speed limit of the grid at s as the profile reads it: on an interval the smaller of its
// end limits that are not zero (a zero is a stop at that point).
double capAt(const std::vector<double>& s, const std::vector<double>& v, std::size_t j) {
  double c = std::numeric_limits<double>::infinity();
  if (v[j] > 0.0) c = std::min(c, v[j]);
  if (v[j + 1] > 0.0) c = std::min(c, v[j + 1]);
  (void)s;
  return c;
}

std::size_t intervalOf(const std::vector<double>& s, double x) {
  const auto it = std::upper_bound(s.begin(), s.end(), x);
  return std::min<std::size_t>(std::max<std::ptrdiff_t>(0, (it - s.begin()) - 1), s.size() - 2);
}

// Seeded random grid: 30 intervals of 0.05-0.5 m, limits 0.2-2 m/s with three interior stops,
// accelerations 0.5-5 m/s^2.
struct Grid {
  std::vector<double> s, v, a;
};

Grid randomGrid(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> ds(0.05, 0.5), v(0.2, 2.0), a(0.5, 5.0);
  Grid g;
  g.s.push_back(0.0);
  for (int i = 0; i < 30; ++i) g.s.push_back(g.s.back() + ds(rng));
  for (int i = 0; i <= 30; ++i) g.v.push_back(v(rng));
  for (int i = 0; i < 30; ++i) g.a.push_back(a(rng));
  g.v[0] = g.v[30] = 0.0;
  g.v[7] = g.v[15] = g.v[22] = 0.0;
  return g;
}

// Closed forms, 1e-12 relative: trapezoid L/v + v/a when v^2/a <= L, else triangle 2 sqrt(L/a).
TEST(PathSpeedProfile, SingleLineTrapezoidAndTriangle) {
  {
    const double L = 2.0, v = 0.5, a = 1.5;  // v^2/a = 0.167 < L: trapezoid
    const PathSpeedProfile p = line(L, v, a);
    EXPECT_NEAR(p.duration(), L / v + v / a, 1e-12 * (L / v));
    EXPECT_NEAR(p.peakSpeed(), v, 1e-15);
    ASSERT_EQ(p.pieces().size(), 3u);
    EXPECT_NEAR(p.pieces()[0].a, a, 1e-12);
    EXPECT_NEAR(p.pieces()[1].a, 0.0, 1e-12);
    EXPECT_NEAR(p.pieces()[2].a, -a, 1e-12);
    EXPECT_NEAR(p.pieces()[0].duration, v / a, 1e-15);
  }
  {
    const double L = 0.1, v = 1.0, a = 2.0;  // v^2/a = 0.5 > L: triangle
    const PathSpeedProfile p = line(L, v, a);
    EXPECT_NEAR(p.duration(), 2.0 * std::sqrt(L / a), 1e-12 * p.duration());
    EXPECT_NEAR(p.peakSpeed(), std::sqrt(a * L), 1e-14);
    EXPECT_EQ(p.pieces().size(), 2u);
  }
  {
    const double L = 0.5, v = 1.0, a = 2.0;  // v^2/a = L: both forms agree
    const PathSpeedProfile p = line(L, v, a);
    EXPECT_NEAR(p.duration(), L / v + v / a, 1e-12);
    EXPECT_NEAR(p.duration(), 2.0 * std::sqrt(L / a), 1e-12);
  }
  // Seeded sweep across the boundary between the two forms.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> U(0.05, 3.0);
  for (int i = 0; i < 200; ++i) {
    const double L = U(rng), v = U(rng), a = U(rng);
    const double expected = v * v / a <= L ? L / v + v / a : 2.0 * std::sqrt(L / a);
    EXPECT_NEAR(line(L, v, a).duration(), expected, 1e-12 * expected) << L << " " << v << " " << a;
  }
  // No speed limit at all: the triangle.
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_NEAR(PathSpeedProfile({0.0, 1.0}, {inf, inf}, {2.0}).duration(), 2.0 * std::sqrt(0.5), 1e-15);
}

// Grid s = 0, 2, 3, 5 m, limits 1, 1, 0.5, 1 m/s (caps 1, 0.5, 0.5), a = 1 m/s^2. By hand:
// accelerate to 1 m/s (1 s, 0.5 m), cruise to s = 2 - (1 - 0.25)/2 = 1.625 (1.125 s), brake to
// 0.5 m/s by s = 2 (0.5 s), cruise to s = 5 - 0.125 = 4.875 (5.75 s), brake to rest (0.5 s):
// 8.875 s.
TEST(PathSpeedProfile, SpeedDipTimedByHand) {
  const PathSpeedProfile p({0.0, 2.0, 3.0, 5.0}, {1.0, 1.0, 0.5, 1.0}, {1.0, 1.0, 1.0});
  EXPECT_NEAR(p.duration(), 8.875, 1e-12);
  EXPECT_NEAR(p.timeAt(0.5), 1.0, 1e-12);
  EXPECT_NEAR(p.timeAt(1.625), 2.125, 1e-12);
  EXPECT_NEAR(p.timeAt(2.0), 2.625, 1e-12);
  EXPECT_NEAR(p.timeAt(4.875), 8.375, 1e-12);
  EXPECT_NEAR(at(p, 2.625).sd, 0.5, 1e-12);
  EXPECT_NEAR(p.peakSpeed(), 1.0, 1e-15);
}

// A stop at s = 1 (limit 0) on a 2 m grid, limits 1 m/s, a = 2 m/s^2: two rest-to-rest metres
// of 1/1 + 1/2 = 1.5 s each; the speed is zero at the stop.
TEST(PathSpeedProfile, StopsWhereTheLimitIsZero) {
  const PathSpeedProfile p({0.0, 1.0, 2.0}, {1.0, 0.0, 1.0}, {2.0, 2.0});
  EXPECT_NEAR(p.duration(), 3.0, 1e-12);
  EXPECT_NEAR(p.timeAt(1.0), 1.5, 1e-12);
  const State x = at(p, 1.5);
  EXPECT_NEAR(x.s, 1.0, 1e-12);
  EXPECT_NEAR(x.sd, 0.0, 1e-12);

  const Grid g = randomGrid(5);
  const PathSpeedProfile q(g.s, g.v, g.a);
  for (std::size_t i : {0u, 7u, 15u, 22u, 30u}) {
    const double t = q.timeAt(g.s[i]);
    EXPECT_NEAR(at(q, t).s, g.s[i], 1e-12) << i;
    EXPECT_NEAR(at(q, t).sd, 0.0, 1e-12) << i;
  }
}

// Dense sampling of random grids: sd <= cap of the interval (1e-12 relative), |sdd| <= a of the
// interval (1e-9 relative: a piece's sdd is (vb - va)/dt, equal to +-a up to rounding), sd >= 0,
// s increasing from 0 to the length.
TEST(PathSpeedProfile, RespectsLimitsOnDenseSampling) {
  for (unsigned seed : {1u, 2u, 3u, 4u}) {
    const Grid g = randomGrid(seed);
    const PathSpeedProfile p(g.s, g.v, g.a);
    EXPECT_EQ(p.length(), g.s.back());
    double last = -1.0;
    const int n = 20000;
    for (int i = 0; i <= n; ++i) {
      const State x = at(p, p.duration() * i / n);
      EXPECT_GE(x.s, last);
      last = x.s;
      EXPECT_GE(x.sd, 0.0);
      const std::size_t j = intervalOf(g.s, x.s);
      // Exactly on a grid point the sample may belong to the interval before.
      double cap = capAt(g.s, g.v, j), acc = g.a[j];
      if (j > 0 && std::abs(x.s - g.s[j]) < 1e-12) {
        cap = std::max(cap, capAt(g.s, g.v, j - 1));
        acc = std::max(acc, g.a[j - 1]);
      }
      EXPECT_LE(x.sd, cap * (1.0 + 1e-12)) << seed << " s " << x.s;
      EXPECT_LE(std::abs(x.sdd), acc * (1.0 + 1e-9)) << seed << " s " << x.s;
    }
    EXPECT_EQ(at(p, 0.0).s, 0.0);
    EXPECT_EQ(at(p, p.duration()).s, g.s.back());
    EXPECT_EQ(at(p, p.duration()).sd, 0.0);
    // Every piece keeps within one grid interval.
    for (const PathSpeedProfile::Piece& piece : p.pieces()) {
      const double end = piece.s0 + piece.duration * (piece.v0 + 0.5 * piece.a * piece.duration);
      const std::size_t j = intervalOf(g.s, piece.s0);
      EXPECT_LE(end, g.s[j + 1] + 1e-12);
    }
  }
}

// s and sd continuous at every piece junction (one ulp before against the start: 1e-12);
// sd = central difference of s and sdd = central difference of sd inside pieces (h = 1e-6 s;
// s is quadratic there, so only rounding 1e-16 |s| / h ~ 1e-10 remains: tolerance 1e-8).
TEST(PathSpeedProfile, ContinuousAndConsistentWithFiniteDifferences) {
  for (unsigned seed : {1u, 2u}) {
    const Grid g = randomGrid(seed);
    const PathSpeedProfile p(g.s, g.v, g.a);
    const auto& pieces = p.pieces();
    for (std::size_t i = 1; i < pieces.size(); ++i) {
      const double t = pieces[i].t0;
      EXPECT_NEAR(pieces[i - 1].t0 + pieces[i - 1].duration, t, 1e-15 * p.duration());
      const State l = at(p, std::nextafter(t, 0.0)), r = at(p, t);
      EXPECT_NEAR(l.s, r.s, 1e-12) << seed << " piece " << i;
      EXPECT_NEAR(l.sd, r.sd, 1e-12) << seed << " piece " << i;
    }
    const double h = 1e-6;
    for (const PathSpeedProfile::Piece& piece : pieces) {
      if (piece.duration < 4.0 * h) continue;
      for (double f : {0.25, 0.5, 0.75}) {
        const double t = piece.t0 + f * piece.duration;
        const State x = at(p, t), plus = at(p, t + h), minus = at(p, t - h);
        EXPECT_NEAR((plus.s - minus.s) / (2.0 * h), x.sd, 1e-8);
        EXPECT_NEAR((plus.sd - minus.sd) / (2.0 * h), x.sdd, 1e-8);
      }
    }
  }
}

// timeAt inverts evaluate: s(timeAt(s)) = s to 1e-12; timeAt(s(t)) = t to 1e-9 where moving
// (sd > 1e-3 m/s; near rest the inverse is ill-conditioned).
TEST(PathSpeedProfile, TimeAtInvertsEvaluate) {
  const Grid g = randomGrid(3);
  const PathSpeedProfile p(g.s, g.v, g.a);
  for (int i = 0; i <= 5000; ++i) {
    const double s = g.s.back() * i / 5000.0;
    EXPECT_NEAR(at(p, p.timeAt(s)).s, s, 1e-12) << s;
    const double t = p.duration() * i / 5000.0;
    const State x = at(p, t);
    if (x.sd > 1e-3) {
      EXPECT_NEAR(p.timeAt(x.s), t, 1e-9) << t;
    }
  }
  EXPECT_EQ(p.timeAt(-1.0), 0.0);
  EXPECT_EQ(p.timeAt(1e9), p.duration());
}

// The duration against an independent integration: the same caps and stops on steps of
// 1e-5 m, forward and backward passes in sd^2, time = sum 2 ds / (va + vb). It converges to
// the exact value from above as the step shrinks (relative difference below 1e-4 here).
TEST(PathSpeedProfile, DurationMatchesFineStepIntegration) {
  for (unsigned seed : {1u, 2u}) {
    const Grid g = randomGrid(seed);
    const PathSpeedProfile p(g.s, g.v, g.a);
    std::vector<double> xs, cap, acc, stop;
    for (std::size_t j = 0; j + 1 < g.s.size(); ++j) {
      const int k = static_cast<int>(std::ceil((g.s[j + 1] - g.s[j]) / 1e-5));
      for (int i = 0; i < k; ++i) {
        xs.push_back(g.s[j] + (g.s[j + 1] - g.s[j]) * i / k);
        cap.push_back(capAt(g.s, g.v, j));
        acc.push_back(g.a[j]);
        stop.push_back(i == 0 && g.v[j] == 0.0);
      }
    }
    xs.push_back(g.s.back());
    stop.push_back(1.0);
    const std::size_t n = xs.size();
    std::vector<double> F(n), B(n);
    F[0] = 0.0;
    for (std::size_t i = 0; i + 1 < n; ++i)
      F[i + 1] = stop[i + 1] ? 0.0 : std::min(F[i] + 2.0 * acc[i] * (xs[i + 1] - xs[i]), cap[i] * cap[i]);
    B[n - 1] = 0.0;
    for (std::size_t i = n - 1; i-- > 0;)
      B[i] = stop[i] ? 0.0 : std::min(B[i + 1] + 2.0 * acc[i] * (xs[i + 1] - xs[i]), cap[i] * cap[i]);
    double T = 0.0;
    for (std::size_t i = 0; i + 1 < n; ++i) {
      const double va = std::sqrt(std::min(F[i], B[i])), vb = std::sqrt(std::min(F[i + 1], B[i + 1]));
      T += 2.0 * (xs[i + 1] - xs[i]) / (va + vb);
    }
    EXPECT_NEAR(p.duration(), T, 1e-4 * T) << seed;
    EXPECT_LE(p.duration(), T * (1.0 + 1e-12)) << seed;
  }
}

TEST(PathSpeedProfile, RefusesBadArguments) {
  EXPECT_THROW(PathSpeedProfile({0.0}, {1.0}, {}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0}, {1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0, 1.0}, {}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, std::nan(""), 2.0}, {1.0, 1.0, 1.0}, {1.0, 1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0, -1.0}, {1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0, std::nan("")}, {1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0, 1.0}, {0.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0}, {1.0, 1.0}, {std::numeric_limits<double>::infinity()}),
               std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({0.0, 1.0, 2.0, 3.0}, {1.0, 0.0, 0.0, 1.0}, {1.0, 1.0, 1.0}), std::invalid_argument);
  EXPECT_THROW(PathSpeedProfile({1.0, 2.0}, {1.0, 1.0}, {1.0}), std::invalid_argument);
}

TEST(PathSpeedProfile, EvaluateDoesNotAllocate) {
#ifndef ARMDYN_COUNT_MALLOC
  GTEST_SKIP() << "malloc counting needs glibc and no AddressSanitizer (it owns malloc)";
#else
  const Grid g = randomGrid(2);
  const PathSpeedProfile p(g.s, g.v, g.a);
  double s = 0.0, sd = 0.0, sdd = 0.0, sum = 0.0;
  test::gAllocations = 0;
  test::gCounting = true;
  for (int i = 0; i <= 100; ++i) {
    p.evaluate(p.duration() * i / 100.0, s, sd, sdd);
    sum += s + sd + sdd + p.timeAt(s);
  }
  test::gCounting = false;
  EXPECT_EQ(test::gAllocations, 0);
  EXPECT_TRUE(std::isfinite(sum));
  // The counter works: building a profile allocates.
  test::gAllocations = 0;
  test::gCounting = true;
  const PathSpeedProfile q(g.s, g.v, g.a);
  test::gCounting = false;
  EXPECT_GT(test::gAllocations, 0);
  EXPECT_GT(q.duration(), 0.0);
#endif
}

}  // namespace
}  // namespace armdyn
