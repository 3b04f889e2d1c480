#include "plot_panel.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPdfWriter>
#include <QVBoxLayout>
#include <qcustomplot.h>
#ifdef ARMDYN_HAVE_QT_SVG
#include <QSvgGenerator>
#endif

namespace armdyn::app {
namespace {

const QColor kJointColours[] = {QColor(31, 119, 180), QColor(214, 39, 40), QColor(44, 160, 44),
                                QColor(255, 127, 14), QColor(148, 103, 189), QColor(140, 86, 75),
                                QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                QColor(23, 190, 207), QColor(0, 0, 0), QColor(100, 100, 255)};

const Eigen::MatrixXd& history(const TaskSimulation& sim, Quantity q) {
  switch (q) {
    case Quantity::Position: return sim.q;
    case Quantity::Velocity: return sim.qd;
    case Quantity::Acceleration: return sim.qdd;
    case Quantity::Force: break;
  }
  return sim.force;
}

}  // namespace

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  toggleLayout_ = new QHBoxLayout;
  toggleLayout_->setContentsMargins(6, 2, 6, 2);
  toggleLayout_->addWidget(new QLabel(tr("Joints:"), this));
  toggleLayout_->addStretch(1);
  layout->addLayout(toggleLayout_);
  const char* names[] = {"plotPosition", "plotVelocity", "plotAcceleration", "plotForce"};
  for (int i = 0; i < 4; ++i) {
    auto* p = new QCustomPlot(this);
    p->setObjectName(names[i]);
    p->setMinimumHeight(120);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Software rasterisation of antialiased lines dominates the edit-to-plot latency (about
    // 3x); plain lines keep a live edit well under the 50 ms target.
    p->setNotAntialiasedElements(QCP::aeAll);
    p->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    p->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    p->axisRect()->setRangeZoom(Qt::Horizontal);
    p->xAxis->setLabel(tr("Time (s)"));
    p->legend->setVisible(true);
    p->legend->setFont(QFont(font().family(), 8));
    p->legend->setRowSpacing(-3);
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    p->addLayer("cursor", p->layer("main"), QCustomPlot::limAbove);
    cursorLayers_[i] = p->layer("cursor");
    cursorLayers_[i]->setMode(QCPLayer::lmBuffered);
    auto* cursor = new QCPItemStraightLine(p);
    cursor->setLayer(cursorLayers_[i]);
    cursor->setPen(QPen(QColor(200, 30, 30), 1.2, Qt::DashLine));
    cursor->point1->setCoords(0, 0);
    cursor->point2->setCoords(0, 1);
    cursors_[i] = cursor;
    plots_[i] = p;
    layout->addWidget(p, 1);
    connect(p, &QCustomPlot::mousePress, this, [this, p](QMouseEvent* e) {
      if (e->modifiers() & Qt::ShiftModifier) Q_EMIT timeClicked(p->xAxis->pixelToCoord(e->position().x()));
    });
    connect(p, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetZoom(); });
  }
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
}

QStringList PlotPanel::exportFormats() {
  QStringList f = {QStringLiteral("png"), QStringLiteral("pdf")};
#ifdef ARMDYN_HAVE_QT_SVG
  f << QStringLiteral("svg");
#endif
  return f;
}

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
    pal.setColor(QPalette::WindowText, kJointColours[j % 12]);
    c->setPalette(pal);
    connect(c, &QCheckBox::toggled, this, [this, j](bool on) { setJointVisible(j, on); });
    toggleLayout_->insertWidget(toggleLayout_->count() - 1, c);
    toggles_.push_back(c);
  }
}

void PlotPanel::setResult(const SimulationResultPtr& result) {
  result_ = result;
  if (!result_) return;
  const TaskSimulation& sim = result_->sim;
  const int n = static_cast<int>(sim.q.cols());
  const int samples = result_->samples();
  const std::vector<JointType> joints = jointTypes(result_->session.robot);
  rebuildToggles(n);
  const QVector<double> keys(sim.t.begin(), sim.t.end());
  for (int qi = 0; qi < 4; ++qi) {
    const Quantity q = static_cast<Quantity>(qi);
    QCustomPlot* p = plots_[qi];
    while (p->graphCount() > n) p->removeGraph(p->graphCount() - 1);
    while (p->graphCount() < n) {
      const int j = p->graphCount();
      QCPGraph* g = p->addGraph();
      g->setPen(QPen(kJointColours[j % 12], 1.6));
    }
    const Eigen::MatrixXd& h = history(sim, q);
    QVector<double> values(samples);
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < samples; ++k) values[k] = h(k, j);
      QCPGraph* g = p->graph(j);
      g->setData(keys, values, true);
      g->setName(QStringLiteral("J%1 (%2) [%3]").arg(j + 1).arg(jointLetter(joints[j]), unitOf(q, joints[j])));
      g->setVisible(isJointVisible(j));
      if (g->visible()) {
        g->addToLegend();
      } else {
        g->removeFromLegend();
      }
    }
    p->yAxis->setLabel(axisTitle(q, joints));
    p->rescaleAxes(true);
    p->yAxis->scaleRange(1.1, p->yAxis->range().center());
    p->replot();
  }
}

void PlotPanel::resetZoom() {
  for (QCustomPlot* p : plots_) {
    p->rescaleAxes(true);
    p->yAxis->scaleRange(1.1, p->yAxis->range().center());
    p->replot();
  }
}

void PlotPanel::setJointVisible(int joint, bool visible) {
  if (joint < 0 || joint >= static_cast<int>(toggles_.size())) return;
  if (toggles_[joint]->isChecked() != visible) toggles_[joint]->setChecked(visible);
  for (QCustomPlot* p : plots_) {
    if (joint >= p->graphCount()) continue;
    p->graph(joint)->setVisible(visible);
    if (visible) {
      p->graph(joint)->addToLegend();
    } else {
      p->graph(joint)->removeFromLegend();
    }
    p->replot();
  }
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

bool PlotPanel::exportTo(const QString& path, QString* error) const {
  const QString suffix = QFileInfo(path).suffix().toLower();
  const int w = 900, h = 260;  // size of one panel in the exported file, px
  auto paintAll = [&](QPaintDevice* device, int width, int height) {
    QCPPainter painter(device);
    for (int i = 0; i < 4; ++i) {
      painter.save();
      painter.translate(0, i * height);
      plots_[i]->toPainter(&painter, width, height);
      painter.restore();
    }
  };
  if (suffix == "png") {
    QImage image(w, 4 * h, QImage::Format_ARGB32);
    image.fill(Qt::white);
    paintAll(&image, w, h);
    if (image.save(path, "PNG")) return true;
  } else if (suffix == "pdf") {
    QPdfWriter pdf(path);
    pdf.setResolution(96);
    pdf.setPageSize(QPageSize(QSizeF(w, 4 * h), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    paintAll(&pdf, pdf.width(), pdf.height() / 4);
    return QFileInfo(path).size() > 0;
#ifdef ARMDYN_HAVE_QT_SVG
  } else if (suffix == "svg") {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(QSize(w, 4 * h));
    svg.setViewBox(QRect(0, 0, w, 4 * h));
    paintAll(&svg, w, h);
    return true;
#endif
  } else {
    if (error) *error = tr("Unsupported format \"%1\" (use %2)").arg(suffix, exportFormats().join(", "));
    return false;
  }
  if (error) *error = tr("Could not write %1").arg(path);
  return false;
}

}  // namespace armdyn::app
