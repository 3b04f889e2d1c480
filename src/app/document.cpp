#include "document.h"

#include "session_edit_command.h"


namespace armdyn::app {

Document::Document(QObject* parent) : QObject(parent) {
  connect(&undo_, &QUndoStack::indexChanged, this, &Document::announceModified);
}

quint64 Document::state() const {
  for (int i = undo_.index() - 1; i >= 0; --i)
    if (const auto* c = dynamic_cast<const SessionEditCommand*>(undo_.command(i))) return c->state();
  return 0;
}

void Document::announceModified() {
  const bool modified = state() != savedState_;
  if (modified == modified_) return;
  modified_ = modified;
  Q_EMIT modifiedChanged(modified);
}

Document::~Document() { undo_.disconnect(this); }

void Document::reset(const StudioSession& session, const QString& filePath) {
  session_ = session;
  const bool wasModified = modified_;
  savedState_ = 0;  // before clear(), whose index change must read unmodified
  modified_ = false;
  undo_.clear();
  undo_.setClean();
  filePath_ = filePath;
  Q_EMIT filePathChanged(filePath_);
  if (wasModified) Q_EMIT modifiedChanged(false);
  Q_EMIT sessionChanged();
}

void Document::edit(const StudioSession& after, const QString& description, const QString& mergeKey) {
  pushing_ = true;
  undo_.push(new SessionEditCommand(this, session_, after, description, mergeKey));
  pushing_ = false;
  announceModified();  // a merge into the top command changes the state without moving the index
}

void Document::edit(const Session& after, const QString& description, const QString& mergeKey) {
  StudioSession s = session_;
  static_cast<Session&>(s) = after;
  edit(s, description, mergeKey);
}

void Document::edit(const RobotSpec& robot, const QString& description, const QString& mergeKey) {
  StudioSession s = session_;
  s.robot = robot;
  edit(s, description, mergeKey);
}

void Document::edit(const TaskSpec& task, const QString& description, const QString& mergeKey) {
  StudioSession s = session_;
  s.task = task;
  edit(s, description, mergeKey);
}

void Document::markSaved(const QString& filePath) {
  filePath_ = filePath;
  undo_.setClean();  // Qt then does not merge the next edit into the saved one
  savedState_ = state();
  const bool wasModified = modified_;
  modified_ = false;
  Q_EMIT filePathChanged(filePath_);
  if (wasModified) Q_EMIT modifiedChanged(false);
}

void Document::applyFromCommand(const StudioSession& session) {
  session_ = session;
  Q_EMIT sessionChanged();
}

void Document::pushViewStep(QUndoCommand* command) { undo_.push(command); }

}  // namespace armdyn::app
