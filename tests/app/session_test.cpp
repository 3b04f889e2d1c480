// Session tests of armdyn Studio, run under Xvfb in a private HOME and XDG tree (no test reads or
// writes the user's files or another test's): autosave across copies and crashes (a copy of
// this executable is started, edits, autosaves and is killed with SIGKILL), the start-up flow
// of main.cpp (studio_startup.h), the trajectory dialog's edits and failure marking, the dialog
// limits and number display, the viewport's fit and File > New. Expected values come from the
// core called directly, the thesis's figures (Vora RRR: 149 samples) or the files themselves.

#include "arm_viewport.h"
#include "autosave.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "document.h"
#include "io/robot_file.h"
#include "main_window.h"
#include "phase_plane_view.h"
#include "plot_panel.h"
#include "sizing_view.h"
#include "simulation/task_simulation.h"
#include "simulation_runner.h"
#include "studio_startup.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>
#include <QtTest>
#include <cstdio>
#include <optional>

using namespace armdyn;
using namespace armdyn::app;

namespace {

const QString kArtifacts = QStringLiteral(ARMDYN_APP_ARTIFACTS);
const char* kCrashChild = "--crash-child";

// HOME and the XDG directories under `root`; child processes inherit them.
void isolate(const QString& root) {
  for (const char* sub : {"data", "config", "cache", "runtime"}) QDir(root).mkpath(sub);
  QFile::setPermissions(root + "/runtime", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  qputenv("HOME", root.toUtf8());
  qputenv("XDG_DATA_HOME", (root + "/data").toUtf8());
  qputenv("XDG_CONFIG_HOME", (root + "/config").toUtf8());
  qputenv("XDG_CACHE_HOME", (root + "/cache").toUtf8());
  qputenv("XDG_RUNTIME_DIR", (root + "/runtime").toUtf8());
}

// Waits until the newest requested run has reached the views (true) or failed (false).
bool waitForRun(MainWindow& w, int timeoutMs = 20000) {
  QElapsedTimer clock;
  clock.start();
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

// The newest requested run has reached the views (a condition for QTRY_VERIFY).
bool runShown(const MainWindow& w) {
  return !w.runner()->isBusy() && w.result() && w.result()->generation == w.runner()->latestGeneration();
}

// Waits for the newest run to fail; true if it did.
bool waitForFailure(MainWindow& w, int timeoutMs = 20000) {
  QSignalSpy failed(&w, &MainWindow::simulationFailed);
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < timeoutMs) {
    if (!failed.isEmpty() && !w.runner()->isBusy()) return true;
    QTest::qWait(5);
  }
  return false;
}

// Pastes a whole value at once (one textEdited), as a user pasting does.
// Pastes and commits (a field applies on Enter, on leaving it, or after a typing pause).
void commitInto(QLineEdit* edit, const QString& text);

void pasteInto(QLineEdit* edit, const QString& text) {
  edit->setFocus();
  edit->setText(text);
  Q_EMIT edit->textEdited(text);
}

void commitInto(QLineEdit* edit, const QString& text) {
  pasteInto(edit, text);
  Q_EMIT edit->editingFinished();
}

// The session files (not locks) in the autosave directory; of one process when pid > 0.
QStringList autosaves(qint64 pid = 0) {
  const QString pattern = pid > 0 ? QStringLiteral("session-%1-*.yaml").arg(pid) : QStringLiteral("session-*.yaml");
  return QDir(Autosave::directory()).entryList({pattern}, QDir::Files, QDir::Name);
}

// Polls until `done` holds (the autosave timer is 3 s).
template <typename F>
bool waitUntil(F done, int timeoutMs = 30000) {
  QElapsedTimer clock;
  clock.start();
  while (clock.elapsed() < timeoutMs) {
    if (done()) return true;
    QTest::qWait(50);
  }
  return done();
}

RestoreQuestion never(int* asked) {
  return [asked](const AutosaveRecovery::Entry&, const QStringList&) {
    ++*asked;
    return false;
  };
}

// The copy that crashes: starts as armdyn-studio does, sets link 2's a to 0.6 in the DH dialog,
// waits for its autosave, says so on stdout and waits to be killed.
int crashChild() {
  MainWindow w;
  w.setInteractive(false);
  w.show();
  int asked = 0;
  startStudio(w, {}, true, never(&asked));
  if (!waitForRun(w, 60000)) return 10;
  LinkParametersDialog* d = w.showLinkParameters();
  commitInto(d->field("links[1].dh.a"), "0.6");
  if (w.document()->robot().links[1].dh.a != 0.6) return 11;
  const qint64 pid = QCoreApplication::applicationPid();
  const bool saved = waitUntil([pid] {
    const QStringList files = autosaves(pid);
    if (files.isEmpty()) return false;
    try {
      return loadSession((Autosave::directory() + "/" + files.front()).toStdString()).robot.links[1].dh.a == 0.6;
    } catch (const std::exception&) {
      return false;
    }
  });
  if (!saved) return 12;
  std::printf("autosaved\n");
  std::fflush(stdout);
  QTest::qWait(120000);  // killed long before
  return 13;
}

}  // namespace

class SessionTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QDir().mkpath(kArtifacts);
    QVERIFY(Autosave::directory().startsWith(qEnvironmentVariable("XDG_DATA_HOME")));
  }

  // Each test starts without autosaves (a failed test may leave its window's file behind).
  void init() {
    QDir dir(Autosave::directory());
    for (const QString& f : dir.entryList(QDir::Files)) dir.remove(f);
  }

  // A copy edits, autosaves and is killed (SIGKILL). While it runs, another copy is not offered
  // its work and a clean exit of that copy leaves it alone; once it is dead, the next start
  // offers it, and the window shows the restored arm, unsaved, with an undo step, simulated.
  void restoresTheAutosaveOfAKilledCopy() {
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {kCrashChild});
    QVERIFY(child.waitForStarted());
    QElapsedTimer clock;
    clock.start();
    QByteArray out;
    while (!out.contains("autosaved") && clock.elapsed() < 120000 && child.state() == QProcess::Running) {
      child.waitForReadyRead(500);
      out += child.readAllStandardOutput();
    }
    QVERIFY2(out.contains("autosaved"), qPrintable(QStringLiteral("child exit %1").arg(child.exitCode())));
    const qint64 childPid = child.processId();  // 0 once it has ended
    const QStringList childFiles = autosaves(childPid);
    QCOMPARE(childFiles.size(), 1);

    {
      // A second copy while the first runs: nothing to offer; its clean exit keeps the file.
      MainWindow second;
      second.setInteractive(false);
      second.show();
      int asked = 0;
      const StartupResult r = startStudio(second, {}, true, never(&asked));
      QCOMPARE(asked, 0);
      QVERIFY(!r.restored);
      QTRY_VERIFY_WITH_TIMEOUT(runShown(second), 60000);
      QCOMPARE(second.result()->samples(), 149);  // Vora's RRR as in table 7.3: not restored
      second.close();
    }
    QCOMPARE(autosaves(childPid), childFiles);

    child.kill();  // SIGKILL: no destructor, the lock file stays with a dead pid
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QCOMPARE(autosaves(childPid), childFiles);

    MainWindow w;
    w.setInteractive(false);
    w.show();
    int asked = 0;
    double offeredA = 0.0;
    const StartupResult r =
        startStudio(w, {}, true, [&](const AutosaveRecovery::Entry& e, const QStringList&) {
          ++asked;
          offeredA = e.session.robot.links[1].dh.a;
          return true;
        });
    QCOMPARE(asked, 1);
    QCOMPARE(offeredA, 0.6);
    QVERIFY(r.restored);
    QVERIFY(r.remaining.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(runShown(w), 60000);
    QCOMPARE(w.document()->robot().links[1].dh.a, 0.6);
    QVERIFY(w.document()->isModified());
    QVERIFY(w.isWindowModified());  // the '*' of the title
    QVERIFY(w.document()->undoStack()->canUndo());
    QVERIFY(w.document()->filePath().isEmpty());  // saving asks where: no file is overwritten
    // The views show the restored arm's run: the core's run of that spec, called directly.
    const RunRecord direct = simulateTask(Model(w.document()->robot()), w.document()->task());
    QCOMPARE(w.result()->samples(), direct.summary.samples);
    for (int j = 0; j < 3; ++j) QCOMPARE(w.result()->record.summary.peakForce(j), direct.summary.peakForce(j));
    // The killed copy's file is gone; the work now lives in this copy's own file.
    QTRY_VERIFY_WITH_TIMEOUT(autosaves(childPid).isEmpty(), 30000);
    const qint64 ownPid = QCoreApplication::applicationPid();
    QTRY_COMPARE_WITH_TIMEOUT(autosaves(ownPid).size(), 1, 30000);  // the autosave timer is 3 s
    const QStringList own = autosaves(ownPid);
    QCOMPARE(loadSession((Autosave::directory() + "/" + own.front()).toStdString()).robot.links[1].dh.a, 0.6);
    // Undo of "Recover autosave" reads unmodified, but no file holds the recovered work: its
    // autosave stays (a review found it removed, the work then nowhere on disk).
    w.document()->undoStack()->undo();
    QVERIFY(!w.document()->isModified());
    QTest::qWait(100);
    QCOMPARE(autosaves(ownPid), own);
    w.close();
    QTRY_VERIFY_WITH_TIMEOUT(autosaves().isEmpty(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(QDir(Autosave::directory()).entryList({"session-*.lock"}, QDir::Files).isEmpty(), 30000);
  }

  // Saved, then an edit undone: the session in force is no longer the saved one, and it is
  // autosaved (the undo's sessionChanged came before the stack's index moved, when the document
  // still read unmodified: nothing was scheduled, the autosave kept the older edit).
  void undoAfterASaveIsAutosaved() {
    const qint64 pid = QCoreApplication::applicationPid();
    MainWindow w;
    w.setInteractive(false);
    w.show();
    int asked = 0;
    startStudio(w, {}, true, never(&asked));
    QVERIFY(waitForRun(w));
    const double original = w.document()->robot().links[1].dh.a;
    RobotSpec edited = w.document()->robot();
    edited.links[1].dh.a = original + 0.05;
    w.document()->edit(edited, "edit a");
    const auto autosavedA = [pid]() -> double {
      const QStringList files = autosaves(pid);
      if (files.size() != 1) return -1.0;
      try {
        return loadSession((Autosave::directory() + "/" + files.front()).toStdString()).robot.links[1].dh.a;
      } catch (const std::exception&) {
        return -1.0;  // being written
      }
    };
    QVERIFY(waitUntil([&] { return autosavedA() == original + 0.05; }));
    w.document()->markSaved(kArtifacts + "/undo_after_save.yaml");  // what File > Save does to the document
    // Saved: nothing to recover, the copy's file goes at once.
    QVERIFY(autosaves(pid).isEmpty());
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->isModified());
    QVERIFY2(waitUntil([&] { return autosavedA() == original; }), "the undone session is autosaved");
    // An edit marked saved before the autosave timer fires (the task a command line opens onto a
    // robot: main.cpp) leaves no file to be offered after a crash.
    w.document()->undoStack()->redo();
    QVERIFY(!w.document()->isModified());
    QVERIFY(autosaves(pid).isEmpty());
    RobotSpec again = w.document()->robot();
    again.links[1].dh.a = original + 0.07;
    w.document()->edit(again, "edit a again");
    w.document()->markSaved(QString());
    QTest::qWait(4000);  // past the 3 s timer
    QVERIFY(autosaves(pid).isEmpty());
    w.close();
  }

  // Copies in one process and a --screenshot run of the real binary: each keeps to its own file.
  void copiesKeepToTheirOwnAutosave() {
    const qint64 pid = QCoreApplication::applicationPid();
    MainWindow a;
    a.setInteractive(false);
    a.show();
    int asked = 0;
    startStudio(a, {}, true, never(&asked));
    QVERIFY(waitForRun(a));
    RobotSpec edited = a.document()->robot();
    edited.links[1].dh.a = 0.55;
    a.document()->edit(edited, "edit a");
    QVERIFY(waitUntil([pid] { return autosaves(pid).size() == 1; }));
    const QStringList fileOfA = autosaves(pid);

    {
      MainWindow b;
      b.setInteractive(false);
      b.show();
      startStudio(b, {}, true, never(&asked));
      QCOMPARE(asked, 0);  // a's file belongs to a running copy
      QVERIFY(waitForRun(b));
      RobotSpec other = b.document()->robot();
      other.links[2].dh.a = 0.45;
      b.document()->edit(other, "edit b");
      QVERIFY(waitUntil([pid] { return autosaves(pid).size() == 2; }));
      b.close();
    }
    QCOMPARE(autosaves(), fileOfA);

    // A --screenshot run: no recovery offered, no autosave written, nothing of a's deleted.
    const QStringList before = QDir(Autosave::directory()).entryList(QDir::Files, QDir::Name);
    const QString png = kArtifacts + "/session_screenshot.png";
    QProcess shot;
    shot.start(QStringLiteral(ARMDYN_STUDIO_PATH), {"--screenshot", png, "--after-ms", "100"});
    QVERIFY(shot.waitForFinished(60000));
    QCOMPARE(shot.exitCode(), 0);
    QCOMPARE(QDir(Autosave::directory()).entryList(QDir::Files, QDir::Name), before);

    a.close();
    QVERIFY(autosaves().isEmpty());
  }

  // Declined: the crash file is deleted and the command line's file opens. Restored: it wins
  // over the command line's files, which are not opened.
  void declinedIsDeletedRestoredWinsOverFiles() {
    auto crashFile = [] {
      Session s = loadSession(defaultRobotPath());
      s.robot.links[1].dh.a = 0.6;
      Autosave crashed;
      crashed.begin();
      crashed.schedule(s);
      crashed.writeNow();
      // Destroyed without finish(): the lock goes, the session stays, as after a crash.
    };
    const QString stanford = QString::fromStdString(robotsDirectory() + "/stanford_rrprrr.yaml");
    const std::string stanfordName = loadSession(stanford.toStdString()).robot.name;

    crashFile();
    QCOMPARE(autosaves().size(), 1);
    {
      MainWindow w;
      w.setInteractive(false);
      w.show();
      int asked = 0;
      const StartupResult r = startStudio(w, {stanford}, true, never(&asked));
      QCOMPARE(asked, 1);
      QVERIFY(!r.restored);
      QVERIFY(r.error.isEmpty());
      QCOMPARE(w.document()->robot().name, stanfordName);
      QVERIFY(!w.document()->isModified());
      QTRY_COMPARE_WITH_TIMEOUT(autosaves().size(), 0, 30000);
      w.close();
    }

    crashFile();
    {
      MainWindow w;
      w.setInteractive(false);
      w.show();
      QStringList offeredFiles;
      const StartupResult r = startStudio(w, {stanford, stanford}, true,
                                          [&](const AutosaveRecovery::Entry&, const QStringList& files) {
                                            offeredFiles = files;
                                            return true;
                                          });
      QVERIFY(r.restored);
      QCOMPARE(offeredFiles, QStringList({stanford, stanford}));  // the question names them
      QVERIFY(r.remaining.isEmpty());
      QTRY_VERIFY_WITH_TIMEOUT(runShown(w), 60000);
      QCOMPARE(w.document()->robot().links[1].dh.a, 0.6);
      QVERIFY(w.document()->robot().name != stanfordName);
      w.close();
    }
    QTRY_VERIFY_WITH_TIMEOUT(autosaves().isEmpty(), 30000);
  }

  // After an edit in the trajectory dialog, the task no longer matches its file: messages name
  // the point, not "vora_rrr_weld_seam.yaml:10" (a line that holds other numbers).
  void editedTaskErrorsNameThePointNotTheFile() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QVERIFY(!w.document()->task().sourceFile.empty());  // read from its file
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    d->setCell(2, 0, "3");  // point 3 at x = 3 m: the RRR reaches 1 m
    QVERIFY(waitForFailure(w));
    QCOMPARE(w.unreachablePoint(), 2);
    QVERIFY2(!w.problemText().contains(".yaml"), qPrintable(w.problemText()));
    QVERIFY2(w.problemText().contains("Point 3 at (3, 0.1, -0.4) m cannot be reached: too far"),
             qPrintable(w.problemText()));
    QVERIFY(w.document()->task().sourceFile.empty());
    for (const TaskPoint& p : w.document()->task().points) QCOMPARE(p.sourceLine, 0);
    // Moving and inserting points detach them too; so does deleting down to one point, whose
    // error then names no file.
    d->table()->selectRow(0);
    d->movePoint(1);
    d->insertPoint();
    for (const TaskPoint& p : w.document()->task().points) QCOMPARE(p.sourceLine, 0);
    while (w.document()->task().points.size() > 1) {
      d->table()->selectRow(0);
      d->deletePoint();
    }
    QVERIFY(waitForFailure(w));
    QVERIFY2(w.problemText().contains("at least two points"), qPrintable(w.problemText()));
    QVERIFY2(!w.problemText().contains(".yaml"), qPrintable(w.problemText()));
  }

  // The dialog marks the point the run could not reach and why, and clears it after a good
  // run; a dialog opened after the failure marks it at once.
  void trajectoryDialogMarksTheUnreachablePoint() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    const QBrush normal = d->table()->item(2, 0)->background();
    d->setCell(2, 0, "3");
    QVERIFY(waitForFailure(w));
    QCOMPARE(d->markedPoint(), 2);
    for (int c = 0; c < 6; ++c) QVERIFY(d->table()->item(2, c)->background() != normal);
    QVERIFY(d->table()->item(1, 0)->background() == normal);
    QVERIFY2(d->reason()->text().contains("Point 3 at (3, 0.1, -0.4) m cannot be reached"), qPrintable(d->reason()->text()));
    QVERIFY(d->table()->verticalHeaderItem(2)->text() != QStringLiteral("Point 3"));
    QTest::qWait(50);
    QVERIFY(d->grab().save(kArtifacts + "/trajectory_unreachable_marked.png"));

    d = w.showTrajectoryPoints();  // opened again, after the failure
    QCOMPARE(d->markedPoint(), 2);
    QVERIFY(d->table()->item(2, 0)->background() != normal);

    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(d->markedPoint(), -1);
    QVERIFY(d->table()->item(2, 0)->background() == normal);
    QVERIFY(d->reason()->text().isEmpty());
    QCOMPARE(d->table()->verticalHeaderItem(2)->text(), QStringLiteral("Point 3"));
  }

  // Typing a configuration is not an edit; Enter commits it as one undo step, and only a
  // configuration of the family (kinematics/inverse_kinematics.h) is accepted.
  void configurationCommitsOnceAndOnlyKnownNames() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QLineEdit* text = d->configuration()->lineEdit();
    const int steps = w.document()->undoStack()->count();
    const std::string initial = w.document()->task().configuration;  // the file's "elbow_up"
    QCOMPARE(initial, std::string("elbow_up"));
    const quint64 generation = w.runner()->latestGeneration();
    text->setFocus();
    text->selectAll();
    QTest::keyClicks(text, "elbow_down");
    QCOMPARE(w.document()->undoStack()->count(), steps);
    QCOMPARE(w.runner()->latestGeneration(), generation);  // no run per keystroke
    QCOMPARE(w.document()->task().configuration, initial);
    const QPointer<TrajectoryPointsDialog> alive(d);
    QTest::keyClick(text, Qt::Key_Return);
    QVERIFY(alive && d->isVisible());  // Enter commits; it does not close the dialog
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QCOMPARE(w.document()->task().configuration, std::string("elbow_down"));
    QVERIFY(waitForRun(w));
    // The elbow-down solution: the third joint's sign flips against elbow up (negative q3 at
    // every point of the thesis's run).
    QVERIFY(w.result()->record.plan.pointJoints(0, 2) > 0.0);

    text->selectAll();
    QTest::keyClicks(text, "sideways");
    QTest::keyClick(text, Qt::Key_Return);
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QCOMPARE(w.document()->task().configuration, std::string("elbow_down"));
    QVERIFY2(d->reason()->text().contains("not a configuration"), qPrintable(d->reason()->text()));
    QCOMPARE(d->configuration()->count(), 5);  // "", the RRR's four: nothing inserted
  }

  // Fields show 12 significant digits; a field the user does not type in keeps its exact value.
  void fieldsShowNoFloatNoiseAndKeepExactValues() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    RobotSpec r = w.document()->robot();
    const double noisy = 0.4674000000000005;  // the audit's value: 0.4674 plus 5 ulp
    r.links[1].dh.a = noisy;
    r.links[1].bar.centre.x() = -0.0001762487499999965;
    w.document()->edit(r, "noise");
    LinkParametersDialog* p = w.showLinkParameters();
    QCOMPARE(p->field("links[1].dh.a")->text(), QStringLiteral("0.4674"));
    LinkDimensionsDialog* dims = w.showLinkDimensions();
    QCOMPARE(dims->field("links[1].bar.centre.X")->text(), QStringLiteral("-0.00017624875"));
    commitInto(p->field("links[0].dh.d"), "0.01");
    QCOMPARE(w.document()->robot().links[0].dh.d, 0.01);
    QCOMPARE(w.document()->robot().links[1].dh.a, noisy);  // untouched: not rounded
    QCOMPARE(w.document()->robot().links[1].bar.centre.x(), -0.0001762487499999965);
    // The trajectory table too.
    TaskSpec t = w.document()->task();
    t.points[0].position.x() = 0.1 + 0.2;
    w.document()->edit(t, "noise");
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QCOMPARE(d->table()->item(0, 0)->text(), QStringLiteral("0.3"));
  }

  // Absurd values are refused with the reason beside the field and the session unchanged.
  void dialogLimitsRefuseAbsurdValues() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    SimulationParametersDialog* s = w.showSimulationParameters();
    auto refused = [&](FieldDialog* d, const QString& key, const QString& text, const QString& why) {
      const RobotSpec before = w.document()->robot();
      pasteInto(d->field(key), text);
      const bool unchanged = w.document()->robot().dt == before.dt &&
                             w.document()->robot().links[0].vMax == before.links[0].vMax &&
                             w.document()->robot().links[1].bar.density == before.links[1].bar.density &&
                             w.document()->robot().links[1].bar.centre == before.links[1].bar.centre;
      const bool shown = !d->reasonLabel(key)->isHidden();
      const QString reason = d->reasonLabel(key)->text();
      Q_EMIT d->field(key)->editingFinished();  // leaving restores the value in force
      if (!unchanged || !shown || !reason.contains(why)) {
        qWarning("%s = %s: %s", qPrintable(key), qPrintable(text), qPrintable(reason));
        return false;
      }
      return true;
    };
    // The thesis's weld seam lasts 3.7230 s (table 7.3: 149 samples of 0.025 s): DT = 100 s is
    // longer than the motion, DT = 1e-5 s gives ceil(3.723 / 1e-5) = 372300 samples > 200000.
    QVERIFY(refused(s, "dt", "100", "longer than the whole"));
    QVERIFY(refused(s, "dt", "1e-05", "3.72e+05 samples"));
    QVERIFY(refused(s, "links[0].vmax", "1e9", "faster"));
    commitInto(s->field("dt"), "0.01");
    QCOMPARE(w.document()->robot().dt, 0.01);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->samples(), 373);  // ceil(3.723 / 0.01)
    LinkDimensionsDialog* d = w.showLinkDimensions();
    QVERIFY(refused(d, "links[1].bar.density", "1e12", "denser"));
    QVERIFY(refused(d, "links[1].bar.centre.X", "500", "longer than 100 m"));
    QCOMPARE(d->field("links[1].bar.density")->text(), QStringLiteral("2460"));
  }

  // The payload in the tool dialog: in the model the next run uses (the last link heavier),
  // refused when negative or not a physical inertia (the session unchanged), one undo step.
  void toolDialogEditsThePayload() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const int n = w.result()->model->dof();
    const double bare = w.result()->model->inertial(n - 1).mass;
    FieldDialog* d = w.showTool();
    QCOMPARE(d->field("payload.mass")->text(), QStringLiteral("0"));
    commitInto(d->field("payload.mass"), "2.5");
    QVERIFY(waitForRun(w));
    QVERIFY(w.document()->robot().payload.has_value());
    QCOMPARE(w.result()->model->inertial(n - 1).mass, bare + 2.5);
    pasteInto(d->field("payload.mass"), "-1");
    QVERIFY(!d->reasonLabel("payload.mass")->isHidden());
    QCOMPARE(w.document()->robot().payload->mass, 2.5);
    Q_EMIT d->field("payload.mass")->editingFinished();
    // Ixx = 1 with Iyy = Izz = 0 breaks the triangle inequality.
    pasteInto(d->field("payload.tensor.xx"), "1");
    QVERIFY(!d->reasonLabel("payload.tensor.xx")->isHidden());
    QCOMPARE(w.document()->robot().payload->inertiaCom(0, 0), 0.0);
    Q_EMIT d->field("payload.tensor.xx")->editingFinished();
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->model->inertial(n - 1).mass, bare);
  }

  // Fit frames the scene from where the user looks (orientation kept), not from the iso view.
  void fitKeepsTheViewDirection() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    ArmViewport* v = w.viewport();
    for (StandardView view : {StandardView::Side, StandardView::Top, StandardView::Front}) {
      v->setStandardView(view);
      osg::Vec3d eye0, centre0, up0;
      v->view(eye0, centre0, up0);
      v->fitToView();
      osg::Vec3d eye, centre, up;
      v->view(eye, centre, up);
      osg::Vec3d dir0 = eye0 - centre0, dir = eye - centre;
      dir0.normalize();
      dir.normalize();
      // Same direction to rounding (unit vectors: 1e-9 is far above double noise).
      QVERIFY2((dir - dir0).length() < 1e-9, qPrintable(QString::number((dir - dir0).length())));
      const osg::BoundingSphere bound = v->scene().armBound();
      QVERIFY((centre - osg::Vec3d(bound.center())).length() < 1e-9);
      QVERIFY(std::abs((eye - centre).length() - 3.6 * bound.radius()) < 1e-6);
    }
  }

  // File > New offers Vora's RRR first, as the program starts with.
  void newDefaultsToVoraRrr() {
    NewRobotDialog d;
    const Session s = d.session();
    QCOMPARE(s.robot.name, loadSession(defaultRobotPath()).robot.name);
    QCOMPARE(s.robot.family, std::string("rrr"));
  }

  // The trajectory dialog chooses the scheme and edits its parameters: each committed change is
  // one undo step and the run follows it; a refused value never reaches the task.
  void trajectoryDialogChoosesTheSchemeAndItsParameters() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->record.plan.scheme, TaskScheme::Paul);
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QVERIFY(d->parameterField("tacc")->isVisibleTo(d));
    QVERIFY(!d->parameterField("speed")->isVisibleTo(d));
    QVERIFY(d->schemeNote()->text().contains("starts and ends moving"));
    QUndoStack* undo = w.document()->undoStack();
    const int steps = undo->count();

    // Straight lines: speed and path acceleration appear with starting values; the run follows.
    d->chooseScheme(static_cast<int>(TaskScheme::Line));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().scheme, TaskScheme::Line);
    QCOMPARE(w.result()->record.plan.scheme, TaskScheme::Line);
    QVERIFY(w.result()->record.plan.path != nullptr);
    QVERIFY(!w.result()->commandedPath.empty());
    QVERIFY(d->parameterField("speed")->isVisibleTo(d));
    QVERIFY(!d->parameterField("tacc")->isVisibleTo(d));
    QCOMPARE(undo->count(), steps + 1);

    // Typed key by key: refused as typed (red, the reason in the field's words); leaving the
    // field brings the value in force back (not the refused text in red), the reason stays.
    {
      QLineEdit* field = d->parameterField("speed");
      const QString inForce = field->text();
      const double before = w.document()->task().speed;
      field->setFocus();
      field->selectAll();
      QTest::keyClicks(field, "-2");
      QVERIFY2(d->reason()->text().contains("Path speed (m/s)") && d->reason()->text().contains("positive"),
               qPrintable(d->reason()->text()));
      QVERIFY(!field->styleSheet().isEmpty());
      Q_EMIT field->editingFinished();  // what Tab or a click elsewhere does
      QCOMPARE(field->text(), inForce);
      QVERIFY(field->styleSheet().isEmpty());
      QVERIFY2(d->reason()->text().contains("positive") && d->reason()->text().contains("value in force"),
               qPrintable(d->reason()->text()));
      QCOMPARE(w.document()->task().speed, before);
      QCOMPARE(undo->count(), steps + 1);
    }

    // A refused speed: red, a reason, and the task keeps its speed.
    const double speed = w.document()->task().speed;
    d->setParameter("speed", "-1");
    QVERIFY(d->reason()->text().contains("positive"));
    QCOMPARE(w.document()->task().speed, speed);
    QCOMPARE(undo->count(), steps + 1);
    d->setParameter("speed", "0.05");
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().speed, 0.05);
    QVERIFY(d->reason()->text().isEmpty());
    QCOMPARE(undo->count(), steps + 2);

    // LSPB with durations: the wrong count is refused, the right one taken.
    d->chooseScheme(static_cast<int>(TaskScheme::Cubic));
    QVERIFY(waitForRun(w));
    const int segments = static_cast<int>(w.document()->task().points.size()) - 1;
    d->setParameter("durations", "1, 2");
    QVERIFY(d->reason()->text().contains("one duration per segment"));
    QVERIFY(w.document()->task().durations.empty());
    QStringList ds;
    for (int k = 0; k < segments; ++k) ds << "1.5";
    d->setParameter("durations", ds.join(", "));
    QVERIFY(waitForRun(w));
    QCOMPARE(static_cast<int>(w.document()->task().durations.size()), segments);
    QVERIFY(std::abs(w.result()->record.plan.duration() - 1.5 * segments) < 1e-12);
    // Adding a point keeps one duration per segment.
    d->table()->selectRow(0);
    d->addPoint();
    QCOMPARE(w.document()->task().durations.size(), w.document()->task().points.size() - 1);

    // Undo all the way back: Paul's scheme and no parameters, as loaded.
    while (undo->count() > steps && undo->canUndo() && undo->index() > steps) undo->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().scheme, TaskScheme::Paul);
    QVERIFY(w.document()->task().durations.empty());
    QCOMPARE(d->scheme()->currentIndex(), static_cast<int>(TaskScheme::Paul));
  }

  // Opening a robot and then a task for it is not an edit: no previous run is drawn until the
  // user edits; then the run before the edit is.
  void previousRunIsTheRunBeforeAnEditNotAnotherFile() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/craig_one_joint.yaml")));
    QVERIFY(waitForRun(w));
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/craig_quintic.yaml")));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->record.plan.scheme, TaskScheme::Quintic);
    QVERIFY(w.plots()->previousResult() == nullptr);
    const SimulationResultPtr before = w.result();
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    d->setParameter("durations", "2");
    QVERIFY(waitForRun(w));
    QVERIFY(w.plots()->previousResult() == before);
  }

  // Time-optimal timing from the trajectory dialog (one undo step), the Sizing tab's table and
  // checks, the Timing tab's phase plane, the binding limit drawn on the plots, and the sizing
  // report exported as PDF.
  void timeOptimalTimingAndSizingTabs() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/puma560.yaml")));
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/puma560_weld_seam.yaml")));
    QVERIFY(waitForRun(w));
    QVERIFY(!w.result()->record.plan.timeOptimal);
    const double schemeTime = w.result()->record.plan.duration();
    auto* tabs = w.findChild<QTabWidget*>("resultTabs");
    tabs->setCurrentWidget(w.phasePlane());
    QVERIFY(w.phasePlane()->heading()->text().contains("time-optimal"));
    QCOMPARE(w.phasePlane()->plot()->graphCount(), 0);
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    d->chooseTiming(1);
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().timing, TimingMode::TimeOptimal);
    const TaskPlan& plan = w.result()->record.plan;
    QVERIFY(plan.timeOptimal);
    QVERIFY(plan.duration() < schemeTime);
    QCOMPARE(w.phasePlane()->plot()->graphCount(), 4);
    QVERIFY(w.phasePlane()->heading()->text().contains("Phase plane"));
    // The binding limit: velocity stretches on the velocity panel, drive limits on the force panel.
    QVERIFY(w.plots()->bindingStretchCount(static_cast<int>(Quantity::Velocity)) > 0);
    QVERIFY(w.plots()->bindingStretchCount(static_cast<int>(Quantity::Force)) > 0);
    // The Sizing tab: one row per joint, every check of the 40 V supply passing.
    tabs->setCurrentWidget(w.sizing());
    QTableWidget* table = w.sizing()->table();
    QCOMPARE(table->rowCount(), 6);
    QCOMPARE(table->item(0, SizingView::kResultColumn)->text(), QStringLiteral("pass"));
    QVERIFY(table->horizontalHeaderItem(SizingView::kPeakTorqueColumn)->text().contains("N m"));
    w.sizing()->showJoint(1);
    QVERIFY(w.sizing()->plot()->plottableCount() >= 2);  // operating points and the supply lines
    // Dwell edits the cycle: one undo step, refused when negative.
    d->setParameter("dwell", "1.5");
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().dwell, 1.5);
    QVERIFY(std::abs(w.result()->sizing->cycleTime - w.result()->sizing->taskTime - 1.5) < 1e-12);
    d->setParameter("dwell", "-1");
    QCOMPARE(w.document()->task().dwell, 1.5);
    QTemporaryDir dir;
    const QString pdf = dir.filePath("sizing.pdf");
    QString error;
    QVERIFY2(w.sizing()->exportPdf(pdf, &error), qPrintable(error));
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    // The core's report (issue 22), with the Sizing tab's figures: joint 1's peak torque.
    QVERIFY(bytes.contains("(Actuator sizing report) Tj"));
    const double tabPeak = table->item(0, SizingView::kPeakTorqueColumn)->text().toDouble();
    const int row = bytes.indexOf("(1 \\(R\\)) Tj");
    QVERIFY(row > 0);
    const int open = bytes.indexOf("(", bytes.indexOf("Td", row + 10)), close = bytes.indexOf(")", open);
    const double pdfPeak = bytes.mid(open + 1, close - open - 1).toDouble();
    QVERIFY2(std::abs(pdfPeak - tabPeak) <= 5e-3 * std::abs(tabPeak) + 1e-9, qPrintable(QString("%1 vs %2").arg(pdfPeak).arg(tabPeak)));
    // A directory in its place is not replaced.
    QVERIFY(QDir(dir.path()).mkdir("taken.pdf"));
    QVERIFY(!w.sizing()->exportPdf(dir.filePath("taken.pdf"), &error));
    QVERIFY(QFileInfo(dir.filePath("taken.pdf")).isDir());
    // Undo twice: the dwell, then the timing.
    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().timing, TimingMode::Scheme);
    QVERIFY(!w.result()->record.plan.timeOptimal);
  }

  // A task given in joint space shows joint columns in degrees, and a Cartesian scheme is
  // refused for it with the reason.
  void trajectoryDialogShowsJointPoints() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/craig_one_joint.yaml")));
    QVERIFY(waitForRun(w));
    QCOMPARE(w.result()->record.plan.scheme, TaskScheme::Cubic);
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QCOMPARE(d->table()->columnCount(), 1);
    QCOMPARE(d->table()->horizontalHeaderItem(0)->text(), QStringLiteral("J1 (deg)"));
    QCOMPARE(d->table()->item(1, 0)->text(), QStringLiteral("75"));
    d->setCell(1, 0, "90");
    QVERIFY(waitForRun(w));
    QCOMPARE(w.document()->task().jointPoints(1, 0), 90.0);
    QVERIFY(std::abs(w.result()->record.q.bottomRows(1)(0, 0) - M_PI / 2) < 1e-12);
    d->chooseScheme(static_cast<int>(TaskScheme::Line));
    QVERIFY(d->reason()->text().contains("joint values"));
    QCOMPARE(w.document()->task().scheme, TaskScheme::Cubic);
  }
};

int main(int argc, char** argv) {
  const bool child = argc > 1 && qstrcmp(argv[1], kCrashChild) == 0;
  // The parent makes the private tree; the crashing copy inherits it (and, killed, could not
  // remove a directory of its own).
  std::optional<QTemporaryDir> root;
  if (!child) {
    root.emplace();
    isolate(root->path());
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName("armdyn");
  QApplication::setApplicationName("armdyn-studio");
  if (child) return crashChild();
  SessionTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "session_test.moc"
