#pragma once
// The open session (robot + task) that the user edits: its file, its undo stack and the
// unsaved-changes marker. Every edit replaces the whole Session through an undoable command
// (sessions are a few kilobytes), so undo restores exactly what was simulated before.

#include "io/robot_file.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace armdyn::app {

class Document : public QObject {
  Q_OBJECT
 public:
  explicit Document(QObject* parent = nullptr);

  const Session& session() const { return session_; }
  const RobotSpec& robot() const { return session_.robot; }
  const TaskSpec& task() const { return session_.task; }
  QUndoStack* undoStack() { return &undo_; }
  QString filePath() const { return filePath_; }
  bool isModified() const { return !undo_.isClean(); }

  // New/Open: replaces the session, clears the undo history.
  void reset(const Session& session, const QString& filePath);
  // An edit: pushes an undoable command. Consecutive edits with the same non-empty mergeKey
  // (typing in one field) collapse into one undo step.
  void edit(const Session& after, const QString& description, const QString& mergeKey = {});
  void edit(const RobotSpec& robot, const QString& description, const QString& mergeKey = {});
  void edit(const TaskSpec& task, const QString& description, const QString& mergeKey = {});
  // After a successful save.
  void markSaved(const QString& filePath);

  // Used by the undo command only.
  void applyFromCommand(const Session& session);

 Q_SIGNALS:
  void sessionChanged();
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);

 private:
  Session session_;
  QUndoStack undo_;
  QString filePath_;
};

}  // namespace armdyn::app
