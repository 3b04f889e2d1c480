#include "session_edit_command.h"

#include "document.h"

namespace armdyn::app {
namespace {

quint64 nextState() {
  static quint64 counter = 0;  // GUI thread only
  return ++counter;
}

}  // namespace

SessionEditCommand::SessionEditCommand(Document* document, StudioSession before, StudioSession after,
                                       const QString& text, QString mergeKey)
    : QUndoCommand(text),
      document_(document),
      before_(std::move(before)),
      after_(std::move(after)),
      mergeKey_(std::move(mergeKey)),
      state_(nextState()) {}

void SessionEditCommand::undo() { document_->applyFromCommand(before_); }

void SessionEditCommand::redo() { document_->applyFromCommand(after_); }

bool SessionEditCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = dynamic_cast<const SessionEditCommand*>(other);
  if (o == nullptr || o->mergeKey_ != mergeKey_) return false;
  after_ = o->after_;
  state_ = nextState();
  return true;
}

}  // namespace armdyn::app
