#include "menu_icons.h"

#include "studio_resources.h"

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

// ui/icons/armdyn.svg, compiled in through ui/armdyn.qrc (Qt's SVG icon engine draws it at
// every size the window system asks for).
QIcon applicationIcon() {
  initStudioResources();
  return QIcon(QStringLiteral(":/icons/armdyn.svg"));
}

}  // namespace armdyn::app
