#pragma once
// MAIN menu item 7: the TOOL transform (end-effector frame in the frame of the last link), as
// position and roll, pitch, yaw (eq 3.1-3.2), converted by the core's pose functions.

#include "dialogs/field_dialog.h"

namespace armdyn::app {

class ToolDialog : public FieldDialog {
  Q_OBJECT
 public:
  ToolDialog(Document* document, QWidget* parent = nullptr);
};

}  // namespace armdyn::app
