#pragma once
// The Timing tab: the phase plane of a time-optimal plan (trajectory/time_optimal_timing.h): path
// speed sd against the path parameter s, with the limit curve (the largest speed the joint and
// drive limits allow at each point), the controllable set of the backward pass (the speeds from
// which the end can still be reached), and the chosen profile; piece boundaries (stops) marked.
// Other plans: a note saying how to get one.

#include "simulation_result.h"

#include <QWidget>

class QCustomPlot;
class QLabel;

namespace armdyn::app {

class PhasePlaneView : public QWidget {
  Q_OBJECT
 public:
  explicit PhasePlaneView(QWidget* parent = nullptr);
  // Refreshes now when shown, else when next shown (a hidden tab costs the GUI thread nothing).
  void setResult(const SimulationResultPtr& result);

 protected:
  void showEvent(QShowEvent* event) override;

 public:
  QCustomPlot* plot() const { return plot_; }
  QLabel* heading() const { return heading_; }

 private:
  QLabel* heading_;
  QCustomPlot* plot_;
  SimulationResultPtr result_;
  bool pending_ = false;
  void refresh();
};

}  // namespace armdyn::app
