#include "dialogs/view_settings_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

namespace armdyn::app {

ViewSettingsDialog::ViewSettingsDialog(const ViewSettings& settings, QWidget* parent)
    : QDialog(parent), settings_(settings) {
  setWindowTitle(tr("Drawing scale and view settings"));
  auto* form = new QFormLayout(this);
  auto* scale = new QDoubleSpinBox(this);
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
  auto addToggle = [&](const QString& text, bool ViewSettings::*member) {
    auto* c = new QCheckBox(this);
    c->setChecked(settings_.*member);
    form->addRow(text, c);
    connect(c, &QCheckBox::toggled, this, [this, member](bool on) {
      settings_.*member = on;
      Q_EMIT settingsChanged(settings_);
    });
  };
  addToggle(tr("Link frames"), &ViewSettings::showFrames);
  addToggle(tr("Joint axes"), &ViewSettings::showJointAxes);
  addToggle(tr("Configurations at segment end points (ghosts)"), &ViewSettings::showGhosts);
  addToggle(tr("Tool path"), &ViewSettings::showPath);
  addToggle(tr("Floor grid"), &ViewSettings::showGrid);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

}  // namespace armdyn::app
