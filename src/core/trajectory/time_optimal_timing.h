#pragma once
// Time-optimal timing along a fixed path (Craig 7.8; Bobrow, Dubowsky & Gibson 1985; Shin &
// McKay 1985) by reachability analysis (Pham & Pham 2018, TOPP-RA; reachability_timing.h): the
// fastest motion along a JointPath, from rest to rest on each of its pieces, that keeps every
// joint within its velocity, acceleration, drive torque, motor current and voltage limits
// (path_limits.h). The torque is the one armdyn reports for the model (drive-inclusive when the
// robot has drives).
//
// sqrt(x) terms (viscous friction, back EMF) and the speed-dependent regularised Coulomb friction
// are handled by iteration: a first conservative pass (tangent at the velocity bound, chord,
// Coulomb as an interval), then passes with the tangent at the previous profile on both sides
// and Coulomb at its speed, until the profile changes by less than 1e-4 of its largest value;
// if the exact limits on the grid are then exceeded by more than 1e-3 (relative), a last
// conservative pass at that profile is taken instead.
// Grid: `gridIntervals` over the whole path, shared by the pieces in proportion to their length,
// at least kMinPieceIntervals each; solved once on equal steps of s, then once more on a grid
// with equal steps of (fraction of length + fraction of time) / 2, so that the intervals near
// rest, where an interval's constant sdd cannot follow a speed-dependent limit, are short.

#include "model/model.h"
#include "trajectory/joint_path.h"
#include "trajectory/path_limits.h"
#include "trajectory/time_optimal_trajectory.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

constexpr int kMinPieceIntervals = 50;
constexpr int kDefaultGridIntervals = 1000;
// The timing aims at this fraction of every limit: between grid points, and through the
// regularised friction near rest, the exact values can exceed the aim by a few tenths of a
// percent (measured: up to 0.36 % on the PUMA's rounded square), so that a run sampled at any
// rate stays within the limits themselves (and an actuator check of the same run passes).
constexpr double kTimeOptimalLimitFraction = 0.995;

struct TimeOptimalOptions {
  int gridIntervals = kDefaultGridIntervals;
  bool withDrives = true;      // false: rigid-body torques (a run's rigidBodyOnly)
  double limitFraction = kTimeOptimalLimitFraction;  // (0, 1]
  std::string scheme = "time-optimal";  // what the trajectory's scheme() reports
};

// No timing exists: at path parameter s, joint `joint`'s `kind` limit cannot be met (gravity
// alone exceeds it, or it conflicts with another joint's limit, named in the message).
class TimeOptimalError : public std::runtime_error {
 public:
  TimeOptimalError(const std::string& message, double s, int joint, PathLimitKind kind, bool atRest = false)
      : std::runtime_error(message), s_(s), joint_(joint), kind_(kind), atRest_(atRest) {}
  // The arm cannot even be held still there (a stop: the start or end of a piece).
  bool atRest() const { return atRest_; }
  double pathParameter() const { return s_; }
  int joint() const { return joint_; }
  PathLimitKind kind() const { return kind_; }

 private:
  double s_;
  int joint_;
  PathLimitKind kind_;
  bool atRest_;
};

// The phase plane for a viewer: every grid point of every piece (pieces one after the other, s
// continuing), path speeds sd (not x).
struct PhasePlane {
  std::vector<double> s;         // path parameter
  std::vector<double> t;         // run time at which the profile reaches each point, s
  std::vector<double> sd;        // the chosen profile
  std::vector<double> sdMin, sdMax;  // the controllable set (backward pass)
  std::vector<double> sdLimit;   // the largest speed the limits at that point allow (limit curve)
  // The most active limit on the interval starting at each grid point: joint (0-based, -1 at a
  // piece's last point), kind, and its activity |value| / limit (1 = at the limit).
  std::vector<int> bindingJoint;
  std::vector<PathLimitKind> bindingKind;
  std::vector<double> activity;
  std::vector<int> pieceStart;   // index of each piece's first grid point
  // The entry of the grid interval the run is on at time t (for highlighting the binding limit).
  int intervalAt(double time) const;
};

struct TimeOptimalTiming {
  std::shared_ptr<const TimeOptimalTrajectory> trajectory;
  PhasePlane phase;
  int passes = 0;               // reachability passes run
  bool conservativeFinal = false;  // the last conservative pass was taken
  // Activity is |value| / (limitFraction x limit): 1 = at the aim.
  double gridViolation = 0.0;   // largest activity on the grid minus 1 (<= 0: none)
  double activeFraction = 0.0;  // share of the motion's time with some limit at >= 99 % activity
};

// Throws TimeOptimalError where no timing exists; std::invalid_argument for a path of another
// dof than the model.
TimeOptimalTiming timeOptimalTiming(const Model& model, std::shared_ptr<const JointPath> path,
                                    const TimeOptimalOptions& options = {});

}  // namespace armdyn
