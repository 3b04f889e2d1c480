#include "simulation_runner.h"

#include "arm_frames.h"

#include "run/task_run.h"

#include <QElapsedTimer>
#include <cstdio>
#include <exception>

namespace armdyn::app {

SimulationRunner::SimulationRunner(QObject* parent) : QObject(parent), job_(this) {
  qRegisterMetaType<SimulationResultPtr>();
  qRegisterMetaType<SimulationFailure>();
}

SimulationRunner::~SimulationRunner() = default;  // job_ cancels the run in flight and waits for it

void SimulationRunner::request(const StudioSession& session) {
  ++generation_;
  requestClock_.start();
  if (job_.isRunning()) {
    pending_ = session;
    job_.cancel();  // its result would be stale
    return;
  }
  start(session, generation_);
}

void SimulationRunner::abandon() {
  ++generation_;
  pending_.reset();
  job_.cancel();
}

double SimulationRunner::progress() const { return job_.progress(); }

void SimulationRunner::start(StudioSession session, quint64 generation) {
  runningGeneration_ = generation;
  job_.start(
      [session = std::move(session), generation, sizing = sizingWanted_](JobControl& control) {
        Outcome out;
        try {
          out.result = compute(
              session, generation, [&control](double fraction) { return control.report(fraction); }, sizing);
        } catch (const UnreachablePointError& e) {
          // Read after "Point 3 " (banner, task dialog): where and why, not the CLI's
          // "FILE:LINE: points[3]: point 3 ..." naming the point a second time.
          const Eigen::Vector3d& p = e.position();
          out.failure = {generation,
                         QStringLiteral("at (%1, %2, %3) m cannot be reached: %4")
                             .arg(QString::number(p.x(), 'g', 4), QString::number(p.y(), 'g', 4),
                                  QString::number(p.z(), 'g', 4), QString::fromStdString(e.reason())),
                         e.pointIndex()};
        } catch (const ForwardDivergence& e) {
          out.failure = {generation, QString::fromStdString(e.what()), -1, true};
        } catch (const std::exception& e) {
          out.failure = {generation, QString::fromStdString(e.what()), -1};
        }
        return out;
      },
      [this](Outcome out) { onFinished(std::move(out)); });
  Q_EMIT busyChanged(true);
}

void SimulationRunner::onFinished(Outcome out) {
  if (qEnvironmentVariableIsSet("ARMDYN_PROFILE_APPLY") && out.result) {
    std::fprintf(stderr, "run %llu: request->finished %.1f ms, compute %.1f ms\n",
                 static_cast<unsigned long long>(runningGeneration_), requestClock_.nsecsElapsed() / 1e6,
                 out.result->computeMs);
  }
  if (pending_) {
    // A newer edit arrived while this run was in flight: its result is stale.
    StudioSession next = std::move(*pending_);
    pending_.reset();
    start(std::move(next), generation_);
    return;
  }
  Q_EMIT busyChanged(false);
  if (runningGeneration_ != generation_) return;  // abandoned
  answeredGeneration_ = runningGeneration_;
  if (out.result) {
    Q_EMIT finished(out.result);
  } else {
    Q_EMIT failed(out.failure);
  }
}

SimulationResultPtr SimulationRunner::compute(const StudioSession& session, quint64 generation,
                                             const std::function<bool(double fraction)>& progress, bool withSizing) {
  QElapsedTimer clock;
  clock.start();
  auto result = std::make_shared<SimulationResult>();
  result->generation = generation;
  result->session = session;
  result->model = std::make_shared<const Model>(session.robot);
  const Model& model = *result->model;
  RunOptions options = runOptionsOf(session, model);
  if (options.controller) {
    options.progress = progress;
    result->controllerConfig = options.controller;
  }
  result->record = runTask(model, session.task, options);
  if (result->record.stopped) throw RunCancelled(result->record.message);
  if (result->record.diverged) throw ForwardDivergence(result->record.message);
  ArmFrames frames(model);
  result->framesPerSample = frames.count();
  const int samples = static_cast<int>(result->record.t.size());
  result->frames.resize(static_cast<size_t>(samples) * frames.count());
  for (int k = 0; k < samples; ++k) {
    frames.compute(result->record.q.row(k).transpose(), &result->frames[static_cast<size_t>(k) * frames.count()]);
  }
  const int points = static_cast<int>(result->record.plan.pointJoints.rows());
  result->pointFrames.resize(static_cast<size_t>(points) * frames.count());
  for (int p = 0; p < points; ++p) {
    frames.compute(result->record.plan.pointJoints.row(p).transpose(),
                   &result->pointFrames[static_cast<size_t>(p) * frames.count()]);
  }
  if (result->record.plan.path) result->commandedPath = result->record.plan.path->polyline(0.005);
  if (withSizing && !result->isForward() && result->record.samples() > 0)
    result->sizing = std::make_shared<const SizingReport>(
        sizeActuators(model, {{&result->record, session.task.dwell, session.task.name}}));
  result->computeMs = clock.nsecsElapsed() / 1e6;
  return result;
}

}  // namespace armdyn::app
