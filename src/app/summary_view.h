#pragma once
// Vora's table 7.3 (summary results): task time, per joint the signed peak force/torque and
// when it occurs, the extreme positions and the largest |velocity| and |acceleration|. For a
// forward simulation also the run's peak tracking error, voltage and current per joint.

#include "simulation_result.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace armdyn::app {

class SummaryView : public QWidget {
  Q_OBJECT
 public:
  explicit SummaryView(QWidget* parent = nullptr);
  void setResult(const SimulationResultPtr& result);
  QTableWidget* table() const { return table_; }
  // Forward simulation only: per joint the peak tracking error, voltage and current.
  QTableWidget* controlTable() const { return controlTable_; }
  // One row per joint, SI units in the header. Written atomically.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 private:
  void fillControlTable();
  QLabel* heading_;
  QTableWidget* table_;
  QTableWidget* controlTable_;
  SimulationResultPtr result_;
};

}  // namespace armdyn::app
