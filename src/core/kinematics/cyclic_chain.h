#pragma once
// The loop closure of a serial arm read from another joint. For an arm A_1(q_1) ... A_n(q_n) =
// T0n (DH frame n in DH frame 0, BASE and TOOL left out) and a shift s (1..n-1):
//   A_{s+1} ... A_n T0n^-1 A_1 ... A_s = I,
// a chain C of the same joints in cyclic order, joint j of C (0-based) being the arm's joint
// (s + j) mod n at the same value, with the fixed transform T0n^-1 between the arm's last joint
// and its first. C's tool pose at the arm's joint values, permuted, is the identity exactly when
// the arm's frame n at them is T0n, so the solutions of C's inverse kinematics for the identity
// are the arm's for T0n: a solver that splits a chain at a fixed place (the general 6R
// elimination splits after joint 2, and needs axes 1 and 2 neither intersecting nor parallel)
// thereby splits the arm anywhere.
//
// C's DH, written down directly. Each link is A_i = Z_i X_i with Z_i = Rz(theta_i) Tz(d_i) (the
// joint's motion: q adds to theta or d) and X_i = Tx(a_i) Rx(alpha_i), so
//   C = Z_{s+1} X_{s+1} ... Z_n [X_n T0n^-1] Z_1 X_1 ... Z_s X_s.
// The bracket M = X_n T0n^-1 is a rigid motion between two joint axes (its z in, its z out), so
// it is one DH step between them (linePairDh):
//   M = Rz(t_a) Tz(d_a) Tx(a_w) Rx(alpha_w) Rz(t_b) Tz(d_b),
// and Rz, Tz commute with Z: C's link of the arm's joint n is (theta_n + t_a, d_n + d_a, alpha_w,
// a_w), its link of the arm's joint 1 (theta_1 + t_b, d_1 + d_b, alpha_1, a_1), and every other
// link the arm's own, bit for bit (so a cache keyed on the links of C that do not touch the
// target, e.g. general_6r's left side, is kept from pose to pose). BASE and TOOL are the identity.

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// One DH step between two joint axes: M = Rz(thetaA) Tz(dA) Tx(a) Rx(alpha) Rz(thetaB) Tz(dB),
// axis A the z axis of M's frame, axis B the z axis of the frame M carries.
struct LinePairDh {
  double thetaA = 0.0, dA = 0.0, a = 0.0, alpha = 0.0, thetaB = 0.0, dB = 0.0;
  double droppedTilt = 0.0;  // sine of the angle dropped (nearly parallel axes), else 0: exact
};

// The step for a rigid M (rotation orthonormal). Skew or intersecting axes: x along their common
// normal (alpha in (0, pi)), exact. Axes within 1e-7 rad of parallel: alpha 0 or pi, the normal
// through axis A's origin (d_A = 0), a >= 0, M's tilt (< 1e-7 rad) dropped (the exact step's
// offsets grow as 1 / sin(alpha), and their rounding with them).
LinePairDh linePairDh(const Eigen::Matrix4d& M);

struct CyclicChain {
  // Links: the arm's (chainLinkOf: types, limits, rates, mass data) in C's order with C's DH;
  // BASE, TOOL the identity; no drives, shapes, payload, family or home.
  RobotSpec spec;
  bool exact = true;  // as cyclicChainDh
};

// The arm's joint that is joint j of C.
inline int cyclicJoint(int n, int shift, int j) { return (shift + j) % n; }

// C's DH values only, into dh[0..n-1] (no allocation); true when C is the loop to the rounding
// of the arm's size (false: the arm's last and first axes are within 1e-4 rad of parallel at
// T0n: within 1e-7 the tilt is dropped, above it the step's offsets grow as 1 / sin(alpha) and
// their rounding with them, 1e-9 m at 1e-7 rad). Throws std::invalid_argument for a shift outside
// 1..n-1 or a T0n that is not finite.
bool cyclicChainDh(const Model& model, const Eigen::Matrix4d& T0n, int shift, DhParameters* dh);

// The chain as a spec (its DH by cyclicChainDh).
CyclicChain cyclicChain(const Model& model, const Eigen::Matrix4d& T0n, int shift);

}  // namespace armdyn
