#pragma once
// Base of the CHANGE dialogs: numeric fields bound to one value of the session. Each field
// validates as you type: the text is read by the core's number reader (degrees converted at this
// edge by the core's degToRad), the edited spec is checked by armdyn::validate and the dialog
// limits (simulation/input_limits.h), and a refusal shows the reason beside the field. An
// accepted value is applied at once as an undoable edit (live re-simulation); typing in one
// field merges into one undo step. Values show with 12 significant digits (no float noise); a
// field the user does not type in keeps its exact value.

#include "simulation/input_limits.h"
#include "studio_session.h"

#include <QDialog>
#include <QString>
#include <functional>
#include <vector>

class QGridLayout;
class QLabel;
class QLineEdit;

namespace armdyn::app {

class Document;

enum class FieldUnit { Plain, Degrees };

class FieldDialog : public QDialog {
  Q_OBJECT
 public:
  FieldDialog(Document* document, QWidget* parent = nullptr);
  // The line edit of a field by its key (e.g. "links[1].dh.theta"), for tests.
  QLineEdit* field(const QString& key) const;
  QLabel* reasonLabel(const QString& key) const;

 protected:
  // On the whole StudioSession; a lambda taking a Session (robot and task) binds too.
  using Getter = std::function<double(const StudioSession&)>;
  using Setter = std::function<void(StudioSession&, double)>;
  // Adds a field at (row, col) of `grid` and its reason label below the grid cell's row group.
  QLineEdit* addField(QGridLayout* grid, int row, int col, const QString& key, const QString& description,
                      FieldUnit unit, Getter get, Setter set);
  // Called after the candidate session is built; return an error text to refuse. The default
  // runs armdyn::validate and the dialog limits (simulation/input_limits.h) on the robot.
  virtual QString check(const StudioSession& candidate) const;
  // Both the same limit violation (one a session already had before an edit is not the edit's).
  static bool sameViolation(const std::optional<LimitViolation>& a, const std::optional<LimitViolation>& b);
  void reload();
  Document* document_;
  QLabel* status_;  // summary line for the last refusal

 private:
  struct Field {
    QString key;
    QString description;
    FieldUnit unit;
    Getter get;
    Setter set;
    QLineEdit* edit;
    QLabel* reason;
  };
  void onEdited(int index);
  std::vector<Field> fields_;
  bool applying_ = false;
  int links_ = 0;  // links of the robot the fields were built for
};

}  // namespace armdyn::app
