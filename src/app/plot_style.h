#pragma once
// Style shared by every plot: a colour per joint (the same in the motion, control, sizing and
// phase-plane plots and the joint toggles), and where a legend goes.

#include <QColor>

class QCustomPlot;

namespace armdyn::app {

QColor jointColour(int joint);

// The plot's legend in a row of its own above the axes: it never covers a curve, a point or a
// tick label. Before every replot its entries are laid out in as many columns as the plot's
// width holds whole (fitLegendColumns), so a narrow tab wraps them instead of cutting names.
void placeLegendAbove(QCustomPlot* plot);
// The most columns (one row at most, one column at least) in which the legend's entries fit the
// plot's width; rearranges the entries only when the entries' names or the width changed.
void fitLegendColumns(QCustomPlot* plot);

}  // namespace armdyn::app
