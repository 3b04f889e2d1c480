#pragma once
// The drag handles of teach mode in the 3D view: on the tool, three arrows along the base axes
// (x red, y green, z blue; drag one: the tool moves along it, Shift+drag: turns about it) and a
// yellow ball (drag: the tool moves in the plane facing the eye); on each joint a ring round its
// axis (a bar along it for a prismatic joint): drag it and that joint alone turns (slides).
// Drawn over the arm (no depth test) so a handle behind a link can still be grabbed. The hit
// test works in screen pixels through the viewport's projection: the nearest handle within a
// few pixels of the mouse wins, the ball first.

#include "kinematics/tool_drag.h"

#include <Eigen/Core>
#include <QPointF>
#include <functional>
#include <optional>
#include <osg/MatrixTransform>
#include <osg/Switch>
#include <osg/ref_ptr>
#include <vector>

namespace armdyn::app {

class JogHandles {
 public:
  JogHandles();
  osg::Switch* node() { return root_.get(); }

  void setVisible(bool visible);
  bool visible() const { return visible_; }
  // The handles for an arm whose joints are `revolute` (true) or prismatic, sized from the arm's
  // characteristic length (m); then placed on `frames` (base, links 1..n, tool: TeachPanel::frames).
  void place(const std::vector<Eigen::Matrix4d>& frames, const std::vector<bool>& revolute, double size);

  // Where on screen a point of the scene is (window pixels, y down), nullopt behind the eye.
  using Projection = std::function<std::optional<QPointF>(const Eigen::Vector3d&)>;
  // The joints the handles were placed for (0 before a placement that fitted).
  int jointCount() const { return frames_.empty() ? 0 : static_cast<int>(revolute_.size()); }
  // The handle under `mouse`, nullopt when none is within reach. `rotate` (Shift held) turns the
  // arrows into turning handles; `towardsEye` is the unit direction from the scene to the eye.
  std::optional<DragGrab> hit(const Projection& project, const QPointF& mouse, bool rotate,
                              const Eigen::Vector3d& towardsEye) const;

  // For the tests: a point on each handle in the scene (the arrow's 60 % point, a point of the
  // ring), base coordinates.
  Eigen::Vector3d toolOrigin() const;
  Eigen::Vector3d arrowPoint(int axis) const;
  Eigen::Vector3d ringPoint(int joint) const;
  double arrowLength() const { return arrow_; }

  static constexpr double kBallPixels = 10.0;   // grab distance of the ball
  static constexpr double kLinePixels = 7.0;    // grab distance of an arrow or a ring

 private:
  void rebuild(const std::vector<bool>& revolute, double size);
  osg::ref_ptr<osg::Switch> root_;
  osg::ref_ptr<osg::MatrixTransform> tool_;
  std::vector<osg::ref_ptr<osg::MatrixTransform>> rings_;
  std::vector<bool> revolute_;
  std::vector<Eigen::Matrix4d> frames_;
  double size_ = 0.0, arrow_ = 0.0, ring_ = 0.0;
  bool visible_ = false;
};

}  // namespace armdyn::app
