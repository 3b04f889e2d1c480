#include "kinematics/self_motion.h"

#include "kinematics/free_joint_ik.h"
#include "kinematics/joint_limits.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace armdyn {

namespace {

double jointDistance(const Model& model, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double d = 0.0;
  for (int i = 0; i < model.dof(); ++i)
    d = std::max(d, std::abs(model.isRevolute(i) ? wrapToPi(a(i) - b(i)) : a(i) - b(i)));
  return d;
}

}  // namespace

SelfMotion selfMotion(const Model& model, const Eigen::Matrix4d& pose, int joint, int samples) {
  if (samples < 2) throw std::invalid_argument("self-motion needs at least 2 samples");
  if (model.dof() != 7 || joint < 0 || joint >= model.dof())
    throw std::invalid_argument("self-motion: joint " + std::to_string(joint + 1) + " of a seven-joint arm");
  SelfMotion out;
  out.joint = joint;
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(joint)];
  double lo = l.qMin, hi = l.qMax;
  if (model.isRevolute(joint)) {
    // One turn at most, from the lower limit (or -pi without one).
    if (!std::isfinite(lo) || lo < -1e299) lo = std::isfinite(hi) && hi < 1e299 ? hi - 2.0 * M_PI : -M_PI;
    hi = std::min(hi, lo + 2.0 * M_PI);
  } else if (!(hi - lo < 1e299)) {
    throw std::invalid_argument("self-motion: prismatic joint " + std::to_string(joint + 1) + " has no limits to sweep");
  }
  out.step = (hi - lo) / (samples - 1);
  const double jump = std::max(0.2, 20.0 * out.step);
  std::vector<int> open;  // curves that reached the previous sample
  for (int k = 0; k < samples; ++k) {
    const double v = k + 1 == samples ? hi : lo + k * out.step;
    const FreeJointIk ik = freeJointInverseKinematics(model, pose, joint, v);
    if (!ik.applicable) {
      out.reason = ik.reason;
      if (k == 0) return out;  // the held joint leaves no closed form
      open.clear();
      continue;
    }
    out.solver = ik.solver;
    std::vector<bool> taken(ik.solutions.size(), false);
    std::vector<int> next;
    // Each open curve takes the nearest free solution within the jump, nearest pairs first.
    struct Pair {
      double d;
      int curve, solution;
    };
    std::vector<Pair> pairs;
    for (int c : open)
      for (std::size_t s = 0; s < ik.solutions.size(); ++s) {
        const double d = jointDistance(model, out.curves[static_cast<std::size_t>(c)].q.back(), ik.solutions[s].q);
        if (d <= jump) pairs.push_back({d, c, static_cast<int>(s)});
      }
    std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.d < b.d; });
    std::vector<bool> extended(out.curves.size(), false);
    for (const Pair& p : pairs) {
      if (taken[static_cast<std::size_t>(p.solution)] || extended[static_cast<std::size_t>(p.curve)]) continue;
      taken[static_cast<std::size_t>(p.solution)] = true;
      extended[static_cast<std::size_t>(p.curve)] = true;
      SelfMotionCurve& curve = out.curves[static_cast<std::size_t>(p.curve)];
      curve.value.push_back(v);
      curve.q.push_back(ik.solutions[static_cast<std::size_t>(p.solution)].q);
      next.push_back(p.curve);
    }
    for (std::size_t s = 0; s < ik.solutions.size(); ++s) {
      if (taken[s]) continue;
      out.curves.push_back({{v}, {ik.solutions[s].q}});
      next.push_back(static_cast<int>(out.curves.size()) - 1);
    }
    open = std::move(next);
  }
  if (!out.curves.empty()) out.reason.clear();
  else if (out.reason.empty()) out.reason = "no solution within the joint limits for any value of joint " + std::to_string(joint + 1);
  return out;
}

}  // namespace armdyn
