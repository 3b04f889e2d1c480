#pragma once
// Every solution of the position problem of a three-joint arm (Pieper 1968, Craig 4.7;
// Abuzneid & Sobh's eight configurations RRR ... PPP): joints 1-3, each revolute or prismatic,
// with any DH parameters, place a point u fixed in frame 3 at a target point p in frame 0.
//
// Method. Joint 1 leaves two quantities of p invariant: a revolute joint its height along z0 and
// its distance from z0, a prismatic one the two coordinates across z0. Written in the point's
// frame-1 coordinates p1 they give two equations in joints 2 and 3. Joint 2 revolute makes them
// linear in (cos q2, sin q2) (eliminated by cos^2 + sin^2 = 1), prismatic makes them polynomial
// in q2 (eliminated by substitution). What remains is one polynomial in joint 3's variable:
// t = tan(theta3 / 2) for a revolute joint, d3 for a prismatic one, of degree four at most
// (Pieper's quartic for 3R with a1 != 0 and alpha1 != 0, 180; degree two in the special
// geometries: a1 = 0, alpha1 = 0 or 90, prismatic joints). Its coefficients come from the
// chain itself (frame-3 point evaluated at three values of joint 3), so no case is derived by
// hand per configuration. Real roots (a root of the quartic at theta3 = pi included) are
// substituted back for joint 2 and joint 1, and every candidate is checked by forward
// kinematics; so at most four solutions, as Pieper's count.
//
// Degenerate structures (joints 1 and 2 on one axis, the position Jacobian singular at every
// configuration) have no isolated solutions: positioningMisfit says so and callers use
// damped least squares. At a singular target (on joint 1's axis, on joint 2's axis) the free
// joint is taken from the seed.

#include "model/model.h"

#include <Eigen/Core>
#include <array>
#include <string>

namespace armdyn {

struct PositioningSolutions {
  int count = 0;
  std::array<Eigen::Vector3d, 4> q;  // joint values q1..q3 (rad or m; not DH values, not wrapped)
  bool notIsolated = false;          // the target admits a continuum of solutions (count = 0)
  // Bit i of entry k: joint i + 1 of solution k is free at this target (one of a continuum) and
  // holds the seed's value (IkCandidate::fromSeed).
  std::array<unsigned char, 4> fromSeed{};
};

// "" when joints 1-3 form a positioning arm with isolated solutions for the point u (frame 3),
// else why not in words. Joints 1-3 must exist; revolute or prismatic.
std::string positioningMisfit(const Model& model, const Eigen::Vector3d& u);

// All solutions for the point u (frame 3) at `target` (frame 0 = DH base, m). `seed` (q1..q3)
// fixes a free joint at a singular target. Does not allocate. count = 0 means unreachable
// (or notIsolated); the caller says why (positioningShortfall).
PositioningSolutions solvePositioningArm(const Model& model, const Eigen::Vector3d& u, const Eigen::Vector3d& target,
                                         const Eigen::Vector3d& seed);

// Why no solution places u at `target`, in words: the distance from the base against the arm's
// reach ("too far") or, inside it, a void of the workspace ("too close").
std::string positioningShortfall(const Model& model, const Eigen::Vector3d& u, const Eigen::Vector3d& target);

}  // namespace armdyn
