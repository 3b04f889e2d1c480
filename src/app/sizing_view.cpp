#include "sizing_view.h"

#include "analysis/actuator_sizing.h"
#include "analysis/sizing_report.h"
#include "common/number_text.h"
#include "io/robot_file.h"
#include "plot_style.h"
#include "refusal_style.h"
#include "save_paths.h"
#include "units.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QDate>
#include <QPushButton>
#include <QTableWidget>
#include <QSaveFile>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace armdyn::app {

namespace {

constexpr double kRpm = 60.0 / (2.0 * M_PI);  // rad/s -> rpm
constexpr double kDeg = 180.0 / M_PI;

// Rounding noise (a joint that does not move: speeds of 1e-14) shows as 0.
QString num(double v, int digits = 4) { return QString::number(displayValue(v), 'g', digits); }

}  // namespace

SizingView::SizingView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  heading_ = new QLabel(this);
  heading_->setObjectName("sizingHeading");
  heading_->setWordWrap(true);
  heading_->setTextFormat(Qt::RichText);
  layout->addWidget(heading_);
  note_ = new QLabel(this);
  note_->setObjectName("sizingNote");
  note_->setWordWrap(true);
  note_->setStyleSheet("color:#666");
  note_->setVisible(false);
  layout->addWidget(note_);
  table_ = new QTableWidget(this);
  table_->setObjectName("sizingTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);  // compact rows: six joints show
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  layout->addWidget(table_, 2);
  auto* row = new QHBoxLayout;
  auto* label = new QLabel(tr("Operating points of &joint"), this);
  joint_ = new QComboBox(this);
  joint_->setObjectName("sizingJoint");
  label->setBuddy(joint_);
  row->addWidget(label);
  row->addWidget(joint_);
  row->addStretch(1);
  export_ = new QPushButton(tr("Export report (PDF)..."), this);
  export_->setObjectName("sizingExport");
  row->addWidget(export_);
  layout->addLayout(row);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("sizingPlot");
  plot_->setMinimumHeight(220);
  plot_->xAxis->setLabel(tr("Motor speed (rpm)"));
  plot_->yAxis->setLabel(tr("Motor torque (N m)"));
  plot_->legend->setVisible(true);
  plot_->legend->setFont(QFont(font().family(), 8));
  // Above the axes: the operating points fill all four quadrants, and the legend inset in the
  // corner covered some of them (walkthrough).
  placeLegendAbove(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  layout->addWidget(plot_, 3);
  checks_ = new QLabel(this);
  checks_->setObjectName("sizingChecks");
  checks_->setWordWrap(true);
  checks_->setTextFormat(Qt::RichText);
  layout->addWidget(checks_);
  connect(joint_, &QComboBox::activated, this, [this](int j) { drawJoint(j); });
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int r, int, int, int) {
    if (r >= 0 && r != joint_->currentIndex()) showJoint(r);
  });
  connect(export_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export sizing report"),
        suggestedSavePath(result_ ? QString::fromStdString(result_->session.robot.name) : QString(), QString(), "sizing", "pdf"),
        tr("PDF (*.pdf);;SVG (*.svg)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportPdf(path, &error)) note_->setText(tr("The report was not written: %1").arg(error)), note_->setVisible(true);
  });
}

void SizingView::showJoint(int joint) {
  if (joint < 0 || joint >= joint_->count()) return;
  joint_->setCurrentIndex(joint);
  drawJoint(joint);
}

void SizingView::setResult(const SimulationResultPtr& result) {
  result_ = result;
  pending_ = !isVisible();
  if (!pending_) refresh();
}

void SizingView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (pending_) refresh();
}

void SizingView::refresh() {
  pending_ = false;
  if (!result_) return;
  report_ = result_->sizing;
  if (!report_ && !result_->isForward() && result_->record.samples() > 0)
    report_ = std::make_shared<const SizingReport>(
        sizeActuators(*result_->model, {{&result_->record, result_->session.task.dwell, result_->session.task.name}}));
  const bool have = static_cast<bool>(report_);
  note_->setVisible(!have);
  table_->setVisible(have);
  plot_->setVisible(have);
  export_->setEnabled(have);
  joint_->setEnabled(have);
  if (!have) {
    heading_->setText(tr("<b>Actuator sizing</b>"));
    note_->setText(tr("Sizing reads a prescribed-motion run: the drives' demand along the planned motion. Choose "
                      "Control ▸ Prescribed motion."));
    checks_->clear();
    return;
  }
  const SizingReport& r = *report_;
  const QString verdict = !r.pass ? tr("no ratings given (drive ratings, voltage and current limits, fmax)")
                          : *r.pass ? greenHtml(tr("<b>every rating passes</b>"))
                                    : redHtml(tr("<b>a rating fails</b>"));
  heading_->setText(tr("<b>Actuator sizing</b> over a %1 s cycle (%2 s of motion, dwell %3 s): %4")
                        .arg(num(r.cycleTime))
                        .arg(num(r.taskTime))
                        .arg(num(r.cycleTime - r.taskTime))
                        .arg(verdict));
  const int n = static_cast<int>(r.joints.size());
  const int keep = joint_->currentIndex();
  joint_->clear();
  for (int j = 0; j < n; ++j) joint_->addItem(tr("Joint %1").arg(j + 1));
  fillTable();
  showJoint(std::clamp(keep, 0, n - 1));
}

void SizingView::fillTable() {
  const SizingReport& r = *report_;
  const std::vector<JointType> types = jointTypes(result_->session.robot);
  const bool allRevolute = std::all_of(types.begin(), types.end(), [](JointType t) { return t == JointType::Revolute; });
  const bool allPrismatic = std::all_of(types.begin(), types.end(), [](JointType t) { return t == JointType::Prismatic; });
  const QString torque = allRevolute ? tr("N m") : allPrismatic ? tr("N") : tr("N m | N");
  const QString speed = allRevolute ? tr("deg/s") : allPrismatic ? tr("m/s") : tr("deg/s | m/s");
  // The verdict beside the joint, so that it shows without scrolling at 1280 px; units on a
  // second header line keep the columns narrow.
  const QStringList headers = {tr("Joint"),
                               tr("Result"),
                               tr("Peak\n(%1)").arg(torque),
                               tr("at\n(s)"),
                               tr("RMS\n(%1)").arg(torque),
                               tr("Peak speed\n(%1)").arg(speed),
                               tr("Mean speed\n(%1)").arg(speed),
                               tr("Peak power\n(W)"),
                               tr("Energy\n(J)"),
                               tr("Regenerated\n(J)"),
                               tr("Motor peak\n(N m)"),
                               tr("Motor RMS\n(N m)"),
                               tr("Motor speed\n(rpm)"),
                               tr("Gear N"),
                               tr("RMS-optimal\nN"),
                               tr("Usable N"),
                               tr("M_ii /\nN²Jm")};
  table_->setColumnCount(headers.size());
  table_->setHorizontalHeaderLabels(headers);
  // The energies' signs in words (a walkthrough read a negative "Regenerated" as an error).
  table_->horizontalHeaderItem(8)->setToolTip(
      tr("Net work of the joint's actuator on the load over the cycle: the integral of torque x speed "
         "(positive: delivered)"));
  table_->horizontalHeaderItem(9)->setToolTip(
      tr("Work the load returns to the actuator over the cycle: the integral of the negative part of "
         "torque x speed, so negative or 0. A regenerating drive can recover it; otherwise a braking "
         "resistor must absorb it"));
  table_->setRowCount(static_cast<int>(r.joints.size()));
  // The report's rule for every figure (analysis/sizing_report.h): 4 significant digits, and 0
  // below a millionth of its quantity's scale, so the tab and the exported report agree and
  // rounding noise (-7.3e-08 J regenerated) reads 0.
  const SizingScales sc = sizingScales(r);
  const auto fig = [](double value, double scale) {
    return QString::fromStdString(sizingNumber(value, kSizingResolution * scale));
  };
  for (int j = 0; j < static_cast<int>(r.joints.size()); ++j) {
    const JointSizing& J = r.joints[j];
    const double v = types[j] == JointType::Revolute ? kDeg : 1.0;
    QStringList cells = {QString("%1 (%2)").arg(j + 1).arg(jointLetter(types[j])),
                         fig(J.peakTorque, sc.torque),
                         fig(J.peakTorqueTime, 0.0),
                         fig(J.rmsTorque, sc.torque),
                         fig(J.peakSpeed * v, sc.speed * v),
                         fig(J.meanSpeed * v, sc.speed * v),
                         fig(J.peakPower, sc.power),
                         fig(J.energy, sc.energy),
                         fig(J.regeneratedEnergy, sc.energy)};
    if (J.hasDrive) {
      cells << fig(J.peakMotorTorque, sc.motorTorque) << fig(J.rmsMotorTorque, sc.motorTorque)
            << fig(J.peakMotorSpeed * kRpm, sc.motorSpeed * kRpm) << num(J.gearRatio)
            << (J.rmsOptimalRatio > 0.0 ? num(J.rmsOptimalRatio) : QStringLiteral("-"))
            << (J.usableRatioMax > 0.0 ? num(J.usableRatioMin, 3) + QStringLiteral("-") + num(J.usableRatioMax, 3)
                                       : (J.checks.empty() ? QStringLiteral("-") : tr("none")))
            << (J.rotorReflected > 0.0 ? num(J.inertiaMin / J.rotorReflected, 3) + QStringLiteral("-") +
                                             num(J.inertiaMax / J.rotorReflected, 3)
                                       : QStringLiteral("-"));
    } else {
      for (int k = 0; k < 7; ++k) cells << tr("no drive");
    }
    cells.insert(kResultColumn, !J.pass ? tr("not rated") : *J.pass ? tr("pass") : tr("FAIL"));
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setTextAlignment(c == 0 ? (Qt::AlignLeft | Qt::AlignVCenter)
                             : c == kResultColumn ? Qt::AlignCenter
                                                  : (Qt::AlignRight | Qt::AlignVCenter));
      table_->setItem(j, c, item);
    }
    QTableWidgetItem* result = table_->item(j, kResultColumn);
    if (J.pass) result->setBackground(*J.pass ? QColor(220, 245, 220) : QColor(255, 220, 220));
    QString tip;
    for (const SizingCheck& c : J.checks)
      tip += QString("%1: %2 of %3 (%4 %)\n").arg(QString::fromStdString(c.name), num(c.value), num(c.limit), num(c.margin, 3));
    result->setToolTip(tip.trimmed());
  }
}

void SizingView::drawJoint(int j) {
  plot_->clearGraphs();
  plot_->clearPlottables();
  if (!result_ || !report_ || j < 0 || j >= static_cast<int>(report_->joints.size())) return;
  const JointSizing& J = report_->joints[j];
  QString checks;
  for (const SizingCheck& c : J.checks)
    checks += QString("%1<b>%2</b> %3 of %4: %5 (margin %6 %)")
                  .arg(checks.isEmpty() ? QString() : QStringLiteral(" &nbsp; "))
                  .arg(QString::fromStdString(c.name), num(c.value), num(c.limit))
                  .arg(c.pass ? greenHtml(tr("pass")) : redHtml(tr("FAIL")))
                  .arg(num(c.margin, 3));
  checks_->setText(!J.hasDrive
                       ? tr("Joint %1 has no drive: the load side, plotted, is what an actuator there must deliver. %2")
                             .arg(j + 1)
                             .arg(checks)
                   : checks.isEmpty() ? tr("Joint %1: no rating given (drive ratings, voltage_limit, current_limit in "
                                           "the Drives dialog or the robot file): nothing checked.")
                                            .arg(j + 1)
                                      : checks);
  // The report's plot of the joint (analysis/sizing_report.h: points, limits, frame and titles
  // have one owner), drawn here.
  const EnvelopePlot e = envelopePlot(*result_->model, *report_, j, sizingScales(*report_));
  auto* points = new QCPCurve(plot_->xAxis, plot_->yAxis);
  points->setData(QVector<double>(e.x.begin(), e.x.end()), QVector<double>(e.y.begin(), e.y.end()));
  points->setLineStyle(QCPCurve::lsNone);
  points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, jointColour(j), 3));
  points->setName(e.motor ? tr("operating points over the cycle") : tr("operating points over the cycle (load side)"));
  const auto line = [&](double x0, double y0, double x1, double y1, const QColor& colour, Qt::PenStyle style,
                        const QString& name) {
    auto* c = new QCPCurve(plot_->xAxis, plot_->yAxis);
    c->setData({x0, x1}, {y0, y1});
    c->setPen(QPen(colour, 1.5, style));
    if (name.isEmpty()) c->removeFromLegend();
    else c->setName(name);
  };
  const auto qColour = [](const Rgb& c) { return QColor(c.r, c.g, c.b); };
  for (const EnvelopeLimit& l : e.limits) {
    const QColor colour = qColour(l.colour);
    const Qt::PenStyle style = l.kind == EnvelopeLimit::Speed   ? Qt::DashDotLine
                               : l.kind == EnvelopeLimit::Current ? Qt::DotLine
                               : l.dashed                         ? Qt::DashLine
                                                                  : Qt::SolidLine;
    const QString name = QString::fromStdString(l.name) + (l.inside ? QString() : tr(" (off the plot)"));
    if (l.vertical) {
      line(l.value, -e.yMax, l.value, e.yMax, colour, style, name);
      line(-l.value, -e.yMax, -l.value, e.yMax, colour, style, QString());
    } else {
      line(-e.xMax, l.value, e.xMax, l.value, colour, style, name);
      line(-e.xMax, -l.value, e.xMax, -l.value, colour, style, QString());
    }
  }
  if (e.supply) {
    for (const double sign : {1.0, -1.0})
      line(-e.xMax, e.supplyTorque(sign, -e.xMax), e.xMax, e.supplyTorque(sign, e.xMax), qColour(e.supplyColour),
           Qt::SolidLine, sign > 0.0 ? QString::fromStdString(e.supplyName) : QString());
  }
  plot_->xAxis->setRange(-e.xMax, e.xMax);
  plot_->yAxis->setRange(-e.yMax, e.yMax);
  // The report's titles, with the joint ("Joint 2 motor speed (rpm)", "Joint 2 speed (deg/s)")
  // and a capital.
  QString xLabel = QString::fromStdString(e.xLabel), yLabel = QString::fromStdString(e.yLabel);
  if (xLabel.startsWith(QStringLiteral("joint "))) xLabel = xLabel.mid(6);
  yLabel[0] = yLabel[0].toUpper();
  plot_->xAxis->setLabel(tr("Joint %1 %2").arg(j + 1).arg(xLabel));
  plot_->yAxis->setLabel(yLabel);
  plot_->replot();
}

bool SizingView::exportPdf(const QString& path, QString* error) {
  if (pending_) refresh();
  if (!result_ || !report_) {
    if (error) *error = tr("no sizing to export: run a prescribed motion first");
    return false;
  }
  const QFileInfo target(path);
  if (target.exists() && !target.isFile()) {
    if (error) *error = tr("%1 is not a regular file").arg(path);
    return false;
  }
  // The core's report page (analysis/sizing_report.h), the same document `armdyn size --out`
  // writes: vector PDF, or SVG for a .svg name.
  const SizingReportTitle title{result_->session.robot.name.empty() ? std::string("robot") : result_->session.robot.name,
                                sizingTaskNames(*report_),
                                QDate::currentDate().toString(Qt::ISODate).toStdString(), ARMDYN_VERSION};
  const ReportPage page = sizingReportPage(*result_->model, *report_, title);
  const std::string bytes = path.endsWith(".svg", Qt::CaseInsensitive) ? page.svg() : page.pdf();
  QSaveFile file(path);  // atomic: the old file stays until the new one is complete
  if (!file.open(QIODevice::WriteOnly)) {
    if (error) *error = file.errorString();
    return false;
  }
  if (file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size())) {
    if (error) *error = file.errorString();
    file.cancelWriting();
    return false;
  }
  if (!file.commit()) {
    if (error) *error = file.errorString();
    return false;
  }
  return true;
}

}  // namespace armdyn::app
