#pragma once
// Joint values against the limits qMin <= q_i <= qMax of a model (rad or m). Revolute values
// are reported in [-pi, pi]; when a wrapped value lies outside the limits but value +- 2 pi lies
// inside (limits such as [0, 2 pi]), the shifted value is used.

#include "model/model.h"

#include <Eigen/Core>
#include <cmath>
#include <string>

namespace armdyn {

// Angle wrapped into [-pi, pi] (inline below: the usual case is an angle already there).
inline double wrapToPi(double angle);

// Revolute: wrapped (and shifted by 2 pi into the limits when that helps); prismatic: as is.
// (Inline below: the closed-form IK wraps every joint of every candidate.)
inline double wrapJointValue(const Model& model, int joint, double q);

// wrapJointValue, then clamped to [qMin, qMax].
double admissibleJointValue(const Model& model, int joint, double q);
Eigen::VectorXd clampToLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

// An interval within the limits that holds every value admissibleJointValue returns, rad or m:
// what a teach slider or a typed joint value must be able to show (the PUMA's joint 3, limits
// [-225, 45] deg, sits at -192 deg). Prismatic: the limits (+-1e300 on an unlimited side).
// Revolute: the limits within [-3 pi, 3 pi] (a wrapped value shifted by 2 pi never leaves it;
// limits wholly beyond it, the near limit alone, where every value is clamped);
// on an unlimited side -pi / pi, or the other side's limit -+ 2 pi when values past that limit
// are shifted round (limits (-inf, 100 deg]: [-260, 100] deg); unlimited: [-pi, pi].
struct JointInterval {
  double lower = 0.0, upper = 0.0;
};
JointInterval admissibleJointInterval(const Model& model, int joint);

// Slack allowed on a limit, so that a value computed exactly on it is kept.
constexpr double kJointLimitTolerance = 1e-9;

// Two joint-value vectors are the same configuration when every joint differs by at most this
// (revolute joints modulo a turn): the inverse kinematics merges its duplicates with it, and
// every view that asks "is this solution the arm's pose" uses the same rule.
constexpr double kSameJointsTolerance = 1e-9;
bool sameJointValues(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& a,
                     const Eigen::Ref<const Eigen::VectorXd>& b);

// "" when every q_i lies within its limits (to kJointLimitTolerance); otherwise the first
// violation, e.g. "q3 = 1.3000 m is outside joint 3 limits [0.3000, 1.2000] m".
std::string jointLimitViolation(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

// That first violation as numbers (joint -1 when none), for results that word it only when
// asked (a loop over poses rejects candidates that nobody reads about).
struct JointLimitViolation {
  int joint = -1;  // 0-based
  bool revolute = true;
  double value = 0.0, lower = 0.0, upper = 0.0;
};
JointLimitViolation findJointLimitViolation(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);
// Its words (jointLimitViolation's) appended to `out`; nothing when joint < 0.
void appendJointLimitViolation(const JointLimitViolation& violation, std::string& out);
// The first joint of q outside its limits (the one jointLimitViolation names), -1 when none.
int firstJointOutsideLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

namespace detail {
double wrapRevoluteValue(const LinkSpec& link, double q);  // wrapJointValue's general case
double wrapAngle(double angle);                            // wrapToPi's
}

inline double wrapToPi(double angle) {
  if (angle > -M_PI && angle <= M_PI) return angle;
  return detail::wrapAngle(angle);
}

inline double wrapJointValue(const Model& model, int joint, double q) {
  if (!model.isRevolute(joint)) return q;
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(joint)];
  // Already in (-pi, pi] and within the limits: as it is (the usual case).
  if (q > -M_PI && q <= M_PI && q >= l.qMin - kJointLimitTolerance && q <= l.qMax + kJointLimitTolerance) return q;
  return detail::wrapRevoluteValue(l, q);
}

}  // namespace armdyn
