#pragma once
// How Studio's main window tells the user something: an error in a message box when
// interactive (a status-bar line in tests and screenshots), and notices about an edit that must
// outlive the run it starts (shown now and again once the run's result or failure arrives,
// which otherwise clears the status bar).

#include <QString>

class QMainWindow;

namespace armdyn::app {

class WindowMessages {
 public:
  explicit WindowMessages(QMainWindow* window) : window_(window) {}

  // Interactive prompts (message boxes, autosave recovery). Off for tests and screenshots.
  void setInteractive(bool interactive) { interactive_ = interactive; }
  bool interactive() const { return interactive_; }

  void showError(const QString& title, const QString& message);
  // A status-bar message for `timeoutMs` (0: until replaced).
  void status(const QString& message, int timeoutMs = 0);
  void notice(const QString& message);
  // After a run's result or failure: the pending notice again (once), else a clear status bar.
  void showNotice();

 private:
  QMainWindow* window_;
  bool interactive_ = true;
  QString notice_;
};

}  // namespace armdyn::app
