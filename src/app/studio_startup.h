#pragma once
// How armdyn Studio starts (main.cpp calls this; the session tests call it too):
// 1. Unless autosave is off (--screenshot), the autosaves of copies that crashed or were killed
//    are offered back, newest first. The first one the user restores becomes the session,
//    untitled and marked unsaved ("*", an undo step "Recover autosave"). It wins over FILE
//    arguments: the files are still on disk, the autosave is the only
//    copy of that work; they are not opened and stderr says so. A declined autosave is deleted;
//    the ones after a restored one stay for a later start.
// 2. This copy's own autosave starts (the restored session is written to it at once, then the
//    crashed copy's file is deleted).
// 3. Without a restored session the first FILE opens (Vora's RRR without one); main.cpp opens
//    the others in turn, each after the previous one's run.

#include "autosave.h"

#include <QString>
#include <QStringList>
#include <functional>

class QWidget;

namespace armdyn::app {

class MainWindow;

// Restore this autosave? `files`: what the command line asked to open instead.
using RestoreQuestion = std::function<bool(const AutosaveRecovery::Entry& entry, const QStringList& files)>;

struct StartupResult {
  bool restored = false;
  QString error;          // why the first file did not open, or empty
  QStringList remaining;  // files still to open, in turn, after the first one's run
};

StartupResult startStudio(MainWindow& window, QStringList files, bool autosave, const RestoreQuestion& ask);

// The question as a message box over `parent`.
RestoreQuestion askInMessageBox(QWidget* parent);

}  // namespace armdyn::app
