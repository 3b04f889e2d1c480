#pragma once
// Main menu 4.5 "Tool load (wrench)": the task's `wrench:` (dynamics/tool_wrench_profile.h,
// docs/file-formats.md), the force (N) and moment (N m, about the tool point) the tool exerts on
// its surroundings, in world or tool axes: constant (the six fields), or a table over the run's
// time from a CSV file t,fx,fy,fz,mx,my,mz (read by the core when chosen; a refusal names its
// line and column and changes nothing). Every run of the task applies it: the joints deliver
// J^T W on top of the motion's forces. Each commit is one undoable edit of the session.

#include "dialogs/field_dialog.h"

class QComboBox;
class QPushButton;
class QRadioButton;

namespace armdyn::app {

class ToolWrenchDialog : public FieldDialog {
  Q_OBJECT
 public:
  ToolWrenchDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* axesCombo() const { return axes_; }
  // Uses a CSV table (absolute path); false, with the reader's message in profileStatus() and the
  // session unchanged, if the file is refused.
  bool setProfileFile(const QString& path);
  // Back to a constant wrench (zero: no tool load).
  void useConstant();
  QString profileStatus() const;

 protected:
  // The robot's checks, and no component beyond 1e6 N (N m): a slip of the keyboard.
  QString check(const StudioSession& candidate) const override;

 private:
  void refresh();
  QComboBox* axes_;
  QRadioButton* constant_;
  QRadioButton* table_;
  QLabel* profilePath_;
  QLabel* profileStatus_;
  QPushButton* choose_;
};

}  // namespace armdyn::app
