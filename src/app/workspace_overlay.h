#pragma once
// View > Show reachable workspace: the core's estimate (kinematics/workspace_estimate.h, 1e5
// samples, off the GUI thread: BackgroundJob) as a point cloud in the 3D view, and its volume,
// reach and Q_L in a line above the view; estimated again when the robot changes while shown
// (task and mode edits keep it). Turning it off drops an estimate still running.

#include "background_job.h"

#include <QCoreApplication>
#include <QString>
#include <functional>
#include <memory>
#include <string>

class QAction;
class QLabel;
class QObject;

namespace armdyn {
struct WorkspaceEstimate;
}

namespace armdyn::app {

class ArmViewport;
class Document;

class WorkspaceOverlay {
  // The window's texts and their translation context, as before they moved here.
  Q_DECLARE_TR_FUNCTIONS(armdyn::app::MainWindow)

 public:
  // `info`: the line above the view; `ready(volume)` after each estimate reached the view
  // (volume 0: it failed). `context`: the GUI object whose thread gets the results.
  WorkspaceOverlay(QObject* context, const Document* document, ArmViewport* viewport, QLabel* info,
                   std::function<void(double volume)> ready);
  ~WorkspaceOverlay();

  // The View menu's check box (its owner connects it to setShown); it follows setShown.
  void setAction(QAction* action);
  QAction* action() const { return action_; }
  void setShown(bool shown);
  bool isShown() const;
  // The session changed: a new estimate if the robot did while shown.
  void sessionChanged();
  const WorkspaceEstimate* estimate() const { return estimate_.get(); }
  bool busy() const { return busy_; }

 private:
  struct Outcome {
    std::shared_ptr<const WorkspaceEstimate> estimate;
    QString error;
  };
  void compute();
  void show(const Outcome& outcome);

  const Document* document_;
  ArmViewport* viewport_;
  QLabel* info_;
  std::function<void(double)> ready_;
  QAction* action_ = nullptr;
  std::shared_ptr<const WorkspaceEstimate> estimate_;
  std::string robot_;  // the robot (YAML) estimated or being estimated
  bool busy_ = false;
  // An estimate owns all it uses: closing the window does not wait for one.
  BackgroundJob<Outcome> job_;
};

}  // namespace armdyn::app
