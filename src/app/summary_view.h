#pragma once
// Vora's table 7.3 (summary results): task time, per joint the signed peak force/torque and
// when it occurs, the extreme positions and the largest |velocity| and |acceleration|. For a
// forward simulation also the run's peak tracking error, voltage and current per joint.

#include "simulation_result.h"

#include "simulation/run_comparison.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace armdyn::app {

class SummaryView : public QWidget {
  Q_OBJECT
 public:
  explicit SummaryView(QWidget* parent = nullptr);
  // A new result; the one it replaces becomes the previous run when it is comparable (same
  // number of joints).
  void setResult(const SimulationResultPtr& result);

  // Comparison (core simulation/run_comparison.h): every peak of the summary against a
  // reference run, by default the previous run; a pinned run stays the reference while
  // editing until unpinned or reset.
  // The reference in force (null: none), and the comparison with it (nullopt: none).
  SimulationResultPtr referenceResult() const { return pinned_ ? pinned_ : previous_; }
  const std::optional<RunComparison>& comparison() const { return comparison_; }
  bool isReferencePinned() const { return pinned_ != nullptr; }
  // Pins the run on screen as the reference (on) or returns to the previous run (off).
  void pinReference(bool on);
  // The Reset button: no reference until the next run, which compares with the run on screen.
  void clearComparison();
  // A new document (a file opened, File > New): no reference, and the run on screen now is not
  // compared with the first run of the new one.
  void resetComparison();
  QTableWidget* comparisonTable() const { return comparisonTable_; }
  QLabel* comparisonHeading() const { return comparisonHeading_; }
  QPushButton* pinButton() const { return pin_; }
  QPushButton* resetButton() const { return reset_; }
  QTableWidget* table() const { return table_; }
  // Forward simulation only: per joint the peak tracking error, voltage and current.
  QTableWidget* controlTable() const { return controlTable_; }
  // One row per joint, SI units in the header. Written atomically.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 private:
  void fillControlTable();
  void fillComparison();
  QLabel* comparisonHeading_;
  QTableWidget* comparisonTable_;
  QPushButton* pin_;
  QPushButton* reset_;
  SimulationResultPtr previous_;
  SimulationResultPtr pinned_;
  bool compareNext_ = true;  // the next result may take the current one as its previous run
  std::optional<RunComparison> comparison_;
  QLabel* heading_;
  QTableWidget* table_;
  QTableWidget* controlTable_;
  SimulationResultPtr result_;
};

}  // namespace armdyn::app
