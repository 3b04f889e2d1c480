#pragma once
// Checks shared by the joint-scheme tests (piecewise polynomial, cubic, quintic, lspb, timing):
// identities every scheme must satisfy, each against something independent of the code under
// test (the polynomial pieces on both sides of a break, central finite differences, the task
// points, the limits).
#include "trajectory/piecewise_polynomial.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace armdyn::test {

struct Sample {
  Eigen::VectorXd q, qd, qdd;
};

inline Sample sampleAt(const JointTrajectory& traj, double t) {
  Sample s{Eigen::VectorXd(traj.dof()), Eigen::VectorXd(traj.dof()), Eigen::VectorXd(traj.dof())};
  traj.evaluate(t, s.q, s.qd, s.qdd);
  return s;
}

// Value of derivative r (0..2) of a piece's polynomial at local time tau, by the power sum
// (independent of the Horner evaluation under test).
inline double powerSum(const PolynomialCoefficients& c, int r, double tau) {
  double v = 0.0;
  for (int k = r; k < 6; ++k) {
    double f = 1.0;
    for (int s = 0; s < r; ++s) f *= k - s;
    v += f * c[k] * std::pow(tau, k - r);
  }
  return v;
}

// q, qd (and qdd if continuity() == 2) agree at every interior break: the left piece at its
// end against the right piece at its start. Tolerance 1e-9 relative to the size of the values
// (the pieces are built in closed form; only rounding separates them).
inline void expectContinuousAtBreaks(const PiecewisePolynomial& traj, const std::string& what) {
  const int n = traj.dof();
  for (int i = 1; i < traj.pieceCount(); ++i) {
    const double h = traj.breaks()[i] - traj.breaks()[i - 1];
    for (int j = 0; j < n; ++j) {
      const PolynomialCoefficients left = traj.pieceCoefficients(i - 1, j), right = traj.pieceCoefficients(i, j);
      for (int r = 0; r <= traj.continuity(); ++r) {
        const double a = powerSum(left, r, h), b = powerSum(right, r, 0.0);
        EXPECT_NEAR(a, b, 1e-9 * std::max(1.0, std::abs(a))) << what << ": derivative " << r << " at break " << i
                                                              << " (t = " << traj.breaks()[i] << "), joint " << j;
      }
    }
  }
}

// qd and qdd equal central differences of q and qd (step 1e-6 s, away from the breaks, where
// the derivatives jump). Truncation error ~ h^2 q'''/6 ~ 1e-12, rounding ~ 1e-16 |q| / h
// ~ 1e-10: the tolerance 1e-5 relative to the peak magnitude leaves a wide margin.
inline void expectDerivativesMatchDifferences(const PiecewisePolynomial& traj, std::mt19937& rng,
                                              const std::string& what) {
  const double h = 1e-6;
  const double T = traj.duration();
  const Eigen::VectorXd vPeak = traj.peakMagnitudes(1), aPeak = traj.peakMagnitudes(2);
  std::uniform_real_distribution<double> u(0.0, T);
  int checked = 0;
  for (int trial = 0; trial < 400 && checked < 200; ++trial) {
    const double t = u(rng);
    bool nearBreak = false;
    for (double b : traj.breaks()) nearBreak = nearBreak || std::abs(t - b) < 10.0 * h;
    if (nearBreak) continue;
    ++checked;
    const Sample s = sampleAt(traj, t), p = sampleAt(traj, t + h), m = sampleAt(traj, t - h);
    for (int j = 0; j < traj.dof(); ++j) {
      EXPECT_NEAR(s.qd(j), (p.q(j) - m.q(j)) / (2.0 * h), 1e-5 * std::max(1.0, vPeak(j))) << what << " t " << t;
      EXPECT_NEAR(s.qdd(j), (p.qd(j) - m.qd(j)) / (2.0 * h), 1e-5 * std::max(1.0, aPeak(j))) << what << " t " << t;
    }
  }
  EXPECT_GT(checked, 100) << what;
}

// Starts and ends at rest (qd = 0; qdd too for `accelerationToo`), to rounding (1e-12).
inline void expectAtRestAtEnds(const JointTrajectory& traj, bool accelerationToo, const std::string& what) {
  for (double t : {0.0, traj.duration()}) {
    const Sample s = sampleAt(traj, t);
    EXPECT_LT(s.qd.cwiseAbs().maxCoeff(), 1e-12) << what << " at t = " << t;
    if (accelerationToo) {
      EXPECT_LT(s.qdd.cwiseAbs().maxCoeff(), 1e-12) << what << " at t = " << t;
    }
  }
}

// Passes through point k at the time of its Point knot (1e-12 relative: closed forms).
inline void expectThroughPoints(const JointTrajectory& traj, const Eigen::MatrixXd& points, const std::string& what) {
  int seen = 0;
  for (const TrajectoryKnot& k : traj.knots()) {
    if (k.kind != KnotKind::Point) continue;
    ++seen;
    const Sample s = sampleAt(traj, k.time);
    for (int j = 0; j < traj.dof(); ++j)
      EXPECT_NEAR(s.q(j), points(k.point, j), 1e-12 * std::max(1.0, std::abs(points(k.point, j))))
          << what << " point " << k.point << " joint " << j;
  }
  EXPECT_EQ(seen, points.rows()) << what;
}

// Knots in time order, inside [0, duration].
inline void expectKnotsOrdered(const JointTrajectory& traj, const std::string& what) {
  double last = 0.0;
  for (const TrajectoryKnot& k : traj.knots()) {
    EXPECT_GE(k.time, last) << what;
    EXPECT_LE(k.time, traj.duration() * (1.0 + 1e-15)) << what;
    last = k.time;
  }
}

// Dense sampling (samples per second, plus every break and break +- 1e-9): the largest |qd| /
// vMax and |qdd| / aMax over all joints and samples.
struct LimitUse {
  double velocity = 0.0, acceleration = 0.0;
};
inline LimitUse sampledLimitUse(const PiecewisePolynomial& traj, const Eigen::VectorXd& vMax, const Eigen::VectorXd& aMax,
                                int samples = 20000) {
  LimitUse use;
  std::vector<double> times;
  for (int i = 0; i <= samples; ++i) times.push_back(traj.duration() * i / samples);
  for (double b : traj.breaks()) times.insert(times.end(), {b, b - 1e-9, b + 1e-9});
  Eigen::VectorXd q(traj.dof()), qd(traj.dof()), qdd(traj.dof());
  for (double t : times) {
    traj.evaluate(t, q, qd, qdd);
    use.velocity = std::max(use.velocity, qd.cwiseAbs().cwiseQuotient(vMax).maxCoeff());
    use.acceleration = std::max(use.acceleration, qdd.cwiseAbs().cwiseQuotient(aMax).maxCoeff());
  }
  return use;
}

// m random points of n joints in [-range, range] (uniform, seeded engine).
inline Eigen::MatrixXd randomPoints(std::mt19937& rng, int m, int n, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  Eigen::MatrixXd p(m, n);
  for (int k = 0; k < m; ++k)
    for (int j = 0; j < n; ++j) p(k, j) = u(rng);
  return p;
}

inline std::vector<double> randomDurations(std::mt19937& rng, int segments) {
  std::uniform_real_distribution<double> u(0.3, 2.5);
  std::vector<double> d(segments);
  for (double& x : d) x = u(rng);
  return d;
}

}  // namespace armdyn::test
