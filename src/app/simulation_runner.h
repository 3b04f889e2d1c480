#pragma once
// Runs the simulation off the GUI thread (MuJoCo simulate's pattern): a request copies the
// session; the worker builds a new Model, calls the core's run pipeline (runTask,
// run/task_run.h) in the session's mode, then the link frames of every sample for the
// animation, and hands the result back in one piece. At most one run is in flight; a newer
// request supersedes the pending one, and a run that finishes after a newer request was made
// (or after abandon()) is dropped, and a forward run in flight is told to stop at its next
// recorded row (ClosedLoopSetup::progress), so Stop and a newer edit free the worker at once.
// A forward simulation that diverges fails with the core's message (joint, time, quantity).

#include "simulation_result.h"

#include "background_job.h"

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

namespace armdyn::app {

// A forward simulation stopped by its divergence check; what() is the core's message.
class ForwardDivergence : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A forward run stopped by the caller (Stop, or superseded by a newer edit).
class RunCancelled : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SimulationRunner : public QObject {
  Q_OBJECT
 public:
  explicit SimulationRunner(QObject* parent = nullptr);
  ~SimulationRunner() override;

  void request(const StudioSession& session);
  // Drops the run in flight and any pending one (their results never arrive); the worker
  // finishes in the background.
  void abandon();
  bool isBusy() const { return job_.isRunning(); }
  // Fraction done (0..1) of the forward run in flight: simulated time / duration; -1 when no
  // run is in flight or it reports no fraction (prescribed motion).
  double progress() const;
  quint64 latestGeneration() const { return generation_; }
  // Generation of the newest run whose result or failure was announced (finished or failed):
  // equal to latestGeneration() once the newest request has been answered either way.
  quint64 answeredGeneration() const { return answeredGeneration_; }
  // Whether runs also compute the actuator sizing (SimulationResult::sizing): on while the
  // Sizing tab is on screen, so that other edits do not wait for it.
  void setSizingWanted(bool wanted) { sizingWanted_ = wanted; }

  // The same work, synchronously (used by the background thread and by tests). A forward run
  // calls progress(fraction done) after each recorded row; false stops it (RunCancelled).
  // Throws UnreachablePointError, InputError, ModelError, ForwardDivergence or RunCancelled.
  static SimulationResultPtr compute(const StudioSession& session, quint64 generation,
                                     const std::function<bool(double fraction)>& progress = {},
                                     bool withSizing = true);

 Q_SIGNALS:
  void finished(armdyn::app::SimulationResultPtr result);
  void failed(const armdyn::app::SimulationFailure& failure);
  void busyChanged(bool busy);

 private:
  struct Outcome {
    SimulationResultPtr result;
    SimulationFailure failure;
  };
  void start(StudioSession session, quint64 generation);
  void onFinished(Outcome out);

  bool sizingWanted_ = false;
  quint64 generation_ = 0;        // of the newest request
  quint64 runningGeneration_ = 0;
  quint64 answeredGeneration_ = 0;
  std::optional<StudioSession> pending_;
  QElapsedTimer requestClock_;  // since the newest request (profiling)
  BackgroundJob<Outcome> job_;  // the run in flight (cancelled and waited for on destruction)
};

}  // namespace armdyn::app
