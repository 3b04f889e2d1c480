#include "simulation_runner.h"

#include "arm_frames.h"

#include "actuation/drive.h"
#include "analysis/sample_derivative.h"
#include "simulation/task_summary.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <cstdio>
#include <exception>

namespace armdyn::app {

SimulationRunner::SimulationRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<SimulationResultPtr>();
  qRegisterMetaType<SimulationFailure>();
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &SimulationRunner::onFinished);
}

SimulationRunner::~SimulationRunner() {
  if (control_) control_->cancel = true;
  watcher_.waitForFinished();
}

void SimulationRunner::request(const StudioSession& session) {
  ++generation_;
  requestClock_.start();
  if (running_) {
    pending_ = session;
    if (control_) control_->cancel = true;  // its result would be stale
    return;
  }
  start(session, generation_);
}

void SimulationRunner::abandon() {
  ++generation_;
  pending_.reset();
  if (control_) control_->cancel = true;
}

double SimulationRunner::progress() const { return running_ && control_ ? control_->fraction.load() : -1.0; }

void SimulationRunner::start(StudioSession session, quint64 generation) {
  running_ = true;
  runningGeneration_ = generation;
  control_ = std::make_shared<RunControl>();
  Q_EMIT busyChanged(true);
  watcher_.setFuture(QtConcurrent::run([session = std::move(session), generation, control = control_]() {
    Outcome out;
    try {
      out.result = compute(session, generation, [&control](double fraction) {
        control->fraction = fraction;
        return !control->cancel.load();
      });
    } catch (const UnreachablePointError& e) {
      out.failure = {generation, QString::fromStdString(e.what()), e.pointIndex()};
    } catch (const ForwardDivergence& e) {
      out.failure = {generation, QString::fromStdString(e.what()), -1, true};
    } catch (const std::exception& e) {
      out.failure = {generation, QString::fromStdString(e.what()), -1};
    }
    return out;
  }));
}

void SimulationRunner::onFinished() {
  Outcome out = watcher_.result();
  if (qEnvironmentVariableIsSet("ARMDYN_PROFILE_APPLY") && out.result) {
    std::fprintf(stderr, "run %llu: request->finished %.1f ms, compute %.1f ms\n",
                 static_cast<unsigned long long>(runningGeneration_), requestClock_.nsecsElapsed() / 1e6,
                 out.result->computeMs);
  }
  running_ = false;
  if (pending_) {
    // A newer edit arrived while this run was in flight: its result is stale.
    StudioSession next = std::move(*pending_);
    pending_.reset();
    start(std::move(next), generation_);
    return;
  }
  Q_EMIT busyChanged(false);
  if (runningGeneration_ != generation_) return;  // abandoned
  if (out.result) {
    Q_EMIT finished(out.result);
  } else {
    Q_EMIT failed(out.failure);
  }
}

SimulationResultPtr SimulationRunner::compute(const StudioSession& session, quint64 generation,
                                             const std::function<bool(double fraction)>& progress) {
  QElapsedTimer clock;
  clock.start();
  auto result = std::make_shared<SimulationResult>();
  result->generation = generation;
  result->session = session;
  result->model = std::make_shared<const Model>(session.robot);
  const Model& model = *result->model;
  result->sim = simulateTask(model, session.task);
  if (session.mode == SimulationMode::ForwardSimulation) {
    validateControllerSettings(session.controller, model);
    auto config = std::make_shared<ControllerConfig>(controllerConfig(session.controller, model));
    // The same task, planned as above; the run lasts the plan (also for a hold or step setpoint).
    const double duration = result->sim.planDuration;
    std::function<bool(double)> onRow;
    if (progress) onRow = [&progress, duration](double t) { return progress(duration > 0.0 ? t / duration : 0.0); };
    auto run = std::make_shared<ControlRun>(runController(model, &session.task, *config, duration, onRow));
    const RunSummary& summary = run->result.summary;
    if (summary.stopped) throw RunCancelled(summary.message);
    if (summary.diverged) throw ForwardDivergence(summary.message);
    const RunHistory& h = run->result.history;
    TaskSimulation& sim = result->sim;
    sim.t = h.t;
    sim.q = h.q;
    sim.qd = h.qd;
    sim.qdd = timeDerivative(h.t, h.qd);
    sim.force = h.motorTorque;
    sim.includesDrives = !config->rigidBody && hasDrives(model);
    sim.dt = h.t.size() > 1 ? (h.t.back() - h.t.front()) / static_cast<double>(h.t.size() - 1) : 0.0;
    sim.summary = summarizeSamples(sim.t, sim.q, sim.qd, sim.qdd, sim.force, summary.finalTime);
    result->control = std::move(run);
    result->controllerConfig = std::move(config);
  }
  ArmFrames frames(model);
  result->framesPerSample = frames.count();
  const int samples = static_cast<int>(result->sim.t.size());
  result->frames.resize(static_cast<size_t>(samples) * frames.count());
  for (int k = 0; k < samples; ++k) {
    frames.compute(result->sim.q.row(k).transpose(), &result->frames[static_cast<size_t>(k) * frames.count()]);
  }
  const int points = static_cast<int>(result->sim.pointJoints.rows());
  result->pointFrames.resize(static_cast<size_t>(points) * frames.count());
  for (int p = 0; p < points; ++p) {
    frames.compute(result->sim.pointJoints.row(p).transpose(),
                   &result->pointFrames[static_cast<size_t>(p) * frames.count()]);
  }
  result->computeMs = clock.nsecsElapsed() / 1e6;
  return result;
}

}  // namespace armdyn::app
