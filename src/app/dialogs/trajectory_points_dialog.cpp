#include "dialogs/trajectory_points_dialog.h"

#include "document.h"
#include "io/number_text.h"
#include "kinematics/inverse_kinematics.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace armdyn::app {

TrajectoryPointsDialog::TrajectoryPointsDialog(Document* document, QWidget* parent)
    : QDialog(parent), document_(document) {
  setWindowTitle(tr("Change trajectory points"));
  resize(720, 420);
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Inverse-kinematics configuration"), this));
  configuration_ = new QComboBox(this);
  configuration_->setObjectName("configuration");
  configuration_->setEditable(true);
  configuration_->addItem(QString());
  for (const std::string& c : familyConfigurations(document->robot().family)) {
    configuration_->addItem(QString::fromStdString(c));
  }
  configuration_->setToolTip(tr("Empty: the family default. Tokens select a solution, e.g. \"elbow_down\"."));
  top->addWidget(configuration_, 1);
  layout->addLayout(top);
  table_ = new QTableWidget(this);
  table_->setObjectName("trajectoryTable");
  table_->setColumnCount(6);
  table_->setHorizontalHeaderLabels({tr("X (m)"), tr("Y (m)"), tr("Z (m)"), tr("Roll φ (deg)"), tr("Pitch θ (deg)"),
                                     tr("Yaw ψ (deg)")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  layout->addWidget(table_, 1);
  reason_ = new QLabel(this);
  reason_->setObjectName("trajectoryReason");
  reason_->setStyleSheet("color:#b00020");
  reason_->setWordWrap(true);
  layout->addWidget(reason_);
  auto* buttons = new QHBoxLayout;
  auto addButton = [&](const QString& text, auto slot) {
    auto* b = new QPushButton(text, this);
    b->setAutoDefault(false);
    connect(b, &QPushButton::clicked, this, slot);
    buttons->addWidget(b);
  };
  addButton(tr("Next destination point"), [this] { nextPoint(); });
  addButton(tr("Add a new point"), [this] { addPoint(); });
  addButton(tr("Insert before"), [this] { insertPoint(); });
  addButton(tr("Delete"), [this] { deletePoint(); });
  addButton(tr("Move up"), [this] { movePoint(-1); });
  addButton(tr("Move down"), [this] { movePoint(1); });
  layout->addLayout(buttons);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(close);

  connect(table_, &QTableWidget::cellChanged, this, &TrajectoryPointsDialog::onCellChanged);
  connect(configuration_, &QComboBox::currentTextChanged, this, [this](const QString& text) {
    if (loading_ || text.toStdString() == document_->task().configuration) return;
    TaskSpec t = document_->task();
    t.configuration = text.toStdString();
    document_->edit(t, tr("Change configuration"));
  });
  connect(document_, &Document::sessionChanged, this, &TrajectoryPointsDialog::reload);
  reload();
  if (table_->rowCount() > 0) table_->selectRow(0);
}

void TrajectoryPointsDialog::reload() {
  loading_ = true;
  const TaskSpec& task = document_->task();
  const int current = table_->currentRow();
  table_->setRowCount(static_cast<int>(task.points.size()));
  QStringList rows;
  for (int k = 0; k < static_cast<int>(task.points.size()); ++k) {
    const TaskPoint& p = task.points[k];
    for (int c = 0; c < 6; ++c) {
      const QString text = QString::fromStdString(c < 3 ? formatNumber(p.position(c)) : formatDegrees(p.rpy(c - 3)));
      auto* item = table_->item(k, c);
      if (item == nullptr) {
        table_->setItem(k, c, new QTableWidgetItem(text));
      } else if (item->text() != text) {
        item->setText(text);
      }
      table_->item(k, c)->setBackground(QBrush());
    }
    rows << tr("Point %1").arg(k + 1);
  }
  table_->setVerticalHeaderLabels(rows);
  configuration_->setCurrentText(QString::fromStdString(task.configuration));
  if (current >= 0 && current < table_->rowCount()) table_->selectRow(current);
  loading_ = false;
}

void TrajectoryPointsDialog::setCell(int row, int column, const QString& text) {
  table_->item(row, column)->setText(text);
}

void TrajectoryPointsDialog::onCellChanged(int row, int column) {
  if (loading_) return;
  QTableWidgetItem* item = table_->item(row, column);
  const QString text = item->text().trimmed();
  const NumberText n = readNumber(text.toStdString());
  QString why;
  if (text.isEmpty()) {
    why = tr("a value is required");
  } else if (n.kind == NumberText::Kind::NotANumber) {
    why = tr("\"%1\" is not a number").arg(text);
  } else if (n.kind == NumberText::Kind::NotFinite) {
    why = tr("must be finite");
  }
  if (!why.isEmpty()) {
    reason_->setText(tr("Point %1, %2: %3").arg(row + 1).arg(table_->horizontalHeaderItem(column)->text(), why));
    loading_ = true;
    item->setBackground(QColor(255, 228, 228));
    loading_ = false;
    return;
  }
  reason_->clear();
  TaskSpec t = document_->task();
  TaskPoint& p = t.points[row];
  if (column < 3) {
    p.position(column) = n.value;
  } else {
    p.rpy(column - 3) = degToRad(n.value);
  }
  document_->edit(t, tr("Change point %1").arg(row + 1), QStringLiteral("points[%1].%2").arg(row).arg(column));
}

void TrajectoryPointsDialog::nextPoint() {
  if (table_->rowCount() == 0) return;
  table_->selectRow((table_->currentRow() + 1) % table_->rowCount());
}

void TrajectoryPointsDialog::addPoint() {
  TaskSpec t = document_->task();
  TaskPoint p = t.points.empty() ? TaskPoint{} : t.points.back();
  p.sourceLine = 0;
  t.points.push_back(p);
  document_->edit(t, tr("Add trajectory point"));
  table_->selectRow(table_->rowCount() - 1);
}

void TrajectoryPointsDialog::insertPoint() {
  TaskSpec t = document_->task();
  const int row = std::max(0, table_->currentRow());
  TaskPoint p = t.points.empty() ? TaskPoint{} : t.points[row];
  p.sourceLine = 0;
  t.points.insert(t.points.begin() + std::min<int>(row, t.points.size()), p);
  document_->edit(t, tr("Insert trajectory point"));
  table_->selectRow(row);
}

void TrajectoryPointsDialog::deletePoint() {
  const int row = table_->currentRow();
  TaskSpec t = document_->task();
  if (row < 0 || row >= static_cast<int>(t.points.size())) return;
  t.points.erase(t.points.begin() + row);
  document_->edit(t, tr("Delete trajectory point %1").arg(row + 1));
}

void TrajectoryPointsDialog::movePoint(int delta) {
  const int row = table_->currentRow();
  TaskSpec t = document_->task();
  const int to = row + delta;
  if (row < 0 || to < 0 || to >= static_cast<int>(t.points.size())) return;
  std::swap(t.points[row], t.points[to]);
  document_->edit(t, tr("Move trajectory point %1").arg(row + 1));
  table_->selectRow(to);
}

}  // namespace armdyn::app
