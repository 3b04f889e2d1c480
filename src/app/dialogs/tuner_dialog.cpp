#include "dialogs/tuner_dialog.h"
#include "refusal_style.h"

#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "dialogs/controller_dialog.h"
#include "document.h"
#include "common/number_text.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace armdyn::app {
namespace {

QString unitPerRad(DriveInput input) {
  switch (input) {
    case DriveInput::Voltage: return QStringLiteral("V/rad");
    case DriveInput::Current: return QStringLiteral("A/rad");
    case DriveInput::Torque: break;
  }
  return QStringLiteral("N m/rad");
}

}  // namespace

TunerDialog::TunerDialog(Document* document, const Eigen::VectorXd& configuration, QWidget* parent)
    : QDialog(parent), document_(document) {
  setObjectName("tunerDialog");
  setWindowTitle(tr("Ziegler-Nichols tuner"));
  const RobotSpec& robot = document->robot();
  const int n = robot.dof();
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Ultimate sensitivity (Anderson 7.6.2): the joint alone, the others locked, under a "
                              "sampled proportional controller whose gain rises until the joint oscillates steadily. "
                              "That gain is Kmax, the oscillation's period Tp; table 7.2 turns them into gains."),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* form = new QFormLayout;
  joint_ = new QComboBox(this);
  joint_->setObjectName("tunerJoint");
  for (int j = 0; j < n; ++j) joint_->addItem(tr("Joint %1").arg(j + 1));
  form->addRow(tr("Joint"), joint_);
  auto* qRow = new QHBoxLayout;
  for (int j = 0; j < n; ++j) {
    auto* e = new QLineEdit(this);
    e->setObjectName(QStringLiteral("tunerQ%1").arg(j + 1));
    e->setMaximumWidth(80);
    const double v = j < configuration.size() ? configuration(j) : 0.0;
    // Four decimals of a degree, six of a metre (the pose of the time cursor: 14.7741 deg, not
    // 14.7741257922697, whose head an 80-pixel field hides), shown from its start. Smaller
    // values show as 0 (2.78871e-05 deg read "2.78871e-0" in the field); untouched, the field
    // still means the exact value.
    const bool revolute = robot.links[j].joint == JointType::Revolute;
    const double shown = revolute ? v * 180.0 / M_PI : v;
    const double unit = revolute ? 1e-4 : 1e-6;
    const double rounded = std::round(shown / unit) * unit;
    e->setText(QString::number(rounded == 0.0 ? 0.0 : rounded, 'f', revolute ? 4 : 6).remove(QRegularExpression("\\.?0+$")));
    e->setCursorPosition(0);
    shown_.push_back({e->text(), v});  // an untouched field means the exact value
    qRow->addWidget(e);
    q_.push_back(e);
  }
  qRow->addStretch(1);
  form->addRow(tr("Configuration (deg | m)"), qRow);
  period_ = new QLineEdit(this);
  period_->setObjectName("tunerPeriod");
  const ControllerSettings c = completedController(document->session());
  const double h = c.config.sampleTime > 0.0 ? c.config.sampleTime : defaultSamplePeriod(ControllerType::Pid);
  period_->setText(QString::number(h, 'g', 6));  // 0.000933333, not 0.000933333333333333
  period_->setCursorPosition(0);
  periodShown_ = {period_->text(), h};
  form->addRow(tr("Controller sample time (s)"), period_);
  layout->addLayout(form);
  run_ = new QPushButton(tr("Find Kmax"), this);
  run_->setObjectName("tunerRun");
  layout->addWidget(run_, 0, Qt::AlignLeft);
  result_ = new QLabel(tr("Choose the joint and configuration, then Find Kmax."), this);
  result_->setObjectName("tunerResult");
  result_->setWordWrap(true);
  refusal_ = new QLabel(this);
  refusal_->setObjectName("tunerRefusal");
  refusal_->setWordWrap(true);
  refusal_->setStyleSheet(kRefusalTextStyle);
  refusal_->hide();
  layout->addWidget(refusal_);
  layout->addWidget(result_);

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("tunerPlot");
  plot_->setMinimumSize(520, 220);
  plot_->xAxis->setLabel(tr("Time (s)"));
  plot_->yAxis->setLabel(tr("Joint displacement (mrad | mm)"));
  plot_->addGraph()->setPen(QPen(QColor(31, 119, 180), 1.4));
  layout->addWidget(plot_, 1);

  gains_ = new QTableWidget(3, 4, this);
  gains_->setObjectName("tunerGains");
  gains_->setVerticalHeaderLabels({tr("P"), tr("PI"), tr("PID")});
  gains_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  gains_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  gains_->verticalHeader()->setDefaultSectionSize(28);
  gains_->setFixedHeight(28 * 3 + gains_->horizontalHeader()->sizeHint().height() + 4);
  const char* ruleNames[] = {"P", "PI", "PID"};
  for (int r = 0; r < 3; ++r) {
    apply_[r] = new QPushButton(tr("Apply %1").arg(ruleNames[r]), this);
    apply_[r]->setObjectName(QStringLiteral("tunerApply%1").arg(ruleNames[r]));
    apply_[r]->setEnabled(false);
    gains_->setCellWidget(r, 3, apply_[r]);
    connect(apply_[r], &QPushButton::clicked, this, [this, r] { applyGains(r); });
  }
  layout->addWidget(gains_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(run_, &QPushButton::clicked, this, &TunerDialog::startTuning);
  for (QLineEdit* e : q_) connect(e, &QLineEdit::textEdited, this, &TunerDialog::checkFields);
  connect(period_, &QLineEdit::textEdited, this, &TunerDialog::checkFields);
  checkFields();  // the controller's sample time may be one the tuner refuses
  showResult();
  resize(640, 640);
}

TunerDialog::~TunerDialog() = default;  // job_ waits for a search in flight

TunerDialog::Fields TunerDialog::readFields() const {
  const RobotSpec& robot = document_->robot();
  Fields f;
  f.q.resize(robot.dof());
  for (int j = 0; j < robot.dof(); ++j) {
    // A field left as shown stands for the exact value it was rounded from.
    if (static_cast<std::size_t>(j) < shown_.size() && q_[j]->text() == shown_[static_cast<std::size_t>(j)].text) {
      f.q(j) = shown_[static_cast<std::size_t>(j)].value;
      continue;
    }
    const NumberText t = readNumber(q_[j]->text().trimmed().toStdString());
    if (t.kind != NumberText::Kind::Number) {
      if (f.refusal.isEmpty()) {
        f.refusal = tr("Joint %1 of the configuration: not a number").arg(j + 1);
        f.refused = q_[j];
      }
      continue;
    }
    f.q(j) = robot.links[j].joint == JointType::Revolute ? degToRad(t.value) : t.value;
  }
  const NumberText h = readNumber(period_->text().trimmed().toStdString());
  f.samplePeriod = period_->text() == periodShown_.text ? periodShown_.value
                   : h.kind == NumberText::Kind::Number ? h.value
                                                         : std::nan("");
  TuneOptions options;
  options.samplePeriod = f.samplePeriod;
  if (const std::string why = tuneOptionsRefusal(options); !why.empty() && f.refusal.isEmpty()) {
    QString words = QString::fromStdString(why);
    words[0] = words[0].toUpper();
    f.refusal = words;
    f.refused = period_;
  }
  return f;
}

bool TunerDialog::checkFields() {
  const Fields f = readFields();
  for (QLineEdit* e : q_) e->setStyleSheet({});
  period_->setStyleSheet({});
  if (f.refused) f.refused->setStyleSheet(kRefusedFieldStyle);
  refusal_->setText(f.refusal);
  refusal_->setVisible(!f.refusal.isEmpty());
  run_->setEnabled(f.refusal.isEmpty() && !job_.isRunning());
  return f.refusal.isEmpty();
}

bool TunerDialog::startTuning() {
  if (job_.isRunning() || !checkFields()) return false;
  const Fields fields = readFields();
  const Eigen::VectorXd q = fields.q;
  const StudioSession session = document_->session();
  const int joint = joint_->currentIndex();
  TuneOptions options;
  options.samplePeriod = fields.samplePeriod;
  const ControllerSettings c = completedController(session);
  options.frictionVelocityScale = c.config.frictionVelocityScale;
  tunedPeriod_ = fields.samplePeriod;
  run_->setEnabled(false);
  result_->setText(tr("Searching for Kmax of joint %1…").arg(joint + 1));
  job_.start([robot = session.robot, config = c.config, joint, q, options](JobControl&) mutable {
    Outcome out;
    try {
      const Model model(robot);
      options.input = effectiveInput(config, model);
      out.result = tune(model, joint, q, options);
    } catch (const std::exception& e) {
      out.error = QString::fromStdString(e.what());
    }
    return out;
  }, [this](const Outcome& out) { onFinished(out); });
  return true;
}

void TunerDialog::onFinished(const Outcome& out) {
  run_->setEnabled(refusal_->isHidden());
  if (out.result) {
    tuned_ = out.result;
    showResult();
  } else {
    tuned_.reset();
    showResult();
    result_->setText(tr("<span style='color:%1'>The tuner refused: %2</span>").arg(QLatin1String(kRefusalColour), out.error.toHtmlEscaped()));
  }
  Q_EMIT tuningFinished();
}

void TunerDialog::showResult() {
  const bool ok = tuned_ && tuned_->found;
  for (QPushButton* b : apply_) b->setEnabled(ok);
  gains_->setHorizontalHeaderLabels({tr("Kg"), tr("Ti (s)"), tr("Td (s)"), QString()});
  if (!tuned_) {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) gains_->setItem(r, c, new QTableWidgetItem(QStringLiteral("—")));
    return;
  }
  const TuneResult& t = *tuned_;
  const QString unit = unitPerRad(t.input);
  gains_->setHorizontalHeaderLabels({tr("Kg (%1)").arg(unit), tr("Ti (s)"), tr("Td (s)"), QString()});
  if (!t.found) {
    result_->setText(tr("No sustained oscillation for joint %1 (%2 trial runs): %3")
                         .arg(t.joint + 1)
                         .arg(t.trials)
                         .arg(QString::fromStdString(t.message)));
  } else {
    result_->setText(tr("Joint %1 (%2 input, others locked): <b>Kmax = %3 %4</b>, <b>Tp = %5 s</b> "
                        "(%6 trial runs, sample time %7 s).")
                         .arg(t.joint + 1)
                         .arg(QString::fromLatin1(driveInputName(t.input)))
                         .arg(t.kmax, 0, 'g', 6)
                         .arg(unit)
                         .arg(t.tp, 0, 'g', 4)
                         .arg(t.trials)
                         .arg(tunedPeriod_, 0, 'g', 4));
  }
  const PidGains rules[3] = {t.gains.p, t.gains.pi, t.gains.pid};
  for (int r = 0; r < 3; ++r) {
    auto cell = [&](int c, double v, bool used) {
      gains_->setItem(r, c, new QTableWidgetItem(t.found && used ? QString::number(v, 'g', 6) : QStringLiteral("—")));
    };
    cell(0, rules[r].kg, true);
    cell(1, rules[r].ti, r >= 1);
    cell(2, rules[r].td, r == 2);
  }
  // The response at (just below) Kmax, in mrad (mm) about the configuration.
  QVector<double> x(t.oscillationTime.begin(), t.oscillationTime.end()), y;
  for (double v : t.oscillation) y << 1e3 * v;
  plot_->graph(0)->setData(x, y, true);
  plot_->rescaleAxes();
  // Show the oscillation, not the seconds of rest after friction has stopped it.
  double peak = 0.0, end = 0.0;
  for (double v : y) peak = std::max(peak, std::abs(v));
  for (int k = 0; k < y.size(); ++k)
    if (std::abs(y[k]) > 0.02 * peak) end = x[k];
  if (end > 0.0) plot_->xAxis->setRange(0.0, std::min(x.isEmpty() ? end : x.back(), 1.25 * end));
  plot_->yAxis->scaleRange(1.1, plot_->yAxis->range().center());
  plot_->replot();
}

bool TunerDialog::applyGains(int rule) {
  if (!tuned_ || !tuned_->found || rule < 0 || rule > 2) return false;
  const TuneResult& t = *tuned_;
  const PidGains gains = rule == 0 ? t.gains.p : rule == 1 ? t.gains.pi : t.gains.pid;
  StudioSession s = document_->session();
  if (t.joint >= s.robot.dof()) return false;
  s.controller = completedController(s);
  ControllerConfig& c = s.controller.config;
  c.type = ControllerType::Pid;
  c.gains[t.joint] = gains;
  // The gains hold for the period they were found at, and for the input the tuner drove.
  c.sampleTime = tunedPeriod_;
  c.input = t.input;
  s.controllerEdited = true;
  const char* names[] = {"P", "PI", "PID"};
  document_->edit(s, tr("Apply Ziegler-Nichols %1 gains to joint %2").arg(names[rule]).arg(t.joint + 1));
  return true;
}

}  // namespace armdyn::app
