#include "dialogs/view_settings_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
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
}

}  // namespace armdyn::app
