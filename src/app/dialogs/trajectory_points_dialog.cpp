#include "dialogs/trajectory_points_dialog.h"
#include "refusal_style.h"

#include <algorithm>
#include <functional>

#include "document.h"
#include "common/number_text.h"
#include "kinematics/inverse_kinematics.h"
#include "simulation/input_limits.h"
#include "trajectory/task_plan.h"

#include <QGridLayout>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

namespace armdyn::app {

namespace {

// The table's editor: a line edit whose text `refused` checks at every keystroke (true: shown
// red). Committing stays with the table (cellChanged).
class CellCheckDelegate : public QStyledItemDelegate {
 public:
  using Check = std::function<bool(const QModelIndex&, const QString&)>;
  CellCheckDelegate(Check refused, QObject* parent) : QStyledItemDelegate(parent), refused_(std::move(refused)) {}
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QWidget* editor = QStyledItemDelegate::createEditor(parent, option, index);
    if (auto* line = qobject_cast<QLineEdit*>(editor)) {
      line->setObjectName("trajectoryCellEditor");
      const Check refused = refused_;
      const QPersistentModelIndex cell(index);
      QObject::connect(line, &QLineEdit::textEdited, line, [line, refused, cell](const QString& text) {
        line->setStyleSheet(refused(cell, text) ? QString(kRefusedFieldStyle) : QString());
      });
    }
    return editor;
  }

 private:
  Check refused_;
};

}  // namespace

namespace {

// Combo box order = TaskScheme order.
QStringList schemeLabels() {
  return {QObject::tr("Paul's quartic transitions (Vora)"),  QObject::tr("Cubic segments (Craig 7.3)"),
          QObject::tr("Cubic spline: continuous acceleration"), QObject::tr("Quintic segments"),
          QObject::tr("Linear segments with parabolic blends (LSPB)"), QObject::tr("Straight lines (Cartesian)"),
          QObject::tr("Lines and arcs (Cartesian)")};
}

// What the user should know of a scheme, in a sentence.
QString schemeExplanation(TaskScheme s) {
  switch (s) {
    case TaskScheme::Paul:
      return QObject::tr("<b>Paul's scheme (Vora's plan) starts and ends moving</b>: the arm begins half-way into its "
                         "first transition and reaches the last point with the velocity of the last segment, not at "
                         "rest, and it cuts the corners at the via points over ±TACC. For a motion from rest to rest "
                         "choose <a href=\"cubic\">Cubic</a> or <a href=\"quintic\">Quintic</a> segments.");
    case TaskScheme::Cubic:
      return QObject::tr("Cubic segments through every point, at rest at both ends; via velocities by Craig's heuristic, "
                         "zero, or chosen for continuous acceleration.");
    case TaskScheme::CubicSpline:
      return QObject::tr("Cubics through every point with continuous acceleration (Craig Example 7.2), at rest at both ends.");
    case TaskScheme::Quintic:
      return QObject::tr("Quintic segments through every point: position, velocity and acceleration continuous, at rest "
                         "at both ends.");
    case TaskScheme::Lspb:
      return QObject::tr("Constant-velocity segments joined by parabolic blends: the via points are passed near, not "
                         "through. At rest at both ends.");
    case TaskScheme::Line:
      return QObject::tr("The tool moves on straight lines and stops at every point; it turns about one axis on each line. "
                         "Where a joint would exceed its speed or acceleration limit the path speed is lowered there.");
    case TaskScheme::LineArc:
      return QObject::tr("Straight lines whose corners are rounded by arcs of the given radius (0 = stop at the point). "
                         "Where a joint would exceed a limit the path speed is lowered there.");
  }
  return {};
}

QString listText(const std::vector<double>& values) {
  QStringList parts;
  for (double v : values) parts << QString::fromStdString(formatSignificant(v));
  return parts.join(", ");
}

// Finite numbers separated by commas or spaces; `why` says what is wrong. Their ranges are the
// core's (TrajectoryPointsDialog::coreRefusal).
bool readNumberList(const QString& text, std::vector<double>& out, QString& why) {
  out.clear();
  const QStringList parts = text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts);
  for (const QString& part : parts) {
    const NumberText n = readNumber(part.toStdString());
    if (n.kind != NumberText::Kind::Number) {
      why = QObject::tr("\"%1\" is not a number").arg(part);
      return false;
    }
    out.push_back(n.value);
  }
  return true;
}

void insertRow(Eigen::MatrixXd& m, int at, const Eigen::RowVectorXd& row) {
  Eigen::MatrixXd r(m.rows() + 1, m.cols());
  r.topRows(at) = m.topRows(at);
  r.row(at) = row;
  r.bottomRows(m.rows() - at) = m.bottomRows(m.rows() - at);
  m = r;
}

void removeRow(Eigen::MatrixXd& m, int at) {
  Eigen::MatrixXd r(m.rows() - 1, m.cols());
  r.topRows(at) = m.topRows(at);
  r.bottomRows(m.rows() - at - 1) = m.bottomRows(m.rows() - at - 1);
  m = r;
}

// Durations follow the segments when a point is added (the new segment copies its neighbour's
// duration) or removed.
void durationsAfterInsert(TaskSpec& t, int at) {
  if (t.durations.empty()) return;
  const int k = std::clamp(at, 0, static_cast<int>(t.durations.size()) - 1);
  t.durations.insert(t.durations.begin() + k, t.durations[k]);
}

void durationsAfterRemove(TaskSpec& t, int at) {
  if (t.durations.empty()) return;
  if (t.durations.size() == 1) {
    t.durations.clear();
    return;
  }
  const int k = std::clamp(at, 0, static_cast<int>(t.durations.size()) - 1);
  t.durations.erase(t.durations.begin() + k);
}

}  // namespace

TrajectoryPointsDialog::TrajectoryPointsDialog(Document* document, QWidget* parent, const QString& failureText,
                                               int failedPoint)
    : QDialog(parent), document_(document) {
  setWindowTitle(tr("Change trajectory points"));
  resize(840, 520);
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Inverse-kinematics configuration"), this));
  configuration_ = new QComboBox(this);
  configuration_->setObjectName("configuration");
  configuration_->setEditable(true);
  configuration_->setInsertPolicy(QComboBox::NoInsert);
  configuration_->addItem(QString());
  for (const std::string& c : familyConfigurations(kinematicFamily(Model(document->robot())))) {
    configuration_->addItem(QString::fromStdString(c));
  }
  configuration_->setToolTip(tr("Empty: the family default. Tokens select a solution, e.g. \"elbow_down\"."));
  top->addWidget(configuration_, 1);
  layout->addLayout(top);

  auto* schemeRow = new QHBoxLayout;
  schemeRow->addWidget(new QLabel(tr("Trajectory &scheme"), this));
  scheme_ = new QComboBox(this);
  scheme_->setObjectName("scheme");
  scheme_->addItems(schemeLabels());
  static_cast<QLabel*>(schemeRow->itemAt(0)->widget())->setBuddy(scheme_);
  schemeRow->addWidget(scheme_, 1);
  layout->addLayout(schemeRow);
  schemeNote_ = new QLabel(this);
  schemeNote_->setObjectName("schemeNote");
  schemeNote_->setWordWrap(true);
  schemeNote_->setStyleSheet("color:#444");
  // Paul's note links to the rest-to-rest schemes: a click chooses one (one undoable edit).
  schemeNote_->setTextFormat(Qt::RichText);
  schemeNote_->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  connect(schemeNote_, &QLabel::linkActivated, this, [this](const QString& link) {
    if (link == "cubic") chooseScheme(static_cast<int>(TaskScheme::Cubic));
    else if (link == "quintic") chooseScheme(static_cast<int>(TaskScheme::Quintic));
  });
  layout->addWidget(schemeNote_);
  auto* grid = new QGridLayout;
  struct Spec {
    const char* key;
    QString label, placeholder;
  };
  const Spec specs[] = {
      {"durations", tr("Segment durations (s)"), tr("shortest within the joint limits")},
      {"acceleration", tr("Blend acceleration (deg/s², m/s²; one, or one per joint)"), tr("each joint's amax, else 4 x the least each segment needs")},
      {"tacc", tr("Transition time TACC (s)"), tr("the robot's TACC")},
      {"speed", tr("Path speed (m/s)"), QString()},
      {"path_acceleration", tr("Path acceleration (m/s²)"), QString()},
      {"dwell", tr("Dwell after the motion (s)"), tr("none (a duty cycle's pause, for sizing)")},
  };
  int row = 0;
  for (const Spec& spec : specs) {
    auto* label = new QLabel(spec.label, this);
    auto* field = new QLineEdit(this);
    field->setObjectName(QString("parameter_") + spec.key);
    field->setPlaceholderText(spec.placeholder);
    label->setBuddy(field);
    grid->addWidget(label, row, 0);
    grid->addWidget(field, row, 1);
    const QString key = spec.key;
    connect(field, &QLineEdit::textEdited, this, [this, key] { checkParameter(key); });
    connect(field, &QLineEdit::editingFinished, this, [this, key] { commitParameter(key); });
    parameters_.push_back({key, label, field});
    ++row;
  }
  viaVelocityLabel_ = new QLabel(tr("Via-point velocities"), this);
  viaVelocity_ = new QComboBox(this);
  viaVelocity_->setObjectName("viaVelocity");
  viaVelocity_->addItems({tr("Craig's heuristic (average of the slopes)"), tr("Zero (stop at every point)"),
                          tr("Continuous acceleration (spline)")});
  viaVelocityLabel_->setBuddy(viaVelocity_);
  grid->addWidget(viaVelocityLabel_, row, 0);
  grid->addWidget(viaVelocity_, row, 1);
  ++row;
  auto* timingLabel = new QLabel(tr("&Timing"), this);
  timing_ = new QComboBox(this);
  timing_->setObjectName("timing");
  timing_->addItems({tr("As the scheme times it (durations, speed)"),
                     tr("Time-optimal: fastest within the joint and drive limits")});
  timing_->setToolTip(tr("Time-optimal keeps the scheme's path and finds the fastest motion along it that no joint's "
                         "vmax, amax, fmax or drive voltage and current limit exceeds (the Timing tab shows its "
                         "phase plane). It stops at every joint point of a joint-space scheme."));
  timingLabel->setBuddy(timing_);
  grid->addWidget(timingLabel, row, 0);
  grid->addWidget(timing_, row, 1);
  grid->setColumnStretch(1, 1);
  layout->addLayout(grid);
  connect(scheme_, &QComboBox::activated, this, [this](int index) { chooseScheme(index); });
  connect(timing_, &QComboBox::activated, this, [this](int index) { chooseTiming(index); });
  connect(viaVelocity_, &QComboBox::activated, this, [this](int index) {
    if (loading_) return;
    const char* names[] = {"heuristic", "zero", "continuous-acceleration"};
    TaskSpec t = editedTask();
    if (t.viaVelocity == names[index] || (t.viaVelocity.empty() && index == 0)) return;
    t.viaVelocity = names[index];
    document_->edit(t, tr("Change via-point velocities"));
  });
  table_ = new QTableWidget(this);
  table_->setObjectName("trajectoryTable");
  table_->setColumnCount(7);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  // A cell is checked while it is typed (red, the reason under the table), like the fields.
  // Only the typed refusal it showed is cleared: a run's failure text stays.
  auto* cellCheck = new CellCheckDelegate(
      [this](const QModelIndex& index, const QString& text) {
        const QString why = cellRefusal(index.column(), text);
        if (!why.isEmpty()) {
          typedRefusal_ = tr("%1: %2").arg(cellWords(index.row(), index.column()), why);
          reason_->setText(typedRefusal_);
        } else {
          clearTypedRefusal();
        }
        return !why.isEmpty();
      },
      table_);
  table_->setItemDelegate(cellCheck);
  // Escape puts the value in force back without a commit: its typed refusal goes too.
  connect(cellCheck, &QAbstractItemDelegate::closeEditor, this, [this](QWidget*, QAbstractItemDelegate::EndEditHint hint) {
    if (hint == QAbstractItemDelegate::RevertModelCache) clearTypedRefusal();
  });
  layout->addWidget(table_, 1);
  reason_ = new QLabel(this);
  reason_->setObjectName("trajectoryReason");
  reason_->setStyleSheet(kRefusalTextStyle);
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
  reload();
  // Opened after a run failed on a point: mark it at once, with the banner's words.
  if (failedPoint >= 0) {
    showFailure(failureText, failedPoint);
    reason_->setText(failureText);
  }
  if (table_->rowCount() > 0) table_->selectRow(0);
}

TaskSpec TrajectoryPointsDialog::editedTask() const { return document_->task().detachedFromFile(); }

void TrajectoryPointsDialog::commitConfiguration(const QString& typed) {
  if (loading_) return;
  const QString text = typed.trimmed();
  // The core's rule (requireKnownConfiguration, the one planTask applies).
  QString why;
  try {
    TaskSpec probe = editedTask();
    probe.configuration = text.toStdString();
    requireKnownConfiguration(Model(document_->robot()), probe);
  } catch (const InputError& e) {
    why = QString::fromStdString(e.message());
  }
  if (!why.isEmpty()) {
    reason_->setText(tr("Configuration: %1").arg(why));
    configuration_->setStyleSheet(kRefusedComboStyle);
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
    reason_->setText(tr("Point %1 %2").arg(pointIndex + 1).arg(message));
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

bool TrajectoryPointsDialog::jointSpaceRows() const { return document_->task().jointPoints.rows() > 0; }

QString TrajectoryPointsDialog::cellInForce(int row, int column) const {
  const TaskSpec& task = document_->task();
  if (jointSpaceRows()) return QString::fromStdString(formatSignificant(task.jointPoints(row, column)));
  const TaskPoint& p = task.points[static_cast<std::size_t>(row)];
  return QString::fromStdString(column < 3   ? formatSignificant(p.position(column))
                                : column < 6 ? formatDegreesSignificant(p.rpy(column - 3))
                                             : formatSignificant(p.radius));
}

QString TrajectoryPointsDialog::cellRefusal(int column, const QString& typed, double* value) const {
  const QString text = typed.trimmed();
  const NumberText n = readNumber(text.toStdString());
  if (value) *value = n.value;
  if (text.isEmpty()) return tr("a value is required");
  if (n.kind == NumberText::Kind::NotANumber) return tr("\"%1\" is not a number").arg(text);
  if (n.kind == NumberText::Kind::NotFinite) return tr("must be finite");
  if (!jointSpaceRows() && column == 6 && n.value < 0.0) return tr("must be 0 (a stop) or positive");
  // The core's input limits on the value in SI (a point 1e300 m away is a slip).
  std::optional<std::string> beyond;
  if (jointSpaceRows()) {
    const RobotSpec& robot = document_->robot();
    const bool prismatic = column < robot.dof() && robot.links[column].joint == JointType::Prismatic;
    const double si = prismatic ? n.value : degToRad(n.value);
    beyond = jointValueBeyondLimits(si, prismatic);
    // The robot's own limits, by the plan's rule: a value it would refuse does not reach the task.
    if (!beyond && column < robot.dof()) {
      const std::string outside = jointPointLimitRefusal(robot.links[static_cast<std::size_t>(column)], column, si);
      if (!outside.empty()) beyond = outside;
    }
  } else if (column < 3 || column == 6) {
    beyond = lengthBeyondLimits(n.value);
  }
  if (beyond) return QString::fromStdString(*beyond);
  return QString();
}

void TrajectoryPointsDialog::clearTypedRefusal() {
  if (!typedRefusal_.isEmpty() && reason_->text() == typedRefusal_) reason_->clear();
  typedRefusal_.clear();
}

QString TrajectoryPointsDialog::cellWords(int row, int column) const {
  QString head = table_->horizontalHeaderItem(column) ? table_->horizontalHeaderItem(column)->text() : QString();
  return tr("Point %1, %2").arg(row + 1).arg(head.replace('\n', ' '));
}

void TrajectoryPointsDialog::reload() {
  loading_ = true;
  const TaskSpec& task = document_->task();
  const int current = table_->currentRow();
  const bool joints = jointSpaceRows();
  const int columns = joints ? static_cast<int>(task.jointPoints.cols()) : 7;
  const int rowsCount = task.pointCount();
  table_->setColumnCount(columns);
  QStringList headers;
  if (joints) {
    const RobotSpec& robot = document_->robot();
    for (int j = 0; j < columns; ++j)
      headers << tr("J%1 (%2)").arg(j + 1).arg(j < robot.dof() && robot.links[j].joint == JointType::Prismatic ? "m" : "deg");
  } else {
    const bool positionOnly = document_->robot().dof() < 6;
    const QString unused = positionOnly ? tr(", not used") : QString();
    // Units on a second line: "(deg, not used)" of a three-joint arm fits its column.
    headers << tr("X\n(m)") << tr("Y\n(m)") << tr("Z\n(m)") << tr("Roll φ\n(deg%1)").arg(unused)
            << tr("Pitch θ\n(deg%1)").arg(unused) << tr("Yaw ψ\n(deg%1)").arg(unused) << tr("Radius\n(m)");
  }
  table_->setHorizontalHeaderLabels(headers);
  if (!joints) table_->setColumnHidden(6, task.scheme != TaskScheme::LineArc);
  else
    for (int c = 0; c < columns; ++c) table_->setColumnHidden(c, false);
  table_->setRowCount(rowsCount);
  QStringList rows;
  for (int k = 0; k < rowsCount; ++k) {
    for (int c = 0; c < columns; ++c) {
      // 12 significant digits: no float noise on screen; the value itself is kept unless typed.
      const QString text = cellInForce(k, c);
      auto* item = table_->item(k, c);
      if (item == nullptr) {
        table_->setItem(k, c, new QTableWidgetItem(text));
      } else if (item->text() != text) {
        item->setText(text);
      }
      QTableWidgetItem* cell = table_->item(k, c);
      cell->setBackground(QBrush());
      // Fewer than six joints place the tool point only (issue 11 #6): the orientation columns
      // are shown, greyed and read-only, and say why, instead of taking edits that change nothing.
      const bool unused = !joints && c >= 3 && c < 6 && document_->robot().dof() < 6;
      cell->setFlags(unused ? cell->flags() & ~Qt::ItemIsEditable : cell->flags() | Qt::ItemIsEditable);
      cell->setForeground(unused ? QBrush(QColor(150, 150, 150)) : QBrush());
      cell->setToolTip(unused ? tr("Not used: an arm of %1 joints places the tool point only, not its orientation")
                                    .arg(document_->robot().dof())
                              : QString());
    }
    rows << tr("Point %1").arg(k + 1);
  }
  table_->setVerticalHeaderLabels(rows);
  configuration_->setCurrentText(QString::fromStdString(task.configuration));
  configuration_->setStyleSheet({});
  configuration_->setEnabled(!joints);
  if (current >= 0 && current < table_->rowCount()) table_->selectRow(current);
  reloadParameters();
  loading_ = false;
}

void TrajectoryPointsDialog::reloadParameters() {
  const bool wasLoading = loading_;
  loading_ = true;
  const TaskSpec& task = document_->task();
  const TaskScheme s = task.scheme;
  scheme_->setCurrentIndex(static_cast<int>(s));
  schemeNote_->setText(schemeExplanation(s));
  const bool timed = s == TaskScheme::Cubic || s == TaskScheme::CubicSpline || s == TaskScheme::Quintic || s == TaskScheme::Lspb;
  for (Parameter& p : parameters_) {
    bool shown = false;
    QString text;
    if (p.key == "durations") {
      shown = timed && task.timing != TimingMode::TimeOptimal;
      text = listText(task.durations);
    } else if (p.key == "acceleration") {
      shown = s == TaskScheme::Lspb;
      text = listText(task.acceleration);
    } else if (p.key == "tacc") {
      shown = s == TaskScheme::Paul;
      text = task.tacc ? QString::fromStdString(formatSignificant(*task.tacc)) : QString();
      p.field->setPlaceholderText(tr("the robot's TACC, %1 s").arg(QString::fromStdString(formatSignificant(document_->robot().tacc))));
    } else if (p.key == "speed") {
      shown = isCartesianScheme(s);
      text = task.speed > 0.0 ? QString::fromStdString(formatSignificant(task.speed)) : QString();
    } else if (p.key == "path_acceleration") {
      shown = isCartesianScheme(s);
      text = task.pathAcceleration > 0.0 ? QString::fromStdString(formatSignificant(task.pathAcceleration)) : QString();
    } else if (p.key == "dwell") {
      shown = true;
      text = task.dwell > 0.0 ? QString::fromStdString(formatSignificant(task.dwell)) : QString();
    }
    p.label->setVisible(shown);
    p.field->setVisible(shown);
    if (p.field->text() != text) p.field->setText(text);
    p.field->setStyleSheet({});
  }
  viaVelocityLabel_->setVisible(s == TaskScheme::Cubic);
  viaVelocity_->setVisible(s == TaskScheme::Cubic);
  viaVelocity_->setCurrentIndex(task.viaVelocity == "zero" ? 1 : task.viaVelocity == "continuous-acceleration" ? 2 : 0);
  timing_->setCurrentIndex(task.timing == TimingMode::TimeOptimal ? 1 : 0);
  loading_ = wasLoading;
}

QLineEdit* TrajectoryPointsDialog::parameterField(const QString& key) const {
  for (const Parameter& p : parameters_)
    if (p.key == key) return p.field;
  return nullptr;
}

void TrajectoryPointsDialog::setParameter(const QString& key, const QString& text) {
  if (QLineEdit* f = parameterField(key)) {
    f->setText(text);
    commitParameter(key);
  }
}

void TrajectoryPointsDialog::chooseScheme(int index) {
  if (loading_ || index < 0 || index > static_cast<int>(TaskScheme::LineArc)) return;
  const TaskScheme s = static_cast<TaskScheme>(index);
  if (s == document_->task().scheme) return;
  TaskSpec t = editedTask();
  if (isCartesianScheme(s) && t.jointPoints.rows() > 0) {
    reason_->setText(tr("Scheme: straight lines and arcs follow tool poses; this task's points are joint values"));
    scheme_->setCurrentIndex(static_cast<int>(t.scheme));
    return;
  }
  t.scheme = s;
  if (isCartesianScheme(s)) {
    // Sensible starting values the user sees in the fields.
    if (!(t.speed > 0.0)) t.speed = 0.1;
    if (!(t.pathAcceleration > 0.0)) t.pathAcceleration = 0.5;
    t.durations.clear();
  }
  if (s != TaskScheme::LineArc)
    for (TaskPoint& p : t.points) p.radius = 0.0;
  if (s == TaskScheme::Paul) t.durations.clear();
  reason_->clear();
  document_->edit(t, tr("Trajectory scheme: %1").arg(schemeLabels().at(index)));
}

void TrajectoryPointsDialog::chooseTiming(int index) {
  if (loading_ || index < 0 || index > 1) return;
  const TimingMode mode = index == 1 ? TimingMode::TimeOptimal : TimingMode::Scheme;
  if (mode == document_->task().timing) return;
  TaskSpec t = editedTask();
  t.timing = mode;
  // Time-optimal timing finds the durations itself (the two are refused together).
  if (mode == TimingMode::TimeOptimal) t.durations.clear();
  reason_->clear();
  document_->edit(t, mode == TimingMode::TimeOptimal ? tr("Timing: time-optimal") : tr("Timing: as the scheme times it"));
}

QString TrajectoryPointsDialog::coreRefusal(const TaskSpec& task, const QString& key) const {
  // The planner's own checks on the edited task (counts, signs, the scheme's needs): its
  // refusal when it names this entry; anything else (a point out of reach) the run reports.
  if (key == "dwell") return QString::fromStdString(dwellProblem(task.dwell));
  try {
    planTask(Model(document_->robot()), task);
  } catch (const InputError& e) {
    const std::string k = key.toStdString();
    if (e.field() == k || e.field().rfind(k + "[", 0) == 0) return QString::fromStdString(e.message());
  } catch (const std::exception&) {
  }
  return {};
}

QString TrajectoryPointsDialog::parameterRefusal(const QString& key, const QString& text, TaskSpec& t) const {
  QString why;
  std::vector<double> values;
  if (!readNumberList(text, values, why)) {
  } else if (key == "durations") {
    t.durations = values;
  } else if (key == "acceleration") {
    t.acceleration = values;
  } else if (values.size() > 1) {
    why = tr("one value, please");
  } else if (key == "dwell") {
    t.dwell = values.empty() ? 0.0 : values[0];
  } else if (key == "tacc") {
    if (values.empty()) t.tacc.reset();
    else t.tacc = values[0];
  } else if (values.empty()) {
    why = tr("a value is required");
  } else if (key == "speed") {
    t.speed = values[0];
  } else if (key == "path_acceleration") {
    t.pathAcceleration = values[0];
  }
  if (why.isEmpty()) why = coreRefusal(t, key);
  return why;
}

QString TrajectoryPointsDialog::parameterLabel(const QString& key) const {
  for (const Parameter& p : parameters_)
    if (p.key == key) return p.label->text().remove('&');
  return key;
}

void TrajectoryPointsDialog::checkParameter(const QString& key) {
  // While typing: the refusal shows at once, nothing reaches the task.
  if (loading_) return;
  QLineEdit* field = parameterField(key);
  if (!field) return;
  TaskSpec t = editedTask();
  const QString why = parameterRefusal(key, field->text().trimmed(), t);
  field->setStyleSheet(why.isEmpty() ? QString() : QString(kRefusedLineEditStyle));
  reason_->setText(why.isEmpty() ? QString() : tr("%1: %2").arg(parameterLabel(key), why));
}

void TrajectoryPointsDialog::commitParameter(const QString& key) {
  if (loading_) return;
  QLineEdit* field = parameterField(key);
  if (!field) return;
  TaskSpec t = editedTask();
  const QString why = parameterRefusal(key, field->text().trimmed(), t);
  if (!why.isEmpty()) {
    // Leaving a refused field: the value in force comes back, the reason stays to be read.
    reloadParameters();
    reason_->setText(tr("%1: %2 (the value in force is kept)").arg(parameterLabel(key), why));
    return;
  }
  field->setStyleSheet({});
  reason_->clear();
  const TaskSpec& now = document_->task();
  if (t.durations == now.durations && t.acceleration == now.acceleration && t.tacc == now.tacc && t.speed == now.speed &&
      t.pathAcceleration == now.pathAcceleration && t.dwell == now.dwell)
    return;
  document_->edit(t, tr("Change %1").arg(parameterLabel(key)));
}

void TrajectoryPointsDialog::setCell(int row, int column, const QString& text) {
  table_->item(row, column)->setText(text);
}

void TrajectoryPointsDialog::onCellChanged(int row, int column) {
  if (loading_) return;
  QTableWidgetItem* item = table_->item(row, column);
  double value = 0.0;
  const QString why = cellRefusal(column, item->text(), &value);
  if (!why.isEmpty()) {
    // As the dialogs' fields do: the value in force comes back, the reason stays to be read.
    typedRefusal_.clear();
    reason_->setText(tr("%1: %2 (the value in force is kept)").arg(cellWords(row, column), why));
    loading_ = true;
    item->setText(cellInForce(row, column));
    item->setBackground(QBrush());
    loading_ = false;
    return;
  }
  reason_->clear();
  TaskSpec t = editedTask();
  if (jointSpaceRows()) {
    t.jointPoints(row, column) = value;
  } else {
    TaskPoint& p = t.points[row];
    if (column < 3) {
      p.position(column) = value;
    } else if (column < 6) {
      p.rpy(column - 3) = degToRad(value);
    } else {
      p.radius = value;
    }
  }
  document_->edit(t, tr("Change point %1").arg(row + 1));  // one undo step per committed cell
}

void TrajectoryPointsDialog::nextPoint() {
  if (table_->rowCount() == 0) return;
  table_->selectRow((table_->currentRow() + 1) % table_->rowCount());
}

void TrajectoryPointsDialog::addPoint() {
  TaskSpec t = editedTask();
  if (t.jointPoints.rows() > 0) {
    insertRow(t.jointPoints, static_cast<int>(t.jointPoints.rows()), t.jointPoints.bottomRows(1));
    t.jointPointLines.push_back(0);
  } else {
    TaskPoint p = t.points.empty() ? TaskPoint{} : t.points.back();
    t.points.push_back(p);
  }
  durationsAfterInsert(t, static_cast<int>(t.durations.size()));
  document_->edit(t, tr("Add trajectory point"));
  table_->selectRow(table_->rowCount() - 1);
}

void TrajectoryPointsDialog::insertPoint() {
  TaskSpec t = editedTask();
  const int row = std::max(0, table_->currentRow());
  if (t.jointPoints.rows() > 0) {
    const int at = std::min<int>(row, t.jointPoints.rows());
    insertRow(t.jointPoints, at, t.jointPoints.row(std::min<int>(row, t.jointPoints.rows() - 1)));
    t.jointPointLines.insert(t.jointPointLines.begin() + at, 0);
  } else {
    TaskPoint p = t.points.empty() ? TaskPoint{} : t.points[row];
    t.points.insert(t.points.begin() + std::min<int>(row, t.points.size()), p);
  }
  durationsAfterInsert(t, row);
  document_->edit(t, tr("Insert trajectory point"));
  table_->selectRow(row);
}

void TrajectoryPointsDialog::deletePoint() {
  const int row = table_->currentRow();
  TaskSpec t = editedTask();
  if (row < 0 || row >= t.pointCount()) return;
  if (t.jointPoints.rows() > 0) {
    if (t.jointPoints.rows() == 1) return;  // a joint-space task keeps its width
    removeRow(t.jointPoints, row);
    t.jointPointLines.erase(t.jointPointLines.begin() + row);
  } else {
    t.points.erase(t.points.begin() + row);
  }
  durationsAfterRemove(t, row);
  document_->edit(t, tr("Delete trajectory point %1").arg(row + 1));
}

void TrajectoryPointsDialog::movePoint(int delta) {
  const int row = table_->currentRow();
  TaskSpec t = editedTask();
  const int to = row + delta;
  if (row < 0 || to < 0 || to >= t.pointCount()) return;
  if (t.jointPoints.rows() > 0) {
    const Eigen::RowVectorXd a = t.jointPoints.row(row);
    t.jointPoints.row(row) = t.jointPoints.row(to);
    t.jointPoints.row(to) = a;
  } else {
    std::swap(t.points[row], t.points[to]);
  }
  document_->edit(t, tr("Move trajectory point %1").arg(row + 1));
  table_->selectRow(to);
}

}  // namespace armdyn::app
