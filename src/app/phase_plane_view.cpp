#include "phase_plane_view.h"

#include "plot_style.h"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace armdyn::app {

PhasePlaneView::PhasePlaneView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  heading_ = new QLabel(this);
  heading_->setObjectName("phaseHeading");
  heading_->setWordWrap(true);
  heading_->setTextFormat(Qt::RichText);
  heading_->setAlignment(Qt::AlignLeft | Qt::AlignTop);  // at the top also when it is alone
  layout->addWidget(heading_);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("phasePlot");
  plot_->legend->setVisible(true);
  plot_->legend->setFont(QFont(font().family(), 8));
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  layout->addWidget(plot_, 1);
}

void PhasePlaneView::setResult(const SimulationResultPtr& result) {
  result_ = result;
  pending_ = !isVisible();
  if (!pending_) refresh();
}

void PhasePlaneView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (pending_) refresh();
}

void PhasePlaneView::refresh() {
  pending_ = false;
  plot_->clearGraphs();
  plot_->clearItems();
  // Empty axes say nothing: the plot is shown with a time-optimal plan only (the walkthrough saw
  // bare 0-5 axes and an empty legend under the heading's explanation).
  plot_->setVisible(result_ && result_->record.plan.timeOptimal);
  if (!result_) return;
  const TaskPlan& plan = result_->record.plan;
  if (!plan.timeOptimal) {
    heading_->setText(tr("<b>Phase plane</b>: shown for a time-optimal plan. In <i>Trajectory ▸ Points and scheme</i> "
                         "choose <i>Timing: time-optimal</i> to time the same path as fast as every joint's velocity, "
                         "acceleration and torque limit and every drive's voltage allow."));
    plot_->replot();
    return;
  }
  const PhasePlane& ph = plan.timeOptimal->phase;
  const bool cartesian = static_cast<bool>(plan.path);
  // Limits of the joints named in the heading: which binds most of the time.
  std::vector<double> share(result_->model->dof() * 5, 0.0);
  for (std::size_t i = 0; i + 1 < ph.t.size(); ++i)
    if (ph.bindingJoint[i] >= 0)
      share[ph.bindingJoint[i] * 5 + static_cast<int>(ph.bindingKind[i])] += ph.t[i + 1] - ph.t[i];
  const auto top = std::max_element(share.begin(), share.end()) - share.begin();
  const double total = ph.t.empty() ? 0.0 : ph.t.back();
  heading_->setText(
      tr("<b>Phase plane</b> of the time-optimal plan: %1 s (the best uniform time scaling of the same path: %2 s). A "
         "limit is active %3 % of the time; most often joint %4's %5 limit (%6 %).")
          .arg(plan.duration(), 0, 'g', 5)
          .arg(plan.uniform.feasible ? QString::number(plan.uniform.duration, 'g', 5) : tr("none"))
          .arg(100.0 * plan.timeOptimal->activeFraction, 0, 'f', 1)
          .arg(top / 5 + 1)
          .arg(QString::fromLatin1(pathLimitName(static_cast<PathLimitKind>(top % 5))))
          .arg(total > 0.0 ? 100.0 * share[top] / total : 0.0, 0, 'f', 0));
  const int P = static_cast<int>(ph.s.size());
  QVector<double> s(P), sd(P), lo(P), hi(P), lim(P);
  double top2 = 0.0;
  for (int i = 0; i < P; ++i) {
    s[i] = ph.s[i];
    sd[i] = ph.sd[i];
    lo[i] = ph.sdMin[i];
    hi[i] = ph.sdMax[i];
    top2 = std::max(top2, hi[i]);
  }
  for (int i = 0; i < P; ++i) lim[i] = std::isfinite(ph.sdLimit[i]) ? std::min(ph.sdLimit[i], 3.0 * top2) : 3.0 * top2;
  QCPGraph* low = plot_->addGraph();
  low->setData(s, lo, true);
  low->setPen(QPen(QColor(70, 130, 180, 120), 1.0));
  low->removeFromLegend();
  QCPGraph* high = plot_->addGraph();
  high->setData(s, hi, true);
  high->setPen(QPen(QColor(70, 130, 180), 1.0));
  high->setBrush(QColor(70, 130, 180, 50));
  high->setChannelFillGraph(low);
  high->setName(tr("controllable set (reachable to the end)"));
  QCPGraph* profile = plot_->addGraph();
  profile->setData(s, sd, true);
  profile->setPen(QPen(Qt::black, 2.6));
  profile->setName(tr("chosen profile"));
  // The limit curve over the profile, thinner: where the profile rides it (a limit active), a red
  // core in the black line shows it (drawn beneath, the walkthrough could not find it).
  QCPGraph* limit = plot_->addGraph();
  limit->setData(s, lim, true);
  limit->setPen(QPen(QColor(210, 30, 30), 1.2));
  limit->setName(tr("limit curve (joint and drive limits)"));
  for (int start : ph.pieceStart) {
    if (start == 0) continue;
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setCoords(ph.s[start], 0);
    line->point2->setCoords(ph.s[start], 1);
    line->setPen(QPen(QColor(110, 110, 110, 160), 1.0));
  }
  plot_->xAxis->setLabel(cartesian ? tr("Path parameter s: tool path length (m)")
                                   : tr("Path parameter s: joint-space distance (rad, m)"));
  plot_->yAxis->setLabel(cartesian ? tr("Path speed ds/dt (m/s)") : tr("Path speed ds/dt (per s)"));
  plot_->xAxis->setRange(ph.s.front(), ph.s.back());
  plot_->yAxis->setRange(0.0, 1.15 * std::max(top2, 1e-9));
  plot_->replot();
}

}  // namespace armdyn::app
