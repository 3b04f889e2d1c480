#pragma once
// File -> New: a robot from a library type (a copy of a robots/ file; Vora's RRR unless another
// is chosen) or an n-link blank arm (revolute hollow-bar links in a plane, Vora's "new
// manipulator type").

#include "io/robot_file.h"

#include <QDialog>

class QComboBox;
class QRadioButton;
class QSpinBox;

namespace armdyn::app {

class NewRobotDialog : public QDialog {
  Q_OBJECT
 public:
  explicit NewRobotDialog(QWidget* parent = nullptr);
  // The session to start from; throws InputError if a library file cannot be read.
  Session session() const;
  // An n-link blank arm with a two-point task at reachable poses (computed by the core FK).
  static Session blankSession(int links);

 private:
  QRadioButton* fromLibrary_;
  QComboBox* library_;
  QSpinBox* links_;
};

}  // namespace armdyn::app
