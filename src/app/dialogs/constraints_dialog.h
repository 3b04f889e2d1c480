#pragma once
// Control menu "Joint constraint modes" (Anderson 6.1; simulation/forward_simulation.h): per
// joint, free, locked, constant velocity (the start velocity) or constant acceleration (given,
// deg/s^2 or m/s^2), for the forward simulation. Undoable edits of the session's controller.

#include "dialogs/field_dialog.h"

class QComboBox;

namespace armdyn::app {

class ConstraintsDialog : public FieldDialog {
  Q_OBJECT
 public:
  ConstraintsDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* modeCombo(int joint) const { return modes_[joint]; }

 protected:
  QString check(const StudioSession& candidate) const override;

 private:
  void refresh();
  std::vector<QComboBox*> modes_;
  std::vector<QLineEdit*> accelerations_;
};

}  // namespace armdyn::app
