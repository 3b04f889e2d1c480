#pragma once
// Control menu "Drives" (Anderson ch. 5; actuation/drive.h): per joint, whether it has a drive,
// the gear ratio, rotor and reflected inertia, viscous and asymmetric Coulomb friction, and the
// DC motor (R, L, ke, kt) with its voltage and current limits. Each value is checked as you type
// by the core's drive validation (actuation/drive.h validateDrive) and applied as an undoable
// edit; the reflected inertia N^2 Jm + J and the electrical time constant L/R follow.

#include "dialogs/field_dialog.h"

#include <vector>

class QCheckBox;

namespace armdyn::app {

class DrivesDialog : public FieldDialog {
  Q_OBJECT
 public:
  DrivesDialog(Document* document, QWidget* parent = nullptr);
  QCheckBox* driveCheck(int joint) const { return driveChecks_[joint]; }
  QCheckBox* motorCheck(int joint) const { return motorChecks_[joint]; }
  QLabel* derivedLabel(int joint) const { return derived_[joint]; }
  QLabel* warningLabel() const { return warnings_; }

 protected:
  QString check(const StudioSession& candidate) const override;

 private:
  void refresh();
  void setDrive(int joint, bool on);
  void setMotor(int joint, bool on);
  std::vector<QCheckBox*> driveChecks_, motorChecks_;
  std::vector<std::vector<QLineEdit*>> driveFields_, motorFields_;
  std::vector<QLabel*> derived_;
  QLabel* warnings_;
};

}  // namespace armdyn::app
