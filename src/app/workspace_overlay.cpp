#include "workspace_overlay.h"

#include "arm_viewport.h"
#include "document.h"
#include "io/robot_file.h"
#include "kinematics/workspace_estimate.h"

#include <QAction>
#include <QLabel>
#include <QSignalBlocker>
#include <algorithm>

namespace armdyn::app {

namespace {

constexpr int kWorkspaceSamples = 100000;

}  // namespace

WorkspaceOverlay::WorkspaceOverlay(QObject* context, const Document* document, ArmViewport* viewport, QLabel* info,
                                   std::function<void(double volume)> ready)
    : document_(document),
      viewport_(viewport),
      info_(info),
      ready_(std::move(ready)),
      job_(context, BackgroundJob<Outcome>::OnDestroy::Detach) {}

WorkspaceOverlay::~WorkspaceOverlay() = default;

void WorkspaceOverlay::setAction(QAction* action) { action_ = action; }

bool WorkspaceOverlay::isShown() const { return action_ && action_->isChecked(); }

void WorkspaceOverlay::sessionChanged() {
  if (isShown()) compute();
}

void WorkspaceOverlay::setShown(bool shown) {
  if (action_->isChecked() != shown) {
    const QSignalBlocker block(action_);
    action_->setChecked(shown);
  }
  if (shown) {
    compute();
    return;
  }
  job_.drop();  // a run still going is dropped when it ends
  estimate_.reset();
  robot_.clear();
  busy_ = false;
  viewport_->container()->unsetCursor();
  viewport_->scene().setWorkspace(nullptr);
  info_->setVisible(false);
  viewport_->update();
}

void WorkspaceOverlay::compute() {
  const RobotSpec robot = document_->robot();
  std::string key;
  try {
    key = robotToYaml(robot);
  } catch (const std::exception&) {
    key.clear();
  }
  // Task and mode edits leave the robot, and so its workspace, as it was.
  if (!key.empty() && key == robot_ && (estimate_ || busy_)) return;
  robot_ = key;
  busy_ = true;
  viewport_->container()->setCursor(Qt::BusyCursor);
  info_->setText(tr("Estimating the reachable workspace (%L1 samples)…").arg(kWorkspaceSamples));
  info_->setVisible(true);
  job_.start(
      [robot](JobControl&) {
        Outcome out;
        try {
          out.estimate = std::make_shared<const WorkspaceEstimate>(estimateWorkspace(Model(robot), kWorkspaceSamples, 1, true));
        } catch (const std::exception& e) {
          out.error = QString::fromStdString(e.what());
        }
        return out;
      },
      [this](const Outcome& outcome) { show(outcome); });
}

void WorkspaceOverlay::show(const Outcome& outcome) {
  busy_ = false;
  viewport_->container()->unsetCursor();
  const bool first = !estimate_;
  estimate_ = outcome.estimate;
  viewport_->scene().setWorkspace(estimate_.get());
  if (first && estimate_) viewport_->fitToView();  // the whole cloud in view when it appears
  viewport_->update();
  if (!estimate_) {
    info_->setText(tr("Workspace not estimated: %1").arg(outcome.error));
    ready_(0.0);
    return;
  }
  const WorkspaceEstimate& w = *estimate_;
  int revolute = 0;  // manipulability of the position joints: m per revolute joint among 1-3
  for (int i = 0; i < std::min(3, document_->robot().dof()); ++i)
    revolute += document_->robot().links[static_cast<std::size_t>(i)].joint == JointType::Revolute ? 1 : 0;
  static const char* powers[] = {"", " m", " m²", " m³"};
  info_->setText(
      tr("<b>Reachable workspace</b> of the tool origin: volume %1 m³, reach %2 m, structural length index "
         "Q<sub>L</sub> = %3 (L = %4 m). %L5 samples, %L6 voxels of %7 mm. Colour: mean manipulability "
         "√det(J Jᵀ) of the voxel's samples, <span style='color:#1a4fd0'>blue</span> 0 (singular) to "
         "<span style='color:#d02010'>red</span> %8%9; grey: filled between samples.")
          .arg(w.volume, 0, 'f', 3)
          .arg(w.reach, 0, 'f', 3)
          .arg(w.structuralLengthIndex, 0, 'f', 3)
          .arg(w.lengthSum, 0, 'f', 3)
          .arg(w.samples)
          .arg(viewport_->scene().workspacePointCount())
          .arg(w.voxel * 1000.0, 0, 'f', 1)
          .arg(static_cast<double>(w.manipulabilityMax), 0, 'g', 3)
          .arg(QString::fromUtf8(powers[std::clamp(revolute, 0, 3)])));
  info_->setToolTip(tr("Centres of the occupied voxels of the core's sampled estimate (Craig 8.4, seeded), "
                       "coloured by the mean manipulability of the samples in each voxel."));
  ready_(w.volume);
}

}  // namespace armdyn::app
