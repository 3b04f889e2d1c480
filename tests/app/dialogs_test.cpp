// GUI tests of armdyn-studio, run under Xvfb: the CHANGE dialogs (src/app/dialogs): the field
// commit model, refusals in words, undo and redo of every edit, the drives and tool-load dialogs,
// the trajectory points.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

#include <QAbstractButton>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class DialogsTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

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
    // Refused, then leaving the field (Enter, focus): the value in force and no error on the
    // field; the reason stays on the status line, saying the value in force is kept (as the
    // trajectory dialog's; a walkthrough found it gone on Enter).
    innerY->selectAll();
    QTest::keyClicks(innerY, "-1");
    QVERIFY(reason->isVisible());
    Q_EMIT innerY->editingFinished();
    QVERIFY(!reason->isVisible());
    QVERIFY(innerY->styleSheet().isEmpty());
    const QString kept = d->findChild<QLabel*>("fieldStatus")->text();
    QVERIFY2(kept.contains("negative") && kept.endsWith("(the value in force is kept)"), qPrintable(kept));
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
    QVERIFY(d->findChild<QLabel*>("fieldStatus")->text().isEmpty());
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
    // Ctrl+Z and Ctrl+Shift+Z with the dialog active (issue 22: they did nothing there), the
    // focus on its buttons rather than in a text field.
    d->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(d));
    QWidget* button = d->findChild<QAbstractButton*>();
    QVERIFY(button);
    button->setFocus();
    QTest::keyClick(button, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(w.document()->robot().links[2].dh.a, a3 + 0.1);
    QTest::keyClick(button, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
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

  // A trajectory-table cell typed key by key (issue 22): refused as typed (red, the reason under
  // the table in the column's words), and after Tab the value in force is back in the cell with
  // the reason kept, the task and the undo stack untouched; a good value then commits once.
  void trajectoryCellsAreCheckedAsTypedAndRestored() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    QUndoStack* undo = w.document()->undoStack();
    const int steps = undo->count();
    const TaskSpec before = w.document()->task();
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QVERIFY(QTest::qWaitForWindowExposed(d));
    QTableWidget* table = d->table();
    // Every header line fits its column at the dialog's size (the three-joint arm's "Roll φ
    // (deg, not used)" was cut on one line).
    for (int c = 0; c < table->columnCount(); ++c) {
      if (table->isColumnHidden(c)) continue;
      for (const QString& line : table->horizontalHeaderItem(c)->text().split('\n')) {
        const int need = table->horizontalHeader()->fontMetrics().horizontalAdvance(line) + 8;
        QVERIFY2(need <= table->horizontalHeader()->sectionSize(c),
                 qPrintable(QString("'%1' needs %2 px, its column has %3").arg(line).arg(need).arg(table->horizontalHeader()->sectionSize(c))));
      }
    }
    QTableWidgetItem* cell = table->item(1, 0);
    const QString inForce = cell->text();
    table->setCurrentItem(cell);
    table->editItem(cell);
    QTest::qWait(20);
    auto* editor = table->findChild<QLineEdit*>("trajectoryCellEditor");
    QVERIFY2(editor != nullptr, "the cell's editor checks what is typed");
    editor->selectAll();
    QTest::keyClicks(editor, "0.3x");
    QVERIFY(!editor->styleSheet().isEmpty());
    QVERIFY2(d->reason()->text().contains("Point 2, X (m)") && d->reason()->text().contains("not a number"),
             qPrintable(d->reason()->text()));
    QTest::keyClick(editor, Qt::Key_Backspace);  // "0.3": accepted as typed
    QVERIFY(editor->styleSheet().isEmpty());
    QVERIFY(d->reason()->text().isEmpty());
    QTest::keyClicks(editor, "e");  // "0.3e": refused again
    QVERIFY(!editor->styleSheet().isEmpty());
    QTest::keyClick(editor, Qt::Key_Tab);
    QTest::qWait(20);
    QCOMPARE(cell->text(), inForce);
    QVERIFY2(d->reason()->text().contains("value in force"), qPrintable(d->reason()->text()));
    QCOMPARE(undo->count(), steps);
    QVERIFY(w.document()->task().points[1].position == before.points[1].position);
    // Escape: the value in force stays, and so does no typed refusal.
    table->setCurrentItem(cell);
    table->editItem(cell);
    QTest::qWait(20);
    editor = table->findChild<QLineEdit*>("trajectoryCellEditor");
    QVERIFY(editor != nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, "abc");
    QVERIFY(d->reason()->text().contains("not a number"));
    QTest::keyClick(editor, Qt::Key_Escape);
    QTest::qWait(20);
    QCOMPARE(cell->text(), inForce);
    QVERIFY2(d->reason()->text().isEmpty(), qPrintable(d->reason()->text()));
    QCOMPARE(undo->count(), steps);
    // A good value: one commit, one undo step.
    d->setCell(1, 0, "0.3");
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(w.document()->task().points[1].position.x(), 0.3);
    QVERIFY(d->reason()->text().isEmpty());
    // A finite number past the core's input limits (1e300 m: it made the 3D view's near and far
    // planes NaN, the view blank): refused with the limit, the value in force kept, no step.
    d->setCell(1, 1, "1e300");
    QVERIFY2(d->reason()->text().contains("Point 2, Y (m)") && d->reason()->text().contains("longer than 100 m"),
             qPrintable(d->reason()->text()));
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(w.document()->task().points[1].position.y(), before.points[1].position.y());
    QVERIFY(table->item(1, 1)->text().toDouble() == before.points[1].position.y());
    d->close();
  }

  // A joint value outside the robot's limits is refused at the cell, by the plan's rule, before it
  // reaches the task (the walkthrough: the UR5's J2 = 1000 deg went into the task and the run
  // failed naming "joint_points[2]"): the reason names the point and the joint, nothing changes.
  void jointPointOutsideTheLimitsIsRefusedAtTheCell() {
    MainWindow w;
    QVERIFY(openLibrary(w, "ur5.yaml"));
    QVERIFY(w.document()->task().jointPoints.rows() >= 2);
    const TaskSpec before = w.document()->task();
    const int steps = w.document()->undoStack()->count();
    TrajectoryPointsDialog* d = w.showTrajectoryPoints();
    QVERIFY(QTest::qWaitForWindowExposed(d));
    d->setCell(1, 1, "1000");
    QVERIFY2(d->reason()->text().startsWith("Point 2") && d->reason()->text().contains("joint 2 at 1000 deg is outside") &&
                 d->reason()->text().contains("value in force"),
             qPrintable(d->reason()->text()));
    QCOMPARE(w.document()->undoStack()->count(), steps);
    QVERIFY(w.document()->task().jointPoints == before.jointPoints);
    QCOMPARE(d->table()->item(1, 1)->text().toDouble(), before.jointPoints(1, 1));
    // Within the limits: taken, one step.
    d->setCell(1, 1, "-100");
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QCOMPARE(w.document()->task().jointPoints(1, 1), -100.0);
    d->close();
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
    const int fieldHeight = d->field("links[0].dh.theta")->height();
    const int headerHeight = d->findChild<QLabel*>("linkHeader_2")->height();
    commitInto(d->field("links[1].dh.a"), "0.6");
    QTest::qWait(50);
    QVERIFY(d->grab().save(kArtifacts + "/link_parameters_bar_note.png"));
    // The note takes room of its own: the fields and the name-over-unit headers keep their
    // height (issue 22: every field shrank to half height and "(deg)" was cut).
    QCOMPARE(d->field("links[0].dh.theta")->height(), fieldHeight);
    QCOMPARE(d->findChild<QLabel*>("linkHeader_2")->height(), headerHeight);
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
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<DialogsTest>(); });
}

#include "dialogs_test.moc"
