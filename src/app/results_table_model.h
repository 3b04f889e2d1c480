#pragma once
// Vora's table 7.4 as an item model: one row per sample and joint, columns time, joint, position,
// velocity, acceleration, force/torque (SI; units in the headers, "R"/"P" per joint). Rows of
// the sample under the shared time cursor are highlighted.

#include "simulation_result.h"

#include <QAbstractTableModel>

namespace armdyn::app {

class ResultsTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Time, Joint, Position, Velocity, Acceleration, Force, ColumnCount };
  explicit ResultsTableModel(QObject* parent = nullptr);

  void setResult(const SimulationResultPtr& result);
  void setCurrentSample(int sample);
  int dof() const;
  int rowOf(int sample, int joint = 0) const { return sample * dof() + joint; }
  int sampleOfRow(int row) const { return dof() == 0 ? 0 : row / dof(); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  SimulationResultPtr result_;
  int current_ = -1;
};

}  // namespace armdyn::app
