#pragma once
// The self-motion of a seven-joint arm at a tool pose: the free joint (free_joint_ik.h) swept
// over its range, the closed-form solutions at each value linked into curves, one per branch.
// A curve ends where its branch leaves the joint limits or the workspace, or meets another
// branch (a singularity: the nearest solutions at the next value jump).

#include "model/model.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

struct SelfMotionCurve {
  std::vector<double> value;        // the free joint's values along the curve, ascending (rad or m)
  std::vector<Eigen::VectorXd> q;   // the arm's joints at each (n values, the free one included)
};

struct SelfMotion {
  int joint = -1;                   // the free joint (0-based)
  std::string solver;               // as FreeJointIk::solver
  std::vector<SelfMotionCurve> curves;
  double step = 0.0;                // between samples (rad or m)
  std::string reason;               // no curve at all: why
};

// `samples` (>= 2) values of `joint` evenly over its limits (a full turn where a revolute joint
// has none), the solutions within the joint limits at each, linked to the nearest solution at
// the previous value when no joint moves more than max(0.2 rad, 20 steps) between them.
// Throws std::invalid_argument as freeJointInverseKinematics, or for samples < 2.
SelfMotion selfMotion(const Model& model, const Eigen::Matrix4d& pose, int joint, int samples = 181);

}  // namespace armdyn
