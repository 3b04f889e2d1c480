#pragma once
// Uniform time scaling (Hollerbach 1984): the trajectory q(t / k) for one factor k > 0 follows
// the same path with velocities divided by k and accelerations by k^2, so each limit row of
// path_limits.h, taken with q' = qd(t), q'' = qdd(t), u = 0 and x = w^2 (w = 1 / k), reads
//   b w^2 + d w + c   within [lo, hi]   at every sample t,
// and the velocity |qd| w <= vmax. The fastest admissible scaling is the largest w in the
// intersection of those sets (each a union of at most two intervals of w >= 0), found exactly
// by sweeping the sorted infeasible intervals. Coulomb friction is taken at the scaled speed
// (a second pass after a first with it as an interval). A cheap comparison for time-optimal
// timing: on the same path the time-optimal time can only be shorter.

#include "model/model.h"
#include "trajectory/joint_trajectory.h"
#include "trajectory/path_limits.h"

namespace armdyn {

struct UniformScaling {
  bool feasible = false;     // false: no factor keeps every limit (gravity alone exceeds one)
  double factor = 0.0;       // k: the scaled motion takes k times as long (k < 1: faster)
  double duration = 0.0;     // k * reference duration, s
  int joint = -1;            // the limit that sets k (0-based joint), and where (reference time)
  PathLimitKind kind = PathLimitKind::Velocity;
  double time = 0.0;
};

// `samples` evenly spaced samples of the reference, both ends included (>= 2).
// `limitFraction`: the limits used at that fraction (as the time-optimal timing it is compared with).
UniformScaling uniformTimeScaling(const Model& model, const JointTrajectory& reference, int samples = 2001,
                                  bool withDrives = true, double limitFraction = 1.0);

}  // namespace armdyn
