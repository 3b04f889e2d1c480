#include "dialogs/new_robot_dialog.h"
#include "refusal_style.h"

#include "trajectory/recorded_point.h"

#include "dialogs/library_picker_dialog.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "model/model.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>

namespace armdyn::app {

NewRobotDialog::NewRobotDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("New manipulator"));
  auto* form = new QFormLayout(this);
  fromLibrary_ = new QRadioButton(tr("Library manipulator type"), this);
  fromLibrary_->setChecked(true);
  library_ = new QComboBox(this);
  for (const QString& path : LibraryPickerDialog::libraryFiles()) library_->addItem(QFileInfo(path).fileName(), path);
  // Vora's RRR first, as at start (the list itself is alphabetical).
  const int vora = library_->findText(QFileInfo(QString::fromStdString(defaultRobotPath())).fileName());
  if (vora >= 0) library_->setCurrentIndex(vora);
  form->addRow(fromLibrary_, library_);
  blank_ = new QRadioButton(tr("New manipulator: n-link blank arm"), this);
  links_ = new QSpinBox(this);
  links_->setRange(1, kMaxLinks);
  links_->setValue(3);
  form->addRow(blank_, links_);

  // Abuzneid & Sobh's generic arm: joints 1-3 as typed, the spherical wrist of their table 1.
  generic_ = new QRadioButton(tr("Generic 6-DOF arm with spherical wrist"), this);
  generic_->setObjectName("newGeneric");
  configuration_ = new QComboBox(this);
  configuration_->setObjectName("genericConfiguration");
  for (const std::string& c : genericArmConfigurations()) configuration_->addItem(QString::fromStdString(c));
  configuration_->setToolTip(tr("Joints 1-3: R revolute, P prismatic (Abuzneid & Sobh's eight arms)"));
  form->addRow(generic_, configuration_);
  genericBox_ = new QGroupBox(tr("Joints 1-3 (Denavit-Hartenberg)"), this);
  auto* grid = new QGridLayout(genericBox_);
  const QStringList headers = {tr("Joint"), tr("θ (°)"), tr("d (m)"), tr("α (°)"), tr("a (m)"), tr("travel min (m)"),
                               tr("travel max (m)")};
  for (int c = 0; c < headers.size(); ++c) {
    auto* h = new QLabel(QStringLiteral("<b>%1</b>").arg(headers[c]), genericBox_);
    h->setAlignment(Qt::AlignCenter);
    grid->addWidget(h, 0, c);
  }
  auto field = [this, grid](const QString& name, int row, int column, double lo, double hi, int decimals,
                            const QString& tip) {
    auto* f = new QDoubleSpinBox(genericBox_);
    f->setObjectName(QStringLiteral("generic_") + name);
    f->setRange(lo, hi);
    f->setDecimals(decimals);
    f->setSingleStep(decimals > 2 ? 0.05 : 5.0);
    f->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    f->setToolTip(tip);
    f->setMinimumWidth(78);
    grid->addWidget(f, row, column);
    fields_.insert(name, f);
    connect(f, &QDoubleSpinBox::valueChanged, message_, &QLabel::clear);
  };
  message_ = new QLabel(this);
  for (int i = 0; i < 3; ++i) {
    const QString j = QString::number(i + 1);
    typeLabels_[i] = new QLabel(genericBox_);
    grid->addWidget(typeLabels_[i], i + 1, 0);
    field("theta" + j, i + 1, 1, -360.0, 360.0, 2, tr("θ%1: angle offset about z%2, degrees").arg(j).arg(i));
    field("d" + j, i + 1, 2, -10.0, 10.0, 3, tr("d%1: offset along z%2, m (a prismatic joint slides from it)").arg(j).arg(i));
    field("alpha" + j, i + 1, 3, -360.0, 360.0, 2, tr("α%1: twist about x%1, degrees").arg(j));
    field("a" + j, i + 1, 4, -10.0, 10.0, 3, tr("a%1: length along x%1, m").arg(j));
    field("travelMin" + j, i + 1, 5, -10.0, 10.0, 3, tr("Lowest value of the prismatic joint %1, m").arg(j));
    field("travelMax" + j, i + 1, 6, -10.0, 10.0, 3, tr("Highest value of the prismatic joint %1, m").arg(j));
  }
  grid->addWidget(new QLabel(tr("Tool offset d6 (m)"), genericBox_), 4, 0, 1, 2, Qt::AlignRight);
  field("d6", 4, 2, -10.0, 10.0, 3, tr("d6: the tool's distance from the wrist centre along the last joint axis, m"));
  auto* wrist = new QLabel(tr("Spherical wrist (Abuzneid & Sobh, table 1): joints 4-6 revolute, a = 0, "
                              "α4 = −90°, α5 = +90°, α6 = 0°, d4 = d5 = 0"),
                           genericBox_);
  wrist->setWordWrap(true);
  grid->addWidget(wrist, 5, 0, 1, headers.size());
  form->addRow(genericBox_);
  message_->setObjectName("newRobotMessage");
  message_->setWordWrap(true);
  message_->setStyleSheet(kRefusalTextStyle);
  // Room for a two-line message kept when there is none: the buttons do not jump when one shows.
  message_->setMinimumHeight(2 * message_->fontMetrics().lineSpacing());
  message_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  form->addRow(message_);
  connect(configuration_, &QComboBox::currentTextChanged, this, [this](const QString& c) {
    generic_->setChecked(true);
    loadDefaults(c);
  });
  for (QRadioButton* r : {fromLibrary_, blank_, generic_}) connect(r, &QRadioButton::toggled, this, &NewRobotDialog::updateEnabled);
  loadDefaults(configuration_->currentText());
  updateEnabled();

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &NewRobotDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

void NewRobotDialog::updateEnabled() {
  genericBox_->setEnabled(generic_->isChecked());
  message_->clear();
}

void NewRobotDialog::loadDefaults(const QString& configuration) {
  const GenericArmParameters p = genericArmDefaults(configuration.toStdString());
  constexpr double kDeg = 180.0 / 3.14159265358979323846;
  for (int i = 0; i < 3; ++i) {
    const QString j = QString::number(i + 1);
    const bool prismatic = configuration[i] == 'P';
    typeLabels_[i]->setText(prismatic ? tr("%1  P (slides)").arg(j) : tr("%1  R (turns)").arg(j));
    const DhParameters& h = p.dh[static_cast<std::size_t>(i)];
    fields_["theta" + j]->setValue(h.theta * kDeg);
    fields_["d" + j]->setValue(h.d);
    fields_["alpha" + j]->setValue(h.alpha * kDeg);
    fields_["a" + j]->setValue(h.a);
    fields_["travelMin" + j]->setValue(prismatic ? p.travelMin[static_cast<std::size_t>(i)] : 0.0);
    fields_["travelMax" + j]->setValue(prismatic ? p.travelMax[static_cast<std::size_t>(i)] : 0.0);
    fields_["travelMin" + j]->setEnabled(prismatic);
    fields_["travelMax" + j]->setEnabled(prismatic);
  }
  fields_["d6"]->setValue(p.d6);
  message_->clear();
}

void NewRobotDialog::selectGeneric(const QString& configuration) {
  generic_->setChecked(true);
  const int index = configuration_->findText(configuration);
  if (index >= 0 && index != configuration_->currentIndex()) {
    configuration_->setCurrentIndex(index);
  } else {
    loadDefaults(configuration_->currentText());
  }
}

GenericArmParameters NewRobotDialog::genericParameters() const {
  constexpr double kRad = 3.14159265358979323846 / 180.0;
  GenericArmParameters p;
  p.configuration = configuration_->currentText().toStdString();
  for (int i = 0; i < 3; ++i) {
    const QString j = QString::number(i + 1);
    DhParameters& h = p.dh[static_cast<std::size_t>(i)];
    h.theta = fields_["theta" + j]->value() * kRad;
    h.d = fields_["d" + j]->value();
    h.alpha = fields_["alpha" + j]->value() * kRad;
    h.a = fields_["a" + j]->value();
    p.travelMin[static_cast<std::size_t>(i)] = fields_["travelMin" + j]->value();
    p.travelMax[static_cast<std::size_t>(i)] = fields_["travelMax" + j]->value();
  }
  p.d6 = fields_["d6"]->value();
  return p;
}

void NewRobotDialog::accept() {
  if (generic_->isChecked()) {
    try {
      makeGenericArm(genericParameters());
    } catch (const GenericArmError& e) {
      message_->setText(QString::fromStdString(e.what()));
      // The field it names, when it is one of ours ("dh": the whole table).
      if (QDoubleSpinBox* f = fields_.value(QString::fromStdString(e.field()).replace("travel", "travelMin")))
        f->setFocus();
      return;
    }
  }
  QDialog::accept();
}

Session NewRobotDialog::session() const {
  if (generic_->isChecked()) return genericSession(genericParameters());
  if (fromLibrary_->isChecked() && library_->count() > 0) {
    Session s = loadSession(library_->currentData().toString().toStdString());
    s.robotFile.clear();
    return s;
  }
  return blankSession(links_->value());
}

Session NewRobotDialog::genericSession(const GenericArmParameters& parameters) {
  GenericArm arm = makeGenericArm(parameters);
  Session s;
  s.robot = std::move(arm.robot);
  s.task = std::move(arm.task);
  return s;
}

Session NewRobotDialog::blankSession(int links) {
  Session s;
  RobotSpec& r = s.robot;
  r.name = "New " + std::to_string(links) + "-link arm";
  r.links.resize(links);
  for (int i = 0; i < links; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.dh.a = 0.3;
    l.vMax = 1.0;
    l.bar.density = 2700.0;  // aluminium
    l.bar.outer = {0.3, 0.05, 0.05};
    l.bar.inner = {0.3, 0.04, 0.04};
    l.bar.centre = {-0.15, 0.0, 0.0};
  }
  // Two task points: the tool at two joint configurations, so the task is reachable.
  const Model model(r);
  s.task.name = "blank task";
  for (double angle : {0.3, 0.9}) s.task.points.push_back(taskPointAt(model, Eigen::VectorXd::Constant(links, angle)));
  return s;
}

}  // namespace armdyn::app
