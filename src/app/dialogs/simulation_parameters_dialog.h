#pragma once
// MAIN menu item 6 (Vora CHNGTM): time increment DT, acceleration time TACC and the maximum
// velocity of every joint.

#include "dialogs/field_dialog.h"

namespace armdyn::app {

class SimulationParametersDialog : public FieldDialog {
  Q_OBJECT
 public:
  SimulationParametersDialog(Document* document, QWidget* parent = nullptr);
};

}  // namespace armdyn::app
