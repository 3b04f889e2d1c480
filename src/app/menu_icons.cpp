#include "menu_icons.h"

#include <QFont>
#include <QPainter>
#include <QPixmap>

namespace armdyn::app {

QIcon menuIcon(const QString& label, const QColor& colour) {
  QIcon icon;
  for (int size : {16, 22, 32, 48}) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(colour.darker(130), size / 16.0));
    p.setBrush(colour);
    p.drawEllipse(QRectF(1, 1, size - 2, size - 2));
    QFont f;
    f.setBold(true);
    f.setPixelSize(label.size() >= 2 ? size * 0.42 : size * 0.55);
    p.setFont(f);
    p.setPen(Qt::white);
    p.drawText(QRect(0, 0, size, size), Qt::AlignCenter, label);
    icon.addPixmap(pm);
  }
  return icon;
}

QIcon applicationIcon() {
  QIcon icon;
  for (int size : {32, 64}) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const double s = size / 32.0;
    p.setPen(QPen(QColor(40, 44, 52), 4 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(8 * s, 28 * s), QPointF(10 * s, 14 * s));
    p.setPen(QPen(QColor(48, 120, 200), 4 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(10 * s, 14 * s), QPointF(24 * s, 8 * s));
    p.setPen(QPen(QColor(70, 170, 80), 4 * s, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(24 * s, 8 * s), QPointF(27 * s, 22 * s));
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(230, 140, 30));
    for (QPointF c : {QPointF(10 * s, 14 * s), QPointF(24 * s, 8 * s)}) p.drawEllipse(c, 3 * s, 3 * s);
    icon.addPixmap(pm);
  }
  return icon;
}

}  // namespace armdyn::app
