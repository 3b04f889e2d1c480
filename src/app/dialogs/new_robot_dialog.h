#pragma once
// File -> New: a robot from a library type (a copy of a robots/ file; Vora's RRR unless another
// is chosen), an n-link blank arm (revolute hollow-bar links in a plane, Vora's "new
// manipulator type"), or Abuzneid & Sobh's generic six-joint arm: one of the eight
// configurations of joints 1-3 (RRR ... PPP) with their DH (degrees and metres here, SI inside)
// on a spherical wrist, built by the core (design/generic_arm.h) with a reachable task.

#include "io/robot_file.h"
#include "design/generic_arm.h"

#include <QDialog>
#include <QMap>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace armdyn::app {

class NewRobotDialog : public QDialog {
  Q_OBJECT
 public:
  explicit NewRobotDialog(QWidget* parent = nullptr);
  // The session to start from; throws InputError if a library file cannot be read, and
  // GenericArmError for generic-arm parameters the core refuses.
  Session session() const;
  // An n-link blank arm with a two-point task at reachable poses (computed by the core FK).
  static Session blankSession(int links);
  // The generic arm of these parameters with its three-point task (throws GenericArmError).
  static Session genericSession(const GenericArmParameters& parameters);

  // The generic arm: chooses it and loads the defaults of `configuration` ("RRR" ... "PPP").
  void selectGeneric(const QString& configuration);
  // The parameters as typed (degrees and metres converted to SI).
  GenericArmParameters genericParameters() const;
  // A field of the generic arm by name: theta1..3, d1..3, alpha1..3, a1..3, travelMin1..3,
  // travelMax1..3, d6.
  QDoubleSpinBox* genericField(const QString& name) const { return fields_.value(name); }
  QLabel* message() const { return message_; }

 public Q_SLOTS:
  // Refuses generic-arm parameters the core cannot build from, with its reason; the dialog stays.
  void accept() override;

 private:
  void loadDefaults(const QString& configuration);
  void updateEnabled();
  QRadioButton* fromLibrary_;
  QRadioButton* blank_;
  QRadioButton* generic_;
  QComboBox* library_;
  QSpinBox* links_;
  QComboBox* configuration_;
  QGroupBox* genericBox_;
  QMap<QString, QDoubleSpinBox*> fields_;
  QLabel* typeLabels_[3];
  QLabel* message_;
};

}  // namespace armdyn::app
