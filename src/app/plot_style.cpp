#include "plot_style.h"

#include <qcustomplot.h>

namespace armdyn::app {

QColor jointColour(int joint) {
  static const QColor colours[] = {QColor(31, 119, 180), QColor(214, 39, 40),   QColor(44, 160, 44),
                                   QColor(255, 127, 14), QColor(148, 103, 189), QColor(140, 86, 75),
                                   QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                   QColor(23, 190, 207), QColor(0, 0, 0),       QColor(100, 100, 255)};
  return colours[(joint % 12 + 12) % 12];
}

void fitLegendColumns(QCustomPlot* plot) {
  QCPLegend* legend = plot->legend;
  const int count = legend->itemCount();
  const int room = plot->viewport().width();
  // What the layout was last fitted to: the entries (their names: two names of one length can
  // differ in width) and the width.
  QString fitted = QString::number(room);
  for (int i = 0; i < count; ++i)
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
      fitted += QLatin1Char('\n') + item->plottable()->name();
    else fitted += QStringLiteral("\n-");
  if (count == 0 || plot->property("armdynLegendFit").toString() == fitted) return;
  plot->setProperty("armdynLegendFit", fitted);
  for (int columns = count; columns >= 1; --columns) {
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranged by the new wrap
    if (legend->minimumOuterSizeHint().width() <= room) return;
  }
}

void placeLegendAbove(QCustomPlot* plot) {
  QCPLegend* legend = plot->legend;
  legend->setBorderPen(Qt::NoPen);
  legend->setBrush(Qt::NoBrush);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  legend->setColumnSpacing(12);
  legend->setMargins(QMargins(2, 2, 2, 0));
  plot->axisRect()->insetLayout()->take(legend);
  plot->plotLayout()->insertRow(0);
  plot->plotLayout()->addElement(0, 0, legend);
  plot->plotLayout()->setRowStretchFactor(0, 0.001);
  plot->plotLayout()->setRowSpacing(0);
  QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { fitLegendColumns(plot); });
}

}  // namespace armdyn::app
