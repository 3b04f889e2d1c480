#pragma once
// Control menu "Input profile" (Anderson 6.1 item 3; simulation/input_profile.h): the open-loop
// drive inputs u(t), per joint a constant, a step or a ramp, or a CSV table `t,u1..un` (held or
// interpolated between rows). Units follow the drive input: V, A or N m (N). The CSV is read by
// the core when chosen; a refusal names its line and column. Undoable edits of the session.

#include "dialogs/controller_field_dialog.h"

class QComboBox;
class QRadioButton;

namespace armdyn::app {

class InputProfileDialog : public ControllerFieldDialog {
  Q_OBJECT
 public:
  InputProfileDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* kindCombo(int joint) const { return kinds_[joint]; }
  // Uses a CSV file (absolute path); false with the reader's message in csvStatus() if refused.
  bool setCsvFile(const QString& path);
  void useSignals();
  QString csvStatus() const;

 private:
  void refresh() override;
  std::vector<QComboBox*> kinds_;
  std::vector<std::vector<QLineEdit*>> values_;  // initial, final, start, end per joint
  QRadioButton* signals_;
  QRadioButton* csv_;
  QLabel* csvPath_;
  QLabel* csvStatus_;
  QComboBox* interpolation_;
  QLabel* unit_;
  QLabel* typeNote_;
};

}  // namespace armdyn::app
