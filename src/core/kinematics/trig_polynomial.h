#pragma once
// A real trigonometric polynomial f(w) = a0 + sum_{j=1..n} (a_j cos jw + b_j sin jw), read off
// its values at n' >= 2n + 1 equally spaced angles (a discrete Fourier transform, exact for a
// polynomial of degree n, and perfectly conditioned), and its real roots on one turn. The
// general 6R inverse kinematics (ik_family_general_6r.cpp) reduces to the roots of one such
// polynomial of degree 8. Nothing here allocates.

namespace armdyn {

// The highest degree a TrigPolynomial holds.
constexpr int kMaxTrigDegree = 12;

struct TrigPolynomial {
  int degree = 0;
  double a[kMaxTrigDegree + 1] = {};  // a[0] the constant, a[j] of cos jw
  double b[kMaxTrigDegree + 1] = {};  // b[j] of sin jw (b[0] unused)

  // The polynomial of degree `degree` (<= kMaxTrigDegree) whose values at w_k = 2 pi k / count,
  // k = 0 .. count - 1, are samples[k] (count >= 2 degree + 1: exact when the sampled function is
  // such a polynomial; otherwise its least-squares fit of that degree).
  static TrigPolynomial fromSamples(const double* samples, int count, int degree);

  double value(double w) const;
  // f and its derivatives up to `order` (<= 3) at w: d[0] .. d[order].
  void derivatives(double w, int order, double* d) const;
  // The same from cos w and sin w.
  void derivativesAt(double cosW, double sinW, int order, double* d) const;
};

// The zero in (0, 1) of the cubic with values g0, g1 (of opposite signs) and slopes s0, s1 (per
// unit t) at t = 0 and 1: four Newton steps from the secant's zero, which it returns if a step
// leaves the interval (or is not finite). The cubic matches a smooth function to O(h^4) on a cell
// of width h, so its zero starts the function's own Newton iteration (trigPolynomialRoots) some
// two steps further on than the secant's.
double hermiteCubicZero(double g0, double g1, double s0, double s1);

// A real root w in [-pi, pi) of a TrigPolynomial. `nearDouble`: a local extremum where |f| is
// within the caller's tolerance of zero without crossing it (a double root, or a close pair of
// roots that rounding made complex); the extremum is returned. A stretch where f is at rounding
// level (a multiple root, or roots closer than rounding tells apart) is one root at its middle:
// nearDouble when f has the same sign on both sides of it.
struct TrigRoot {
  double w = 0.0;
  bool nearDouble = false;
};

// The real roots of f on one turn, ascending, at most maxRoots (which ones if there are more: below;
// 2 degree is the most a polynomial has). On a grid of 8 degree cells (offset from the simple
// fractions of pi), each cell is settled by rigorous bounds: f differs from the cubic matching f
// and f' at a cell's ends by at most max|f^(4)| h^4 / 384 <= sum_j j^4 (|a_j| + |b_j|) h^4 / 384,
// so a cell whose cubic stays farther than that from zero holds no root, and one where f changes
// sign while the same bound one derivative up keeps f' from zero holds exactly one (safeguarded
// Newton). An extremum of f within nearTolerance * max|f| (over the grid) of zero that does not
// reach it is a nearDouble root: a rootless cell where |f| may come that close is settled when
// f' provably has at most one zero in it (the bound above for f', or f'' kept from zero by
// max|f''''| h^2 / 8), and its extremum, if any, is found by safeguarded Newton on f'; where f'
// is at rounding level at a cell's ends (f flat: a multiple root lifted off zero), the cell's
// middle or that end stands for it. Near double roots within 0.01 rad of each other with no root
// between and no rise of |f| between them (at their middle, to rounding) are one (the least |f|).
// A cell where |f| is provably at rounding level (at its ends, and monotone there or held by the
// cubic's bound) is part of a stretch, not split; such cells and the roots and extrema found in
// the cells beside them, with f at rounding level at the ends they share, are one stretch. Cells
// the bounds cannot settle are split (up to 32 times); roots closer together than the last split
// are nearDouble too. When there are more than maxRoots, simple roots come first, then near
// double ones by least |f|. Returns how many (0 for f identically zero or with a coefficient
// that is not finite).
int trigPolynomialRoots(const TrigPolynomial& poly, double nearTolerance, TrigRoot* roots, int maxRoots);

}  // namespace armdyn
