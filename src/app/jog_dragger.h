#pragma once
// Drag-to-jog in the 3D view (teach mode): a press on a handle (jog_handles.h) starts a drag of
// the tool or of one joint; each mouse move solves the arm on its current branch
// (kinematics/tool_drag.h) and reports the joints; release finishes it (the caller makes it one
// undo step), Esc or a second button cancels it (the arm goes back). A press elsewhere is not
// taken: the view orbits as before. A refused step (reach, limits, singularity) leaves the arm at
// its last good pose and says why.

#include "kinematics/tool_drag.h"

#include <Eigen/Core>
#include <QObject>
#include <QPointF>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

class QMouseEvent;

namespace armdyn::app {

class ArmViewport;

class JogDragger : public QObject {
  Q_OBJECT
 public:
  explicit JogDragger(ArmViewport* viewport);
  ~JogDragger() override;

  // Where the arm comes from when a drag starts: the teach panel's model snapshot and joints.
  void setSource(std::function<std::shared_ptr<const Model>()> model, std::function<Eigen::VectorXd()> joints);
  void setEnabled(bool enabled);
  bool enabled() const { return enabled_; }
  bool dragging() const { return drag_ != nullptr; }

  // From the viewport's mouse handlers: true when the dragger took the event.
  bool press(QMouseEvent* e);
  bool move(QMouseEvent* e);
  bool release(QMouseEvent* e);
  // Esc: the arm back where the drag started, nothing recorded.
  void cancel();

 Q_SIGNALS:
  void jointsDragged(const Eigen::VectorXd& q);
  // A drag ended with the arm moved: `from` the joints it started at, `to` where it ended.
  void dragFinished(const Eigen::VectorXd& from, const Eigen::VectorXd& to, const QString& what);
  void dragCancelled(const Eigen::VectorXd& from);
  // What the drag does ("Drag the tool along x (Esc cancels)"; "" when it ends): for the status bar.
  void hint(const QString& text);
  // Why the last step was refused, in words ("" when it was not): beside the teach controls.
  void refused(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void end();
  void finish();  // the drag ends where it is: one undo step when the arm moved
  static QString describe(const DragGrab& grab, bool revolute);
  ArmViewport* viewport_;
  std::function<std::shared_ptr<const Model>()> model_;
  std::function<Eigen::VectorXd()> joints_;
  std::unique_ptr<ToolDrag> drag_;
  QString what_;
  bool enabled_ = false;
};

}  // namespace armdyn::app
