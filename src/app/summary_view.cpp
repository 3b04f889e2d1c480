#include "summary_view.h"

#include "io/number_text.h"
#include "io/robot_file.h"
#include "analysis/summary_report.h"
#include "units.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

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
}

void SummaryView::setResult(const SimulationResultPtr& result) {
  result_ = result;
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
    heading_->setText(tr("<b>Summary results</b> (%1 method) &mdash; time taken for task execution: "
                         "<b>%2 s</b>, %3 samples at DT = %4 s%5")
                          .arg(QString::fromStdString(methodLabel(result_->record.method)))
                          .arg(s.taskTime, 0, 'f', 4)
                          .arg(s.samples)
                          .arg(result_->record.dt)
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
    cell(1, QStringLiteral("%1 %2").arg(r.peakError(j), 0, 'E', 6).arg(unitOf(Quantity::Position, jt)));
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
