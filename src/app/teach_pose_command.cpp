#include "teach_pose_command.h"

#include "teach_panel.h"

namespace armdyn::app {

TeachPoseCommand::TeachPoseCommand(TeachPanel* panel, const Eigen::VectorXd& before, const Eigen::VectorXd& after,
                                   const QString& text)
    : QUndoCommand(text), panel_(panel), before_(before), after_(after) {}

// A robot edit changes the joint count: such a step (older than the edit) no longer applies, and
// TeachPanel::setJoints ignores joints of the wrong size.
void TeachPoseCommand::undo() {
  if (panel_) panel_->setJoints(before_);
}

void TeachPoseCommand::redo() {
  if (panel_) panel_->setJoints(after_);
}

}  // namespace armdyn::app
