#pragma once
// The status bar's run indicator: a run that takes longer than a moment (300 ms) shows a busy
// bar, a forward run's fraction done as a percentage (simulated time / duration, polled every
// 100 ms), and a Stop button that drops the run (SimulationRunner::abandon; the results on
// screen stay). A run starting says so in the status bar ("Simulating…").

#include <QCoreApplication>

class QMainWindow;
class QProgressBar;
class QPushButton;
class QTimer;

namespace armdyn::app {

class Document;
class SimulationRunner;

class RunIndicator {
  // The window's texts and their translation context, as before they moved here.
  Q_DECLARE_TR_FUNCTIONS(armdyn::app::MainWindow)

 public:
  // Adds the bar and the button to `window`'s status bar.
  RunIndicator(QMainWindow* window, SimulationRunner* runner, const Document* document);
  QProgressBar* progressBar() const { return progress_; }

 private:
  void updateBusy();
  void updateProgress();

  QMainWindow* window_;
  SimulationRunner* runner_;
  const Document* document_;
  QProgressBar* progress_;
  QPushButton* stop_;
  QTimer* busyTimer_;
  QTimer* progressTimer_;
};

}  // namespace armdyn::app
