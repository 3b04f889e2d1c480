#include "kinematics/trig_polynomial.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace armdyn {

namespace {

// The most samples fromSamples takes.
constexpr int kMaxSamples = 64;
// Root search grid: cells per degree (a degree-n polynomial has at most 2n roots per turn). Every
// cell is settled by bounds or split (RootSearch::examine), so the grid sets the cost, not what
// is found, simple roots and near double roots alike (but for the near-double level, a fraction
// of the largest |f| on the grid, which is at least 1 - degree h / 2 of max|f|). Constructed
// polynomials, 2026-11-30: 6301 near double roots beside other extrema, none missed at 4, 6, 8
// or 16 cells; 430 missed at 16 cells before near double roots were settled by bounds. Callgrind
// per call at degree 8, random arm / sixteen-solution arm / cyclic_6r arm: 16 cells 38 K / 60 K /
// 67 K, 8 cells 21 K / 47 K / 54 K, 6 cells 17 K / 47 K / 51 K (the solutions' Newton steps,
// which the roots' last bits decide, then cost more on the last two).
constexpr int kCellsPerDegree = 8;

}  // namespace

double hermiteCubicZero(double g0, double g1, double s0, double s1) {
  const double c1 = s0, c2 = 3.0 * (g1 - g0) - 2.0 * s0 - s1, c3 = 2.0 * (g0 - g1) + s0 + s1;
  const double secant = g0 / (g0 - g1);
  double t = secant;
  for (int it = 0; it < 4; ++it) {
    const double value = g0 + t * (c1 + t * (c2 + t * c3)), slope = c1 + t * (2.0 * c2 + 3.0 * t * c3);
    const double next = t - value / slope;
    if (!(next > 0.0 && next < 1.0)) return secant;
    t = next;
  }
  return t;
}

TrigPolynomial TrigPolynomial::fromSamples(const double* samples, int count, int degree) {
  assert(degree >= 0 && degree <= kMaxTrigDegree && count >= 2 * degree + 1 && count <= kMaxSamples);
  double c[kMaxSamples], s[kMaxSamples];
  c[0] = 1.0;
  s[0] = 0.0;
  const double c1 = std::cos(2.0 * M_PI / count), s1 = std::sin(2.0 * M_PI / count);
  for (int m = 1; m < count; ++m) {  // by rotation: errors of m ulps
    c[m] = c[m - 1] * c1 - s[m - 1] * s1;
    s[m] = s[m - 1] * c1 + c[m - 1] * s1;
  }
  TrigPolynomial p;
  p.degree = degree;
  double sum = 0.0;
  for (int k = 0; k < count; ++k) sum += samples[k];
  p.a[0] = sum / count;
  for (int j = 1; j <= degree; ++j) {
    double ac = 0.0, bs = 0.0;
    for (int k = 0; k < count; ++k) {
      const int m = (j * k) % count;
      ac += samples[k] * c[m];
      bs += samples[k] * s[m];
    }
    p.a[j] = 2.0 * ac / count;
    p.b[j] = 2.0 * bs / count;
  }
  return p;
}

double TrigPolynomial::value(double w) const {
  double d[1];
  derivativesAt(std::cos(w), std::sin(w), 0, d);
  return d[0];
}

void TrigPolynomial::derivatives(double w, int order, double* d) const { derivativesAt(std::cos(w), std::sin(w), order, d); }

namespace {

// f and its derivatives up to Order at the angle whose cosine and sine are c1, s1: the multiple
// angles by rotation, one pass over the coefficients.
template <int Order, int Degree>
void evaluateDegree(const TrigPolynomial& p, double c1, double s1, double* d) {
  const int degree = Degree >= 0 ? Degree : p.degree;
  double cj = 1.0, sj = 0.0;
  double f = p.a[0], d1 = 0.0, d2 = 0.0, d3 = 0.0;
  for (int j = 1; j <= degree; ++j) {
    const double cn = cj * c1 - sj * s1;
    sj = sj * c1 + cj * s1;
    cj = cn;
    const double even = p.a[j] * cj + p.b[j] * sj;
    f += even;
    if constexpr (Order >= 1) {
      const double odd = p.b[j] * cj - p.a[j] * sj;
      d1 += j * odd;
      if constexpr (Order >= 2) d2 -= j * j * even;
      if constexpr (Order >= 3) d3 -= j * j * j * odd;
    }
  }
  d[0] = f;
  if constexpr (Order >= 1) d[1] = d1;
  if constexpr (Order >= 2) d[2] = d2;
  if constexpr (Order >= 3) d[3] = d3;
}

// f and its derivatives up to Order at the angle whose cosine and sine are c1, s1: the multiple
// angles by rotation, one pass over the coefficients (unrolled for degree 8, the general 6R's).
template <int Order>
void evaluate(const TrigPolynomial& p, double c1, double s1, double* d) {
  if (p.degree == 8) {
    evaluateDegree<Order, 8>(p, c1, s1, d);
  } else {
    evaluateDegree<Order, -1>(p, c1, s1, d);
  }
}

}  // namespace

void TrigPolynomial::derivativesAt(double c1, double s1, int order, double* d) const {
  assert(order >= 0 && order <= 3);
  switch (order) {
    case 0: evaluate<0>(*this, c1, s1, d); break;
    case 1: evaluate<1>(*this, c1, s1, d); break;
    case 2: evaluate<2>(*this, c1, s1, d); break;
    default: evaluate<3>(*this, c1, s1, d); break;
  }
}

namespace {

// (cos, sin) of x + d from those of x: for |d| <= 0.1 by the Taylor series of cos d and sin d to
// their d^8 and d^9 terms (truncation at most 3e-17 there; no library call), else directly.
void advance(double x, double d, double& c, double& s) {
  if (std::abs(d) > 0.1) {
    c = std::cos(x + d);
    s = std::sin(x + d);
    return;
  }
  const double d2 = d * d;
  const double cd = 1.0 - d2 / 2.0 * (1.0 - d2 / 12.0 * (1.0 - d2 / 30.0 * (1.0 - d2 / 56.0)));
  const double sd = d * (1.0 - d2 / 6.0 * (1.0 - d2 / 20.0 * (1.0 - d2 / 42.0 * (1.0 - d2 / 72.0))));
  const double cn = c * cd - s * sd;
  s = s * cd + c * sd;
  c = cn;
}

// The root of f's derivative of order `order` (0: f itself) in [lo, hi], where it has the
// values glo and ghi of opposite signs (an end where it is exactly zero is the root) and the
// slopes dlo and dhi: from the zero of the cubic these give (hermiteCubicZero), Newton steps,
// bisection when a step leaves the bracket; to 1e-14 rad or one step past 1e-8 (rounding level).
template <int Order>
double bracketedRoot(const TrigPolynomial& f, double lo, double hi, double glo, double ghi, double dlo, double dhi) {
  if (glo == 0.0) return lo;
  if (ghi == 0.0) return hi;
  double x = lo + (hi - lo) * hermiteCubicZero(glo, ghi, (hi - lo) * dlo, (hi - lo) * dhi);
  if (!(x > lo && x < hi)) x = 0.5 * (lo + hi);
  double c = std::cos(x), s = std::sin(x);
  bool polishing = false;
  for (int it = 0; it < 100; ++it) {
    double d[Order + 2];
    evaluate<Order + 1>(f, c, s, d);
    const double g = d[Order], dg = d[Order + 1];
    if (g == 0.0) return x;
    if ((g < 0.0) == (glo < 0.0)) {  // glo is not zero
      lo = x;
      glo = g;
    } else {
      hi = x;
    }
    double next = x - g / dg;
    // Quadratic convergence: a step below 1e-8 leaves the next one at rounding level, where the
    // polynomial's own rounding makes steps jitter (so 1e-14 need not be reached).
    if (polishing || std::abs(next - x) <= 1e-14) return std::clamp(next, lo, hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (hi - lo <= 1e-14) return next;
    polishing = std::abs(next - x) <= 1e-8;
    advance(x, next - x, c, s);
    x = next;
  }
  return x;
}

double wrapTurn(double w) {
  while (w >= M_PI) w -= 2.0 * M_PI;
  while (w < -M_PI) w += 2.0 * M_PI;
  return w;
}

// Zero counts as negative, everywhere below (one convention for the signs of cells' ends,
// brackets and cubics).
bool negative(double x) { return x <= 0.0; }

// The least of s H over [0, 1] where H is the cubic with H(0) = f0, H'(0) = h d0, H(1) = f1,
// H'(1) = h d1 (a cell of width h) and s the sign of f0: negative when H changes sign.
double hermiteLeast(double f0, double d0, double f1, double d1, double h) {
  const double s = negative(f0) ? -1.0 : 1.0;
  const double c0 = s * f0, c1 = s * h * d0, c2 = s * (3.0 * (f1 - f0) - h * (2.0 * d0 + d1)),
               c3 = s * (2.0 * (f0 - f1) + h * (d0 + d1));
  double least = std::min(c0, s * f1);
  const auto at = [&](double t) {
    if (t > 0.0 && t < 1.0) least = std::min(least, c0 + t * (c1 + t * (c2 + t * c3)));
  };
  // Critical points: c1 + 2 c2 t + 3 c3 t^2 = 0.
  if (c3 == 0.0) {
    if (c2 != 0.0) at(-c1 / (2.0 * c2));
  } else {
    const double disc = c2 * c2 - 3.0 * c3 * c1;
    if (disc >= 0.0) {
      const double r = std::sqrt(disc);
      at((-c2 + r) / (3.0 * c3));
      at((-c2 - r) / (3.0 * c3));
    }
  }
  return least;
}

// Near double roots this close (rad) with no rise of |f| between them are one (the merge in
// trigPolynomialRoots).
constexpr double kNearGap = 1e-2;

// What the search found in the cell [cellLo, cellHi] (f there: fLo, fHi): a root or an extremum
// at w (lo = hi = w), or, `flat`, a stretch [lo, hi] where |f| is provably at rounding level (a
// multiple root, or roots closer than rounding can tell apart: the sign changes rounding makes
// there are not roots; RootSearch::flatCell), reported by its middle. `crossing`: f has other
// signs before and after it (an odd number of sign changes, to rounding). No default member
// initializers: the search's 256 are not zeroed on every call.
struct Found {
  double lo, hi, w;
  double cellLo, cellHi, fLo, fHi;
  bool nearDouble, crossing, flat;

  // This and `next` (the cell after this one's, shifted by whole turns: shift) as one stretch.
  // Its kind from its sign changes: one that crosses zero is a root of odd multiplicity, one that
  // does not touches zero (nearDouble).
  void join(const Found& next, double shift) {
    hi = std::max(hi, next.hi + shift);
    cellHi = next.cellHi + shift;
    fHi = next.fHi;
    crossing = crossing != next.crossing;
    nearDouble = !crossing;
    flat = true;
  }
};

// The search of trigPolynomialRoots on a polynomial scaled to coefficients of at most 1: cells
// settled by rigorous bounds, split where the bounds cannot tell.
struct RootSearch {
  static constexpr int kCapacity = 256;  // roots found before merging (a cluster may give several)
  static constexpr int kMaxDepth = 32;   // splits of a grid cell (0.53^32 ~ 1e-9 of it)
  // Cells split in all (the bounds settle all but those at roots, about 2 per level each): past
  // this, cells are settled as at the last depth (termination whatever the rounding does).
  static constexpr int kSplitBudget = 20000;
  // Cells are split at this fraction, not at their middle: a polynomial with roots at simple
  // fractions of pi (sin 8w...) then has none on the points the search evaluates.
  static constexpr double kSplit = 0.4711;

  const TrigPolynomial& f;
  double b4 = 0.0, b5 = 0.0;  // bounds on the 4th and 5th derivatives: sum j^4 (|a_j| + |b_j|), j^5
  // Rounding levels of the values of f, f' and f'' (the multiple angles by rotation err by about
  // j ulps): eps sum j^k (j + 2) (|a_j| + |b_j|) for the k-th derivative (a review measured the
  // errors against long double at 0.4-0.5 of these, degrees 1 to 12). Below them a value has no
  // sign to read.
  double valueNoise = 0.0, slopeNoise = 0.0, curvatureNoise = 0.0;
  double nearLevel = 0.0;     // |f| below which an extremum is a near double root
  Found found[kCapacity];  // the first `count` set
  int count = 0, splits = 0;

  explicit RootSearch(const TrigPolynomial& polynomial) : f(polynomial) {}

  // Whether f is at rounding level from what the search found in a cell to an end of it where f
  // is at that level: across all of a flat cell; from a root or an extremum at w with |f(w)| at
  // the level, as f is monotone between them (the bounds that settled the cell say f' has no
  // zero there, or one, at the extremum), or at the last depth, as good as a point.
  bool levelToEnd(const Found& x) const { return x.flat || std::abs(f.value(x.w)) <= valueNoise; }

  // Whether a and b (found in cells side by side, b's shifted by whole turns: bShift) are one
  // stretch at rounding level: f at the level at the cells' common end and from each to it.
  bool sameStretch(const Found& a, const Found& b, double bShift) const {
    // The common end's value is one the search holds (read once: read again, its last bits
    // could differ, and a stretch's ends are at the level).
    if (!(std::abs(a.cellHi - (b.cellLo + bShift)) <= 1e-12 && a.fHi == b.fLo)) return false;
    return std::abs(a.fHi) <= valueNoise && levelToEnd(a) && levelToEnd(b);
  }

  // Whether f' provably keeps its sign on a cell of width h with ends p, q (f, f', f''): the
  // cubic matching f' and f'' there stays farther from zero than its error bound b5 h^4 / 384.
  // Then f is monotone there: at most one root, no extremum.
  bool slopeKeepsSign(const double p[3], const double q[3], double h) const {
    return hermiteLeast(p[1], p[2], q[1], q[2], h) > b5 * (h * h * h * h) / 384.0;
  }

  // Whether f is provably at rounding level across the cell [lo, hi] (width h; ends p, q): |f| at
  // the ends below valueNoise, and f monotone there (the bound that proves one root), or the
  // cubic matching f and f' at the ends (|H| <= max(|f0|, |f1|) + 4/27 h (|f0'| + |f1'|)) plus
  // its error bound b4 h^4 / 384 at most valueNoise more. Its signs then say nothing.
  bool flatCell(const double p[3], const double q[3], double h) const {
    if (!(std::abs(p[0]) <= valueNoise && std::abs(q[0]) <= valueNoise)) return false;
    const double h4 = h * h * h * h;
    if (4.0 / 27.0 * h * (std::abs(p[1]) + std::abs(q[1])) + b4 * h4 / 384.0 <= valueNoise) return true;
    return slopeKeepsSign(p, q, h);
  }

  // What the search finds, in the order it finds it (cells left to right): joined to the one
  // before when both are one stretch at rounding level (else a stretch would give one root per
  // rounding sign change, dozens, and push real roots out).
  void add(const Found& x) {
    if (count > 0 && sameStretch(found[count - 1], x, 0.0)) {
      found[count - 1].join(x, 0.0);
      return;
    }
    if (count < kCapacity) found[count++] = x;
  }
  // A root or extremum at x found in the cell [lo, hi] with ends p, q.
  void add(double x, double lo, double hi, const double p[3], const double q[3], bool nearDouble, bool crossing) {
    add(Found{x, x, x, lo, hi, p[0], q[0], nearDouble, crossing, false});
  }

  // The extremum of f in [lo, hi] (ends p, q: f, f', f''), if f' changes sign there and f
  // heads towards zero at lo (a minimum of |f|), when |f| there is within nearLevel.
  void nearDoubleAt(double lo, double hi, const double p[3], const double q[3]) {
    const bool loFlat = std::abs(p[1]) <= slopeNoise, hiFlat = std::abs(q[1]) <= slopeNoise;
    if (loFlat || hiFlat) {
      // f' vanishes to rounding at an end (its sign there says nothing): the extremum, if any,
      // is that end; kept if a minimum of |f| (f'' not readably of the other sign than f) within
      // the level.
      const double* e = loFlat ? p : q;
      if (std::abs(e[0]) <= nearLevel && !(e[0] * e[2] < 0.0 && std::abs(e[2]) > curvatureNoise))
        add(loFlat ? lo : hi, lo, hi, p, q, true, false);
      return;
    }
    if (negative(p[1]) == negative(q[1]) || negative(p[0]) == negative(p[1])) return;
    const double x = bracketedRoot<1>(f, lo, hi, p[1], q[1], p[2], q[2]);
    if (std::abs(f.value(x)) <= nearLevel) add(x, lo, hi, p, q, true, false);
  }

  // Whether f' provably has at most one zero in [lo, hi] (width h), and if so, its near double
  // root, if any, added: f' keeps its sign (its cubic stays farther from zero than b5 h^4 / 384),
  // or f'' does (f'' differs from its chord by at most max|f''''| h^2 / 8 <= b4 h^2 / 8).
  bool extremumSettled(double lo, double hi, const double p[3], const double q[3], double h) {
    if (slopeKeepsSign(p, q, h)) return true;
    if (std::abs(p[1]) <= slopeNoise && std::abs(q[1]) <= slopeNoise) {
      // f is flat here to rounding (a multiple extremum, or a saddle, lifted off zero: f' has
      // no sign to read, splitting would only chase rounding): the middle stands for the cell
      // (flat neighbours are merged into one in trigPolynomialRoots).
      const double mid = 0.5 * (lo + hi);
      double m[3];
      f.derivatives(mid, 2, m);
      // f'' readably of the other sign than f at the middle: a maximum of |f| there, not reported;
      // if not at both ends too, minima of |f| may lie between (two double roots close together,
      // lifted: |f| varies below rounding but f'' does not): split (found by review, 2026-11-30).
      const auto concave = [&](const double* e) { return m[0] * e[2] < 0.0 && std::abs(e[2]) > curvatureNoise; };
      if (concave(m) && !(concave(p) && concave(q))) return false;
      if (std::abs(m[0]) <= nearLevel && !concave(m)) add(mid, lo, hi, p, q, true, false);
      return true;
    }
    if (negative(p[2]) != negative(q[2]) || std::min(std::abs(p[2]), std::abs(q[2])) <= b4 * h * h / 8.0) return false;
    nearDoubleAt(lo, hi, p, q);
    return true;
  }

  // [lo, hi] with f, f', f'' at its ends (p, q).
  void examine(double lo, double hi, const double p[3], const double q[3], int depth) {
    const double h = hi - lo, h4 = h * h * h * h;
    if (flatCell(p, q, h)) {
      // Part of a stretch at rounding level, whatever the signs rounding gave its ends (found by
      // review, 2026-11-30: each such sign change was a root; (1 + cos w)^2 gave 16 roots at -pi,
      // an exact double root 64).
      const bool crossing = negative(p[0]) != negative(q[0]);
      add(Found{lo, hi, lo, lo, hi, p[0], q[0], !crossing, crossing, true});
      return;
    }
    bool rootless = false;  // proved to hold no root
    if (negative(p[0]) == negative(q[0])) {
      // f differs from the cubic matching f and f' at the ends by at most b4 h^4 / 384.
      const double least = hermiteLeast(p[0], p[1], q[0], q[1], h), slack = b4 * h4 / 384.0;
      if (least > slack) {
        // No root. |f| stays above least - slack: below nearLevel, an extremum of |f| inside is a
        // near double root, found when f' provably has at most one zero here.
        if (least - slack > nearLevel) return;
        if (extremumSettled(lo, hi, p, q, h)) return;
        rootless = true;
      }
    } else if (slopeKeepsSign(p, q, h)) {
      // f changes sign and f' keeps its sign (the same bound one derivative up): one root.
      add(bracketedRoot<0>(f, lo, hi, p[0], q[0], p[1], q[1]), lo, hi, p, q, false, true);
      return;
    }
    if (depth == kMaxDepth || splits >= kSplitBudget) {
      // Roots within a nanoradian or so: one of them, or the extremum that touches zero.
      if (rootless) {
        nearDoubleAt(lo, hi, p, q);
      } else if (negative(p[0]) != negative(q[0])) {
        add(bracketedRoot<0>(f, lo, hi, p[0], q[0], p[1], q[1]), lo, hi, p, q, true, true);
      } else if (!slopeKeepsSign(p, q, h) &&
                 std::abs(f.value(0.5 * (lo + hi))) <= nearLevel) {
        // An extremum that touches zero (f' need not keep its sign). Where it does, f is
        // monotone: no extremum, and a root at an end whose value rounding signed as the other
        // end's is the neighbour's (2026-11-30: three roots on a cell's points, a review's case,
        // came back with a near double root beside one).
        add(0.5 * (lo + hi), lo, hi, p, q, true, false);
      }
      return;
    }
    ++splits;
    const double mid = lo + kSplit * h;
    double m[3];
    f.derivatives(mid, 2, m);
    examine(lo, mid, p, m, depth + 1);
    examine(mid, hi, m, q, depth + 1);
  }
};

// The search's finds each once, ascending on the turn (w set); how many.
int placeOnTurn(RootSearch& search) {
  Found* found = search.found;
  int count = search.count;
  // A stretch at rounding level across the grid's seam (the end of the last cell is the start of
  // the first): found first and last.
  if (count > 1 && search.sameStretch(found[count - 1], found[0], 2.0 * M_PI)) {
    // Kept last (its place in the search's order: it starts in the last cell).
    found[count - 1].join(found[0], 2.0 * M_PI);
    std::copy(found + 1, found + count, found);
    --count;
  }
  // Each at its place on the turn, ascending (sorted: the search's order, rotated at pi, is not
  // quite, as a point found at both ends of the grid's seam can wrap to either side of itself).
  for (int r = 0; r < count; ++r) found[r].w = wrapTurn(0.5 * (found[r].lo + found[r].hi));
  std::sort(found, found + count, [](const Found& p, const Found& q) { return p.w < q.w; });
  // A root found from both sides of a cell's end (a value of exactly zero there): once.
  int kept = 0;
  for (int r = 0; r < count; ++r) {
    if (kept > 0 && found[r].w - found[kept - 1].w <= 1e-13) continue;
    found[kept++] = found[r];
  }
  if (kept > 1 && found[0].w + 2.0 * M_PI - found[kept - 1].w <= 1e-13) --kept;
  return kept;
}

// Near double roots next to each other (no root between) within kNearGap with no rise of |f|
// between them (at their middle |f| is at most the larger of theirs and f' is at rounding level):
// one extremum, or one flat stretch, found in several cells: the least |f| of them. The list
// stays ascending; how many are left.
int mergeNearDoubles(const RootSearch& search, Found* found, int count) {
  const TrigPolynomial& f = search.f;
  const auto same = [&](const Found& p, const Found& q, double gap) {
    if (!p.nearDouble || !q.nearDouble || gap > kNearGap) return false;
    const double high = std::max(std::abs(f.value(p.w)), std::abs(f.value(q.w)));
    // Between two distinct minima |f| rises and f' is readable at their middle, wherever the
    // maximum between them lies (found by review, 2026-11-30: minima of unequal depth).
    double m[2];
    f.derivatives(p.w + 0.5 * gap, 1, m);
    return std::abs(m[0]) <= high + search.valueNoise && std::abs(m[1]) <= search.slopeNoise;
  };
  int merged = 0;
  for (int r = 0; r < count; ++r) {
    if (merged > 0 && same(found[merged - 1], found[r], found[r].w - found[merged - 1].w)) {
      if (std::abs(f.value(found[r].w)) < std::abs(f.value(found[merged - 1].w))) found[merged - 1] = found[r];
      continue;
    }
    found[merged++] = found[r];
  }
  if (merged > 1 && same(found[merged - 1], found[0], found[0].w + 2.0 * M_PI - found[merged - 1].w)) {
    // The one kept stays where it is (the list ascending): the first dropped, or the last.
    if (std::abs(f.value(found[merged - 1].w)) < std::abs(f.value(found[0].w)))
      std::copy(found + 1, found + merged, found);
    --merged;
  }
  return merged;
}

// The roots for the caller's room of maxRoots, in order: all, or if there are more, simple roots
// first, then near double ones by least |f|; how many.
int keepWhatFits(const TrigPolynomial& f, const Found* found, int count, TrigRoot* roots, int maxRoots) {
  if (count <= maxRoots) {
    for (int r = 0; r < count; ++r) roots[r] = {found[r].w, found[r].nearDouble};
    return count;
  }
  int simple = 0;
  for (int r = 0; r < count; ++r) simple += found[r].nearDouble ? 0 : 1;
  const int nearRoom = std::max(0, maxRoots - simple);
  // Near double roots with |f| below level are kept, and ties at level while room is left.
  double level = -1.0;
  int tieRoom = 0;
  if (nearRoom > 0) {
    double values[RootSearch::kCapacity];
    int n = 0;
    for (int r = 0; r < count; ++r)
      if (found[r].nearDouble) values[n++] = std::abs(f.value(found[r].w));
    assert(nearRoom < n);  // count > maxRoots
    std::nth_element(values, values + nearRoom - 1, values + n);
    level = values[nearRoom - 1];
    tieRoom = nearRoom;
    for (int i = 0; i < n; ++i) tieRoom -= values[i] < level ? 1 : 0;
  }
  int out = 0;
  for (int r = 0; r < count && out < maxRoots; ++r) {
    if (found[r].nearDouble) {
      const double value = std::abs(f.value(found[r].w));
      if (!(value <= level)) continue;
      if (value == level) {
        if (tieRoom == 0) continue;
        --tieRoom;
      }
    }
    roots[out++] = {found[r].w, found[r].nearDouble};
  }
  return out;
}

// The grid's points are -pi + (k + kGridOffset) h: off the simple fractions of pi where
// structured polynomials have roots (a value of exactly zero at a cell's end is then a matter of
// chance, and still handled by the one sign convention).
constexpr double kGridOffset = 0.2871;

}  // namespace

int trigPolynomialRoots(const TrigPolynomial& poly, double nearTolerance, TrigRoot* roots, int maxRoots) {
  assert(poly.degree >= 0 && poly.degree <= kMaxTrigDegree);
  if (poly.degree == 0 || maxRoots <= 0) return 0;
  // The same roots for the polynomial scaled to coefficients of at most 1 (the bounds below then
  // cannot overflow); none for non-finite coefficients.
  double size = 0.0;
  for (int j = 0; j <= poly.degree; ++j) {
    if (!std::isfinite(poly.a[j]) || !std::isfinite(poly.b[j])) return 0;
    size = std::max({size, std::abs(poly.a[j]), std::abs(poly.b[j])});
  }
  if (!(size > 0.0)) return 0;
  TrigPolynomial f;
  f.degree = poly.degree;
  for (int j = 0; j <= poly.degree; ++j) {
    f.a[j] = poly.a[j] / size;
    f.b[j] = poly.b[j] / size;
  }
  // f, f' and f'' on a grid of kCellsPerDegree * degree cells around the turn.
  constexpr int kMaxGrid = kCellsPerDegree * kMaxTrigDegree;
  const int n = kCellsPerDegree * f.degree;
  const double h = 2.0 * M_PI / n;
  double d[kMaxGrid][3];
  double scale = 0.0;
  constexpr int kCells8 = kCellsPerDegree * 8;  // the degree-8 grid's cells
  if (f.degree == 8) {
    // The general 6R's degree: cos j w_k and sin j w_k from a table built once.
    struct Table {
      double c[9][kCells8], s[9][kCells8];
      Table() {
        for (int j = 1; j <= 8; ++j)
          for (int k = 0; k < kCells8; ++k) {
            const double w = -M_PI + (k + kGridOffset) * 2.0 * M_PI / kCells8;
            c[j][k] = std::cos(j * w);
            s[j][k] = std::sin(j * w);
          }
      }
    };
    static const Table table;
    for (int k = 0; k < kCells8; ++k) {
      double value = f.a[0], slope = 0.0, curvature = 0.0;
      for (int j = 1; j <= 8; ++j) {
        const double cj = table.c[j][k], sj = table.s[j][k];
        const double even = f.a[j] * cj + f.b[j] * sj;
        value += even;
        slope += j * (f.b[j] * cj - f.a[j] * sj);
        curvature -= j * j * even;
      }
      d[k][0] = value;
      d[k][1] = slope;
      d[k][2] = curvature;
      scale = std::max(scale, std::abs(value));
    }
  } else {
    // cos and sin of the grid angles by rotation (errors of k ulps).
    const double ch = std::cos(h), sh = std::sin(h);
    double c = std::cos(-M_PI + kGridOffset * h), sn = std::sin(-M_PI + kGridOffset * h);
    for (int k = 0; k < n; ++k) {
      evaluate<2>(f, c, sn, d[k]);
      scale = std::max(scale, std::abs(d[k][0]));
      const double cn = c * ch - sn * sh;
      sn = sn * ch + c * sh;
      c = cn;
    }
  }
  RootSearch search(f);
  for (int j = 1; j <= f.degree; ++j) {
    const double weight = std::abs(f.a[j]) + std::abs(f.b[j]), j4 = double(j) * j * j * j;
    search.b4 += j4 * weight;
    search.b5 += j4 * j * weight;
    const double noise = std::numeric_limits<double>::epsilon() * (j + 2) * weight;
    search.valueNoise += noise;
    search.slopeNoise += j * noise;
    search.curvatureNoise += double(j) * j * noise;
  }
  search.valueNoise += std::numeric_limits<double>::epsilon() * std::abs(f.a[0]);
  search.nearLevel = nearTolerance * scale;
  for (int k = 0; k < n; ++k) {
    const double lo = -M_PI + (k + kGridOffset) * h;
    search.examine(lo, lo + h, d[k], d[(k + 1) % n], 0);
  }
  const int placed = placeOnTurn(search);
  const int merged = mergeNearDoubles(search, search.found, placed);
  return keepWhatFits(f, search.found, merged, roots, maxRoots);
}

}  // namespace armdyn
