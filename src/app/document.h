#pragma once
// The open session (robot, task, simulation mode and controller: studio_session.h) that the
// user edits: its file, its undo stack and the unsaved-changes marker. Every edit replaces the
// whole StudioSession through an undoable command (sessions are a few kilobytes), so undo
// restores exactly what was simulated before.

#include "studio_session.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace armdyn::app {

class Document : public QObject {
  Q_OBJECT
 public:
  explicit Document(QObject* parent = nullptr);
  // The undo stack, destroyed with the document, says its state changed as it clears: that
  // must not reach listeners being destroyed themselves (found by UBSan: a MainWindow slot
  // called after ~MainWindow).
  ~Document() override;

  const StudioSession& session() const { return session_; }
  const RobotSpec& robot() const { return session_.robot; }
  const TaskSpec& task() const { return session_.task; }
  QUndoStack* undoStack() { return &undo_; }
  QString filePath() const { return filePath_; }
  // Also true inside an edit's sessionChanged: QUndoStack::push runs the command before it
  // moves its index, so the stack still reads clean there (the first edit after an open would
  // not be autosaved).
  bool isModified() const { return pushing_ || !undo_.isClean(); }

  // New/Open: replaces the session, clears the undo history. A plain Session starts in
  // prescribed-motion mode with the default controller.
  void reset(const StudioSession& session, const QString& filePath);
  // An edit: pushes an undoable command. Consecutive edits with the same non-empty mergeKey
  // (typing in one field) collapse into one undo step. A plain Session keeps the mode and
  // controller in force.
  void edit(const StudioSession& after, const QString& description, const QString& mergeKey = {});
  void edit(const Session& after, const QString& description, const QString& mergeKey = {});
  void edit(const RobotSpec& robot, const QString& description, const QString& mergeKey = {});
  void edit(const TaskSpec& task, const QString& description, const QString& mergeKey = {});
  // After a successful save.
  void markSaved(const QString& filePath);

  // Used by the undo command only.
  void applyFromCommand(const StudioSession& session);

 Q_SIGNALS:
  void sessionChanged();
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);

 private:
  StudioSession session_;
  QUndoStack undo_;
  QString filePath_;
  bool pushing_ = false;
};

}  // namespace armdyn::app
