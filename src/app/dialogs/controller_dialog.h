#pragma once
// Control menu "Controller" (docs/control.md): the controller of a forward simulation, PID
// (Anderson eqs 7.3-7.7, gains Kg, Ti, Td per joint and output limits), computed torque
// (Craig 10.7, Kp and Kd per joint, optional current feedback), open loop (the input profile) or
// PVA feedback (Stepniewski eq 20: K_phi, K_omega, K_eps per joint, output limits);
// the drive input, the controller's sample time, the integration step and integrator, and the
// setpoint. Values are checked as you type by the core (control/controller_settings.h) and every
// change is an undoable edit of the session.

#include "dialogs/controller_field_dialog.h"

class QCheckBox;
class QComboBox;
class QStackedWidget;

namespace armdyn::app {

class ControllerDialog : public ControllerFieldDialog {
  Q_OBJECT
 public:
  ControllerDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* typeCombo() const { return type_; }
  QComboBox* inputCombo() const { return input_; }
  // Sets Kp = w^2, Kd = 2 w on every joint (critically damped computed torque), undoably.
  void setCriticallyDamped(double w);

 Q_SIGNALS:
  void constraintsRequested();
  void profileRequested();
  void tunerRequested();

 private:
  void refresh() override;
  QComboBox* type_;
  QComboBox* input_;
  QComboBox* integrator_;
  QComboBox* setpoint_;
  QCheckBox* bumpless_;
  QCheckBox* bumplessPva_;  // the same setting on the PVA page
  QStackedWidget* pages_;
  std::vector<QLabel*> unitLabels_;
  QLabel* summary_;
};

// The session's controller with every per-joint value filled in for its robot.
ControllerSettings completedController(const StudioSession& session);

}  // namespace armdyn::app
