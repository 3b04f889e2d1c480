#include "iso9283_runner.h"

#include "common/input_error.h"

#include <QElapsedTimer>
#include <exception>

namespace armdyn::app {

Iso9283Runner::Iso9283Runner(QObject* parent) : QObject(parent), job_(this) { qRegisterMetaType<IsoRunOutcome>(); }

Iso9283Runner::~Iso9283Runner() = default;  // the job in flight is cancelled and waited for

bool Iso9283Runner::start(const IsoRunRequest& request) {
  if (job_.isRunning()) return false;
  kind_ = request.kind;
  job_.start([request](JobControl& control) { return compute(request, [&control](double f) { return control.report(f); }); },
             [this](const IsoRunOutcome& out) {
               Q_EMIT busyChanged(false);
               Q_EMIT finished(out);
             });
  Q_EMIT busyChanged(true);
  return true;
}

void Iso9283Runner::cancel() { job_.cancel(); }

double Iso9283Runner::progress() const { return job_.progress(); }

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
