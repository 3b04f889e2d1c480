#include "kinematics/joint_limits.h"

#include "common/number_text.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <cmath>
#include <cstdio>

namespace armdyn {

double detail::wrapAngle(double angle) {
  if (angle > M_PI && angle <= 3.0 * M_PI) return angle - 2.0 * M_PI;
  if (angle > -3.0 * M_PI && angle <= -M_PI) return angle + 2.0 * M_PI;
  double a = std::remainder(angle, 2.0 * M_PI);  // in [-pi, pi]
  if (a == -M_PI) a = M_PI;
  return a;
}

double detail::wrapRevoluteValue(const LinkSpec& l, double q) {
  const double w = wrapToPi(q);
  if (w >= l.qMin - kJointLimitTolerance && w <= l.qMax + kJointLimitTolerance) return w;
  for (double shifted : {w + 2.0 * M_PI, w - 2.0 * M_PI})
    if (shifted >= l.qMin - kJointLimitTolerance && shifted <= l.qMax + kJointLimitTolerance) return shifted;
  return w;
}

double admissibleJointValue(const Model& model, int joint, double q) {
  const LinkSpec& l = model.spec().links[joint];
  return std::clamp(wrapJointValue(model, joint, q), l.qMin, l.qMax);
}

JointInterval admissibleJointInterval(const Model& model, int joint) {
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(joint)];
  const bool lowerSet = l.qMin > -1e300, upperSet = l.qMax < 1e300;  // robot.h's "unlimited"
  if (!model.isRevolute(joint)) return {l.qMin, l.qMax};
  // wrapToPi gives (-pi, pi]; a wrapped value past qMax is shifted down by 2 pi, one before qMin
  // up by 2 pi, when that lands within the limits.
  JointInterval r;
  // Limits wholly past -3 pi or 3 pi: every wrapped value is clamped onto the near limit, and the
  // interval is that value ([-12, -10] rad gives [-10, -10]).
  r.lower = lowerSet ? std::max(l.qMin, std::min(-3.0 * M_PI, l.qMax))
                     : (upperSet && l.qMax < M_PI ? l.qMax - 2.0 * M_PI : -M_PI);
  r.upper = upperSet ? std::min(l.qMax, std::max(3.0 * M_PI, l.qMin))
                     : (lowerSet && l.qMin > -M_PI ? l.qMin + 2.0 * M_PI : M_PI);
  return r;
}

Eigen::VectorXd clampToLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  Eigen::VectorXd out(q.size());
  for (int i = 0; i < q.size(); ++i) out(i) = admissibleJointValue(model, i, q(i));
  return out;
}

int firstJointOutsideLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  for (int i = 0; i < q.size(); ++i) {
    const LinkSpec& l = model.spec().links[i];
    if (!(q(i) >= l.qMin - kJointLimitTolerance && q(i) <= l.qMax + kJointLimitTolerance)) return i;
  }
  return -1;
}

JointLimitViolation findJointLimitViolation(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  JointLimitViolation v;
  v.joint = firstJointOutsideLimits(model, q);
  if (v.joint < 0) return v;
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(v.joint)];
  v.revolute = model.isRevolute(v.joint);
  v.value = q(v.joint);
  v.lower = l.qMin;
  v.upper = l.qMax;
  return v;
}

void appendJointLimitViolation(const JointLimitViolation& v, std::string& out) {
  if (v.joint < 0) return;
  const char* unit = v.revolute ? " rad" : " m";
  char joint[16];
  const std::size_t jointSize = static_cast<std::size_t>(std::to_chars(joint, joint + sizeof joint, v.joint + 1).ptr - joint);
  out += 'q';
  out.append(joint, jointSize);
  out += " = ";
  appendFixed4(out, v.value);
  out += unit;
  out += " is outside joint ";
  out.append(joint, jointSize);
  out += " limits [";
  appendFixed4(out, v.lower);
  out += ", ";
  appendFixed4(out, v.upper);
  out += ']';
  out += unit;
}

std::string jointLimitViolation(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  std::string out;
  const JointLimitViolation v = findJointLimitViolation(model, q);
  if (v.joint < 0) return out;
  out.reserve(96);
  appendJointLimitViolation(v, out);
  return out;
}

bool sameJointValues(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& a,
                     const Eigen::Ref<const Eigen::VectorXd>& b) {
  if (a.size() != b.size()) return false;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const double d = model.isRevolute(static_cast<int>(i)) ? wrapToPi(a(i) - b(i)) : a(i) - b(i);
    if (!(std::abs(d) <= kSameJointsTolerance)) return false;
  }
  return true;
}

}  // namespace armdyn
