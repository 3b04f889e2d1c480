#pragma once
// Four QCustomPlot panels against time, every joint overlaid (legend beside each panel, per-joint
// toggles), units on every axis (an arm mixing revolute and prismatic joints: revolute on the
// left axis, prismatic on a right-hand axis with its own unit), one shared time axis (zoom/pan together, left edges aligned by a
// margin group), the shared time cursor, export to PNG/PDF/SVG. Two sets:
//   Motion:  Vora's figures 7.6-7.9, position, velocity, acceleration and force/torque;
//   Control: a forward simulation's tracking error q_d - q, motor voltage, current and the drive
//            torque at the joint (N kt i), closed_loop.h's histories.

#include "simulation_result.h"
#include "units.h"

#include <QSize>
#include <QString>
#include <QWidget>
#include <array>
#include <vector>

class QCheckBox;
class QCustomPlot;
class QCPCurve;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCPLayoutGrid;
class QCPMarginGroup;
class QHBoxLayout;
class QLabel;

namespace armdyn::app {

enum class PlotSet { Motion, Control };

// How plots are exported: never with the time cursor; a title line (robot and task) on top when
// `title` is set; the whole image `size` px (the four panels share its height below the title)
// at `dpi` (PNG: the resolution written into the file, fonts and lines scaled with it; PDF and
// SVG: the page is size / dpi inches).
struct PlotExportOptions {
  QString title;
  QSize size{900, 1040};
  int dpi = 96;
  QString label;  // how a preset is offered ("1600 x 1000 px, 150 dpi")
};

class PlotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlotPanel(PlotSet set = PlotSet::Motion, QWidget* parent = nullptr);
  ~PlotPanel() override;

  PlotSet plotSet() const { return set_; }
  void setResult(const SimulationResultPtr& result);
  void setCursorTime(double t);
  QCustomPlot* panel(int index) const { return plots_[index]; }
  QCustomPlot* plot(Quantity q) const { return plots_[static_cast<int>(q)]; }
  QCustomPlot* plot(ControlQuantity q) const { return plots_[static_cast<int>(q)]; }
  // Why a panel (or the whole control set) shows nothing, e.g. "no motor voltage: torque input".
  QString panelNote(int index) const;
  QString note() const;
  void setJointVisible(int joint, bool visible);
  bool isJointVisible(int joint) const;
  // Writes the four panels stacked in one file; format from the suffix (.png, .pdf, .svg).
  // Returns false with `error` set on failure.
  bool exportTo(const QString& path, QString* error = nullptr) const { return exportTo(path, PlotExportOptions(), error); }
  bool exportTo(const QString& path, const PlotExportOptions& options, QString* error = nullptr) const;
  static QStringList exportFormats();
  // The sizes offered on export: as on screen (`screen`, 96 dpi), 1600 x 1000 px at 150 dpi,
  // A4 width (210 mm) at 300 dpi.
  static std::vector<PlotExportOptions> exportPresets(const QSize& screen);
  void resetZoom();
  // The run before the current one, drawn dashed under it (null: none); on by default.
  const SimulationResultPtr& previousResult() const { return previous_; }
  void setPreviousRunShown(bool shown);
  bool isPreviousRunShown() const;
  // A new document (a file opened, File > New): no previous run, and the run on screen now is
  // not compared with the first run of the new one.
  void resetComparison();
  // Stretches drawn for the binding limit of a time-optimal plan, per panel.
  int bindingStretchCount(int panel) const { return static_cast<int>(bindingCurves_[panel].size()); }
  // Vertical markers at the plan's knots (points and blend boundaries), per panel.
  int knotMarkerCount() const { return static_cast<int>(knotLines_[0].size()); }

 Q_SIGNALS:
  void timeClicked(double t);

 protected:
  // Below kLegendMinWidth the legends give their column back to the curves (the joint toggles
  // above the panels, in the joints' colours, still say which curve is which).
  void resizeEvent(QResizeEvent* event) override;

 private:
  static constexpr int kLegendMinWidth = 560;
  void showLegends(bool show);
  void rebuildToggles(int joints);
  void clearPanels(const QString& why);
  void alignLegends();
  void replotAll();
  static void rescale(QCustomPlot* p);  // fit both value axes to the visible curves, 10 % air
  const Eigen::MatrixXd& history(const RunRecord& record, int panel) const;
  void drawKnots();
  void drawPrevious();
  // Time-optimal plans: thick translucent stretches under the curve of the joint whose limit
  // binds, on the panel of that limit (velocity; acceleration; force for torque, current, voltage).
  void drawBinding();
  PlotSet set_;
  std::array<QCustomPlot*, 4> plots_{};
  std::array<QCPItemStraightLine*, 4> cursors_{};
  std::array<QCPLayer*, 4> cursorLayers_{};
  std::array<QCPItemText*, 4> notes_{};
  std::array<QCPLayoutGrid*, 4> legendColumns_{};
  bool legendsShown_ = true;
  QCPMarginGroup* marginGroup_;
  QHBoxLayout* toggleLayout_;
  QLabel* note_;
  std::vector<QCheckBox*> toggles_;
  SimulationResultPtr result_;
  SimulationResultPtr previous_;
  bool compareNext_ = true;  // the next result may take the current one as its previous run
  QCheckBox* previousToggle_ = nullptr;
  std::array<std::vector<QCPItemStraightLine*>, 4> knotLines_;
  std::array<std::vector<QCPCurve*>, 4> previousCurves_;
  std::array<std::vector<std::pair<int, QCPCurve*>>, 4> bindingCurves_;  // (joint, stretch)
};

}  // namespace armdyn::app
