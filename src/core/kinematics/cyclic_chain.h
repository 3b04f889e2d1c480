#pragma once
// The loop closure of a serial arm read from another joint. For an arm A_1(q_1) ... A_n(q_n) =
// T0n (DH frame n in DH frame 0, BASE and TOOL left out) and a shift s (1..n-1):
//   A_{s+1} ... A_n T0n^-1 A_1 ... A_s = I,
// a chain C of the same joints in cyclic order, joint j of C (0-based) being the arm's joint
// (s + j) mod n at the same value, the fixed transform T0n^-1 between the arm's last joint and its
// first. Its axes at C's zero configuration (the product above at q = 0) become DH parameters by
// dhFromAxes (its BASE and TOOL keep what those do not match, its joint values the arm's own, same
// zero, same directions): C's tool pose at the arm's joint values, permuted, is the identity
// exactly when the arm's frame n at them is T0n. The solutions of C's inverse kinematics for the
// identity are the arm's for T0n: a solver that splits a chain at a fixed place (the general 6R
// elimination splits after joint 2, and needs axes 1 and 2 neither intersecting nor parallel)
// thereby splits the arm anywhere. C's DH depends on T0n: one chain per target.

#include "kinematics/dh_from_axes.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

struct CyclicChain {
  // Links: the arm's (chainLinkOf: types, limits, rates, mass data) in C's order with C's DH;
  // BASE, TOOL from dhFromAxes; no drives, shapes, payload, family or home.
  RobotSpec spec;
};

// The arm's joint that is joint j of C.
inline int cyclicJoint(int n, int shift, int j) { return (shift + j) % n; }

// Throws std::invalid_argument for a shift outside 1..n-1, and what dhFromAxes throws (a target
// that is not finite).
CyclicChain cyclicChain(const Model& model, const Eigen::Matrix4d& T0n, int shift);

}  // namespace armdyn
