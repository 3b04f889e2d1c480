#include "teach_pose_command.h"

#include "teach_panel.h"

namespace armdyn::app {

TeachPoseCommand::TeachPoseCommand(TeachPanel* panel, const Eigen::VectorXd& before, const Eigen::VectorXd& after,
                                   const QString& text)
    : QUndoCommand(text), panel_(panel), before_(before), after_(after) {}

// Teach mode closed since (re-opening it starts from the picked or the current pose), or a robot
// edit changed the joint count: the step no longer applies; it leaves the stack (obsolete) instead
// of putting the arm in a pose of another session. TeachPanel::setJoints also ignores joints of
// the wrong size.
void TeachPoseCommand::undo() { apply(before_); }

void TeachPoseCommand::redo() { apply(after_); }

void TeachPoseCommand::apply(const Eigen::VectorXd& q) {
  if (!panel_ || !panel_->isVisible() || panel_->joints().size() != q.size()) {
    setObsolete(true);
    return;
  }
  panel_->setJoints(q);
}

}  // namespace armdyn::app
