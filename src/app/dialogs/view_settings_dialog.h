#pragma once
// MAIN menu item 8 (Vora "Change drawing scale factor"): drawing scale and what the viewport shows.

#include "view_settings.h"

#include <QDialog>
#include <utility>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;

namespace armdyn::app {

class ViewSettingsDialog : public QDialog {
  Q_OBJECT
 public:
  ViewSettingsDialog(const ViewSettings& settings, QWidget* parent = nullptr);
  ViewSettings settings() const { return settings_; }
  // Shows `settings` (changed elsewhere, e.g. the View menu) without emitting settingsChanged.
  void setSettings(const ViewSettings& settings);

 Q_SIGNALS:
  void settingsChanged(const armdyn::app::ViewSettings& settings);

 private:
  ViewSettings settings_;
  QDoubleSpinBox* scale_;
  QLineEdit* packages_;
  std::vector<std::pair<QCheckBox*, bool ViewSettings::*>> toggles_;
};

}  // namespace armdyn::app
