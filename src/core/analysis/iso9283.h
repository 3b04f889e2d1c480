#pragma once
// ISO 9283 (1998) performance characteristics from attained poses and paths (the reference note
// ../shared/reference/iso9283.md; items marked there (K) are from knowledge of the 1998 text).
// Pure functions of measured (here: simulated) data, SI units in and out (m, rad, m/s; the
// velocity characteristics in %): the virtual test bench (iso9283_bench.h) runs the arm and hands the
// attained data to these.
//
// Pose (n attained poses x_j of one command pose x_c):
//   barycentre x_bar = mean x_j; AP = |x_bar - x_c| (and per axis x_bar - x_c);
//   l_j = |x_j - x_bar|, l_bar = mean l_j, S_l = sqrt(sum (l_j - l_bar)^2 / (n - 1)),
//   RP = l_bar + 3 S_l. Orientation (roll, pitch, yaw per pose): AP_a = mean a_j - a_c,
//   RP_a = 3 S_a per angle.
// Path (m runs against a command path sampled at evaluation points c_i with unit tangents t_i):
//   each run's attained point at i is where it crosses the plane through c_i normal to t_i
//   (the crossing nearest c_i, linear between samples); x_bar_i their barycentre;
//   AT = max_i |x_bar_i - c_i|; RT = max_i (l_bar_i + 3 S_li).
// Cornering (a sharp corner C between an incoming and an outgoing straight leg):
//   CR = smallest distance from C to the attained path; CO = largest distance of the attained
//   path beyond the outgoing leg's line on the outer side (where the incoming motion carries
//   it), over the attained points from the closest approach to C on.
// Path velocity (speed samples on the constant-speed part of each run, command speed v_c):
//   AV = (v_bar - v_c) / v_c 100 %, v_bar the mean over all runs; RV = 3 S_v / v_c 100 %, S_v
//   the standard deviation of the runs' mean speeds; FV = largest (max - min) within one run
//   (m/s).

#include <Eigen/Core>
#include <vector>

namespace armdyn {

struct PoseCharacteristics {
  Eigen::Vector3d barycentre = Eigen::Vector3d::Zero();  // m
  Eigen::Vector3d accuracyAxes = Eigen::Vector3d::Zero();  // x_bar - x_c per axis, m
  double AP = 0.0;   // position accuracy, m
  double RP = 0.0;   // position repeatability, m
  double meanDistance = 0.0, distanceDeviation = 0.0;  // l_bar and S_l, m
  Eigen::Vector3d APa = Eigen::Vector3d::Zero();  // orientation accuracy per angle, rad (when given)
  Eigen::Vector3d RPa = Eigen::Vector3d::Zero();  // orientation repeatability per angle, rad
};

// `attainedAngles` empty or one roll-pitch-yaw per attained pose (then `commandedAngles` is
// the command's). Throws std::invalid_argument for fewer than two poses or mismatched sizes.
PoseCharacteristics poseCharacteristics(const Eigen::Vector3d& commanded, const std::vector<Eigen::Vector3d>& attained,
                                        const Eigen::Vector3d& commandedAngles = Eigen::Vector3d::Zero(),
                                        const std::vector<Eigen::Vector3d>& attainedAngles = {});

struct PathCharacteristics {
  double AT = 0.0;  // path accuracy, m
  double RT = 0.0;  // path repeatability, m
  int worstAccuracyPoint = -1, worstRepeatabilityPoint = -1;
  std::vector<double> deviation;  // |x_bar_i - c_i| per evaluation point, m (error along the path)
  int missed = 0;                 // evaluation points some run never crossed (not counted)
};

// `points` c_i and `tangents` t_i (normalised here) of the command path; `runs` the attained
// tool positions of each run in time order. Throws std::invalid_argument for no run, fewer
// than one evaluation point, or mismatched sizes.
PathCharacteristics pathCharacteristics(const std::vector<Eigen::Vector3d>& points,
                                        const std::vector<Eigen::Vector3d>& tangents,
                                        const std::vector<std::vector<Eigen::Vector3d>>& runs);

struct CorneringCharacteristics {
  double CR = 0.0;  // round-off error, m
  double CO = 0.0;  // overshoot, m
};

// `corner` C, `incoming` and `outgoing` the directions of the legs before and after it;
// `attained` one run's tool positions in time order. Throws std::invalid_argument for fewer
// than two points or parallel legs.
CorneringCharacteristics corneringCharacteristics(const Eigen::Vector3d& corner, const Eigen::Vector3d& incoming,
                                                  const Eigen::Vector3d& outgoing,
                                                  const std::vector<Eigen::Vector3d>& attained);

struct PathVelocityCharacteristics {
  double AV = 0.0;  // %
  double RV = 0.0;  // %
  double FV = 0.0;  // m/s
  double meanSpeed = 0.0;  // m/s
};

// `speeds`: per run, the speed samples on the constant-speed part (m/s); `commandedSpeed` v_c.
PathVelocityCharacteristics pathVelocityCharacteristics(const std::vector<std::vector<double>>& speeds,
                                                        double commandedSpeed);

}  // namespace armdyn
