#include "run_indicator.h"

#include "document.h"
#include "simulation_runner.h"

#include <QMainWindow>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>

namespace armdyn::app {

RunIndicator::RunIndicator(QMainWindow* window, SimulationRunner* runner, const Document* document)
    : window_(window), runner_(runner), document_(document) {
  progress_ = new QProgressBar(window);
  progress_->setObjectName("runProgress");
  progress_->setRange(0, 0);  // busy until a forward run reports its fraction done
  progress_->setFormat(tr("%p%"));
  progress_->setTextVisible(true);
  progress_->setMaximumWidth(160);
  progress_->setMaximumHeight(16);
  progress_->setVisible(false);
  stop_ = new QPushButton(tr("Stop"), window);
  stop_->setObjectName("stopRun");
  stop_->setToolTip(tr("Drop the run in progress; the results on screen stay"));
  stop_->setVisible(false);
  window->statusBar()->addPermanentWidget(progress_);
  window->statusBar()->addPermanentWidget(stop_);
  // A run that takes longer than a moment shows the busy bar and a Stop button.
  busyTimer_ = new QTimer(window);
  busyTimer_->setSingleShot(true);
  busyTimer_->setInterval(300);
  QObject::connect(busyTimer_, &QTimer::timeout, window, [this] { updateBusy(); });
  // While the bar shows: a forward run's simulated time / duration as a percentage.
  progressTimer_ = new QTimer(window);
  progressTimer_->setInterval(100);
  QObject::connect(progressTimer_, &QTimer::timeout, window, [this] { updateProgress(); });
  QObject::connect(stop_, &QPushButton::clicked, window, [this] {
    runner_->abandon();
    window_->statusBar()->showMessage(tr("Run stopped; showing the last results"), 5000);
    progress_->setVisible(false);
    stop_->setVisible(false);
    progressTimer_->stop();
  });
  QObject::connect(runner_, &SimulationRunner::busyChanged, window, [this](bool busy) {
    if (busy) {
      window_->statusBar()->showMessage(document_->session().mode == SimulationMode::ForwardSimulation
                                            ? tr("Forward simulation…")
                                            : tr("Simulating…"));
      busyTimer_->start();
    } else {
      busyTimer_->stop();
    }
    updateBusy();
  });
}

void RunIndicator::updateBusy() {
  const bool show = runner_->isBusy() && !busyTimer_->isActive();
  progress_->setVisible(show);
  stop_->setVisible(show);
  if (show) {
    updateProgress();
    progressTimer_->start();
  } else {
    progressTimer_->stop();
    progress_->setRange(0, 0);
  }
}

void RunIndicator::updateProgress() {
  const double fraction = runner_->progress();
  if (fraction < 0.0) {
    progress_->setRange(0, 0);
    return;
  }
  progress_->setRange(0, 100);
  progress_->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100.0));
}

}  // namespace armdyn::app
