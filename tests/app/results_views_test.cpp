// GUI tests of armdyn-studio, run under Xvfb: the result views: plots (plot_panel), results table,
// summary comparison, playback bar and the exports of plots, table and summary.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

#include "common/number_text.h"
#include "refusal_style.h"
#include "sizing_view.h"

#include <cmath>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class ResultsViewsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // Issue 11 #9: the table's time column shows enough decimals for the sample period
  // (DT = 2e-5 s gave 0.0000, 0.0000, 0.0001).
  void tableTimesFollowTheSamplePeriod() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const int n = 3;
    QCOMPARE(w.tableModel()->data(w.tableModel()->index(n, 0), Qt::DisplayRole).toString(), QStringLiteral("0.025"));
    RobotSpec r = w.document()->robot();
    r.dt = 2e-5;
    w.document()->edit(r, "DT");
    QVERIFY(waitForRun(w));
    const QString t0 = w.tableModel()->data(w.tableModel()->index(0, 0), Qt::DisplayRole).toString();
    const QString t1 = w.tableModel()->data(w.tableModel()->index(n, 0), Qt::DisplayRole).toString();
    const QString t2 = w.tableModel()->data(w.tableModel()->index(2 * n, 0), Qt::DisplayRole).toString();
    QVERIFY2(t0 != t1 && t1 != t2, qPrintable(t0 + " " + t1 + " " + t2));
    QCOMPARE(t1, QStringLiteral("0.000020"));
  }

  // Issue 11 #10: hiding a joint fits the axis to the others; showing it again puts it back in
  // its place in the legend (it went last).
  void hidingJointsRescalesAndKeepsLegendOrder() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QCustomPlot* force = w.plots()->plot(Quantity::Force);
    const QCPRange before = force->yAxis->range();
    // Hide the joint with the largest torque: the range must shrink.
    int largest = 0;
    double peak = 0.0;
    for (int j = 0; j < 3; ++j) {
      bool found = false;
      const QCPRange r = force->graph(j)->getValueRange(found);
      if (found && std::max(std::abs(r.lower), std::abs(r.upper)) > peak) peak = std::max(std::abs(r.lower), std::abs(r.upper)), largest = j;
    }
    w.plots()->setJointVisible(largest, false);
    QVERIFY2(force->yAxis->range().size() < 0.9 * before.size(),
             qPrintable(QString("%1 -> %2").arg(before.size()).arg(force->yAxis->range().size())));
    w.plots()->setJointVisible(1, false);
    w.plots()->setJointVisible(1, true);
    w.plots()->setJointVisible(largest, true);
    QStringList names;
    for (int k = 0; k < force->legend->itemCount(); ++k)
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(force->legend->item(k))) names << item->plottable()->name().left(2);
    QCOMPARE(names, (QStringList{"J1", "J2", "J3"}));
  }

  // Stepping: buttons and keys move one sample; the plots' cursor and the table follow.
  void stepsPlayback() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QApplication::setActiveWindow(&w);  // no window manager under Xvfb
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    PlaybackController* p = w.playback();
    p->pause();
    p->toStart();
    QCOMPARE(p->sample(), 0);
    p->stepForward();
    QCOMPARE(p->sample(), 1);
    QCOMPARE(p->time(), w.result()->record.t[1]);
    QTest::keyClick(&w, Qt::Key_Right);
    QCOMPARE(p->sample(), 2);
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(p->sample(), 1);
    QTest::keyClick(&w, Qt::Key_End);
    QCOMPARE(p->sample(), 148);
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(p->sample(), 0);
    p->stepBack();
    QCOMPARE(p->sample(), 0);
    QTest::keyClick(&w, Qt::Key_Plus);
    QCOMPARE(p->speed(), 1.5);
    QTest::keyClick(&w, Qt::Key_Minus);
    QTest::keyClick(&w, Qt::Key_Minus);
    QCOMPARE(p->speed(), 0.75);
    w.playbackBar()->slider()->setValue(74);
    QCOMPARE(p->sample(), 74);
    QCOMPARE(w.tableModel()->data(w.tableModel()->index(74 * 3, 0), Qt::BackgroundRole).value<QBrush>().color(),
             QColor(255, 236, 179));
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(p->isPlaying());
    QTest::qWait(300);
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(!p->isPlaying());
    QVERIFY(p->sample() > 74);
  }

  // Exports: table CSV (one row per sample, the core's header), summary CSV, plots PNG/PDF,
  // parameters PDF.
  void exportsCsvAndImages() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const QString dir = kArtifacts;
    QString error;
    QVERIFY2(w.exportTableCsv(dir + "/table.csv", &error), qPrintable(error));
    QFile csv(dir + "/table.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 150);
    QCOMPARE(lines[0].split(',').size(), 1 + 4 * 3);
    QVERIFY2(w.exportSummaryCsv(dir + "/summary.csv", &error), qPrintable(error));
    QFile sum(dir + "/summary.csv");
    QVERIFY(sum.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(sum.readAll()).split('\n', Qt::SkipEmptyParts).size(), 4);
    QVERIFY2(w.exportPlots(dir + "/plots.png", &error), qPrintable(error));
    QImage png(dir + "/plots.png");
    QCOMPARE(png.size(), QSize(900, 4 * 260));
    // The curves are in the file: each joint's colour (the plots draw without antialiasing, so
    // the exact pen colour) covers many pixels in every panel.
    for (int panel = 0; panel < 4; ++panel) {
      for (const QRgb colour : {qRgb(31, 119, 180), qRgb(214, 39, 40), qRgb(44, 160, 44)}) {
        int hits = 0;
        for (int y = panel * 260; y < (panel + 1) * 260; ++y)
          for (int x = 0; x < png.width(); ++x) hits += (png.pixel(x, y) & 0xffffff) == (colour & 0xffffff);
        QVERIFY2(hits > 100, qPrintable(QString("panel %1 colour %2: %3 px").arg(panel).arg(colour, 0, 16).arg(hits)));
      }
    }
    QVERIFY2(w.exportPlots(dir + "/plots.pdf", &error), qPrintable(error));
    QFile pdf(dir + "/plots.pdf");
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(4) == "%PDF");
    QVERIFY(!w.exportPlots(dir + "/plots.bmp", &error));
    QVERIFY2(w.printParameters(dir + "/parameters.pdf", &error), qPrintable(error));
    QVERIFY(QFileInfo(dir + "/parameters.pdf").size() > 1000);
    // MAIN menu 11 prints the table: 447 rows of 6 columns make a PDF of several pages.
    QVERIFY2(w.printTable(dir + "/table.pdf", &error), qPrintable(error));
    QFile tablePdf(dir + "/table.pdf");
    QVERIFY(tablePdf.open(QIODevice::ReadOnly));
    const QByteArray tableBytes = tablePdf.readAll();
    QVERIFY(tableBytes.startsWith("%PDF"));
    const qsizetype pages = tableBytes.count("/Type /Page") - tableBytes.count("/Type /Pages");
    QVERIFY2(pages > 3, qPrintable(QString::number(pages)));
  }

  // A mixed arm (Cartesian PPPRRR): prismatic joints on the right-hand axis with their own unit,
  // revolute on the left, each axis ranged to its own curves (J1's ~250 N no longer flattens
  // the wrist torques); the legend says which axis. Also in the control plots; volts and
  // amperes, the same for both joint types, keep one axis.
  void mixedArmPlotsPrismaticOnTheRightAxis() {
    MainWindow w;
    QVERIFY(openLibrary(w, "cartesian_ppprrr.yaml"));
    const std::vector<JointType> joints = jointTypes(w.document()->robot());
    const RunRecord& sim = w.result()->record;
    auto checkPanel = [&](QCustomPlot* p, const Eigen::MatrixXd& h, const QString& left, const QString& right) {
      QVERIFY(p->yAxis2->visible());
      QCOMPARE(p->yAxis->label(), left);
      QCOMPARE(p->yAxis2->label(), right);
      double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
      for (int j = 0; j < static_cast<int>(joints.size()); ++j) {
        const bool prismatic = joints[j] == JointType::Prismatic;
        QCOMPARE(p->graph(j)->valueAxis(), prismatic ? p->yAxis2 : p->yAxis);
        QVERIFY(p->graph(j)->name().contains(prismatic ? "right axis" : "left axis"));
        lo[prismatic] = std::min(lo[prismatic], h.col(j).minCoeff());
        hi[prismatic] = std::max(hi[prismatic], h.col(j).maxCoeff());
      }
      // Each axis spans its own curves with the 10 % air of the rescale (1.1), no more.
      for (int k = 0; k < 2; ++k) {
        const QCPRange r = (k ? p->yAxis2 : p->yAxis)->range();
        QVERIFY(r.lower <= lo[k] && r.upper >= hi[k]);
        const double span = hi[k] - lo[k];
        QVERIFY(span > 1e-9);
        QVERIFY2(r.size() <= 1.1 * span * (1 + 1e-9), qPrintable(QString("%1 vs %2").arg(r.size()).arg(span)));
      }
    };
    QCustomPlot* force = w.plots()->plot(Quantity::Force);
    checkPanel(force, sim.force, "Torque (N m)", "Force (N)");
    // J1's force dwarfs the wrist torques: on one axis they would be a flat line.
    QVERIFY(sim.force.leftCols(3).cwiseAbs().maxCoeff() > 10.0 * sim.force.rightCols(3).cwiseAbs().maxCoeff());
    checkPanel(w.plots()->plot(Quantity::Position), sim.q, "Position (rad)", "Position (m)");
    saveArtifact(w, "cartesian_two_axes");

    w.setSimulationMode(SimulationMode::ForwardSimulation);
    QVERIFY2(waitForRun(w, 120000), qPrintable(w.problemText()));
    PlotPanel* c = w.controlPlots();
    const RunRecord& h = w.result()->record;
    checkPanel(c->plot(ControlQuantity::TrackingError), h.error, "Tracking error (rad)", "Tracking error (m)");
    checkPanel(c->plot(ControlQuantity::MotorTorque), h.motorTorque, "Drive torque (N m)", "Drive force (N)");
    QVERIFY(!c->plot(ControlQuantity::Current)->yAxis2->visible());
    QCOMPARE(c->plot(ControlQuantity::Current)->yAxis->label(), QStringLiteral("Motor current (A)"));
  }

  // Issue 11 #9 (rest): the table's headers put the unit on a second line so no word is
  // clipped at 1280 px, and switching to the table shows the row of the current time.
  void tableHeadersFitAndTableFollowsTheTime() {
    MainWindow w;
    w.resize(1280, 800);
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.playback()->setSample(w.playback()->sampleCount() - 5);
    w.tabs()->setCurrentWidget(w.tableView());
    QTest::qWait(50);
    QHeaderView* header = w.tableView()->horizontalHeader();
    for (int c = 0; c < w.tableModel()->columnCount(); ++c) {
      const QString text = w.tableModel()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
      int widest = 0;
      for (const QString& line : text.split('\n')) widest = std::max(widest, header->fontMetrics().horizontalAdvance(line));
      QVERIFY2(header->sectionSize(c) >= widest, qPrintable(QString("%1: %2 px for %3 px").arg(text).arg(header->sectionSize(c)).arg(widest)));
    }
    const QModelIndex current = w.tableModel()->index(w.tableModel()->rowOf(w.playback()->sample()), 0);
    QVERIFY(w.tableView()->viewport()->rect().intersects(w.tableView()->visualRect(current)));
    // The focus arriving in the table (Tables, menu 11) leaves the time cursor where it was
    // (issue 22: it went to 0).
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    const int at = w.playback()->sample();
    w.tableView()->setFocus();
    QTRY_VERIFY(w.tableView()->hasFocus());
    QTest::qWait(20);
    QCOMPARE(w.playback()->sample(), at);
    QCOMPARE(w.tableView()->currentIndex().row(), w.tableModel()->rowOf(at));
    // Playing with the table shown (and focused), then pausing: the current row is the cursor's
    // (the walkthrough found it left at the time the tab was opened) and the time stays.
    w.playback()->setSample(0);
    w.playback()->play();
    QTest::qWait(400);
    w.playback()->pause();
    const int paused = w.playback()->sample();
    QVERIFY(paused > 0);
    QTest::qWait(20);
    QCOMPARE(w.playback()->sample(), paused);
    QCOMPARE(w.tableView()->currentIndex().row(), w.tableModel()->rowOf(paused));
    // With the teach dock open at 1280 px the table is narrow: every number shown whole (the
    // table scrolls sideways; the walkthrough saw "4.…" for 4.4e-16), every header line too.
    w.setTeachMode(true);
    QTest::qWait(50);
    QTableView* view = w.tableView();
    QVERIFY(view->viewport()->width() < 600);
    for (int c = 0; c < w.tableModel()->columnCount(); ++c) {
      const int width = view->horizontalHeader()->sectionSize(c);
      for (int r = 0; r < 30 && r < w.tableModel()->rowCount(); ++r) {
        const QString text = w.tableModel()->index(r, c).data().toString();
        QVERIFY2(view->fontMetrics().horizontalAdvance(text) + 8 <= width,
                 qPrintable(QString("'%1' in %2 px").arg(text).arg(width)));
      }
      const QString title = w.tableModel()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
      for (const QString& line : title.split('\n'))
        QVERIFY2(view->horizontalHeader()->fontMetrics().horizontalAdvance(line) + 8 <= width, qPrintable(line));
    }
    w.setTeachMode(false);
    // Rounding noise shows as 0 (the walkthrough read -2.220446E-16 among figures of order 1):
    // a value below kDisplayZero (1e-9) prints as zero, every other one as its E notation. The
    // PUMA's run holds such values (joints at rest at the ends); the count proves the case ran.
    int noise = 0;
    for (int r = 0; r < w.tableModel()->rowCount(); ++r)
      for (int c = 2; c < w.tableModel()->columnCount(); ++c) {
        const QModelIndex cell = w.tableModel()->index(r, c);
        const double raw = cell.data(Qt::EditRole).toDouble();
        const bool tiny = std::abs(raw) < kDisplayZero;
        noise += tiny && raw != 0.0;
        QCOMPARE(cell.data().toString(), tiny ? QStringLiteral("0.000000E+00") : QString::number(raw, 'E', 6));
      }
    QVERIFY2(noise > 0, "the PUMA's run no longer holds a value of rounding size: pick another case");
  }

  // The Sizing tab's plot for a joint without a drive (the default RRR has none): its load-side
  // operating points with the joint's units, as the PDF report draws them (a walkthrough found
  // empty motor axes). The largest plotted |torque| is the table's peak (4 digits).
  void sizingPlotsTheLoadSideOfAJointWithoutDrive() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QVERIFY(!w.document()->robot().links[0].drive);
    w.tabs()->setCurrentWidget(w.sizing());
    QTest::qWait(50);
    QCustomPlot* plot = w.sizing()->plot();
    QCOMPARE(plot->xAxis->label(), QStringLiteral("Joint 1 speed (deg/s)"));
    QCOMPARE(plot->yAxis->label(), QStringLiteral("Torque (N m)"));
    QVERIFY(plot->plottableCount() >= 1);
    auto* points = qobject_cast<QCPCurve*>(plot->plottable(0));
    QVERIFY(points != nullptr);
    QVERIFY(points->data()->size() > 10);
    double peak = 0.0;
    for (auto it = points->data()->constBegin(); it != points->data()->constEnd(); ++it) {
      peak = std::max(peak, std::abs(it->value));
      QVERIFY(plot->xAxis->range().contains(it->key) && plot->yAxis->range().contains(it->value));
    }
    const double table = w.sizing()->table()->item(0, 2)->text().toDouble();
    QVERIFY2(std::abs(peak - std::abs(table)) <= 5e-4 * std::abs(table),
             qPrintable(QString("plot %1, table %2").arg(peak).arg(table)));
    // The legend sits above the axes, off every point (the walkthrough saw it inset over them).
    QVERIFY(plot->legend->visible());
    QVERIFY(!plot->axisRect()->outerRect().intersects(plot->legend->outerRect()));
    QVERIFY(plot->legend->outerRect().bottom() <= plot->axisRect()->outerRect().top());
  }

  // Issue 11: the Summary compares every peak with a reference run: by default the previous
  // run; "Pin as reference" keeps a run while editing; "Reset" clears the comparison.
  void summaryComparesWithReferenceRun() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    SummaryView* s = w.summary();
    w.tabs()->setCurrentWidget(s);
    QVERIFY(!s->comparison().has_value());  // a file just opened: nothing to compare with
    const SimulationResultPtr first = w.result();
    const auto setA2 = [&](double a) {
      RobotSpec robot = w.document()->robot();
      robot.links[1].dh.a = a;
      w.document()->edit(robot, "a2");
      return waitForRun(w);
    };
    QVERIFY(setA2(0.55));
    const SimulationResultPtr second = w.result();
    QVERIFY(s->comparison().has_value());
    QCOMPARE(s->referenceResult(), first);
    const double delta = second->record.summary.peakForce(1) - first->record.summary.peakForce(1);
    QVERIFY(delta != 0.0);
    QCOMPARE(s->comparison()->peakForce[1].delta, delta);
    QCOMPARE(s->comparison()->peakForce[1].reference, first->record.summary.peakForce(1));
    QTableWidget* table = s->comparisonTable();
    QVERIFY(!table->isHidden());
    QCOMPARE(table->rowCount(), 3);
    // Columns: joint, then per peak reference, delta, %; units in the headers.
    QVERIFY(table->horizontalHeaderItem(1)->text().contains("(N m)"));
    QVERIFY(table->horizontalHeaderItem(2)->text().contains("(N m)"));
    QVERIFY(table->horizontalHeaderItem(3)->text().contains("%"));
    QCOMPARE(table->item(1, 2)->text().toDouble(), QString::number(delta, 'g', 4).toDouble());
    const double percent = 100.0 * delta / std::abs(first->record.summary.peakForce(1));
    QCOMPARE(table->item(1, 3)->text().toDouble(), QString::number(percent, 'f', 1).toDouble());
    // A longer upper arm needs more shoulder torque: red.
    QVERIFY(std::abs(second->record.summary.peakForce(1)) > std::abs(first->record.summary.peakForce(1)));
    QCOMPARE(table->item(1, 2)->foreground().color(), QColor(QLatin1String(kRefusalColour)));

    // Pin the second run; two more edits keep it as the reference.
    QTest::mouseClick(s->pinButton(), Qt::LeftButton);
    QVERIFY(s->isReferencePinned());
    QVERIFY(s->pinButton()->isChecked());
    QVERIFY(setA2(0.6));
    QVERIFY(setA2(0.4));
    const SimulationResultPtr fourth = w.result();
    QCOMPARE(s->referenceResult(), second);
    QCOMPARE(s->comparison()->peakForce[1].delta,
             fourth->record.summary.peakForce(1) - second->record.summary.peakForce(1));
    // A shorter arm than the pinned one: less torque, green.
    QCOMPARE(table->item(1, 2)->foreground().color(), QColor(QLatin1String(kPassColour)));
    // Undo is an edit too: still the pinned run.
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(s->referenceResult(), second);
    saveArtifact(w, "summary_comparison");

    // Reset: no comparison, unpinned; the next edit compares with the run on screen.
    QTest::mouseClick(s->resetButton(), Qt::LeftButton);
    QVERIFY2(!s->comparison().has_value(), s->resetButton()->isVisible() ? "reset visible" : "reset hidden");
    QVERIFY(!s->isReferencePinned());
    QVERIFY(!s->pinButton()->isChecked());
    QVERIFY(table->isHidden());
    const SimulationResultPtr atReset = w.result();
    QVERIFY(setA2(0.5));
    QCOMPARE(s->referenceResult(), atReset);
    QCOMPARE(s->comparison()->peakForce[1].delta,
             w.result()->record.summary.peakForce(1) - atReset->record.summary.peakForce(1));
  }

  // #13a: the table CSV keeps the CLI contract's header by default; "with units" adds the unit
  // of every column, same rows. #13b: plot images without the time cursor, titled with the
  // robot and task, at the size and dpi asked. #13c: the printed table repeats its header row
  // on every page and keeps fixed column widths.
  void exportsUnitsTitlesSizesAndPrintedHeaders() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const QString dir = kArtifacts;
    QString error;
    auto readLines = [](const QString& path) {
      QFile f(path);
      return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts) : QStringList();
    };
    QVERIFY2(w.exportTableCsv(dir + "/issue11_table.csv", &error), qPrintable(error));
    QVERIFY2(w.exportTableCsv(dir + "/issue11_table_units.csv", true, &error), qPrintable(error));
    const QStringList plain = readLines(dir + "/issue11_table.csv");
    const QStringList units = readLines(dir + "/issue11_table_units.csv");
    QCOMPARE(plain.value(0), QString::fromStdString(simulationCsvHeader(3)));  // the CLI contract
    QCOMPARE(units.value(0), QStringLiteral("t (s),q1 (rad),q2 (rad),q3 (rad),qd1 (rad/s),qd2 (rad/s),qd3 (rad/s),"
                                            "qdd1 (rad/s^2),qdd2 (rad/s^2),qdd3 (rad/s^2),f1 (N m),f2 (N m),f3 (N m)"));
    QCOMPARE(units.mid(1), plain.mid(1));
    QCOMPARE(units.size(), 150);
    bool menuEntry = false;
    for (QAction* a : w.findChildren<QAction*>()) menuEntry = menuEntry || a->text().startsWith("Tabulated results with units");
    QVERIFY(menuEntry);

    // Plots: the time cursor is not in the file (two cursor times give the same image).
    QVERIFY(w.exportTitle().startsWith("Vora RRR"));
    PlotExportOptions options = PlotPanel::exportPresets(QSize(700, 800))[1];
    QCOMPARE(options.size, QSize(1600, 1000));
    QCOMPARE(options.dpi, 150);
    w.plots()->setCursorTime(0.5);
    QVERIFY2(w.exportPlots(dir + "/issue11_plots_a.png", options, &error), qPrintable(error));
    w.plots()->setCursorTime(2.5);
    QVERIFY2(w.exportPlots(dir + "/issue11_plots_b.png", options, &error), qPrintable(error));
    const QImage a(dir + "/issue11_plots_a.png"), b(dir + "/issue11_plots_b.png");
    QCOMPARE(a.size(), QSize(1600, 1000));
    QVERIFY(std::abs(a.dotsPerMeterX() - 150.0 / 0.0254) < 2);
    QVERIFY2(a == b, "the time cursor is drawn in the exported plots");
    // No cursor colour anywhere (the cursor is (200, 30, 30), no joint's colour).
    int cursorPixels = 0;
    for (int y = 0; y < a.height(); ++y)
      for (int x = 0; x < a.width(); ++x) cursorPixels += (a.pixel(x, y) & 0xffffff) == (qRgb(200, 30, 30) & 0xffffff);
    QCOMPARE(cursorPixels, 0);
    // The title: dark text in the band above the first panel.
    int dark = 0;
    for (int y = 0; y < 30; ++y)
      for (int x = 0; x < a.width(); ++x) dark += qGray(a.pixel(x, y)) < 100;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
    const std::vector<PlotExportOptions> presets = PlotPanel::exportPresets(QSize(700, 800));
    QCOMPARE(presets.size(), std::size_t(3));
    QCOMPARE(presets[0].size, QSize(700, 800));
    QCOMPARE(presets[2].dpi, 300);
    QCOMPARE(presets[2].size.width(), 2480);
    QVERIFY2(w.exportPlots(dir + "/issue11_plots_a4.pdf", presets[2], &error), qPrintable(error));

    // Printed table: header row repeated, column widths fixed in % of the page.
    const std::unique_ptr<QTextDocument> doc = w.tablePrintDocument();
    QTextTable* table = nullptr;
    for (QTextFrame* f : doc->rootFrame()->childFrames()) table = table ? table : qobject_cast<QTextTable*>(f);
    QVERIFY(table);
    QCOMPARE(table->format().headerRowCount(), 1);
    QCOMPARE(table->rows(), 1 + w.tableModel()->rowCount());
    const QVector<QTextLength> widths = table->format().columnWidthConstraints();
    QCOMPARE(widths.size(), w.tableModel()->columnCount());
    double sum = 0;
    for (const QTextLength& l : widths) {
      QCOMPARE(l.type(), QTextLength::PercentageLength);
      sum += l.rawValue();
    }
    QVERIFY(std::abs(sum - 100.0) < 1e-6);
    QVERIFY2(w.printTable(dir + "/issue11_table.pdf", &error), qPrintable(error));
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<ResultsViewsTest>(); });
}

#include "results_views_test.moc"
