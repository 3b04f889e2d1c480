#pragma once
// One background job, written once for every worker of Studio (SimulationRunner, Iso9283Runner,
// the workspace estimate, the tuner): `work` runs on the global thread pool (QtConcurrent::run)
// with a JobControl it shares with the GUI thread; `done` gets its result on the context's
// thread (the GUI) through a QFutureWatcher.
//
// - cancel(): the job's JobControl says cancelled (the core's progress callback, report(),
//   returns false from then on); its result still arrives, and the owner decides what it means.
// - progress(): the fraction the job last reported (0..1), -1 before its first report or idle.
// - start() while a job is in flight supersedes it: the old job is told to cancel and its result
//   is dropped (never reaches any `done`); drop() does the same without starting another.
//   generation() counts the starts: the result of start number g arrives only if no start or
//   drop came after it.
// - Destroying the job cancels the one in flight and, with OnDestroy::Wait, waits for it (work
//   that uses its owner's state must be waited for); OnDestroy::Detach lets work that owns all it
//   uses finish in the background, its result dropped.

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <functional>
#include <memory>
#include <utility>

namespace armdyn::app {

// Shared by a job's worker and the GUI thread.
struct JobControl {
  std::atomic<bool> cancel{false};
  std::atomic<double> fraction{-1.0};
  // The progress callback the core takes: stores the fraction done, false once cancelled.
  bool report(double done) {
    fraction = done;
    return !cancel.load();
  }
  bool cancelled() const { return cancel.load(); }
};

template <typename Result>
class BackgroundJob {
 public:
  enum class OnDestroy { Wait, Detach };
  using Work = std::function<Result(JobControl& control)>;
  using Done = std::function<void(Result result)>;

  // `done` callbacks run in `context`'s thread, and never after `context` or this job is gone.
  explicit BackgroundJob(QObject* context, OnDestroy onDestroy = OnDestroy::Wait)
      : context_(context), onDestroy_(onDestroy) {}
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  ~BackgroundJob() {
    if (control_) control_->cancel = true;
    delete watcher_;  // its result never arrives
    watcher_ = nullptr;
    if (onDestroy_ == OnDestroy::Wait) future_.waitForFinished();
  }

  // Runs `work` off the GUI thread; a job in flight is superseded (see above). Returns the
  // job's generation.
  quint64 start(Work work, Done done) {
    drop();
    const quint64 generation = generation_;
    control_ = std::make_shared<JobControl>();
    watcher_ = new QFutureWatcher<Result>();
    QFutureWatcher<Result>* watcher = watcher_;
    QObject::connect(watcher, &QFutureWatcherBase::finished, context_, [this, watcher, generation, done = std::move(done)] {
      watcher->deleteLater();
      if (watcher != watcher_ || generation != generation_) return;  // superseded or dropped
      Result result = watcher->result();
      watcher_ = nullptr;
      control_.reset();
      done(std::move(result));  // may start the next job
    });
    future_ = QtConcurrent::run([work = std::move(work), control = control_]() { return work(*control); });
    watcher->setFuture(future_);
    return generation;
  }

  // The job in flight is told to stop; its result still arrives.
  void cancel() {
    if (control_) control_->cancel = true;
  }
  // The job in flight is told to stop and its result never arrives.
  void drop() {
    ++generation_;
    cancel();
    control_.reset();
    if (watcher_) {
      QObject::disconnect(watcher_, nullptr, context_, nullptr);
      watcher_->deleteLater();
      watcher_ = nullptr;
    }
  }

  bool isRunning() const { return watcher_ != nullptr; }
  double progress() const { return control_ ? control_->fraction.load() : -1.0; }
  quint64 generation() const { return generation_; }

 private:
  QObject* context_;
  OnDestroy onDestroy_;
  QFutureWatcher<Result>* watcher_ = nullptr;  // of the job whose result is awaited
  QFuture<Result> future_;                     // of the newest job (waited for on destruction)
  std::shared_ptr<JobControl> control_;        // of the job in flight
  quint64 generation_ = 0;
};

}  // namespace armdyn::app
