#pragma once
// MAIN menu item 8 (Vora "Change drawing scale factor"): drawing scale and what the viewport shows.

#include "view_settings.h"

#include <QDialog>

namespace armdyn::app {

class ViewSettingsDialog : public QDialog {
  Q_OBJECT
 public:
  ViewSettingsDialog(const ViewSettings& settings, QWidget* parent = nullptr);
  ViewSettings settings() const { return settings_; }

 Q_SIGNALS:
  void settingsChanged(const armdyn::app::ViewSettings& settings);

 private:
  ViewSettings settings_;
};

}  // namespace armdyn::app
