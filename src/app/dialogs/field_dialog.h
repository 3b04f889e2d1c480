#pragma once
// Base of the CHANGE dialogs: numeric fields bound to one value of the session. Each field
// validates as you type: the text is read by the core's number reader (degrees converted at this
// edge by the core's degToRad), the edited spec is checked by armdyn::validate and the dialog
// limits (simulation/input_limits.h), and a refusal marks the field and says why in the user's
// words (link number, field label, the limit) on a reserved line under it (elided; in full in
// the dialog's status line and the tooltip), so no other field moves. A value is committed, as
// one undoable edit (live re-simulation), on Enter, when focus leaves the field, or after a
// pause in typing when it is valid and complete; a refused value never reaches the session and
// leaving the field restores the value in force. The error state clears as soon as the value in
// force is shown again (valid text, Undo, Redo). Values show with 12 significant digits (no
// float noise); a field the user does not type in keeps its exact value.

#include "simulation/input_limits.h"
#include "studio_session.h"

#include <QDialog>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

class QGridLayout;
class QLabel;
class QLineEdit;
class QTimer;

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
  // Pause after the last keystroke before a valid, complete value is committed (ms).
  static constexpr int kCommitPauseMs = 800;
  // A refusal of the core or the limits ("links[2].bar.inner.y: must not be negative") in the
  // words of the field the user typed in ("Inner Y of link 3: must not be negative").
  static QString userWords(const QString& why, const QString& key, const QString& description);

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
  // Enter in a field commits it (editingFinished) and keeps the dialog open: it does not press
  // the dialog's default button.
  void keyPressEvent(QKeyEvent* event) override;
  // Closing (Escape, the title bar, Close) commits what is typed in the focused field first, as
  // leaving it would: nothing valid is lost.
  void done(int result) override;
  void closeEvent(QCloseEvent* event) override;
  void commitFocused();
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
    bool edited = false;  // typed in since the value in force was last shown
  };
  // Validates the text of field `index`; returns the candidate session when it is valid, and
  // shows or clears the error state.
  std::optional<StudioSession> validated(int index);
  void onEdited(int index);
  void commit(int index);
  void clearError(Field& f);
  std::vector<Field> fields_;
  QTimer* pause_;
  int pending_ = -1;  // field whose typed value waits for the pause
  bool applying_ = false;
  int links_ = 0;  // links of the robot the fields were built for
};

}  // namespace armdyn::app
