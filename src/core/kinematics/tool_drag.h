#pragma once
// Drag-to-jog's kinematics (Studio's teach mode: the handles on the tool and the joints in the 3D
// view). A drag starts from joints q0, a handle and the ray under the mouse; every later mouse
// position (a ray from the eye, base coordinates) sets a target from the start, never from the
// last step, so a drag that comes back comes back exactly:
//   - Translate: the tool origin moves along base axis k, by the change of the point of that axis
//     nearest the ray;
//   - TranslatePlane: the tool origin follows the point where the ray meets the plane through it
//     facing the eye;
//   - Rotate: the tool turns about base axis k through its origin by the angle the mouse sweeps
//     round the tool as seen (on the plane through the origin facing the eye; the sense from
//     whether the axis points towards the eye), well conditioned from any side;
//   - Joint: joint j alone turns by the angle swept about its axis (or slides along it, prismatic),
//     held at its limits.
// An axis seen nearly end-on, or a plane nearly edge-on (within asin(kMinSine)), moves nothing:
// a pixel there would ask for metres.
// The arm follows the tool on its current branch: the closed-form solution nearest the joints
// of the step before, revolute joints taken continuously (a joint whose range spans more than a
// turn stops at its limit, not past it wrapped); damped least squares from those joints (no other
// start) for a model with no closed form. The target is approached in sub-steps of at most
// kSubStepLength / kSubStepAngle so that the nearest solution is the same branch. A sub-step that
// leaves the reach or the joint limits, or that would turn a joint by more than kMaxJointStep
// (slide by kMaxSlideStep: a singularity, where the branch's joints run away), is refused with
// why; the arm stays at the last good step and the drag goes on from there.
// Holds the model by shared pointer to an immutable snapshot (an edit makes a new Model).

#include "kinematics/inverse_kinematics.h"
#include "kinematics/ray_geometry.h"
#include "model/model.h"

#include <Eigen/Core>
#include <memory>
#include <string>

namespace armdyn {

enum class DragHandle { Translate, TranslatePlane, Rotate, Joint };

struct DragGrab {
  DragGrab(DragHandle h = DragHandle::Translate, int i = 0,
           const Eigen::Vector3d& normal = Eigen::Vector3d::UnitZ())
      : handle(h), index(i), planeNormal(normal) {}
  DragHandle handle;
  int index;  // base axis 0..2 (x, y, z) for Translate and Rotate; 0-based joint for Joint
  // TranslatePlane and Rotate: the direction from the tool towards the eye; unit length.
  Eigen::Vector3d planeNormal;
};

struct DragStep {
  bool moved = false;    // the joints changed at this step
  Eigen::VectorXd q;     // the joints after the step (the last good ones when refused)
  std::string reason;    // why the target was not reached, in words ("" when it was)
};

class ToolDrag {
 public:
  static constexpr double kSubStepLength = 0.002;          // m of tool travel per sub-step
  static constexpr double kSubStepAngle = M_PI / 180.0;    // rad of tool rotation per sub-step
  static constexpr double kMaxJointStep = 10.0 * M_PI / 180.0;  // a joint turning more per sub-step: a singularity
  static constexpr double kMaxSlideStep = 0.05;            // m: a prismatic joint sliding more per sub-step
  static constexpr double kMinSine = 0.1;                  // an axis within 5.7 deg of the line of sight moves nothing
  static constexpr int kMaxSubSteps = 500;                 // 1 m or 500 deg in one mouse move: refused

  // Throws std::invalid_argument for a q0 of the wrong size or not finite, a joint index out of
  // range, a non-unit ray direction or plane normal (TranslatePlane, Rotate). Nothing is held but
  // the snapshot and copies.
  ToolDrag(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, const DragGrab& grab, const Ray& grabRay);
  // A jog without the mouse (teach mode's - and + buttons): the tool along (Translate) or about
  // (Rotate) base axis `axis` (0..2), moved by moveBy only (moveTo throws std::invalid_argument).
  // Throws as the constructor above.
  static ToolDrag jog(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, DragHandle handle, int axis);

  // The mouse is now on `ray`: the target from the start, the arm moved towards it.
  DragStep moveTo(const Ray& ray);
  // The tool moved by `distance` (m, Translate) or turned by `distance` (rad, Rotate) along or
  // about the handle's axis, from the start: the same sub-steps on the branch as moveTo.
  DragStep moveBy(double distance);

  const Eigen::VectorXd& start() const { return q0_; }
  const Eigen::VectorXd& joints() const { return q_; }
  const DragGrab& grab() const { return grab_; }
  // The tool pose the last accepted step reached (base coordinates).
  const Eigen::Matrix4d& reached() const { return reached_; }
  // The turn the mouse asks for now (rad about the handle's axis; the joint's change for a ring,
  // metres when it slides): what moveTo targets.
  double angle() const { return angle_; }

 private:
  // The target pose of the tool for a displacement `offset` and an angle (Translate*, Rotate).
  Eigen::Matrix4d targetFor(const Eigen::Vector3d& offset, double angle) const;
  // One sub-step to `target`: the branch's solution, or why not (q_ unchanged then).
  std::string stepTo(const Eigen::Matrix4d& target);
  DragStep moveJoint(const Ray& ray);
  // From the last good target towards offset_ / angle_ in sub-steps (moveTo, moveBy); `tooFar`
  // words a move of more than kMaxSubSteps sub-steps.
  DragStep approach(const char* tooFar);
  // Why this handle cannot turn the tool (a Rotate on an arm of fewer than six joints), or "".
  std::string cannotTurn() const;
  struct NoRay {};
  ToolDrag(std::shared_ptr<const Model> model, const Eigen::VectorXd& q0, const DragGrab& grab, NoRay);

  std::shared_ptr<const Model> model_;
  Eigen::VectorXd q0_, q_;
  DragGrab grab_;
  Eigen::Matrix4d start_;    // tool pose at q0
  Eigen::Matrix4d reached_;  // tool pose at q_
  Eigen::Vector3d centre_;   // the point the handle turns about / the plane passes through
  Eigen::Vector3d axis_;     // the handle's axis (unit), base coordinates
  Eigen::Vector3d plane_;    // the normal of the plane the mouse is followed on (unit)
  double sense_ = 1.0;       // Rotate: +1 when the axis points towards the eye
  Eigen::Vector3d grabPoint_ = Eigen::Vector3d::Zero();  // where the grab ray met the constraint
  bool grabbed_ = false;     // the grab ray met it (not edge-on)
  bool jog_ = false;         // made by jog(): moved by moveBy only
  Eigen::Vector3d offset_ = Eigen::Vector3d::Zero();
  double angle_ = 0.0;
  double reachedAngle_ = 0.0;
  Eigen::Vector3d reachedOffset_ = Eigen::Vector3d::Zero();
  ClosedFormSet set_;        // reused: solving a sub-step does not allocate
};

}  // namespace armdyn
