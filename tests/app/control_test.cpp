// GUI tests of armdyn-studio, run under Xvfb: forward simulation under a controller: the controller
// and tuner dialogs, the control plots, the simulation runner (busy bar, Stop, divergence) and
// forward sessions.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class ControlTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // Issue 11 #8: the tuner's fields show their leading digits: six significant ones for the
  // pose at the time cursor and the sample time (not 14.7741257922697, 0.000933333333333333).
  void tunerFieldsAreReadable() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    // A sample where a joint stands at rounding noise off 0 (issue 22: "1.14834e-1..."), if any.
    int sample = 37;
    const RunRecord& rec = w.result()->record;
    for (Eigen::Index k = 0; k < rec.q.rows() && sample == 37; ++k)
      for (Eigen::Index j = 0; j < rec.q.cols(); ++j)
        if (rec.q(k, j) != 0.0 && std::abs(rec.q(k, j)) < 1e-9) sample = static_cast<int>(k);
    w.playback()->setSample(sample);
    TunerDialog* t = w.showTuner();
    for (QLineEdit* e : t->findChildren<QLineEdit*>()) {
      QVERIFY2(e->text().size() <= 11, qPrintable(e->objectName() + ": " + e->text()));
      QVERIFY2(!e->text().contains("e-1"), qPrintable(e->objectName() + ": " + e->text()));
      QCOMPARE(e->cursorPosition(), 0);
    }
    auto* period = t->findChild<QLineEdit*>("tunerPeriod");
    QVERIFY(period);
    QVERIFY2(period->text().startsWith("0.000933333") || period->text().size() <= 8, qPrintable(period->text()));
    t->close();
  }

  // A walkthrough typed a sample time the tuner refuses only after Find Kmax, in black: now each
  // field is checked as typed by the core's rule (tuneOptionsRefusal), the reason shown in red
  // under the fields, the field marked and Find Kmax disabled until it is mended.
  void tunerRefusesAFieldAsTyped() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    TunerDialog* t = w.showTuner();
    QLineEdit* period = t->samplePeriodField();
    QVERIFY(t->runButton()->isEnabled());
    QVERIFY(t->refusalLabel()->isHidden());
    for (const auto& [typed, words] : std::vector<std::pair<QString, QString>>{
             {"0.2", "The sample time must be at most 0.15 s"},
             {"0", "The sample time must be a positive number of seconds"},
             {"abc", "The sample time must be a positive number of seconds"}}) {
      period->clear();
      QTest::keyClicks(period, typed);
      QVERIFY2(t->refusalLabel()->text().startsWith(words), qPrintable(typed + ": " + t->refusalLabel()->text()));
      QVERIFY(t->refusalLabel()->isVisibleTo(t));
      QVERIFY(t->refusalLabel()->styleSheet().contains("#b00020"));
      QVERIFY(period->styleSheet().contains("#ffe4e4"));
      QVERIFY(!t->runButton()->isEnabled());
      QVERIFY(!t->startTuning());  // nothing starts
      QVERIFY(!t->isRunning());
    }
    QTest::keyClick(period, Qt::Key_Backspace);
    QTest::keyClick(period, Qt::Key_Backspace);
    QTest::keyClick(period, Qt::Key_Backspace);
    QTest::keyClicks(period, "0.001");
    QVERIFY(t->refusalLabel()->isHidden());
    QVERIFY(period->styleSheet().isEmpty());
    QVERIFY(t->runButton()->isEnabled());
    // A configuration field too, named by its joint.
    QLineEdit* q2 = t->configurationField(1);
    q2->clear();
    QTest::keyClicks(q2, "x");
    QCOMPARE(t->refusalLabel()->text(), QStringLiteral("Joint 2 of the configuration: not a number"));
    QVERIFY(!t->runButton()->isEnabled());
    t->close();
  }

  // Issue 4: switching to forward simulation runs the PUMA 560 under its (default) PID
  // controller along the same task; the control plots show the run's histories, the very
  // doubles of the core's runController called directly on the same settings; undo goes back to
  // Vora's prescribed motion.
  void forwardSimulationOfThePumaUnderPid() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    const RunRecord prescribed = w.result()->record;
    QCOMPARE(w.document()->session().controller.config.type, ControllerType::Pid);
    w.modeCombo()->setCurrentIndex(1);
    Q_EMIT w.modeCombo()->activated(1);
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QVERIFY(w.result()->isForward());
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.controlPlots()));
    QVERIFY(w.windowTitle().contains('*'));
    const RunRecord& h = w.result()->record;

    // Independent path: the core run on the same robot, task and settings.
    const Model model(w.document()->robot());
    const ControllerConfig config = controllerConfig(w.document()->session().controller, model);
    const TaskPlan plan = planTask(model, w.document()->task());
    const ControlRun direct = runController(model, &plan, config, prescribed.plan.duration());
    QCOMPARE(direct.input, DriveInput::Voltage);
    QVERIFY(direct.result.history.error == h.error);
    PlotPanel* c = w.controlPlots();
    QCOMPARE(c->plot(ControlQuantity::TrackingError)->graphCount(), 6);
    QCOMPARE(c->plot(ControlQuantity::TrackingError)->yAxis->label(), QStringLiteral("Tracking error (rad)"));
    QCOMPARE(c->plot(ControlQuantity::Voltage)->yAxis->label(), QStringLiteral("Motor voltage (V)"));
    QCOMPARE(c->plot(ControlQuantity::Current)->yAxis->label(), QStringLiteral("Motor current (A)"));
    QCOMPARE(c->plot(ControlQuantity::MotorTorque)->yAxis->label(), QStringLiteral("Drive torque (N m)"));
    QVERIFY(maxAbsDifference(graphValues(c->plot(ControlQuantity::TrackingError), 1), direct.result.history.error.col(1)) == 0.0);
    QVERIFY(maxAbsDifference(graphValues(c->plot(ControlQuantity::Voltage), 2), direct.result.history.voltage.col(2)) == 0.0);
    // Vora's panels show the same run: position as recorded, torque as the drives delivered it.
    QVERIFY(maxAbsDifference(graphValues(w, Quantity::Position, 0), h.q.col(0)) == 0.0);
    QVERIFY(maxAbsDifference(graphValues(w, Quantity::Force, 1), h.motorTorque.col(1)) == 0.0);
    QCOMPARE(w.tableModel()->rowCount(), static_cast<int>(h.t.size()) * 6);
    // The default PD (100 rad/s) tracks the seam within a degree and stays inside +-40 V.
    QVERIFY(direct.result.summary.peakError.maxCoeff() < 0.02);
    QVERIFY(direct.result.summary.peakVoltage.maxCoeff() <= 40.0 + 1e-9);
    QVERIFY(c->panelNote(1).isEmpty());
    saveArtifact(w, "forward_puma_pid");

    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(!w.result()->isForward());
    QVERIFY(w.result()->record.force == prescribed.force);
    QVERIFY(!c->note().isEmpty());  // the control plots say why they are empty
  }

  // Stepniewski's PVA feedback in the controller dialog: choosing it is one undo step and runs
  // the PUMA under the default PVA gains (the core's run on the same settings, to the bit); its
  // page shows Kφ, Kω, Kε per joint in the input's unit; a gain commits as one undo step, a
  // negative one or three zeros on a joint are refused in the user's words and never reach the
  // session; the suggested-gains button puts the defaults back; undo restores the PID.
  void pvaControllerInTheDialog() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.setSimulationMode(SimulationMode::ForwardSimulation);
    QVERIFY(waitForRun(w));
    auto* undo = w.document()->undoStack();
    ControllerDialog* d = w.showController();
    QCOMPARE(d->typeCombo()->count(), 4);
    QCOMPARE(d->typeCombo()->itemText(3), QStringLiteral("PVA feedback (Stepniewski)"));
    int steps = undo->count();
    d->typeCombo()->setCurrentIndex(3);
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(w.document()->session().controller.config.type, ControllerType::Pva);
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QVERIFY(w.result()->isForward());
    QCOMPARE(w.result()->controllerConfig->type, ControllerType::Pva);
    auto* page = d->findChild<QWidget*>("pvaPage");
    QVERIFY(page && page->isVisible());
    QVERIFY(page->findChild<QLabel*>() != nullptr);
    bool unitShown = false;
    for (QLabel* l : page->findChildren<QLabel*>()) unitShown = unitShown || l->text().contains("V s/rad");
    QVERIFY(unitShown);  // Kω in V per rad/s for the voltage-driven PUMA

    // The run is the core's on the same settings; the fields show the default gains.
    const Model model(w.document()->robot());
    const ControllerSettings completed = completedController(w.document()->session());
    const ControllerConfig config = controllerConfig(w.document()->session().controller, model);
    const TaskPlan plan = planTask(model, w.document()->task());
    const ControlRun direct = runController(model, &plan, config, w.result()->record.plan.duration());
    QVERIFY(!direct.result.summary.diverged);
    QVERIFY(direct.result.history.error == w.result()->record.error);
    QVERIFY(direct.result.summary.peakError.maxCoeff() < 0.01);
    // (12 significant digits shown)
    QVERIFY(std::abs(d->field("controller.k_omega[1]")->text().toDouble() - completed.config.kOmega(1)) <
            1e-10 * completed.config.kOmega(1));
    QVERIFY(std::abs(d->field("controller.k_phi[0]")->text().toDouble() - completed.config.kPhi(0)) <
            1e-10 * completed.config.kPhi(0));

    // The PVA gains are per sample: a new sample time scales them (1 ms -> 0.5 ms halves them),
    // the continuous-time law stays; one undo step.
    {
      const ControllerSettings before = completedController(w.document()->session());
      steps = undo->count();
      commitInto(d->field("controller.sample_time"), "0.0005");
      QCOMPARE(undo->count(), steps + 1);
      const ControllerConfig& after = w.document()->session().controller.config;
      QCOMPARE(after.sampleTime, 0.0005);
      for (int j = 0; j < 6; ++j) {
        QVERIFY(std::abs(after.kPhi(j) - 0.5 * before.config.kPhi(j)) <= 1e-12 * std::abs(before.config.kPhi(j)));
        QVERIFY(std::abs(after.kOmega(j) - 0.5 * before.config.kOmega(j)) <= 1e-12 * std::abs(before.config.kOmega(j)));
        QVERIFY(std::abs(after.kEps(j) - 0.5 * before.config.kEps(j)) <= 1e-12 * std::abs(before.config.kEps(j)));
      }
      QVERIFY(waitForRun(w));
      // Back to the default (1 ms): the gains double back, exactly (powers of two).
      commitInto(d->field("controller.sample_time"), "0");
      QCOMPARE(w.document()->session().controller.config.kPhi(0), before.config.kPhi(0));
      QVERIFY(waitForRun(w));
    }
    // A committed gain: one undo step, the value in the session.
    steps = undo->count();
    commitInto(d->field("controller.k_phi[1]"), "12.5");
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(w.document()->session().controller.config.kPhi(1), 12.5);
    QVERIFY(waitForRun(w));

    // Refusals in words: a negative gain, then no feedback at all on a joint.
    steps = undo->count();
    pasteInto(d->field("controller.k_omega[2]"), "-1");
    QLabel* why = d->reasonLabel("controller.k_omega[2]");
    QVERIFY(why->isVisible());
    QVERIFY2(why->text().startsWith("Velocity gain Kω of joint 3: ") && !why->text().contains("k_omega") &&
                 !why->text().contains("controller."),
             qPrintable(why->text()));
    Q_EMIT d->field("controller.k_omega[2]")->editingFinished();
    QCOMPARE(undo->count(), steps);
    QCOMPARE(w.document()->session().controller.config.kOmega(2), completed.config.kOmega(2));
    commitInto(d->field("controller.k_phi[0]"), "0");
    commitInto(d->field("controller.k_eps[0]"), "0");
    QCOMPARE(undo->count(), steps + 2);
    steps = undo->count();
    pasteInto(d->field("controller.k_omega[0]"), "0");
    const QString none = d->reasonLabel("controller.k_omega[0]")->text();
    QVERIFY2(none.startsWith("Velocity gain Kω of joint 1: ") && none.contains("no feedback") &&
                 !none.contains("k_omega["),
             qPrintable(none));
    Q_EMIT d->field("controller.k_omega[0]")->editingFinished();
    QCOMPARE(undo->count(), steps);
    QVERIFY(w.document()->session().controller.config.kOmega(0) > 0.0);
    // Suggested gains: the defaults for the sample time in force, one step.
    steps = undo->count();
    QTest::mouseClick(d->findChild<QPushButton*>("pvaSuggested"), Qt::LeftButton);
    QCOMPARE(undo->count(), steps + 1);
    const ControllerSettings again = completedController(w.document()->session());
    QCOMPARE(again.config.kPhi, completed.config.kPhi);
    QCOMPARE(again.config.kOmega, completed.config.kOmega);
    QVERIFY(waitForRun(w));

    // Undo back to the PID.
    while (w.document()->session().controller.config.type == ControllerType::Pva && undo->canUndo()) undo->undo();
    QCOMPARE(w.document()->session().controller.config.type, ControllerType::Pid);
    QCOMPARE(d->typeCombo()->currentIndex(), 0);
    QVERIFY(waitForRun(w));
  }

  // The Ziegler-Nichols tuner on the PUMA's joint 1: the Kmax and Tp the dialog shows are the
  // core's tune() on the same configuration; the plotted response oscillates with period Tp;
  // applying the PID row sets table 7.2's gains on joint 1, and undo restores the previous ones.
  void tunerFindsKmaxAndApplyIsUndoable() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    const PidGains before = completedController(w.document()->session()).config.gains[0];
    TunerDialog* t = w.showTuner();
    QSignalSpy done(t, &TunerDialog::tuningFinished);
    QVERIFY(t->startTuning());
    QVERIFY(done.wait(30000));
    QVERIFY(t->result().has_value());
    const TuneResult& r = *t->result();
    QVERIFY2(r.found, r.message.c_str());
    QCOMPARE(r.joint, 0);

    const Model model(w.document()->robot());
    TuneOptions options;
    options.input = DriveInput::Voltage;
    const TuneResult direct = tune(model, 0, r.q, options);
    QCOMPARE(r.kmax, direct.kmax);
    QCOMPARE(r.tp, direct.tp);
    QVERIFY(t->resultLabel()->text().contains("Kmax"));
    // The plot is the response just below Kmax: an oscillation of period Tp that barely decays
    // (the tuner's last decaying gain: under 5% per half-cycle, for at least 8 half-cycles until
    // Coulomb friction holds the joint).
    const QCPGraph* g = t->responsePlot()->graph(0);
    std::vector<double> time, x;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) time.push_back(it->key), x.push_back(it->value);
    QCOMPARE(time.size(), r.oscillationTime.size());
    const OscillationMeasure m = measureOscillation(time, x);
    QVERIFY(m.oscillating);
    QVERIFY2(m.halfCycles >= 8, qPrintable(QString::number(m.halfCycles)));
    QVERIFY2(std::abs(m.growthPerHalfCycle) < 0.05, qPrintable(QString::number(m.growthPerHalfCycle)));
    QVERIFY2(std::abs(m.period / r.tp - 1.0) < 0.02, qPrintable(QString::number(m.period / r.tp)));
    saveArtifact(w, "tuner_puma_joint1");

    QVERIFY(t->applyButton(2)->isEnabled());
    QTest::mouseClick(t->applyButton(2), Qt::LeftButton);
    const ControllerSettings applied = completedController(w.document()->session());
    QCOMPARE(applied.config.gains[0].kg, 0.6 * r.kmax);
    QCOMPARE(applied.config.gains[0].ti, r.tp / 2.0);
    QCOMPARE(applied.config.gains[0].td, r.tp / 8.0);
    QCOMPARE(applied.config.sampleTime, kAndersonServoPeriod);
    QVERIFY(w.document()->undoStack()->undoText().contains("Ziegler-Nichols"));
    w.document()->undoStack()->undo();
    const PidGains back = completedController(w.document()->session()).config.gains[0];
    QCOMPARE(back.kg, before.kg);
    QCOMPARE(back.td, before.td);
    QVERIFY(!w.document()->isModified());
  }

  // A controller that makes the run diverge (computed torque, Kp = 1e9 on a 1 ms sample):
  // the run stops, the banner gives the core's message (time, joint, quantity) and the last
  // good results stay on screen.
  void divergingRunKeepsTheLastResults() {
    MainWindow w;
    QVERIFY(openLibrary(w, "vora_rrr.yaml"));
    w.setSimulationMode(SimulationMode::ForwardSimulation);
    QVERIFY(waitForRun(w));
    ControllerDialog* d = w.showController();
    d->typeCombo()->setCurrentIndex(1);  // computed torque
    QVERIFY(waitForRun(w));
    const SimulationResultPtr good = w.result();
    QVERIFY(good->isForward());
    const std::vector<double> error = graphValues(w.controlPlots()->plot(ControlQuantity::TrackingError), 0);
    QSignalSpy failed(&w, &MainWindow::simulationFailed);
    commitInto(d->field("controller.kp[0]"), "1e9");
    QVERIFY(!waitForRun(w));
    QVERIFY(!failed.isEmpty() || failed.wait(10000));
    const QString banner = w.problemText();
    QVERIFY2(banner.contains("diverged at t = ") && banner.contains("joint 1 velocity"), qPrintable(banner));
    QVERIFY(banner.contains("last good"));
    QVERIFY(w.result() == good);
    QVERIFY(graphValues(w.controlPlots()->plot(ControlQuantity::TrackingError), 0) == error);
    // The rigid RRR has no motors: the voltage panel says so instead of plotting nothing silently.
    QVERIFY(w.controlPlots()->panelNote(1).contains("torque"));
    saveArtifact(w, "forward_diverged");
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(w.problemText().isEmpty());
  }

  // A long run (the PUMA under PID integrated at 2 us: about 1.4 million RK4 steps) shows the busy
  // bar and the Stop button after a moment; Stop drops the run and the results on screen stay.
  void longRunShowsBusyAndStops() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.setSimulationMode(SimulationMode::ForwardSimulation);
    QVERIFY(waitForRun(w));
    const SimulationResultPtr good = w.result();
    StudioSession s = w.document()->session();
    s.controller = completedController(s);
    s.controller.config.step = 2e-6;
    s.controllerEdited = true;
    w.document()->edit(s, "tiny step");
    QVERIFY(w.runner()->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(w.progressBar()->isVisible(), 5000);
    auto* stop = w.findChild<QPushButton*>("stopRun");
    QVERIFY(stop && stop->isVisible());
    // The bar shows the run's simulated time / duration as a percentage.
    QTRY_VERIFY_WITH_TIMEOUT(w.progressBar()->maximum() == 100 && w.progressBar()->value() > 0, 30000);
    QVERIFY(w.progressBar()->text().endsWith('%'));
    QTest::mouseClick(stop, Qt::LeftButton);
    QVERIFY(!w.progressBar()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!w.runner()->isBusy(), 30000);
    QTest::qWait(20);
    QVERIFY(w.result() == good);  // the stopped run never arrives
    QVERIFY(w.problemText().isEmpty());
  }

  // The runner's forward run reports its fraction done after each row and stops at the first
  // row after its progress function says no (what Stop and a superseding edit do): it throws
  // RunCancelled instead of returning a partial result.
  void runnerStopsAForwardRunWhenAsked() {
    StudioSession s(loadSession(defaultRobotPath()));
    s.mode = SimulationMode::ForwardSimulation;
    std::vector<double> fractions;
    bool cancelled = false;
    try {
      SimulationRunner::compute(s, 1, [&fractions](double f) {
        fractions.push_back(f);
        return f < 0.25;
      });
    } catch (const RunCancelled&) {
      cancelled = true;
    }
    QVERIFY(cancelled);
    QVERIFY(fractions.size() > 2);
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QCOMPARE(fractions.front(), 0.0);
    QVERIFY(fractions.back() >= 0.25);
    QVERIFY(fractions[fractions.size() - 2] < 0.25);  // stopped at the first row past 25 %
    // Run to the end, the fractions reach 1 (the last row is at the plan's duration).
    fractions.clear();
    const SimulationResultPtr full = SimulationRunner::compute(s, 2, [&fractions](double f) {
      fractions.push_back(f);
      return true;
    });
    QVERIFY(full->isForward());
    QCOMPARE(static_cast<int>(fractions.size()), full->samples());
    QVERIFY(std::abs(fractions.back() - 1.0) < 1e-9);
  }

  // A session saved in forward mode keeps its controller inline (`run: {mode, controller}`, the
  // controller-file format); reopened, it runs the same simulation, and `armdyn run SESSION` (no
  // --controller) runs it too. An older session with a controller file beside it still opens in
  // forward mode with that controller.
  void forwardSessionSavesItsController() {
    QTemporaryDir dir;
    const QString path = dir.filePath("pid.yaml");
    RunRecord first;
    {
      MainWindow w;
      QVERIFY(openLibrary(w, "puma560_anderson3.yaml"));
      StudioSession s = w.document()->session();
      s.mode = SimulationMode::ForwardSimulation;
      s.controller = completedController(s);
      s.controller.config.gains[1] = {4867.0, 0.021, 0.0052};
      s.controllerEdited = true;
      w.document()->edit(s, "gains");
      QVERIFY(waitForRun(w));
      QString error;
      QVERIFY2(w.saveTo(path, &error), qPrintable(error));
      first = w.result()->record;
    }
    QVERIFY(!QFile::exists(dir.filePath("pid.controller.yaml")));  // one file: the run description whole
    const Session saved = loadSession(path.toStdString());
    QCOMPARE(saved.mode, RunMode::ForwardSimulation);
    QVERIFY(saved.controllerGiven);
    QCOMPARE(saved.controller.config.gains[1].kg, 4867.0);
    MainWindow w2;
    w2.setInteractive(false);
    w2.show();
    QVERIFY(w2.openFile(path));
    QVERIFY(waitForRun(w2));
    QCOMPARE(w2.simulationMode(), SimulationMode::ForwardSimulation);
    QVERIFY(w2.result()->record.q == first.q);

    // The command line runs the saved pair and finds the same run (peak errors to the last digit
    // printed, %.17g).
    const QString cli = QFileInfo(QStringLiteral(ARMDYN_STUDIO_PATH)).dir().filePath("../../armdyn");
    if (!QFileInfo::exists(cli)) QSKIP("armdyn command-line tool not built");
    QProcess p;
    p.start(cli, {"run", path, "--json"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QJsonObject json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    const QJsonArray peaks = json["peak_error"].toArray();
    const Eigen::VectorXd& gui = w2.result()->record.forward.peakError;
    QCOMPARE(peaks.size(), static_cast<int>(gui.size()));
    for (int j = 0; j < gui.size(); ++j) QCOMPARE(peaks[j].toDouble(), gui(j));

    // An older session: no run: entry, the controller in a file beside it.
    const QString oldPath = dir.filePath("old.yaml");
    Session old = saved;
    old.controllerGiven = false;
    std::string text = sessionToYaml(old);
    text = text.substr(0, text.find("run:\n"));
    QFile oldFile(oldPath);
    QVERIFY(oldFile.open(QIODevice::WriteOnly));
    oldFile.write(text.c_str());
    oldFile.close();
    saveControllerSettings(saved.controller, Model(saved.robot), controllerPathFor(oldPath).toStdString());
    MainWindow w3;
    w3.setInteractive(false);
    w3.show();
    QVERIFY(w3.openFile(oldPath));
    QVERIFY(waitForRun(w3));
    QCOMPARE(w3.simulationMode(), SimulationMode::ForwardSimulation);
    QCOMPARE(w3.document()->session().controller.config.gains[1].kg, 4867.0);
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<ControlTest>(); });
}

#include "control_test.moc"
