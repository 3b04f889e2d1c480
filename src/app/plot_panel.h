#pragma once
// Vora's figures 7.6-7.9 as four QCustomPlot panels: position, velocity, acceleration and
// force/torque against time, every joint overlaid (legend, per-joint toggles), units on every
// axis, shared zoom/pan of the time axis, the shared time cursor, export to PNG/PDF (and SVG
// when Qt Svg is available).

#include "simulation_result.h"
#include "units.h"

#include <QWidget>
#include <array>
#include <vector>

class QCheckBox;
class QCustomPlot;
class QCPItemStraightLine;
class QCPLayer;
class QHBoxLayout;

namespace armdyn::app {

class PlotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlotPanel(QWidget* parent = nullptr);

  void setResult(const SimulationResultPtr& result);
  void setCursorTime(double t);
  QCustomPlot* plot(Quantity q) const { return plots_[static_cast<int>(q)]; }
  void setJointVisible(int joint, bool visible);
  bool isJointVisible(int joint) const;
  // Writes the four panels stacked in one file; format from the suffix (.png, .pdf, .svg).
  // Returns false with `error` set on failure.
  bool exportTo(const QString& path, QString* error = nullptr) const;
  static QStringList exportFormats();
  void resetZoom();

 Q_SIGNALS:
  void timeClicked(double t);

 private:
  void rebuildToggles(int joints);
  std::array<QCustomPlot*, 4> plots_{};
  std::array<QCPItemStraightLine*, 4> cursors_{};
  std::array<QCPLayer*, 4> cursorLayers_{};
  QHBoxLayout* toggleLayout_;
  std::vector<QCheckBox*> toggles_;
  SimulationResultPtr result_;
};

}  // namespace armdyn::app
