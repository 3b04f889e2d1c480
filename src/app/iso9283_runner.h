#pragma once
// Runs the ISO 9283 bench or the error-speed sweep of the Accuracy tab off the GUI thread, as
// SimulationRunner runs a simulation (BackgroundJob): a request copies the session and the settings; the worker
// builds a Model and the controller (iso9283_settings.h) and calls the core (runIsoBench or
// runSpeedSweep, which spread their runs over threads of their own). The core's progress
// callback, called on the worker, stores the fraction done (progress() reads it) and returns
// false once cancel() was called: the core stops and the outcome says cancelled. One run at a
// time; the outcome arrives in one piece through finished().

#include "analysis/iso9283_bench.h"
#include "analysis/speed_sweep.h"
#include "background_job.h"
#include "iso9283_settings.h"
#include "studio_session.h"

#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

namespace armdyn::app {

enum class IsoRunKind { Bench, Sweep };

struct IsoRunRequest {
  IsoRunKind kind = IsoRunKind::Bench;
  StudioSession session;
  IsoSettings settings;
  std::optional<IsoCube> knownCube;  // the sweep's cube with "largest cube" (the last bench's)
};

struct IsoRunOutcome {
  IsoRunKind kind = IsoRunKind::Bench;
  std::shared_ptr<const IsoBenchResult> bench;    // when a bench finished
  std::shared_ptr<const SpeedSweepResult> sweep;  // when a sweep finished
  bool cancelled = false;
  int runsDone = 0;           // closed-loop runs finished (also when cancelled)
  QString error;              // why it did not run (InputError's message in words), or empty
  QString field;              // the InputError's field ("iso9283.cube.edge"), or empty
  QString controller;         // which controller it ran under
  double seconds = 0.0;       // wall time
  QString robotName;
};

class Iso9283Runner : public QObject {
  Q_OBJECT
 public:
  explicit Iso9283Runner(QObject* parent = nullptr);
  ~Iso9283Runner() override;

  // False (nothing started) while a run is in flight.
  bool start(const IsoRunRequest& request);
  // The core's progress callback returns false from now on: the run stops at its next finished
  // closed-loop run and its outcome says cancelled.
  void cancel();
  bool isBusy() const { return job_.isRunning(); }
  IsoRunKind busyKind() const { return kind_; }
  // Fraction done (0..1) of the run in flight; -1 before its first report or when idle.
  double progress() const;

  // The same work, synchronously (the worker calls it; tests too). `progress` gets the core's
  // fraction and its answer goes back to the core (false cancels).
  static IsoRunOutcome compute(const IsoRunRequest& request, const std::function<bool(double)>& progress = {});

 Q_SIGNALS:
  void finished(const armdyn::app::IsoRunOutcome& outcome);
  void busyChanged(bool busy);

 private:
  IsoRunKind kind_ = IsoRunKind::Bench;
  BackgroundJob<IsoRunOutcome> job_;  // waited for on destruction
};

}  // namespace armdyn::app

Q_DECLARE_METATYPE(armdyn::app::IsoRunOutcome)
