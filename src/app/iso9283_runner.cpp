#include "iso9283_runner.h"

#include "io/input_error.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace armdyn::app {

Iso9283Runner::Iso9283Runner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<IsoRunOutcome>();
  connect(&watcher_, &QFutureWatcher<IsoRunOutcome>::finished, this, [this] {
    const IsoRunOutcome out = watcher_.result();
    running_ = false;
    control_.reset();
    Q_EMIT busyChanged(false);
    Q_EMIT finished(out);
  });
}

Iso9283Runner::~Iso9283Runner() {
  if (control_) control_->cancel = true;
  watcher_.waitForFinished();
}

bool Iso9283Runner::start(const IsoRunRequest& request) {
  if (running_) return false;
  running_ = true;
  kind_ = request.kind;
  control_ = std::make_shared<RunControl>();
  Q_EMIT busyChanged(true);
  watcher_.setFuture(QtConcurrent::run([request, control = control_] {
    return compute(request, [&control](double fraction) {
      control->fraction = fraction;
      return !control->cancel.load();
    });
  }));
  return true;
}

void Iso9283Runner::cancel() {
  if (control_) control_->cancel = true;
}

double Iso9283Runner::progress() const { return running_ && control_ ? control_->fraction.load() : -1.0; }

IsoRunOutcome Iso9283Runner::compute(const IsoRunRequest& request, const std::function<bool(double)>& progress) {
  QElapsedTimer clock;
  clock.start();
  IsoRunOutcome out;
  out.kind = request.kind;
  out.robotName = QString::fromStdString(request.session.robot.name);
  try {
    const Model model(request.session.robot);
    const ControllerConfig controller = isoController(request.session, model, &out.controller);
    if (request.kind == IsoRunKind::Bench) {
      IsoBenchOptions o = isoBenchOptions(request.settings, request.session, model);
      o.progress = progress;
      auto result = std::make_shared<IsoBenchResult>(runIsoBench(model, controller, o));
      out.cancelled = result->cancelled;
      out.runsDone = result->runs;
      if (!result->cancelled) out.bench = std::move(result);
    } else {
      SpeedSweepOptions o = isoSweepOptions(request.settings, request.session, model, request.knownCube);
      o.progress = progress;
      auto result = std::make_shared<SpeedSweepResult>(runSpeedSweep(model, controller, o));
      out.cancelled = result->cancelled;
      out.runsDone = result->runs;
      if (!result->cancelled) out.sweep = std::move(result);
    }
  } catch (const InputError& e) {
    out.error = QString::fromStdString(e.message());
    out.field = QString::fromStdString(e.field());
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  out.seconds = clock.nsecsElapsed() / 1e9;
  return out;
}

}  // namespace armdyn::app
