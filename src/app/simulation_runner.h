#pragma once
// Runs the simulation off the GUI thread (MuJoCo simulate's pattern): a request copies the
// session; the worker builds a new Model, calls simulateTask (prescribed motion) or
// runController along the task (forward simulation), then the forward kinematics of every
// sample, and hands the result back in one piece. At most one run is in flight; a newer
// request supersedes the pending one, and a run that finishes after a newer request was made
// (or after abandon()) is dropped. A forward simulation that diverges fails with the core's
// message (joint, time, quantity).

#include "simulation_result.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <optional>
#include <stdexcept>

namespace armdyn::app {

// A forward simulation stopped by its divergence check; what() is the core's message.
class ForwardDivergence : public std::runtime_error {
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
  bool isBusy() const { return running_; }
  quint64 latestGeneration() const { return generation_; }

  // The same work, synchronously (used by the background thread and by tests). Throws
  // UnreachablePointError, InputError, ModelError, or ForwardDivergence.
  static SimulationResultPtr compute(const StudioSession& session, quint64 generation);

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
  void onFinished();

  QFutureWatcher<Outcome> watcher_;
  bool running_ = false;
  quint64 generation_ = 0;        // of the newest request
  quint64 runningGeneration_ = 0;
  std::optional<StudioSession> pending_;
  QElapsedTimer requestClock_;  // since the newest request (profiling)
};

}  // namespace armdyn::app
