#include "iso9283_panel.h"
#include "refusal_style.h"

#include "analysis/iso9283_report.h"
#include "common/input_error.h"
#include "document.h"
#include "common/number_text.h"
#include "io/robot_file.h"
#include "plot_style.h"
#include "save_paths.h"

#include <QDate>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace armdyn::app {

namespace {

constexpr double kMm = 1e3;

// The core report's colours per speed (analysis/iso9283_report.cpp), and the command's grey.
const QColor kSpeedColours[] = {{31, 119, 180}, {255, 127, 14}, {44, 160, 44}, {214, 39, 40}, {148, 103, 189}};
const QColor kCommand(90, 90, 90);
QColor speedColour(std::size_t k) { return kSpeedColours[k % 5]; }

// Four significant digits, as the core's text report.
QString num(double v, int digits = 4) { return QString::number(displayValue(v), 'g', digits); }

// A number typed in a field: the core's reader (whole token, finite).
QString readValue(const QString& text, double& value) {
  const QString t = text.trimmed();
  if (t.isEmpty()) return QObject::tr("a value is required");
  const NumberText n = readNumber(t.toStdString());
  if (n.kind == NumberText::Kind::NotANumber) return QObject::tr("not a number");
  if (n.kind == NumberText::Kind::NotFinite) return QObject::tr("must be finite");
  value = n.value;
  return {};
}

// A whole number typed in a field (its range is the core's: Iso9283Panel::crossCheck).
QString readWhole(const QString& text, long& value) {
  const QString t = text.trimmed();
  if (t.isEmpty()) return QObject::tr("a value is required");
  const std::optional<long> v = readInteger(t.toStdString());
  if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
    return QObject::tr("must be a whole number");
  value = *v;
  return {};
}

// Drawing coordinates of a test path, mm: the test plane's (across, up) axes through the cube's
// centre, or x, y for the horizontal section (as the core's report draws them).
QPointF planar(const IsoCube& cube, IsoPath path, const Eigen::Vector3d& p) {
  const Eigen::Vector3d d = p - cube.centre;
  if (path == IsoPath::RoundedSquareSection) return {kMm * d.x(), kMm * d.y()};
  const IsoTestPlane plane = isoTestPlane(cube);
  return {kMm * d.dot(plane.across), kMm * d.dot(plane.up)};
}

QString pathWords(IsoPath p) { return QString::fromLatin1(isoPathName(p)).replace('_', ' '); }

void setupPlot(QCustomPlot* plot) {
  plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot->legend->setVisible(true);
  plot->legend->setFont(QFont(plot->font().family(), 8));
  plot->legend->setBrush(QColor(255, 255, 255, 220));
  plot->setMinimumHeight(140);
}

QTableWidgetItem* cell(const QString& text, bool left = false) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(left ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignRight | Qt::AlignVCenter));
  return item;
}

// At most as tall as its rows (and a horizontal scroll bar when it needs one): the space left
// goes to what follows.
void fitHeight(QTableWidget* t) {
  int h = t->horizontalHeader()->sizeHint().height() + 2 * t->frameWidth();
  for (int r = 0; r < t->rowCount(); ++r) h += t->rowHeight(r);
  if (t->horizontalHeader()->length() > t->viewport()->width()) h += t->horizontalScrollBar()->sizeHint().height();
  t->setMaximumHeight(std::max(h, 40));
}

void setupTable(QTableWidget* t) {
  QFont small = t->font();
  if (small.pointSizeF() > 0) small.setPointSizeF(small.pointSizeF() * 0.9);  // thirteen columns in the narrow tab
  t->setFont(small);
  t->horizontalHeader()->setFont(small);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->verticalHeader()->setVisible(false);
  t->verticalHeader()->setDefaultSectionSize(20);
  t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  t->horizontalHeader()->setStretchLastSection(false);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setSelectionMode(QAbstractItemView::SingleSelection);
  t->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
}

}  // namespace

Iso9283Panel::Iso9283Panel(QWidget* parent) : QWidget(parent), runner_(new Iso9283Runner(this)) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  splitter_ = new QSplitter(Qt::Vertical, this);
  splitter_->setObjectName("isoSplitter");
  splitter_->setChildrenCollapsible(false);
  outer->addWidget(splitter_);

  // ---- Top: the form (scrolls when squeezed), the run buttons and the status line ----
  auto* top = new QWidget(splitter_);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(6, 4, 6, 2);
  topLayout->setSpacing(3);
  auto* scroll = new QScrollArea(top);
  scroll->setObjectName("isoFormScroll");
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);  // narrower than the form: it scrolls (teach mode at 1280 px)
  auto* form = new QWidget(scroll);
  auto* grid = new QGridLayout(form);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setHorizontalSpacing(6);
  grid->setVerticalSpacing(3);
  grid->setColumnStretch(1, 1);
  grid->setColumnStretch(3, 1);
  scroll->setWidget(form);
  topLayout->addWidget(scroll, 1);

  auto label = [&](const QString& text, QWidget* buddy, int row, int col) {
    auto* l = new QLabel(text, form);
    l->setBuddy(buddy);
    grid->addWidget(l, row, col);
    return l;
  };
  // Row 0: the cube's centre.
  QLineEdit* cx = addField("centre_x", tr("Cube centre x (m)"), tr("x of the cube's centre in the base frame, m"),
                           [](const QString& t, IsoSettings& s) { return readValue(t, s.centre.x()); },
                           [](const IsoSettings& s) {
                             return s.largestCube && !(s.edge > 0.0) ? QString()
                                                                     : QString::fromStdString(formatSignificant(s.centre.x()));
                           });
  QLineEdit* cy = addField("centre_y", tr("Cube centre y (m)"), tr("y of the cube's centre in the base frame, m"),
                           [](const QString& t, IsoSettings& s) { return readValue(t, s.centre.y()); },
                           [](const IsoSettings& s) {
                             return s.largestCube && !(s.edge > 0.0) ? QString()
                                                                     : QString::fromStdString(formatSignificant(s.centre.y()));
                           });
  QLineEdit* cz = addField("centre_z", tr("Cube centre z (m)"), tr("z of the cube's centre in the base frame, m"),
                           [](const QString& t, IsoSettings& s) { return readValue(t, s.centre.z()); },
                           [](const IsoSettings& s) {
                             return s.largestCube && !(s.edge > 0.0) ? QString()
                                                                     : QString::fromStdString(formatSignificant(s.centre.z()));
                           });
  {
    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    for (QLineEdit* e : {cx, cy, cz}) row->addWidget(e);
    label(tr("C&ube centre x, y, z (m)"), cx, 0, 0);
    grid->addLayout(row, 0, 1, 1, 3);
  }
  // Row 1: edge, largest cube.
  QLineEdit* edge = addField("edge", tr("Cube edge (m)"), tr("Edge a of the test cube, m"),
                             [](const QString& t, IsoSettings& s) {
                               double v = 0.0;
                               if (QString why = readValue(t, v); !why.isEmpty()) return why;
                               s.edge = v;
                               return QString();
                             },
                             [](const IsoSettings& s) {
                               return s.largestCube && !(s.edge > 0.0) ? QString()
                                                                       : QString::fromStdString(formatSignificant(s.edge));
                             });
  edge->setPlaceholderText(tr("workspace"));
  label(tr("Cube ed&ge (m)"), edge, 1, 0);
  grid->addWidget(edge, 1, 1);
  largestCube_ = new QCheckBox(tr("&Largest cube in the workspace"), form);
  largestCube_->setObjectName("iso_largest_cube");
  largestCube_->setToolTip(tr("The largest axis-aligned cube of the reachable-workspace estimate (1e5 samples), shrunk by "
                              "10 %, instead of the centre and edge above"));
  grid->addWidget(largestCube_, 1, 2, 1, 2);
  // Row 2: rated speed, path acceleration (empty: the task's).
  QLineEdit* rated = addField("rated_speed", tr("Rated speed (m/s)"),
                              tr("Rated path speed, m/s: the speeds below are percentages of it. Empty: the task's "
                                 "Cartesian speed"),
                              [](const QString& t, IsoSettings& s) {
                                if (t.trimmed().isEmpty()) {
                                  s.ratedSpeed.reset();
                                  return QString();
                                }
                                double v = 0.0;
                                if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                s.ratedSpeed = v;
                                return QString();
                              },
                              [](const IsoSettings& s) {
                                return s.ratedSpeed ? QString::fromStdString(formatSignificant(*s.ratedSpeed)) : QString();
                              });
  label(tr("&Rated speed (m/s)"), rated, 2, 0);
  grid->addWidget(rated, 2, 1);
  QLineEdit* accel = addField("path_acceleration", tr("Path acceleration (m/s²)"),
                              tr("Path acceleration at the rated speed, m/s² (a speed override scales it with the "
                                 "square of the speed). Empty: the task's path_acceleration"),
                              [](const QString& t, IsoSettings& s) {
                                if (t.trimmed().isEmpty()) {
                                  s.pathAcceleration.reset();
                                  return QString();
                                }
                                double v = 0.0;
                                if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                s.pathAcceleration = v;
                                return QString();
                              },
                              [](const IsoSettings& s) {
                                return s.pathAcceleration ? QString::fromStdString(formatSignificant(*s.pathAcceleration))
                                                          : QString();
                              });
  label(tr("Path &acceleration (m/s²)"), accel, 2, 2);
  grid->addWidget(accel, 2, 3);
  // Row 3: speeds, corner radius.
  QLineEdit* speeds = addField("speeds", tr("Speeds (% of rated)"),
                               tr("Path speeds as percentages of the rated speed, separated by commas (ISO 9283: 100, "
                                  "50, 10)"),
                               [](const QString& t, IsoSettings& s) {
                                 static const QRegularExpression sep(QStringLiteral("[,;\\s]+"));
                                 const QStringList parts = t.trimmed().split(sep, Qt::SkipEmptyParts);
                                 std::vector<double> v;
                                 for (const QString& p : parts) {
                                   double x = 0.0;
                                   if (QString why = readValue(p, x); !why.isEmpty()) return tr("'%1': %2").arg(p, why);
                                   v.push_back(x);
                                 }
                                 s.speedsPercent = v;
                                 return QString();
                               },
                               [](const IsoSettings& s) {
                                 QStringList parts;
                                 for (double v : s.speedsPercent) parts << QString::fromStdString(formatSignificant(v));
                                 return parts.join(", ");
                               });
  label(tr("&Speeds (% of rated)"), speeds, 3, 0);
  grid->addWidget(speeds, 3, 1);
  QLineEdit* radius = addField("corner_radius", tr("Corner radius (mm)"),
                               tr("Corner radius R of the rounded squares, mm; 0: 5 % of the edge"),
                               [](const QString& t, IsoSettings& s) {
                                 double v = 0.0;
                                 if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                 s.cornerRadiusMm = v;
                                 return QString();
                               },
                               [](const IsoSettings& s) { return QString::fromStdString(formatSignificant(s.cornerRadiusMm)); });
  label(tr("Corner ra&dius (mm)"), radius, 3, 2);
  grid->addWidget(radius, 3, 3);
  // Row 4: cycles.
  QLineEdit* poseCycles = addField("pose_cycles", tr("Pose cycles"), tr("Cycles P1 → P5 → P4 → P3 → P2 → P1 (ISO 9283: 30)"),
                                   [](const QString& t, IsoSettings& s) {
                                     long v = 0;
                                     if (QString why = readWhole(t, v); !why.isEmpty()) return why;
                                     s.poseCycles = static_cast<int>(v);
                                     return QString();
                                   },
                                   [](const IsoSettings& s) { return QString::number(s.poseCycles); });
  label(tr("Pose c&ycles"), poseCycles, 4, 0);
  grid->addWidget(poseCycles, 4, 1);
  QLineEdit* pathCycles = addField("path_cycles", tr("Path cycles"), tr("Runs of every test path (ISO 9283: 10)"),
                                   [](const QString& t, IsoSettings& s) {
                                     long v = 0;
                                     if (QString why = readWhole(t, v); !why.isEmpty()) return why;
                                     s.pathCycles = static_cast<int>(v);
                                     return QString();
                                   },
                                   [](const IsoSettings& s) { return QString::number(s.pathCycles); });
  label(tr("Pa&th cycles"), pathCycles, 4, 2);
  grid->addWidget(pathCycles, 4, 3);
  // Rows 5-6: noise.
  QLineEdit* encoder = addField("encoder", tr("Encoder resolution (deg)"),
                                tr("The controller's measured joint angle is rounded to this step, deg (a 20-bit encoder: "
                                   "0.000343°); 0: exact. On a prismatic joint the same number, converted as an angle, is "
                                   "read in m"),
                                [](const QString& t, IsoSettings& s) {
                                  double v = 0.0;
                                  if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                  s.encoderDeg = v;
                                  return QString();
                                },
                                [](const IsoSettings& s) { return QString::fromStdString(formatSignificant(s.encoderDeg, 6)); });
  label(tr("E&ncoder resolution (deg)"), encoder, 5, 0);
  grid->addWidget(encoder, 5, 1);
  QLineEdit* sensor = addField("sensor_noise", tr("Sensor noise σ (deg)"),
                               tr("Standard deviation of the Gaussian noise on every joint reading, deg; 0: none"),
                               [](const QString& t, IsoSettings& s) {
                                 double v = 0.0;
                                 if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                 s.sensorNoiseDeg = v;
                                 return QString();
                               },
                               [](const IsoSettings& s) { return QString::fromStdString(formatSignificant(s.sensorNoiseDeg, 6)); });
  label(tr("Sensor no&ise σ (deg)"), sensor, 5, 2);
  grid->addWidget(sensor, 5, 3);
  QLineEdit* load = addField("load_variation", tr("Load variation σ (%)"),
                             tr("Standard deviation of the payload's mass from run to run, % of it; 0: none"),
                             [](const QString& t, IsoSettings& s) {
                               double v = 0.0;
                               if (QString why = readValue(t, v); !why.isEmpty()) return why;
                               s.loadVariationPercent = v;
                               return QString();
                             },
                             [](const IsoSettings& s) { return QString::fromStdString(formatSignificant(s.loadVariationPercent, 6)); });
  label(tr("L&oad variation σ (%)"), load, 6, 0);
  grid->addWidget(load, 6, 1);
  noNoise_ = new QCheckBox(tr("No noise (e&xact, repeatable runs)"), form);
  noNoise_->setObjectName("iso_no_noise");
  noNoise_->setToolTip(tr("Exact encoders, no sensor noise, the same load every run: every cycle repeats exactly (RP and "
                          "RT are 0)"));
  grid->addWidget(noNoise_, 6, 2, 1, 2);
  // Row 7: seed, sweep tolerance.
  QLineEdit* seed = addField("seed", tr("Seed"), tr("Seed of the noise generators (the same seed gives the same numbers)"),
                             [](const QString& t, IsoSettings& s) {
                               long v = 0;
                               if (QString why = readWhole(t, v); !why.isEmpty()) return why;
                               if (v < 0) return tr("must not be negative");
                               s.seed = static_cast<std::uint64_t>(v);
                               return QString();
                             },
                             [](const IsoSettings& s) { return QString::number(static_cast<qulonglong>(s.seed)); });
  label(tr("Seed"), seed, 7, 0);
  grid->addWidget(seed, 7, 1);
  QLineEdit* tolerance = addField("tolerance", tr("Sweep tolerance (mm)"),
                                  tr("The speed sweep's path tolerance, mm: the running-speed index is the largest speed "
                                     "whose deviation stays within it"),
                                  [](const QString& t, IsoSettings& s) {
                                    double v = 0.0;
                                    if (QString why = readValue(t, v); !why.isEmpty()) return why;
                                    s.toleranceMm = v;
                                    return QString();
                                  },
                                  [](const IsoSettings& s) { return QString::fromStdString(formatSignificant(s.toleranceMm)); });
  label(tr("Sweep tolerance (mm)"), tolerance, 7, 2);
  grid->addWidget(tolerance, 7, 3);
  // Row 8: the sweep's path.
  sweepPath_ = new QComboBox(form);
  sweepPath_->setObjectName("iso_sweep_path");
  sweepPath_->setToolTip(tr("The path the speed sweep runs at ten speeds from 10 % to 100 % of the rated speed (no "
                            "noise): the task's own path, or an ISO test path of the cube"));
  sweepPath_->addItem(tr("the task's path"), -1);
  for (IsoPath p : allIsoPaths()) sweepPath_->addItem(tr("ISO %1").arg(pathWords(p)), static_cast<int>(p));
  label(tr("Sweep path"), sweepPath_, 8, 0);
  grid->addWidget(sweepPath_, 8, 1, 1, 3);

  refusal_ = new QLabel(top);
  refusal_->setObjectName("isoRefusal");
  refusal_->setWordWrap(true);
  refusal_->setStyleSheet(kRefusalTextStyle);
  refusal_->setVisible(false);
  topLayout->addWidget(refusal_);
  controller_ = new QLabel(top);
  controller_->setObjectName("isoController");
  controller_->setWordWrap(true);
  controller_->setStyleSheet("color:#555");
  topLayout->addWidget(controller_);
  // The refusal takes the controller line's place: both keep room for two lines, so that the
  // Run buttons below do not jump when a refusal shows or goes.
  for (QLabel* l : {refusal_, controller_}) {
    l->setMinimumHeight(2 * l->fontMetrics().lineSpacing());
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  }

  auto* buttons = new QHBoxLayout;
  buttons->setSpacing(6);
  runBench_ = new QPushButton(tr("Run ISO &bench"), top);
  runBench_->setObjectName("isoRunBench");
  runBench_->setToolTip(tr("Pose and path tests of ISO 9283 at every speed, in closed loop (armdyn iso9283)"));
  runSweep_ = new QPushButton(tr("Run speed s&weep"), top);
  runSweep_->setObjectName("isoRunSweep");
  runSweep_->setToolTip(tr("Largest path deviation at ten speeds, the fitted power law and the running-speed index "
                           "(armdyn speed-sweep)"));
  cancel_ = new QPushButton(tr("Cancel"), top);
  cancel_->setObjectName("isoCancel");
  cancel_->setEnabled(false);
  progress_ = new QProgressBar(top);
  progress_->setObjectName("isoProgress");
  progress_->setRange(0, 100);
  progress_->setValue(0);
  progress_->setTextVisible(true);
  progress_->setFormat(tr("%p%"));
  progress_->setMaximumHeight(18);
  progress_->setMinimumWidth(80);
  progress_->setVisible(false);
  exportBench_ = new QPushButton(tr("Export bench…"), top);
  exportBench_->setObjectName("isoExportBench");
  exportBench_->setToolTip(tr("The bench's report as PDF, SVG, CSV or JSON (the file's suffix chooses)"));
  exportBench_->setEnabled(false);
  exportSweep_ = new QPushButton(tr("Export sweep…"), top);
  exportSweep_->setObjectName("isoExportSweep");
  exportSweep_->setToolTip(tr("The sweep's report as PDF, SVG, CSV or JSON (the file's suffix chooses)"));
  exportSweep_->setEnabled(false);
  buttons->addWidget(runBench_);
  buttons->addWidget(runSweep_);
  buttons->addWidget(cancel_);
  buttons->addWidget(progress_, 1);
  buttons->addStretch(1);  // the buttons keep their size while the progress bar is hidden
  topLayout->addLayout(buttons);
  // The exports on a row of their own: one row of five buttons made the tab 528 px wide at
  // least, too wide beside the teach dock at 1280 px.
  auto* exports = new QHBoxLayout;
  exports->setSpacing(6);
  exports->addStretch(1);
  exports->addWidget(exportBench_);
  exports->addWidget(exportSweep_);
  topLayout->addLayout(exports);
  status_ = new QLabel(top);
  status_->setObjectName("isoStatus");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setText(tr("Nothing run yet. A full bench (30 pose cycles, 10 path cycles, three speeds) is some hundred "
                      "closed-loop runs: seconds to minutes."));
  topLayout->addWidget(status_);
  splitter_->addWidget(top);

  // ---- Bottom: the results ----
  views_ = new QTabWidget(splitter_);
  views_->setObjectName("isoViews");
  views_->setDocumentMode(true);
  // Characteristics per speed, and the deviation per test path.
  auto* tableView = new QWidget(views_);
  auto* tableLayout = new QVBoxLayout(tableView);
  tableLayout->setContentsMargins(4, 4, 4, 4);
  tableLayout->setSpacing(3);
  benchHeading_ = new QLabel(tr("No bench run yet."), tableView);
  benchHeading_->setObjectName("isoBenchHeading");
  benchHeading_->setWordWrap(true);
  tableLayout->addWidget(benchHeading_);
  table_ = new QTableWidget(tableView);
  table_->setObjectName("isoTable");
  setupTable(table_);
  const QStringList headers = {tr("Speed\n(%)"), tr("AP\n(mm)"),   tr("RP\n(mm)"),
                               tr("AT\n(mm)"),    tr("RT\n(mm)"),     tr("CR\n(mm)"),   tr("CO\n(mm)"),
                               tr("AV\n(%)"),     tr("RV\n(%)"),      tr("FV\n(mm/s)"), tr("t stab.\n(s)"),
                               tr("Overshoot\n(mm)")};
  const QStringList tips = {tr("Path speed, % of the rated speed (the cell's tooltip: in m/s)"),
                            tr("Position accuracy: distance of the attained poses' barycentre from the command pose, "
                               "largest over P1..P5"),
                            tr("Position repeatability l̄ + 3 S_l, largest over P1..P5"),
                            tr("Path accuracy: largest distance of the attained paths' barycentre from the command "
                               "path, largest over the test paths"),
                            tr("Path repeatability, largest over the test paths"),
                            tr("Cornering round-off: closest approach to a sharp corner of the rectangle"),
                            tr("Cornering overshoot beyond a sharp corner of the rectangle"),
                            tr("Path velocity accuracy on the line's constant-speed part, % of the command speed"),
                            tr("Path velocity repeatability, % of the command speed"),
                            tr("Path velocity fluctuation: largest speed range within one run"),
                            tr("Position stabilisation time: from the command's arrival until the tool stays within "
                               "0.1 mm of its final position, largest over the poses and cycles"),
                            tr("Position overshoot past the command pose along the approach, largest")};
  table_->setColumnCount(headers.size());
  for (int c = 0; c < headers.size(); ++c) {
    auto* h = new QTableWidgetItem(headers[c]);
    h->setToolTip(tips[c]);
    table_->setHorizontalHeaderItem(c, h);
  }
  tableLayout->addWidget(table_, 1);
  pathTableHeading_ = new QLabel(tr("Largest deviation Δ from the command path, per test path and speed (mm):"), tableView);
  tableLayout->addWidget(pathTableHeading_);
  pathTable_ = new QTableWidget(tableView);
  pathTable_->setObjectName("isoPathTable");
  setupTable(pathTable_);
  tableLayout->addWidget(pathTable_, 1);
  pathTableHeading_->setVisible(false);
  pathTable_->setVisible(false);
  tableLayout->addStretch(0);
  views_->addTab(tableView, tr("Characteristics"));

  // Commanded and attained path, and the error along it.
  auto* pathsView = new QWidget(views_);
  auto* pathsLayout = new QVBoxLayout(pathsView);
  pathsLayout->setContentsMargins(4, 4, 4, 4);
  pathsLayout->setSpacing(3);
  auto* choiceRow = new QHBoxLayout;
  pathChoice_ = new QComboBox(pathsView);
  pathChoice_->setObjectName("isoPathChoice");
  auto* choiceLabel = new QLabel(tr("Test path"), pathsView);
  choiceLabel->setBuddy(pathChoice_);
  choiceRow->addWidget(choiceLabel);
  choiceRow->addWidget(pathChoice_, 1);
  pathsLayout->addLayout(choiceRow);
  auto* plots = new QSplitter(Qt::Vertical, pathsView);
  plots->setChildrenCollapsible(false);
  pathPlot_ = new QCustomPlot(plots);
  pathPlot_->setObjectName("isoPathPlot");
  setupPlot(pathPlot_);
  pathPlot_->setToolTip(tr("Commanded path (dashed) and the first run's attained path at every speed, in the test plane; "
                           "equal scales. Wheel: zoom, drag: pan"));
  errorPlot_ = new QCustomPlot(plots);
  errorPlot_->setObjectName("isoErrorPlot");
  setupPlot(errorPlot_);
  errorPlot_->xAxis->setLabel(tr("Arc length along the command path (m)"));
  // Both legends in a row of their own above the axes: they never cover a curve or a tick label.
  placeLegendAbove(pathPlot_);
  placeLegendAbove(errorPlot_);
  errorPlot_->yAxis->setLabel(tr("|x̄ − c| (mm)"));
  errorPlot_->setToolTip(tr("Distance |x̄ − c| of the attained paths' barycentre from the command path at the evaluation "
                            "points (every 5 mm), one curve per speed; AT is its largest value"));
  plots->addWidget(pathPlot_);
  plots->addWidget(errorPlot_);
  plots->setStretchFactor(0, 1);
  plots->setStretchFactor(1, 1);
  pathsLayout->addWidget(plots, 1);
  views_->addTab(pathsView, tr("Paths"));
  // The axis rect's size is known after the layout: ranges that change there take a second
  // (queued) replot, so that the ticks follow them.
  connect(pathPlot_, &QCustomPlot::afterLayout, this, [this] {
    const QCPRange x = pathPlot_->xAxis->range(), y = pathPlot_->yAxis->range();
    fitEqualScales();
    const auto moved = [](const QCPRange& a, const QCPRange& b) {
      return std::abs(a.lower - b.lower) + std::abs(a.upper - b.upper) > 1e-6 * std::max(1.0, b.size());
    };
    if (moved(x, pathPlot_->xAxis->range()) || moved(y, pathPlot_->yAxis->range()))
      pathPlot_->replot(QCustomPlot::rpQueuedReplot);
  });

  // The speed sweep.
  auto* sweepView = new QWidget(views_);
  auto* sweepLayout = new QVBoxLayout(sweepView);
  sweepLayout->setContentsMargins(4, 4, 4, 4);
  sweepLayout->setSpacing(3);
  sweepSummary_ = new QLabel(tr("No sweep run yet."), sweepView);
  sweepSummary_->setObjectName("isoSweepSummary");
  sweepSummary_->setWordWrap(true);
  sweepSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  sweepLayout->addWidget(sweepSummary_);
  sweepPlot_ = new QCustomPlot(sweepView);
  sweepPlot_->setObjectName("isoSweepPlot");
  setupPlot(sweepPlot_);
  for (QCPAxis* a : {sweepPlot_->xAxis, sweepPlot_->yAxis}) {
    a->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    a->setTicker(ticker);
    a->setNumberFormat("gb");
    a->setNumberPrecision(3);
  }
  sweepPlot_->xAxis->setLabel(tr("Path speed v (m/s)"));
  sweepPlot_->yAxis->setLabel(tr("Largest deviation Δ (mm)"));
  sweepPlot_->legend->setVisible(false);
  sweepLayout->addWidget(sweepPlot_, 1);
  views_->addTab(sweepView, tr("Speed sweep"));
  splitter_->addWidget(views_);
  splitter_->setStretchFactor(0, 0);
  splitter_->setStretchFactor(1, 1);
  connect(splitter_, &QSplitter::splitterMoved, this, [this] { splitterMoved_ = true; });

  progressTimer_ = new QTimer(this);
  progressTimer_->setInterval(100);
  connect(progressTimer_, &QTimer::timeout, this, &Iso9283Panel::updateProgress);
  connect(runBench_, &QPushButton::clicked, this, [this] { runBench(); });
  connect(runSweep_, &QPushButton::clicked, this, [this] { runSweep(); });
  connect(cancel_, &QPushButton::clicked, this, &Iso9283Panel::cancel);
  connect(exportBench_, &QPushButton::clicked, this, [this] { exportInteractive(true); });
  connect(exportSweep_, &QPushButton::clicked, this, [this] { exportInteractive(false); });
  connect(runner_, &Iso9283Runner::finished, this, &Iso9283Panel::onFinished);
  connect(largestCube_, &QCheckBox::toggled, this, [this](bool on) {
    settings_.largestCube = on;
    cubeEdited_ = true;
    updateEnabled();
  });
  connect(noNoise_, &QCheckBox::toggled, this, [this](bool on) {
    settings_.noNoise = on;
    updateEnabled();
  });
  connect(sweepPath_, &QComboBox::activated, this, [this](int index) {
    settings_.sweepPath = sweepPath_->itemData(index).toInt();
    sweepPathEdited_ = true;
  });
  connect(pathChoice_, &QComboBox::activated, this, [this] { drawPath(); });
  reload();
}

QLineEdit* Iso9283Panel::addField(const QString& key, const QString& description, const QString& tip,
                                  std::function<QString(const QString&, IsoSettings&)> read,
                                  std::function<QString(const IsoSettings&)> show) {
  auto* edit = new QLineEdit(this);
  edit->setObjectName("iso_" + key);
  edit->setToolTip(tip);
  edit->setMinimumWidth(48);
  const int index = static_cast<int>(fields_.size());
  fields_.push_back({key, description, edit, std::move(read), std::move(show)});
  fields_.back().edit->setProperty("isoTip", tip);
  connect(edit, &QLineEdit::textEdited, this, [this, index] { onEdited(index); });
  connect(edit, &QLineEdit::editingFinished, this, [this, index] { onLeft(index); });
  return edit;
}

QLineEdit* Iso9283Panel::field(const QString& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return f.edit;
  return nullptr;
}

void Iso9283Panel::setDocument(Document* document) {
  document_ = document;
  settings_ = defaultIsoSettings(document_->session());
  reload();
  updateTaskDefaults();
  connect(document_, &Document::sessionChanged, this, [this] {
    // A new or opened file (Document::reset: an empty, unmodified undo stack) starts from its
    // defaults; an edit keeps what the user set.
    if (document_->undoStack()->count() == 0 && !document_->isModified()) {
      // Another arm: a run in flight is cancelled (its outcome dropped) and the results of the
      // previous file leave the screen.
      ++generation_;
      if (runner_->isBusy()) runner_->cancel();
      clearResults();
      settings_ = defaultIsoSettings(document_->session());
      cubeEdited_ = sweepPathEdited_ = false;
      clearMarks();
      reload();
    } else if (markStale(), !cubeEdited_ || !sweepPathEdited_) {
      // An edit (another task opened, points moved): what the user has not set follows the task.
      const IsoSettings d = defaultIsoSettings(document_->session());
      const IsoSettings before = settings_;
      if (!cubeEdited_) {
        settings_.largestCube = d.largestCube;
        settings_.centre = d.centre;
        settings_.edge = d.edge;
      }
      if (!sweepPathEdited_) settings_.sweepPath = d.sweepPath;
      if (before.largestCube != settings_.largestCube || before.centre != settings_.centre ||
          before.edge != settings_.edge || before.sweepPath != settings_.sweepPath) {
        clearMarks();
        reload();
      }
    }
    updateTaskDefaults();
  });
}

// An edit (a payload, a link, the task) after a run: the results on screen are of the arm before
// it, and the status line says so until the next run.
void Iso9283Panel::markStale() {
  if (!(bench_ || sweep_) || runner_->isBusy()) return;
  status_->setStyleSheet("color:#8a5a00");
  status_->setText(tr("Stale: the results below are from before the last edit (%1); run again to update them.")
                       .arg(document_->undoStack()->undoText()));
}

void Iso9283Panel::setSettings(const IsoSettings& settings) {
  settings_ = settings;
  cubeEdited_ = sweepPathEdited_ = true;
  clearMarks();
  reload();
}

void Iso9283Panel::reload() {
  for (Field& f : fields_) {
    if (f.edit->property("isoRefused").toBool()) continue;  // keep what the user is typing
    const QString text = f.show(settings_);
    if (f.edit->text() != text) {
      f.edit->setText(text);
      // Its head in view (setText leaves the cursor at the end: a narrow field at 1280 px with
      // the teach dock open showed "00, 50, 10" for "100, 50, 10").
      if (!f.edit->hasFocus()) f.edit->setCursorPosition(0);
    }
  }
  {
    const QSignalBlocker a(largestCube_), b(noNoise_), c(sweepPath_);
    largestCube_->setChecked(settings_.largestCube);
    noNoise_->setChecked(settings_.noNoise);
    const int i = sweepPath_->findData(settings_.sweepPath);
    sweepPath_->setCurrentIndex(std::max(i, 0));
  }
  updateEnabled();
}

void Iso9283Panel::updateEnabled() {
  const bool busy = runner_->isBusy();
  for (const char* k : {"centre_x", "centre_y", "centre_z", "edge"}) field(k)->setEnabled(!settings_.largestCube);
  for (const char* k : {"encoder", "sensor_noise", "load_variation"}) field(k)->setEnabled(!settings_.noNoise);
  runBench_->setEnabled(!busy);
  runSweep_->setEnabled(!busy);
  cancel_->setEnabled(busy);
  exportBench_->setEnabled(static_cast<bool>(bench_));
  exportSweep_->setEnabled(static_cast<bool>(sweep_));
}

void Iso9283Panel::updateTaskDefaults() {
  if (!document_) return;
  const StudioSession& s = document_->session();
  const double v = taskRatedSpeed(s.task), a = taskPathAcceleration(s.task);
  field("rated_speed")->setPlaceholderText(v > 0.0 ? tr("task: %1").arg(QString::fromStdString(formatSignificant(v)))
                                                   : tr("give one (task has none)"));
  field("path_acceleration")
      ->setPlaceholderText(a > 0.0 ? tr("task: %1").arg(QString::fromStdString(formatSignificant(a)))
                                   : tr("give one (task has none)"));
  controller_->setText(tr("Closed loop under %1.").arg(isoControllerDescription(s)));
  controller_->setToolTip(tr("Every move and path runs in closed loop from rest: the arm, its drives (elastic ones "
                             "included) and this controller; the task's inverse-kinematics configuration; the tool's "
                             "orientation at the home pose"));
}

QString Iso9283Panel::crossCheck(const IsoSettings& s, const QString& key) const {
  if (!document_) return {};
  const StudioSession& session = document_->session();
  const auto about = [&](const InputError& e) {
    return fieldWords(QString::fromStdString(e.field())) == key ? QString::fromStdString(e.message()) : QString();
  };
  try {
    const Model model(session.robot);
    try {
      validateIsoBenchValues(isoBenchOptions(s, session, model));
    } catch (const InputError& e) {
      if (QString why = about(e); !why.isEmpty()) return why;
    }
    if (key == "tolerance") {
      try {
        validateSpeedSweepValues(isoSweepOptions(s, session, model, std::nullopt));
      } catch (const InputError& e) {
        if (QString why = about(e); !why.isEmpty()) return why;
      }
    }
  } catch (const std::exception&) {
    // Settings the session cannot turn into options yet (no task speed, the largest cube not
    // estimated): the run refuses them, naming the field.
  }
  return {};
}

void Iso9283Panel::onEdited(int index) {
  Field& f = fields_[static_cast<std::size_t>(index)];
  IsoSettings candidate = settings_;
  QString why = f.read(f.edit->text(), candidate);
  if (why.isEmpty()) why = crossCheck(candidate, f.key);
  if (!why.isEmpty()) {
    markField(f.key, f.description + ": " + why);
    return;
  }
  // Valid: in force at once (nothing is simulated until Run).
  settings_ = candidate;
  if (f.key.startsWith("centre_") || f.key == "edge") cubeEdited_ = true;
  f.edit->setStyleSheet({});
  f.edit->setToolTip(f.edit->property("isoTip").toString());
  f.edit->setProperty("isoRefused", false);
  setRefusal({});
  answerRunRefusal(f);
}

void Iso9283Panel::answerRunRefusal(const Field& f) {
  // After a Run's refusal, once no field is marked, the status line says the correction was
  // taken (a walkthrough found "ISO bench not run: Rated speed ..." left under a filled form).
  if (runRefusedKeys_.isEmpty()) return;
  for (const Field& other : fields_)
    if (other.edit->property("isoRefused").toBool()) return;
  status_->setStyleSheet({});
  status_->setText(runRefusedKeys_.contains(f.key) ? tr("%1 corrected: ready to run.").arg(f.description)
                                                   : tr("Corrected: ready to run."));
  runRefusedKeys_.clear();
}

void Iso9283Panel::onLeft(int index) {
  // Leaving a refused field: the value in force comes back and the field is valid again.
  Field& f = fields_[static_cast<std::size_t>(index)];
  if (!f.edit->property("isoRefused").toBool()) return;
  IsoSettings probe = settings_;
  if (f.read(f.edit->text(), probe).isEmpty() && crossCheck(probe, f.key).isEmpty()) return;  // marked by a run, still valid
  f.edit->setText(f.show(settings_));
  f.edit->setCursorPosition(0);
  f.edit->setStyleSheet({});
  f.edit->setToolTip(f.edit->property("isoTip").toString());
  f.edit->setProperty("isoRefused", false);
  setRefusal({});
  answerRunRefusal(f);
}

void Iso9283Panel::setRefusal(const QString& why) {
  // One line under the form: the refusal while there is one, else which controller runs.
  refusal_->setText(why);
  refusal_->setVisible(!why.isEmpty());
  controller_->setVisible(why.isEmpty());
}

void Iso9283Panel::markField(const QString& key, const QString& why, bool say) {
  if (say) setRefusal(why);
  QLineEdit* e = field(key);
  if (!e) return;
  e->setStyleSheet(kRefusedFieldStyle);
  e->setToolTip(why);
  e->setProperty("isoRefused", true);
}

void Iso9283Panel::clearMarks() {
  for (Field& f : fields_) {
    f.edit->setStyleSheet({});
    f.edit->setToolTip(f.edit->property("isoTip").toString());
    f.edit->setProperty("isoRefused", false);
  }
  setRefusal({});
}

bool Iso9283Panel::isBusy() const { return runner_->isBusy(); }

bool Iso9283Panel::runBench() { return start(IsoRunKind::Bench); }
bool Iso9283Panel::runSweep() { return start(IsoRunKind::Sweep); }

bool Iso9283Panel::start(IsoRunKind kind) {
  if (!document_) return false;
  if (runner_->isBusy()) {
    status_->setText(tr("A run is in progress: wait for it or cancel it first."));
    return false;
  }
  // A refused text still in a field is not what runs: say so rather than run the old value.
  for (const Field& f : fields_) {
    IsoSettings probe = settings_;
    const QString why = f.edit->isEnabled() ? f.read(f.edit->text(), probe) : QString();
    if (!why.isEmpty()) {
      status_->setStyleSheet(kRefusalTextStyle);
      status_->setText(tr("Not run: %1: %2 (correct it, or leave the field to keep the value in force).")
                           .arg(f.description, why));
      runRefusedKeys_ = QStringList{f.key};
      return false;
    }
  }
  clearMarks();
  IsoRunRequest request;
  request.kind = kind;
  request.session = document_->session();
  request.settings = settings_;
  if (bench_) request.knownCube = bench_->cube;
  if (!runner_->start(request)) return false;
  runGeneration_ = generation_;
  cancelRequested_ = false;
  status_->setStyleSheet({});
  runRefusedKeys_.clear();
  status_->setText(kind == IsoRunKind::Bench ? tr("Running the ISO 9283 bench…") : tr("Running the speed sweep…"));
  progress_->setRange(0, 0);  // busy until the first report
  progress_->setVisible(true);
  progressTimer_->start();
  updateEnabled();
  return true;
}

void Iso9283Panel::cancel() {
  if (!runner_->isBusy()) return;
  runner_->cancel();
  cancelRequested_ = true;  // a run that completes meanwhile (at 100 %) is cancelled all the same
  status_->setText(tr("Cancelling: the runs in progress finish…"));
}

void Iso9283Panel::updateProgress() {
  const double f = runner_->progress();
  if (f < 0.0) {
    progress_->setRange(0, 0);
    return;
  }
  progress_->setRange(0, 1000);
  progress_->setValue(static_cast<int>(std::clamp(f, 0.0, 1.0) * 1000.0));
  progress_->setFormat(tr("%1 %").arg(std::clamp(f, 0.0, 1.0) * 100.0, 0, 'f', 0));
}

QString Iso9283Panel::fieldWords(const QString& coreField) const {
  static const std::vector<std::pair<QString, QString>> keys = {
      {"iso9283.cube.edge", "edge"},
      {"iso9283.cube.centre", "centre_x"},
      {"iso9283.rated_speed", "rated_speed"},
      {"--speed", "rated_speed"},
      {"iso9283.path_acceleration", "path_acceleration"},
      {"--acceleration", "path_acceleration"},
      {"iso9283.speeds", "speeds"},
      {"iso9283.pose_cycles", "pose_cycles"},
      {"iso9283.path_cycles", "path_cycles"},
      {"iso9283.corner_radius", "corner_radius"},
      {"iso9283.noise.encoder_resolution", "encoder"},
      {"iso9283.noise.sensor", "sensor_noise"},
      {"iso9283.noise.load_variation", "load_variation"},
      {"--tolerance", "tolerance"}};
  for (const auto& [core, key] : keys)
    if (coreField == core) return key;
  return {};
}

void Iso9283Panel::onFinished(const IsoRunOutcome& out) {
  progressTimer_->stop();
  progress_->setVisible(false);
  updateEnabled();
  if (runGeneration_ != generation_) {
    // Started on the file before the one now open: its numbers are not this arm's.
    status_->setStyleSheet({});
    status_->setText(tr("The run started on the previous file was stopped; nothing from it is shown."));
    Q_EMIT runFinished(out);
    return;
  }
  const QString what = out.kind == IsoRunKind::Bench ? tr("ISO bench") : tr("Speed sweep");
  const bool had = out.kind == IsoRunKind::Bench ? static_cast<bool>(bench_) : static_cast<bool>(sweep_);
  if (!out.error.isEmpty()) {
    // Refused (or failed): nothing on screen changes; the field it is about is marked.
    const QString key = fieldWords(out.field);
    QString subject;
    if (!key.isEmpty()) {
      for (const Field& f : fields_)
        if (f.key == key) subject = f.description;
      if (key == "centre_x") subject = tr("Cube centre (m)");
    } else if (out.field == "iso9283.cube") {
      subject = tr("Cube");
    } else if (out.field == "iso9283.sweep_path") {
      subject = tr("Sweep path");
    }
    const QString words = subject.isEmpty() ? out.error : subject + ": " + out.error;
    status_->setStyleSheet(kRefusalTextStyle);
    status_->setText(tr("%1 not run: %2").arg(what, words));
    runRefusedKeys_.clear();
    if (!key.isEmpty()) {
      // Said once, in the status line; the field is marked and carries it as its tooltip.
      markField(key, words, false);
      runRefusedKeys_ << key;
      if (key == "centre_x")
        for (const char* k : {"centre_y", "centre_z"}) {
          markField(k, words, false);
          runRefusedKeys_ << k;
        }
    }
    Q_EMIT runFinished(out);
    return;
  }
  if (out.cancelled || cancelRequested_) {
    cancelRequested_ = false;
    status_->setStyleSheet("color:#8a5a00");
    status_->setText(tr("%1 cancelled after %2 closed-loop runs: nothing from it is shown%3.")
                         .arg(what)
                         .arg(out.runsDone)
                         .arg(had ? tr(" (the results below are the previous run's)") : QString()));
    Q_EMIT runFinished(out);
    return;
  }
  status_->setStyleSheet({});
  const QString title = tr("%1: %2").arg(out.kind == IsoRunKind::Bench ? tr("ISO 9283 virtual test bench")
                                                                         : tr("Error against speed"),
                                          out.robotName.isEmpty() ? tr("robot") : out.robotName);
  if (out.kind == IsoRunKind::Bench) {
    bench_ = out.bench;
    benchTitle_ = title;
    benchRobot_ = out.robotName;
    status_->setText(tr("ISO bench finished: %1 closed-loop runs, %2 s of motion simulated in %3 s.")
                         .arg(bench_->runs)
                         .arg(num(bench_->simulatedTime))
                         .arg(out.seconds, 0, 'f', 1));
    showBench();
  } else {
    sweep_ = out.sweep;
    sweepTitle_ = title;
    sweepRobot_ = out.robotName;
    status_->setText(tr("Speed sweep finished: %1 closed-loop runs in %2 s.").arg(sweep_->runs).arg(out.seconds, 0, 'f', 1));
    showSweep();
  }
  updateEnabled();
  Q_EMIT runFinished(out);
}

void Iso9283Panel::clearResults() {
  bench_.reset();
  sweep_.reset();
  benchTitle_.clear();
  sweepTitle_.clear();
  benchRobot_.clear();
  sweepRobot_.clear();
  benchHeading_->clear();
  table_->setRowCount(0);
  pathTable_->setRowCount(0);
  pathTableHeading_->clear();
  drawPath();
  sweepSummary_->clear();
  sweepPlot_->clearPlottables();
  sweepPlot_->clearItems();
  sweepPlot_->replot();
  status_->setStyleSheet({});
  status_->clear();
  runRefusedKeys_.clear();
  updateEnabled();
}

void Iso9283Panel::showBench() {
  const IsoBenchResult& r = *bench_;
  QString noise = r.noise.encoderResolution == 0.0 && r.noise.sensorNoise == 0.0 && r.noise.loadVariation == 0.0
                      ? tr("no noise")
                      : tr("encoder %1°, sensor σ %2°, load σ %3 %")
                            .arg(num(r.noise.encoderResolution * kDegPerRad, 3))
                            .arg(num(r.noise.sensorNoise * kDegPerRad, 3))
                            .arg(num(100.0 * r.noise.loadVariation, 3));
  QString heading = tr("<b>%1</b><br>Cube centre (%2, %3, %4) m, edge %5 m%6; corner radius %7 mm; rated speed %10 m/s; "
                       "%8; %9 closed-loop runs.")
                        .arg(benchTitle_.toHtmlEscaped())
                        .arg(num(r.cube.centre.x()), num(r.cube.centre.y()), num(r.cube.centre.z()), num(r.cube.edge))
                        .arg(r.cubeFromWorkspace ? tr(" (the largest in the workspace)") : QString())
                        .arg(num(kMm * r.cornerRadius))
                        .arg(noise)
                        .arg(r.runs)
                        .arg(r.speeds.empty() || !(r.speeds.front().fraction > 0.0)
                                 ? QStringLiteral("?")
                                 : num(r.speeds.front().speed / r.speeds.front().fraction));
  for (const std::string& w : r.warnings)
    heading += QStringLiteral("<br><span style='color:#8a5a00'>%1</span>").arg(QString::fromStdString(w).toHtmlEscaped());
  benchHeading_->setText(heading);

  table_->setRowCount(static_cast<int>(r.speeds.size()));
  for (int k = 0; k < static_cast<int>(r.speeds.size()); ++k) {
    const IsoSpeedResult& s = r.speeds[static_cast<std::size_t>(k)];
    const QStringList cells = {num(100.0 * s.fraction),      num(kMm * s.AP), num(kMm * s.RP),
                               num(kMm * s.AT),         num(kMm * s.RT),   num(kMm * s.CR), num(kMm * s.CO),
                               num(s.AV),               num(s.RV),         num(kMm * s.FV), num(s.stabilisationTime),
                               num(kMm * s.overshoot)};
    for (int c = 0; c < cells.size(); ++c) table_->setItem(k, c, cell(cells[c]));
    table_->item(k, 0)->setForeground(speedColour(static_cast<std::size_t>(k)));
    table_->item(k, 0)->setToolTip(tr("%1 m/s").arg(num(s.speed)));
  }
  table_->resizeColumnsToContents();
  fitHeight(table_);

  // Largest deviation per test path (rows) and speed (columns).
  const std::size_t nPaths = r.speeds.empty() ? 0 : r.speeds.front().paths.size();
  pathTable_->clear();
  pathTable_->setColumnCount(static_cast<int>(r.speeds.size()) + 1);
  pathTable_->setRowCount(static_cast<int>(nPaths));
  QStringList pathHeaders = {tr("Test path")};
  for (const IsoSpeedResult& s : r.speeds) pathHeaders << tr("Δ at %1 %\n(mm)").arg(num(100.0 * s.fraction));
  pathTable_->setHorizontalHeaderLabels(pathHeaders);
  for (std::size_t p = 0; p < nPaths; ++p) {
    pathTable_->setItem(static_cast<int>(p), 0, cell(pathWords(r.speeds.front().paths[p].path), true));
    for (std::size_t k = 0; k < r.speeds.size(); ++k)
      pathTable_->setItem(static_cast<int>(p), static_cast<int>(k) + 1, cell(num(kMm * r.speeds[k].paths[p].maxDeviation)));
  }
  pathTable_->resizeColumnsToContents();
  fitHeight(pathTable_);
  pathTable_->setVisible(nPaths > 0);
  pathTableHeading_->setVisible(nPaths > 0);

  // The test paths to draw: the previous choice when there is one, else Stepniewski's contour.
  const QString keep = pathChoice_->currentData().toString();
  pathChoice_->clear();
  for (std::size_t p = 0; p < nPaths; ++p) {
    const IsoPathResult& path = r.speeds.front().paths[p];
    pathChoice_->addItem(tr("%1 (%2 m)").arg(pathWords(path.path)).arg(num(path.length, 3)),
                         QString::fromLatin1(isoPathName(path.path)));
  }
  int index = pathChoice_->findData(keep.isEmpty() ? QStringLiteral("rounded_square_section") : keep);
  pathChoice_->setCurrentIndex(std::max(index, 0));
  drawPath();
}

void Iso9283Panel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitHeight(table_);
  fitHeight(pathTable_);
  fitSplitter();
}

void Iso9283Panel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  fitHeight(table_);
  fitHeight(pathTable_);
  fitSplitter();
}

void Iso9283Panel::fitSplitter() {
  // Until the user drags the splitter: the form gets the height it needs while the results keep
  // kViewsMin px; on a short window (1280 x 800) the form scrolls and the results keep 3/5.
  constexpr int kViewsMin = 370;
  if (splitterMoved_ || !isVisible()) return;
  const int total = splitter_->height() - splitter_->handleWidth();
  if (total <= 0) return;
  const int want = splitter_->widget(0)->sizeHint().height();
  const int top = std::max(120, std::min(want, std::max(total - kViewsMin, 2 * total / 5)));
  if (splitter_->sizes().value(0) == top) return;
  splitter_->setSizes({top, total - top});
}

bool Iso9283Panel::showPath(const QString& name) {
  const int index = pathChoice_->findData(name);
  if (index < 0) return false;
  pathChoice_->setCurrentIndex(index);
  drawPath();
  return true;
}

void Iso9283Panel::showView(const QString& name) {
  views_->setCurrentIndex(name == "paths" ? 1 : name == "sweep" ? 2 : 0);
}

void Iso9283Panel::drawPath() {
  pathPlot_->clearPlottables();
  errorPlot_->clearPlottables();
  const int choice = pathChoice_->currentIndex();
  if (!bench_ || choice < 0 || bench_->speeds.empty()) {
    pathPlot_->replot();
    errorPlot_->replot();
    return;
  }
  const IsoBenchResult& r = *bench_;
  const IsoPath path = r.speeds.front().paths[static_cast<std::size_t>(choice)].path;
  const bool section = path == IsoPath::RoundedSquareSection;
  pathPlot_->xAxis->setLabel(section ? tr("x − x_c (mm)") : tr("Across the test plane (mm)"));
  pathPlot_->yAxis->setLabel(section ? tr("y − y_c (mm)") : tr("Up the test plane (mm)"));
  double lo[2] = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  double hi[2] = {-lo[0], -lo[1]};
  auto curve = [&](const std::vector<Eigen::Vector3d>& points, const QPen& pen, const QString& name) {
    QVector<double> x, y;
    for (const Eigen::Vector3d& p : points) {
      const QPointF q = planar(r.cube, path, p);
      x.push_back(q.x());
      y.push_back(q.y());
      lo[0] = std::min(lo[0], q.x()), hi[0] = std::max(hi[0], q.x());
      lo[1] = std::min(lo[1], q.y()), hi[1] = std::max(hi[1], q.y());
    }
    auto* c = new QCPCurve(pathPlot_->xAxis, pathPlot_->yAxis);
    c->setData(x, y);
    c->setPen(pen);
    c->setName(name);
  };
  const IsoPathResult& first = r.speeds.front().paths[static_cast<std::size_t>(choice)];
  curve(first.commanded, QPen(kCommand, 1.4, Qt::DashLine), tr("commanded"));
  for (std::size_t k = 0; k < r.speeds.size(); ++k) {
    const IsoSpeedResult& s = r.speeds[k];
    curve(s.paths[static_cast<std::size_t>(choice)].attained, QPen(speedColour(k), 1.3),
          tr("%1 % (%2 m/s)").arg(num(100.0 * s.fraction)).arg(num(s.speed)));
  }
  // Ranges with a margin; fitEqualScales keeps millimetres the same on both axes.
  const double span = std::max({hi[0] - lo[0], hi[1] - lo[1], 1.0});
  pathRange_[0] = lo[0] - 0.06 * span, pathRange_[1] = hi[0] + 0.06 * span;
  pathRange_[2] = lo[1] - 0.06 * span, pathRange_[3] = hi[1] + 0.06 * span;
  pathPlot_->legend->setVisible(true);
  fitEqualScales();
  pathPlot_->replot();

  // Error along the path, one curve per speed.
  double yMax = 0.0, sMax = 0.0;
  for (std::size_t k = 0; k < r.speeds.size(); ++k) {
    const IsoPathResult& p = r.speeds[k].paths[static_cast<std::size_t>(choice)];
    QVector<double> s(p.evaluationArcLength.begin(), p.evaluationArcLength.end()), d;
    for (double v : p.characteristics.deviation) {
      d.push_back(kMm * v);
      yMax = std::max(yMax, kMm * v);
    }
    if (!s.isEmpty()) sMax = std::max(sMax, s.back());
    QCPGraph* g = errorPlot_->addGraph();
    g->setData(s, d, true);
    g->setPen(QPen(speedColour(k), 1.4));
    g->setName(tr("%1 % (%2 m/s): AT %3 mm").arg(num(100.0 * r.speeds[k].fraction)).arg(num(r.speeds[k].speed))
                   .arg(num(kMm * p.characteristics.AT)));
  }
  errorPlot_->xAxis->setRange(0.0, sMax > 0.0 ? sMax : 1.0);
  errorPlot_->yAxis->setRange(0.0, yMax > 0.0 ? 1.1 * yMax : 1.0);
  errorPlot_->replot();
}

void Iso9283Panel::fitEqualScales() {
  // Millimetres the same length on both axes: the path's extent fills the axis rect in the
  // direction that needs it, the other gets more room.
  const QRect rect = pathPlot_->axisRect()->rect();
  if (rect.width() < 10 || rect.height() < 10 || !bench_) return;
  const double dx = pathRange_[1] - pathRange_[0], dy = pathRange_[3] - pathRange_[2];
  const double scale = std::max(dx / rect.width(), dy / rect.height());  // mm per pixel
  const double cx = 0.5 * (pathRange_[0] + pathRange_[1]), cy = 0.5 * (pathRange_[2] + pathRange_[3]);
  pathPlot_->xAxis->setRange(cx - 0.5 * scale * rect.width(), cx + 0.5 * scale * rect.width());
  pathPlot_->yAxis->setRange(cy - 0.5 * scale * rect.height(), cy + 0.5 * scale * rect.height());
}

void Iso9283Panel::showSweep() {
  const SpeedSweepResult& s = *sweep_;
  sweepPlot_->clearPlottables();
  sweepPlot_->clearItems();
  QVector<double> v(s.speeds.begin(), s.speeds.end()), d;
  for (double x : s.deviation) d.push_back(kMm * x);
  double yLo = kMm * s.tolerance, yHi = kMm * s.tolerance;
  for (double x : d)
    if (x > 0.0) yLo = std::min(yLo, x), yHi = std::max(yHi, x);
  double xLo = v.isEmpty() ? 0.01 : v.front(), xHi = v.isEmpty() ? 1.0 : v.back();
  for (double x : s.bisectionSpeeds) xLo = std::min(xLo, x), xHi = std::max(xHi, x);
  xLo /= 1.25, xHi *= 1.25, yLo /= 1.6, yHi *= 1.6;

  QCPGraph* points = sweepPlot_->addGraph();
  points->setData(v, d, true);
  points->setPen(QPen(speedColour(0), 1.6));
  points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, speedColour(0), 6));
  points->setName(tr("Δ at the swept speeds"));
  if (!s.bisectionSpeeds.empty()) {
    QCPGraph* extra = sweepPlot_->addGraph();
    QVector<double> bd;
    for (double x : s.bisectionDeviation) bd.push_back(kMm * x);
    extra->setData(QVector<double>(s.bisectionSpeeds.begin(), s.bisectionSpeeds.end()), bd);
    extra->setLineStyle(QCPGraph::lsNone);
    extra->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, speedColour(0).darker(130), 6));
    extra->setName(tr("bisection runs"));
  }
  if (s.exponent != 0.0 && s.coefficient > 0.0) {
    QVector<double> fx, fy;
    for (int k = 0; k <= 40; ++k) {
      const double x = xLo * std::pow(xHi / xLo, k / 40.0);
      fx.push_back(x);
      fy.push_back(kMm * s.coefficient * std::pow(x, s.exponent));
    }
    QCPGraph* fit = sweepPlot_->addGraph();
    fit->setData(fx, fy, true);
    fit->setPen(QPen(QColor(130, 130, 130), 1.3, Qt::DashLine));
    fit->setName(tr("fit Δ = %1 mm · v^%2").arg(num(kMm * s.coefficient)).arg(num(s.exponent, 3)));
  }
  auto* tol = new QCPItemStraightLine(sweepPlot_);
  tol->setPen(QPen(kSpeedColours[3], 1.3, Qt::DashLine));
  tol->point1->setCoords(xLo, kMm * s.tolerance);
  tol->point2->setCoords(xHi, kMm * s.tolerance);
  auto* tolText = new QCPItemText(sweepPlot_);
  tolText->position->setCoords(xLo * 1.05, kMm * s.tolerance);
  tolText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
  tolText->setColor(kSpeedColours[3]);
  tolText->setFont(QFont(font().family(), 8));
  tolText->setText(tr("tolerance %1 mm").arg(num(kMm * s.tolerance)));
  if (s.indexFound) {
    auto* index = new QCPItemStraightLine(sweepPlot_);
    index->setPen(QPen(kSpeedColours[2], 1.5));
    index->point1->setCoords(s.runningSpeedIndex, yLo);
    index->point2->setCoords(s.runningSpeedIndex, yHi);
    auto* text = new QCPItemText(sweepPlot_);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(s.runningSpeedIndex, 0.03);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(4, 1, 4, 1));
    text->setColor(kSpeedColours[2].darker(120));
    text->setBrush(QColor(255, 255, 255, 210));
    text->setFont(QFont(font().family(), 8));
    text->setText(tr("running-speed index\n%1 m/s").arg(num(s.runningSpeedIndex)));
  }
  sweepPlot_->xAxis->setRange(xLo, xHi);
  sweepPlot_->yAxis->setRange(yLo, yHi);
  sweepPlot_->legend->setVisible(true);
  sweepPlot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  sweepPlot_->replot();

  QString text = tr("<b>%1</b><br>Path: %2. Δ = %3 mm · (v / 1 m/s)<sup>%4</sup> fitted over %5 speeds; tolerance %6 mm; "
                    "running-speed index: %7.")
                     .arg(sweepTitle_.toHtmlEscaped(), QString::fromStdString(s.name).toHtmlEscaped())
                     .arg(num(kMm * s.coefficient))
                     .arg(num(s.exponent, 3))
                     .arg(s.speeds.size())
                     .arg(num(kMm * s.tolerance))
                     .arg(s.indexFound ? tr("<b>%1 m/s</b>").arg(num(s.runningSpeedIndex)) : tr("not found"));
  if (!s.note.empty()) text += QStringLiteral("<br>") + QString::fromStdString(s.note).toHtmlEscaped();
  sweepSummary_->setText(text);
}

bool Iso9283Panel::writeReport(const QString& path, bool bench, QString* error) {
  if (bench ? !bench_ : !sweep_) {
    if (error) *error = bench ? tr("no bench result to export: run the ISO bench first") : tr("no sweep result to export: run the speed sweep first");
    return false;
  }
  const QString suffix = QFileInfo(path).suffix().toLower();
  // The core's title block: the robot, what ran, today, this version.
  const ReportTitle title{(bench ? benchRobot_ : sweepRobot_).toStdString(), bench ? std::string() : sweep_->name,
                          QDate::currentDate().toString(Qt::ISODate).toStdString(), ARMDYN_VERSION};
  std::string content;
  try {
    if (suffix == "pdf") content = bench ? isoBenchPdf(*bench_, title) : speedSweepPdf(*sweep_, title);
    else if (suffix == "svg") content = bench ? isoBenchSvg(*bench_, title) : speedSweepSvg(*sweep_, title);
    else if (suffix == "csv") content = bench ? isoBenchCsv(*bench_) : speedSweepCsv(*sweep_);
    else if (suffix == "json") content = bench ? isoBenchJson(*bench_) : speedSweepJson(*sweep_);
    else {
      if (error) *error = tr("give a file ending in .pdf, .svg, .csv or .json (got '%1')").arg(QFileInfo(path).fileName());
      return false;
    }
    writeFileAtomic(path.toStdString(), content);  // the old file stays until the new one is complete
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

bool Iso9283Panel::exportBench(const QString& path, QString* error) { return writeReport(path, true, error); }
bool Iso9283Panel::exportSweep(const QString& path, QString* error) { return writeReport(path, false, error); }

void Iso9283Panel::exportInteractive(bool bench) {
  QString filter;
  const QString base = document_ ? suggestedSavePath(*document_, bench ? "iso9283" : "speed_sweep", "pdf")
                                  : QDir::homePath() + (bench ? "/iso9283.pdf" : "/speed_sweep.pdf");
  QString path = QFileDialog::getSaveFileName(this, bench ? tr("Export the ISO bench report") : tr("Export the speed sweep"),
                                              base, tr("PDF (*.pdf);;SVG (*.svg);;CSV (*.csv);;JSON (*.json)"), &filter);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) {
    static const QRegularExpression ext(QStringLiteral("\\*\\.(\\w+)"));
    const QRegularExpressionMatch m = ext.match(filter);
    path += "." + (m.hasMatch() ? m.captured(1) : QStringLiteral("pdf"));
  }
  QString error;
  if (writeReport(path, bench, &error)) {
    status_->setStyleSheet({});
    status_->setText(tr("Wrote %1.").arg(QDir::toNativeSeparators(path)));
  } else {
    status_->setStyleSheet(kRefusalTextStyle);
    status_->setText(tr("The report was not written: %1").arg(error));
  }
}

}  // namespace armdyn::app
