#include "results_table_model.h"

#include "common/number_text.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <QBrush>
#include <QColor>

namespace armdyn::app {

ResultsTableModel::ResultsTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsTableModel::setResult(const SimulationResultPtr& result) {
  beginResetModel();
  result_ = result;
  endResetModel();
  Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int ResultsTableModel::dof() const { return result_ ? static_cast<int>(result_->record.q.cols()) : 0; }

void ResultsTableModel::setCurrentSample(int sample) {
  const int previous = current_;
  current_ = sample;
  const int n = dof();
  if (n == 0) return;
  for (int s : {previous, current_}) {
    if (s >= 0 && rowOf(s) < rowCount()) {
      Q_EMIT dataChanged(index(rowOf(s), 0), index(rowOf(s, n - 1), ColumnCount - 1), {Qt::BackgroundRole});
    }
  }
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !result_ ? 0 : result_->samples() * dof();
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const {
  if (!result_ || !index.isValid()) return {};
  const int n = dof();
  const int sample = index.row() / n;
  const int joint = index.row() % n;
  if (role == Qt::BackgroundRole) {
    if (sample == current_) return QBrush(QColor(255, 236, 179));
    return (sample % 2) ? QBrush(QColor(246, 247, 250)) : QVariant();
  }
  if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  const RunRecord& sim = result_->record;
  const int col = index.column();
  if (col == Time) {
    if (joint != 0) return QString();
    // Enough decimals to tell consecutive samples apart: one digit past the sample period's
    // first significant one, at least three (DT = 0.025 s: 0.025, 0.050; DT = 2e-5 s: 0.000020).
    const double dt = sim.dt > 0.0 ? sim.dt : 0.001;
    const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(dt))), 3, 12);
    return QString::number(sim.t[sample], 'f', decimals);
  }
  if (col == Joint) {
    return QStringLiteral("%1 (%2)").arg(joint + 1).arg(jointLetter(result_->session.robot.links[joint].joint));
  }
  const Eigen::MatrixXd* m = col == Position ? &sim.q : col == Velocity ? &sim.qd : col == Acceleration ? &sim.qdd : &sim.force;
  if (role == Qt::EditRole) return (*m)(sample, joint);
  return QString::number(displayValue((*m)(sample, joint)), 'E', 6);
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return {};
  const std::vector<JointType> joints = result_ ? jointTypes(result_->session.robot) : std::vector<JointType>{};
  // The unit on a second line: a narrow column shows "Acceleration" whole instead of clipping
  // it to ".cceleration (rad/s^2" (issue 11 #9).
  const auto twoLines = [](QString title) {
    const int unit = title.indexOf(" (");
    if (unit > 0) title.replace(unit, 1, QChar('\n'));
    return title;
  };
  switch (section) {
    case Time: return twoLines(tr("Time (s)"));
    case Joint: return tr("Joint");
    case Position: return twoLines(axisTitle(Quantity::Position, joints));
    case Velocity: return twoLines(axisTitle(Quantity::Velocity, joints));
    case Acceleration: return twoLines(axisTitle(Quantity::Acceleration, joints));
    case Force: return twoLines(axisTitle(Quantity::Force, joints));
    default: return {};
  }
}

}  // namespace armdyn::app
