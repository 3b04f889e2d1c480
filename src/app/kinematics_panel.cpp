#include "kinematics_panel.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/free_joint_ik.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/singularity_analysis.h"
#include "plot_style.h"
#include "refusal_style.h"
#include "units.h"

#include <QCoreApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <cmath>
#include <qcustomplot.h>

namespace armdyn::app {
namespace {

constexpr double kPi = 3.14159265358979323846;


// A fixed-point number that never reads "-0.00" (a rounding of -0.001 is 0).
QString fixed(double v, int digits) {
  const QString text = QString::number(v, 'f', digits);
  return text.startsWith('-') && text.mid(1).remove('0').remove('.').isEmpty() ? text.mid(1) : text;
}

// A branch outside the joint limits, said briefly for the Status column ("q4 180.00° > 170.00°")
// and in full for its tooltip, in the table's units (degrees, mm); other reasons as the core
// gives them.
struct LimitText {
  QString brief, full;
  int joint = -1;
};
LimitText limitText(const Model& model, const Eigen::VectorXd& q, const std::string& reason) {
  const int j = firstJointOutsideLimits(model, q);
  if (j < 0) return {QString::fromStdString(reason), QString(), -1};
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(j)];
  const bool rev = model.isRevolute(j);
  const double f = rev ? 180.0 / kPi : 1000.0;
  const int digits = rev ? 2 : 1;
  const QString unit = rev ? QStringLiteral("°") : QStringLiteral(" mm");
  const bool above = q(j) > l.qMax;
  LimitText t;
  t.joint = j;
  // A value just outside (within the limit tolerance's rounding) gets the digits that tell it
  // from the limit: never "170.00° > 170.00°".
  const double limit = above ? l.qMax : l.qMin;
  int briefDigits = digits;
  while (briefDigits < 8 && fixed(q(j) * f, briefDigits) == fixed(limit * f, briefDigits)) ++briefDigits;
  t.brief = QCoreApplication::translate("KinematicsPanel", "q%1 %2%3 %4 %5%3")
                .arg(j + 1)
                .arg(fixed(q(j) * f, briefDigits), unit, above ? QStringLiteral(">") : QStringLiteral("<"),
                     fixed(limit * f, briefDigits));
  t.full = QCoreApplication::translate("KinematicsPanel", "q%1 = %2%3 is outside joint %1's limits [%4, %5]%3")
               .arg(j + 1)
               .arg(fixed(q(j) * f, digits), unit, fixed(l.qMin * f, digits), fixed(l.qMax * f, digits));
  return t;
}

QString numberText(double v) {
  if (std::isnan(v)) return QStringLiteral("—");
  if (std::isinf(v)) return QStringLiteral("∞");
  return QString::number(v, 'g', 4);
}

// m^k for k revolute joints among the position joints 1-3 (a prismatic joint's column is in m/m).
QString lengthPower(int k) {
  static const char* powers[] = {"(no unit)", "m", "m²", "m³"};
  return QString::fromUtf8(powers[std::clamp(k, 0, 3)]);
}

// det J22's curve and its (right-hand) axis, so the curve reads against that axis.
const QColor kWristAxisColour(230, 110, 0);

}  // namespace

KinematicsPanel::KinematicsPanel(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  splitter_ = new QSplitter(Qt::Vertical, this);
  splitter_->setObjectName("kinematicsSplitter");
  splitter_->setChildrenCollapsible(false);
  outer->addWidget(splitter_);
  auto* top = new QWidget(splitter_);
  auto* layout = new QVBoxLayout(top);
  layout->setContentsMargins(6, 6, 6, 2);
  pose_ = new QLabel(top);
  pose_->setObjectName("kinematicsPose");
  pose_->setWordWrap(true);
  layout->addWidget(pose_);
  method_ = new QLabel(top);
  method_->setObjectName("kinematicsMethod");
  method_->setWordWrap(true);
  layout->addWidget(method_);
  table_ = new QTableWidget(top);
  table_->setObjectName("kinematicsSolutions");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(20);
  table_->setToolTip(tr("Click a branch to show the arm in it"));
  // Its size hint is every row: the splitter below gives the table that much when it can.
  table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  table_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  layout->addWidget(table_, 1);
  rejected_ = new QLabel(top);
  rejected_->setObjectName("kinematicsRejected");
  rejected_->setWordWrap(true);
  rejected_->setStyleSheet("color:#6a6a6a");
  rejected_->setVisible(false);
  layout->addWidget(rejected_);
  connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) { pick(row); });
  connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) { pick(row); });

  auto* box = new QGroupBox(tr("Configuration at this pose (Jacobian at the tool)"), top);
  auto* form = new QFormLayout(box);
  form->setVerticalSpacing(2);
  form->setContentsMargins(8, 4, 8, 4);
  const std::pair<const char*, QString> names[] = {
      {"manipulability", tr("Manipulability √det(J Jᵀ)")},
      {"condition", tr("Condition number (lengths ÷ arm length)")},
      {"detJ", tr("det J")},
      {"detJ11", tr("det J11 (arm, wrist centre)")},
      {"detJ22", tr("det J22 (wrist)")},
      {"singularity", tr("Singularity")}};
  for (const auto& [key, label] : names) {
    auto* v = new QLabel(box);
    v->setObjectName(QStringLiteral("kinematics_") + key);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(label, v);
    values_.emplace_back(QString::fromLatin1(key), v);
  }
  layout->addWidget(box);

  // Seven-joint arms: the self-motion, one joint against the free one.
  selfMotionBox_ = new QWidget(top);
  selfMotionBox_->setObjectName("kinematicsSelfMotion");
  auto* smLayout = new QVBoxLayout(selfMotionBox_);
  smLayout->setContentsMargins(6, 2, 6, 4);
  smLayout->setSpacing(2);
  auto* smRow = new QHBoxLayout();
  selfMotionNote_ = new QLabel(selfMotionBox_);
  selfMotionNote_->setWordWrap(true);
  smRow->addWidget(selfMotionNote_, 1);
  smRow->addWidget(new QLabel(tr("Show"), selfMotionBox_));
  selfMotionJoint_ = new QComboBox(selfMotionBox_);
  selfMotionJoint_->setObjectName("kinematicsSelfMotionJoint");
  selfMotionJoint_->setToolTip(tr("The joint drawn against the free joint"));
  smRow->addWidget(selfMotionJoint_);
  smLayout->addLayout(smRow);
  selfMotionPlot_ = new QCustomPlot(selfMotionBox_);
  selfMotionPlot_->setObjectName("kinematicsSelfMotionPlot");
  selfMotionPlot_->setMinimumHeight(150);
  selfMotionPlot_->setToolTip(tr("One curve per branch. Click a curve to show the arm in that configuration."));
  smLayout->addWidget(selfMotionPlot_, 1);
  connect(selfMotionJoint_, qOverload<int>(&QComboBox::activated), this,
          [this](int index) { setSelfMotionJoint(selfMotionJoint_->itemData(index).toInt()); });
  connect(selfMotionPlot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (shownJoint_ < 0 || !model_) return;
    const double x = selfMotionPlot_->xAxis->pixelToCoord(e->position().x());
    const double y = selfMotionPlot_->yAxis->pixelToCoord(e->position().y());
    const auto si = [&](int j, double v) { return model_->isRevolute(j) ? v * kPi / 180.0 : v / 1000.0; };
    pickSelfMotion(si(freeJoint_, x), si(shownJoint_, y));
  });
  splitter_->addWidget(top);

  // Under the splitter, tabs: the maps along the task (a line of text over one plot against
  // time) and, for a seven-joint arm, the self-motion.
  bottomTabs_ = new QTabWidget(splitter_);
  bottomTabs_->setObjectName("kinematicsBottomTabs");
  bottomTabs_->setDocumentMode(true);
  auto* bottom = new QWidget(bottomTabs_);
  auto* mapLayout = new QVBoxLayout(bottom);
  mapLayout->setContentsMargins(6, 2, 6, 0);
  mapLayout->setSpacing(2);
  mapSummary_ = new QLabel(bottom);
  mapSummary_->setObjectName("kinematicsMapSummary");
  mapSummary_->setWordWrap(true);
  mapSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  mapLayout->addWidget(mapSummary_);
  map_ = new QCustomPlot(bottom);
  map_->setObjectName("kinematicsMap");
  map_->setMinimumHeight(150);
  map_->setToolTip(tr("Shift+click: move the time cursor there; wheel: zoom in time; double-click: fit"));
  map_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  map_->setNotAntialiasedElements(QCP::aeAll);
  map_->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
  map_->axisRect()->setRangeDrag(Qt::Horizontal);
  map_->axisRect()->setRangeZoom(Qt::Horizontal);
  map_->xAxis->setLabel(tr("Time (s)"));
  // The legend in a row of its own above the axes: it never covers a curve and leaves the
  // narrow tab its width.
  map_->legend->setVisible(true);
  map_->legend->setFont(QFont(font().family(), 8));
  placeLegendAbove(map_);
  {
    QCPAxis* a = map_->yAxis2;
    a->setBasePen(QPen(kWristAxisColour));
    a->setTickPen(QPen(kWristAxisColour));
    a->setSubTickPen(QPen(kWristAxisColour));
    a->setTickLabelColor(kWristAxisColour.darker(130));
    a->setLabelColor(kWristAxisColour.darker(130));
  }
  map_->addLayer("markers", map_->layer("grid"), QCustomPlot::limAbove);
  map_->addLayer("labels", map_->layer("main"), QCustomPlot::limAbove);
  map_->addLayer("cursor", map_->layer("labels"), QCustomPlot::limAbove);
  cursorLayer_ = map_->layer("cursor");
  cursorLayer_->setMode(QCPLayer::lmBuffered);
  cursor_ = new QCPItemStraightLine(map_);
  cursor_->setLayer(cursorLayer_);
  cursor_->setPen(QPen(QColor(200, 30, 30), 1.2, Qt::DashLine));  // the plots' time cursor
  cursor_->setSelectable(false);
  cursor_->point1->setCoords(0, 0);
  cursor_->point2->setCoords(0, 1);
  zeroLine_ = new QCPItemStraightLine(map_);
  zeroLine_->setLayer("markers");
  zeroLine_->setPen(QPen(QColor(120, 120, 120), 1.0));
  zeroLine_->setSelectable(false);
  zeroLine_->point1->setCoords(0, 0);
  zeroLine_->point2->setCoords(1, 0);
  mapNote_ = new QCPItemText(map_);
  mapNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
  mapNote_->position->setCoords(0.5, 0.5);
  mapNote_->setColor(QColor(90, 90, 90));
  mapNote_->setVisible(false);
  mapLayout->addWidget(map_, 1);
  bottomTabs_->addTab(bottom, tr("Along the task"));
  selfMotionBox_->setParent(bottomTabs_);
  bottomTabs_->addTab(selfMotionBox_, tr("Self-motion"));
  bottomTabs_->setTabVisible(1, false);
  bottomTabs_->tabBar()->setVisible(false);
  splitter_->addWidget(bottomTabs_);
  splitter_->setStretchFactor(0, 0);
  splitter_->setStretchFactor(1, 1);
  connect(splitter_, &QSplitter::splitterMoved, this, [this] { splitterMoved_ = true; });
  connect(map_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->modifiers() & Qt::ShiftModifier) Q_EMIT timeClicked(map_->xAxis->pixelToCoord(e->position().x()));
  });
  connect(map_, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetMapZoom(); });
  clearMap(tr("No run yet: the maps fill in when the first simulation finishes."));
}

QLabel* KinematicsPanel::value(const QString& name) const {
  for (const auto& [key, label] : values_)
    if (key == name) return label;
  return nullptr;
}

QString KinematicsPanel::branchName(int row) const { return rows_[static_cast<std::size_t>(row)].name; }

void KinematicsPanel::setRobot(const RobotSpec& robot) {
  try {
    model_ = std::make_shared<const Model>(robot);
  } catch (const std::exception& e) {
    model_.reset();
    rows_.clear();
    table_->clear();
    table_->setRowCount(0);
    method_->setText(QString::fromStdString(e.what()));
    return;
  }
  if (q_.size() != model_->dof()) q_ = model_->home();
  freeJoint_ = defaultFreeJoint(*model_);
  selfMotion_ = SelfMotion();
  selfMotionJoint_->clear();
  shownJoint_ = -1;
  if (freeJoint_ >= 0) {
    for (int i = 0; i < model_->dof(); ++i)
      if (i != freeJoint_) selfMotionJoint_->addItem(tr("q%1").arg(i + 1), i);
  }
  // A seven-joint arm opens on its self-motion; the tabs show only when there are two.
  bottomTabs_->setTabVisible(1, freeJoint_ >= 0);
  bottomTabs_->tabBar()->setVisible(freeJoint_ >= 0);
  bottomTabs_->setCurrentIndex(freeJoint_ >= 0 ? 1 : 0);
  refresh();
}

void KinematicsPanel::setJoints(const Eigen::VectorXd& q, const QString& where) {
  if (!model_ || q.size() != model_->dof()) return;
  if (q == q_ && where == where_) return;
  q_ = q;
  where_ = where;
  refresh();
}

void KinematicsPanel::pick(int row) {
  if (row < 0 || row >= branchCount()) return;
  Q_EMIT branchPicked(rows_[static_cast<std::size_t>(row)].q);
}

void KinematicsPanel::refresh() {
  rows_.clear();
  if (!model_ || q_.size() != model_->dof()) return;
  const Model& model = *model_;
  const int n = model.dof();
  const Eigen::Matrix4d pose = toolPose(model, q_);
  const Vector6d p = xyzRpyFromPose(pose);
  pose_->setText(tr("<b>Tool pose</b> (%1): x %2 m, y %3 m, z %4 m; roll %5°, pitch %6°, yaw %7°")
                     .arg(where_.isEmpty() ? tr("current joints") : where_)
                     .arg(fixed(p(0), 4), fixed(p(1), 4), fixed(p(2), 4), fixed(p(3) * 180.0 / kPi, 2),
                          fixed(p(4) * 180.0 / kPi, 2), fixed(p(5) * 180.0 / kPi, 2)));

  // The branches: closed form when the arm has one, else the one numerical solution.
  const std::string family = kinematicFamily(model);
  const auto rejectedRow = [&model](const IkCandidate& c) {
    const LimitText t = limitText(model, c.q, c.reason());
    Row row{c.q, QString::fromStdString(c.configuration), t.brief, true, t.full, t.joint, QString()};
    if (c.fromSeed != 0)  // one of a continuum: the tooltip says so (the status is the limit's)
      row.detail += QStringLiteral(" ") + tr("Singular pose: this branch is a continuum of solutions (%1).")
                                              .arg(QString::fromStdString(c.continuum()));
    return row;
  };
  // A solution's row; at a singular pose (one of a continuum of solutions) the status names the
  // joints that take any value (shown at the current joints' values), the tooltip says it in full.
  const auto solutionRow = [this](const IkCandidate& c) {
    Row row{c.q, QString::fromStdString(c.configuration), tr("within limits"), false, QString(), -1, QString()};
    if (c.fromSeed == 0) return row;
    row.freeJoints = QString::fromStdString(freeJointNames(c.fromSeed));
    row.status = tr("within limits · %1 free").arg(row.freeJoints);
    const auto anyValue = static_cast<unsigned char>(c.fromSeed & ~c.nearestToSeed);
    QStringList parts;
    if (anyValue)
      parts << tr("%1 can take any value (the current one is shown)")
                   .arg(QString::fromStdString(freeJointNames(anyValue)));
    if (c.nearestToSeed)
      parts << tr("%1 can take a range of values that does not hold the current one (the nearest is shown)")
                   .arg(QString::fromStdString(freeJointNames(c.nearestToSeed)));
    row.detail = tr("Within the joint limits. Singular pose: this branch is a continuum of solutions; %1; the other "
                    "joints follow.")
                     .arg(parts.join(QStringLiteral("; ")));
    return row;
  };
  QString method;
  try {
    ClosedFormIk cf;
    if (!family.empty()) cf = closedFormInverseKinematics(model, pose, q_);
    FreeJointIk held;
    if (!cf.applicable && freeJoint_ >= 0) held = freeJointInverseKinematics(model, pose, freeJoint_, q_(freeJoint_), q_);
    if (held.applicable) {
      for (const IkCandidate& c : held.solutions) rows_.push_back(solutionRow(c));
      for (const IkCandidate& c : held.rejected)
        rows_.push_back(rejectedRow(c));
      const int kept = static_cast<int>(held.solutions.size());
      method = tr("Seven joints: joint %1 held at its current %2 (the free parameter of the self-motion below), the "
                  "six others in closed form (%3): %4")
                   .arg(freeJoint_ + 1)
                   .arg(model.isRevolute(freeJoint_) ? QString::number(q_(freeJoint_) * 180.0 / kPi, 'f', 2) + "°"
                                                     : QString::number(q_(freeJoint_) * 1000.0, 'f', 1) + " mm")
                   .arg(QString::fromStdString(held.solver))
                   .arg(kept == 1 ? tr("1 branch within the joint limits") : tr("%1 branches within the joint limits").arg(kept));
      if (!held.rejected.empty()) method += tr(", %1 outside them (greyed)").arg(held.rejected.size());
      if (held.solutions.empty() && !held.reason.empty()) method += " — " + QString::fromStdString(held.reason);
      method += ".";
    } else if (cf.applicable) {
      for (const IkCandidate& c : cf.solutions) rows_.push_back(solutionRow(c));
      for (const IkCandidate& c : cf.rejected)
        rows_.push_back(rejectedRow(c));
      const int kept = static_cast<int>(cf.solutions.size()), dropped = static_cast<int>(cf.rejected.size());
      const QString name = QString::fromStdString(family);
      method = kept == 1 ? tr("Closed form (family “%1”): 1 branch within the joint limits").arg(name)
                         : tr("Closed form (family “%1”): %2 branches within the joint limits").arg(name).arg(kept);
      if (dropped > 0) method += tr(", %1 outside them (greyed)").arg(dropped);
      if (cf.solutions.empty() && !cf.reason().empty()) method += " — " + QString::fromStdString(cf.reason());
      method += ".";
    } else {
      const QString why = family.empty() ? tr("no kinematic family fits its DH structure") : QString::fromStdString(cf.reason());
      const IkResult ik = solveInverseKinematics(model, pose, std::string(), q_);
      rows_.push_back({ik.q, tr("numerical"), ik.ok ? tr("damped least squares, residual %1").arg(ik.residual, 0, 'g', 2)
                                                    : QString::fromStdString(ik.reason),
                       !ik.ok, QString(), -1, QString()});
      method = tr("No closed form for this arm (%1): the one damped-least-squares solution from the current joints is "
                  "shown.")
                   .arg(why);
    }
  } catch (const std::exception& e) {
    method = QString::fromStdString(e.what());
  }
  method_->setText(method);
  if (freeJoint_ >= 0) updateSelfMotion(pose);

  // The table: branch, joint values (degrees, mm for a prismatic joint), status.
  table_->clear();
  table_->setColumnCount(n + 2);
  QStringList headers = {tr("Branch")};
  for (int i = 0; i < n; ++i) headers << (model.isRevolute(i) ? tr("q%1 (°)").arg(i + 1) : tr("q%1 (mm)").arg(i + 1));
  headers << tr("Status");
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(static_cast<int>(rows_.size()));
  for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
    Row& row = rows_[static_cast<std::size_t>(r)];
    const bool current = !row.rejected && row.q.size() == n && sameJointValues(model, row.q, q_);
    if (current) row.status = row.freeJoints.isEmpty() ? tr("● current") : tr("● current · %1 free").arg(row.freeJoints);
    auto* name = new QTableWidgetItem(row.name);
    table_->setItem(r, 0, name);
    for (int i = 0; i < n && i < row.q.size(); ++i) {
      const double v = model.isRevolute(i) ? row.q(i) * 180.0 / kPi : row.q(i) * 1000.0;
      auto* item = new QTableWidgetItem(fixed(v, model.isRevolute(i) ? 2 : 1));  // no "-0.00"
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(r, i + 1, item);
    }
    auto* status = new QTableWidgetItem(row.status);
    status->setToolTip(row.detail.isEmpty() ? row.status : row.detail);
    table_->setItem(r, n + 1, status);
    for (int c = 0; c < n + 2; ++c) {
      QTableWidgetItem* item = table_->item(r, c);
      if (!item) continue;
      if (row.rejected) item->setForeground(QColor(140, 140, 140));
      if (current) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
    }
  }
  // Below the table, which joints put the greyed branches out (the Status column says how far,
  // its tooltip the limits): a line, not the reasons again.
  std::map<int, int> byJoint;  // joint -> greyed branches it puts out
  int otherwise = 0;
  for (const Row& row : rows_) {
    if (!row.rejected) continue;
    if (row.limitJoint >= 0) ++byJoint[row.limitJoint];
    else ++otherwise;
  }
  QStringList parts;
  for (const auto& [joint, count] : byJoint)
    parts << (count == 1 ? tr("joint %1 (1 branch)").arg(joint + 1) : tr("joint %1 (%2 branches)").arg(joint + 1).arg(count));
  QString note;
  if (!parts.isEmpty())
    note = tr("Greyed branches leave the limits of %1; hover a status for the joint's range.").arg(parts.join(", "));
  if (otherwise > 0) note += (note.isEmpty() ? QString() : QStringLiteral(" ")) + tr("%n greyed for another reason (see the Status column).", "", otherwise);
  rejected_->setText(note);
  rejected_->setVisible(!note.isEmpty());
  // Every column as wide as its contents, the status too (beside the teach panel it was squeezed
  // to "q4 ..."): a narrow pane scrolls sideways. (Not a stretched last section: its floor is the
  // width it had when stretching began, and a longer status of another arm was squeezed again.)
  table_->horizontalHeader()->setStretchLastSection(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // The status with the cell's margins on both sides (as wide as its text alone, a pixel short).
  table_->horizontalHeader()->setSectionResizeMode(n + 1, QHeaderView::Interactive);
  table_->resizeColumnToContents(n + 1);
  table_->setColumnWidth(n + 1, table_->columnWidth(n + 1) + 8);
  fitTableHeight();
  fitSplitter();

  // The configuration's worth (core analysis), with units: a revolute column of J11 is in m,
  // a prismatic one has none; the wrist's are unitless.
  try {
    const KinematicAnalysis a = analyzeConfiguration(model, q_);
    int revolute = 0;
    for (int i = 0; i < std::min(3, n); ++i) revolute += model.isRevolute(i) ? 1 : 0;
    const QString unit = lengthPower(revolute);
    value("manipulability")->setText(numberText(a.manipulability) + " " + unit);
    value("condition")->setText(numberText(a.conditionNumber) + tr(" (no unit)"));
    value("detJ")->setText(std::isnan(a.detJ) ? tr("— (J is not 6 × 6)") : numberText(a.detJ) + " " + unit);
    value("detJ11")->setText(a.detJ11 ? numberText(*a.detJ11) + " " + unit : tr("— (no spherical wrist)"));
    value("detJ22")->setText(a.detJ22 ? numberText(*a.detJ22) + tr(" (no unit)") : tr("— (no spherical wrist)"));
    const QString s = QString::fromLatin1(singularityName(a.singular));
    value("singularity")->setText(a.singular == Singularity::None ? s : redHtml(QStringLiteral("<b>%1</b>").arg(s)));
  } catch (const std::exception& e) {
    for (const auto& [key, label] : values_) label->setText(QString());
    value("singularity")->setText(QString::fromStdString(e.what()));
  }
}

void KinematicsPanel::fitTableHeight() {
  // At least three branches in view when the splitter squeezes the table (the rest scroll).
  const int rows = std::min(table_->rowCount(), 3);
  int h = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
  for (int r = 0; r < rows; ++r) h += table_->rowHeight(r);
  table_->setMinimumHeight(std::max(h, 60));
}

void KinematicsPanel::fitSplitter() {
  // Until the user drags the splitter: the branches, their reasons and the analysis box get the
  // height they need at this width (every row of the table), the map the rest, but never less
  // than kMapMinHeight while the top can give it.
  if (splitterMoved_ || !isVisible()) return;
  QWidget* top = splitter_->widget(0);
  const int total = splitter_->height() - splitter_->handleWidth();
  if (total <= 0) return;
  QLayout* l = top->layout();
  const int want = l->hasHeightForWidth() ? l->totalHeightForWidth(top->width()) : l->totalSizeHint().height();
  const int topMin = l->totalMinimumSize().height();
  const int height = std::clamp(std::min(want, total - kMapMinHeight), topMin, std::max(topMin, total - 100));
  if (splitter_->sizes().value(0) == height) return;
  splitter_->setSizes({height, total - height});
}

void KinematicsPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitSplitter();
}

namespace {

// The run's unit of length^k (k revolute joints among joints 1-3), as the analysis box.
QString runLengthUnit(const Model& model) {
  int revolute = 0;
  for (int i = 0; i < std::min(3, model.dof()); ++i) revolute += model.isRevolute(i) ? 1 : 0;
  return lengthPower(revolute);
}

QString instantKindText(Singularity kind) {
  switch (kind) {
    case Singularity::Arm: return QObject::tr("arm");
    case Singularity::Wrist: return QObject::tr("wrist");
    case Singularity::Both: return QObject::tr("arm and wrist");
    case Singularity::None: break;
  }
  return QObject::tr("none");
}

QColor instantColour(Singularity kind) {
  switch (kind) {
    case Singularity::Arm: return QColor(123, 50, 148);   // purple
    case Singularity::Wrist: return QColor(0, 120, 120);  // teal
    default: break;
  }
  return QColor(40, 40, 40);
}

double largestMagnitude(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v)
    if (std::isfinite(x)) m = std::max(m, std::abs(x));
  return m;
}

bool anyFinite(const std::vector<double>& v) {
  return std::any_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

}  // namespace

void KinematicsPanel::setResult(const SimulationResultPtr& result) {
  if (result == run_) return;
  run_ = result;
  mapDirty_ = true;
  if (isVisible()) updateMap();
}

void KinematicsPanel::setRun(std::shared_ptr<const Model> model, const std::vector<double>& t, const Eigen::MatrixXd& q) {
  auto run = std::make_shared<SimulationResult>();
  run->model = std::move(model);
  run->record.t = t;
  run->record.q = q;
  setResult(run);
}

void KinematicsPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  fitSplitter();
  if (mapDirty_) {
    updateMap();
  } else {
    cursorLayer_->replot();  // the cursor moved while the tab was hidden
  }
}

void KinematicsPanel::setCursorTime(double t) {
  cursorTime_ = t;
  cursor_->point1->setCoords(t, 0);
  cursor_->point2->setCoords(t, 1);
  // Only the cursor layer is redrawn: the curves stay in their buffer.
  if (map_->isVisible()) cursorLayer_->replot();
}

int KinematicsPanel::mapSampleCount() const {
  return map_->graphCount() > 0 ? map_->graph(0)->dataCount() : 0;
}

double KinematicsPanel::singularMarkerTime(int i) const { return markers_[static_cast<std::size_t>(i)].t; }

QString KinematicsPanel::singularMarkerLabel(int i) const {
  const QCPItemText* label = markers_[static_cast<std::size_t>(i)].label;
  return label ? label->text() : QString();
}

void KinematicsPanel::clearMap(const QString& why, bool replot) {
  map_->clearGraphs();
  for (const Marker& m : markers_) {
    map_->removeItem(m.line);
    if (m.label) map_->removeItem(m.label);
  }
  markers_.clear();
  path_.reset();
  map_->legend->setVisible(false);
  map_->yAxis->setLabel(QString());
  map_->yAxis2->setVisible(false);
  zeroLine_->setVisible(false);
  mapNote_->setText(why);
  mapNote_->setVisible(!why.isEmpty());
  mapSummary_->setText(tr("<b>Along the task</b>: %1").arg(why.toHtmlEscaped()));
  if (replot) map_->replot();
}

void KinematicsPanel::resetMapZoom() {
  if (!run_ || run_->record.t.empty()) return;
  const std::vector<double>& t = run_->record.t;
  map_->xAxis->setRange(t.front(), t.size() > 1 ? t.back() : t.front() + 1.0);
  map_->replot();
}

void KinematicsPanel::updateMap() {
  mapDirty_ = false;
  if (!run_ || !run_->model || run_->record.t.empty()) {
    clearMap(tr("No run yet: the maps fill in when the first simulation finishes."));
    return;
  }
  const Model& model = *run_->model;
  const std::vector<double>& t = run_->record.t;
  const int samples = static_cast<int>(t.size());
  if (samples > kMapMaxSamples) {
    clearMap(tr("not computed, the run has %1 samples (more than %2); a longer sample period shortens it.")
                 .arg(samples)
                 .arg(kMapMaxSamples));
    return;
  }
  PathKinematics path;
  try {
    path = analyzePath(model, t, run_->record.q);
  } catch (const std::exception& e) {
    clearMap(tr("not computed: %1").arg(QString::fromStdString(e.what())));
    return;
  }
  clearMap(QString(), false);
  map_->legend->setVisible(true);

  // Curves: a spherical wrist's det J11 (left axis, m^k) and det J22 (right axis, no unit); a
  // six-joint chain without one, det J (left); always the manipulability (left, m^k, >= 0).
  const QString unit = runLengthUnit(model);
  const bool wrist = anyFinite(path.detJ11) && anyFinite(path.detJ22);
  const bool det = !wrist && anyFinite(path.detJ);
  const QVector<double> keys(t.begin(), t.end());
  auto addCurve = [&](const std::vector<double>& values, QCPAxis* axis, const QColor& colour, const QString& name) {
    QCPGraph* g = map_->addGraph(map_->xAxis, axis);
    g->setData(keys, QVector<double>(values.begin(), values.end()), true);
    g->setPen(QPen(colour, 1.6));
    g->setName(name);
  };
  const bool unitless = unit == lengthPower(0);
  const QString leftUnit = unitless ? unit : QStringLiteral("[%1]").arg(unit);
  if (wrist) {
    addCurve(path.detJ11, map_->yAxis, QColor(31, 119, 180), tr("det J11, arm %1").arg(leftUnit));
    addCurve(path.detJ22, map_->yAxis2, kWristAxisColour, tr("det J22, wrist (no unit, right axis)"));
  } else if (det) {
    addCurve(path.detJ, map_->yAxis, QColor(31, 119, 180), tr("det J %1").arg(leftUnit));
  }
  addCurve(path.manipulability, map_->yAxis, QColor(44, 160, 44), tr("manipulability %1").arg(leftUnit));
  const QString unitSuffix = unitless ? tr(" (no unit)") : QStringLiteral(" (%1)").arg(unit);
  map_->yAxis->setLabel(wrist ? tr("det J11, manipulability") + unitSuffix
                        : det ? tr("det J, manipulability") + unitSuffix
                              : tr("Manipulability") + unitSuffix);
  map_->yAxis2->setVisible(wrist);
  map_->yAxis2->setTickLabels(wrist);
  map_->yAxis2->setLabel(wrist ? tr("det J22 (no unit)") : QString());

  // Signed measures: ranges symmetric about zero (both axes' zeros on the grey line), so a sign
  // change reads as crossing it; the manipulability alone from zero.
  double left = largestMagnitude(path.manipulability);
  if (wrist) left = std::max(left, largestMagnitude(path.detJ11));
  if (det) left = std::max(left, largestMagnitude(path.detJ));
  if (!(left > 0.0)) left = 1.0;
  const bool signedMeasure = wrist || det;
  if (signedMeasure) {
    map_->yAxis->setRange(-1.1 * left, 1.1 * left);
  } else {
    map_->yAxis->setRange(0.0, 1.1 * left);
  }
  if (wrist) {
    double right = largestMagnitude(path.detJ22);
    if (!(right > 0.0)) right = 1.0;
    map_->yAxis2->setRange(-1.1 * right, 1.1 * right);
  }
  zeroLine_->setVisible(signedMeasure);
  map_->xAxis->setRange(t.front(), samples > 1 ? t.back() : t.front() + 1.0);

  // The singular instants: a vertical line each, labelled (up to 12 labels; more only lines).
  const bool labelled = path.instants.size() <= 12;
  for (const PathSingularity& s : path.instants) {
    Marker m;
    m.t = s.t;
    const QColor colour = instantColour(s.kind);
    m.line = new QCPItemStraightLine(map_);
    m.line->setLayer("markers");
    m.line->setSelectable(false);
    m.line->setPen(QPen(colour, 1.4, s.crossing ? Qt::SolidLine : Qt::DotLine));
    m.line->point1->setCoords(s.t, 0);
    m.line->point2->setCoords(s.t, 1);
    if (labelled) {
      m.label = new QCPItemText(map_);
      m.label->setLayer("labels");
      m.label->setSelectable(false);
      m.label->position->setTypeX(QCPItemPosition::ptPlotCoords);
      m.label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
      // At the top beside its line (left of it in the last quarter of the run), staggered
      // downwards so neighbouring instants' labels do not cover each other.
      const int index = static_cast<int>(markers_.size());
      m.label->position->setCoords(s.t, 0.02 + 0.09 * (index % 4));
      const bool late = s.t > t.front() + 0.75 * (t.back() - t.front());
      m.label->setPositionAlignment((late ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
      m.label->setPadding(QMargins(3, 1, 3, 1));
      m.label->setColor(colour);
      m.label->setBrush(QColor(255, 255, 255, 210));
      m.label->setFont(QFont(font().family(), 8));
      m.label->setText(tr("%1 singular").arg(s.kind == Singularity::Both ? tr("arm + wrist") : instantKindText(s.kind)));
    }
    markers_.push_back(m);
  }

  // The line of text: the instants and the smallest manipulability.
  QStringList instants;
  const int shown = std::min<int>(static_cast<int>(path.instants.size()), 8);
  for (int i = 0; i < shown; ++i) {
    const PathSingularity& s = path.instants[static_cast<std::size_t>(i)];
    instants << tr("t = %1 s %2 (%3)")
                    .arg(s.t, 0, 'f', 3)
                    .arg(instantKindText(s.kind), s.crossing ? tr("passes through") : tr("touches"));
  }
  if (static_cast<int>(path.instants.size()) > shown)
    instants << tr("… and %1 more").arg(static_cast<int>(path.instants.size()) - shown);
  QString text = tr("<b>Along the task</b> (%1 samples): singular instants: %2.")
                     .arg(samples)
                     .arg(instants.isEmpty() ? tr("none")
                                             : redHtml(QStringLiteral("<b>%1</b>").arg(instants.join(", "))));
  text += tr(" Smallest manipulability %1 %2 at t = %3 s.")
              .arg(numberText(path.minManipulability), unit)
              .arg(path.minManipulabilityTime, 0, 'f', 3);
  mapSummary_->setText(text);
  path_ = std::move(path);
  cursor_->point1->setCoords(cursorTime_, 0);
  cursor_->point2->setCoords(cursorTime_, 1);
  map_->replot();
}

void KinematicsPanel::updateSelfMotion(const Eigen::Matrix4d& pose) {
  try {
    selfMotion_ = selfMotion(*model_, pose, freeJoint_, 121);
  } catch (const std::exception& e) {
    selfMotion_ = SelfMotion();
    selfMotion_.reason = e.what();
  }
  if (shownJoint_ < 0) {
    // The joint that moves most along the curves.
    double most = -1.0;
    for (int i = 0; i < model_->dof(); ++i) {
      if (i == freeJoint_) continue;
      double lo = 1e300, hi = -1e300;
      for (const SelfMotionCurve& c : selfMotion_.curves)
        for (const Eigen::VectorXd& q : c.q) {
          lo = std::min(lo, q(i));
          hi = std::max(hi, q(i));
        }
      if (hi - lo > most) {
        most = hi - lo;
        shownJoint_ = i;
      }
    }
    if (shownJoint_ < 0) shownJoint_ = freeJoint_ == 0 ? 1 : 0;
    selfMotionJoint_->setCurrentIndex(selfMotionJoint_->findData(shownJoint_));
  }
  drawSelfMotion();
}

void KinematicsPanel::setSelfMotionJoint(int joint) {
  if (!model_ || joint < 0 || joint >= model_->dof() || joint == freeJoint_) return;
  shownJoint_ = joint;
  selfMotionJoint_->setCurrentIndex(selfMotionJoint_->findData(joint));
  drawSelfMotion();
}

void KinematicsPanel::drawSelfMotion() {
  QCustomPlot* p = selfMotionPlot_;
  p->clearGraphs();
  p->clearItems();
  if (!model_ || freeJoint_ < 0 || shownJoint_ < 0) return;
  const Model& m = *model_;
  const auto shown = [&](int j, double v) { return m.isRevolute(j) ? v * 180.0 / kPi : v * 1000.0; };
  const auto unit = [&](int j) { return m.isRevolute(j) ? tr("°") : tr("mm"); };
  p->xAxis->setLabel(tr("Joint %1, free (%2)").arg(freeJoint_ + 1).arg(unit(freeJoint_)));
  p->yAxis->setLabel(tr("Joint %1 (%2)").arg(shownJoint_ + 1).arg(unit(shownJoint_)));
  static const QColor colours[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44), QColor(214, 39, 40),
                                   QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(127, 127, 127)};
  int k = 0;
  for (const SelfMotionCurve& c : selfMotion_.curves) {
    QVector<double> x, y;
    for (std::size_t i = 0; i < c.q.size(); ++i) {
      x << shown(freeJoint_, c.value[i]);
      y << shown(shownJoint_, c.q[i](shownJoint_));
    }
    QCPGraph* g = p->addGraph();
    g->setData(x, y, true);
    g->setPen(QPen(colours[k++ % 8], 1.6));
    if (c.q.size() == 1) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
  }
  // The current configuration: a vertical line at the free value, a ring on the current point.
  auto* line = new QCPItemStraightLine(p);
  line->setPen(QPen(QColor(200, 30, 30), 1.2, Qt::DashLine));
  line->point1->setCoords(shown(freeJoint_, q_(freeJoint_)), 0);
  line->point2->setCoords(shown(freeJoint_, q_(freeJoint_)), 1);
  QCPGraph* here = p->addGraph();
  here->setLineStyle(QCPGraph::lsNone);
  here->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(200, 30, 30), 2), Qt::NoBrush, 10));
  here->setData(QVector<double>{shown(freeJoint_, q_(freeJoint_))}, QVector<double>{shown(shownJoint_, q_(shownJoint_))});
  p->rescaleAxes();
  p->xAxis->scaleRange(1.05);
  p->yAxis->scaleRange(1.1);
  const int branches = static_cast<int>(selfMotion_.curves.size());
  selfMotionNote_->setText(branches == 0 ? tr("No self-motion: %1").arg(QString::fromStdString(selfMotion_.reason))
                                         : tr("%1 %2 over joint %3's range (branches within the joint limits); the red "
                                              "ring is the current configuration.")
                                               .arg(branches)
                                               .arg(branches == 1 ? tr("curve") : tr("curves"))
                                               .arg(freeJoint_ + 1));
  p->replot();
}

void KinematicsPanel::pickSelfMotion(double freeValue, double jointValue) {
  if (!model_ || shownJoint_ < 0) return;
  // Nearest point in the plot's own proportions (each axis scaled by its range).
  const double sx = std::max(1e-12, selfMotionPlot_->xAxis->range().size()), sy = std::max(1e-12, selfMotionPlot_->yAxis->range().size());
  const double kx = model_->isRevolute(freeJoint_) ? 180.0 / kPi : 1000.0, ky = model_->isRevolute(shownJoint_) ? 180.0 / kPi : 1000.0;
  const Eigen::VectorXd* best = nullptr;
  double bestD = 1e300;
  for (const SelfMotionCurve& c : selfMotion_.curves)
    for (std::size_t i = 0; i < c.q.size(); ++i) {
      const double dx = (c.value[i] - freeValue) * kx / sx, dy = (c.q[i](shownJoint_) - jointValue) * ky / sy;
      const double d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = &c.q[i];
      }
    }
  if (best) Q_EMIT branchPicked(*best);
}

}  // namespace armdyn::app
