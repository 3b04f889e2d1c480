#include "dialogs/trajectory_points_dialog.h"

#include "document.h"
#include "io/number_text.h"
#include "kinematics/inverse_kinematics.h"
#include "main_window.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
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
  configuration_->setInsertPolicy(QComboBox::NoInsert);
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
  // Enter finishes a cell or the configuration; it must not also close the dialog.
  close->button(QDialogButtonBox::Close)->setAutoDefault(false);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(close);

  connect(table_, &QTableWidget::cellChanged, this, &TrajectoryPointsDialog::onCellChanged);
  // Typing is not an edit (each keystroke would be an undo step and a failing run): the text
  // is committed when an entry is chosen or the text is finished.
  connect(configuration_, &QComboBox::activated, this,
          [this](int index) { commitConfiguration(configuration_->itemText(index)); });
  connect(configuration_->lineEdit(), &QLineEdit::editingFinished, this,
          [this] { commitConfiguration(configuration_->currentText()); });
  connect(document_, &Document::sessionChanged, this, [this] {
    clearFailure();  // a new run is on its way
    reload();
  });
  if (auto* window = qobject_cast<MainWindow*>(parent)) {
    connect(window, &MainWindow::simulationFailed, this, &TrajectoryPointsDialog::showFailure);
    connect(window, &MainWindow::resultApplied, this, &TrajectoryPointsDialog::clearFailure);
  }
  reload();
  // Opened after a run failed on a point: mark it at once, with the banner's words.
  if (auto* window = qobject_cast<MainWindow*>(parent); window && window->unreachablePoint() >= 0) {
    showFailure(window->problemText(), window->unreachablePoint());
    reason_->setText(window->problemText());
  }
  if (table_->rowCount() > 0) table_->selectRow(0);
}

TaskSpec TrajectoryPointsDialog::editedTask() const {
  TaskSpec t = document_->task();
  t.sourceFile.clear();
  t.configurationLine = 0;
  for (TaskPoint& p : t.points) p.sourceLine = 0;
  return t;
}

void TrajectoryPointsDialog::commitConfiguration(const QString& typed) {
  if (loading_) return;
  const QString text = typed.trimmed();
  const std::vector<std::string> known = familyConfigurations(document_->robot().family);
  // The core's own rule (selectSolution): every token of the text in one configuration name.
  std::vector<IkCandidate> names;
  for (const std::string& name : known) names.push_back({Eigen::VectorXd(), name, ""});
  QString why;
  if (!text.isEmpty() && known.empty()) {
    why = tr("this robot's family has no named configurations (its inverse kinematics is numerical)");
  } else if (!text.isEmpty() && selectSolution(names, text.toStdString()) == nullptr) {
    QStringList list;
    for (const std::string& name : known) list << QString::fromStdString(name);
    why = tr("\"%1\" is not a configuration of this robot's family (%2)").arg(text, list.join(", "));
  }
  if (!why.isEmpty()) {
    reason_->setText(tr("Configuration: %1").arg(why));
    configuration_->setStyleSheet("QComboBox { background:#ffe4e4 }");
    return;
  }
  configuration_->setStyleSheet({});
  if (reason_->text().startsWith(tr("Configuration:"))) reason_->clear();
  if (text.toStdString() == document_->task().configuration) return;
  TaskSpec t = editedTask();
  t.configuration = text.toStdString();
  document_->edit(t, tr("Change configuration"));
}

void TrajectoryPointsDialog::markRow(int row, const QColor& colour, const QString& tip) {
  loading_ = true;  // a background is an item change: not an edit
  for (int c = 0; c < table_->columnCount(); ++c) {
    if (QTableWidgetItem* item = table_->item(row, c)) {
      item->setBackground(colour.isValid() ? QBrush(colour) : QBrush());
      item->setToolTip(tip);
    }
  }
  loading_ = false;
}

void TrajectoryPointsDialog::showFailure(const QString& message, int pointIndex) {
  clearFailure();
  if (pointIndex >= 0 && pointIndex < table_->rowCount()) {
    failedPoint_ = pointIndex;
    markRow(pointIndex, QColor(255, 205, 205), message);
    if (QTableWidgetItem* header = table_->verticalHeaderItem(pointIndex)) {
      header->setText(tr("Point %1 ✗").arg(pointIndex + 1));
    }
    table_->scrollToItem(table_->item(pointIndex, 0));
    reason_->setText(tr("Point %1 cannot be reached: %2").arg(pointIndex + 1).arg(message));
  } else {
    reason_->setText(tr("The run failed: %1").arg(message));
  }
}

void TrajectoryPointsDialog::clearFailure() {
  if (failedPoint_ >= 0 && failedPoint_ < table_->rowCount()) {
    markRow(failedPoint_, QColor(), QString());
    if (QTableWidgetItem* header = table_->verticalHeaderItem(failedPoint_)) {
      header->setText(tr("Point %1").arg(failedPoint_ + 1));
    }
  }
  if (failedPoint_ >= 0 || reason_->text().startsWith(tr("The run failed:"))) reason_->clear();
  failedPoint_ = -1;
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
      // 12 significant digits: no float noise on screen; the value itself is kept unless typed.
      const QString text =
          QString::fromStdString(c < 3 ? formatSignificant(p.position(c)) : formatDegreesSignificant(p.rpy(c - 3)));
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
  configuration_->setStyleSheet({});
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
  TaskSpec t = editedTask();
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
  TaskSpec t = editedTask();
  TaskPoint p = t.points.empty() ? TaskPoint{} : t.points.back();
  t.points.push_back(p);
  document_->edit(t, tr("Add trajectory point"));
  table_->selectRow(table_->rowCount() - 1);
}

void TrajectoryPointsDialog::insertPoint() {
  TaskSpec t = editedTask();
  const int row = std::max(0, table_->currentRow());
  TaskPoint p = t.points.empty() ? TaskPoint{} : t.points[row];
  t.points.insert(t.points.begin() + std::min<int>(row, t.points.size()), p);
  document_->edit(t, tr("Insert trajectory point"));
  table_->selectRow(row);
}

void TrajectoryPointsDialog::deletePoint() {
  const int row = table_->currentRow();
  TaskSpec t = editedTask();
  if (row < 0 || row >= static_cast<int>(t.points.size())) return;
  t.points.erase(t.points.begin() + row);
  document_->edit(t, tr("Delete trajectory point %1").arg(row + 1));
}

void TrajectoryPointsDialog::movePoint(int delta) {
  const int row = table_->currentRow();
  TaskSpec t = editedTask();
  const int to = row + delta;
  if (row < 0 || to < 0 || to >= static_cast<int>(t.points.size())) return;
  std::swap(t.points[row], t.points[to]);
  document_->edit(t, tr("Move trajectory point %1").arg(row + 1));
  table_->selectRow(to);
}

}  // namespace armdyn::app
