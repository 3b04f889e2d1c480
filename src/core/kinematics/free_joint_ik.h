#pragma once
// Inverse kinematics of arms with one joint more than six (the Franka Panda, the KUKA iiwa):
// one joint is held at a value, the free parameter of the arm's self-motion, and the six others
// are solved in closed form. Sweeping the value traces the self-motion manifold, one curve per
// branch.
//
// Method. With joint j held at v the other joints form a six-joint chain whose axes, at the zero
// configuration, are the arm's axes with joint j at v: dhFromAxes turns them into DH parameters
// (its joint values are the arm's own, same zero, same directions), and the closed-form
// families of inverse_kinematics.h solve it. When no family fits but the first three of the six
// axes meet in a point (a spherical shoulder, as the Panda's with joint 7 held), the chain is
// solved reversed (reversed_chain.h: the inverse tool pose by a DH chain from the tool back,
// joint values q'_k = -q_{7-k}), a chain whose last three axes meet: a spherical wrist.
// Families that solve by structure come first (directly, then reversed), the general 6R
// elimination last. Which family fits can depend on the held value (holding the iiwa's joint 3
// at 0 makes joints 2 and 4 parallel): the choice of the default joint tests the value 0, and a
// solve tests its own value (not applicable, with the reason, when nothing fits there).

#include "kinematics/inverse_kinematics.h"
#include "model/model.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

struct FreeJointIk {
  bool applicable = false;   // a closed form solves the arm with the joint held
  std::string reason;        // not applicable, or no solution: why
  std::string solver;        // the family of the six joints, e.g. "generic" or "generic, reversed chain"
  std::vector<IkCandidate> solutions;  // n values each, the held joint at its value; within limits
  std::vector<IkCandidate> rejected;   // outside the joint limits, with the reason
};

// "" when holding joint `joint` (0-based) leaves six joints that a closed form solves (directly
// or reversed), else why not. Needs n = 7.
std::string freeJointMisfit(const Model& model, int joint);

// The joint to hold by default: from the wrist inwards, the first whose holding leaves six
// joints solved directly (KUKA iiwa: joint 3), else the first solved reversed (Franka Panda:
// joint 7); -1 when none does (or n != 7). (For S-R-S arms such as the iiwa the literature's
// parameter is the arm angle of the elbow about the shoulder-wrist line; armdyn holds a joint.)
int defaultFreeJoint(const Model& model);

// Every closed-form solution of `pose` (world frame) with joint `joint` (0-based) held at
// `value` (rad or m). Throws std::invalid_argument for n != 7, a joint out of range, a value
// that is not finite or a pose that is not a rigid transform; a value outside the joint's
// limits or a joint whose holding leaves no closed form is `applicable` false with the reason.
// `seed` (7 values; empty: the arm's home) fixes the free joints of a continuum at a singular pose
// (IkCandidate::fromSeed); its value for `joint` is not used.
FreeJointIk freeJointInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, int joint, double value,
                                       const Eigen::VectorXd& seed = Eigen::VectorXd());

}  // namespace armdyn
