#include "plot_style.h"

namespace armdyn::app {

QColor jointColour(int joint) {
  static const QColor colours[] = {QColor(31, 119, 180), QColor(214, 39, 40),   QColor(44, 160, 44),
                                   QColor(255, 127, 14), QColor(148, 103, 189), QColor(140, 86, 75),
                                   QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                   QColor(23, 190, 207), QColor(0, 0, 0),       QColor(100, 100, 255)};
  return colours[(joint % 12 + 12) % 12];
}

}  // namespace armdyn::app
