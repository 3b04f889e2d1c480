#pragma once
// Control menu "Joint constraint modes" (Anderson 6.1; simulation/forward_simulation.h): per
// joint, free, locked, constant velocity (the start velocity) or constant acceleration (given,
// deg/s^2 or m/s^2), for the forward simulation. Undoable edits of the session's controller.

#include "dialogs/controller_field_dialog.h"

class QComboBox;

namespace armdyn::app {

class ConstraintsDialog : public ControllerFieldDialog {
  Q_OBJECT
 public:
  ConstraintsDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* modeCombo(int joint) const { return modes_[joint]; }

 private:
  void refresh() override;
  std::vector<QComboBox*> modes_;
  std::vector<QLineEdit*> accelerations_;
};

}  // namespace armdyn::app
