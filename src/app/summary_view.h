#pragma once
// Vora's table 7.3 (summary results): task time, per joint the signed peak force/torque and
// when it occurs, the extreme positions and the largest |velocity| and |acceleration|.

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
  // One row per joint, SI units in the header. Written atomically.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 private:
  QLabel* heading_;
  QTableWidget* table_;
  SimulationResultPtr result_;
};

}  // namespace armdyn::app
