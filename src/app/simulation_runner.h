#pragma once
// Runs Vora's SIMULATE off the GUI thread (MuJoCo simulate's pattern): a request copies the
// session; the worker builds a new Model, calls simulateTask and the forward kinematics of
// every sample, and hands the result back in one piece. At most one run is in flight; a newer
// request supersedes the pending one, and a run that finishes after a newer request was made
// is dropped.

#include "simulation_result.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <optional>

namespace armdyn::app {

class SimulationRunner : public QObject {
  Q_OBJECT
 public:
  explicit SimulationRunner(QObject* parent = nullptr);
  ~SimulationRunner() override;

  void request(const Session& session);
  bool isBusy() const { return running_; }
  quint64 latestGeneration() const { return generation_; }

  // The same work, synchronously (used by the background thread and by tests).
  static SimulationResultPtr compute(const Session& session, quint64 generation);

 Q_SIGNALS:
  void finished(armdyn::app::SimulationResultPtr result);
  void failed(const armdyn::app::SimulationFailure& failure);
  void busyChanged(bool busy);

 private:
  struct Outcome {
    SimulationResultPtr result;
    SimulationFailure failure;
  };
  void start(Session session, quint64 generation);
  void onFinished();

  QFutureWatcher<Outcome> watcher_;
  bool running_ = false;
  quint64 generation_ = 0;        // of the newest request
  quint64 runningGeneration_ = 0;
  std::optional<Session> pending_;
  QElapsedTimer requestClock_;  // since the newest request (profiling)
};

}  // namespace armdyn::app
