#include "studio_startup.h"

#include "document.h"
#include "main_window.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QObject>
#include <cstdio>
#include <optional>

namespace armdyn::app {

StartupResult startStudio(MainWindow& window, QStringList files, bool autosave, const RestoreQuestion& ask) {
  StartupResult out;
  if (autosave) {
    // Claimed until the end of this block, so no other instance offers the same entries.
    AutosaveRecovery recovery;
    int restored = -1;
    for (int k = 0; k < static_cast<int>(recovery.entries().size()) && restored < 0; ++k) {
      const AutosaveRecovery::Entry& entry = recovery.entries()[k];
      if (ask && ask(entry, files)) {
        window.newSession(entry.session);
        window.document()->edit(entry.session, QObject::tr("Recover autosave"));
        restored = k;
      } else {
        recovery.discard(k);
      }
    }
    window.startAutosave();
    if (restored >= 0) {
      recovery.discard(restored);
      out.restored = true;
      for (const QString& f : files) {
        std::fprintf(stderr, "armdyn-studio: restored the autosaved session; %s is not opened\n", qPrintable(f));
      }
      return out;
    }
  }
  if (files.isEmpty()) files << QString::fromStdString(defaultRobotPath());
  const QString first = files.takeFirst();
  if (!window.openFile(first, &out.error)) {
    // Cancelled (a URDF's tip prompt, no error), refused (a task for another arm) or unreadable
    // (the error is kept for the caller to show): the default robot rather than an empty window.
    // A task named after it then opens onto the default robot, if its joint points fit.
    const QString fallback = QString::fromStdString(defaultRobotPath());
    QString fallbackError;
    if (first != fallback && !window.openFile(fallback, &fallbackError) && out.error.isEmpty())
      out.error = fallbackError.isEmpty() ? QObject::tr("cannot open %1").arg(fallback) : fallbackError;
  }
  out.remaining = files;
  return out;
}

RestoreQuestion askInMessageBox(QWidget* parent) {
  return [parent](const AutosaveRecovery::Entry& entry, const QStringList& files) {
    QString text = QObject::tr("armdyn Studio did not exit cleanly. Restore the session autosaved at %1 (%2)?")
                       .arg(entry.saved.toString("yyyy-MM-dd hh:mm:ss"),
                            QString::fromStdString(entry.session.robot.name));
    if (!files.isEmpty()) {
      QStringList names;
      for (const QString& f : files) names << QFileInfo(f).fileName();
      text += QObject::tr(" Restoring it opens it instead of %1.").arg(names.join(", "));
    }
    text += QObject::tr(" No deletes it.");
    return QMessageBox::question(parent, QObject::tr("Recover unsaved work"), text) == QMessageBox::Yes;
  };
}

}  // namespace armdyn::app
