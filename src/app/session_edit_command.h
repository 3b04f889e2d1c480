#pragma once
// One undoable edit of the document: the session before and after.

#include "studio_session.h"

#include <QString>
#include <QUndoCommand>

namespace armdyn::app {

class Document;

class SessionEditCommand : public QUndoCommand {
 public:
  SessionEditCommand(Document* document, StudioSession before, StudioSession after, const QString& text,
                     QString mergeKey);
  void undo() override;
  void redo() override;
  int id() const override { return mergeKey_.isEmpty() ? -1 : 1; }
  bool mergeWith(const QUndoCommand* other) override;
  // Names the session this command leaves (a new number when a merge changes it): the document
  // reads unmodified when the state in force is the one saved, whatever view steps lie between.
  quint64 state() const { return state_; }

 private:
  Document* document_;
  StudioSession before_;
  StudioSession after_;
  QString mergeKey_;
  quint64 state_;
};

}  // namespace armdyn::app
