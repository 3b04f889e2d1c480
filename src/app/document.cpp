#include "document.h"

#include "session_edit_command.h"


namespace armdyn::app {

Document::Document(QObject* parent) : QObject(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) {
    Q_EMIT modifiedChanged(!clean);
  });
}

Document::~Document() { undo_.disconnect(this); }

void Document::reset(const StudioSession& session, const QString& filePath) {
  session_ = session;
  undo_.clear();
  undo_.setClean();
  filePath_ = filePath;
  Q_EMIT filePathChanged(filePath_);
  Q_EMIT modifiedChanged(false);
  Q_EMIT sessionChanged();
}

void Document::edit(const StudioSession& after, const QString& description, const QString& mergeKey) {
  pushing_ = true;
  undo_.push(new SessionEditCommand(this, session_, after, description, mergeKey));
  pushing_ = false;
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
  undo_.setClean();
  Q_EMIT filePathChanged(filePath_);
  Q_EMIT modifiedChanged(false);
}

void Document::applyFromCommand(const StudioSession& session) {
  session_ = session;
  Q_EMIT sessionChanged();
}

}  // namespace armdyn::app
