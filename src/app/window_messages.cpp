#include "window_messages.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

namespace armdyn::app {

void WindowMessages::showError(const QString& title, const QString& message) {
  if (interactive_) {
    QMessageBox::warning(window_, title, message);
  } else {
    window_->statusBar()->showMessage(title + ": " + message);
  }
}

void WindowMessages::status(const QString& message, int timeoutMs) { window_->statusBar()->showMessage(message, timeoutMs); }

void WindowMessages::notice(const QString& message) {
  notice_ = message;
  window_->statusBar()->showMessage(message, 15000);
}

void WindowMessages::showNotice() {
  if (notice_.isEmpty()) {
    window_->statusBar()->clearMessage();
    return;
  }
  window_->statusBar()->showMessage(notice_, 15000);
  notice_.clear();
}

}  // namespace armdyn::app
