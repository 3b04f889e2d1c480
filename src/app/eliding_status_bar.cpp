#include "eliding_status_bar.h"

#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

#include <algorithm>

namespace armdyn::app {

namespace {

// The status bar's widgets on show beside a message: with a message shown, QStatusBar hides
// its normal widgets, so those left are the permanent ones (the size grip is not an item).
QList<QWidget*> shownItems(const QStatusBar* bar) {
  QList<QWidget*> items;
  for (QWidget* w : bar->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
    if (w->isVisible() && !qobject_cast<QSizeGrip*>(w)) items << w;
  return items;
}

}  // namespace

ElidingStatusBar::ElidingStatusBar(QWidget* parent) : QStatusBar(parent) {
  connect(this, &QStatusBar::messageChanged, this, [this](const QString& message) { setToolTip(message); });
}

QRect ElidingStatusBar::messageRect() const {
  // QStatusBar's own margins: 6 px on the left, 12 px on the right, 2 px before a widget.
  int left = 6, right = width() - 12;
  const bool rtl = layoutDirection() == Qt::RightToLeft;
  for (const QWidget* w : shownItems(this)) {
    if (rtl) left = std::max(left, w->x() + w->width() + 2);
    else right = std::min(right, w->x() - 2);
  }
  return QRect(left, 0, std::max(0, right - left), height());
}

QString ElidingStatusBar::shownText() const {
  return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageRect().width());
}

void ElidingStatusBar::paintEvent(QPaintEvent* event) {
  const QString message = currentMessage();
  const QString shown = shownText();
  if (shown == message) {
    QStatusBar::paintEvent(event);
    return;
  }
  // What QStatusBar::paintEvent draws (the panel, the frames of the widgets shown, the message),
  // with the elided text.
  QPainter p(this);
  QStyleOption panel;
  panel.initFrom(this);
  style()->drawPrimitive(QStyle::PE_PanelStatusBar, &panel, &p, this);
  for (QWidget* w : shownItems(this)) {
    QStyleOption frame(0);
    frame.rect = w->geometry().adjusted(-2, -1, 2, 1);
    frame.palette = palette();
    frame.state = QStyle::State_None;
    style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &p, w);
  }
  p.setPen(palette().windowText().color());
  p.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shown);
}

}  // namespace armdyn::app
