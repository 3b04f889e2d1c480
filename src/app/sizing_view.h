#pragma once
// The Sizing tab: what every actuator must deliver over the task (analysis/actuator_sizing.h,
// computed with the run): a table per joint (load side in the file's units, motor side through
// the gear, gear ratios, pass/fail against the drive's ratings), the chosen joint's motor
// operating points over its torque-speed envelope (four quadrants: continuous and peak torque,
// maximum speed, the supply voltage's lines), its checks with margins, and a printable PDF
// report. Updates with every run, like the other tabs.

#include "simulation_result.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace armdyn::app {

class SizingView : public QWidget {
  Q_OBJECT
 public:
  explicit SizingView(QWidget* parent = nullptr);
  // Refreshes now when shown, else when next shown (a hidden tab costs the GUI thread nothing).
  void setResult(const SimulationResultPtr& result);

 protected:
  void showEvent(QShowEvent* event) override;

 public:
  // Columns of the table: the joint, its verdict (pass / FAIL / not rated), then the figures,
  // starting with the peak load-side torque or force.
  static constexpr int kResultColumn = 1;
  static constexpr int kPeakTorqueColumn = 2;

  QTableWidget* table() const { return table_; }
  QCustomPlot* plot() const { return plot_; }
  QComboBox* jointChoice() const { return joint_; }
  QLabel* note() const { return note_; }
  void showJoint(int joint);
  // The report as PDF: the tables, then one page per joint with its torque-speed plot. Written
  // atomically; false with `error` set on failure.
  bool exportPdf(const QString& path, QString* error = nullptr);

 private:
  void fillTable();
  void drawJoint(int joint);
  QLabel* heading_;
  QLabel* note_;
  QTableWidget* table_;
  QComboBox* joint_;
  QPushButton* export_;
  QCustomPlot* plot_;
  QLabel* checks_;
  SimulationResultPtr result_;
  std::shared_ptr<const SizingReport> report_;  // the result's, or computed here when it has none
  bool pending_ = false;
  void refresh();
};

}  // namespace armdyn::app
