#include "kinematics/scalar_equations.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>

namespace armdyn {

int realPolynomialRoots(const double* c, int deg, double* roots) {
  assert(deg >= 1 && deg <= kMaxPolynomialDegree && c[deg] != 0.0);
  const auto eval = [&](double t) {
    double v = 0.0;
    for (int i = deg; i >= 0; --i) v = v * t + c[i];
    return v;
  };
  if (deg == 1) {
    roots[0] = -c[0] / c[1];
    return 1;
  }
  if (deg == 2) {
    const double a = c[2], b = c[1], cc = c[0];
    double disc = b * b - 4.0 * a * cc;
    if (disc < -1e-10 * (b * b + std::abs(4.0 * a * cc))) return 0;
    disc = std::max(disc, 0.0);
    const double qq = -0.5 * (b + std::copysign(std::sqrt(disc), b));
    if (qq == 0.0) {
      roots[0] = 0.0;
      return 1;
    }
    double r0 = qq / a, r1 = cc / qq;
    if (r0 > r1) std::swap(r0, r1);
    roots[0] = r0;
    roots[1] = r1;
    return 2;
  }
  double dc[kMaxPolynomialDegree] = {};
  for (int i = 1; i <= deg; ++i) dc[i - 1] = i * c[i];
  double crit[kMaxPolynomialDegree];
  const int nc = realPolynomialRoots(dc, deg - 1, crit);
  double bound = 0.0;
  for (int i = 0; i < deg; ++i) bound = std::max(bound, std::abs(c[i] / c[deg]));
  bound += 1.0;
  double scale = 0.0;
  for (int i = 0; i <= deg; ++i) scale = std::max(scale, std::abs(c[i]));
  double pts[kMaxPolynomialDegree + 2];
  int np = 0;
  pts[np++] = -bound;
  for (int i = 0; i < nc; ++i) pts[np++] = std::clamp(crit[i], -bound, bound);
  pts[np++] = bound;
  int count = 0;
  double fPrev = eval(pts[0]);
  for (int k = 1; k < np; ++k) {
    const double fk = eval(pts[k]);
    if ((fPrev < 0.0 && fk > 0.0) || (fPrev > 0.0 && fk < 0.0)) {
      double lo = pts[k - 1], hi = pts[k], flo = fPrev;
      double x = 0.5 * (lo + hi);
      for (int it = 0; it < 200; ++it) {
        const double fx = eval(x);
        if (fx == 0.0) break;
        if ((fx < 0.0) == (flo < 0.0)) {
          lo = x;
          flo = fx;
        } else {
          hi = x;
        }
        double d = 0.0;
        for (int i = deg; i >= 1; --i) d = d * x + i * c[i];
        double next = x - fx / d;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (std::abs(next - x) <= 1e-16 * (1.0 + std::abs(x)) || hi - lo <= 1e-16 * (1.0 + std::abs(x))) {
          x = next;
          break;
        }
        x = next;
      }
      roots[count++] = x;
    } else if (k < np - 1 && std::abs(fk) <= 1e-10 * scale * (1.0 + std::pow(std::abs(pts[k]), deg))) {
      roots[count++] = pts[k];  // touches zero at a critical point: a double root
    }
    fPrev = fk;
  }
  return count;
}

namespace {

// solveCosSin's rules, once: its angles, and for the overload with cosines and sines what they are
// formed from (r = hypot(A, B), the clamped ratio C / r; `seeded`: the equation does not involve
// theta and the seed's angle was taken).
int cosSinAngles(double A, double B, double C, double seedAngle, double out[2], double& r, double& ratio,
                 bool& seeded) {
  r = std::hypot(A, B);
  seeded = r < 1e-12 * (1.0 + std::abs(C));
  if (seeded) {
    if (std::abs(C) < 1e-9) {
      out[0] = seedAngle;  // any angle: the seed's
      return 1;
    }
    return 0;
  }
  ratio = C / r;
  if (std::abs(ratio) > 1.0 + 1e-9) return 0;
  ratio = std::clamp(ratio, -1.0, 1.0);
  const double base = std::atan2(B, A), spread = std::acos(ratio);
  out[0] = base + spread;
  out[1] = base - spread;
  return spread < 1e-12 ? 1 : 2;
}

}  // namespace

int solveCosSin(double A, double B, double C, double seedAngle, double out[2]) {
  double r, ratio;
  bool seeded;
  return cosSinAngles(A, B, C, seedAngle, out, r, ratio, seeded);
}

int solveCosSin(double A, double B, double C, double seedAngle, double out[2], bool& anyAngle) {
  double r, ratio;
  bool seeded;
  const int n = cosSinAngles(A, B, C, seedAngle, out, r, ratio, seeded);
  anyAngle = seeded && n == 1;
  return n;
}

int solveCosSin(double A, double B, double C, double seedAngle, double out[2], double cosOut[2], double sinOut[2]) {
  double r = 0.0, ratio = 0.0;
  bool seeded = false;
  const int n = cosSinAngles(A, B, C, seedAngle, out, r, ratio, seeded);
  if (n == 0) return 0;
  if (seeded) {
    cosOut[0] = std::cos(out[0]);
    sinOut[0] = std::sin(out[0]);
    return n;
  }
  // base = atan2(B, A), spread = acos(ratio): cos and sin of base +- spread.
  const double cb = A / r, sb = B / r;
  const double ss = std::sqrt(std::max(0.0, (1.0 - ratio) * (1.0 + ratio)));  // sin(spread), no cancellation
  for (int k = 0; k < n; ++k) {
    const double sign = k == 0 ? 1.0 : -1.0;  // base + spread, then base - spread
    cosOut[k] = cb * ratio - sign * sb * ss;
    sinOut[k] = sb * ratio + sign * cb * ss;
  }
  return n;
}

}  // namespace armdyn
