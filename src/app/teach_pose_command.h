#pragma once
// One undo step of teach mode that moves the teach joints (a drag in the 3D view): undo puts the
// arm back where the drag started, redo where it ended. The joints are view state, not the
// session's: the command goes through Document::pushViewStep, which keeps a saved document
// reading saved.

#include <Eigen/Core>
#include <QPointer>
#include <QUndoCommand>

namespace armdyn::app {

class TeachPanel;

class TeachPoseCommand : public QUndoCommand {
 public:
  TeachPoseCommand(TeachPanel* panel, const Eigen::VectorXd& before, const Eigen::VectorXd& after,
                   const QString& text);
  void undo() override;
  void redo() override;

 private:
  void apply(const Eigen::VectorXd& q);
  QPointer<TeachPanel> panel_;
  Eigen::VectorXd before_, after_;
};

}  // namespace armdyn::app
