#pragma once
// CHANGE menu item 3 (Vora fig 5.7, "MENU for trajectory changes"), extended to the trajectory
// catalogue: the scheme (Paul, cubic, cubic spline, quintic, LSPB, straight lines, lines and
// arcs) with its parameters (segment durations, via velocities, blend acceleration, TACC, path
// speed and acceleration, blend radii), and the points: tool poses X, Y, Z (m), roll, pitch,
// yaw (deg), or joint values (deg or m) for a task given in joint space; next point, add,
// insert, delete and reorder. Parameter fields commit on Enter or when focus leaves them; a
// refused value is shown in red with the reason and never reaches the task.
// Cells validate as you type; every accepted change is one undoable edit. An edited task no
// longer matches the file it came from, so edits drop its file and line numbers: error
// messages then name the point, not a line of a file that says otherwise.
// The inverse-kinematics configuration is committed when chosen or when its text is finished
// (Enter, focus out), and only if the robot's family has it.
// When the run fails on a point, its row is marked and the reason shown until the next run:
// the window that opens the dialog passes the failure on screen then, and connects its later
// failures and results to showFailure and clearFailure.

#include "io/robot_file.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QTableWidget;
class QComboBox;
class QGridLayout;

namespace armdyn::app {

class Document;

class TrajectoryPointsDialog : public QDialog {
  Q_OBJECT
 public:
  // `failureText` and `failedPoint` (0-based, -1 for none): the failed run on screen when the
  // dialog opens (the window's problem banner), marked at once.
  TrajectoryPointsDialog(Document* document, QWidget* parent = nullptr, const QString& failureText = QString(),
                         int failedPoint = -1);
  QTableWidget* table() const { return table_; }
  QLabel* reason() const { return reason_; }
  QComboBox* configuration() const { return configuration_; }
  QComboBox* scheme() const { return scheme_; }
  // Parameter fields by task-file key: "durations", "acceleration", "tacc", "speed",
  // "path_acceleration"; null for other keys.
  QLineEdit* parameterField(const QString& key) const;
  QComboBox* viaVelocity() const { return viaVelocity_; }
  // Timing: index 0 = as the scheme times it, 1 = time-optimal (TimingMode).
  QComboBox* timing() const { return timing_; }
  void chooseTiming(int index);
  QLabel* schemeNote() const { return schemeNote_; }
  // Chooses a scheme as the combo box does (index = TaskScheme).
  void chooseScheme(int index);
  // Sets a parameter field's text and commits it as Enter would.
  void setParameter(const QString& key, const QString& text);
  void setCell(int row, int column, const QString& text);  // as if typed
  void nextPoint();
  void addPoint();
  void insertPoint();
  void deletePoint();
  void movePoint(int delta);
  // The point (0-based) the last run could not reach, marked in the table; -1 for none.
  int markedPoint() const { return failedPoint_; }

 public Q_SLOTS:
  // A failed run: point `pointIndex` (0-based; -1 when the failure is not a point's) and why.
  void showFailure(const QString& message, int pointIndex);
  void clearFailure();

 private:
  void reload();
  void reloadParameters();
  void commitParameter(const QString& key);
  void checkParameter(const QString& key);
  // Why `text` for parameter `key` is refused (empty when accepted; then `t` holds it).
  QString parameterRefusal(const QString& key, const QString& text, TaskSpec& t) const;
  QString parameterLabel(const QString& key) const;  // the field's label, without its mnemonic
  // The core's refusal of the edited task's entry `key` (planTask, dwellProblem), or "".
  QString coreRefusal(const TaskSpec& task, const QString& key) const;
  bool jointSpaceRows() const;  // the table shows joint points, not poses
  void onCellChanged(int row, int column);
  QString cellInForce(int row, int column) const;                // the task's value, as the table shows it
  // Why a typed cell is refused, "" if taken (then *value, when given, is the number).
  QString cellRefusal(int column, const QString& typed, double* value = nullptr) const;
  QString cellWords(int row, int column) const;                  // "Point 3, X (m)"
  void clearTypedRefusal();  // clears the reason label if it still shows the typed cell's refusal
  void commitConfiguration(const QString& text);
  void markRow(int row, const QColor& colour, const QString& tip);
  // The document's task, detached from its file (see above).
  TaskSpec editedTask() const;
  Document* document_;
  QTableWidget* table_;
  QLabel* reason_;
  QComboBox* configuration_;
  QComboBox* scheme_;
  QComboBox* viaVelocity_;
  QComboBox* timing_;
  QLabel* schemeNote_;
  struct Parameter {
    QString key;
    QLabel* label;
    QLineEdit* field;
  };
  std::vector<Parameter> parameters_;
  QLabel* viaVelocityLabel_;
  bool loading_ = false;
  QString typedRefusal_;  // the refusal of the cell being typed, as shown (empty: none)
  int failedPoint_ = -1;
};

}  // namespace armdyn::app
