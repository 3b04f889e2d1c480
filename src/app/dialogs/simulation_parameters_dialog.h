#pragma once
// MAIN menu item 6 (Vora CHNGTM): time increment DT, acceleration time TACC and the maximum
// velocity of every joint. Besides the robot's limits, DT is checked against the task it
// samples (simulation/input_limits.h): not longer than the motion, and at most 200000 samples,
// since every sample is kept for the animation, the plots and the table.

#include "dialogs/field_dialog.h"

namespace armdyn::app {

class SimulationParametersDialog : public FieldDialog {
  Q_OBJECT
 public:
  SimulationParametersDialog(Document* document, QWidget* parent = nullptr);

 protected:
  QString check(const StudioSession& candidate) const override;
};

}  // namespace armdyn::app
