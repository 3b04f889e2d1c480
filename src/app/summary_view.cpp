#include "summary_view.h"

#include "common/number_text.h"
#include "io/robot_file.h"
#include "analysis/summary_report.h"
#include "refusal_style.h"
#include "units.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace armdyn::app {

SummaryView::SummaryView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  heading_ = new QLabel(this);
  heading_->setObjectName("summaryHeading");
  heading_->setTextFormat(Qt::RichText);
  heading_->setWordWrap(true);
  layout->addWidget(heading_);
  table_ = new QTableWidget(this);
  table_->setObjectName("summaryTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(table_, 1);
  controlTable_ = new QTableWidget(this);
  controlTable_->setObjectName("controlSummaryTable");
  controlTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  controlTable_->verticalHeader()->setVisible(false);
  controlTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  controlTable_->setVisible(false);
  layout->addWidget(controlTable_, 1);

  // What the last edit changed: every peak against the reference run.
  auto* bar = new QHBoxLayout;
  comparisonHeading_ = new QLabel(this);
  comparisonHeading_->setObjectName("comparisonHeading");
  comparisonHeading_->setTextFormat(Qt::RichText);
  comparisonHeading_->setWordWrap(true);
  bar->addWidget(comparisonHeading_, 1);
  pin_ = new QPushButton(tr("Pin as reference"), this);
  pin_->setObjectName("pinReference");
  pin_->setCheckable(true);
  pin_->setToolTip(tr("Keep the run on screen as the reference while you edit (press again to compare with the "
                      "previous run)"));
  reset_ = new QPushButton(tr("Reset"), this);
  reset_->setObjectName("resetComparison");
  reset_->setToolTip(tr("Clear the comparison: the next run is compared with the one on screen now"));
  bar->addWidget(pin_, 0, Qt::AlignTop);
  bar->addWidget(reset_, 0, Qt::AlignTop);
  layout->addLayout(bar);
  comparisonTable_ = new QTableWidget(this);
  comparisonTable_->setObjectName("comparisonTable");
  comparisonTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  comparisonTable_->verticalHeader()->setVisible(false);
  comparisonTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(comparisonTable_, 1);
  connect(pin_, &QPushButton::toggled, this, [this](bool on) { pinReference(on); });
  connect(reset_, &QPushButton::clicked, this, &SummaryView::clearComparison);
  fillComparison();
}

void SummaryView::pinReference(bool on) {
  pinned_ = on ? result_ : nullptr;
  {
    const QSignalBlocker block(pin_);
    pin_->setChecked(pinned_ != nullptr);
  }
  fillComparison();
}

void SummaryView::clearComparison() {
  previous_.reset();
  pinned_.reset();
  {
    const QSignalBlocker block(pin_);
    pin_->setChecked(false);
  }
  fillComparison();
}

void SummaryView::resetComparison() {
  clearComparison();
  compareNext_ = false;
}

namespace {

QString signedText(double v) {
  if (std::isnan(v)) return QStringLiteral("—");
  const QString text = QString::number(v, 'g', 4);
  return v > 0 ? QStringLiteral("+") + text : text;
}

QString percentText(double v) {
  if (std::isnan(v)) return QStringLiteral("—");
  const QString text = QString::number(v, 'f', 1);
  return v > 0 ? QStringLiteral("+") + text : text;
}

}  // namespace

void SummaryView::fillComparison() {
  comparison_.reset();
  const SimulationResultPtr reference = referenceResult();
  if (result_ && reference) {
    try {
      comparison_ = compareRuns(reference->record, result_->record);
    } catch (const std::exception&) {
      comparison_.reset();  // another arm: nothing to compare
    }
  }
  pin_->setEnabled(result_ != nullptr);
  reset_->setEnabled(comparison_.has_value() || previous_ || pinned_);
  comparisonTable_->clear();
  comparisonTable_->setRowCount(0);
  comparisonTable_->setColumnCount(0);
  comparisonTable_->setVisible(comparison_.has_value());
  if (!comparison_) {
    comparisonHeading_->setText(result_ ? tr("<b>Change against a reference run</b>: none yet; the next edit is "
                                             "compared with this run.")
                                        : QString());
    return;
  }
  const RunComparison& c = *comparison_;
  const QString which = pinned_ ? (pinned_ == result_ ? tr("the pinned run (this run)") : tr("the pinned run"))
                                : tr("the previous run");
  comparisonHeading_->setText(
      tr("<b>Change against %1</b>: task time %2 s, Δ %3 s (%4 %). Δ = this run − reference, % of |reference|; "
         "%5: the magnitude grew, %6: it shrank.")
          .arg(which)
          .arg(c.taskTime.reference, 0, 'f', 4)
          .arg(signedText(c.taskTime.delta), percentText(c.taskTime.percent), redHtml(tr("red")),
               greenHtml(tr("green"))));
  const RobotSpec& robot = result_->session.robot;
  const std::vector<JointType> types = jointTypes(robot);
  const bool uniform = !types.empty() && std::all_of(types.begin(), types.end(), [&](JointType t) { return t == types[0]; });
  auto unitText = [&](Quantity q) { return uniform ? QStringLiteral("\n(%1)").arg(unitOf(q, types[0])) : QString(); };
  struct Group {
    QString name;
    Quantity quantity;
    const std::vector<PeakChange>* changes;
  };
  const std::vector<Group> groups = {
      {tr("Peak %1").arg(quantityName(Quantity::Force, types).toLower()), Quantity::Force, &c.peakForce},
      {tr("Peak |vel.|"), Quantity::Velocity, &c.qdPeak},
      {tr("Peak |acc.|"), Quantity::Acceleration, &c.qddPeak}};
  QStringList headers = {tr("Joint")};
  for (const Group& g : groups) {
    // Three short lines per heading, so the ten columns fit beside the 3D view.
    headers << tr("%1\nref.%2").arg(g.name, unitText(g.quantity)) << tr("\nΔ%1").arg(unitText(g.quantity))
            << tr("\nΔ\n(%)");
  }
  comparisonTable_->setColumnCount(headers.size());
  comparisonTable_->setHorizontalHeaderLabels(headers);
  const int n = c.dof();
  comparisonTable_->setRowCount(n);
  const QColor up{QLatin1String(kRefusalColour)}, down{QLatin1String(kPassColour)}, same(0x60, 0x60, 0x60);
  for (int j = 0; j < n; ++j) {
    const JointType jt = robot.links[j].joint;
    auto cell = [&](int col, const QString& text, const QColor& colour = QColor()) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
      if (colour.isValid()) item->setForeground(colour);
      comparisonTable_->setItem(j, col, item);
    };
    cell(0, tr("J%1 (%2)").arg(j + 1).arg(jointLetter(jt)));
    int col = 1;
    for (const Group& g : groups) {
      const PeakChange& p = (*g.changes)[static_cast<std::size_t>(j)];
      const QString unit = uniform ? QString() : QStringLiteral(" ") + unitOf(g.quantity, jt);
      const QColor colour = p.trend > 0 ? up : p.trend < 0 ? down : same;
      cell(col++, QString::number(p.reference, 'g', 4) + unit);
      cell(col++, signedText(p.delta) + unit, colour);
      cell(col++, percentText(p.percent), colour);
    }
  }
}

void SummaryView::setResult(const SimulationResultPtr& result) {
  // The run being replaced becomes the previous one when it is comparable (as the plots' dashed
  // previous run); a pinned run stays the reference while the arm keeps its joints.
  const auto dofOf = [](const SimulationResultPtr& r) { return r->model->dof(); };
  if (compareNext_ && result_ && result && result_ != result && dofOf(result_) == dofOf(result)) {
    previous_ = result_;
  } else if (result && result_ && dofOf(result_) != dofOf(result)) {
    previous_.reset();
  }
  if (result && pinned_ && dofOf(pinned_) != dofOf(result)) pinReference(false);
  if (result) compareNext_ = true;
  result_ = result;
  fillComparison();
  if (!result_) return;
  const TaskSummary& s = result_->record.summary;
  const RobotSpec& robot = result_->session.robot;
  if (result_->isForward()) {
    const ForwardStatus& r = result_->record.forward;
    QString warnings;
    for (const std::string& w : r.warnings) warnings += "<br>" + QString::fromStdString(w).toHtmlEscaped();
    heading_->setText(tr("<b>Summary results</b> of the forward simulation (%1 controller, %2 input) &mdash; "
                         "<b>%3 s</b>, %4 records; force/torque is what the drives delivered. Energy: input %5 J, "
                         "dissipated %6 J%7")
                          .arg(result_->controllerConfig->type == ControllerType::Pid              ? tr("PID")
                               : result_->controllerConfig->type == ControllerType::ComputedTorque ? tr("computed-torque")
                               : result_->controllerConfig->type == ControllerType::Pva            ? tr("PVA feedback")
                                                                                                   : tr("open-loop"))
                          .arg(QString::fromLatin1(driveInputName(r.input)))
                          .arg(s.taskTime, 0, 'f', 4)
                          .arg(s.samples)
                          .arg(r.inputWork, 0, 'g', 4)
                          .arg(r.dissipated, 0, 'g', 4)
                          .arg(warnings));
  } else {
    // The plan and what the user should know of it (via points passed near, a joint limit
    // lowering the path speed and where).
    QString plan = tr("<br>Trajectory: %1").arg(QString::fromStdString(planLabel(result_->record.plan)).toHtmlEscaped());
    for (const std::string& note : result_->record.plan.notes)
      plan += "<br>&bull; " + QString::fromStdString(note).toHtmlEscaped();
    const std::string why = taskTimeNote(result_->record);  // why it differs from the plan's time
    heading_->setText(tr("<b>Summary results</b> (%1 method) &mdash; time taken for task execution: "
                         "<b>%2 s</b>, %3 samples at DT = %4 s%5%6")
                          .arg(QString::fromStdString(methodLabel(result_->record.method)))
                          .arg(s.taskTime, 0, 'f', 4)
                          .arg(s.samples)
                          .arg(result_->record.dt)
                          .arg(why.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(why)))
                          .arg(plan));
  }
  // Columns as wide as their numbers, so the seven fit the tab: headings on two lines, and the
  // unit in the heading when every joint has the same (a mixed arm keeps it in each cell).
  const std::vector<JointType> types = jointTypes(robot);
  const bool uniform = !types.empty() && std::all_of(types.begin(), types.end(), [&](JointType t) { return t == types[0]; });
  auto head = [&](const QString& name, Quantity q) {
    return uniform ? QStringLiteral("%1\n(%2)").arg(name, unitOf(q, types[0])) : name;
  };
  const QStringList headers = {tr("Joint"),
                               head(tr("Peak\n%1").arg(quantityName(Quantity::Force, types).toLower()), Quantity::Force),
                               tr("at t\n(s)"),
                               head(tr("Min\nposition"), Quantity::Position),
                               head(tr("Max\nposition"), Quantity::Position),
                               head(tr("Peak\n|velocity|"), Quantity::Velocity),
                               head(tr("Peak\n|acceleration|"), Quantity::Acceleration)};
  const int n = static_cast<int>(robot.links.size());
  table_->clear();
  table_->setColumnCount(headers.size());
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const JointType jt = robot.links[j].joint;
    auto cell = [&](int col, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(j, col, item);
    };
    auto withUnit = [&](double v, Quantity q) {
      v = displayValue(v);
      return uniform ? QString::number(v, 'E', 6) : QStringLiteral("%1 %2").arg(v, 0, 'E', 6).arg(unitOf(q, jt));
    };
    cell(0, tr("Joint(%1) (%2)").arg(j + 1).arg(jointLetter(jt)));
    cell(1, withUnit(s.peakForce(j), Quantity::Force));
    cell(2, QString::number(s.peakForceTime(j), 'f', 3));
    cell(3, withUnit(s.qMin(j), Quantity::Position));
    cell(4, withUnit(s.qMax(j), Quantity::Position));
    cell(5, withUnit(s.qdPeak(j), Quantity::Velocity));
    cell(6, withUnit(s.qddPeak(j), Quantity::Acceleration));
  }
  fillControlTable();
}

void SummaryView::fillControlTable() {
  const bool forward = result_ && result_->isForward();
  controlTable_->setVisible(forward);
  if (!forward) return;
  const ForwardStatus& r = result_->record.forward;
  const RobotSpec& robot = result_->session.robot;
  const int n = robot.dof();
  controlTable_->clear();
  controlTable_->setColumnCount(4);
  controlTable_->setHorizontalHeaderLabels({tr("Joint"), tr("Peak\n|tracking error|"), tr("Peak\n|voltage|"), tr("Peak\n|current|")});
  controlTable_->setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const JointType jt = robot.links[j].joint;
    auto cell = [&](int col, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
      controlTable_->setItem(j, col, item);
    };
    cell(0, tr("Joint(%1) (%2)").arg(j + 1).arg(jointLetter(jt)));
    cell(1, QStringLiteral("%1 %2").arg(displayValue(r.peakError(j)), 0, 'E', 6).arg(unitOf(Quantity::Position, jt)));
    cell(2, r.input == DriveInput::Voltage ? QStringLiteral("%1 V").arg(r.peakVoltage(j), 0, 'f', 3) : QStringLiteral("—"));
    cell(3, r.input == DriveInput::Torque ? QStringLiteral("—") : QStringLiteral("%1 A").arg(r.peakCurrent(j), 0, 'f', 3));
  }
}

bool SummaryView::exportCsv(const QString& path, QString* error) const {
  if (!result_) {
    if (error) *error = tr("No simulation results to export");
    return false;
  }
  const TaskSummary& s = result_->record.summary;
  const RobotSpec& robot = result_->session.robot;
  std::string csv = "joint,type,peak_force,peak_force_time_s,q_min,q_max,qd_peak,qdd_peak,task_time_s\n";
  for (int j = 0; j < robot.dof(); ++j) {
    csv += std::to_string(j + 1) + "," + jointLetter(robot.links[j].joint).toStdString();
    for (double v : {s.peakForce(j), s.peakForceTime(j), s.qMin(j), s.qMax(j), s.qdPeak(j), s.qddPeak(j), s.taskTime}) {
      csv += "," + formatNumber(v);
    }
    csv += "\n";
  }
  try {
    writeFileAtomic(path.toStdString(), csv);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

}  // namespace armdyn::app
