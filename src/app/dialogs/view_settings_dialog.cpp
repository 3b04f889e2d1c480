#include "dialogs/view_settings_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>

namespace armdyn::app {

ViewSettingsDialog::ViewSettingsDialog(const ViewSettings& settings, QWidget* parent)
    : QDialog(parent), settings_(settings) {
  setWindowTitle(tr("Drawing scale and view settings"));
  auto* form = new QFormLayout(this);
  auto* scale = scale_ = new QDoubleSpinBox(this);
  scale->setObjectName("drawingScale");
  scale->setRange(0.25, 4.0);
  scale->setSingleStep(0.25);
  scale->setValue(settings_.drawingScale);
  scale->setToolTip(tr("Size of joints, frames and markers relative to the arm"));
  form->addRow(tr("Drawing scale factor"), scale);
  connect(scale, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    settings_.drawingScale = v;
    Q_EMIT settingsChanged(settings_);
  });
  auto addToggle = [&](const QString& text, bool ViewSettings::*member, const char* name) {
    auto* c = new QCheckBox(this);
    c->setObjectName(name);
    c->setChecked(settings_.*member);
    toggles_.emplace_back(c, member);
    form->addRow(text, c);
    connect(c, &QCheckBox::toggled, this, [this, member](bool on) {
      settings_.*member = on;
      Q_EMIT settingsChanged(settings_);
    });
  };
  addToggle(tr("Link frames"), &ViewSettings::showFrames, "showFrames");
  addToggle(tr("Joint axes"), &ViewSettings::showJointAxes, "showJointAxes");
  addToggle(tr("Configurations at segment end points (ghosts)"), &ViewSettings::showGhosts, "showGhosts");
  addToggle(tr("Tool path"), &ViewSettings::showPath, "showPath");
  addToggle(tr("Floor grid"), &ViewSettings::showGrid, "showGrid");
  addToggle(tr("Mass model bodies (bars, inertia boxes) over the links"), &ViewSettings::showMassBodies, "showMassBodies");
  addToggle(tr("Link meshes and shapes (from the robot's URDF or visual:)"), &ViewSettings::showMeshes, "showMeshes");
  addToggle(tr("DH drawing on every link (always on links without shapes)"), &ViewSettings::showDhDrawing, "showDhDrawing");
  // Mesh packages: committed on Enter or leaving the field (a half-typed folder is not looked in).
  auto* packages = packages_ = new QLineEdit(QString::fromStdString(settings_.meshPackagePath), this);
  packages->setObjectName("meshPackagePath");
  packages->setPlaceholderText(tr("folders holding ROS packages, separated by ':'"));
  packages->setToolTip(tr("Folders holding ROS packages for package:// meshes, separated by ':'. Looked in after the "
                          "robot file's folder and its parents, before ROS_PACKAGE_PATH."));
  form->addRow(tr("Mesh package folders"), packages);
  connect(packages, &QLineEdit::editingFinished, this, [this] {
    const std::string text = packages_->text().trimmed().toStdString();
    if (text == settings_.meshPackagePath) return;
    settings_.meshPackagePath = text;
    Q_EMIT settingsChanged(settings_);
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

void ViewSettingsDialog::setSettings(const ViewSettings& settings) {
  settings_ = settings;
  const QSignalBlocker block(scale_);
  scale_->setValue(settings_.drawingScale);
  for (const auto& [box, member] : toggles_) {
    const QSignalBlocker b(box);
    box->setChecked(settings_.*member);
  }
  const QSignalBlocker b(packages_);
  packages_->setText(QString::fromStdString(settings_.meshPackagePath));
}

}  // namespace armdyn::app
