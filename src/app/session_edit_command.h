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

 private:
  Document* document_;
  StudioSession before_;
  StudioSession after_;
  QString mergeKey_;
};

}  // namespace armdyn::app
