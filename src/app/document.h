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
  // The session in force is not the one opened or saved last (view steps on the stack, e.g. a
  // teach drag, do not count). Also true inside an edit's sessionChanged: QUndoStack::push runs
  // the command before it moves its index, so the stack still reads the old state there (the
  // first edit after an open would not be autosaved).
  bool isModified() const { return pushing_ || state() != savedState_; }

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
  // An undo step of view state (teach mode's joints): on the same stack as the edits, so Ctrl+Z
  // steps through both in order; it leaves the modified marker as it is.
  void pushViewStep(QUndoCommand* command);
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
  // The session state in force: that of the last session edit below the stack's index (0: as
  // opened); the one saved; the marker last announced.
  quint64 state() const;
  void announceModified();
  quint64 savedState_ = 0;
  bool modified_ = false;
};

}  // namespace armdyn::app
