#pragma once
// What one background simulation run hands to the GUI thread, in one piece: the model it ran,
// the sampled histories, and the link frames of every sample for the animation.
// Prescribed motion: Vora's SIMULATE (task_simulation.h). Forward simulation: the closed-loop
// run (control_run.h) along the same task, its motion put in Vora's shape so every view reads
// `sim` alike: q and qd recorded, qdd by three-point differences of qd
// (analysis/sample_derivative.h), force = the drive torque at each joint (N kt i, or the torque
// input); the plan's task points, segments and times come from the prescribed plan.

#include "control/control_run.h"
#include "model/model.h"
#include "simulation/task_simulation.h"
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
  TaskSimulation sim;
  // Forward simulation only: the run and the configuration it used (null for prescribed motion).
  std::shared_ptr<const ControlRun> control;
  std::shared_ptr<const ControllerConfig> controllerConfig;
  // Frames of base (identity), links 1..n and the tool, for every sample: frame j of sample k
  // at frames[k * framesPerSample + j], base coordinates.
  std::vector<Eigen::Matrix4d> frames;
  int framesPerSample = 0;
  std::vector<Eigen::Matrix4d> pointFrames;  // the same for the configuration at each task point
  double computeMs = 0.0;              // wall time of the background run

  SimulationMode mode() const { return control ? SimulationMode::ForwardSimulation : SimulationMode::PrescribedMotion; }
  int samples() const { return static_cast<int>(sim.t.size()); }
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
