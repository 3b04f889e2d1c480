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

constexpr double kOnPose = 1e-7;  // a closed-form candidate's residual taken as on the pose (m + rad), as ClosedFormSet

bool unit(const Eigen::Vector3d& v) { return v.allFinite() && std::abs(v.norm() - 1.0) < 1e-6; }

std::string jointValueText(const Model& model, int joint, double value) {
  char buf[64];
  if (model.isRevolute(joint)) {
    std::snprintf(buf, sizeof buf, "%.1f deg", value * 180.0 / M_PI);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f mm", value * 1000.0);
  }
  return buf;
}

// `candidate` taken continuously from `from`: each revolute value moved by whole turns to the one
// nearest the joint's value before (the solvers answer in [-pi, pi] or shifted into the limits).
Eigen::VectorXd continued(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& from,
                          const Eigen::Ref<const Eigen::VectorXd>& candidate) {
  Eigen::VectorXd q = candidate;
  for (int i = 0; i < model.dof(); ++i)
    if (model.isRevolute(i)) q(i) = from(i) + wrapToPi(candidate(i) - from(i));
  return q;
}

// The joint past its limits in q (-1 when none), with the tolerance the solvers use.
int outsideLimits(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  for (int i = 0; i < model.dof(); ++i) {
    const LinkSpec& l = model.spec().links[i];
    if (q(i) < l.qMin - kJointLimitTolerance || q(i) > l.qMax + kJointLimitTolerance) return i;
  }
  return -1;
}

// How far the step from a to b goes, as a multiple of what a sub-step may turn or slide: above 1
// is a jump. `joint` names the joint that goes furthest.
double jumpRatio(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& a,
                 const Eigen::Ref<const Eigen::VectorXd>& b, int& joint) {
  double most = 0.0;
  joint = 0;
  for (int i = 0; i < model.dof(); ++i) {
    const double d = std::abs(b(i) - a(i)) / (model.isRevolute(i) ? ToolDrag::kMaxJointStep : ToolDrag::kMaxSlideStep);
    if (d > most) {
      most = d;
      joint = i;
    }
  }
  return most;
}

std::string limitText(const Model& model, int joint, const Eigen::Ref<const Eigen::VectorXd>& q) {
  const LinkSpec& l = model.spec().links[joint];
  const double limit = q(joint) > l.qMax ? l.qMax : l.qMin;
  return "joint " + std::to_string(joint + 1) + " would pass its limit " + jointValueText(model, joint, limit);
}

}  // namespace

ToolDrag ToolDrag::jog(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, DragHandle handle, int axis) {
  if (handle != DragHandle::Translate && handle != DragHandle::Rotate)
    throw std::invalid_argument("tool drag: a jog moves the tool along or about an axis");
  // The facing direction only sets the sense of a mouse's sweep: the axis itself.
  const Eigen::Vector3d facing = axis >= 0 && axis <= 2 ? Eigen::Vector3d::Unit(axis) : Eigen::Vector3d::UnitZ();
  ToolDrag drag(std::move(model), q0, DragGrab(handle, axis, facing), NoRay{});
  drag.grabbed_ = true;
  drag.jog_ = true;
  return drag;
}

ToolDrag::ToolDrag(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, const DragGrab& grab,
                   const Ray& grabRay)
    : ToolDrag(std::move(model), q0, grab, NoRay{}) {
  if (!unit(grabRay.direction) || !grabRay.origin.allFinite())
    throw std::invalid_argument("tool drag: the ray's direction must be a finite unit vector");
  const bool joint = grab.handle == DragHandle::Joint;
  const bool along = grab.handle == DragHandle::Translate || (joint && !model_->isRevolute(grab.index));
  if (along) {
    double t = 0.0;
    grabbed_ = sineToRay(grabRay, axis_) >= kMinSine && nearestOnAxis(grabRay, centre_, axis_, t);
    grabPoint_ = centre_ + t * axis_;
  } else {
    // The plane must face the eye enough (it always does for TranslatePlane and Rotate).
    grabbed_ = std::abs(grabRay.direction.dot(plane_)) >= kMinSine && onPlane(grabRay, centre_, plane_, grabPoint_);
    // Turning needs an arm from the centre to sweep: a grab on the centre itself has none.
    if (grab.handle != DragHandle::TranslatePlane && (grabPoint_ - centre_).norm() < 1e-9) grabbed_ = false;
  }
}

ToolDrag::ToolDrag(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, const DragGrab& grab, NoRay)
    : model_(std::move(model)), q0_(q0), q_(q0), grab_(grab) {
  if (!model_) throw std::invalid_argument("tool drag: no model");
  const int n = model_->dof();
  if (q0.size() != n || !q0.allFinite())
    throw std::invalid_argument("tool drag: q0 must hold " + std::to_string(n) + " finite values");
  const bool joint = grab.handle == DragHandle::Joint;
  if (joint ? (grab.index < 0 || grab.index >= n) : (grab.index < 0 || grab.index > 2))
    throw std::invalid_argument("tool drag: handle index " + std::to_string(grab.index) + " out of range");
  const bool facing = grab.handle == DragHandle::TranslatePlane || grab.handle == DragHandle::Rotate;
  if (facing && !unit(grab.planeNormal))
    throw std::invalid_argument("tool drag: the direction towards the eye must be a finite unit vector");

  start_ = reached_ = toolPose(*model_, q0_);
  centre_ = start_.block<3, 1>(0, 3);
  switch (grab.handle) {
    case DragHandle::Translate: axis_ = plane_ = Eigen::Vector3d::Unit(grab.index); break;
    case DragHandle::Rotate:
      axis_ = Eigen::Vector3d::Unit(grab.index);
      plane_ = grab.planeNormal;
      sense_ = axis_.dot(plane_) >= 0.0 ? 1.0 : -1.0;
      break;
    case DragHandle::TranslatePlane: axis_ = plane_ = grab.planeNormal; break;
    case DragHandle::Joint: {
      // Joint j (0-based) turns about z of frame j (T_0 = BASE for the first), through its origin.
      const std::vector<Eigen::Matrix4d> frames = linkFrames(*model_, q0_);
      axis_ = plane_ = frames[grab.index].block<3, 1>(0, 2).normalized();
      centre_ = frames[grab.index].block<3, 1>(0, 3);
      break;
    }
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
  int joint = 0;
  if (closedFormSolutions(model, target, q_, set_)) {
    // Every candidate on the pose, taken continuously from the joints now; the nearest within
    // the limits, and the nearest outside them (the branch may run into a limit).
    int best = -1, outside = -1;
    double bestRatio = 0.0, outsideRatio = 0.0;
    Eigen::VectorXd bestQ, outsideQ;
    for (int k = 0; k < set_.count; ++k) {
      const ClosedFormSet::Entry& e = set_.entries[k];
      if (!(e.residual < kOnPose)) continue;
      const Eigen::VectorXd q = continued(model, q_, e.q.head(n));
      const double ratio = jumpRatio(model, q_, q, joint);
      if (outsideLimits(model, q) < 0) {
        if (best < 0 || ratio < bestRatio) best = k, bestRatio = ratio, bestQ = q;
      } else if (outside < 0 || ratio < outsideRatio) {
        outside = k, outsideRatio = ratio, outsideQ = q;
      }
    }
    if (outside >= 0 && outsideRatio <= 1.0 && (best < 0 || outsideRatio < bestRatio))
      return "the arm would leave its joint limits: " + limitText(model, outsideLimits(model, outsideQ), outsideQ);
    if (best < 0) return set_.reason.empty() ? "the tool cannot reach there" : set_.reason;
    next = bestQ;
  } else {
    DlsOptions options;
    options.positionOnly = n < 6;
    options.randomStarts = 0;
    options.tryHome = false;  // from the joints now only: another start may be another branch
    const DlsResult dls = solveDampedLeastSquares(model, target, q_, options);
    if (!dls.converged) {
      // The solver keeps its steps within the limits: a joint resting on one is why, usually.
      for (int i = 0; i < n; ++i) {
        const LinkSpec& l = model.spec().links[i];
        if (std::abs(dls.q(i) - l.qMin) < 1e-6 || std::abs(dls.q(i) - l.qMax) < 1e-6)
          return "joint " + std::to_string(i + 1) + " is at its limit " + jointValueText(model, i, dls.q(i));
      }
      return "the tool cannot reach there (the numerical solution did not converge)";
    }
    next = continued(model, q_, dls.q);
    const int past = outsideLimits(model, next);
    if (past >= 0) return "the arm would leave its joint limits: " + limitText(model, past, next);
  }
  if (jumpRatio(model, q_, next, joint) > 1.0) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "near a singularity: joint %d would jump %s for a step of %.0f mm / %.0f deg",
                  joint + 1, jointValueText(model, joint, std::abs(next(joint) - q_(joint))).c_str(),
                  kSubStepLength * 1000.0, kSubStepAngle * 180.0 / M_PI);
    return buf;
  }
  q_ = next;
  reached_ = toolPose(model, q_);
  return {};
}

DragStep ToolDrag::moveJoint(const Ray& ray) {
  const Model& model = *model_;
  const int j = grab_.index;
  DragStep step;
  step.q = q_;
  if (model.isRevolute(j)) {
    Eigen::Vector3d p;
    if (std::abs(ray.direction.dot(plane_)) < kMinSine || !onPlane(ray, centre_, plane_, p) || (p - centre_).norm() < 1e-9)
      return step;  // edge-on or on the axis: no angle; the joint stays
    // Accumulated: a drag round the ring more than half a turn goes on turning.
    angle_ = reachedAngle_ + wrapToPi(sweptAngle(grabPoint_ - centre_, p - centre_, axis_) - wrapToPi(reachedAngle_));
    reachedAngle_ = angle_;
  } else {
    double t = 0.0;
    if (sineToRay(ray, axis_) < kMinSine || !nearestOnAxis(ray, centre_, axis_, t)) return step;
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
  step.q = q_;
  if (!grabbed_) {
    step.reason = "the handle is seen edge-on: turn the view a little and grab it again";
    return step;
  }
  if (jog_) throw std::invalid_argument("tool drag: a jog has no grab point to follow the mouse from (moveBy)");
  if (grab_.handle == DragHandle::Joint) return moveJoint(ray);
  if (!(step.reason = cannotTurn()).empty()) return step;
  // What the mouse asks for, from the start of the drag; a ray that meets the constraint badly
  // (an axis seen end-on) asks for nothing new.
  switch (grab_.handle) {
    case DragHandle::Translate: {
      double t = 0.0;
      if (sineToRay(ray, axis_) >= kMinSine && nearestOnAxis(ray, centre_, axis_, t))
        offset_ = (t - axis_.dot(grabPoint_ - centre_)) * axis_;
      break;
    }
    case DragHandle::TranslatePlane: {
      Eigen::Vector3d p;
      if (onPlane(ray, centre_, plane_, p)) offset_ = p - grabPoint_;
      break;
    }
    case DragHandle::Rotate: {
      // The angle swept round the tool origin as seen, in the sense of the axis.
      Eigen::Vector3d p;
      if (onPlane(ray, centre_, plane_, p) && (p - centre_).norm() > 1e-9) {
        const double seen = sense_ * sweptAngle(grabPoint_ - centre_, p - centre_, plane_);
        angle_ += wrapToPi(seen - wrapToPi(angle_));
      }
      break;
    }
    case DragHandle::Joint: break;
  }
  return approach("the mouse moved too far at once");
}

DragStep ToolDrag::moveBy(double distance) {
  if (!std::isfinite(distance)) throw std::invalid_argument("tool drag: the jog's distance must be finite");
  DragStep step;
  step.q = q_;
  if (!(step.reason = cannotTurn()).empty()) return step;
  if (grab_.handle == DragHandle::Translate) offset_ = distance * axis_;
  else if (grab_.handle == DragHandle::Rotate) angle_ = distance;
  else throw std::invalid_argument("tool drag: moveBy moves along or about an axis only");
  return approach("the jog is too long for one step");
}

std::string ToolDrag::cannotTurn() const {
  const int n = model_->dof();
  if (grab_.handle != DragHandle::Rotate || n >= 6) return {};
  return "a " + std::to_string(n) + "-joint arm cannot set the tool's orientation: turn its joints instead";
}

DragStep ToolDrag::approach(const char* tooFar) {
  DragStep step;
  step.q = q_;
  const int n = model_->dof();
  // From the last good target towards it in sub-steps short enough to stay on the branch.
  const Eigen::Vector3d dOffset = offset_ - reachedOffset_;
  const double dAngle = angle_ - reachedAngle_;
  const double span = std::max(dOffset.norm() / kSubStepLength, std::abs(dAngle) / kSubStepAngle);
  if (span > kMaxSubSteps) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s (more than %.0f mm or %.0f deg)", tooFar, kMaxSubSteps * kSubStepLength * 1000.0,
                  kMaxSubSteps * kSubStepAngle * 180.0 / M_PI);
    step.reason = buf;
    return step;
  }
  const int steps = static_cast<int>(std::ceil(span));
  const Eigen::VectorXd before = q_;
  for (int k = 1; k <= steps; ++k) {
    const double f = static_cast<double>(k) / steps;
    const std::string why = stepTo(targetFor(reachedOffset_ + f * dOffset, reachedAngle_ + f * dAngle));
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
  step.moved = n > 0 && (q_ - before).cwiseAbs().maxCoeff() > 0.0;
  assert(q_.allFinite());
  return step;
}

}  // namespace armdyn
