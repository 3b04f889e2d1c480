#include "dialogs/drives_dialog.h"

#include "actuation/drive.h"
#include "document.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QScreen>
#include <QVBoxLayout>
#include <algorithm>

namespace armdyn::app {
namespace {

// Anderson's 100 W PUMA motor (section 5.1), offered when a motor is switched on.
DriveSpec withAndersonMotor(DriveSpec d) {
  d.hasMotor = true;
  if (!(d.resistance > 0.0)) d.resistance = 1.6;
  if (!(d.inductance > 0.0)) d.inductance = 0.0048;
  if (!(d.ke > 0.0)) d.ke = 0.26;
  if (!(d.kt > 0.0)) d.kt = 0.2611;
  return d;
}

struct DriveField {
  const char* key;    // robot-file name under links[i].drive
  const char* label;  // row label with units (revolute / prismatic)
  double DriveSpec::*member;
  bool motor;         // belongs to the electrical model
};

const DriveField kFields[] = {
    {"gear_ratio", "Gear ratio N", &DriveSpec::gearRatio, false},
    {"rotor_inertia", "Rotor inertia Jm (kg m², motor side)", &DriveSpec::rotorInertia, false},
    {"reflected_inertia", "Added inertia J (kg m², joint side)", &DriveSpec::reflectedInertia, false},
    {"viscous", "Viscous friction b (N m s/rad | N s/m)", &DriveSpec::viscous, false},
    {"coulomb_positive", "Coulomb friction Fc+, moving + (N m | N)", &DriveSpec::coulombPositive, false},
    {"coulomb_negative", "Coulomb friction Fc−, moving − (N m | N)", &DriveSpec::coulombNegative, false},
    {"motor.R", "Armature resistance R (Ω)", &DriveSpec::resistance, true},
    {"motor.L", "Armature inductance L (H)", &DriveSpec::inductance, true},
    {"motor.ke", "Back-EMF constant ke (V s/rad)", &DriveSpec::ke, true},
    {"motor.kt", "Torque constant kt (N m/A)", &DriveSpec::kt, true},
    {"voltage_limit", "Voltage limit (V, 0 = none)", &DriveSpec::voltageLimit, true},
    {"current_limit", "Current limit (A, 0 = none)", &DriveSpec::currentLimit, true},
};

}  // namespace

DrivesDialog::DrivesDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setObjectName("drivesDialog");
  setWindowTitle(tr("Drives"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Each joint may have a DC motor behind a gear of ratio N (Anderson ch. 5): joint torque "
                              "= N × motor torque, motor speed = N × joint speed. Quantities are on the joint side "
                              "unless stated. A joint without a drive takes a joint torque directly. Friction at joint "
                              "speed v: f = b v ± Fc (Fc+ moving +, Fc− moving −, smoothed near rest)."),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* grid = new QGridLayout;
  grid->setHorizontalSpacing(8);
  const RobotSpec& robot = document->robot();
  const int n = robot.dof();
  for (int j = 0; j < n; ++j) {
    grid->addWidget(new QLabel(tr("<b>Joint %1</b> (%2)").arg(j + 1).arg(robot.links[j].joint == JointType::Revolute ? "R" : "P"),
                               this),
                    0, j + 1, Qt::AlignCenter);
  }
  int row = 1;
  grid->addWidget(new QLabel(tr("Drive"), this), row, 0);
  for (int j = 0; j < n; ++j) {
    auto* c = new QCheckBox(tr("present"), this);
    c->setObjectName(QStringLiteral("links[%1].drive").arg(j));
    grid->addWidget(c, row, j + 1);
    connect(c, &QCheckBox::toggled, this, [this, j](bool on) { setDrive(j, on); });
    driveChecks_.push_back(c);
  }
  driveFields_.resize(n);
  motorFields_.resize(n);
  auto addRow = [&](const DriveField& f) {
    ++row;
    grid->addWidget(new QLabel(tr(f.label), this), row, 0, Qt::AlignTop);
    for (int j = 0; j < n; ++j) {
      double DriveSpec::*member = f.member;
      QLineEdit* e = addField(grid, row, j + 1, QStringLiteral("links[%1].drive.%2").arg(j).arg(f.key),
                              tr("%1 of joint %2").arg(QString(tr(f.label)).section(" (", 0, 0)).arg(j + 1),
                              FieldUnit::Plain,
                              [j, member](const StudioSession& s) {
                                const auto& d = s.robot.links[j].drive;
                                return d ? (*d).*member : 0.0;
                              },
                              [j, member](StudioSession& s, double v) {
                                auto& d = s.robot.links[j].drive;
                                if (d) (*d).*member = v;
                              });
      (f.motor ? motorFields_ : driveFields_)[j].push_back(e);
    }
  };
  for (const DriveField& f : kFields) {
    if (f.member == &DriveSpec::resistance) {
      ++row;
      grid->addWidget(new QLabel(tr("DC motor"), this), row, 0);
      for (int j = 0; j < n; ++j) {
        auto* c = new QCheckBox(tr("present"), this);
        c->setObjectName(QStringLiteral("links[%1].drive.motor").arg(j));
        c->setToolTip(tr("Switching a motor on starts from Anderson's 100 W PUMA motor: R 1.6 Ω, L 4.8 mH, "
                         "ke 0.26 V s/rad, kt 0.2611 N m/A"));
        grid->addWidget(c, row, j + 1);
        connect(c, &QCheckBox::toggled, this, [this, j](bool on) { setMotor(j, on); });
        motorChecks_.push_back(c);
      }
    }
    addRow(f);
  }
  ++row;
  grid->addWidget(new QLabel(tr("<i>Reflected N²Jm + J; time constant L/R</i>"), this), row, 0);
  for (int j = 0; j < n; ++j) {
    auto* l = new QLabel(this);
    l->setObjectName(QStringLiteral("links[%1].drive.derived").arg(j));
    grid->addWidget(l, row, j + 1);
    derived_.push_back(l);
  }
  auto* inner = new QWidget(this);
  inner->setLayout(grid);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(inner);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  layout->addWidget(scroll, 1);
  warnings_ = new QLabel(this);
  warnings_->setObjectName("driveWarnings");
  warnings_->setWordWrap(true);
  warnings_->setStyleSheet("color:#9a5a00");
  layout->addWidget(warnings_);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(document_, &Document::sessionChanged, this, &DrivesDialog::refresh);
  refresh();
  // Tall enough for every row when the screen has room (at 1280x800 the last row needed
  // scrolling while 650 px left space free), never taller than the screen.
  const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1500, 920);
  const int content = layout->sizeHint().height() - scroll->sizeHint().height() + inner->sizeHint().height() + 8;
  resize(std::min({330 + 128 * n, 1500, available.width() - 40}), std::max(300, std::min(content, available.height() - 60)));
}

QString DrivesDialog::check(const StudioSession& candidate) const {
  try {
    validate(candidate.robot);
    validateDrives(candidate.robot);
  } catch (const ModelError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void DrivesDialog::refresh() {
  const RobotSpec& robot = document_->robot();
  if (robot.dof() != static_cast<int>(driveChecks_.size())) return;
  QStringList warnings;
  for (int j = 0; j < robot.dof(); ++j) {
    const auto& d = robot.links[j].drive;
    {
      const QSignalBlocker a(driveChecks_[j]), b(motorChecks_[j]);
      driveChecks_[j]->setChecked(d.has_value());
      motorChecks_[j]->setChecked(d && d->hasMotor);
    }
    motorChecks_[j]->setEnabled(d.has_value());
    for (QLineEdit* e : driveFields_[j]) e->setEnabled(d.has_value());
    for (QLineEdit* e : motorFields_[j]) e->setEnabled(d && d->hasMotor);
    if (!d) {
      derived_[j]->setText(tr("— (torque input)"));
      continue;
    }
    QString text = tr("%1 kg m²").arg(reflectedInertia(*d), 0, 'g', 4);
    if (d->hasMotor && d->resistance > 0.0) text += tr("; %1 ms").arg(1e3 * electricalTimeConstant(*d), 0, 'g', 3);
    derived_[j]->setText(text);
    // Motor constants kept while the motor is off (to switch it back on) are not a problem here.
    if (d->hasMotor)
      for (const std::string& w : driveWarnings(*d, "joint " + std::to_string(j + 1))) warnings << QString::fromStdString(w);
  }
  warnings_->setText(warnings.join("\n"));
  warnings_->setVisible(!warnings.isEmpty());
}

void DrivesDialog::setDrive(int joint, bool on) {
  StudioSession s = document_->session();
  auto& d = s.robot.links[joint].drive;
  if (d.has_value() == on) return;
  if (on) {
    d = DriveSpec{};
  } else {
    d.reset();
  }
  document_->edit(s, on ? tr("Add a drive to joint %1").arg(joint + 1) : tr("Remove the drive of joint %1").arg(joint + 1));
}

void DrivesDialog::setMotor(int joint, bool on) {
  StudioSession s = document_->session();
  auto& d = s.robot.links[joint].drive;
  if (!d || d->hasMotor == on) return;
  if (on) {
    d = withAndersonMotor(*d);
  } else {
    d->hasMotor = false;
  }
  const QString why = check(s);
  if (!why.isEmpty()) {
    status_->setText(why);
    refresh();
    return;
  }
  document_->edit(s, on ? tr("Add a motor to joint %1").arg(joint + 1) : tr("Remove the motor of joint %1").arg(joint + 1));
}

}  // namespace armdyn::app
