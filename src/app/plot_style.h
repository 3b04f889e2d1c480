#pragma once
// Colours shared by every plot: one per joint (the same in the motion, control, sizing and
// phase-plane plots and the joint toggles).

#include <QColor>

namespace armdyn::app {

QColor jointColour(int joint);

}  // namespace armdyn::app
