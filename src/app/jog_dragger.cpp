#include "jog_dragger.h"

#include "arm_viewport.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QMouseEvent>

namespace armdyn::app {

JogDragger::JogDragger(ArmViewport* viewport) : QObject(viewport), viewport_(viewport) {}

JogDragger::~JogDragger() { QCoreApplication::instance()->removeEventFilter(this); }

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

namespace {

QString describe(const DragGrab& grab) {
  const char* axes[3] = {"x", "y", "z"};
  switch (grab.handle) {
    case DragHandle::Translate: return QObject::tr("Drag the tool along %1").arg(axes[grab.index]);
    case DragHandle::TranslatePlane: return QObject::tr("Drag the tool");
    case DragHandle::Rotate: return QObject::tr("Turn the tool about %1").arg(axes[grab.index]);
    case DragHandle::Joint: return QObject::tr("Turn joint %1").arg(grab.index + 1);
  }
  return {};
}

}  // namespace

bool JogDragger::press(QMouseEvent* e) {
  if (dragging()) {
    if (e->button() != Qt::LeftButton) cancel();  // a second button while dragging: cancel
    return true;
  }
  if (!enabled_ || e->button() != Qt::LeftButton || !model_ || !joints_) return false;
  const std::shared_ptr<const Model> model = model_();
  const Eigen::VectorXd q = joints_();
  if (!model || q.size() != model->dof() || model->dof() == 0) return false;
  const std::optional<DragGrab> grab = viewport_->scene().jogHandles().hit(
      [this](const Eigen::Vector3d& p) { return viewport_->project(p); }, e->position(),
      e->modifiers().testFlag(Qt::ShiftModifier), viewport_->towardsEye());
  if (!grab) return false;
  drag_ = std::make_unique<ToolDrag>(model, q, *grab, viewport_->rayAt(e->position()));
  what_ = describe(*grab);
  QCoreApplication::instance()->installEventFilter(this);  // Esc cancels wherever the focus is
  Q_EMIT hint(what_ + tr(" (Esc cancels)"));
  Q_EMIT refused(QString());
  return true;
}

bool JogDragger::move(QMouseEvent* e) {
  if (!dragging()) return false;
  const DragStep step = drag_->moveTo(viewport_->rayAt(e->position()));
  if (step.moved) Q_EMIT jointsDragged(step.q);
  Q_EMIT refused(QString::fromStdString(step.reason));
  return true;
}

bool JogDragger::release(QMouseEvent* e) {
  if (!dragging()) return false;
  if (e->button() != Qt::LeftButton) return true;
  const Eigen::VectorXd from = drag_->start(), to = drag_->joints();
  const QString what = what_;
  end();
  Q_EMIT hint(QString());
  if ((to - from).cwiseAbs().maxCoeff() > 0.0) Q_EMIT dragFinished(from, to, what);
  return true;
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
  QCoreApplication::instance()->removeEventFilter(this);
}

bool JogDragger::eventFilter(QObject* watched, QEvent* event) {
  if (dragging() && (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride) &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    if (event->type() == QEvent::KeyPress) cancel();
    event->accept();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace armdyn::app
