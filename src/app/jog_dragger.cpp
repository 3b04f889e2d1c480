#include "jog_dragger.h"

#include "arm_viewport.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QMouseEvent>

namespace armdyn::app {

JogDragger::JogDragger(ArmViewport* viewport) : QObject(viewport), viewport_(viewport) {}

JogDragger::~JogDragger() {
  if (QCoreApplication* app = QCoreApplication::instance()) app->removeEventFilter(this);
}

void JogDragger::setSource(std::function<std::shared_ptr<const Model>()> model,
                           std::function<Eigen::VectorXd()> joints) {
  model_ = std::move(model);
  joints_ = std::move(joints);
}

void JogDragger::setEnabled(bool enabled) {
  if (!enabled && dragging()) cancel();
  enabled_ = enabled;
  viewport_->scene().jogHandles().setVisible(enabled);
  viewport_->update();
}

QString JogDragger::describe(const DragGrab& grab, bool revolute) {
  const char* axes[3] = {"x", "y", "z"};
  switch (grab.handle) {
    case DragHandle::Translate: return tr("Drag the tool along %1").arg(QLatin1String(axes[grab.index]));
    case DragHandle::TranslatePlane: return tr("Drag the tool");
    case DragHandle::Rotate: return tr("Turn the tool about %1").arg(QLatin1String(axes[grab.index]));
    case DragHandle::Joint: return revolute ? tr("Turn joint %1").arg(grab.index + 1) : tr("Slide joint %1").arg(grab.index + 1);
  }
  return {};
}

bool JogDragger::press(QMouseEvent* e) {
  if (dragging()) {
    if (e->button() != Qt::LeftButton) cancel();  // a second button while dragging: cancel
    return true;
  }
  if (!enabled_ || e->button() != Qt::LeftButton || !model_ || !joints_) return false;
  const std::shared_ptr<const Model> model = model_();
  const Eigen::VectorXd q = joints_();
  if (!model || q.size() != model->dof() || model->dof() == 0) return false;
  const JogHandles& handles = viewport_->scene().jogHandles();
  if (handles.jointCount() != model->dof()) return false;  // handles of another arm: not grabbable
  const std::optional<DragGrab> grab = handles.hit([this](const Eigen::Vector3d& p) { return viewport_->project(p); },
                                                   e->position(), e->modifiers().testFlag(Qt::ShiftModifier),
                                                   viewport_->towardsEye());
  if (!grab) return false;
  try {
    drag_ = std::make_unique<ToolDrag>(model, q, *grab, viewport_->rayAt(e->position()));
  } catch (const std::exception& error) {  // a view that cannot give a ray (not drawn yet)
    Q_EMIT refused(QString::fromStdString(error.what()));
    return true;
  }
  what_ = describe(*grab, grab->handle != DragHandle::Joint || model->isRevolute(grab->index));
  viewport_->scene().setInteracting(true);
  QCoreApplication::instance()->installEventFilter(this);  // Esc cancels wherever the focus is
  Q_EMIT hint(tr("%1 (Esc cancels)").arg(what_));
  Q_EMIT refused(QString());
  return true;
}

bool JogDragger::move(QMouseEvent* e) {
  if (!dragging()) return false;
  // The release was lost (a dialog took the mouse, the window lost focus): the drag ends here.
  if (!e->buttons().testFlag(Qt::LeftButton)) {
    finish();
    return true;
  }
  try {
    const DragStep step = drag_->moveTo(viewport_->rayAt(e->position()));
    if (step.moved) {
      Q_EMIT jointsDragged(step.q);
      viewport_->redrawNow();
    }
    Q_EMIT refused(QString::fromStdString(step.reason));
  } catch (const std::exception& error) {
    cancel();
    Q_EMIT refused(QString::fromStdString(error.what()));
  }
  return true;
}

bool JogDragger::release(QMouseEvent* e) {
  if (!dragging()) return false;
  if (e->button() == Qt::LeftButton) finish();
  return true;
}

void JogDragger::finish() {
  const Eigen::VectorXd from = drag_->start(), to = drag_->joints();
  const QString what = what_;
  end();
  Q_EMIT hint(QString());
  if (from.size() > 0 && (to - from).cwiseAbs().maxCoeff() > 0.0) Q_EMIT dragFinished(from, to, what);
}

void JogDragger::cancel() {
  if (!dragging()) return;
  const Eigen::VectorXd from = drag_->start();
  end();
  Q_EMIT dragCancelled(from);
  Q_EMIT hint(QString());
  Q_EMIT refused(QString());
}

void JogDragger::end() {
  drag_.reset();
  viewport_->scene().setInteracting(false);
  viewport_->update();
  QCoreApplication::instance()->removeEventFilter(this);
}

bool JogDragger::eventFilter(QObject* watched, QEvent* event) {
  if (!dragging()) return QObject::eventFilter(watched, event);
  switch (event->type()) {
    // While the button is held the keyboard does nothing but Esc (cancel): no shortcut, no
    // Ctrl+Z that would change the arm under the drag.
    case QEvent::ShortcutOverride:
    case QEvent::KeyPress:
    case QEvent::KeyRelease:
      if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) cancel();
      event->accept();
      return true;
    case QEvent::ApplicationDeactivate: cancel(); break;  // Alt+Tab mid-drag: the release never comes
    case QEvent::Wheel: return true;                      // no zoom under the drag
    default: break;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace armdyn::app
