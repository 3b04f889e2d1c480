#include "plot_panel.h"

#include "analysis/summary_report.h"
#include "plot_style.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPdfWriter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>
#ifdef ARMDYN_HAVE_QT_SVG
#include <QSvgGenerator>
#endif

namespace armdyn::app {
namespace {


const Eigen::MatrixXd& motionHistory(const RunRecord& sim, Quantity q) {
  switch (q) {
    case Quantity::Position: return sim.q;
    case Quantity::Velocity: return sim.qd;
    case Quantity::Acceleration: return sim.qdd;
    case Quantity::Force: break;
  }
  return sim.force;
}

const Eigen::MatrixXd& controlHistory(const RunRecord& h, ControlQuantity q) {
  switch (q) {
    case ControlQuantity::TrackingError: return h.error;
    case ControlQuantity::Voltage: return h.voltage;
    case ControlQuantity::Current: return h.current;
    case ControlQuantity::MotorTorque: break;
  }
  return h.motorTorque;
}

}  // namespace

PlotPanel::PlotPanel(PlotSet set, QWidget* parent) : QWidget(parent), set_(set) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  toggleLayout_ = new QHBoxLayout;
  toggleLayout_->setContentsMargins(6, 2, 6, 2);
  toggleLayout_->addWidget(new QLabel(tr("Joints:"), this));
  toggleLayout_->addStretch(1);
  previousToggle_ = new QCheckBox(tr("Previous run (dashed)"), this);
  previousToggle_->setObjectName("previousRunToggle");
  previousToggle_->setToolTip(tr("Draw the run before the last edit as dashed curves, to see what the edit changed"));
  previousToggle_->setChecked(true);
  previousToggle_->setFocusPolicy(Qt::NoFocus);
  connect(previousToggle_, &QCheckBox::toggled, this, [this] {
    drawPrevious();
    for (QCustomPlot* p : plots_) rescale(p);
    replotAll();
  });
  toggleLayout_->addWidget(previousToggle_);
  layout->addLayout(toggleLayout_);
  note_ = new QLabel(this);
  note_->setObjectName("plotNote");
  note_->setWordWrap(true);
  note_->setStyleSheet("color:#555; padding:4px 8px");
  note_->setAlignment(Qt::AlignLeft | Qt::AlignTop);  // at the top also when the plots are hidden
  note_->setVisible(false);
  layout->addWidget(note_);
  const char* motionNames[] = {"plotPosition", "plotVelocity", "plotAcceleration", "plotForce"};
  const char* controlNames[] = {"plotTrackingError", "plotVoltage", "plotCurrent", "plotMotorTorque"};
  for (int i = 0; i < 4; ++i) {
    auto* p = new QCustomPlot(this);
    p->setObjectName(set_ == PlotSet::Motion ? motionNames[i] : controlNames[i]);
    p->setMinimumHeight(120);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Software rasterisation of antialiased lines dominates the edit-to-plot latency (about
    // 3x); plain lines keep a live edit well under the 50 ms target.
    p->setNotAntialiasedElements(QCP::aeAll);
    p->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    p->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    p->axisRect()->setRangeZoom(Qt::Horizontal);
    // Dragging moves both value axes (the right one holds a mixed arm's prismatic joints).
    p->axisRect()->setRangeDragAxes({p->xAxis}, {p->yAxis, p->yAxis2});
    p->yAxis2->setVisible(false);
    p->xAxis->setLabel(tr("Time (s)"));
    // The legend sits beside the axes (its own layout column), so it never covers a curve.
    p->legend->setVisible(true);
    p->legend->setFont(QFont(font().family(), 8));
    p->legend->setRowSpacing(-3);
    p->legend->setBorderPen(Qt::NoPen);
    p->legend->setBrush(Qt::NoBrush);
    p->legend->setMargins(QMargins(2, 4, 4, 2));
    // A column of its own: the legend on top, an empty element under it taking the rest.
    p->axisRect()->insetLayout()->take(p->legend);
    auto* side = new QCPLayoutGrid;
    p->plotLayout()->addElement(0, 1, side);
    p->plotLayout()->setColumnStretchFactor(1, 0.001);
    p->plotLayout()->setColumnSpacing(0);
    side->setMargins(QMargins(0, 6, 0, 0));
    side->addElement(0, 0, p->legend);
    side->addElement(1, 0, new QCPLayoutElement(p));
    side->setRowStretchFactor(0, 0.001);
    side->setRowSpacing(0);
    legendColumns_[i] = side;
    p->addLayer("knots", p->layer("grid"), QCustomPlot::limAbove);
    p->addLayer("cursor", p->layer("main"), QCustomPlot::limAbove);
    cursorLayers_[i] = p->layer("cursor");
    cursorLayers_[i]->setMode(QCPLayer::lmBuffered);
    auto* cursor = new QCPItemStraightLine(p);
    cursor->setLayer(cursorLayers_[i]);
    cursor->setPen(QPen(QColor(200, 30, 30), 1.2, Qt::DashLine));
    cursor->point1->setCoords(0, 0);
    cursor->point2->setCoords(0, 1);
    cursors_[i] = cursor;
    auto* text = new QCPItemText(p);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setColor(QColor(90, 90, 90));
    text->setVisible(false);
    notes_[i] = text;
    plots_[i] = p;
    layout->addWidget(p, 1);
    connect(p, &QCustomPlot::mousePress, this, [this, p](QMouseEvent* e) {
      if (e->modifiers() & Qt::ShiftModifier) Q_EMIT timeClicked(p->xAxis->pixelToCoord(e->position().x()));
    });
    connect(p, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetZoom(); });
  }
  // The panels' left and right edges line up, so their time axes do.
  marginGroup_ = new QCPMarginGroup(plots_[0]);
  for (QCustomPlot* p : plots_) p->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, marginGroup_);
  // One time axis for the four panels.
  for (QCustomPlot* p : plots_) {
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, p](const QCPRange& r) {
      for (QCustomPlot* other : plots_) {
        if (other != p && other->xAxis->range() != r) {
          other->xAxis->setRange(r);
          other->replot(QCustomPlot::rpQueuedReplot);
        }
      }
    });
  }
  clearPanels(set_ == PlotSet::Control ? tr("Control plots show a forward simulation: choose Control ▸ Forward simulation.")
                                       : tr("No results yet: the plots fill in when the first simulation finishes."));
}

PlotPanel::~PlotPanel() {
  // Legend columns taken out of their layouts go back in, so the plots delete them.
  if (!legendsShown_)
    for (int i = 0; i < 4; ++i) plots_[i]->plotLayout()->addElement(0, 1, legendColumns_[i]);
}

QStringList PlotPanel::exportFormats() {
  QStringList f = {QStringLiteral("png"), QStringLiteral("pdf")};
#ifdef ARMDYN_HAVE_QT_SVG
  f << QStringLiteral("svg");
#endif
  return f;
}

QString PlotPanel::panelNote(int index) const { return notes_[index]->visible() ? notes_[index]->text() : QString(); }

QString PlotPanel::note() const { return note_->isHidden() ? QString() : note_->text(); }

void PlotPanel::rebuildToggles(int joints) {
  if (static_cast<int>(toggles_.size()) == joints) return;
  for (QCheckBox* c : toggles_) delete c;
  toggles_.clear();
  for (int j = 0; j < joints; ++j) {
    auto* c = new QCheckBox(tr("J%1").arg(j + 1), this);
    c->setObjectName(QStringLiteral("jointToggle%1").arg(j + 1));
    c->setChecked(true);
    c->setFocusPolicy(Qt::NoFocus);
    QPalette pal = c->palette();
    pal.setColor(QPalette::WindowText, jointColour(j));
    c->setPalette(pal);
    connect(c, &QCheckBox::toggled, this, [this, j](bool on) { setJointVisible(j, on); });
    toggleLayout_->insertWidget(toggleLayout_->count() - 2, c);  // before the stretch and the previous-run toggle
    toggles_.push_back(c);
  }
}

void PlotPanel::clearPanels(const QString& why) {
  for (QCustomPlot* p : plots_) {
    p->clearGraphs();
    p->legend->setVisible(false);  // no empty legend box
    p->setVisible(false);          // nor bare 0-5 axes under the note (the walkthrough saw four)
    p->replot();
  }
  note_->setText(why);
  note_->setVisible(!why.isEmpty());
}

void PlotPanel::setResult(const SimulationResultPtr& result) {
  // The run being replaced becomes the previous one when it is comparable (same arm size, a
  // different run); a result without data for this set keeps the older comparison.
  if (compareNext_ && result_ && result && result_ != result && result_->model->dof() == result->model->dof() &&
      (set_ == PlotSet::Motion || result_->isForward()))
    previous_ = result_;
  else if (result && result_ && result_->model->dof() != result->model->dof())
    previous_.reset();
  if (result) compareNext_ = true;
  result_ = result;
  // Say which run the dashed curves are.
  previousToggle_->setToolTip(
      previous_ ? tr("Dashed: the run before the last edit (%1)")
                      .arg(QString::fromStdString(planLabel(previous_->record.plan)).toHtmlEscaped())
                : tr("Draw the run before the last edit as dashed curves, to see what the edit changed"));
  if (!result_) return;
  const bool control = set_ == PlotSet::Control;
  if (control && !result_->isForward()) {
    clearPanels(tr("Control plots show a forward simulation: choose Control ▸ Forward simulation."));
    drawKnots();
    drawPrevious();
    return;
  }
  note_->setVisible(false);
  for (QCustomPlot* p : plots_) p->setVisible(true);
  for (QCustomPlot* p : plots_) p->legend->setVisible(true);
  const std::vector<double>& t = result_->record.t;
  const int n = result_->model->dof();
  const int samples = static_cast<int>(t.size());
  const std::vector<JointType> joints = jointTypes(result_->session.robot);
  const DriveInput input = control ? result_->record.forward.input : DriveInput::Torque;
  rebuildToggles(n);
  const QVector<double> keys(t.begin(), t.end());
  for (int qi = 0; qi < 4; ++qi) {
    QCustomPlot* p = plots_[qi];
    while (p->graphCount() > n) p->removeGraph(p->graphCount() - 1);
    while (p->graphCount() < n) {
      const int j = p->graphCount();
      QCPGraph* g = p->addGraph();
      g->setPen(QPen(jointColour(j), 1.6));
    }
    const Eigen::MatrixXd& h = history(result_->record, qi);
    // A mixed arm: revolute joints on the left axis, prismatic on the right, each with its unit.
    const bool split = control ? splitsAxes(static_cast<ControlQuantity>(qi), joints)
                               : splitsAxes(static_cast<Quantity>(qi), joints);
    auto title = [&](const std::vector<JointType>& types) {
      return control ? axisTitle(static_cast<ControlQuantity>(qi), types) : axisTitle(static_cast<Quantity>(qi), types);
    };
    QVector<double> values(samples);
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < samples; ++k) values[k] = h(k, j);
      QCPGraph* g = p->graph(j);
      const bool right = split && joints[j] == JointType::Prismatic;
      g->setValueAxis(right ? p->yAxis2 : p->yAxis);
      g->setData(keys, values, true);
      const QString unit = control ? unitOf(static_cast<ControlQuantity>(qi), joints[j]) : unitOf(static_cast<Quantity>(qi), joints[j]);
      const QString side = !split ? QString() : right ? tr(", right axis") : tr(", left axis");
      g->setName(QStringLiteral("J%1 (%2) [%3%4]").arg(j + 1).arg(jointLetter(joints[j]), unit, side));
      g->setVisible(isJointVisible(j));
      if (g->visible()) {
        g->addToLegend();
      } else {
        g->removeFromLegend();
      }
    }
    if (split) {
      p->yAxis->setLabel(title({JointType::Revolute}));
      p->yAxis2->setLabel(title({JointType::Prismatic}));
    } else {
      p->yAxis->setLabel(title(joints));
      p->yAxis2->setLabel(QString());
    }
    p->yAxis2->setVisible(split);
    p->yAxis2->setTickLabels(split);
    // A quantity the run does not have (torque input: no voltage, no current).
    QString why;
    if (control && static_cast<ControlQuantity>(qi) == ControlQuantity::Voltage && input != DriveInput::Voltage)
      why = tr("No motor voltage: this run drives the joints by %1").arg(driveInputName(input));
    if (control && static_cast<ControlQuantity>(qi) == ControlQuantity::Current && input == DriveInput::Torque)
      why = tr("No motor current: this run drives the joints by torque");
    notes_[qi]->setText(why);
    notes_[qi]->setVisible(!why.isEmpty());
    if (!why.isEmpty()) {
      for (int j = 0; j < n; ++j) {
        p->graph(j)->data()->clear();
        p->graph(j)->removeFromLegend();
      }
    }
  }
  drawKnots();
  drawPrevious();
  drawBinding();
  for (QCustomPlot* p : plots_) rescale(p);
  alignLegends();
  replotAll();
}

const Eigen::MatrixXd& PlotPanel::history(const RunRecord& record, int panel) const {
  return set_ == PlotSet::Control ? controlHistory(record, static_cast<ControlQuantity>(panel))
                                  : motionHistory(record, static_cast<Quantity>(panel));
}

void PlotPanel::drawKnots() {
  for (int i = 0; i < 4; ++i) {
    for (QCPItemStraightLine* l : knotLines_[i]) plots_[i]->removeItem(l);
    knotLines_[i].clear();
  }
  if (!result_ || !result_->record.plan.trajectory) return;
  if (set_ == PlotSet::Control && !result_->isForward()) return;
  const std::vector<TrajectoryKnot>& knots = result_->record.plan.trajectory->knots();
  // Task points solid, blend boundaries dotted; a plan with very many blends shows its points only.
  const bool blends = knots.size() <= 200;
  for (int i = 0; i < 4; ++i) {
    QCustomPlot* p = plots_[i];
    for (const TrajectoryKnot& k : knots) {
      const bool point = k.kind == KnotKind::Point || k.kind == KnotKind::Via;
      if (!point && !blends) continue;
      auto* line = new QCPItemStraightLine(p);
      line->setLayer("knots");
      line->setSelectable(false);
      // Points grey and solid; blend boundaries steel blue and dash-dotted (the grid is dotted grey).
      line->setPen(point ? QPen(QColor(110, 110, 110, 160), 1.0, Qt::SolidLine)
                         : QPen(QColor(70, 130, 180, 170), 1.0, Qt::DashDotLine));
      line->point1->setCoords(k.time, 0);
      line->point2->setCoords(k.time, 1);
      knotLines_[i].push_back(line);
    }
  }
}

void PlotPanel::drawBinding() {
  for (int i = 0; i < 4; ++i) {
    for (const auto& [joint, c] : bindingCurves_[i]) plots_[i]->removePlottable(c);
    bindingCurves_[i].clear();
  }
  if (!result_ || set_ != PlotSet::Motion || !result_->record.plan.timeOptimal) return;
  const PhasePlane& ph = result_->record.plan.timeOptimal->phase;
  const RunRecord& r = result_->record;
  const int samples = r.samples();
  // The panel and joint of the binding limit at each sample (-1: none).
  std::vector<int> panel(samples, -1), joint(samples, -1);
  for (int k = 0; k < samples; ++k) {
    const int i = ph.intervalAt(r.t[k]);
    if (i < 0 || ph.bindingJoint[i] < 0 || ph.activity[i] < 0.95) continue;
    joint[k] = ph.bindingJoint[i];
    switch (ph.bindingKind[i]) {
      case PathLimitKind::Velocity: panel[k] = static_cast<int>(Quantity::Velocity); break;
      case PathLimitKind::Acceleration: panel[k] = static_cast<int>(Quantity::Acceleration); break;
      default: panel[k] = static_cast<int>(Quantity::Force); break;
    }
  }
  for (int k0 = 0; k0 < samples;) {
    int k1 = k0;
    while (k1 + 1 < samples && panel[k1 + 1] == panel[k0] && joint[k1 + 1] == joint[k0]) ++k1;
    if (panel[k0] >= 0 && !notes_[panel[k0]]->visible()) {
      QCustomPlot* p = plots_[panel[k0]];
      const int j = joint[k0];
      const Eigen::MatrixXd& h = history(r, panel[k0]);
      QVector<double> keys, values;
      // Joined to the neighbouring samples so a one-sample stretch still shows.
      for (int k = std::max(0, k0 - 1); k <= std::min(samples - 1, k1 + 1); ++k) {
        keys.push_back(r.t[k]);
        values.push_back(h(k, j));
      }
      if (j < p->graphCount()) {
        auto* c = new QCPCurve(p->xAxis, p->graph(j)->valueAxis());
        c->setData(keys, values);
        QColor colour = jointColour(j);
        colour.setAlpha(70);
        c->setPen(QPen(colour, 7.0, Qt::SolidLine, Qt::FlatCap));
        c->setName(tr("J%1 at its limit").arg(j + 1));
        c->removeFromLegend();
        c->setSelectable(QCP::stNone);
        c->setVisible(isJointVisible(j));
        bindingCurves_[panel[k0]].push_back({j, c});
      }
    }
    k0 = k1 + 1;
  }
}

void PlotPanel::drawPrevious() {
  for (int i = 0; i < 4; ++i) {
    for (QCPCurve* c : previousCurves_[i]) plots_[i]->removePlottable(c);
    previousCurves_[i].clear();
  }
  if (!result_ || !previous_ || !previousToggle_->isChecked()) return;
  if (set_ == PlotSet::Control && (!result_->isForward() || !previous_->isForward())) return;
  const RunRecord& r = previous_->record;
  const int n = r.dof(), samples = r.samples();
  // A dashed reference: at most about 1000 points a curve (QCPCurve has no adaptive sampling,
  // and full-rate overlays of 10 000-sample runs would double the replot time).
  const int stride = std::max(1, samples / 1000);
  QVector<double> keys;
  for (int k = 0; k < samples; k += stride) keys.push_back(r.t[k]);
  if ((samples - 1) % stride != 0) keys.push_back(r.t[samples - 1]);
  QVector<double> values(keys.size());
  for (int i = 0; i < 4; ++i) {
    QCustomPlot* p = plots_[i];
    if (notes_[i]->visible()) continue;
    const Eigen::MatrixXd& h = history(r, i);
    if (h.rows() != samples || h.cols() != n) continue;
    for (int j = 0; j < n && j < p->graphCount(); ++j) {
      int m = 0;
      for (int k = 0; k < samples; k += stride) values[m++] = h(k, j);
      if (m < values.size()) values[m] = h(samples - 1, j);
      auto* c = new QCPCurve(p->xAxis, p->graph(j)->valueAxis());
      c->setData(keys, values);
      QColor colour = jointColour(j);
      colour.setAlpha(140);
      // A cosmetic (width 0) dashed pen: wide dashed pens are slow under software
      // rasterisation (they cost 25 ms a replot on a 10 000-sample run; this costs about 1 ms).
      QPen pen(colour, 0.0, Qt::CustomDashLine);
      pen.setDashPattern({4.0, 4.0});
      c->setPen(pen);
      c->setName(tr("J%1, previous run").arg(j + 1));
      c->removeFromLegend();
      c->setSelectable(QCP::stNone);
      c->setVisible(isJointVisible(j));
      previousCurves_[i].push_back(c);
    }
  }
}

void PlotPanel::resetComparison() {
  previous_.reset();
  compareNext_ = false;
}

void PlotPanel::setPreviousRunShown(bool shown) { previousToggle_->setChecked(shown); }

bool PlotPanel::isPreviousRunShown() const { return previousToggle_->isChecked(); }

void PlotPanel::rescale(QCustomPlot* p) {
  p->rescaleAxes(true);
  p->yAxis->scaleRange(1.1, p->yAxis->range().center());
  if (p->yAxis2->visible()) p->yAxis2->scaleRange(1.1, p->yAxis2->range().center());
}

void PlotPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  showLegends(width() >= kLegendMinWidth);
}

void PlotPanel::showLegends(bool show) {
  if (show == legendsShown_) return;
  legendsShown_ = show;
  for (int i = 0; i < 4; ++i) {
    QCustomPlot* p = plots_[i];
    if (show) {
      p->plotLayout()->addElement(0, 1, legendColumns_[i]);
      p->plotLayout()->setColumnStretchFactor(1, 0.001);
    } else {
      p->plotLayout()->take(legendColumns_[i]);
      p->plotLayout()->simplify();
    }
    legendColumns_[i]->setVisible(show);
  }
  alignLegends();
  replotAll();
}

void PlotPanel::alignLegends() {
  // Equal legend widths keep the axis rects' right edges aligned (the margin group aligns
  // margins, not the legend column).
  int width = 0;
  for (QCustomPlot* p : plots_) {
    p->legend->setMinimumSize(0, 0);
    width = std::max(width, p->legend->minimumOuterSizeHint().width());
  }
  for (QCustomPlot* p : plots_) {
    const QMargins m = p->legend->margins();
    p->legend->setMinimumSize(width - m.left() - m.right(), 0);
  }
}

void PlotPanel::replotAll() {
  // Tick labels of every panel first: the margin group reads all of them.
  for (QCustomPlot* p : plots_) p->plotLayout()->update(QCPLayoutElement::upPreparation);
  for (QCustomPlot* p : plots_) p->replot();
}

void PlotPanel::resetZoom() {
  for (QCustomPlot* p : plots_) rescale(p);
  replotAll();
}

void PlotPanel::setJointVisible(int joint, bool visible) {
  if (joint < 0 || joint >= static_cast<int>(toggles_.size())) return;
  if (toggles_[joint]->isChecked() != visible) toggles_[joint]->setChecked(visible);
  for (int i = 0; i < 4; ++i) {
    QCustomPlot* p = plots_[i];
    if (joint >= p->graphCount()) continue;
    p->graph(joint)->setVisible(visible);
    if (joint < static_cast<int>(previousCurves_[i].size())) previousCurves_[i][joint]->setVisible(visible);
    for (const auto& [j, c] : bindingCurves_[i])
      if (j == joint) c->setVisible(visible);
    // The legend rebuilt in joint order (addToLegend appends: hiding and showing J2 moved it
    // last), and the axes fitted to the joints still shown.
    for (int j = 0; j < p->graphCount(); ++j) p->graph(j)->removeFromLegend();
    if (!notes_[i]->visible())
      for (int j = 0; j < p->graphCount(); ++j)
        if (p->graph(j)->visible()) p->graph(j)->addToLegend();
    bool any = false;
    for (int j = 0; j < p->graphCount(); ++j) any = any || p->graph(j)->visible();
    if (any) rescale(p);
  }
  alignLegends();
  replotAll();
}

bool PlotPanel::isJointVisible(int joint) const {
  return joint < 0 || joint >= static_cast<int>(toggles_.size()) || toggles_[joint]->isChecked();
}

void PlotPanel::setCursorTime(double t) {
  for (int i = 0; i < 4; ++i) {
    cursors_[i]->point1->setCoords(t, 0);
    cursors_[i]->point2->setCoords(t, 1);
    // Only the cursor layer is redrawn: the graphs stay in their buffer.
    cursorLayers_[i]->replot();
  }
}

std::vector<PlotExportOptions> PlotPanel::exportPresets(const QSize& screen) {
  const QSize shown = screen.isValid() && !screen.isEmpty() ? screen : QSize(900, 1040);
  // A4 width, 210 mm at 300 dpi = 2480 px, with the plots' 900 x 1040 proportions kept.
  const int a4 = static_cast<int>(std::lround(210.0 / 25.4 * 300.0));
  return {{QString(), shown, 96, tr("As on screen: %1 x %2 px, 96 dpi").arg(shown.width()).arg(shown.height())},
          {QString(), QSize(1600, 1000), 150, tr("1600 x 1000 px, 150 dpi")},
          {QString(), QSize(a4, static_cast<int>(std::lround(a4 * 1040.0 / 900.0))), 300,
           tr("A4 width at 300 dpi: %1 x %2 px").arg(a4).arg(static_cast<int>(std::lround(a4 * 1040.0 / 900.0)))}};
}

bool PlotPanel::exportTo(const QString& path, const PlotExportOptions& options, QString* error) const {
  const QString suffix = QFileInfo(path).suffix().toLower();
  // Drawn in a logical canvas of 96-dpi pixels, scaled to the file's resolution: text and lines
  // keep their size relative to the plot at every dpi.
  const double scale = std::max(1, options.dpi) / 96.0;
  const QSize pixels = options.size.isValid() && !options.size.isEmpty() ? options.size : QSize(900, 1040);
  const int w = std::max(1, static_cast<int>(std::lround(pixels.width() / scale)));
  const int total = std::max(4, static_cast<int>(std::lround(pixels.height() / scale)));
  QFont titleFont = font();
  titleFont.setPointSizeF(std::max(9.0, titleFont.pointSizeF() * 1.25));
  titleFont.setBold(true);
  const int titleHeight = options.title.isEmpty() ? 0 : QFontMetrics(titleFont).height() + 12;
  const int h = std::max(1, (total - titleHeight) / 4);  // one panel
  // Never the time cursor: it is a playback aid, not data.
  std::array<bool, 4> cursorShown{};
  for (int i = 0; i < 4; ++i) {
    cursorShown[i] = cursors_[i]->visible();
    cursors_[i]->setVisible(false);
  }
  auto paintAll = [&](QPaintDevice* device, double deviceScale) {
    QCPPainter painter(device);
    painter.scale(deviceScale, deviceScale);
    if (titleHeight > 0) {
      painter.setFont(titleFont);
      painter.setPen(QColor(30, 30, 30));
      painter.drawText(QRect(0, 0, w, titleHeight), Qt::AlignCenter, options.title);
    }
    for (int i = 0; i < 4; ++i) {
      painter.save();
      painter.translate(0, titleHeight + i * h);
      plots_[i]->toPainter(&painter, w, h);
      painter.restore();
    }
  };
  bool written = false;
  bool known = true;
  if (suffix == "png") {
    QImage image(pixels, QImage::Format_ARGB32);
    image.fill(Qt::white);
    paintAll(&image, scale);
    // The resolution is written into the file after painting: fonts are sized for the 96-dpi
    // canvas and scaled with it, not a second time for the image's dpi.
    const int dotsPerMeter = static_cast<int>(std::lround(std::max(1, options.dpi) / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    written = image.save(path, "PNG");
  } else if (suffix == "pdf") {
    {
      QPdfWriter pdf(path);
      pdf.setResolution(96);
      pdf.setTitle(options.title);
      // size / dpi inches, in points.
      pdf.setPageSize(QPageSize(QSizeF(pixels.width() * 72.0 / std::max(1, options.dpi),
                                       pixels.height() * 72.0 / std::max(1, options.dpi)),
                                QPageSize::Point));
      pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
      paintAll(&pdf, static_cast<double>(pdf.width()) / w);
    }
    written = QFileInfo(path).size() > 0;
#ifdef ARMDYN_HAVE_QT_SVG
  } else if (suffix == "svg") {
    {
      QSvgGenerator svg;
      svg.setFileName(path);
      svg.setSize(QSize(w, total));
      svg.setViewBox(QRect(0, 0, w, total));
      svg.setResolution(96);
      svg.setTitle(!options.title.isEmpty() ? options.title
                   : set_ == PlotSet::Motion ? QStringLiteral("armdyn joint histories")
                                             : QStringLiteral("armdyn control histories"));
      paintAll(&svg, 1.0);
    }  // the generator writes the file when the painter and it are done
    written = QFileInfo(path).size() > 0;
#endif
  } else {
    known = false;
  }
  for (int i = 0; i < 4; ++i) cursors_[i]->setVisible(cursorShown[i]);
  if (written) return true;
  if (known) {
    if (error) *error = tr("Could not write %1").arg(path);
    return false;
  }
  if (error) *error = tr("Unsupported format \"%1\" (use %2)").arg(suffix, exportFormats().join(", "));
  return false;
}

}  // namespace armdyn::app
