#pragma once
// Style shared by every plot: a colour per joint (the same in the motion, control, sizing and
// phase-plane plots and the joint toggles), and where a legend goes.

#include <QColor>

class QCustomPlot;

namespace armdyn::app {

QColor jointColour(int joint);

// The plot's legend in a row of its own above the axes, `wrap` entries a line (0: one line):
// it never covers a curve, a point or a tick label, and leaves a narrow tab its width.
void placeLegendAbove(QCustomPlot* plot, int wrap = 0);

}  // namespace armdyn::app
