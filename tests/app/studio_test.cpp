// GUI tests of armdyn-studio (issue 3), run under Xvfb. They drive the real main window and
// dialogs, and compare what the widgets show against independent paths: the core simulation
// called directly on the same spec, the thesis's published figures (149 samples, 3.725 s), and
// the file readers' other format for the same arm.

#include "analysis/simulation_csv.h"
#include "arm_scene.h"
#include "arm_viewport.h"
#include "autosave.h"
#include "control/control_run.h"
#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "dialogs/controller_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/tool_wrench_dialog.h"
#include "kinematics/jacobian.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "io/number_text.h"
#include <random>
#include "dialogs/constraints_dialog.h"
#include "dialogs/drives_dialog.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/library_picker_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "dialogs/tuner_dialog.h"
#include "document.h"
#include "dynamics/inverse_dynamics.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/path_singularities.h"
#include "kinematics/workspace_estimate.h"
#include "kinematics_panel.h"
#include "iso9283_panel.h"
#include "analysis/iso9283_report.h"
#include "model/generic_arm.h"
#include "model/equivalent_box.h"
#include "main_window.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "results_table_model.h"
#include "simulation_runner.h"
#include "teach_panel.h"
#include "kinematics/pose.h"
#include "summary_view.h"
#include "trajectory/joint_sweep_task.h"
#include <QSpinBox>

#include <algorithm>
#include <QComboBox>
#include <functional>
#include <QTimer>
#include <QMessageBox>
#include <QWheelEvent>
#include <QMenu>
#include <QListWidget>
#include <QHeaderView>
#include <QDockWidget>
#include <QAction>
#include <QDoubleSpinBox>
#include <QCheckBox>
#include <QSet>
#include <QTableView>
#include <QMenu>
#include <QMenuBar>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <malloc.h>
#include <QMutex>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QTextDocument>
#include <QTextTable>
#include "model/mass_properties.h"
#include <QtTest>
#include <osg/NodeVisitor>
#include <osg/Geode>
#include <osg/ShapeDrawable>
#include <qcustomplot.h>

using namespace armdyn;
using namespace armdyn::app;


// AddressSanitizer builds (GCC defines __SANITIZE_ADDRESS__, clang answers __has_feature).
#if defined(__SANITIZE_ADDRESS__)
#define ARMDYN_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARMDYN_TEST_UNDER_ASAN 1
#endif
#endif

namespace {

const QString kArtifacts = QStringLiteral(ARMDYN_APP_ARTIFACTS);

QString source(const QString& relative) { return QStringLiteral(ARMDYN_SOURCE_DIR "/") + relative; }

// Waits until the newest requested run has reached the views (true) or failed (false).
bool waitForRun(MainWindow& w, int timeoutMs = 20000) {
  QElapsedTimer clock;
  clock.start();
  QSignalSpy applied(&w, &MainWindow::resultApplied);
  QSignalSpy failed(&w, &MainWindow::simulationFailed);
  while (clock.elapsed() < timeoutMs) {
    if (!w.runner()->isBusy()) {
      if (w.result() && w.result()->generation == w.runner()->latestGeneration()) return true;
      if (!failed.isEmpty()) return false;
    }
    QTest::qWait(5);
  }
  return false;
}

std::vector<double> graphValues(const MainWindow& w, Quantity q, int joint) {
  std::vector<double> out;
  const QCPGraph* g = w.plots()->plot(q)->graph(joint);
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) out.push_back(it->value);
  return out;
}

double maxAbsDifference(const std::vector<double>& a, const Eigen::VectorXd& b) {
  if (static_cast<int>(a.size()) != b.size()) return 1e300;
  double m = 0.0;
  for (int k = 0; k < b.size(); ++k) m = std::max(m, std::abs(a[k] - b(k)));
  return m;
}

// Replaces a line edit's text the way a user does: select all, type.
void typeInto(QLineEdit* edit, const QString& text) {
  edit->setFocus();
  edit->selectAll();
  QTest::keyClicks(edit, text);
}

// Pastes a whole value at once (one textEdited), as a user pasting does.
void pasteInto(QLineEdit* edit, const QString& text) {
  edit->setFocus();
  edit->setText(text);
  Q_EMIT edit->textEdited(text);
}

// Pastes a value and commits it the way leaving the field does (issue 11: a field applies on
// Enter, on focus out, or after a typing pause; never on a bare keystroke).
void commitInto(QLineEdit* edit, const QString& text) {
  pasteInto(edit, text);
  Q_EMIT edit->editingFinished();
}

std::vector<double> graphValues(const QCustomPlot* plot, int joint) {
  std::vector<double> out;
  const QCPGraph* g = plot->graph(joint);
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) out.push_back(it->value);
  return out;
}

// Opens a library robot and waits for its first run.
bool openLibrary(MainWindow& w, const char* file) {
  w.setInteractive(false);
  w.show();
  return w.openFile(source(QStringLiteral("robots/") + file)) && waitForRun(w);
}

void saveArtifact(MainWindow& w, const QString& name) {
  QTest::qWait(50);
  QVERIFY(w.screenshot().save(kArtifacts + "/" + name + ".png"));
}

}  // namespace

class StudioTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QDir().mkpath(kArtifacts);
    // main() moved HOME to a temporary tree: the autosaves land there.
    QVERIFY(Autosave::directory().startsWith(qEnvironmentVariable("HOME")));
  }

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

  // A DH change typed into the link-parameters dialog re-simulates without pressing Simulate;
  // the plotted torque equals the core's simulation of the edited spec, and undo restores
  // the previous values and plots exactly.
  void dhEditChangesTorqueAndUndoRestores() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const std::vector<double> before = graphValues(w, Quantity::Force, 1);
    const Session original = w.document()->session();

    LinkParametersDialog* d = w.showLinkParameters();
    QLineEdit* a2 = d->field("links[1].dh.a");
    QVERIFY(a2 != nullptr);
    typeInto(a2, "0.55");
    QTest::keyClick(a2, Qt::Key_Return);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().links[1].dh.a, 0.55);
    QVERIFY(w.document()->isModified());
    QVERIFY(w.windowTitle().contains('*'));
    const std::vector<double> after = graphValues(w, Quantity::Force, 1);

    // Independent path: the core simulation of the same edit, called directly.
    Session edited = original;
    edited.robot.links[1].dh.a = 0.55;
    const RunRecord direct = simulateTask(Model(edited.robot), edited.task);
    QVERIFY(maxAbsDifference(after, direct.force.col(1)) == 0.0);  // same doubles, same code path
    // A longer upper arm needs more shoulder torque against gravity (moment arm grows).
    QVERIFY(*std::max_element(after.begin(), after.end()) > *std::max_element(before.begin(), before.end()));
    saveArtifact(w, "after_dh_edit");

    // One undo step for the whole typed value (committed once, on Enter).
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().links[1].dh.a, original.robot.links[1].dh.a);
    QCOMPARE(a2->text(), QStringLiteral("0.5"));
    QVERIFY(graphValues(w, Quantity::Force, 1) == before);
    QVERIFY(!w.document()->isModified());
    w.document()->undoStack()->redo();
    QVERIFY(waitForRun(w));
    QVERIFY(graphValues(w, Quantity::Force, 1) == after);
  }

  // Issue 11 #1: typing never applies a partial value. "-0.04" typed key by key into inner Y
  // (on the way: "-", "-0" = 0, "-0.", "-0.0", "-0.04") leaves the model as it was at every
  // keystroke, Enter refuses it and restores the value in force; "10" typed into DT never
  // applies "1"; a valid value applies on Enter as one edit, or after the typing pause.
  void typedValuesApplyOnlyWhenCommitted() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const RobotSpec original = w.document()->robot();
    const int steps = w.document()->undoStack()->count();
    LinkDimensionsDialog* d = w.showLinkDimensions();
    QLineEdit* innerY = d->field("links[1].bar.inner.Y");
    QVERIFY(innerY != nullptr);
    innerY->setFocus();
    innerY->selectAll();
    for (const QChar c : QStringLiteral("-0.04")) {
      QTest::keyClicks(innerY, QString(c));
      QCOMPARE(w.document()->robot().links[1].bar.inner, original.links[1].bar.inner);
    }
    QTest::keyClick(innerY, Qt::Key_Return);
    QCOMPARE(w.document()->robot().links[1].bar.inner, original.links[1].bar.inner);
    QCOMPARE(w.document()->undoStack()->count(), steps);
    QCOMPARE(innerY->text(), QString::fromStdString(formatSignificant(original.links[1].bar.inner.y())));
    SimulationParametersDialog* sp = w.showSimulationParameters();
    QLineEdit* dt = sp->field("dt");
    QVERIFY(dt != nullptr);
    dt->setFocus();
    dt->selectAll();
    QTest::keyClicks(dt, "1");
    QTest::qWait(FieldDialog::kCommitPauseMs / 2);    // events run, the pause not yet over
    QCOMPARE(w.document()->robot().dt, original.dt);  // "1" is valid but not committed
    QTest::keyClicks(dt, "0");
    QVERIFY(sp->reasonLabel("dt")->isVisible());      // "10" is longer than the motion
    QTest::keyClick(dt, Qt::Key_Return);
    QCOMPARE(w.document()->robot().dt, original.dt);
    // A valid value: committed on Enter, one step.
    dt->selectAll();
    QTest::keyClicks(dt, "0.02");
    QCOMPARE(w.document()->robot().dt, original.dt);
    QTest::keyClick(dt, Qt::Key_Return);
    QCOMPARE(w.document()->robot().dt, 0.02);
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QVERIFY(waitForRun(w));
    // Or after the pause, when valid and complete ("0.0" + pause: "0.03" complete).
    dt->selectAll();
    QTest::keyClicks(dt, "0.03");
    QTRY_COMPARE_WITH_TIMEOUT(w.document()->robot().dt, 0.03, 5000);
    QCOMPARE(w.document()->undoStack()->count(), steps + 2);
    QTest::keyClick(dt, Qt::Key_Return);  // the same value again: no further step
    QCOMPARE(w.document()->undoStack()->count(), steps + 2);
  }

  // Review findings: Enter in a field not typed in changes nothing (no rounding of the value in
  // force, no undo step); closing a dialog with Escape commits a valid value typed in it;
  // refusals of controller gains and of DH values name the field in words; TACC 0 is refused.
  void untouchedFieldsAndClosingKeepValues() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    RobotSpec noisy = w.document()->robot();
    noisy.links[1].dh.a = 0.4674000000000005;
    w.document()->edit(noisy, "noise");
    QVERIFY(waitForRun(w));
    const int steps = w.document()->undoStack()->count();
    LinkParametersDialog* d = w.showLinkParameters();
    QLineEdit* a2 = d->field("links[1].dh.a");
    a2->setFocus();
    QTest::keyClick(a2, Qt::Key_Return);
    Q_EMIT a2->editingFinished();
    QCOMPARE(w.document()->robot().links[1].dh.a, 0.4674000000000005);
    QCOMPARE(w.document()->undoStack()->count(), steps);
    // Typed, then Escape: the dialog closes and the value is in force.
    QLineEdit* d1 = d->field("links[0].dh.d");
    typeInto(d1, "0.05");
    QTest::keyClick(d1, Qt::Key_Escape);
    QTRY_VERIFY(w.findChildren<LinkParametersDialog*>().isEmpty() || !d->isVisible());
    QCOMPARE(w.document()->robot().links[0].dh.d, 0.05);
    QVERIFY(waitForRun(w));
    // Refusals in words: a DH value and a controller gain.
    LinkParametersDialog* p = w.showLinkParameters();
    pasteInto(p->field("links[1].dh.a"), "1e9");
    const QString dhWhy = p->reasonLabel("links[1].dh.a")->text();
    QVERIFY2(!dhWhy.contains("links[") && !dhWhy.contains("[2]"), qPrintable(dhWhy));
    Q_EMIT p->field("links[1].dh.a")->editingFinished();
    ControllerDialog* c = w.showController();
    pasteInto(c->field("controller.gains[1].ti"), "-1");
    const QString gainWhy = c->reasonLabel("controller.gains[1].ti")->text();
    QVERIFY2(!gainWhy.contains("gains[") && !gainWhy.contains("controller."), qPrintable(gainWhy));
    Q_EMIT c->field("controller.gains[1].ti")->editingFinished();
    SimulationParametersDialog* sp = w.showSimulationParameters();
    const double tacc = w.document()->task().tacc.value_or(w.document()->robot().tacc);
    pasteInto(sp->field("tacc"), "0");
    QVERIFY(sp->reasonLabel("tacc")->isVisible());
    Q_EMIT sp->field("tacc")->editingFinished();
    QCOMPARE(w.document()->task().tacc.value_or(w.document()->robot().tacc), tacc);
  }

  // Issue 11 #2 and #3: the error state clears as soon as the text is valid again, on leaving
  // the field, and after Undo; the message is in the user's words (link number, field label,
  // the limit), never an internal path, and showing it moves no other field.
  void refusalsSpeakTheUsersWordsAndClear() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    LinkDimensionsDialog* d = w.showLinkDimensions();
    d->resize(d->sizeHint());
    QTest::qWait(20);
    QLineEdit* innerY = d->field("links[1].bar.inner.Y");
    QLineEdit* neighbour = d->field("links[1].bar.inner.Z");
    QLineEdit* below = d->field("links[2].bar.inner.Y");
    const QRect n0 = neighbour->geometry(), b0 = below->geometry(), i0 = innerY->geometry();
    innerY->setFocus();
    innerY->selectAll();
    QTest::keyClicks(innerY, "-0.04");
    QLabel* reason = d->reasonLabel("links[1].bar.inner.Y");
    QVERIFY(reason->isVisible());
    QVERIFY2(!reason->text().contains("links[") && !reason->text().contains(".bar."), qPrintable(reason->text()));
    QVERIFY2(reason->text().contains("link 2"), qPrintable(reason->text()));
    QVERIFY2(reason->text().contains("negative"), qPrintable(reason->text()));
    QVERIFY(!innerY->styleSheet().isEmpty());
    QTest::qWait(20);
    QCOMPARE(neighbour->geometry(), n0);  // nothing moved
    QCOMPARE(below->geometry(), b0);
    QCOMPARE(innerY->geometry(), i0);
    // Valid again while typing: the error state goes at once.
    innerY->selectAll();
    QTest::keyClicks(innerY, "0.004");
    QVERIFY(!reason->isVisible());
    QVERIFY(innerY->styleSheet().isEmpty());
    // Refused, then leaving the field: the value in force and no error.
    innerY->selectAll();
    QTest::keyClicks(innerY, "-1");
    QVERIFY(reason->isVisible());
    Q_EMIT innerY->editingFinished();
    QVERIFY(!reason->isVisible());
    QVERIFY(innerY->styleSheet().isEmpty());
    QVERIFY(d->findChild<QLabel*>("fieldStatus")->text().isEmpty());  // the status line too
    // Refused, then Undo of an earlier edit: every field shows the value in force, no error.
    QLineEdit* density = d->field("links[0].bar.density");
    typeInto(density, "2000");
    QTest::keyClick(density, Qt::Key_Return);
    QVERIFY(waitForRun(w));
    innerY->setFocus();
    innerY->selectAll();
    QTest::keyClicks(innerY, "-2");
    QVERIFY(reason->isVisible());
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(!reason->isVisible());
    QVERIFY(innerY->styleSheet().isEmpty());
    QVERIFY(!w.document()->isModified());
    // DT: "time increment DT: must be positive", not "dt: must be positive".
    SimulationParametersDialog* sp = w.showSimulationParameters();
    pasteInto(sp->field("dt"), "-1");
    const QString dtWhy = sp->reasonLabel("dt")->text();
    QVERIFY2(!dtWhy.contains("dt:"), qPrintable(dtWhy));
    QVERIFY2(dtWhy.contains("Time increment DT"), qPrintable(dtWhy));
    Q_EMIT sp->field("dt")->editingFinished();
  }

  // Issue 11 #4: one undo step per committed edit, so every state reached is reachable again:
  // a3 0.5 -> 0.6 (Enter) -> 0.7 (Enter): Undo gives 0.6, then 0.5; a task point 0.7 -> 0.75
  // -> 2.0 (two cell commits): Undo gives 0.75, Redo 2.0.
  void everyCommittedEditIsOneUndoStep() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const double a3 = w.document()->robot().links[2].dh.a;
    LinkParametersDialog* d = w.showLinkParameters();
    QLineEdit* field = d->field("links[2].dh.a");
    typeInto(field, QString::number(a3 + 0.1));
    QTest::keyClick(field, Qt::Key_Return);
    typeInto(field, QString::number(a3 + 0.2));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(w.document()->robot().links[2].dh.a, a3 + 0.2);
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->robot().links[2].dh.a, a3 + 0.1);
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->robot().links[2].dh.a, a3);
    w.document()->undoStack()->redo();
    w.document()->undoStack()->redo();
    QCOMPARE(w.document()->robot().links[2].dh.a, a3 + 0.2);
    QVERIFY(waitForRun(w));
    TrajectoryPointsDialog* t = w.showTrajectoryPoints();
    const double x0 = w.document()->task().points[0].position.x();
    t->table()->item(0, 0)->setText(QString::number(x0 + 0.05));
    t->table()->item(0, 0)->setText(QString::number(x0 + 0.1));
    QCOMPARE(w.document()->task().points[0].position.x(), x0 + 0.1);
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->task().points[0].position.x(), x0 + 0.05);
    w.document()->undoStack()->redo();
    QCOMPARE(w.document()->task().points[0].position.x(), x0 + 0.1);
    QVERIFY(waitForRun(w));
  }

  // Issue 11 #5: the inertia dialog's pseudo-inertia shows a mass edit at once (J44 = mass),
  // without selecting another link. #6: a 3-joint arm's task orientation columns are read-only
  // and say they are not used; a 6-joint arm's are editable.
  void inertiaPreviewFollowsAndUnusedOrientationIsReadOnly() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    InertiaDialog* d = w.showInertia();
    d->sourceCombo()->setCurrentIndex(static_cast<int>(MassSource::Explicit));
    QVERIFY(waitForRun(w));
    QLineEdit* mass = d->field("inertia.mass");
    typeInto(mass, "3.25");
    QTest::keyClick(mass, Qt::Key_Return);
    QCOMPARE(d->field("pseudo.J44")->text(), QStringLiteral("3.25"));
    QVERIFY(waitForRun(w));
    TrajectoryPointsDialog* t = w.showTrajectoryPoints();
    QVERIFY(!(t->table()->item(0, 3)->flags() & Qt::ItemIsEditable));
    QVERIFY(t->table()->item(0, 3)->toolTip().contains("Not used"));
    QVERIFY(t->table()->horizontalHeaderItem(4)->text().contains("not used"));
    QVERIFY(t->table()->item(0, 0)->flags() & Qt::ItemIsEditable);
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY(waitForRun(w));
    TrajectoryPointsDialog* t6 = w.showTrajectoryPoints();
    QVERIFY(t6->table()->item(0, 3)->flags() & Qt::ItemIsEditable);
    QVERIFY(!t6->table()->horizontalHeaderItem(4)->text().contains("not used"));
  }

  // Issue 11 monkey test: seeded random GUI actions (the CHANGE dialogs with random valid and
  // invalid values committed by Enter or by leaving the field, task table cells, undo, redo,
  // playback, tabs, closing dialogs) on the default robot: no crash, no Qt warning, memory that
  // does not grow with the number of actions (resident size after the second half within 24 MB
  // of after the first), and undoing everything gives back the session loaded. Actions:
  // ARMDYN_MONKEY_ACTIONS (default 10 000; the sanitizer job runs fewer).
  void monkeyTest() {
    const int actions = qEnvironmentVariableIsSet("ARMDYN_MONKEY_ACTIONS") ? qEnvironmentVariableIntValue("ARMDYN_MONKEY_ACTIONS") : 10000;
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const std::string loaded = sessionToYaml(w.document()->session());
    // Warnings from any thread (the runner's worker included), under a lock; the previous
    // handler comes back however the test ends.
    static QMutex lock;
    static QStringList warnings;
    warnings.clear();
    struct Handler {
      QtMessageHandler previous;
      Handler()
          : previous(qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
              if (type != QtWarningMsg && type != QtCriticalMsg && type != QtFatalMsg) return;
              const QMutexLocker locked(&lock);
              warnings << msg;
            })) {}
      ~Handler() { qInstallMessageHandler(previous); }
    } handler;
    std::mt19937 rng(20261126);
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const auto residentKb = [] {
      QFile f("/proc/self/statm");
      if (!f.open(QIODevice::ReadOnly)) return 0L;
      const QList<QByteArray> parts = f.readAll().split(' ');
      return parts.size() > 1 ? parts[1].toLong() * 4 : 0L;  // pages of 4 KB
    };
    const QStringList invalid = {"-1", "abc", "", "1e300", "nan", "-0", "0", "1e-300", "--2", "1,5"};
    long memoryHalf = 0;
    for (int k = 0; k < actions; ++k) {
      if (k == actions / 2) memoryHalf = residentKb();
      switch (pick(9)) {
        case 0:
        case 1: {  // a CHANGE dialog: a random field, a random value, Enter or focus out
          FieldDialog* d = nullptr;
          switch (pick(5)) {
            case 0: d = w.showLinkParameters(); break;
            case 1: d = w.showLinkDimensions(); break;
            case 2: d = w.showSimulationParameters(); break;
            case 3: d = w.showTool(); break;
            default: d = w.showInertia(); break;
          }
          QList<QLineEdit*> fields;
          for (QLineEdit* e : d->findChildren<QLineEdit*>())
            if (e->isEnabled() && e->isVisible() && !e->isReadOnly()) fields << e;
          if (fields.isEmpty()) break;
          QLineEdit* e = fields[pick(static_cast<int>(fields.size()))];
          bool ok = false;
          const double now = e->text().toDouble(&ok);
          const QString value = pick(3) == 0 ? invalid[pick(static_cast<int>(invalid.size()))]
                                             : QString::number((ok ? now : 0.1) * std::uniform_real_distribution<double>(0.8, 1.25)(rng), 'g', 6);
          e->setFocus();
          e->setText(value);
          Q_EMIT e->textEdited(value);
          if (pick(2) == 0) QTest::keyClick(e, Qt::Key_Return);
          else Q_EMIT e->editingFinished();
          break;
        }
        case 2: {  // a task table cell
          TrajectoryPointsDialog* t = w.showTrajectoryPoints();
          QTableWidget* table = t->table();
          if (table->rowCount() == 0) break;
          QTableWidgetItem* item = table->item(pick(table->rowCount()), pick(3));
          if (item == nullptr || !(item->flags() & Qt::ItemIsEditable)) break;
          bool ok = false;
          const double now = item->text().toDouble(&ok);
          item->setText(pick(4) == 0 ? invalid[pick(static_cast<int>(invalid.size()))]
                                     : QString::number((ok ? now : 0.1) + std::uniform_real_distribution<double>(-0.05, 0.05)(rng), 'g', 6));
          break;
        }
        case 3: w.document()->undoStack()->undo(); break;
        case 4: w.document()->undoStack()->redo(); break;
        case 5:
          if (w.playback()->sampleCount() > 0) w.playback()->setSample(pick(w.playback()->sampleCount()));
          break;
        case 6: w.tabs()->setCurrentIndex(pick(w.tabs()->count())); break;
        case 7:
          for (QDialog* dlg : w.findChildren<QDialog*>())
            if (dlg->isVisible() && pick(2) == 0) dlg->close();
          break;
        default:
          if (pick(2) == 0) w.playback()->togglePlay();
          else w.playback()->stepForward();
          break;
      }
      if (k % 50 == 0) QCoreApplication::processEvents();
      if (k % 500 == 0) QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    }
    w.playback()->pause();
    QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    const long memoryEnd = residentKb();
    // A leak that grows with the actions, without the undo stack's legitimate growth: actions
    // that keep the session (refused values, undo then redo, playback, tabs, dialogs opened and
    // closed), heap in use (malloc's count, not the resident size glibc keeps) after a warm-up
    // and at the end, deferred deletions flushed.
    const auto heapInUse = [] {
      QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
      QCoreApplication::processEvents();
      return static_cast<long>(mallinfo2().uordblks);
    };
    long heapStart = 0;
    const int steady = std::max(200, actions / 2);
    for (int k = 0; k < steady; ++k) {
      if (k == 100) heapStart = heapInUse();
      switch (pick(5)) {
        case 0: {
          FieldDialog* d = pick(2) == 0 ? static_cast<FieldDialog*>(w.showLinkDimensions()) : w.showSimulationParameters();
          QList<QLineEdit*> fields = d->findChildren<QLineEdit*>();
          if (fields.isEmpty()) break;
          QLineEdit* e = fields[pick(static_cast<int>(fields.size()))];
          const QString value = invalid[pick(3)];  // "-1", "abc", "": refused everywhere
          e->setText(value);
          Q_EMIT e->textEdited(value);
          Q_EMIT e->editingFinished();
          break;
        }
        case 1:
          if (w.document()->undoStack()->canUndo()) {
            w.document()->undoStack()->undo();
            w.document()->undoStack()->redo();
          }
          break;
        case 2:
          if (w.playback()->sampleCount() > 0) w.playback()->setSample(pick(w.playback()->sampleCount()));
          break;
        case 3: w.tabs()->setCurrentIndex(pick(w.tabs()->count())); break;
        default:
          for (QDialog* dlg : w.findChildren<QDialog*>()) dlg->close();
          break;
      }
      if (k % 50 == 0) QCoreApplication::processEvents();
      if (k % 200 == 0) QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    }
    QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    const long heapEnd = heapInUse();
    std::printf("monkey: %d actions, %d undo steps, resident %ld KB at half, %ld KB at the end; "
                "%d session-keeping actions: heap in use %ld KB -> %ld KB\n",
                actions, w.document()->undoStack()->count(), memoryHalf, memoryEnd, steady, heapStart / 1024,
                heapEnd / 1024);
    {
      const QMutexLocker locked(&lock);
      QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join("\n")));
    }
#ifdef ARMDYN_TEST_UNDER_ASAN
    // AddressSanitizer's allocator keeps freed memory in quarantine (resident size grows) and
    // malloc's statistics read 0: memory is checked in the normal build only.
    std::printf("monkey: memory not checked under AddressSanitizer\n");
#else
    QVERIFY(heapStart > 0);  // malloc's statistics are available: the check below can fail
    QVERIFY2(memoryEnd - memoryHalf < 24 * 1024, qPrintable(QString("grew %1 KB").arg(memoryEnd - memoryHalf)));
    QVERIFY2(heapEnd - heapStart < 2 * 1024 * 1024, qPrintable(QString("heap grew %1 KB").arg((heapEnd - heapStart) / 1024)));
#endif
    // Undo everything: the session loaded.
    while (w.document()->undoStack()->canUndo()) w.document()->undoStack()->undo();
    QCOMPARE(sessionToYaml(w.document()->session()), loaded);
    QVERIFY(!w.document()->isModified());
  }

  // Dialogs bound to the links of one robot close when another robot (other links) is opened,
  // and when that is undone.
  void changeDialogsCloseOnOtherRobot() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QPointer<QDialog> d = w.showLinkDimensions();
    QPointer<QDialog> inertia = w.showInertia();
    QVERIFY(w.importFile(source("robots/rrrrrr.yaml")));  // 6 links replace 3, undoably
    QTest::qWait(20);
    QVERIFY(d.isNull() || !d->isVisible());
    QVERIFY(inertia.isNull() || !inertia->isVisible());
    d = w.showLinkParameters();
    w.document()->undoStack()->undo();
    QTest::qWait(20);
    QVERIFY(d.isNull() || !d->isVisible());
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->model->dof(), 3);
  }

  // Fields refuse bad input as you type, say why beside the field, and change nothing.
  void dialogsRefuseBadInput() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const int steps = w.document()->undoStack()->count();
    LinkDimensionsDialog* d = w.showLinkDimensions();
    QTest::qWait(20);
    const struct {
      const char* key;
      const char* text;
    } bad[] = {{"links[0].bar.density", "-2460"},
               {"links[0].bar.density", ""},
               {"links[0].bar.density", "abc"},
               {"links[1].bar.inner.Y", "0.06"},  // inner above outer (0.05)
               {"links[1].bar.outer.Z", "0"}};
    for (const auto& b : bad) {
      QLineEdit* e = d->field(b.key);
      QVERIFY2(e != nullptr, b.key);
      pasteInto(e, b.text);
      QLabel* reason = d->reasonLabel(b.key);
      QVERIFY2(reason->isVisible(), b.key);
      QVERIFY2(!reason->text().isEmpty(), b.key);
      QCOMPARE(w.document()->undoStack()->count(), steps);
      // Leaving the field restores the value in force.
      e->clearFocus();
      Q_EMIT e->editingFinished();
    }
    QCOMPARE(w.document()->robot().links[0].bar.density, 2460.0);
    QCOMPARE(d->field("links[0].bar.density")->text(), QStringLiteral("2460"));
    saveArtifact(w, "dialog_refusal");
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
    QVERIFY2(w.importUrdf(source("tests/data/urdf/puma560.urdf"), QString(), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().dof(), 6);
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
    // Opened as a file: the URDF robot with its joint sweep.
    QVERIFY2(w.openFile(source("tests/data/urdf/puma560.urdf"), &error), qPrintable(error));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().pointCount(), 3);
  }

  // Issue 11 #15: the wheel zooms in on the 3D view as on the plots (away from the user: in).
  // #14: Open Recent tells apart two files of the same name (their folder) and shows the path.
  void wheelZoomsInAndRecentFilesAreDistinct() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    osg::Vec3d eye0, eye1, centre, up;
    w.viewport()->setStandardView(StandardView::Iso);
    w.viewport()->grabImage();
    w.viewport()->view(eye0, centre, up);
    QWheelEvent wheel(QPointF(100, 100), QPointF(100, 100), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(w.viewport(), &wheel);
    w.viewport()->grabImage();  // a frame runs the queued event
    w.viewport()->view(eye1, centre, up);
    QVERIFY2((eye1 - centre).length() < (eye0 - centre).length() - 1e-6,
             qPrintable(QString("distance %1 -> %2").arg((eye0 - centre).length()).arg((eye1 - centre).length())));

    // Two robots called vora_rrr.yaml in different folders.
    const QString copyDir = QDir::temp().filePath("armdyn_recent_test");
    QDir().mkpath(copyDir);
    const QString copy = copyDir + "/vora_rrr.yaml";
    QFile::remove(copy);
    QFile::remove(copyDir + "/vora_rrr_weld_seam.yaml");
    QVERIFY(QFile::copy(source("robots/vora_rrr.yaml"), copy));
    QVERIFY(QFile::copy(source("robots/vora_rrr_weld_seam.yaml"), copyDir + "/vora_rrr_weld_seam.yaml"));
    QVERIFY(w.openFile(copy));
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QMenu* recent = nullptr;
    for (QMenu* m : w.findChildren<QMenu*>())
      if (m->title() == MainWindow::tr("Open &recent")) recent = m;
    QVERIFY(recent);
    QStringList labels, tips;
    for (QAction* a : recent->actions()) {
      labels << a->text();
      tips << a->toolTip();
    }
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(" | ")));
    QVERIFY2(labels[0] != labels[1], qPrintable(labels.join(" | ")));
    QVERIFY2(labels[1].contains("armdyn_recent_test"), qPrintable(labels.join(" | ")));
    QCOMPARE(tips[1], copy);
    QDir(copyDir).removeRecursively();
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

  // Issue 11 #8: the tuner's fields show their leading digits: six significant ones for the
  // pose at the time cursor and the sample time (not 14.7741257922697, 0.000933333333333333).
  void tunerFieldsAreReadable() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.playback()->setSample(37);
    TunerDialog* t = w.showTuner();
    for (QLineEdit* e : t->findChildren<QLineEdit*>()) {
      QVERIFY2(e->text().size() <= 11, qPrintable(e->objectName() + ": " + e->text()));
      QCOMPARE(e->cursorPosition(), 0);
    }
    auto* period = t->findChild<QLineEdit*>("tunerPeriod");
    QVERIFY(period);
    QVERIFY2(period->text().startsWith("0.000933333") || period->text().size() <= 8, qPrintable(period->text()));
    t->close();
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

  // Teach mode: a slider moves the joint; a Cartesian jog moves the tool 10 mm along x in the
  // configuration chosen (checked with the core forward kinematics).
  void teachModeMovesAndJogs() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    w.setTeachMode(true);
    QTest::qWait(20);
    TeachPanel* t = w.teach();
    const Model model(w.document()->robot());
    const QString before = t->poseText();
    t->slider(0)->setValue(t->slider(0)->value() + 200);  // +0.2 rad on the waist
    QVERIFY(t->poseText() != before);
    const Eigen::Vector3d p0 = toolPose(model, t->joints()).block<3, 1>(0, 3);
    QVERIFY2(t->jog(0, 0.01), qPrintable(t->message()->text()));
    const Eigen::Vector3d p1 = toolPose(model, t->joints()).block<3, 1>(0, 3);
    // Closed-form IK of the RRR: exact to rounding (1e-9 m).
    QVERIFY((p1 - p0 - Eigen::Vector3d(0.01, 0, 0)).norm() < 1e-9);
    QVERIFY(!t->jog(0, 5.0));  // 5 m away: out of reach, refused with a reason
    QVERIFY(!t->message()->text().isEmpty());
    // A joint value typed in degrees beside the slider: the joint takes it (SI inside), the
    // slider follows.
    QDoubleSpinBox* box = t->valueBox(1);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, "30");
    QTest::keyClick(box, Qt::Key_Return);
    QVERIFY(std::abs(t->joints()(1) - 30.0 * M_PI / 180.0) < 1e-12);
    QCOMPARE(t->slider(1)->value(), static_cast<int>(std::lround(t->joints()(1) / 1e-3)));  // slider unit: 1 mrad
    QVERIFY(box->suffix().contains("°"));
    saveArtifact(w, "teach_mode");
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
    bad.accept();
    QVERIFY(bad.isVisible());
    QVERIFY2(bad.message()->text().contains("slide along the same line"), qPrintable(bad.message()->text()));
    QVERIFY_EXCEPTION_THROWN(bad.session(), GenericArmError);
    bad.genericField("alpha1")->setValue(90.0);
    QVERIFY(bad.message()->text().isEmpty());
    bad.accept();
    QVERIFY(!bad.isVisible());
    QCOMPARE(bad.result(), static_cast<int>(QDialog::Accepted));
  }

  // The Kinematics tab lists the closed-form branches of the pose under the time cursor with the
  // singularity analysis; clicking a branch shows the arm in it (same tool pose); an arm without
  // a closed form shows the one numerical solution and says so.
  void kinematicsPanelPicksABranch() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.newSession(NewRobotDialog::genericSession(genericArmDefaults("RRR")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    w.tabs()->setCurrentWidget(w.kinematics());
    QTest::qWait(20);
    KinematicsPanel* k = w.kinematics();
    QCOMPARE(k->branchCount(), 8);  // front/back x elbow up/down x wrist flip/noflip
    QVERIFY2(k->methodLabel()->text().contains("Closed form"), qPrintable(k->methodLabel()->text()));
    QCOMPARE(k->value("singularity")->text(), QString("none"));
    QVERIFY(k->value("manipulability")->text().endsWith("m³"));
    QVERIFY(k->value("detJ11")->text().endsWith("m³"));
    QVERIFY(k->value("detJ22")->text().contains("no unit"));
    QVERIFY(k->table()->horizontalHeaderItem(1)->text().contains("°"));
    const Model model(w.document()->robot());
    const Eigen::VectorXd shown = w.displayedJoints();
    int other = -1;
    for (int r = 0; r < k->branchCount(); ++r)
      if (k->branchName(r) == "back_elbow_down_flip") other = r;
    QVERIFY(other >= 0);
    QVERIFY((k->branch(other) - shown).norm() > 0.1);
    const QRect cell = k->table()->visualItemRect(k->table()->item(other, 0));
    QTest::mouseClick(k->table()->viewport(), Qt::LeftButton, {}, cell.center());
    QVERIFY((w.displayedJoints() - k->branch(other)).norm() < 1e-12);
    // The same tool pose, another arm configuration.
    QVERIFY((toolPose(model, w.displayedJoints()) - toolPose(model, shown)).norm() < 1e-9);
    QVERIFY(k->table()->item(k->branchCount() - 1, 0) != nullptr);
    saveArtifact(w, "kinematics_panel");
    // The time cursor takes the arm back.
    const int next = w.playback()->sample() == 3 ? 4 : 3;
    w.playback()->setSample(next);
    QVERIFY((w.displayedJoints() - w.result()->record.q.row(next).transpose()).norm() < 1e-12);

    // A planar two-link arm has no closed form: one damped-least-squares solution, said so.
    w.newSession(NewRobotDialog::blankSession(2));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QCOMPARE(k->branchCount(), 1);
    QVERIFY2(k->methodLabel()->text().contains("damped-least-squares"), qPrintable(k->methodLabel()->text()));
    QVERIFY(k->value("detJ11")->text().contains("no spherical wrist"));
  }

  // The Kinematics tab's maps along the task: the core's analyzePath of the run, one point a
  // sample, the singular instants as labelled lines, the shared time cursor; Shift+click seeks.
  void kinematicsMapAlongTheTask() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    w.tabs()->setCurrentWidget(w.kinematics());
    QTest::qWait(20);
    KinematicsPanel* k = w.kinematics();
    const SimulationResultPtr run = w.result();
    const int samples = run->samples();
    QVERIFY(samples > 10);
    QVERIFY(k->pathKinematics().has_value());
    QCOMPARE(k->mapSampleCount(), samples);
    QCOMPARE(k->mapPlot()->graphCount(), 3);  // det J11, det J22, manipulability
    QCOMPARE(k->singularMarkerCount(), 0);
    QVERIFY2(k->mapSummary()->text().contains("singular instants: none"), qPrintable(k->mapSummary()->text()));
    QVERIFY2(k->mapSummary()->text().contains("Smallest manipulability"), qPrintable(k->mapSummary()->text()));
    QVERIFY(k->mapPlot()->yAxis->label().contains("m³"));
    QVERIFY(k->mapPlot()->yAxis2->visible() && k->mapPlot()->yAxis2->label().contains("no unit"));
    QVERIFY(k->mapPlot()->xAxis->label().contains("(s)"));
    // The same values as the core called directly on the same run.
    const PathKinematics direct = analyzePath(*run->model, run->record.t, run->record.q);
    const QCPGraph* detJ11 = k->mapPlot()->graph(0);
    QCOMPARE(detJ11->data()->at(samples / 2)->value, direct.detJ11[static_cast<std::size_t>(samples / 2)]);
    // The time cursor follows playback; Shift+click on the map moves it.
    w.playback()->setSample(samples / 3);
    QCOMPARE(k->cursorTime(), run->record.t[static_cast<std::size_t>(samples / 3)]);
    const double target = run->record.t[static_cast<std::size_t>(2 * samples / 3)];
    const QPoint at(static_cast<int>(std::lround(k->mapPlot()->xAxis->coordToPixel(target))),
                    k->mapPlot()->axisRect()->center().y());
    QTest::mouseClick(k->mapPlot(), Qt::LeftButton, Qt::ShiftModifier, at);
    QVERIFY2(std::abs(w.playback()->time() - target) <= 1.5 * run->record.dt, qPrintable(QString::number(w.playback()->time())));
    QCOMPARE(k->cursorTime(), w.playback()->time());

    // A run through a wrist singularity: q5 from -0.4 to 0.4 rad, linearly over 0..1.98 s (100
    // samples, 0.02 s apart), so det J22 changes sign at t = 0.99 s, between two samples.
    std::vector<double> t(100);
    Eigen::MatrixXd q(100, 6);
    for (int i = 0; i < 100; ++i) {
      t[static_cast<std::size_t>(i)] = 0.02 * i;
      q.row(i) = run->model->home().transpose();
      q(i, 4) = -0.4 + 0.8 * t[static_cast<std::size_t>(i)] / 1.98;
    }
    k->setRun(run->model, t, q);
    QCOMPARE(k->mapSampleCount(), 100);
    QCOMPARE(k->singularMarkerCount(), 1);
    QVERIFY2(std::abs(k->singularMarkerTime(0) - 0.99) < 1e-8, qPrintable(QString::number(k->singularMarkerTime(0), 'g', 12)));
    QCOMPARE(k->singularMarkerLabel(0), QString("wrist singular"));
    QVERIFY2(k->mapSummary()->text().contains("t = 0.990 s wrist (passes through)"), qPrintable(k->mapSummary()->text()));
    saveArtifact(w, "kinematics_map_wrist");
    // Too long a run is skipped with a note.
    const int many = KinematicsPanel::kMapMaxSamples + 1;
    std::vector<double> longT(static_cast<std::size_t>(many));
    for (int i = 0; i < many; ++i) longT[static_cast<std::size_t>(i)] = 1e-3 * i;
    k->setRun(run->model, longT, Eigen::MatrixXd::Zero(many, 6));
    QCOMPARE(k->mapSampleCount(), 0);
    QCOMPARE(k->singularMarkerCount(), 0);
    QVERIFY2(k->mapSummary()->text().contains("not computed"), qPrintable(k->mapSummary()->text()));
    // The run on screen again (an edit re-simulates: the map follows the new run).
    k->setResult(w.result());
    QCOMPARE(k->mapSampleCount(), samples);
    QCOMPARE(k->singularMarkerCount(), 0);
  }

  // View > Show reachable workspace: a point cloud in the scene and the volume, reach and Q_L
  // above the view, computed off the GUI thread; recomputed for an edited robot; off again.
  void workspaceToggleDrawsAndReports() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.newSession(NewRobotDialog::genericSession(genericArmDefaults("RRP")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QSignalSpy ready(&w, &MainWindow::workspaceReady);
    QAction* toggle = w.findChild<QAction*>("viewShowWorkspace");
    QVERIFY(toggle && toggle->isCheckable());
    toggle->trigger();
    QVERIFY(w.workspaceBusy());
    QVERIFY(ready.wait(20000));
    QVERIFY(!w.workspaceBusy());
    const double volume = ready.takeFirst().at(0).toDouble();
    QVERIFY(volume > 0.0);
    QVERIFY(w.workspaceEstimate() && w.workspaceEstimate()->volume == volume);
    ArmScene& scene = w.viewport()->scene();
    QCOMPARE(static_cast<int>(scene.workspaceNode()->getNumChildren()), 1);
    QVERIFY(scene.workspacePointCount() > 1000);
    QVERIFY(w.workspaceInfo()->isVisible());
    QVERIFY2(w.workspaceInfo()->text().contains("m³") && w.workspaceInfo()->text().contains("Q<sub>L</sub>"),
             qPrintable(w.workspaceInfo()->text()));
    saveArtifact(w, "workspace");
    // A longer boom: a larger workspace, recomputed while shown.
    RobotSpec robot = w.document()->robot();
    robot.links[2].qMax = 1.4;
    w.document()->edit(robot, "travel");
    QVERIFY(ready.wait(20000));
    QVERIFY(ready.takeFirst().at(0).toDouble() > volume);
    // A task edit leaves the robot and its workspace as they were: no new estimate.
    TaskSpec task = w.document()->task();
    task.points.pop_back();
    w.document()->edit(task, "task");
    QVERIFY(!w.workspaceBusy());
    toggle->trigger();
    QCOMPARE(static_cast<int>(scene.workspaceNode()->getNumChildren()), 0);
    QVERIFY(!w.workspaceInfo()->isVisible());
    QVERIFY(w.workspaceEstimate() == nullptr);
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
    QCOMPARE(c->plot(ControlQuantity::MotorTorque)->yAxis->label(), QStringLiteral("Motor torque (N m)"));
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

  // A drive edit in the drives dialog changes the plotted torque: raising joint 2's viscous
  // friction by db adds exactly db * qd(t) to its prescribed torque (friction is linear in b).
  // Bad values are refused as typed with the core's reason; undo restores the plot.
  void driveEditChangesTheTorque() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    const std::vector<double> before = graphValues(w, Quantity::Force, 1);
    const double b = w.document()->robot().links[1].drive->viscous;
    DrivesDialog* d = w.showDrives();
    QLineEdit* viscous = d->field("links[1].drive.viscous");
    QVERIFY(viscous != nullptr);
    const int steps = w.document()->undoStack()->count();
    pasteInto(viscous, "-1");
    QVERIFY(d->reasonLabel("links[1].drive.viscous")->isVisible());
    QVERIFY(d->reasonLabel("links[1].drive.viscous")->text().contains("negative"));
    QCOMPARE(w.document()->undoStack()->count(), steps);
    pasteInto(d->field("links[1].drive.motor.ke"), "0.9");  // kt 0.2611: mixed units, refused
    QVERIFY(d->reasonLabel("links[1].drive.motor.ke")->text().contains("factor 2"));
    Q_EMIT d->field("links[1].drive.motor.ke")->editingFinished();
    typeInto(viscous, "29.5");
    QTest::keyClick(viscous, Qt::Key_Return);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->robot().links[1].drive->viscous, 29.5);
    const std::vector<double> after = graphValues(w, Quantity::Force, 1);
    const Eigen::MatrixXd& qd = w.result()->record.qd;
    QCOMPARE(after.size(), before.size());
    double worst = 0.0;
    for (size_t k = 0; k < after.size(); ++k) worst = std::max(worst, std::abs(after[k] - before[k] - (29.5 - b) * qd(k, 1)));
    QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));  // round-off of ~100 N m sums
    QVERIFY(d->derivedLabel(1)->text().contains("kg m²"));
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(graphValues(w, Quantity::Force, 1) == before);
    // A joint without a drive: its fields are off, the drive check box adds one (undoably).
    QVERIFY(d->driveCheck(0)->isChecked());
    d->driveCheck(0)->setChecked(false);
    QVERIFY(!w.document()->robot().links[0].drive.has_value());
    QVERIFY(!d->field("links[0].drive.gear_ratio")->isEnabled());
    w.document()->undoStack()->undo();
    QVERIFY(d->field("links[0].drive.gear_ratio")->isEnabled());
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
    checkPanel(c->plot(ControlQuantity::MotorTorque), h.motorTorque, "Motor torque (N m)", "Motor force (N)");
    QVERIFY(!c->plot(ControlQuantity::Current)->yAxis2->visible());
    QCOMPARE(c->plot(ControlQuantity::Current)->yAxis->label(), QStringLiteral("Motor current (A)"));
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

  // View settings: one copy. The View menu's check marks follow the dialog and the dialog
  // follows the menu; the settings come back in a new window (QSettings, under the test's HOME).
  void viewSettingsHaveOneSourceAndPersist() {
    {
      MainWindow w;
      QVERIFY(openLibrary(w, "vora_rrr_weld_seam.yaml"));
      auto* grid = w.findChild<QAction*>("viewShowGrid");
      auto* path = w.findChild<QAction*>("viewShowPath");
      QVERIFY(grid && path && grid->isChecked() && path->isChecked());
      QDialog* d = w.showViewSettings();
      auto* gridBox = d->findChild<QCheckBox*>("showGrid");
      auto* pathBox = d->findChild<QCheckBox*>("showPath");
      QVERIFY(gridBox && pathBox && gridBox->isChecked());
      grid->trigger();  // menu -> window and dialog
      QVERIFY(!w.viewSettings().showGrid);
      QVERIFY(!gridBox->isChecked());
      pathBox->click();  // dialog -> window and menu
      QVERIFY(!w.viewSettings().showPath);
      QVERIFY(!path->isChecked());
      d->findChild<QDoubleSpinBox*>("drawingScale")->setValue(2.0);
      QCOMPARE(w.viewSettings().drawingScale, 2.0);
      w.close();
    }
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(!again.viewSettings().showGrid && !again.viewSettings().showPath);
    QCOMPARE(again.viewSettings().drawingScale, 2.0);
    QVERIFY(!again.findChild<QAction*>("viewShowGrid")->isChecked());
    again.setViewSettings(ViewSettings());  // the defaults back for the other tests
    QVERIFY(loadViewSettings().showGrid);
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

  // Every dialog edit is one undo step: undo gives back the session before it exactly, redo the
  // one after (the session and its controller written out as YAML by the core's writers).
  void everyDialogEditUndoesAndRedoes() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    Document* doc = w.document();
    auto fingerprint = [doc] {
      const StudioSession& s = doc->session();
      return sessionToYaml(s) + controllerToYaml(s.controller, Model(s.robot)) + std::to_string(static_cast<int>(s.mode));
    };
    auto check = [&](const char* what, const std::function<void()>& edit) {
      const std::string before = fingerprint();
      const int steps = doc->undoStack()->count();
      edit();
      const std::string after = fingerprint();
      QVERIFY2(after != before, what);
      QVERIFY2(doc->undoStack()->count() == steps + 1, what);  // one step per edit
      doc->undoStack()->undo();
      QVERIFY2(fingerprint() == before, what);
      doc->undoStack()->redo();
      QVERIFY2(fingerprint() == after, what);
    };
    check("mode", [&] { w.setSimulationMode(SimulationMode::ForwardSimulation); });
    check("link parameters", [&] { commitInto(w.showLinkParameters()->field("links[1].dh.a"), "0.44"); });
    check("simulation parameters", [&] { commitInto(w.showSimulationParameters()->field("tacc"), "0.25"); });
    check("tool", [&] { commitInto(w.showTool()->field("tool.z"), "0.05"); });
    check("inertia", [&] { commitInto(w.showInertia()->field("inertia.mass"), "3.5"); });
    check("drives", [&] { commitInto(w.showDrives()->field("links[0].drive.gear_ratio"), "70"); });
    check("controller gain", [&] { commitInto(w.showController()->field("controller.gains[1].kg"), "1234"); });
    check("controller type", [&] { w.showController()->typeCombo()->setCurrentIndex(1); });
    check("constraints", [&] { w.showConstraints()->modeCombo(2)->setCurrentIndex(1); });
    TrajectoryPointsDialog* t = w.showTrajectoryPoints();
    check("trajectory cell", [&] { t->setCell(1, 2, "0.3"); });
    check("trajectory insert", [&] {
      t->table()->selectRow(1);
      t->insertPoint();
    });
    check("trajectory move", [&] {
      // Two neighbours that differ (the inserted point may repeat its neighbour).
      const auto& points = doc->task().points;
      int r = 0;
      while (r + 2 < static_cast<int>(points.size()) && points[r].position == points[r + 1].position) ++r;
      t->table()->selectRow(r);
      t->movePoint(1);
    });
    check("trajectory delete", [&] {
      t->table()->selectRow(2);
      t->deletePoint();
    });
    // Link dimensions on a robot whose links are hollow bars (Vora's RRR; the PUMA's links carry
    // explicit inertias).
    w.close();
    MainWindow v;
    QVERIFY(openLibrary(v, "vora_rrr_weld_seam.yaml"));
    Document* vdoc = v.document();
    const std::string before = sessionToYaml(vdoc->session());
    commitInto(v.showLinkDimensions()->field("links[1].bar.density"), "3000");
    const std::string after = sessionToYaml(vdoc->session());
    QVERIFY(after != before);
    vdoc->undoStack()->undo();
    QVERIFY(sessionToYaml(vdoc->session()) == before);
    vdoc->undoStack()->redo();
    QVERIFY(sessionToYaml(vdoc->session()) == after);
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
  }

  // Issue 11: the arm drawn from its DH geometry: the PUMA's upper arm (link 2) a member of
  // length a2 = 0.4318 m along x, the forearm (link 4) one of d4 = 0.4318 m along its joint's
  // axis, a tool flange; the mass model's bodies only when asked for (View menu), translucent.
  void armDrawnFromItsDhGeometry() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    struct Shapes : osg::NodeVisitor {
      Shapes() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
      void apply(osg::Geode& g) override {
        if (g.getName() == "massBody") ++massBodies;
        if (g.getName() == "toolFlange") ++flanges;
        if (g.getName() != "dhLink") return;
        for (unsigned i = 0; i < g.getNumDrawables(); ++i)
          if (auto* d = dynamic_cast<osg::ShapeDrawable*>(g.getDrawable(i)))
            if (auto* c = dynamic_cast<const osg::Cylinder*>(d->getShape())) {
              lengths.push_back(c->getHeight());
              directions.push_back(c->getRotation() * osg::Vec3(0, 0, 1));
            }
        traverse(g);
      }
      std::vector<float> lengths;
      std::vector<osg::Vec3> directions;
      int massBodies = 0, flanges = 0;
    };
    Shapes shapes;
    w.viewport()->scene().root()->accept(shapes);
    int along = 0;
    for (std::size_t i = 0; i < shapes.lengths.size(); ++i)
      if (std::abs(shapes.lengths[i] - 0.4318f) < 1e-5f) ++along;
    QVERIFY2(along >= 2, qPrintable(QString("%1 members of 0.4318 m").arg(along)));  // a2 and d4 (ghosts repeat them)
    QVERIFY(shapes.flanges >= 1);
    QCOMPARE(shapes.massBodies, 0);
    ViewSettings withBodies = w.viewSettings();
    withBodies.showMassBodies = true;
    w.setViewSettings(withBodies);
    Shapes again;
    w.viewport()->scene().root()->accept(again);
    QCOMPARE(again.massBodies, w.document()->robot().dof());
    withBodies.showMassBodies = false;  // the setting is kept in QSettings: leave the default
    w.setViewSettings(withBodies);
  }

  // Links without bar geometry (the PUMAs) are drawn as their equivalent boxes; the plots'
  // legends sit beside the axes and the four time axes line up; SVG export writes vector plots.
  void pumaBoxesLegendsAndSvg() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    ViewSettings withBodies = w.viewSettings();
    withBodies.showMassBodies = true;  // the mass model's bodies over the DH drawing
    w.setViewSettings(withBodies);
    // The scene holds a box with link 4's equivalent sides (0.82 kg; 0.13 x 0.098 x 0.098 m,
    // within the viewport's smallest and largest sides, so neither clamped nor capped).
    const EquivalentBox expected = equivalentBox(bareLinkInertial(w.document()->robot().links[3]), 1e-3);
    QVERIFY(!expected.clamped && !expected.capped);
    struct Boxes : osg::NodeVisitor {
      Boxes() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
      void apply(osg::Geode& g) override {
        for (unsigned i = 0; i < g.getNumDrawables(); ++i)
          if (auto* d = dynamic_cast<osg::ShapeDrawable*>(g.getDrawable(i)))
            if (auto* b = dynamic_cast<const osg::Box*>(d->getShape())) sizes.push_back(b->getHalfLengths() * 2.0f);
      }
      std::vector<osg::Vec3> sizes;
    } boxes;
    w.viewport()->scene().root()->accept(boxes);
    bool found = false;
    for (const osg::Vec3& v : boxes.sizes)
      found = found || (std::abs(v.x() - expected.sides.x()) < 1e-6 && std::abs(v.y() - expected.sides.y()) < 1e-6 &&
                        std::abs(v.z() - expected.sides.z()) < 1e-6);
    QVERIFY2(found, qPrintable(QString("%1 boxes").arg(boxes.sizes.size())));
    withBodies.showMassBodies = false;  // the setting is kept in QSettings: leave the default
    w.setViewSettings(withBodies);

    int left = -1;
    for (Quantity q : {Quantity::Position, Quantity::Velocity, Quantity::Acceleration, Quantity::Force}) {
      QCustomPlot* p = w.plots()->plot(q);
      QVERIFY(!p->axisRect()->rect().intersects(p->legend->outerRect()));
      if (left < 0) left = p->axisRect()->rect().left();
      QCOMPARE(p->axisRect()->rect().left(), left);
    }
#ifdef ARMDYN_HAVE_QT_SVG
    QVERIFY(PlotPanel::exportFormats().contains("svg"));
    const QString svg = kArtifacts + "/plots.svg";
    QFile::remove(svg);
    QString error;
    QVERIFY2(w.exportPlots(svg, &error), qPrintable(error));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Time (s)") && text.contains("Position (rad)"));  // axis titles as text
    QVERIFY(text.contains("<polyline") || text.contains("<path"));  // curves as vectors
#else
    QFAIL("Qt Svg not found at configure time (install qt6-svg-dev)");
#endif
  }

  // Issue 11: teach mode records the pose into the task. Insert after the selected point (the
  // point box, default the last; the trajectory dialog's row while it is open) and replace:
  // the point is the forward kinematics of the teach joints (1e-12), one undo step each, and
  // undo restores the task exactly.
  void teachRecordsPoseIntoTheTask() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    w.setTeachMode(true);
    QTest::qWait(20);
    TeachPanel* t = w.teach();
    const TaskSpec original = w.document()->task();
    const int n = original.pointCount();
    QVERIFY(n >= 2);
    QVERIFY(original.jointPoints.rows() == 0);  // a task of tool poses
    const auto sameTask = [](const TaskSpec& a, const TaskSpec& b) {
      if (a.points.size() != b.points.size() || a.durations != b.durations || a.sourceFile != b.sourceFile ||
          a.lines != b.lines || a.configurationLine != b.configurationLine || a.jointPointLines != b.jointPointLines ||
          a.jointPoints.rows() != b.jointPoints.rows() || a.jointPoints.cols() != b.jointPoints.cols() ||
          a.jointPoints != b.jointPoints)
        return false;
      for (std::size_t k = 0; k < a.points.size(); ++k) {
        if (a.points[k].position != b.points[k].position || a.points[k].rpy != b.points[k].rpy ||
            a.points[k].radius != b.points[k].radius || a.points[k].sourceLine != b.points[k].sourceLine)
          return false;
      }
      return true;
    };
    const auto fk = [&](const Eigen::VectorXd& q) { return xyzRpyFromPose(toolPose(Model(w.document()->robot()), q)); };
    auto* undo = w.document()->undoStack();
    const int steps = undo->count();

    // Default: after the last point.
    QCOMPARE(t->pointBox()->value(), n);
    QCOMPARE(t->selectedPoint(), n - 1);
    t->setJoints(Eigen::Vector3d(0.3, -0.6, 0.9));
    const Eigen::VectorXd q1 = t->joints();
    QTest::mouseClick(t->insertButton(), Qt::LeftButton);
    QCOMPARE(w.document()->task().pointCount(), n + 1);
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Record pose as point %1").arg(n + 1));
    const TaskPoint& recorded = w.document()->task().points[static_cast<std::size_t>(n)];
    const Vector6d pose1 = fk(q1);
    QVERIFY((recorded.position - pose1.head<3>()).cwiseAbs().maxCoeff() <= 1e-12);
    QVERIFY((recorded.rpy - pose1.tail<3>()).cwiseAbs().maxCoeff() <= 1e-12);
    for (int k = 0; k < n; ++k) QCOMPARE(w.document()->task().points[k].position, original.points[k].position);
    QCOMPARE(t->pointBox()->value(), n + 1);  // the next insert goes after the recorded point
    QVERIFY(waitForRun(w));
    undo->undo();
    QVERIFY(sameTask(w.document()->task(), original));
    QCOMPARE(undo->index(), steps);
    QCOMPARE(t->pointBox()->value(), n);
    QVERIFY(waitForRun(w));

    // Replace point 2: only that point changes, one step, undo restores.
    t->pointBox()->setValue(2);
    t->setJoints(Eigen::Vector3d(-0.2, -0.4, 0.7));
    const Eigen::VectorXd q2 = t->joints();
    QTest::mouseClick(t->replaceButton(), Qt::LeftButton);
    const TaskSpec replaced = w.document()->task();
    QCOMPARE(replaced.pointCount(), n);
    QCOMPARE(undo->index(), steps + 1);
    const Vector6d pose2 = fk(q2);
    QVERIFY((replaced.points[1].position - pose2.head<3>()).cwiseAbs().maxCoeff() <= 1e-12);
    QVERIFY((replaced.points[1].rpy - pose2.tail<3>()).cwiseAbs().maxCoeff() <= 1e-12);
    for (int k = 0; k < n; ++k) {
      if (k == 1) continue;
      QCOMPARE(replaced.points[k].position, original.points[k].position);
      QCOMPARE(replaced.points[k].rpy, original.points[k].rpy);
    }
    QCOMPARE(replaced.durations, original.durations);
    QVERIFY(waitForRun(w));
    undo->undo();
    QVERIFY(sameTask(w.document()->task(), original));
    QVERIFY(waitForRun(w));

    // The keyboard shortcut (Ctrl+R) records too.
    w.activateWindow();
    if (QTest::qWaitForWindowActive(&w)) {
      QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
      QCOMPARE(w.document()->task().pointCount(), n + 1);
      undo->undo();
      QVERIFY(sameTask(w.document()->task(), original));
      QVERIFY(waitForRun(w));
    }

    // With the trajectory dialog open, its selected row is the selected point; the recorded
    // point becomes the selected row.
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    d->table()->selectRow(0);
    QCOMPARE(t->selectedPoint(), 0);
    QVERIFY(t->recordPose(false));
    QCOMPARE(w.document()->task().pointCount(), n + 1);
    QVERIFY((w.document()->task().points[1].position - fk(t->joints()).head<3>()).cwiseAbs().maxCoeff() <= 1e-12);
    QCOMPARE(w.document()->task().points[0].position, original.points[0].position);
    QCOMPARE(d->table()->currentRow(), 1);
    d->close();
    QVERIFY(waitForRun(w));
    undo->undo();
    QVERIFY(sameTask(w.document()->task(), original));
    QVERIFY(waitForRun(w));

    // A joint-space task gets the joint values as written (degrees).
    w.document()->edit(jointSweepTask(w.document()->robot()), "joint sweep");
    QVERIFY(waitForRun(w));
    const TaskSpec sweep = w.document()->task();
    t->setJoints(Eigen::Vector3d(0.25, -0.5, 0.75));
    t->pointBox()->setValue(t->pointBox()->maximum());  // after the last point
    QVERIFY(t->recordPose(false));
    const Eigen::MatrixXd& jp = w.document()->task().jointPoints;
    QCOMPARE(jp.rows(), sweep.jointPoints.rows() + 1);
    for (int i = 0; i < 3; ++i) {
      QVERIFY2(std::abs(jp(jp.rows() - 1, i) - t->joints()(i) * 180.0 / M_PI) <= 1e-12,
               qPrintable(QStringLiteral("joint %1: %2 deg recorded, teach joint %3 rad")
                              .arg(i + 1)
                              .arg(jp(jp.rows() - 1, i), 0, 'g', 17)
                              .arg(t->joints()(i), 0, 'g', 17)));
    }
    QVERIFY(waitForRun(w));
    undo->undo();
    QVERIFY(sameTask(w.document()->task(), sweep));
    QVERIFY(waitForRun(w));
    saveArtifact(w, "teach_record");
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
    QCOMPARE(table->item(1, 2)->foreground().color(), QColor(0xb0, 0x00, 0x20));

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
    QCOMPARE(table->item(1, 2)->foreground().color(), QColor(0x1b, 0x7f, 0x3b));
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

  // ---- Issue 11 #12, #13, #16 and Paul's plan explained ----

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
      QVERIFY(screen.contains(w.geometry()));
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

  // Issue 10 item 3: the task's tool load. A force typed in the dialog is one undoable edit;
  // the forces shown are the core's simulation of the edited task, exactly, and differ from the
  // unloaded ones by J^T W (Jacobian of the core) at every sample; refusals speak the field's
  // words; the axes and a CSV profile are undoable edits too, a bad CSV changes nothing; the 3D
  // view draws the force at the tool.
  void toolWrenchDialogEditsTheTaskLoad() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const RunRecord before = w.result()->record;
    QVERIFY(!w.document()->task().wrench.has_value());
    QCOMPARE(w.viewport()->scene().wrenchArrow()->getNodeMask(), 0u);
    QUndoStack* undo = w.document()->undoStack();
    const int steps = undo->count();

    ToolWrenchDialog* d = w.showToolWrench();
    QLineEdit* fz = d->field("wrench.force.z");
    QVERIFY(fz != nullptr);
    QCOMPARE(fz->text(), QStringLiteral("0"));
    typeInto(fz, "-20");
    QCOMPARE(undo->count(), steps);  // typing alone commits nothing
    QTest::keyClick(fz, Qt::Key_Return);
    QVERIFY(waitForRun(w));
    QCOMPARE(undo->count(), steps + 1);
    const TaskSpec& task = w.document()->task();
    QVERIFY(task.wrench.has_value() && !task.wrench->isTable() && !task.wrench->inToolAxes());
    QCOMPARE(task.wrench->constantWrench().force.z(), -20.0);
    // The same doubles as the core run directly; J^T W on top of the unloaded forces.
    const Model model(w.document()->robot());
    const RunRecord direct = simulateTask(model, task);
    const RunRecord& shown = w.result()->record;
    QVERIFY(shown.force == direct.force);
    QCOMPARE(shown.force.rows(), before.force.rows());
    double worst = 0.0;
    Eigen::Matrix<double, 6, 1> W;
    W << 0, 0, -20, 0, 0, 0;
    for (Eigen::Index k = 0; k < shown.force.rows(); ++k) {
      const Eigen::VectorXd expected = geometricJacobian(model, shown.q.row(k).transpose()).transpose() * W;
      worst = std::max(worst, (shown.force.row(k).transpose() - before.force.row(k).transpose() - expected).cwiseAbs().maxCoeff());
    }
    QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    QVERIFY(w.viewport()->scene().wrenchArrow()->getNodeMask() != 0u);
    QCOMPARE(static_cast<int>(w.viewport()->scene().wrenchArrow()->getNumChildren()), 1);
    saveArtifact(w, "tool_wrench_arrow");
    QVERIFY(d->grab().save(kArtifacts + "/tool_wrench_dialog.png"));

    // Refusals in the field's words; nothing reaches the session.
    QLineEdit* mx = d->field("wrench.moment.x");
    pasteInto(mx, "abc");
    QVERIFY(d->reasonLabel("wrench.moment.x")->isVisible());
    QVERIFY(d->reasonLabel("wrench.moment.x")->text().contains("not a number"));
    pasteInto(mx, "5e7");
    QVERIFY2(d->reasonLabel("wrench.moment.x")->text().startsWith("Tool moment x (N m): at most"),
             qPrintable(d->reasonLabel("wrench.moment.x")->text()));
    Q_EMIT mx->editingFinished();
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(mx->text(), QStringLiteral("0"));

    // Tool axes: one undo step.
    d->axesCombo()->setCurrentIndex(1);
    Q_EMIT d->axesCombo()->activated(1);
    QVERIFY(waitForRun(w));
    QCOMPARE(undo->count(), steps + 2);
    QVERIFY(w.document()->task().wrench->inToolAxes());

    // A profile over time from a CSV file; a bad one is refused naming its line and column.
    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.csv"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n0,0,0,-5,0,0,0\n");
    bad.close();
    QVERIFY(!d->setProfileFile(dir.filePath("bad.csv")));
    QVERIFY2(d->profileStatus().contains("bad.csv:3: t:"), qPrintable(d->profileStatus()));
    QCOMPARE(undo->count(), steps + 2);
    QFile good(dir.filePath("press.csv"));
    QVERIFY(good.open(QIODevice::WriteOnly));
    good.write("t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n1,0,0,-30,0,0,0\n3,0,0,0,0,0,0\n");
    good.close();
    QVERIFY(d->setProfileFile(dir.filePath("press.csv")));
    QVERIFY(waitForRun(w));
    QCOMPARE(undo->count(), steps + 3);
    QVERIFY(w.document()->task().wrench->isTable());
    QVERIFY(w.document()->task().wrench->inToolAxes());  // the axes in force are kept
    QVERIFY(!fz->isEnabled());
    QVERIFY2(d->profileStatus().startsWith("3 rows"), qPrintable(d->profileStatus()));
    QVERIFY(w.result()->record.force == simulateTask(model, w.document()->task()).force);

    // Undo back to no load: the unloaded forces again, no arrow.
    while (undo->index() > steps) undo->undo();
    QVERIFY(waitForRun(w));
    QVERIFY(!w.document()->task().wrench.has_value());
    QVERIFY(w.result()->record.force == before.force);
    QVERIFY(fz->isEnabled());
    QCOMPARE(fz->text(), QStringLiteral("0"));
    QCOMPARE(w.viewport()->scene().wrenchArrow()->getNodeMask(), 0u);
  }

  // #16: a DH length changed away from the bar's length says that the bar (drawn, and its mass)
  // is separate data, with the bar's length and mass from the spec and the core, and a button to
  // the link dimensions; Undo clears it.
  void linkParametersSayTheBarIsSeparate() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    LinkParametersDialog* d = w.showLinkParameters();
    QTest::qWait(20);
    QVERIFY(d->barHint().isEmpty());
    QVERIFY(d->openDimensionsButton()->isHidden());
    const HollowBar bar = w.document()->robot().links[1].bar;
    commitInto(d->field("links[1].dh.a"), "0.6");
    QCOMPARE(w.document()->robot().links[1].dh.a, 0.6);
    QCOMPARE(w.document()->robot().links[1].bar.outer, bar.outer);  // the bar is as it was
    const QString hint = d->barHint();
    QVERIFY2(hint.contains("link 2") && hint.contains("Change link dimensions") && hint.contains("0.50 m") &&
                 hint.contains(QString::number(hollowBarInertial(bar).mass, 'g', 3) + " kg") && !hint.contains("link 3"),
             qPrintable(hint));
    QVERIFY(d->openDimensionsButton()->isVisible());
    d->openDimensionsButton()->click();
    QTest::qWait(20);
    auto* dims = w.findChild<LinkDimensionsDialog*>();
    QVERIFY(dims && dims->isVisible());
    dims->close();
    w.document()->undoStack()->undo();
    QTest::qWait(20);
    QVERIFY2(d->barHint().isEmpty(), qPrintable(d->barHint()));
    d->close();
  }

  // Paul's plan is explained where the scheme is chosen, with the rest-to-rest schemes one
  // click away (one undoable edit).
  void paulsPlanIsExplainedWithRestToRestChoices() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().scheme, TaskScheme::Paul);
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QTest::qWait(20);
    const QString note = d->schemeNote()->text();
    QVERIFY2(note.contains("starts and ends moving") && note.contains("rest to rest") && note.contains("Cubic") &&
                 note.contains("Quintic"),
             qPrintable(note));
    Q_EMIT d->schemeNote()->linkActivated("quintic");
    QTest::qWait(20);
    QCOMPARE(w.document()->task().scheme, TaskScheme::Quintic);
    QVERIFY(!d->schemeNote()->text().contains("starts and ends moving"));
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->task().scheme, TaskScheme::Paul);
    d->close();
  }

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
    const int undoSteps = w.document()->undoStack()->count();

    // Refused as typed, in the field's words; the value in force stays, leaving restores it.
    typeInto(p->field("edge"), "-1");
    QVERIFY2(p->refusalLabel()->text().contains("Cube edge (m)") && p->refusalLabel()->text().contains("> 0 m"),
             qPrintable(p->refusalLabel()->text()));
    QCOMPARE(p->settings().edge, 0.6);
    pasteInto(p->field("pose_cycles"), "2.5");
    QVERIFY2(p->refusalLabel()->text().contains("Pose cycles: must be a whole number in [2, 1000]"),
             qPrintable(p->refusalLabel()->text()));
    Q_EMIT p->field("pose_cycles")->editingFinished();
    QCOMPARE(p->field("pose_cycles")->text(), QString("30"));
    Q_EMIT p->field("edge")->editingFinished();
    QCOMPARE(p->field("edge")->text(), QString("0.6"));
    QVERIFY(p->refusalLabel()->text().isEmpty());
    pasteInto(p->field("corner_radius"), "200");  // a quarter of 0.6 m is 150 mm
    QVERIFY2(p->refusalLabel()->text().contains("quarter of the edge"), qPrintable(p->refusalLabel()->text()));
    Q_EMIT p->field("corner_radius")->editingFinished();

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

  // The executable's --screenshot flag writes a PNG of the window and exits 0.
  void screenshotFlag() {
    const QString png = kArtifacts + "/studio_screenshot.png";
    QFile::remove(png);
    QProcess p;
    p.start(QStringLiteral(ARMDYN_STUDIO_PATH), {"--screenshot", png, "--after-ms", "100"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    // The viewport was composited: its clear colour (0.93, 0.94, 0.96) fills much of the left
    // half (a grab without the GL framebuffer shows none of it).
    const QRgb clear = qRgb(237, 240, 245);
    int hits = 0;
    for (int y = 100; y < image.height() - 100; y += 4) {
      for (int x = 0; x < image.width() / 2; x += 4) hits += (image.pixel(x, y) & 0xffffff) == (clear & 0xffffff);
    }
    QVERIFY2(hits > 1000, qPrintable(QString::number(hits)));
  }
};

// HOME and the XDG directories under `root` before QApplication reads them (as session_test's
// main does): autosaves, settings and the --screenshot child never touch the real user's files.
void isolate(const QString& root) {
  for (const char* sub : {"data", "config", "cache", "runtime"}) QDir(root).mkpath(sub);
  QFile::setPermissions(root + "/runtime", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  qputenv("HOME", root.toUtf8());
  qputenv("XDG_DATA_HOME", (root + "/data").toUtf8());
  qputenv("XDG_CONFIG_HOME", (root + "/config").toUtf8());
  qputenv("XDG_CACHE_HOME", (root + "/cache").toUtf8());
  qputenv("XDG_RUNTIME_DIR", (root + "/runtime").toUtf8());
}

int main(int argc, char** argv) {
  QTemporaryDir root;
  isolate(root.path());
  QApplication app(argc, argv);
  QApplication::setOrganizationName("armdyn");
  QApplication::setApplicationName("armdyn-studio");
  StudioTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "studio_test.moc"
