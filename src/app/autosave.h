#pragma once
// Autosave, one file per running copy. A copy writes its session (robot, task, mode and
// controller: studio_session.h) a few seconds after each edit to its own file,
// <AppDataLocation>/autosave/session-<pid>-<k>.yaml, guarded by <same name>.lock (QLockFile,
// held while the copy runs). A clean exit removes both. A file whose lock no live process holds
// was left by a copy that crashed or was killed; only such files are offered back
// (AutosaveRecovery), never the file of a copy still running, and a clean exit never touches
// another copy's file. Nothing is written before begin(): --screenshot runs and tests that do not
// begin() leave no files.

#include "studio_session.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

class QLockFile;

namespace armdyn::app {

// The autosaves left by copies that did not exit cleanly, claimed (their locks taken) by this
// object while the user decides, so that two copies starting together do not offer the same
// work twice. Unreadable files are left alone; stale locks without a session are cleaned up.
class AutosaveRecovery {
 public:
  struct Entry {
    QString path;           // the autosaved session file
    StudioSession session;  // with robotFile/taskFile cleared (they named the autosave file)
    QDateTime saved;        // when it was last written
  };

  // Scans `directory` (default: Autosave::directory()).
  explicit AutosaveRecovery(const QString& directory = QString());
  ~AutosaveRecovery();  // releases the claims: files not discarded stay for a later start
  AutosaveRecovery(const AutosaveRecovery&) = delete;
  AutosaveRecovery& operator=(const AutosaveRecovery&) = delete;

  // Newest first.
  const std::vector<Entry>& entries() const { return entries_; }
  bool isEmpty() const { return entries_.empty(); }
  // Removes entry k's files (restored into this copy's own autosave, or declined).
  void discard(int k);

 private:
  std::vector<Entry> entries_;
  std::vector<std::unique_ptr<QLockFile>> locks_;  // parallel to entries_
};

class Autosave : public QObject {
  Q_OBJECT
 public:
  explicit Autosave(QObject* parent = nullptr);
  // Releases the lock without removing the file: as after a crash, the session is offered at
  // the next start (finish() is the clean exit).
  ~Autosave() override;

  static QString directory();     // QStandardPaths::AppDataLocation + "/autosave"
  QString sessionPath() const;    // this copy's file
  bool isStarted() const { return lock_ != nullptr; }

  // The newest autosave left by a copy that did not exit cleanly, if any (call before begin()).
  // The choice is settled by begin() (it was restored, or declined: its file is removed; any
  // others stay for a later start) or by finish().
  std::optional<StudioSession> recoverable();
  // Takes this copy's lock; writes at once what was scheduled before (a restored session).
  void begin();
  void schedule(const StudioSession& session);  // write after a short delay (once begun)
  void schedule(const Session& session) { schedule(StudioSession(session)); }
  void writeNow();
  // The session is saved (or as opened): nothing to recover. Drops what was scheduled and this
  // copy's file; keeps the lock (autosave stays on for the next edit).
  void clear();
  void finish();                  // clean exit: remove this copy's file and lock

 private:
  QString base_;  // directory()/session-<pid>-<k>, without extension
  QTimer timer_;
  std::unique_ptr<QLockFile> lock_;
  std::optional<StudioSession> pending_;
  std::unique_ptr<AutosaveRecovery> offered_;  // recoverable()'s scan, its entry 0 offered
};

}  // namespace armdyn::app
