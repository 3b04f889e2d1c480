#include "kinematics/tool_drag.h"

#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/joint_limits.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace armdyn {
namespace {

constexpr double kEdgeOn = 1e-6;        // sin^2 of the angle between the ray and the axis / plane below which it is edge-on
constexpr double kOnPose = 1e-7;        // a closed-form candidate's residual taken as on the pose (m + rad), as ClosedFormSet
constexpr int kMaxSubSteps = 5000;      // 10 m or 14 turns in one mouse move: more is not a drag

bool unit(const Eigen::Vector3d& v) { return v.allFinite() && std::abs(v.norm() - 1.0) < 1e-6; }

// The largest joint change from a to b (revolute modulo a turn), and which joint.
double largestChange(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& a,
                     const Eigen::Ref<const Eigen::VectorXd>& b, int& joint) {
  double most = -1.0;
  for (int i = 0; i < model.dof(); ++i) {
    const double d = std::abs(model.isRevolute(i) ? wrapToPi(b(i) - a(i)) : b(i) - a(i));
    if (d > most) {
      most = d;
      joint = i;
    }
  }
  return most;
}

std::string jointValueText(const Model& model, int joint, double value) {
  char buf[64];
  if (model.isRevolute(joint)) {
    std::snprintf(buf, sizeof buf, "%.1f deg", value * 180.0 / M_PI);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f mm", value * 1000.0);
  }
  return buf;
}

}  // namespace

bool nearestOnAxis(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& axis, double& t) {
  // |centre + t axis - origin - s dir|^2 least: a.w + t - s b = 0 and d.w + t b - s = 0, w = centre - origin.
  const Eigen::Vector3d w = centre - ray.origin;
  const double b = axis.dot(ray.direction);
  const double denom = 1.0 - b * b;
  if (denom < kEdgeOn) return false;
  t = (b * ray.direction.dot(w) - axis.dot(w)) / denom;
  return std::isfinite(t);
}

bool onPlane(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& normal, Eigen::Vector3d& point) {
  const double denom = normal.dot(ray.direction);
  if (denom * denom < kEdgeOn) return false;
  const double s = normal.dot(centre - ray.origin) / denom;
  if (!(s > 0.0)) return false;  // behind the eye
  point = ray.origin + s * ray.direction;
  return point.allFinite();
}

double sweptAngle(const Eigen::Vector3d& from, const Eigen::Vector3d& to, const Eigen::Vector3d& axis) {
  return std::atan2(axis.dot(from.cross(to)), from.dot(to) - axis.dot(from) * axis.dot(to));
}

ToolDrag::ToolDrag(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, const DragGrab& grab,
                   const Ray& grabRay)
    : model_(std::move(model)), q0_(q0), q_(q0), grab_(grab) {
  if (!model_) throw std::invalid_argument("tool drag: no model");
  const int n = model_->dof();
  if (q0.size() != n || !q0.allFinite())
    throw std::invalid_argument("tool drag: q0 must hold " + std::to_string(n) + " finite values");
  if (!unit(grabRay.direction) || !grabRay.origin.allFinite())
    throw std::invalid_argument("tool drag: the ray's direction must be a finite unit vector");
  const bool joint = grab.handle == DragHandle::Joint;
  if (joint ? (grab.index < 0 || grab.index >= n) : (grab.index < 0 || grab.index > 2))
    throw std::invalid_argument("tool drag: handle index " + std::to_string(grab.index) + " out of range");
  if (grab.handle == DragHandle::TranslatePlane && !unit(grab.planeNormal))
    throw std::invalid_argument("tool drag: the plane's normal must be a finite unit vector");

  start_ = reached_ = toolPose(*model_, q0_);
  centre_ = start_.block<3, 1>(0, 3);
  switch (grab.handle) {
    case DragHandle::Translate:
    case DragHandle::Rotate: axis_ = Eigen::Vector3d::Unit(grab.index); break;
    case DragHandle::TranslatePlane: axis_ = grab.planeNormal; break;
    case DragHandle::Joint: {
      // Joint j (0-based) turns about z of frame j (T_0 = BASE for the first), through its origin.
      const std::vector<Eigen::Matrix4d> frames = linkFrames(*model_, q0_);
      axis_ = frames[grab.index].block<3, 1>(0, 2).normalized();
      centre_ = frames[grab.index].block<3, 1>(0, 3);
      break;
    }
  }
  const bool along = grab.handle == DragHandle::Translate ||
                     (joint && !model_->isRevolute(grab.index));
  if (along) {
    double t = 0.0;
    grabbed_ = nearestOnAxis(grabRay, centre_, axis_, t);
    grabPoint_ = centre_ + t * axis_;
  } else {
    grabbed_ = onPlane(grabRay, centre_, axis_, grabPoint_);
    // Turning needs an arm from the centre to sweep: a grab on the axis itself has none.
    if (grab.handle != DragHandle::TranslatePlane && (grabPoint_ - centre_).norm() < 1e-9) grabbed_ = false;
  }
}

Eigen::Matrix4d ToolDrag::targetFor(const Eigen::Vector3d& offset, double angle) const {
  Eigen::Matrix4d T = start_;
  T.block<3, 1>(0, 3) += offset;
  if (angle != 0.0) T.block<3, 3>(0, 0) = Eigen::AngleAxisd(angle, axis_).toRotationMatrix() * start_.block<3, 3>(0, 0);
  return T;
}

std::string ToolDrag::stepTo(const Eigen::Matrix4d& target) {
  const Model& model = *model_;
  const int n = model.dof();
  Eigen::VectorXd next;
  if (closedFormSolutions(model, target, q_, set_)) {
    int best = -1, outside = -1, joint = 0;
    double bestChange = 0.0, outsideChange = 0.0;
    for (int k = 0; k < set_.count; ++k) {
      const ClosedFormSet::Entry& e = set_.entries[k];
      if (!(e.residual < kOnPose)) continue;
      const double change = largestChange(model, q_, e.q.head(n), joint);
      if (e.withinLimits) {
        if (best < 0 || change < bestChange) best = k, bestChange = change;
      } else if (outside < 0 || change < outsideChange) {
        outside = k, outsideChange = change;
      }
    }
    if (best < 0 || (outside >= 0 && outsideChange < bestChange && outsideChange <= kMaxJointStep)) {
      // The branch goes on outside the limits (another branch within them is no way on).
      if (outside >= 0) return "the arm would leave its joint limits: " + jointLimitViolation(model, set_.entries[outside].q.head(n));
      return set_.reason.empty() ? "the tool cannot reach there" : set_.reason;
    }
    next = set_.entries[best].q.head(n);
  } else {
    DlsOptions options;
    options.positionOnly = n < 6;
    options.randomStarts = 0;
    const DlsResult dls = solveDampedLeastSquares(model, target, q_, options);
    if (!dls.converged) return "the tool cannot reach there (the numerical solution did not converge)";
    const std::string outside = jointLimitViolation(model, dls.q);
    if (!outside.empty()) return "the arm would leave its joint limits: " + outside;
    next = dls.q;
  }
  int joint = 0;
  const double change = largestChange(model, q_, next, joint);
  if (change > kMaxJointStep) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "near a singularity: joint %d would jump %s for a step of %.0f mm / %.0f deg",
                  joint + 1, jointValueText(model, joint, change).c_str(), kSubStepLength * 1000.0,
                  kSubStepAngle * 180.0 / M_PI);
    return buf;
  }
  // Keep revolute joints continuous with the drag (the solvers answer in [-pi, pi] or within
  // the limits): the same angle modulo a turn, the turn the limits admit.
  for (int i = 0; i < n; ++i)
    if (model.isRevolute(i)) {
      const double continued = q_(i) + wrapToPi(next(i) - q_(i));
      const LinkSpec& l = model.spec().links[i];
      if (continued >= l.qMin - kJointLimitTolerance && continued <= l.qMax + kJointLimitTolerance) next(i) = continued;
    }
  q_ = next;
  reached_ = toolPose(model, q_);
  return {};
}

DragStep ToolDrag::moveJoint(const Ray& ray) {
  const Model& model = *model_;
  const int j = grab_.index;
  DragStep step;
  if (model.isRevolute(j)) {
    Eigen::Vector3d p;
    if (!onPlane(ray, centre_, axis_, p) || (p - centre_).norm() < 1e-9) {
      step.q = q_;
      return step;  // edge-on or on the axis: no angle; the joint stays
    }
    // Accumulated: a drag round the ring more than half a turn goes on turning.
    angle_ = reachedAngle_ + wrapToPi(sweptAngle(grabPoint_ - centre_, p - centre_, axis_) - wrapToPi(reachedAngle_));
    reachedAngle_ = angle_;
  } else {
    double t = 0.0;
    if (!nearestOnAxis(ray, centre_, axis_, t)) {
      step.q = q_;
      return step;
    }
    angle_ = t - axis_.dot(grabPoint_ - centre_);  // metres for a prismatic joint
  }
  const LinkSpec& l = model.spec().links[j];
  const double wanted = q0_(j) + angle_;
  const double held = std::clamp(wanted, l.qMin, l.qMax);
  if (held != wanted)
    step.reason = "joint " + std::to_string(j + 1) + " is at its limit " + jointValueText(model, j, held);
  step.moved = held != q_(j);
  q_(j) = held;
  reached_ = toolPose(model, q_);
  step.q = q_;
  return step;
}

DragStep ToolDrag::moveTo(const Ray& ray) {
  if (!unit(ray.direction) || !ray.origin.allFinite())
    throw std::invalid_argument("tool drag: the ray's direction must be a finite unit vector");
  DragStep step;
  if (!grabbed_) {
    step.q = q_;
    step.reason = "the handle is seen edge-on: turn the view a little and grab it again";
    return step;
  }
  if (grab_.handle == DragHandle::Joint) return moveJoint(ray);
  const int n = model_->dof();
  if (grab_.handle == DragHandle::Rotate && n < 6) {
    step.q = q_;
    step.reason = "a " + std::to_string(n) + "-joint arm cannot set the tool's orientation: turn its joints instead";
    return step;
  }
  // What the mouse asks for, from the start of the drag.
  switch (grab_.handle) {
    case DragHandle::Translate: {
      double t = 0.0;
      if (nearestOnAxis(ray, centre_, axis_, t)) offset_ = (t - axis_.dot(grabPoint_ - centre_)) * axis_;
      break;
    }
    case DragHandle::TranslatePlane: {
      Eigen::Vector3d p;
      if (onPlane(ray, centre_, axis_, p)) offset_ = p - grabPoint_;
      break;
    }
    case DragHandle::Rotate: {
      Eigen::Vector3d p;
      if (onPlane(ray, centre_, axis_, p) && (p - centre_).norm() > 1e-9)
        angle_ += wrapToPi(sweptAngle(grabPoint_ - centre_, p - centre_, axis_) - wrapToPi(angle_));
      break;
    }
    case DragHandle::Joint: break;
  }
  // From the last good target towards it in sub-steps short enough to stay on the branch.
  const Eigen::Vector3d dOffset = offset_ - reachedOffset_;
  const double dAngle = angle_ - reachedAngle_;
  const int steps = static_cast<int>(std::ceil(std::max(dOffset.norm() / kSubStepLength, std::abs(dAngle) / kSubStepAngle)));
  if (steps > kMaxSubSteps) {
    step.q = q_;
    step.reason = "the mouse moved too far at once";
    return step;
  }
  const Eigen::VectorXd before = q_;
  for (int k = 1; k <= steps; ++k) {
    const double f = static_cast<double>(k) / steps;
    const Eigen::Vector3d o = reachedOffset_ + f * dOffset;
    const double a = reachedAngle_ + f * dAngle;
    const std::string why = stepTo(targetFor(o, a));
    if (!why.empty()) {
      // Stay at the last good step; the part of the way already gone is kept.
      const double kept = static_cast<double>(k - 1) / steps;
      reachedOffset_ += kept * dOffset;
      reachedAngle_ += kept * dAngle;
      step.reason = why;
      break;
    }
    if (k == steps) {
      reachedOffset_ = offset_;
      reachedAngle_ = angle_;
    }
  }
  step.q = q_;
  step.moved = (q_ - before).cwiseAbs().maxCoeff() > 0.0;
  assert(q_.allFinite());
  return step;
}

}  // namespace armdyn
