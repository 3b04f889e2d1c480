// GUI tests of armdyn-studio, run under Xvfb: the Kinematics tab (kinematics_panel: IK branches,
// maps along the task), the reachable workspace and teach mode (teach_panel: jog, record a pose
// into the task).
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"

#include <QComboBox>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class KinematicsTeachTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

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
    QVERIFY(!t->jog(0, 5.0));  // 5 m in one jog: refused with a reason
    QVERIFY2(t->message()->text().contains("too long for one step"), qPrintable(t->message()->text()));
    // Jogged out along x in 0.5 m steps: the arm stops at the edge of its reach and says so.
    bool stopped = false;
    for (int k = 0; k < 10 && !stopped; ++k) stopped = !t->jog(0, 0.5);
    QVERIFY(stopped);
    QVERIFY2(t->message()->text().contains("reach"), qPrintable(t->message()->text()));
    // A turn on this three-joint arm: refused with why, in a named configuration too.
    const Eigen::VectorXd atEdge = t->joints();
    QVERIFY(!t->jog(3, 0.1));
    QVERIFY2(t->message()->text().contains("cannot set the tool's orientation"), qPrintable(t->message()->text()));
    t->configuration()->setCurrentIndex(t->configuration()->count() - 1);
    QVERIFY(!t->jog(3, 0.1));
    QVERIFY(t->joints() == atEdge);
    t->configuration()->setCurrentIndex(0);
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

  // The walkthrough: the PUMA's joint 3 (limits [-225, 45] deg) at -191.7 deg showed -180.00 deg with
  // its slider at the end, the shown range cut at +-180 deg; a touch would have jumped it 12 deg.
  // Now the box and the slider cover the limits and show the joint's value; typing -200 takes.
  void teachShowsJointValuesPastHalfATurn() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY(waitForRun(w));
    w.setTeachMode(true);
    QTest::qWait(20);
    TeachPanel* t = w.teach();
    const Model model(w.document()->robot());
    const LinkSpec& l3 = model.spec().links[2];
    QVERIFY(l3.qMin < -M_PI);  // the case this checks: a limit past half a turn
    Eigen::VectorXd q = t->joints();
    q(2) = -191.74 * M_PI / 180.0;
    t->setJoints(q);
    QCOMPARE(t->joints()(2), q(2));
    QDoubleSpinBox* box = t->valueBox(2);
    QVERIFY2(std::abs(box->value() + 191.74) < 1e-9, qPrintable(QString::number(box->value())));
    QVERIFY(std::abs(box->minimum() - l3.qMin * 180.0 / M_PI) < 1e-9);
    QVERIFY(std::abs(box->maximum() - l3.qMax * 180.0 / M_PI) < 1e-9);
    QSlider* slider = t->slider(2);
    QCOMPARE(slider->value(), static_cast<int>(std::lround(q(2) / 1e-3)));
    QVERIFY(slider->minimum() < slider->value());
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, "-200");
    QTest::keyClick(box, Qt::Key_Return);
    QVERIFY(std::abs(t->joints()(2) + 200.0 * M_PI / 180.0) < 1e-12);
  }

  // A jog keeps the branch the arm is in by default (the walkthrough: the UR5's first jog of
  // 10 mm along x flipped its wrist, q4 -91.9 -> 96.1 deg, q5 -90 -> 90 deg, to the family's first
  // configuration); a configuration chosen in the box is still solved for.
  void jogKeepsTheArmsConfiguration() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(openLibrary(w, "ur5.yaml"));
    w.setTeachMode(true);
    QTest::qWait(20);
    TeachPanel* t = w.teach();
    const Model model(w.document()->robot());
    Eigen::VectorXd q0(6);
    q0 << 0.4, -1.2, 1.5, -91.88 * M_PI / 180.0, -M_PI / 2.0, 7.79 * M_PI / 180.0;
    t->setJoints(q0);
    QCOMPARE(t->configuration()->currentData().toString(), QString());  // the arm's own, the default
    const Eigen::Matrix4d T0 = toolPose(model, t->joints());
    QVERIFY2(t->jog(0, 0.01), qPrintable(t->message()->text()));
    const Eigen::Matrix4d T1 = toolPose(model, t->joints());
    QVERIFY((T1.block<3, 1>(0, 3) - T0.block<3, 1>(0, 3) - Eigen::Vector3d(0.01, 0, 0)).norm() < 1e-9);
    QVERIFY((T1.block<3, 3>(0, 0) - T0.block<3, 3>(0, 0)).norm() < 1e-9);
    QVERIFY2((t->joints() - q0).cwiseAbs().maxCoeff() < 3.0 * M_PI / 180.0, "no joint jumps");
    // The roll row turns about base z: phi alone changes, by the step.
    const Vector6d before = xyzRpyFromPose(toolPose(model, t->joints()));
    QVERIFY2(t->jog(3, 0.05), qPrintable(t->message()->text()));
    const Vector6d after = xyzRpyFromPose(toolPose(model, t->joints()));
    Vector6d expected = before;
    expected(3) += 0.05;
    QVERIFY((after - expected).cwiseAbs().maxCoeff() < 1e-9);
    // A named configuration: the jog lands in it.
    const int named = t->configuration()->findData(QStringLiteral("front_elbow_up_noflip"));
    QVERIFY(named > 0);
    t->configuration()->setCurrentIndex(named);
    QVERIFY2(t->jog(0, 0.01), qPrintable(t->message()->text()));
    const IkResult check =
        solveInverseKinematics(model, toolPose(model, t->joints()), "front_elbow_up_noflip", t->joints());
    QVERIFY(check.ok);
    QVERIFY((check.q - t->joints()).cwiseAbs().maxCoeff() < 1e-9);
  }

  // The modified marker follows the session in force, not the undo stack's index: view steps
  // (teach drags) between edits leave it alone, in every order of undo, redo, save and merge.
  void viewStepsLeaveTheModifiedMarker() {
    Document d;
    Session s = loadSession(defaultRobotPath());
    d.reset(StudioSession(s), "robot.yaml");
    QList<bool> announced;
    connect(&d, &Document::modifiedChanged, &d, [&](bool m) { announced << m; });
    const auto view = [&] { d.pushViewStep(new QUndoCommand("view")); };
    view();
    QVERIFY(!d.isModified());
    RobotSpec r = d.robot();
    r.dt *= 1.1;
    d.edit(r, "dt");
    QVERIFY(d.isModified());
    view();
    QVERIFY(d.isModified());
    d.undoStack()->undo();  // the view step
    QVERIFY(d.isModified());
    d.undoStack()->undo();  // the edit
    QVERIFY(!d.isModified());
    d.undoStack()->undo();  // the first view step
    QVERIFY(!d.isModified());
    d.undoStack()->redo();
    d.undoStack()->redo();  // the edit again
    QVERIFY(d.isModified());
    d.markSaved("robot.yaml");
    QVERIFY(!d.isModified());
    view();
    QVERIFY(!d.isModified());
    d.undoStack()->undo();
    d.undoStack()->undo();  // before the saved edit
    QVERIFY(d.isModified());
    d.undoStack()->redo();
    QVERIFY(!d.isModified());
    // Typing in one field merges into one step: after a save it does not merge into the saved one.
    RobotSpec typed = d.robot();
    typed.dt *= 1.1;
    d.edit(typed, "dt", "dt-field");
    typed.dt *= 1.1;
    d.edit(typed, "dt", "dt-field");
    QVERIFY(d.isModified());
    d.undoStack()->undo();
    QVERIFY2(!d.isModified(), "one undo step for the merged typing");
    d.reset(StudioSession(s), "robot.yaml");
    QVERIFY(!d.isModified());
    QVERIFY2(announced.isEmpty() || !announced.back(), "the last announcement is 'unmodified'");
    for (int k = 1; k < announced.size(); ++k) QVERIFY2(announced[k] != announced[k - 1], "only changes are announced");
  }

  // Drag-to-jog: in teach mode the PUMA's tool is dragged 10 cm along x by its red arrow with
  // mouse events on the 3D view (the last move at the exact pixel of the point 10 cm on: events
  // carry fractional positions); forward kinematics of the joints reached puts the tool there to
  // 1e-6 m with the same orientation; the drag is one undo step (undo: the start exactly, redo:
  // the end) and leaves the saved document saved. Esc cancels a drag (no step); a joint's ring
  // turns that joint only; a press away from the handles orbits the view as before.
  void dragToJogMovesTheToolAndIsOneUndoStep() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY(waitForRun(w));
    w.setTeachMode(true);
    QTest::qWait(50);
    TeachPanel* t = w.teach();
    Eigen::VectorXd q0(6);
    q0 << 0.3, -0.6, 0.4, 0.5, 0.8, -0.2;
    t->setJoints(q0);
    QVERIFY((t->joints() - q0).norm() == 0.0);
    ArmViewport* v = w.viewport();
    v->grabImage();
    JogHandles& handles = v->scene().jogHandles();
    QVERIFY(handles.visible());
    const Model model(w.document()->robot());
    const Eigen::Matrix4d T0 = toolPose(model, q0);
    QVERIFY((handles.toolOrigin() - T0.block<3, 1>(0, 3)).norm() < 1e-12);
    const int steps = w.document()->undoStack()->count();
    QVERIFY(!w.document()->isModified());

    const auto send = [v](QEvent::Type type, const QPointF& at, Qt::MouseButton button, Qt::MouseButtons held) {
      QMouseEvent e(type, at, v->mapToGlobal(at), button, held, Qt::NoModifier);
      QCoreApplication::sendEvent(v, &e);
    };
    const Eigen::Vector3d grab = handles.arrowPoint(0);
    const std::optional<QPointF> from = v->project(grab), to = v->project(grab + Eigen::Vector3d(0.1, 0, 0));
    QVERIFY(from && to);
    QVERIFY2(QLineF(*from, *to).length() > 20.0, "10 cm along x is visible on screen");
    send(QEvent::MouseButtonPress, *from, Qt::LeftButton, Qt::LeftButton);
    QVERIFY2(v->dragger()->dragging(), "the press on the red arrow starts a drag");
    QVERIFY2(v->scene().interacting(), "the ghosts are left out of the frames while dragging");
    for (int k = 1; k <= 10; ++k) {
      const QPointF at = *from + (*to - *from) * (k / 10.0) + QPointF(0.0, k % 2 ? 3.0 : -3.0) * (k < 10);
      if (k == 1) QTest::qWait(30);  // every update asked for before is drawn
      const quint64 frames = v->frameCount();
      send(QEvent::MouseMove, at, Qt::NoButton, Qt::LeftButton);
      if (k == 1) {
        // The moved arm is drawn at the next pass of the event loop, not after update()'s 5 ms
        // idle delay (the drag latency of issue 22).
        QCoreApplication::processEvents();
        QVERIFY2(v->frameCount() > frames, "a frame at once after a move");
      }
    }
    send(QEvent::MouseButtonRelease, *to, Qt::LeftButton, Qt::NoButton);
    QVERIFY(!v->dragger()->dragging());
    QVERIFY2(!v->scene().interacting(), "the ghosts are back after the drag");
    const Eigen::VectorXd q1 = t->joints();
    const Eigen::Matrix4d T1 = toolPose(model, q1);
    const double error = (T1.block<3, 1>(0, 3) - T0.block<3, 1>(0, 3) - Eigen::Vector3d(0.1, 0, 0)).norm();
    QVERIFY2(error < 1e-6, qPrintable(QString("tool %1 m from 10 cm along x").arg(error)));
    QVERIFY((T1.block<3, 3>(0, 0) - T0.block<3, 3>(0, 0)).norm() < 1e-6);
    QVERIFY2(handles.toolOrigin().isApprox(T1.block<3, 1>(0, 3), 1e-12), "the handle follows the tool");
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QVERIFY2(!w.document()->isModified(), "a drag is view state: the saved file stays saved");
    w.document()->undoStack()->undo();
    QVERIFY((t->joints() - q0).cwiseAbs().maxCoeff() < 1e-12);
    w.document()->undoStack()->redo();
    QVERIFY((t->joints() - q1).cwiseAbs().maxCoeff() < 1e-12);

    // Shift on the blue arrow turns the tool about z through its origin.
    {
      const std::optional<QPointF> z = v->project(handles.arrowPoint(2));
      QVERIFY(z);
      QMouseEvent press(QEvent::MouseButtonPress, *z, v->mapToGlobal(*z), Qt::LeftButton, Qt::LeftButton,
                        Qt::ShiftModifier);
      QCoreApplication::sendEvent(v, &press);
      QVERIFY(v->dragger()->dragging());
      send(QEvent::MouseMove, *z + QPointF(30, 0), Qt::NoButton, Qt::LeftButton);
      send(QEvent::MouseButtonRelease, *z + QPointF(30, 0), Qt::LeftButton, Qt::NoButton);
      const Eigen::Matrix4d T = toolPose(model, t->joints());
      QVERIFY2((T.block<3, 1>(0, 3) - T1.block<3, 1>(0, 3)).norm() < 1e-6, "turned about the tool's origin");
      const Eigen::Matrix3d turn = T.block<3, 3>(0, 0) * T1.block<3, 3>(0, 0).transpose();
      const Eigen::AngleAxisd aa(turn);
      QVERIFY2(aa.angle() > 1e-3 && std::abs(std::abs(aa.axis().z()) - 1.0) < 1e-6, "a turn about base z");
      QCOMPARE(w.document()->undoStack()->count(), steps + 2);
      w.document()->undoStack()->undo();
      QVERIFY((t->joints() - q1).cwiseAbs().maxCoeff() < 1e-12);
    }

    // Esc cancels: the arm back, no undo step.
    const std::optional<QPointF> from2 = v->project(handles.arrowPoint(1));
    QVERIFY(from2);
    send(QEvent::MouseButtonPress, *from2, Qt::LeftButton, Qt::LeftButton);
    QVERIFY(v->dragger()->dragging());
    send(QEvent::MouseMove, *from2 + QPointF(40, 10), Qt::NoButton, Qt::LeftButton);
    QVERIFY((t->joints() - q1).cwiseAbs().maxCoeff() > 1e-6);
    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!v->dragger()->dragging());
    QVERIFY2(!v->scene().interacting(), "the ghosts are back after a cancelled drag");
    QVERIFY((t->joints() - q1).cwiseAbs().maxCoeff() < 1e-12);
    send(QEvent::MouseButtonRelease, *from2 + QPointF(40, 10), Qt::LeftButton, Qt::NoButton);
    QCOMPARE(w.document()->undoStack()->index(), steps + 1);  // the turn undone above, nothing pushed

    // Joint 1's ring: joint 1 alone turns.
    const std::optional<QPointF> ring = v->project(handles.ringPoint(0));
    QVERIFY(ring);
    send(QEvent::MouseButtonPress, *ring, Qt::LeftButton, Qt::LeftButton);
    QVERIFY(v->dragger()->dragging());
    send(QEvent::MouseMove, *ring + QPointF(25, 0), Qt::NoButton, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, *ring + QPointF(25, 0), Qt::LeftButton, Qt::NoButton);
    const Eigen::VectorXd q2 = t->joints();
    QVERIFY(std::abs(q2(0) - q1(0)) > 1e-3);
    QVERIFY((q2.tail(5) - q1.tail(5)).cwiseAbs().maxCoeff() == 0.0);
    QCOMPARE(w.document()->undoStack()->count(), steps + 2);  // the undone turn's redo replaced
    QVERIFY2(t->message()->text().isEmpty(), qPrintable(t->message()->text()));

    // Away from every handle: the view orbits, the arm stays.
    osg::Vec3d eye0, centre0, up0, eye1, centre1, up1;
    v->view(eye0, centre0, up0);
    send(QEvent::MouseButtonPress, QPointF(8, 8), Qt::LeftButton, Qt::LeftButton);
    QVERIFY(!v->dragger()->dragging());
    send(QEvent::MouseMove, QPointF(60, 30), Qt::NoButton, Qt::LeftButton);
    v->grabImage();  // OSG's trackball reads its events at the next frame
    send(QEvent::MouseButtonRelease, QPointF(60, 30), Qt::LeftButton, Qt::NoButton);
    v->grabImage();
    v->view(eye1, centre1, up1);
    QVERIFY2((eye1 - eye0).length() > 1e-3, "the view turned");
    QVERIFY((t->joints() - q2).norm() == 0.0);
    QCOMPARE(w.document()->undoStack()->count(), steps + 2);

    // A robot edit in teach mode moves the handles onto the edited arm at once (a 7-joint arm has
    // seven rings): no grab can reach a ring of the arm before.
    QVERIFY(w.openFile(source("robots/panda.yaml")));
    QCOMPARE(handles.jointCount(), 7);
    QCOMPARE(w.document()->undoStack()->count(), 0);
    QVERIFY(!w.document()->isModified());
    saveArtifact(w, "teach_drag");
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

    // The PUMA's limits reject branches: the reasons in the table's degrees (issue 22: they were
    // in rad), and the tool pose never reads "-0.00".
    QVERIFY(w.openFile(source("robots/puma560.yaml")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QTest::qWait(20);
    QVERIFY2(k->rejectedLabel()->isVisibleTo(k), qPrintable(k->methodLabel()->text()));
    // The note under the table names the joints; each greyed row's status says how far out in
    // degrees, its tooltip the joint's range.
    const QString rejected = k->rejectedLabel()->text();
    QVERIFY2(rejected.contains("leave the limits of joint") && !rejected.contains("rad"), qPrintable(rejected));
    for (int r = 0; r < k->branchCount(); ++r) {
      if (!k->branchRejected(r)) continue;
      const QTableWidgetItem* status = k->table()->item(r, k->table()->columnCount() - 1);
      QVERIFY2(status->text().contains("°") && !status->text().contains("rad") && !status->text().contains("is outside"),
               qPrintable(status->text()));  // brief: the sentence is the tooltip's
      QVERIFY2(status->toolTip().contains("° is outside joint") && !status->toolTip().contains("rad"),
               qPrintable(status->toolTip()));
    }
    for (int r = 0; r < k->branchCount(); ++r)
      for (int c = 1; c < k->table()->columnCount() - 1; ++c)
        QVERIFY2(k->table()->item(r, c)->text() != "-0.00", "a joint value reads -0.00");
    QVERIFY2(!k->findChild<QLabel*>("kinematicsPose") || !k->findChild<QLabel*>("kinematicsPose")->text().contains("-0.00"),
             "a tool pose reads -0.00");

    // At a singular pose (q5 = 0: axes 4 and 6 on one line) the branch through the current joints
    // is a continuum: its status names the free joint, the tooltip says it in full; the other
    // branches (q5 != 0) are isolated. The core flags the same solutions (IkCandidate::fromSeed).
    {
      const Model puma(w.document()->robot());
      Eigen::VectorXd q(6);
      q << 0.0, 0.8, -3.0, 0.5, 0.0, 0.3;
      k->setJoints(q, "singular test pose");
      QTest::qWait(20);
      const ClosedFormIk core = closedFormInverseKinematics(puma, toolPose(puma, q), q);
      int flagged = 0, shown = 0;
      for (const IkCandidate& c : core.solutions) flagged += c.fromSeed != 0;
      for (int r = 0; r < k->branchCount(); ++r) {
        const QTableWidgetItem* status = k->table()->item(r, k->table()->columnCount() - 1);
        if (!status->text().contains("q4 free")) continue;
        ++shown;
        QVERIFY2(std::abs(k->branch(r)(4)) < 1e-9, qPrintable(k->branchName(r)));
        QVERIFY2(status->toolTip().contains("continuum of solutions; q4 can take any value"), qPrintable(status->toolTip()));
      }
      QVERIFY(flagged >= 1);
      QCOMPARE(shown, flagged);
      saveArtifact(w, "kinematics_panel_continuum");
    }

    // A planar two-link arm has no closed form: one damped-least-squares solution, said so.
    w.newSession(NewRobotDialog::blankSession(2));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    QCOMPARE(k->branchCount(), 1);
    QVERIFY2(k->methodLabel()->text().contains("damped-least-squares"), qPrintable(k->methodLabel()->text()));
    QVERIFY(k->value("detJ11")->text().contains("no spherical wrist"));
  }

  // A seven-joint arm (the library's Franka Panda): the branches with joint 7 held at its
  // current value, the self-motion plot with one curve per branch, each point on the tool pose
  // (core forward kinematics); a click on a curve shows the arm there, at the same tool pose.
  void kinematicsPanelSevenJoints() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(robotsDirectory() + "/panda.yaml")));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    w.tabs()->setCurrentWidget(w.kinematics());
    QTest::qWait(20);
    KinematicsPanel* k = w.kinematics();
    QCOMPARE(k->freeJoint(), 6);
    QVERIFY2(k->methodLabel()->text().contains("joint 7 held"), qPrintable(k->methodLabel()->text()));
    QVERIFY(k->branchCount() >= 1);
    const Model model(w.document()->robot());
    const Eigen::VectorXd shown = w.displayedJoints();
    const Eigen::Matrix4d pose = toolPose(model, shown);
    bool current = false;
    for (int r = 0; r < k->branchCount(); ++r) {
      QCOMPARE(k->branch(r)(6), shown(6));
      QVERIFY((toolPose(model, k->branch(r)) - pose).norm() < 1e-9 || k->branchRejected(r));
      current = current || (k->branch(r) - shown).norm() < 1e-7;
    }
    QVERIFY(current);
    const SelfMotion& sm = k->selfMotionCurves();
    QVERIFY(!sm.curves.empty());
    QVERIFY(k->selfMotionPlot()->isVisible());
    QCOMPARE(k->selfMotionPlot()->graphCount(), static_cast<int>(sm.curves.size()) + 1);  // + the ring
    for (const SelfMotionCurve& c : sm.curves)
      for (const Eigen::VectorXd& q : c.q) QVERIFY((toolPose(model, q) - pose).norm() < 1e-9);
    // A click at the longest curve's middle: the arm moves there, the tool stays.
    const SelfMotionCurve* longest = &sm.curves.front();
    for (const SelfMotionCurve& c : sm.curves)
      if (c.q.size() > longest->q.size()) longest = &c;
    const std::size_t mid = longest->q.size() / 2;
    const Eigen::VectorXd target = longest->q[mid];
    QCustomPlot* plot = k->selfMotionPlot();
    const int joint = k->selfMotionCurves().joint == 0 ? 1 : 0;
    k->setSelfMotionJoint(joint);
    const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(target(6) * 180.0 / M_PI)),
                    static_cast<int>(plot->yAxis->coordToPixel(target(joint) * 180.0 / M_PI)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QVERIFY((toolPose(model, w.displayedJoints()) - pose).norm() < 1e-9);
    QVERIFY2((w.displayedJoints() - shown).norm() > 1e-6 || (target - shown).norm() < 1e-6, "the arm did not move");
    saveArtifact(w, "kinematics_seven_joints");
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
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<KinematicsTeachTest>(); });
}

#include "kinematics_teach_test.moc"
