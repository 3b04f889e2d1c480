#include "kinematics/joint_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {

double wrapToPi(double angle) {
  double a = std::remainder(angle, 2.0 * M_PI);  // in [-pi, pi]
  if (a == -M_PI) a = M_PI;
  return a;
}

double wrapJointValue(const Model& model, int joint, double q) {
  if (!model.isRevolute(joint)) return q;
  const LinkSpec& l = model.spec().links[joint];
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

Eigen::VectorXd clampToLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  Eigen::VectorXd out(q.size());
  for (int i = 0; i < q.size(); ++i) out(i) = admissibleJointValue(model, i, q(i));
  return out;
}

std::string jointLimitViolation(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  for (int i = 0; i < q.size(); ++i) {
    const LinkSpec& l = model.spec().links[i];
    if (q(i) >= l.qMin - kJointLimitTolerance && q(i) <= l.qMax + kJointLimitTolerance) continue;
    const char* unit = model.isRevolute(i) ? "rad" : "m";
    char buf[160];
    std::snprintf(buf, sizeof buf, "q%d = %.4f %s is outside joint %d limits [%.4f, %.4f] %s", i + 1, q(i), unit,
                  i + 1, l.qMin, l.qMax, unit);
    return buf;
  }
  return "";
}

}  // namespace armdyn
