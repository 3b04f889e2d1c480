#pragma once
// What one background simulation run hands to the GUI thread, in one piece: the model it ran,
// the core's run record (simulation/run_record.h: channels, summary, plan, status) of either
// mode, and the link frames of every sample for the animation.

#include "analysis/actuator_sizing.h"
#include "control/controller_file.h"
#include "model/model.h"
#include "simulation/run_record.h"
#include "studio_session.h"

#include <Eigen/Core>
#include <QMetaType>
#include <QString>
#include <memory>
#include <vector>

namespace armdyn::app {

struct SimulationResult {
  quint64 generation = 0;
  StudioSession session;               // exactly what was simulated
  std::shared_ptr<const Model> model;
  RunRecord record;
  // Forward simulation only: the controller configuration it used (null for prescribed motion).
  std::shared_ptr<const ControllerConfig> controllerConfig;
  // Frames of base (identity), links 1..n and the tool, for every sample: frame j of sample k
  // at frames[k * framesPerSample + j], base coordinates.
  std::vector<Eigen::Matrix4d> frames;
  int framesPerSample = 0;
  std::vector<Eigen::Matrix4d> pointFrames;  // the same for the configuration at each task point
  // Cartesian tasks: the commanded tool path (lines and arcs) for drawing, base coordinates, m.
  std::vector<Eigen::Vector3d> commandedPath;
  // Prescribed motion only (null otherwise, and when the Sizing tab was not on screen: the tab
  // then computes it when shown): actuator sizing of the task with its dwell.
  std::shared_ptr<const SizingReport> sizing;
  double computeMs = 0.0;              // wall time of the background run

  SimulationMode mode() const { return record.mode; }
  bool isForward() const { return record.mode == RunMode::ForwardSimulation; }
  int samples() const { return static_cast<int>(record.t.size()); }
  const Eigen::Matrix4d& frame(int sample, int j) const {
    return frames[static_cast<size_t>(sample) * framesPerSample + j];
  }
};

// Why a run failed. The last good result stays on screen.
struct SimulationFailure {
  quint64 generation = 0;
  QString message;
  int pointIndex = -1;    // task point that cannot be reached, or -1
  bool diverged = false;  // a forward simulation stopped by its divergence check
};

using SimulationResultPtr = std::shared_ptr<const SimulationResult>;

}  // namespace armdyn::app

Q_DECLARE_METATYPE(armdyn::app::SimulationResultPtr)
Q_DECLARE_METATYPE(armdyn::app::SimulationFailure)
