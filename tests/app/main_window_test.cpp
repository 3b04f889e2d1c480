// GUI tests of armdyn-studio, run under Xvfb: main window: start-up, File actions (open, save,
// import, export, new, library picker), the session and its autosave, the window layout and the
// keyboard.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "eliding_status_bar.h"
#include "kinematics_panel.h"
#include "save_paths.h"
#include "sizing_view.h"
#include "studio_startup.h"
#include "studio_test_support.h"

#include <QDialogButtonBox>
#include <QImage>
#include <QInputDialog>
#include <QRegularExpression>
#include <QToolBar>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class MainWindowTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // Start: the default robot is Vora's RRR with the weld seam: 149 samples, 3.725 s (table 7.3).
  void startsWithVoraRrr() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->samples(), 149);
    QVERIFY(std::abs(w.result()->record.summary.taskTime - 3.725) < 1e-9);
    for (Quantity q : {Quantity::Position, Quantity::Velocity, Quantity::Acceleration, Quantity::Force}) {
      QCOMPARE(w.plots()->plot(q)->graphCount(), 3);
    }
    QCOMPARE(w.plots()->plot(Quantity::Force)->yAxis->label(), QStringLiteral("Torque (N m)"));
    QCOMPARE(w.tableModel()->rowCount(), 149 * 3);
    QVERIFY(w.problemText().isEmpty());
#ifdef ARMDYN_HAVE_QT_SVG
    // The application icon is ui/icons/armdyn.svg, drawn by Qt's SVG icon engine: a missing
    // resource or engine would leave the window without one. 32 x 32 device pixels.
    const QImage icon = w.windowIcon().pixmap(QSize(32, 32), 1.0).toImage();
    QVERIFY(!icon.isNull());
    QCOMPARE(icon.pixelColor(10, 14).alpha(), 255);  // the elbow joint's disc
    QCOMPARE(icon.pixelColor(2, 2).alpha(), 0);       // transparent around the arm
#endif
    saveArtifact(w, "main_window_rrr");
  }

  // Every robot of the library opens, simulates its default task and plots every joint, with
  // units that follow the joint types (the Stanford and Cartesian arms mix N m and N).
  void opensEveryLibraryRobot() {
    const QStringList files = LibraryPickerDialog::libraryFiles();
    QVERIFY2(files.size() >= 4, qPrintable(files.join(",")));
    MainWindow w;
    w.setInteractive(false);
    w.show();
    for (const QString& f : files) {
      QString error;
      QVERIFY2(w.openFile(f, &error), qPrintable(error));
      QVERIFY2(waitForRun(w), qPrintable(f + ": " + w.problemText()));
      const RobotSpec robot = loadRobot(f.toStdString());
      QCOMPARE(w.plots()->plot(Quantity::Force)->graphCount(), robot.dof());
      bool anyPrismatic = false, anyRevolute = false;
      for (const LinkSpec& l : robot.links) (l.joint == JointType::Prismatic ? anyPrismatic : anyRevolute) = true;
      // Units on the axes: one type, one axis; a mixed arm, N m on the left and N on the right.
      QCustomPlot* force = w.plots()->plot(Quantity::Force);
      const QString left = force->yAxis->label(), right = force->yAxis2->label();
      QCOMPARE(force->yAxis2->visible(), anyRevolute && anyPrismatic);
      QCOMPARE(left.contains("N m") || (force->yAxis2->visible() && right.contains("N m")), anyRevolute);
      QCOMPARE(left == "Force (N)" || (force->yAxis2->visible() && right == "Force (N)"), anyPrismatic);
      saveArtifact(w, "library_" + QFileInfo(f).baseName());
    }
  }

  // A point moved out of reach: the last good results stay, the point is named and why.
  void unreachablePointKeepsLastResults() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const SimulationResultPtr good = w.result();
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QSignalSpy failed(&w, &MainWindow::simulationFailed);
    d->setCell(2, 0, "3.0");  // point 3 at x = 3 m: the RRR reaches 1 m
    QVERIFY(!waitForRun(w));
    QVERIFY(!failed.isEmpty() || failed.wait(10000));
    QCOMPARE(w.unreachablePoint(), 2);
    QVERIFY(w.result() == good);
    QVERIFY2(w.problemText().contains("Point 3"), qPrintable(w.problemText()));
    // Said once, in words: no internal path ("points[3]: point 3 ...") after the point's name.
    QVERIFY2(!w.problemText().contains("points["), qPrintable(w.problemText()));
    QCOMPARE(w.problemText().count("oint 3"), 1);
    QVERIFY(w.problemText().contains("last good"));
    QCOMPARE(w.plots()->plot(Quantity::Force)->graph(0)->dataCount(), good->samples());
    saveArtifact(w, "unreachable_point");
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(w.problemText().isEmpty());
  }

  // Save a session, open it in a fresh window: identical simulation, to the last bit.
  void saveReopenGivesIdenticalResults() {
    QTemporaryDir dir;
    const QString path = dir.filePath("session.yaml");
    RunRecord first;
    {
      MainWindow w;
      w.setInteractive(false);
      w.show();
      QVERIFY(w.openFile(source("robots/stanford_rrprrr.yaml")));
      QVERIFY(waitForRun(w));
      Session s = w.document()->session();
      s.robot.links[2].bar.density = 2000.0;
      w.document()->edit(s, "density");
      QVERIFY(waitForRun(w));
      QString error;
      QVERIFY2(w.saveTo(path, &error), qPrintable(error));
      QVERIFY(!w.document()->isModified());
      first = w.result()->record;
    }
    MainWindow w2;
    w2.setInteractive(false);
    w2.show();
    QVERIFY(w2.openFile(path));
    QVERIFY(waitForRun(w2));
    const RunRecord& second = w2.result()->record;
    QCOMPARE(second.t.size(), first.t.size());
    QVERIFY(second.q == first.q);
    QVERIFY(second.force == first.force);
    QCOMPARE(w2.document()->robot().links[2].bar.density, 2000.0);
  }

  // The thesis's own files (figure 6.2 spec, figure 7.4 trajectory) give the same run as the
  // YAML library files of the same arm and task.
  void importsVoraFiles() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const RunRecord yaml = w.result()->record;
    QString error;
    QVERIFY2(w.importFile(source("robots/legacy/vora_rrr.spec"), &error), qPrintable(error));
    QVERIFY2(w.importFile(source("robots/legacy/weld_seam.traj"), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    const RunRecord vora = w.result()->record;
    QCOMPARE(vora.t.size(), size_t{149});
    // Degrees in the YAML vs the spec's own numbers: equal to rounding (1e-9 N m).
    QVERIFY((vora.force - yaml.force).cwiseAbs().maxCoeff() < 1e-9);
    saveArtifact(w, "imported_vora_files");
  }

  // File > Import URDF: the URDF's arm replaces the robot with a joint sweep to start from (one
  // undoable edit), and its torques are the DH file's (tests/data/urdf/puma560.urdf is
  // robots/puma560.yaml); a tie of tips is refused until one is named; Export > Robot as URDF
  // writes a file that imports back to the same arm. A URDF opened directly also gets a task.
  // Save and export dialogs propose the robot's name and what is written, in the session's
  // folder or the home folder (issue 22: "results.pdf" in the working directory).
  void saveDialogsProposeTheRobotsName() {
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    const QString proposed = suggestedSavePath(*w.document(), "plots", "png");
    const QString folder = w.document()->filePath().isEmpty() ? QDir::homePath() : QFileInfo(w.document()->filePath()).absolutePath();
    QCOMPARE(proposed, QDir(folder).filePath("PUMA_560_plots.png"));
    QCOMPARE(QFileInfo(suggestedSavePath(*w.document(), "", "urdf")).fileName(), QString("PUMA_560.urdf"));
    // A name with a slash or brackets (the library's IRB 6640) stays one file name.
    QCOMPARE(QFileInfo(suggestedSavePath("ABB IRB 6640-185/2.8 (masses estimated)", QString(), "sizing", "pdf")).fileName(),
             QString("ABB_IRB_6640-185_2.8_masses_estimated_sizing.pdf"));
  }

  void importsAndExportsUrdf() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const int undoBefore = w.document()->undoStack()->count();
    QString error;
    QVERIFY(!w.importUrdf(source("tests/data/urdf/ur5.urdf"), QString(), &error));
    QVERIFY2(error.contains("ee_link, tool0"), qPrintable(error));
    QCOMPARE(w.document()->undoStack()->count(), undoBefore);  // nothing changed
    // Opened (File > Open, the command line) interactively, the same URDF asks for its tip as
    // Import URDF does (a walkthrough got an empty window); Cancel opens nothing.
    w.setInteractive(true);
    QStringList offered;
    const auto answer = [&](bool accept) {
      QTimer::singleShot(0, &w, [&, accept] {
        QTRY_VERIFY(qobject_cast<QInputDialog*>(QApplication::activeModalWidget()) != nullptr);
        auto* ask = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        offered = ask->comboBoxItems();
        if (!accept) return ask->reject();
        ask->setTextValue(offered.filter("tool0").value(0));
        ask->accept();
      });
    };
    answer(false);
    error = "unchanged";
    QVERIFY(!w.openFile(source("tests/data/urdf/ur5.urdf"), &error));
    QVERIFY2(error.isEmpty(), qPrintable(error));  // cancelled: not an error to show
    QVERIFY2(offered.size() == 2 && offered.filter("ee_link").size() == 1, qPrintable(offered.join("; ")));
    QCOMPARE(w.document()->robot().dof(), 3);
    answer(true);
    QVERIFY2(w.openFile(source("tests/data/urdf/ur5.urdf"), &error), qPrintable(error));
    w.setInteractive(false);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().dof(), 6);
    QVERIFY2(w.statusBar()->currentMessage().contains("to tool0"), qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(w.problemText().isEmpty());
    {
      // The command line's first file, its prompt cancelled: the default robot instead of an
      // empty window, and no error (a review found "cannot open ur5.urdf" said for a cancel).
      MainWindow fresh;
      fresh.setInteractive(true);
      fresh.show();
      answer(false);
      const StartupResult start = startStudio(fresh, {source("tests/data/urdf/ur5.urdf")}, false,
                                              [](const AutosaveRecovery::Entry&, const QStringList&) { return false; });
      fresh.setInteractive(false);
      QVERIFY2(start.error.isEmpty(), qPrintable(start.error));
      QVERIFY(waitForRun(fresh));
      QCOMPARE(QString::fromStdString(fresh.document()->robot().name), QString::fromStdString(loadRobot(defaultRobotPath()).name));
    }
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));  // a fresh document again
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->undoStack()->count(), undoBefore);
    QVERIFY(w.plots()->previousResult() == nullptr || w.plots()->previousResult()->model->dof() == 3);
    QVERIFY2(w.importUrdf(source("tests/data/urdf/puma560.urdf"), QString(), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().dof(), 6);
    // Another robot: the three-joint arm's curves are no dashed "previous run" (issue 22).
    QVERIFY(w.plots()->previousResult() == nullptr);
    QCOMPARE(w.document()->undoStack()->count(), undoBefore + 1);
    QVERIFY(w.problemText().isEmpty());
    // The same sweep on the DH file's PUMA (rigid body: the URDF has no drives).
    const RunRecord urdf = w.result()->record;
    RobotSpec dh = loadRobot(source("robots/puma560.yaml").toStdString());
    const Model dhModel(dh);
    double worst = 0.0;
    for (std::size_t k = 0; k < urdf.t.size(); k += 10) {
      const Eigen::VectorXd q = urdf.q.row(static_cast<Eigen::Index>(k)).transpose();
      const Eigen::VectorXd qd = urdf.qd.row(static_cast<Eigen::Index>(k)).transpose();
      const Eigen::VectorXd qdd = urdf.qdd.row(static_cast<Eigen::Index>(k)).transpose();
      worst = std::max(worst, (inverseDynamics(dhModel, q, qd, qdd, DynamicsMethod::Lagrange) -
                               urdf.force.row(static_cast<Eigen::Index>(k)).transpose()).cwiseAbs().maxCoeff());
    }
    QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
    saveArtifact(w, "imported_urdf_puma");
    // The Panda as Franka ships it (example-robot-data): the fingers off the chain are held and
    // their links merged, and the notice says so. (Its meshes are not shipped: no package path.)
    // No tip named, as File > Import URDF leaves it when no choice is to be made: the fingers
    // (blocked by their <mimic>) give way to the hand's tool frame; they were the walkthrough's
    // preselected tip, and the import failed.
    qunsetenv("ROS_PACKAGE_PATH");
    QVERIFY2(w.importUrdf(source("tests/data/urdf/example-robot-data/panda.urdf"), QString(), &error), qPrintable(error));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QCOMPARE(w.document()->robot().dof(), 7);
    const QString notice = w.statusBar()->currentMessage();
    QVERIFY2(notice.contains("panda_link0 to panda_hand_tcp"), qPrintable(notice));
    QVERIFY2(notice.contains("held still off the chain: panda_finger_joint1 at 0, panda_finger_joint2 at 0"), qPrintable(notice));
    QVERIFY2(notice.contains("5 links merged"), qPrintable(notice));
    QVERIFY2(!notice.contains("Task menu"), qPrintable(notice));  // no such menu: the path that exists
    QVERIFY2(notice.contains("Main menu > 4. Change > 3. Change trajectory points"), qPrintable(notice));
    // Its meshes (package://example-robot-data/..., not shipped) are said above the view.
    QVERIFY2(w.meshInfo()->text().contains("package 'example-robot-data' not found"), qPrintable(w.meshInfo()->text()));
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    // Export and import back.
    const QString out = QDir::temp().filePath("armdyn_studio_export_test.urdf");
    QVERIFY2(w.exportUrdf(out, &error), qPrintable(error));
    const UrdfImport back = loadUrdf(out.toStdString());
    QFile::remove(out);
    QCOMPARE(back.robot.dof(), 6);
    QVERIFY(back.fkResidual < 1e-12);
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().dof(), 3);
    // Opened as a file: the URDF robot with its joint sweep, and the same account of its chain and
    // forward kinematics as an import gives (the walkthrough saw only the sweep's note).
    QVERIFY2(w.openFile(source("tests/data/urdf/puma560.urdf"), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().pointCount(), 3);
    const QString opened = w.statusBar()->currentMessage();
    QVERIFY2(opened.startsWith("Opened ") && opened.contains("puma560.urdf: 6 joints"), qPrintable(opened));
    QVERIFY2(opened.contains("URDF and DH forward kinematics agree to"), qPrintable(opened));
    QVERIFY2(opened.contains("a joint sweep was added"), qPrintable(opened));
    // A Panda at 1280 px: the message (held fingers too) is wider than the room left of the run's
    // summary. It is drawn cut with "…" within that room, never into the summary, and the whole
    // message is the bar's tooltip (the walkthrough read "off the chain: panda161 samples").
    w.resize(1280, 800);
    QVERIFY2(w.openFile(source("tests/data/urdf/example-robot-data/panda.urdf"), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    auto* bar = qobject_cast<ElidingStatusBar*>(w.statusBar());
    QVERIFY(bar != nullptr);
    const QString panda = bar->currentMessage();
    QVERIFY2(panda.contains("held still off the chain"), qPrintable(panda));
    const QString shown = bar->shownText();
    QVERIFY2(shown.endsWith(QChar(0x2026)) && panda.startsWith(shown.chopped(1)), qPrintable(shown));
    QVERIFY(bar->fontMetrics().horizontalAdvance(shown) <= bar->messageRect().width());
    // The room, from the run summary's label itself: the text drawn (6 px in) ends before it.
    QLabel* summary = nullptr;
    for (QLabel* l : bar->findChildren<QLabel*>(Qt::FindDirectChildrenOnly))
      if (l->isVisible() && l->text().contains("samples")) summary = l;
    QVERIFY(summary != nullptr);
    QVERIFY2(6 + bar->fontMetrics().horizontalAdvance(shown) < summary->x(),
             qPrintable(QString("'%1' beside the summary at %2 px").arg(shown).arg(summary->x())));
    QCOMPARE(bar->toolTip(), panda);
  }

  // A task opened alone runs on the default robot, and the status bar says so and what to do
  // (a walkthrough opened the UR5's task alone and read only "a row has 6 values but the robot
  // has 3 joints: give one value per joint"). A task whose joint points do not fit the arm it
  // would run on is refused, the document unchanged (the review: it replaced the document, then
  // its run failed); at start-up the default robot opens instead and the refusal is the error.
  void taskOpenedAloneNamesTheRobotItRunsOn() {
    const QString defaultName = QString::fromStdString(loadRobot(defaultRobotPath()).name);
    {
      MainWindow w;
      w.setInteractive(false);
      w.show();
      QVERIFY(w.openFile(source("robots/vora_rrr_weld_seam.yaml")));
      QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
      QCOMPARE(QString::fromStdString(w.document()->robot().name), defaultName);
      const QString notice = w.statusBar()->currentMessage();
      QVERIFY2(notice.contains("vora_rrr_weld_seam.yaml holds a task only: it runs on " + defaultName +
                               ", the default robot") &&
                   notice.contains("open its robot first"),
               qPrintable(notice));
    }
    {
      MainWindow w;
      w.setInteractive(false);
      w.show();
      QString error;
      QVERIFY(!w.openFile(source("robots/ur5_pick_place.yaml"), &error));
      QVERIFY2(error.contains("ur5_pick_place.yaml is a task for another arm: a row has 6 values but the robot has 3 "
                              "joints (" + defaultName + ", the default robot). Open its robot first"),
               qPrintable(error));
      QVERIFY(w.document()->robot().links.empty());
      QCOMPARE(w.document()->undoStack()->count(), 0);
      // Onto an open six-joint arm: refused as well, nothing changed, no undo step.
      QVERIFY(w.openFile(source("robots/ur5.yaml")));
      QVERIFY(waitForRun(w));
      const int undo = w.document()->undoStack()->count();
      const std::string taskBefore = w.document()->session().task.name;
      error.clear();
      QVERIFY(!w.openFile(source("robots/craig_example_7_1.yaml"), &error));  // one joint value a point
      QCOMPARE(w.document()->undoStack()->count(), undo);
      QCOMPARE(w.document()->session().task.name, taskBefore);
      QVERIFY2(error.contains("is a task for another arm") && error.contains("a row has 1 value but the robot has 6 joints (UR5)"),
               qPrintable(error));
    }
    {
      MainWindow w;
      w.show();
      const StartupResult start = startStudio(w, {source("robots/ur5_pick_place.yaml")}, false,
                                              [](const AutosaveRecovery::Entry&, const QStringList&) { return false; });
      w.setInteractive(false);
      QVERIFY2(start.error.contains("Open its robot first, then the task"), qPrintable(start.error));
      QVERIFY(waitForRun(w));
      QCOMPARE(QString::fromStdString(w.document()->robot().name), defaultName);
    }
  }

  // Issue 11 #7: the save prompt before opening a library robot is titled after that action,
  // not "End the program"; Cancel keeps the session.
  void savePromptNamesTheAction() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    RobotSpec r = w.document()->robot();
    r.links[1].dh.a += 0.01;
    w.document()->edit(r, "edit");
    QVERIFY(w.document()->isModified());
    w.setInteractive(true);
    QAction* open = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->text() == MainWindow::tr("Open &library robot…")) open = a;
    QVERIFY(open);
    QString title;
    QTimer::singleShot(0, [&] {
      QTRY_VERIFY(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()) != nullptr);
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      title = box->windowTitle();
      box->button(QMessageBox::Cancel)->click();
    });
    open->trigger();
    w.setInteractive(false);
    QCOMPARE(title, MainWindow::tr("Open library robot"));
    QVERIFY(w.document()->isModified());  // cancelled: nothing opened
  }

  // Issue 11 #11: an imported robot names its file in the title and says whether the previous
  // task is kept; a window without a robot has no empty " —  — " in its title.
  void importNamesTheFileAndTheKeptTask() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY2(!w.windowTitle().contains(QStringLiteral("—  —")), qPrintable(w.windowTitle()));
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QVERIFY(w.windowTitle().contains("vora_rrr.yaml"));
    QString error;
    QVERIFY2(w.importFile(source("robots/legacy/vora_rrr.spec"), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    QVERIFY2(w.windowTitle().contains("vora_rrr.spec"), qPrintable(w.windowTitle()));
    QVERIFY2(w.statusBar()->currentMessage().contains("is kept"), qPrintable(w.statusBar()->currentMessage()));
  }

  // File -> New, n-link blank arm: a valid robot whose two-point task it can reach.
  void newBlankRobotSimulates() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    for (int links : {1, 4}) {
      w.newSession(NewRobotDialog::blankSession(links));
      QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
      QCOMPARE(w.plots()->plot(Quantity::Force)->graphCount(), links);
      QVERIFY(!w.document()->isModified());
    }
  }

  // File -> New, generic 6-DOF arm (Abuzneid & Sobh): the dialog's RPR arm has six joints and its
  // task simulates; every one of the eight configurations does; New clears the undo history as
  // the other New choices do, and edits on the new arm undo and redo; parameters the core
  // refuses keep the dialog open with the reason.
  void newGenericArmSimulatesAndUndoes() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    NewRobotDialog d(&w);
    d.selectGeneric("RPR");
    QVERIFY(d.genericField("travelMin2")->isEnabled());   // joint 2 slides
    QVERIFY(!d.genericField("travelMin1")->isEnabled());  // joint 1 turns
    d.genericField("a2")->setValue(0.45);
    w.newSession(d.session());
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    const RobotSpec& robot = w.document()->robot();
    QCOMPARE(robot.dof(), 6);
    QVERIFY(robot.links[0].joint == JointType::Revolute && robot.links[1].joint == JointType::Prismatic &&
            robot.links[2].joint == JointType::Revolute);
    QCOMPARE(robot.links[1].dh.a, 0.45);
    QCOMPARE(w.plots()->plot(Quantity::Force)->graphCount(), 6);
    QVERIFY(w.result()->samples() > 1);
    // As File > New always does: a fresh, unmodified document without undo history.
    QVERIFY(!w.document()->isModified());
    QVERIFY(!w.document()->undoStack()->canUndo());
    const std::string before = sessionToYaml(w.document()->session());
    RobotSpec longer = robot;
    longer.links[2].dh.a = 0.4;
    w.document()->edit(longer, "a3");
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    const std::string after = sessionToYaml(w.document()->session());
    QVERIFY(after != before);
    w.document()->undoStack()->undo();
    QVERIFY(sessionToYaml(w.document()->session()) == before);
    w.document()->undoStack()->redo();
    QVERIFY(sessionToYaml(w.document()->session()) == after);

    for (const std::string& c : genericArmConfigurations()) {
      w.newSession(NewRobotDialog::genericSession(genericArmDefaults(c)));
      QVERIFY2(waitForRun(w), qPrintable(QString::fromStdString(c) + ": " + w.problemText()));
      QCOMPARE(w.result()->model->dof(), 6);
    }

    // Two slides along one line: refused in words, the dialog stays open.
    NewRobotDialog bad(&w);
    bad.selectGeneric("PPP");
    bad.genericField("alpha1")->setValue(0.0);
    bad.show();
    bad.resize(bad.width(), bad.height() + 120);  // a taller window than it needs: the layout has room to spare
    QApplication::processEvents();
    QDialogButtonBox* buttons = bad.findChild<QDialogButtonBox*>();
    QVERIFY(buttons);
    const QPoint buttonsBefore = buttons->mapTo(&bad, QPoint(0, 0));
    bad.accept();
    QVERIFY(bad.isVisible());
    QVERIFY2(bad.message()->text().contains("slide along the same line"), qPrintable(bad.message()->text()));
    QApplication::processEvents();
    QCOMPARE(buttons->mapTo(&bad, QPoint(0, 0)), buttonsBefore);  // the message does not push them
    QVERIFY_EXCEPTION_THROWN(bad.session(), GenericArmError);
    bad.genericField("alpha1")->setValue(90.0);
    QVERIFY(bad.message()->text().isEmpty());
    bad.accept();
    QVERIFY(!bad.isVisible());
    QCOMPARE(bad.result(), static_cast<int>(QDialog::Accepted));
  }

  // Autosave: a session left by a run that did not finish is offered back, identical.
  void autosaveIsRecoverable() {
    const Session s = loadSession(defaultRobotPath());
    {
      Autosave a;
      a.begin();
      a.schedule(s);
      a.writeNow();
      // No finish(): as if the program crashed.
    }
    Autosave b;
    const std::optional<Session> back = b.recoverable();
    QVERIFY(back.has_value());
    QCOMPARE(back->robot.links[1].dh.a, s.robot.links[1].dh.a);
    QCOMPARE(back->task.points.size(), s.task.points.size());
    b.finish();
    QVERIFY(!Autosave().recoverable().has_value());
  }

  // Keyboard: every main-menu and CHANGE item has a mnemonic and no two collide; the standard
  // views have Ctrl+1..4; the playback arrows step the time cursor, but not while a slider or
  // a table has the focus (they keep their keys); Down in the results table moves the cursor
  // as a click on the next sample's row does.
  void keyboardMnemonicsViewsAndFocusedArrows() {
    MainWindow w;
    QVERIFY(openLibrary(w, "vora_rrr_weld_seam.yaml"));
    auto mnemonics = [](QMenu* menu) {
      QStringList keys;
      for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        const QString t = a->text();
        const int at = t.indexOf('&');
        keys << (at >= 0 && at + 1 < t.size() ? t.mid(at + 1, 1).toLower() : QString());
      }
      return keys;
    };
    QMenu* main = nullptr;
    for (QAction* a : w.menuBar()->actions())
      if (a->text() == "&Main menu") main = a->menu();
    QVERIFY(main);
    QMenu* change = nullptr;
    for (QAction* a : main->actions())
      if (a->menu()) change = a->menu();
    QVERIFY(change);
    for (QMenu* m : {main, change}) {
      const QStringList keys = mnemonics(m);
      QVERIFY2(!keys.contains(QString()), qPrintable(keys.join(',')));
      QCOMPARE(QSet<QString>(keys.begin(), keys.end()).size(), keys.size());
    }
    QCOMPARE(mnemonics(main).size(), 12);

    // Ctrl+2: the front view (the camera moves).
    osg::Vec3d eye0, centre, up, eye1;
    w.viewport()->setStandardView(StandardView::Iso);
    w.viewport()->view(eye0, centre, up);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QWidget* view = w.viewport()->container();
    view->setFocus();
    QTest::keyClick(view, Qt::Key_2, Qt::ControlModifier);
    w.viewport()->view(eye1, centre, up);
    QVERIFY((eye1 - eye0).length() > 1e-6);
    w.viewport()->view(eye0, centre, up);
    w.viewport()->setStandardView(StandardView::Front);
    w.viewport()->view(eye1, centre, up);
    QVERIFY((eye1 - eye0).length() < 1e-9);  // Ctrl+2 was the front view

    // Right with the viewport focused: one sample on.
    w.playback()->setSample(5);
    QTest::keyClick(view, Qt::Key_Right);
    QCOMPARE(w.playback()->sample(), 6);

    // A focused teach slider keeps Right: the slider moves, the time cursor does not.
    w.setTeachMode(true);
    QTRY_VERIFY(w.teach()->slider(0)->isVisible());  // the panel builds its sliders when shown
    QSlider* slider = w.teach()->slider(0);
    slider->setFocus();
    QTRY_VERIFY(slider->hasFocus());
    const int before = slider->value();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(slider->value(), before + slider->singleStep());
    QCOMPARE(w.playback()->sample(), 6);
    w.setTeachMode(false);

    // The results table: Down moves the current row and the time cursor with it.
    w.tabs()->setCurrentWidget(w.tableView());
    QTableView* table = w.tableView();
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    const int dof = w.document()->robot().dof();
    table->setCurrentIndex(table->model()->index(4 * dof + dof - 1, 0));  // last row of sample 4
    QCOMPARE(w.playback()->sample(), 4);
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 5 * dof);
    QCOMPARE(w.playback()->sample(), 5);
    QTest::keyClick(table, Qt::Key_Right);  // a column, not a sample
    QCOMPARE(w.playback()->sample(), 5);
  }

  // Before any result: the playback bar and the plots say so (no "(1/0)", no empty legends).
  void emptyStartShowsAClearEmptyState() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    auto* time = w.findChild<QLabel*>("playbackTime");
    QVERIFY(time);
    QCOMPARE(time->text(), QStringLiteral("No results yet"));
    QVERIFY(!w.plots()->note().isEmpty());
    for (int i = 0; i < 4; ++i) QVERIFY(!w.plots()->panel(i)->legend->visible());
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QVERIFY(time->text().contains("(1/149)"));
    QVERIFY(w.plots()->note().isEmpty());
    for (int i = 0; i < 4; ++i) QVERIFY(w.plots()->panel(i)->legend->visible());
  }

  // Layout at 1600 x 1000: the parameters dock and teach mode fit without growing the window;
  // the Summary tab shows its last column at the default size; the dialogs' intro sentences
  // wrap instead of setting the dialogs' width.
  void layoutFitsAt1600x1000() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.tabs()->setCurrentWidget(w.findChild<QWidget*>("summaryTable")->parentWidget());
    QTest::qWait(50);
    auto* summary = w.findChild<QTableWidget*>("summaryTable");
    QVERIFY2(summary->horizontalHeader()->length() <= summary->viewport()->width(),
             qPrintable(QString("%1 > %2").arg(summary->horizontalHeader()->length()).arg(summary->viewport()->width())));
    w.resize(1600, 1000);
    for (int pass = 0; pass < 2; ++pass) {
      if (pass == 0) w.findChild<QDockWidget*>("parametersDock")->show();
      if (pass == 1) {
        w.findChild<QDockWidget*>("parametersDock")->hide();
        w.setTeachMode(true);
      }
      QTest::qWait(100);
      QVERIFY2(w.minimumSizeHint().width() <= 1600 && w.width() <= 1600,
               qPrintable(QString("pass %1: minimum %2, width %3").arg(pass).arg(w.minimumSizeHint().width()).arg(w.width())));
      saveArtifact(w, pass == 0 ? "layout_parameters_1600" : "layout_teach_1600");
    }
    w.setTeachMode(false);
    for (QDialog* d : {static_cast<QDialog*>(w.showLinkParameters()), static_cast<QDialog*>(w.showLinkDimensions())}) {
      QTest::qWait(20);
      QVERIFY2(d->width() <= 1000, qPrintable(QString("%1: %2 px").arg(d->windowTitle()).arg(d->width())));
      d->close();
    }
  }

  // At 1280 x 800, the smallest supported screen, with Studio's style sheet (issue 22): every
  // toolbar button shows (none pushed into the overflow menu: the style sheet's padding did that
  // to Teach), the Sizing table's verdict shows without scrolling (it was the 17th column), and
  // the Kinematics table's Status cells are not cut (they held the whole limit sentence).
  // Teach mode at 1280x800: its dock beside the view, the plots and tables still on the screen
  // (the window's minimum width was 1430 px with the dock open: the right side off the screen).
  void teachModeFitsAt1280x800() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    w.setTeachMode(true);
    QTest::qWait(100);
    QWidget* central = w.centralWidget();
    QDockWidget* dock = w.findChild<QDockWidget*>("teachDock");
    QVERIFY(dock && dock->isVisible());
    std::printf("teach dock min %d hint %d, central min %d, window min %d, window %d\n", dock->minimumSizeHint().width(),
                dock->sizeHint().width(), central->minimumSizeHint().width(), w.minimumSizeHint().width(), w.width());
    // 1280 less room for a window manager's frame (a few pixels each side).
    QVERIFY2(w.minimumSizeHint().width() <= 1260 && w.width() <= 1280,
             qPrintable(QString("window %1 px wide (minimum %2) on a 1280 px screen").arg(w.width()).arg(w.minimumSizeHint().width())));
    QVERIFY2(dock->geometry().right() < w.width() / 2, "the dock leaves the view and the plots most of the window");
    // A seven-joint arm: the panel's rows fit the screen's height less a title bar (a walkthrough
    // saw the window grow to 806 px with the Panda), and the playback bar's time beside the dock
    // is shown whole (it read "(251/501").
    QVERIFY(w.openFile(source("robots/panda.yaml")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QTest::qWait(100);
    std::printf("Panda with teach: window minimum %d x %d\n", w.minimumSizeHint().width(), w.minimumSizeHint().height());
    // (Its width: the plots' seven joint toggles take 53 px more than the PUMA's six, 1267 px.)
    QVERIFY2(w.minimumSizeHint().height() <= 770 && w.minimumSizeHint().width() <= 1280,
             qPrintable(QString("minimum %1 x %2").arg(w.minimumSizeHint().width()).arg(w.minimumSizeHint().height())));
    auto* time = w.findChild<QLabel*>("playbackTime");
    QVERIFY(time && time->text().startsWith("t = "));
    QVERIFY2(time->width() >= time->fontMetrics().horizontalAdvance(time->text()),
             qPrintable(QString("'%1' in %2 px").arg(time->text()).arg(time->width())));
  }

  void layoutFitsAt1280x800() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.mainSplitter()->setSizes(MainWindow::splitterSizesFor(1280));
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY(w.openFile(source("robots/puma560_weld_seam.yaml")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QTest::qWait(50);
    auto* bar = w.findChild<QToolBar*>("mainToolbar");
    QVERIFY(bar);
    int shown = 0;
    for (QAction* a : bar->actions()) {
      if (a->isSeparator() || !a->isVisible()) continue;
      QWidget* b = bar->widgetForAction(a);
      QVERIFY2(b && b->isVisible() && bar->rect().contains(b->geometry()),
               qPrintable(QString("toolbar item '%1' is not on the bar at 1280 px").arg(a->iconText())));
      ++shown;
    }
    QVERIFY(shown >= 17);  // 1-11, the mode, Controller, Drives, Tuner, Undo, Redo, Teach

    w.tabs()->setCurrentWidget(w.sizing());
    QTest::qWait(50);
    QTableWidget* sizing = w.sizing()->table();
    int verdict = -1;
    for (int c = 0; c < sizing->columnCount(); ++c)
      if (sizing->horizontalHeaderItem(c)->text() == "Result") verdict = c;
    QVERIFY(verdict >= 0);
    const int x = sizing->columnViewportPosition(verdict);
    QVERIFY2(x >= 0 && x + sizing->columnWidth(verdict) <= sizing->viewport()->width(),
             qPrintable(QString("verdict column %1 at %2 + %3 px, viewport %4 px")
                            .arg(verdict).arg(x).arg(sizing->columnWidth(verdict)).arg(sizing->viewport()->width())));
    QCOMPARE(verdict, SizingView::kResultColumn);
    // Figures rounded to their meaning, as the exported report: no rounding noise such as the
    // -7.3e-08 J regenerated by joint 5 of this task (issue 22); joint 4's motor torque, 7.3e-05 N m,
    // is a real figure (0.0055 N m through the gear).
    static const QRegularExpression noise("e-(0[6-9]|[1-9][0-9])");  // 1e-6 and below: noise at these scales
    for (int r = 0; r < sizing->rowCount(); ++r)
      for (int c = 0; c < sizing->columnCount(); ++c)
        if (const QTableWidgetItem* item = sizing->item(r, c))
          QVERIFY2(!noise.match(item->text()).hasMatch(), qPrintable(QString("row %1, column %2: %3").arg(r).arg(c).arg(item->text())));
    saveArtifact(w, "sizing_1280");

    w.tabs()->setCurrentWidget(w.kinematics());
    QTest::qWait(50);
    QTableWidget* k = w.kinematics()->table();
    const int status = k->columnCount() - 1;
    int rejected = 0;
    for (int r = 0; r < k->rowCount(); ++r) {
      const QTableWidgetItem* item = k->item(r, status);
      const int need = k->fontMetrics().horizontalAdvance(item->text()) + 8;  // the cell's margins
      QVERIFY2(need <= k->columnWidth(status),
               qPrintable(QString("'%1' needs %2 px, the column has %3").arg(item->text()).arg(need).arg(k->columnWidth(status))));
      if (w.kinematics()->branchRejected(r)) {
        ++rejected;
        QVERIFY2(item->toolTip().contains("° is outside joint"), qPrintable(item->toolTip()));
      }
    }
    QVERIFY(rejected > 0);  // the PUMA's limits grey some branches at the start pose
    saveArtifact(w, "kinematics_1280");
  }

  // File > Open library robot: the picker lists every library robot file with its name and
  // links (read back here with the core's loader), and choosing one opens it.
  void libraryPickerListsAndOpens() {
    {
      LibraryPickerDialog d;
      const QStringList files = LibraryPickerDialog::libraryFiles();
      QCOMPARE(d.list()->count(), files.size());
      QVERIFY(files.size() >= 6);
      for (int i = 0; i < d.list()->count(); ++i) {
        const RobotSpec r = loadRobot(files[i].toStdString());
        const QString text = d.list()->item(i)->text();
        QVERIFY2(text.contains(QString::fromStdString(r.name)) && text.contains(QStringLiteral("%1 links").arg(r.dof())),
                 qPrintable(text));
      }
      QCOMPARE(d.selectedPath(), files.front());
    }
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QAction* open = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->text().startsWith("Open &library robot")) open = a;
    QVERIFY(open);
    bool picked = false;
    QTimer::singleShot(0, &w, [&] {
      auto* d = qobject_cast<LibraryPickerDialog*>(QApplication::activeModalWidget());
      if (!d) return;
      for (int i = 0; i < d->list()->count(); ++i)
        if (d->list()->item(i)->text().startsWith("stanford_rrprrr.yaml")) d->list()->setCurrentRow(i);
      picked = d->selectedPath().endsWith("stanford_rrprrr.yaml");
      QTest::keyClick(d->list(), Qt::Key_Return);  // Enter opens, as the Open button does
      if (d->isVisible()) d->accept();
    });
    open->trigger();
    QVERIFY(picked);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().name, loadRobot(source("robots/stanford_rrprrr.yaml").toStdString()).name);
  }

  // #12: the window fits the screen it opens on; its layout (geometry, docks, splitter) is kept
  // with QSettings only when asked (armdyn-studio does, tests and screenshots do not), and the
  // splitter gives a six-joint summary room at 1280 x 800.
  void windowFitsTheScreenAndRemembersItsLayout() {
    QSettings().remove("layout");
    QSize defaultSize, savedSize;
    int savedLeft = 0;
    {
      MainWindow w;
      const QRect screen = w.screen()->availableGeometry();
      QVERIFY(w.width() <= screen.width() && w.height() <= screen.height());
      QVERIFY2(screen.contains(w.geometry()), qPrintable(QString("window %1,%2 %3x%4 on a screen %5,%6 %7x%8")
                                                            .arg(w.x()).arg(w.y()).arg(w.width()).arg(w.height())
                                                            .arg(screen.x()).arg(screen.y()).arg(screen.width()).arg(screen.height())));
      defaultSize = w.size();
      QCOMPARE(MainWindow::splitterSizesFor(1500), QList<int>({790, 710}));
      QCOMPARE(MainWindow::splitterSizesFor(1280).value(1), 660);
      // A PUMA 560 summary in a 1280 x 800 window with those sizes: no horizontal scrolling.
      QVERIFY(openLibrary(w, "puma560.yaml"));
      w.resize(1280, 800);
      w.mainSplitter()->setSizes(MainWindow::splitterSizesFor(1280));
      w.tabs()->setCurrentWidget(w.findChild<QWidget*>("summaryTable")->parentWidget());
      QTest::qWait(80);
      auto* summary = w.findChild<QTableWidget*>("summaryTable");
      QVERIFY2(summary->horizontalHeader()->length() <= summary->viewport()->width(),
               qPrintable(QString("%1 > %2").arg(summary->horizontalHeader()->length()).arg(summary->viewport()->width())));
      saveArtifact(w, "issue11_summary_1280");
    }
    {
      MainWindow w;
      QVERIFY(!w.restoreLayout());  // nothing saved yet
      w.setInteractive(false);
      w.show();
      w.parametersDock()->show();
      QTest::qWait(50);
      w.resize(1400, 760);
      QTest::qWait(50);
      w.mainSplitter()->setSizes({400, w.mainSplitter()->width() - 400});
      QTest::qWait(50);
      savedSize = w.size();
      savedLeft = w.mainSplitter()->sizes().value(0);
      QVERIFY(savedSize != defaultSize);
      QVERIFY(w.close());  // saves the layout
    }
    QVERIFY(QSettings().contains("layout/geometry"));
    {
      MainWindow w;  // not asked to restore: the default layout, whatever was saved
      QCOMPARE(w.size(), defaultSize);
      QVERIFY(w.parametersDock()->isHidden());
    }
    {
      MainWindow w;
      QVERIFY(w.restoreLayout());
      w.setInteractive(false);
      w.show();
      QTest::qWait(80);
      QVERIFY2(w.size() == savedSize, qPrintable(QString("%1 x %2").arg(w.width()).arg(w.height())));
      QVERIFY(w.parametersDock()->isVisible());
      QVERIFY2(std::abs(w.mainSplitter()->sizes().value(0) - savedLeft) <= 4,
               qPrintable(QString("%1, saved %2").arg(w.mainSplitter()->sizes().value(0)).arg(savedLeft)));
      w.parametersDock()->hide();
    }
    QSettings().remove("layout");
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<MainWindowTest>(); });
}

#include "main_window_test.moc"
