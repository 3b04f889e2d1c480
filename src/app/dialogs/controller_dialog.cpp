#include "dialogs/controller_dialog.h"

#include "actuation/drive.h"
#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "document.h"
#include "common/input_error.h"
#include "units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace armdyn::app {

ControllerSettings completedController(const StudioSession& session) {
  try {
    return completeSettings(session.controller, Model(session.robot));
  } catch (const std::exception&) {
    return session.controller;
  }
}

namespace {

// Edits a value of the completed controller and marks it as edited.
template <typename F>
std::function<void(StudioSession&, double)> controllerSetter(F change) {
  return [change](StudioSession& s, double v) {
    s.controller = completedController(s);
    change(s.controller, v);
    s.controllerEdited = true;
  };
}

// Joint j's output limit in force (the drives' limit unless given), and setting it: one field
// on the PID page and one on the PVA page edit the same setting.
double outputLimitOf(const StudioSession& s, int j) {
  try {
    return effectiveOutputLimits(completedController(s).config, Model(s.robot))(j);
  } catch (const std::exception&) {
    return 0.0;
  }
}

void setOutputLimit(StudioSession& s, int j, double v) {
  s.controller = completedController(s);
  ControllerConfig& c = s.controller.config;
  if (c.outputLimit.size() != s.robot.dof()) c.outputLimit = effectiveOutputLimits(c, Model(s.robot));
  c.outputLimit(j) = v;
  s.controllerEdited = true;
}

QString inputUnit(DriveInput input) {
  switch (input) {
    case DriveInput::Voltage: return QStringLiteral("V");
    case DriveInput::Current: return QStringLiteral("A");
    case DriveInput::Torque: break;
  }
  return QStringLiteral("N m");
}

}  // namespace

ControllerDialog::ControllerDialog(Document* document, QWidget* parent) : ControllerFieldDialog(document, parent) {
  setObjectName("controllerDialog");
  setWindowTitle(tr("Controller"));
  const RobotSpec& robot = document->robot();
  const int n = robot.dof();
  auto* layout = new QVBoxLayout(this);

  auto* top = new QFormLayout;
  type_ = new QComboBox(this);
  type_->setObjectName("controllerType");
  // In ControllerType's order (the index is the type).
  type_->addItems({tr("PID per joint (Anderson 7.6)"), tr("Computed torque (Craig 10.7)"), tr("Open loop (input profile)"),
                   tr("PVA feedback (Stepniewski)")});
  top->addRow(tr("Controller"), type_);
  input_ = new QComboBox(this);
  input_->setObjectName("controllerInput");
  input_->addItems({tr("Default"), tr("Motor voltage (V)"), tr("Motor current (A)"), tr("Joint torque (N m | N)")});
  top->addRow(tr("Drive input"), input_);
  setpoint_ = new QComboBox(this);
  setpoint_->setObjectName("controllerSetpoint");
  setpoint_->addItems({tr("The task's plan (Vora ch. 4)"), tr("Hold the start pose")});
  top->addRow(tr("Setpoint"), setpoint_);
  layout->addLayout(top);

  auto* timing = new QGroupBox(tr("Timing and integration"), this);
  auto* tg = new QGridLayout(timing);
  tg->addWidget(new QLabel(tr("Sample time h (s, 0 = 28/30 ms for PID, 1 ms for computed torque and PVA)"), this), 0, 0);
  addField(tg, 0, 1, "controller.sample_time", tr("sample time"), FieldUnit::Plain,
           [](const StudioSession& s) { return s.controller.config.sampleTime; },
           controllerSetter([](ControllerSettings& c, double v) { setSampleTime(c.config, v); }));
  tg->addWidget(new QLabel(tr("Integration step (s, 0 = min(1 ms, h))"), this), 1, 0);
  addField(tg, 1, 1, "controller.step", tr("integration step"), FieldUnit::Plain,
           [](const StudioSession& s) { return s.controller.config.step; },
           controllerSetter([](ControllerSettings& c, double v) { c.config.step = v; }));
  tg->addWidget(new QLabel(tr("Setpoint period (s, 0 = every sample; Anderson read his every 28 ms)"), this), 2, 0);
  addField(tg, 2, 1, "controller.setpoint_period", tr("setpoint period"), FieldUnit::Plain,
           [](const StudioSession& s) {
             const ControllerConfig& c = s.controller.config;
             return c.setpointPeriod ? *c.setpointPeriod : c.type == ControllerType::Pid ? kAndersonSetpointPeriod : 0.0;
           },
           controllerSetter([](ControllerSettings& c, double v) { c.config.setpointPeriod = v; }));
  tg->addWidget(new QLabel(tr("Integrator"), this), 3, 0);
  integrator_ = new QComboBox(this);
  integrator_->setObjectName("controllerIntegrator");
  integrator_->addItems({tr("Runge-Kutta 4, fixed step"), tr("Dormand-Prince 5(4), adaptive")});
  tg->addWidget(integrator_, 3, 1);
  layout->addWidget(timing);

  pages_ = new QStackedWidget(this);
  // PID page: Kg, Ti, Td and the output limit per joint.
  auto* pid = new QWidget(this);
  auto* pg = new QGridLayout(pid);
  pg->addWidget(new QLabel(tr("<b>Joint</b>"), this), 0, 0);
  auto* kgHead = new QLabel(this);
  unitLabels_.push_back(kgHead);
  pg->addWidget(kgHead, 0, 1);
  pg->addWidget(new QLabel(tr("<b>Ti</b> (s, 0 = no I)"), this), 0, 2);
  pg->addWidget(new QLabel(tr("<b>Td</b> (s)"), this), 0, 3);
  auto* limitHead = new QLabel(this);
  unitLabels_.push_back(limitHead);
  pg->addWidget(limitHead, 0, 4);
  for (int j = 0; j < n; ++j) {
    pg->addWidget(new QLabel(tr("%1").arg(j + 1), this), j + 1, 0, Qt::AlignTop);
    const QString key = QStringLiteral("controller.gains[%1]").arg(j);
    addField(pg, j + 1, 1, key + ".kg", tr("Kg of joint %1").arg(j + 1), FieldUnit::Plain,
             [j](const StudioSession& s) { return completedController(s).config.gains[j].kg; },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.gains[j].kg = v; }));
    addField(pg, j + 1, 2, key + ".ti", tr("Ti of joint %1").arg(j + 1), FieldUnit::Plain,
             [j](const StudioSession& s) { return completedController(s).config.gains[j].ti; },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.gains[j].ti = v; }));
    addField(pg, j + 1, 3, key + ".td", tr("Td of joint %1").arg(j + 1), FieldUnit::Plain,
             [j](const StudioSession& s) { return completedController(s).config.gains[j].td; },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.gains[j].td = v; }));
    addField(pg, j + 1, 4, QStringLiteral("controller.output_limit[%1]").arg(j), tr("output limit of joint %1").arg(j + 1),
             FieldUnit::Plain,
             [j](const StudioSession& s) { return outputLimitOf(s, j); },
             [j](StudioSession& s, double v) { setOutputLimit(s, j, v); });
  }
  bumpless_ = new QCheckBox(tr("Bumpless start: begin from the input that holds the start pose against gravity"), this);
  bumpless_->setObjectName("controllerBumpless");
  pg->addWidget(bumpless_, n + 1, 0, 1, 5);
  auto* tune = new QPushButton(tr("Ziegler-Nichols tuner…"), this);
  tune->setObjectName("openTuner");
  pg->addWidget(tune, n + 2, 0, 1, 2, Qt::AlignLeft);
  connect(tune, &QPushButton::clicked, this, &ControllerDialog::tunerRequested);
  pg->setRowStretch(n + 3, 1);
  pages_->addWidget(pid);

  // Computed torque: Kp, Kd per joint, current feedback.
  auto* ct = new QWidget(this);
  auto* cg = new QGridLayout(ct);
  cg->addWidget(new QLabel(tr("<b>Joint</b>"), this), 0, 0);
  cg->addWidget(new QLabel(tr("<b>Kp</b> (1/s²)"), this), 0, 1);
  cg->addWidget(new QLabel(tr("<b>Kd</b> (1/s)"), this), 0, 2);
  for (int j = 0; j < n; ++j) {
    cg->addWidget(new QLabel(tr("%1").arg(j + 1), this), j + 1, 0, Qt::AlignTop);
    addField(cg, j + 1, 1, QStringLiteral("controller.kp[%1]").arg(j), tr("Kp of joint %1").arg(j + 1), FieldUnit::Plain,
             [j](const StudioSession& s) { return completedController(s).config.kp(j); },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.kp(j) = v; }));
    addField(cg, j + 1, 2, QStringLiteral("controller.kd[%1]").arg(j), tr("Kd of joint %1").arg(j + 1), FieldUnit::Plain,
             [j](const StudioSession& s) { return completedController(s).config.kd(j); },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.kd(j) = v; }));
  }
  cg->addWidget(new QLabel(tr("Current feedback Kc (V/A, voltage input)"), this), n + 1, 0, 1, 2);
  addField(cg, n + 1, 2, "controller.current_gain", tr("current gain Kc"), FieldUnit::Plain,
           [](const StudioSession& s) { return s.controller.config.currentGain; },
           controllerSetter([](ControllerSettings& c, double v) { c.config.currentGain = v; }));
  auto* critical = new QPushButton(tr("Critically damped at ω = %1 rad/s").arg(kDefaultComputedTorqueFrequency), this);
  critical->setObjectName("criticallyDamped");
  connect(critical, &QPushButton::clicked, this, [this] { setCriticallyDamped(kDefaultComputedTorqueFrequency); });
  cg->addWidget(critical, n + 2, 0, 1, 3, Qt::AlignLeft);
  cg->setRowStretch(n + 3, 1);
  pages_->addWidget(ct);

  // Open loop.
  auto* open = new QWidget(this);
  auto* ov = new QVBoxLayout(open);
  auto* ol = new QLabel(tr("The drive inputs follow the input profile (constant, step or ramp per joint, or a CSV "
                           "table), with no feedback."),
                        this);
  ol->setWordWrap(true);
  ov->addWidget(ol);
  auto* profile = new QPushButton(tr("Input profile…"), this);
  profile->setObjectName("openProfile");
  connect(profile, &QPushButton::clicked, this, &ControllerDialog::profileRequested);
  ov->addWidget(profile, 0, Qt::AlignLeft);
  ov->addStretch(1);
  pages_->addWidget(open);

  // PVA feedback (Stepniewski eq 20, control/pva_controller.h): K_phi, K_omega, K_eps and the
  // output limit per joint (the limits and the bumpless start are the same settings as the
  // PID's, shown on both pages).
  auto* pva = new QWidget(this);
  pva->setObjectName("pvaPage");
  auto* vg = new QGridLayout(pva);
  auto* law = new QLabel(tr("u<sub>n</sub> = u<sub>n−1</sub> − Kφ·Δθ − Kω·Δθ′ − Kε·Δθ″ every sample, Δθ = measured − "
                            "desired; Δθ″ from the backward difference of the measured velocity. Gains are per "
                            "sample: with h, Kφ = Ki·h, Kω = Kp·h, Kε = Kd·h."),
                         this);
  law->setWordWrap(true);
  vg->addWidget(law, 0, 0, 1, 5);
  vg->addWidget(new QLabel(tr("<b>Joint</b>"), this), 1, 0);
  for (int k = 0; k < 4; ++k) {
    auto* head = new QLabel(this);
    unitLabels_.push_back(head);  // unitLabels_[2..5], texts in refresh()
    vg->addWidget(head, 1, k + 1);
  }
  for (int j = 0; j < n; ++j) {
    vg->addWidget(new QLabel(tr("%1").arg(j + 1), this), j + 2, 0, Qt::AlignTop);
    addField(vg, j + 2, 1, QStringLiteral("controller.k_phi[%1]").arg(j), tr("position gain Kφ of joint %1").arg(j + 1),
             FieldUnit::Plain, [j](const StudioSession& s) { return completedController(s).config.kPhi(j); },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.kPhi(j) = v; }));
    addField(vg, j + 2, 2, QStringLiteral("controller.k_omega[%1]").arg(j), tr("velocity gain Kω of joint %1").arg(j + 1),
             FieldUnit::Plain, [j](const StudioSession& s) { return completedController(s).config.kOmega(j); },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.kOmega(j) = v; }));
    addField(vg, j + 2, 3, QStringLiteral("controller.k_eps[%1]").arg(j), tr("acceleration gain Kε of joint %1").arg(j + 1),
             FieldUnit::Plain, [j](const StudioSession& s) { return completedController(s).config.kEps(j); },
             controllerSetter([j](ControllerSettings& c, double v) { c.config.kEps(j) = v; }));
    // The same value as the PID page's field of this key.
    addField(vg, j + 2, 4, QStringLiteral("controller.output_limit[%1]").arg(j), tr("output limit of joint %1").arg(j + 1),
             FieldUnit::Plain,
             [j](const StudioSession& s) { return outputLimitOf(s, j); },
             [j](StudioSession& s, double v) { setOutputLimit(s, j, v); });
  }
  bumplessPva_ = new QCheckBox(tr("Bumpless start: begin from the input that holds the start pose against gravity"), this);
  bumplessPva_->setObjectName("controllerBumplessPva");
  vg->addWidget(bumplessPva_, n + 2, 0, 1, 5);
  auto* suggested = new QPushButton(tr("Suggested gains for this sample time"), this);
  suggested->setObjectName("pvaSuggested");
  suggested->setToolTip(tr("The critically damped PD at %1 rad/s from each joint's inertia at the home pose, with the "
                           "integral Ki = 4 Kp ω / 27, per sample of the current sample time")
                            .arg(kDefaultPidFrequency));
  connect(suggested, &QPushButton::clicked, this, [this] {
    editController(
        [](ControllerSettings& c) {
          c.config.kPhi.resize(0);  // completed to the suggestion for the sample time in force
          c.config.kOmega.resize(0);
          c.config.kEps.resize(0);
        },
        tr("PVA gains: suggested"));
  });
  vg->addWidget(suggested, n + 3, 0, 1, 3, Qt::AlignLeft);
  vg->setRowStretch(n + 4, 1);
  pages_->addWidget(pva);
  layout->addWidget(pages_, 1);

  auto* constraints = new QPushButton(tr("Joint constraint modes…"), this);
  constraints->setObjectName("openConstraints");
  connect(constraints, &QPushButton::clicked, this, &ControllerDialog::constraintsRequested);
  layout->addWidget(constraints, 0, Qt::AlignLeft);
  summary_ = new QLabel(this);
  summary_->setObjectName("controllerSummary");
  summary_->setWordWrap(true);
  summary_->setStyleSheet("color:#444");
  layout->addWidget(summary_);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  connect(type_, &QComboBox::currentIndexChanged, this, [this](int index) {
    editController([index](ControllerSettings& c) { c.config.type = static_cast<ControllerType>(index); },
                   tr("Controller type: %1").arg(type_->itemText(index)));
  });
  connect(input_, &QComboBox::currentIndexChanged, this, [this](int index) {
    editController(
        [index](ControllerSettings& c) {
          if (index == 0) {
            c.config.input.reset();
          } else {
            c.config.input = index == 1 ? DriveInput::Voltage : index == 2 ? DriveInput::Current : DriveInput::Torque;
          }
          // Gains are in the input's unit: start again from the suggestion for the new one.
          c.config.gains.clear();
          c.config.kPhi.resize(0);
          c.config.kOmega.resize(0);
          c.config.kEps.resize(0);
          c.config.outputLimit.resize(0);
        },
        tr("Drive input: %1").arg(input_->itemText(index)));
  });
  connect(integrator_, &QComboBox::currentIndexChanged, this, [this](int index) {
    editController(
        [index](ControllerSettings& c) {
          c.config.integrator = index == 0 ? IntegratorKind::RungeKutta4 : IntegratorKind::DormandPrince45;
        },
        tr("Integrator: %1").arg(integrator_->itemText(index)));
  });
  connect(setpoint_, &QComboBox::currentIndexChanged, this, [this](int index) {
    editController([index](ControllerSettings& c) { c.config.setpoint = index == 0 ? SetpointSource::Task : SetpointSource::Hold; },
                   tr("Setpoint: %1").arg(setpoint_->itemText(index)));
  });
  connect(bumplessPva_, &QCheckBox::toggled, bumpless_, &QCheckBox::toggled);  // one setting, two pages
  connect(bumpless_, &QCheckBox::toggled, this, [this](bool on) {
    editController([on](ControllerSettings& c) { c.config.bumpless = on; }, on ? tr("Bumpless start") : tr("No bumpless start"));
  });
  connect(document_, &Document::sessionChanged, this, &ControllerDialog::refresh);
  refresh();
}

void ControllerDialog::setCriticallyDamped(double w) {
  editController(
      [w](ControllerSettings& c) {
        c.config.kp.setConstant(w * w);
        c.config.kd.setConstant(2.0 * w);
      },
      tr("Computed torque critically damped at %1 rad/s").arg(w));
}

void ControllerDialog::refresh() {
  const StudioSession& s = document_->session();
  const ControllerConfig& c = s.controller.config;
  const QSignalBlocker a(type_), b(input_), d(integrator_), e(setpoint_), f(bumpless_), g(bumplessPva_);
  type_->setCurrentIndex(static_cast<int>(c.type));
  input_->setCurrentIndex(!c.input ? 0 : *c.input == DriveInput::Voltage ? 1 : *c.input == DriveInput::Current ? 2 : 3);
  integrator_->setCurrentIndex(c.integrator == IntegratorKind::RungeKutta4 ? 0 : 1);
  setpoint_->setCurrentIndex(c.setpoint == SetpointSource::Hold ? 1 : 0);
  bumpless_->setChecked(c.bumpless);
  bumplessPva_->setChecked(c.bumpless);
  pages_->setCurrentIndex(static_cast<int>(c.type));
  DriveInput input = DriveInput::Torque, byDefault = DriveInput::Torque;
  try {
    const Model model(s.robot);
    input = effectiveInput(c, model);
    ControllerConfig unset = c;
    unset.input.reset();
    byDefault = effectiveInput(unset, model);
  } catch (const std::exception&) {
  }
  input_->setItemText(0, tr("Default for this robot: %1").arg(QString::fromLatin1(driveInputName(byDefault))));
  const QString unit = inputUnit(input);
  unitLabels_[0]->setText(tr("<b>Kg</b> (%1/rad)").arg(unit));
  unitLabels_[1]->setText(tr("<b>Output limit</b> (%1, 0 = none)").arg(unit));
  unitLabels_[2]->setText(tr("<b>Kφ</b> (%1/rad per sample)").arg(unit));
  unitLabels_[3]->setText(tr("<b>Kω</b> (%1 s/rad)").arg(unit));
  unitLabels_[4]->setText(tr("<b>Kε</b> (%1 s²/rad)").arg(unit));
  unitLabels_[5]->setText(tr("<b>Output limit</b> (%1, 0 = none)").arg(unit));
  summary_->setText(tr("Runs drive the joints by %1%2. The forward simulation runs when Control ▸ Forward "
                       "simulation is chosen.")
                        .arg(QString::fromLatin1(driveInputName(input)))
                        .arg(c.input ? QString() : tr(" (default for this robot)")));
}

}  // namespace armdyn::app
