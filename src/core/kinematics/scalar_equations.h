#pragma once
// The scalar equations the closed-form inverse kinematics reduce to: the real roots of one
// polynomial (positioning_arm.h's quartic, the three-parallel-axes arm's quartic) and the angles
// of a cos(theta) + b sin(theta) = c. Neither allocates.

namespace armdyn {

// The highest degree realPolynomialRoots accepts.
constexpr int kMaxPolynomialDegree = 16;

// Real roots of c[0] + c[1] t + ... + c[deg] t^deg (1 <= deg <= kMaxPolynomialDegree,
// c[deg] != 0), ascending, into roots[0 .. deg-1]; returns how many. Degree two in closed form
// (a negative discriminant within rounding is a double root); higher degrees by bracketing:
// between consecutive real roots of the derivative (and the Cauchy bound outside them) the
// polynomial is monotone, so each sign change holds one root, found by safeguarded Newton steps;
// a critical point where the polynomial vanishes within rounding is a double root, returned once.
int realPolynomialRoots(const double* c, int deg, double* roots);

// The angles theta with A cos(theta) + B sin(theta) = C: two (base +- spread), one (tangent:
// |C| = hypot(A, B) within 1e-9 relative), or none. A = B = 0 (the equation does not involve
// theta): C = 0 within 1e-9 gives `seedAngle` (any angle solves it), else none.
int solveCosSin(double A, double B, double C, double seedAngle, double out[2]);
// The same; `anyAngle` says the answer is `seedAngle` because every angle solves it.
int solveCosSin(double A, double B, double C, double seedAngle, double out[2], bool& anyAngle);
// The same, with each angle's cosine and sine: cos(base +- spread) from A / r, B / r, C / r and
// sqrt((1 - C / r)(1 + C / r)), r = hypot(A, B), without trigonometric calls (the seed's by
// cos and sin).
int solveCosSin(double A, double B, double C, double seedAngle, double out[2], double cosOut[2], double sinOut[2]);

}  // namespace armdyn
