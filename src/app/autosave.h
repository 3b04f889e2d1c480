#pragma once
// Autosave: the session is written (QSaveFile, atomic) to a per-user location a few seconds
// after each edit. A marker file exists while the application runs; if it is still there at
// the next start, the previous run crashed and its autosave is offered back.

#include "io/robot_file.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <optional>

namespace armdyn::app {

class Autosave : public QObject {
  Q_OBJECT
 public:
  explicit Autosave(QObject* parent = nullptr);
  ~Autosave() override;

  static QString directory();     // QStandardPaths::AppDataLocation
  QString sessionPath() const;
  // The autosaved session left by a run that did not exit cleanly, if any (call once at start,
  // before begin()).
  std::optional<Session> recoverable() const;
  void begin();                   // create the running marker
  void schedule(const Session& session);  // write after a short delay
  void writeNow();
  void finish();                  // clean exit: remove marker and autosave

 private:
  QString markerPath() const;
  QTimer timer_;
  std::optional<Session> pending_;
};

}  // namespace armdyn::app
