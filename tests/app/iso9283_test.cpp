// GUI tests of armdyn-studio, run under Xvfb: the Accuracy (ISO 9283) tab: iso9283_panel,
// iso9283_runner and iso9283_settings.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

#include <QPushButton>
#include <QThread>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class Iso9283Test : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // The Accuracy (ISO 9283) tab on the IRb-60 (Stepniewski's cube from the task): a bad edge is
  // refused as typed, in words, and the value in force stays; Cancel stops a full bench through
  // the core's progress callback and nothing from it is shown; a cube that does not fit is
  // refused by the core at Run (by how much, what edge fits) and nothing changes; a small bench
  // (one speed, two cycles, no noise) fills the table with the numbers of runIsoBench called
  // directly; the sweep draws runSpeedSweep's deviations, fit, tolerance and index; the exports
  // are the core's reports.
  void accuracyTabRunsTheIsoBench() {
    MainWindow w;
    QVERIFY(openLibrary(w, "irb60.yaml"));
    Iso9283Panel* p = w.accuracy();
    w.tabs()->setCurrentWidget(p);
    QTest::qWait(20);
    QCOMPARE(w.tabs()->tabText(w.tabs()->currentIndex()), QString("Accuracy (ISO 9283)"));
    QCOMPARE(p->field("centre_x")->text(), QString("1.7"));
    QCOMPARE(p->field("centre_z")->text(), QString("1"));
    QCOMPARE(p->field("edge")->text(), QString("0.6"));
    QVERIFY(p->field("rated_speed")->placeholderText().contains("0.5"));
    QVERIFY(p->field("path_acceleration")->placeholderText().contains("6"));
    QVERIFY2(p->controllerLabel()->text().contains("computed torque"), qPrintable(p->controllerLabel()->text()));
    // Every field shows its head (a narrow form showed "00, 50, 10" for "100, 50, 10").
    for (const char* key : {"speeds", "encoder", "sensor_noise", "edge"})
      QVERIFY2(p->field(key)->cursorPosition() == 0, key);
    const int undoSteps = w.document()->undoStack()->count();

    // Refused as typed, in the field's words; the value in force stays, leaving restores it.
    // The refusal line takes the controller line's place without moving the Run buttons.
    QPushButton* run = p->findChild<QPushButton*>("isoRunBench");
    QVERIFY(run);
    w.show();
    w.resize(1024, 768);  // narrow: a refusal wraps to two lines where the controller line needs one
    QApplication::processEvents();
    const QPoint runBefore = run->mapTo(p, QPoint(0, 0));
    typeInto(p->field("edge"), "-1");
    QApplication::processEvents();
    QCOMPARE(run->mapTo(p, QPoint(0, 0)), runBefore);
    QVERIFY2(p->refusalLabel()->text().contains("Cube edge (m)") && p->refusalLabel()->text().contains("> 0 m"),
             qPrintable(p->refusalLabel()->text()));
    QCOMPARE(p->settings().edge, 0.6);
    pasteInto(p->field("pose_cycles"), "2.5");
    QVERIFY2(p->refusalLabel()->text().contains("Pose cycles: must be a whole number"),
             qPrintable(p->refusalLabel()->text()));
    // The range is the core's (validateIsoBenchValues), in its words: the panel re-states none.
    pasteInto(p->field("pose_cycles"), "1");
    QVERIFY2(p->refusalLabel()->text().contains("Pose cycles: must lie in [2, 1000] (ISO 9283: 30)"),
             qPrintable(p->refusalLabel()->text()));
    QCOMPARE(p->settings().poseCycles, 30);
    Q_EMIT p->field("pose_cycles")->editingFinished();
    QCOMPARE(p->field("pose_cycles")->text(), QString("30"));
    Q_EMIT p->field("edge")->editingFinished();
    QCOMPARE(p->field("edge")->text(), QString("0.6"));
    QVERIFY(p->refusalLabel()->text().isEmpty());
    pasteInto(p->field("corner_radius"), "200");  // a quarter of 0.6 m is 150 mm
    QVERIFY2(p->refusalLabel()->text().contains("quarter of the edge"), qPrintable(p->refusalLabel()->text()));
    Q_EMIT p->field("corner_radius")->editingFinished();
    // Run with refused texts still in two fields: not run, the first said on the status line.
    // Leaving that field (the value in force back) does not answer it while the other is still
    // marked; leaving the other does.
    pasteInto(p->field("pose_cycles"), "x");
    pasteInto(p->field("path_cycles"), "y");
    QVERIFY(!p->runBench());
    QVERIFY2(p->statusLabel()->text().startsWith("Not run: Pose cycles"), qPrintable(p->statusLabel()->text()));
    Q_EMIT p->field("pose_cycles")->editingFinished();
    QVERIFY2(p->statusLabel()->text().startsWith("Not run: Pose cycles"), qPrintable(p->statusLabel()->text()));
    Q_EMIT p->field("path_cycles")->editingFinished();
    QVERIFY2(p->statusLabel()->text() == "Corrected: ready to run.", qPrintable(p->statusLabel()->text()));
    QVERIFY(p->refusalLabel()->text().isEmpty());

    // Cancel: the full default bench, stopped once it has made progress.
    QSignalSpy finished(p, &Iso9283Panel::runFinished);
    QTest::mouseClick(p->benchButton(), Qt::LeftButton);
    QVERIFY(p->isBusy());
    QVERIFY(p->cancelButton()->isEnabled() && !p->benchButton()->isEnabled() && !p->sweepButton()->isEnabled());
    QVERIFY(p->progressBar()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(p->runner()->progress() > 0.0, 60000);
    // The window stays responsive meanwhile: a 20 ms timer keeps firing, the bar shows the fraction.
    int ticks = 0;
    QTimer tick;
    connect(&tick, &QTimer::timeout, [&ticks] { ++ticks; });
    tick.start(20);
    QTest::qWait(400);
    tick.stop();
    QVERIFY2(ticks >= 5, qPrintable(QString::number(ticks)));
    QVERIFY(p->progressBar()->maximum() > 0 && p->progressBar()->value() > 0);
    QTest::mouseClick(p->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    IsoRunOutcome out = finished.takeFirst().at(0).value<IsoRunOutcome>();
    QVERIFY(out.cancelled && !out.bench && out.error.isEmpty());
    QVERIFY2(p->statusLabel()->text().contains("cancelled"), qPrintable(p->statusLabel()->text()));
    QVERIFY(!p->benchResult());
    QCOMPARE(p->table()->rowCount(), 0);
    QCOMPARE(p->pathPlot()->plottableCount(), 0);
    QVERIFY(!p->progressBar()->isVisible() && p->benchButton()->isEnabled() && !p->cancelButton()->isEnabled());
    // The same through the runner's own function: a progress callback that says no.
    {
      IsoRunRequest request;
      request.session = w.document()->session();
      request.settings = p->settings();
      int calls = 0;
      const IsoRunOutcome direct = Iso9283Runner::compute(request, [&calls](double) {
        ++calls;
        return false;
      });
      QVERIFY(direct.cancelled && !direct.bench && direct.error.isEmpty());
      QVERIFY(calls >= 1);
      // Stopped after the first report: the calling thread's first run and what the other thread
      // finished meanwhile, a handful of the 630.
      QVERIFY2(direct.runsDone < 20, qPrintable(QString::number(direct.runsDone)));
    }

    // Opening another file mid-run: the run is cancelled, its outcome dropped, the previous
    // results leave the screen, the form takes the new file's defaults; then back to the IRb-60.
    {
      QTest::mouseClick(p->benchButton(), Qt::LeftButton);
      QVERIFY(p->isBusy());
      QTRY_VERIFY_WITH_TIMEOUT(p->runner()->progress() > 0.0, 60000);
      QVERIFY(openLibrary(w, "puma560.yaml"));
      QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
      finished.clear();
      QVERIFY2(p->statusLabel()->text().contains("previous file"), qPrintable(p->statusLabel()->text()));
      QVERIFY(!p->benchResult());
      QCOMPARE(p->table()->rowCount(), 0);
      QVERIFY(p->settings().largestCube);  // the PUMA's weld seam is no Cartesian path: the workspace's cube
      QVERIFY(openLibrary(w, "irb60.yaml"));
      QCOMPARE(p->field("edge")->text(), QString("0.6"));
    }

    // A cube that does not fit: refused by the core at Run, in words, its field marked; nothing else changes.
    commitInto(p->field("edge"), "2");
    QCOMPARE(p->settings().edge, 2.0);
    QVERIFY(p->runBench());
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    out = finished.takeFirst().at(0).value<IsoRunOutcome>();
    QCOMPARE(out.field, QString("iso9283.cube.edge"));
    const QString refusal = p->statusLabel()->text();
    QVERIFY2(refusal.contains("Cube edge (m): the cube does not fit the workspace") && refusal.contains("beyond the arm's reach") &&
                 refusal.contains("an edge of at most"),
             qPrintable(refusal));
    QVERIFY(p->field("edge")->property("isoRefused").toBool());
    saveArtifact(w, "accuracy_refused");
    QVERIFY(!p->benchResult());
    QCOMPARE(p->table()->rowCount(), 0);
    QCOMPARE(w.document()->undoStack()->count(), undoSteps);
    QVERIFY(!w.document()->isModified());

    // A small bench: one speed, two cycles of each, no noise; the task's speed and acceleration.
    commitInto(p->field("edge"), "0.6");
    QVERIFY(!p->field("edge")->property("isoRefused").toBool());
    // The run's refusal does not stay on the status line once its field is mended (a walkthrough
    // found "ISO bench not run: Rated speed ..." under a filled form).
    QVERIFY2(p->statusLabel()->text().startsWith("Cube edge (m) corrected: ready to run."), qPrintable(p->statusLabel()->text()));
    QVERIFY(!p->statusLabel()->styleSheet().contains("#b00020"));
    commitInto(p->field("speeds"), "100");
    commitInto(p->field("pose_cycles"), "2");
    commitInto(p->field("path_cycles"), "2");
    commitInto(p->field("corner_radius"), "30");
    p->noNoiseBox()->setChecked(true);
    QVERIFY(!p->field("encoder")->isEnabled());
    QVERIFY(p->runBench());
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    out = finished.takeFirst().at(0).value<IsoRunOutcome>();
    QVERIFY2(out.bench, qPrintable(out.error));
    QVERIFY2(p->statusLabel()->text().contains("ISO bench finished"), qPrintable(p->statusLabel()->text()));
    const Model model(w.document()->robot());
    ControllerSettings ct = studioControllerDefaults();
    ct.config.type = ControllerType::ComputedTorque;
    IsoBenchOptions o;
    o.cube = IsoCube{Eigen::Vector3d(1.7, 0.0, 1.0), 0.6};
    o.ratedSpeed = 0.5;
    o.pathAcceleration = 6.0;
    o.speedFractions = {1.0};
    o.poseCycles = o.pathCycles = 2;
    o.cornerRadius = 0.03;
    o.noise = IsoNoise();
    o.configuration = w.document()->task().configuration;
    const IsoBenchResult core = runIsoBench(model, controllerConfig(ct, model), o);
    QCOMPARE(core.speeds.size(), std::size_t(1));
    const IsoSpeedResult& s = core.speeds.front();
    const std::vector<double> expected = {100.0,     1e3 * s.AP, 1e3 * s.RP, 1e3 * s.AT, 1e3 * s.RT, 1e3 * s.CR,
                                          1e3 * s.CO, s.AV,       s.RV,       1e3 * s.FV, s.stabilisationTime,
                                          1e3 * s.overshoot};
    QTableWidget* t = p->table();
    QCOMPARE(t->rowCount(), 1);
    QCOMPARE(t->columnCount(), static_cast<int>(expected.size()));
    const QStringList units = {"(%)", "(mm)", "(mm)", "(mm)", "(mm)", "(mm)", "(mm)", "(%)", "(%)", "(mm/s)", "(s)", "(mm)"};
    for (int c = 0; c < t->columnCount(); ++c) {
      QVERIFY2(t->horizontalHeaderItem(c)->text().endsWith(units[c]), qPrintable(t->horizontalHeaderItem(c)->text()));
      const double shown = t->item(0, c)->text().toDouble();
      QVERIFY2(std::abs(shown - expected[c]) <= 6e-4 * std::abs(expected[c]) + 1e-12,
               qPrintable(QString("%1: shown %2, core %3").arg(t->horizontalHeaderItem(c)->text()).arg(shown).arg(expected[c])));
    }
    QVERIFY(s.AP > 0.0 && s.AT > 0.0);
    QCOMPARE(t->item(0, 2)->text(), QString("0"));  // RP: no noise, every cycle the same
    QCOMPARE(p->pathTable()->rowCount(), static_cast<int>(s.paths.size()));
    for (int r = 0; r < p->pathTable()->rowCount(); ++r) {
      const double shown = p->pathTable()->item(r, 1)->text().toDouble();
      QVERIFY(std::abs(shown - 1e3 * s.paths[r].maxDeviation) <= 6e-4 * 1e3 * s.paths[r].maxDeviation);
    }
    // Commanded and attained path of a chosen test path; the error along it, one curve per speed.
    QCOMPARE(p->pathChoice()->count(), 6);
    QVERIFY(p->showPath("line"));
    p->showView("paths");
    QTest::qWait(20);
    QCOMPARE(p->pathPlot()->plottableCount(), 2);
    QVERIFY(p->pathPlot()->xAxis->label().contains("(mm)") && p->pathPlot()->yAxis->label().contains("(mm)"));
    const IsoPathResult& line = s.paths.front();
    QCOMPARE(line.path, IsoPath::Line);
    QCOMPARE(p->errorPlot()->graphCount(), 1);
    QCOMPARE(p->errorPlot()->graph(0)->dataCount(), static_cast<int>(line.evaluationArcLength.size()));
    QVERIFY(std::abs(p->errorPlot()->graph(0)->data()->at(3)->value - 1e3 * line.characteristics.deviation[3]) < 1e-9);
    QVERIFY(p->errorPlot()->xAxis->label().contains("(m)") && p->errorPlot()->yAxis->label().contains("(mm)"));
    saveArtifact(w, "accuracy_bench");

    // The speed sweep on the task's path, against runSpeedSweep on the same path.
    commitInto(p->field("tolerance"), "1");
    QVERIFY(p->runSweep());
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    out = finished.takeFirst().at(0).value<IsoRunOutcome>();
    QVERIFY2(out.sweep, qPrintable(out.error));
    SpeedSweepOptions so;
    so.tolerance = 1e-3;
    so.pathAcceleration = 6.0;
    so.maxSpeed = 0.5;
    so.configuration = o.configuration;
    for (const TaskPoint& tp : w.document()->task().points) {
      PathPoint q;
      q.position = tp.position;
      q.rotation = poseFromXyzRpy(Eigen::Vector3d::Zero(), tp.rpy).topLeftCorner<3, 3>();
      q.radius = tp.radius;
      so.geometry.points.push_back(q);
    }
    so.geometry.flyBy = w.document()->task().scheme == TaskScheme::LineArc;
    const SpeedSweepResult sweep = runSpeedSweep(model, controllerConfig(ct, model), so);
    QCPGraph* points = p->sweepPlot()->graph(0);
    QCOMPARE(points->dataCount(), static_cast<int>(sweep.speeds.size()));
    for (int k = 0; k < points->dataCount(); ++k) {
      QVERIFY(std::abs(points->data()->at(k)->key - sweep.speeds[k]) < 1e-12);
      QVERIFY(std::abs(points->data()->at(k)->value - 1e3 * sweep.deviation[k]) < 1e-9 * (1.0 + 1e3 * sweep.deviation[k]));
    }
    QCOMPARE(p->sweepPlot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(p->sweepPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(p->sweepPlot()->xAxis->label().contains("(m/s)") && p->sweepPlot()->yAxis->label().contains("(mm)"));
    QVERIFY(sweep.indexFound);
    QVERIFY2(p->sweepSummary()->text().contains(QString::number(sweep.runningSpeedIndex, 'g', 4) + " m/s"),
             qPrintable(p->sweepSummary()->text()));
    QVERIFY(p->sweepPlot()->itemCount() >= 4);  // tolerance line and label, index line and label

    // Exports: the core's reports, by suffix; another suffix is refused in words.
    QTemporaryDir dir;
    QString error;
    for (const char* ext : {"pdf", "svg", "csv", "json"}) {
      QVERIFY2(p->exportBench(dir.filePath(QString("bench.") + ext), &error), qPrintable(error));
      QVERIFY2(p->exportSweep(dir.filePath(QString("sweep.") + ext), &error), qPrintable(error));
    }
    auto read = [](const QString& path) {
      QFile f(path);
      return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
    };
    QCOMPARE(read(dir.filePath("bench.json")), isoBenchJson(*p->benchResult()));
    QCOMPARE(read(dir.filePath("bench.csv")), isoBenchCsv(*p->benchResult()));
    QCOMPARE(read(dir.filePath("sweep.csv")), speedSweepCsv(*p->sweepResult()));
    QVERIFY(read(dir.filePath("bench.pdf")).rfind("%PDF", 0) == 0);
    QVERIFY(read(dir.filePath("sweep.svg")).find("<svg") != std::string::npos);
    QVERIFY(!p->exportBench(dir.filePath("bench.txt"), &error));
    QVERIFY2(error.contains(".pdf, .svg, .csv or .json"), qPrintable(error));
    p->showView("sweep");
    saveArtifact(w, "accuracy_sweep");

    // Issue 22: an edit after a run marks the results stale (a payload, here a link's vmax); a
    // Cancel pressed when the runs are all done (100 %) but the result not yet shown still
    // cancels: "cancelled", the previous results kept, none of the new run's.
    {
      RobotSpec robot = w.document()->robot();
      robot.links[0].vMax *= 1.01;
      w.document()->edit(robot, "vmax");
      QVERIFY2(p->statusLabel()->text().startsWith("Stale:"), qPrintable(p->statusLabel()->text()));
      const IsoBenchResult before = *p->benchResult();
      QVERIFY(p->runBench());
      QThread::msleep(8000);  // no event processed: the runs finish, their result waits in the queue
      QVERIFY(p->isBusy());
      QTest::mouseClick(p->cancelButton(), Qt::LeftButton);
      QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
      finished.clear();
      QVERIFY2(p->statusLabel()->text().contains("cancelled"), qPrintable(p->statusLabel()->text()));
      QCOMPARE(isoBenchJson(*p->benchResult()), isoBenchJson(before));
      w.document()->undoStack()->undo();
    }

    // Another file starts from its defaults (the PUMA's joint-space task: the largest cube);
    // a Cartesian task opened for it brings the cube around its points.
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY(waitForRun(w));
    QVERIFY(p->largestCubeBox()->isChecked() && !p->field("edge")->isEnabled());
    QCOMPARE(p->field("pose_cycles")->text(), QString("30"));
    QVERIFY(!p->noNoiseBox()->isChecked());
    QVERIFY(w.openFile(source("robots/puma560_square_line_arc.yaml")));
    QVERIFY(waitForRun(w));
    QVERIFY(!p->largestCubeBox()->isChecked());
    QVERIFY(p->settings().edge > 0.0);
    QCOMPARE(p->field("edge")->text(), QString::fromStdString(formatSignificant(p->settings().edge)));
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<Iso9283Test>(); });
}

#include "iso9283_test.moc"
