// Latency and frame-time harness for armdyn-studio (issue 3). Not a test: prints figures.
//   latency_bench [iterations]
// 1. Edit -> refreshed plots: types a value into a field of the real link-dimensions dialog
//    (each keystroke is an edit, as for a user) and measures from the last keystroke until
//    the main window has replotted the result of that edit. RRR weld seam (DT 25 ms), then the
//    6-joint RRRRRR arm on a task stretched to ~10 s at DT = 1 ms (~10 000 samples).
//    Then the six-joint PUMA 560 on its rounded-square line-and-arc path (about 10 s at DT =
//    1 ms), edited as a user would: a new path speed typed into the trajectory dialog, Enter.
// 2. 3D frame time while animating the 6-joint arm with the real playback timer.
// Run under Xvfb: tests/app/run_with_display.sh build/tests/app/latency_bench

#include "arm_viewport.h"
#include "jog_dragger.h"
#include "jog_handles.h"
#include "teach_panel.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "document.h"
#include "io/robot_file.h"
#include "main_window.h"
#include "plot_panel.h"
#include "playback_controller.h"
#include "simulation_runner.h"
#include "sizing_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace armdyn;
using namespace armdyn::app;

namespace {

struct Stats {
  double p50, p95, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double f) { return v[std::min(v.size() - 1, static_cast<size_t>(f * (v.size() - 1) + 0.5))]; };
  return {at(0.5), at(0.95), v.back()};
}

bool waitForLatest(MainWindow& w, QElapsedTimer& clock, double* ms) {
  QElapsedTimer guard;
  guard.start();
  bool done = false;
  const auto c = QObject::connect(&w, &MainWindow::resultApplied, &w, [&](quint64 g) {
    if (g == w.runner()->latestGeneration() && !done) {
      *ms = clock.nsecsElapsed() / 1e6;
      done = true;
    }
  });
  while (!done && guard.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
  QObject::disconnect(c);
  return done;
}

void measureEdits(MainWindow& w, const char* label, int iterations) {
  LinkDimensionsDialog* d = w.showLinkDimensions();
  QLineEdit* density = d->field("links[1].bar.density");
  std::vector<double> latency, compute, keyMs, painted;
  for (int i = 0; i < iterations; ++i) {
    density->setFocus();
    density->selectAll();
    const QString value = QString::number(2400 + (i % 2 == 0 ? 1 : 2) * 10 + i % 7);
    // The value is typed, then committed with Enter (issue 11: a field applies on Enter, on
    // leaving it, or after a typing pause): the latency runs from the Enter key.
    QTest::keyClicks(density, value);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(density, Qt::Key_Return);
    keyMs.push_back(clock.nsecsElapsed() / 1e6);
    double ms = 0;
    if (!waitForLatest(w, clock, &ms)) {
      std::printf("%s: no result (%s)\n", label, qPrintable(w.problemText()));
      return;
    }
    latency.push_back(ms);
    // The refreshed window reaches the screen at the next paint (plots blit their buffers, the
    // viewport draws a GL frame, the window is composited).
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    painted.push_back(clock.nsecsElapsed() / 1e6);
    compute.push_back(w.result()->computeMs);
    // A user types at human speed: let the window settle before the next edit.
    QTest::qWait(150);
  }
  const Stats s = stats(latency);
  const Stats c = stats(compute);
  const Stats p = stats(painted);
  std::printf("%-30s samples %5d\n  edit -> all views refreshed (plots replotted): p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms\n"
              "  edit -> window painted:                        p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms\n"
              "  (keystroke handling p50 %.1f ms, background run p50 %.1f ms)\n",
              label, w.result()->samples(), s.p50, s.p95, s.max, p.p50, p.p95, p.max, stats(keyMs).p50, c.p50);
  d->close();
}

// Edit -> all views refreshed for a Cartesian task: a new path speed committed with Enter in the
// trajectory dialog (the plan, inverse kinematics along the path and the dynamics all re-run).
void measureParameterEdits(MainWindow& w, const char* label, int iterations, const char* key, double base, double step) {
  TrajectoryPointsDialog* d = w.showTrajectoryPoints();
  QLineEdit* speed = d->parameterField(key);
  std::vector<double> latency, compute;
  for (int i = 0; i < iterations; ++i) {
    speed->setFocus();
    speed->selectAll();
    QTest::keyClicks(speed, QString::number(base + step * (i % 5 + 1), 'f', 3));
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(speed, Qt::Key_Return);
    double ms = 0;
    if (!waitForLatest(w, clock, &ms)) {
      std::printf("%s: no result (%s)\n", label, qPrintable(w.problemText()));
      return;
    }
    latency.push_back(ms);
    compute.push_back(w.result()->computeMs);
    QTest::qWait(150);
  }
  const Stats s = stats(latency);
  std::printf("%-30s samples %5d\n  edit -> all views refreshed (plots replotted): p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms\n"
              "  (background run p50 %.1f ms)\n",
              label, w.result()->samples(), s.p50, s.p95, s.max, stats(compute).p50);
  d->close();
}

}  // namespace

// Frame time while animating at 1x: the real playback timer (60 Hz) drives the shared cursor;
// per frame we record the OSG paintGL time and the interval between painted frames.
void measureAnimation(MainWindow& w, const char* label) {
  ArmViewport* v = w.viewport();
  v->setFinishEachFrame(true);
  std::vector<double> paint, interval;
  QElapsedTimer run;
  run.start();
  quint64 seen = v->frameCount();
  double last = -1.0;
  w.playback()->toStart();
  w.playback()->play();
  while (run.elapsed() < 6000) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    if (v->frameCount() != seen) {
      seen = v->frameCount();
      const double now = run.nsecsElapsed() / 1e6;
      paint.push_back(v->lastFrameMs());
      if (last >= 0) interval.push_back(now - last);
      last = now;
    }
  }
  w.playback()->pause();
  const Stats p = stats(paint);
  const Stats i = stats(interval);
  std::printf("3D animation at 1x, %s, viewport %dx%d, %zu frames in 6 s:\n"
              "  OSG frame (paintGL + glFinish) p50 %.2f ms  p95 %.2f ms  max %.2f ms\n"
              "  interval between painted frames p50 %.2f ms  p95 %.2f ms (timer 16 ms)\n",
              label, v->width(), v->height(), paint.size(), p.p50, p.p95, p.max, i.p50, i.p95);
}

// Drag-to-jog (issue 22): the PUMA's tool dragged back and forth along x by its arrow in teach
// mode; per mouse move, the time from the event to the redrawn arm (the viewport's next painted
// frame, glFinish included): the closed-form IK on the branch, the teach panel, the Kinematics
// refresh and the OSG frame.
void measureDrag(MainWindow& w, const char* label, int moves) {
  w.setTeachMode(true);
  QTest::qWait(50);
  Eigen::VectorXd q0(6);
  q0 << 0.3, -0.6, 0.4, 0.5, 0.8, -0.2;
  w.teach()->setJoints(q0);
  ArmViewport* v = w.viewport();
  v->setFinishEachFrame(true);
  QTest::qWait(50);
  JogHandles& handles = v->scene().jogHandles();
  const std::optional<QPointF> from = v->project(handles.arrowPoint(0));
  const std::optional<QPointF> to = v->project(handles.arrowPoint(0) + Eigen::Vector3d(0.1, 0, 0));
  if (!from || !to) {
    std::printf("%s: the handle is not on screen\n", label);
    return;
  }
  const auto send = [v](QEvent::Type type, const QPointF& at, Qt::MouseButton button, Qt::MouseButtons held) {
    QMouseEvent e(type, at, v->mapToGlobal(at), button, held, Qt::NoModifier);
    QCoreApplication::sendEvent(v, &e);
  };
  if (qEnvironmentVariableIsSet("ARMDYN_FRAME_PROBE")) {
    const auto frames = [v] {  // 40 frames as they are now: their paintGL times
      std::vector<double> f;
      for (int k = 0; k < 40; ++k) {
        const quint64 seen = v->frameCount();
        v->update();
        while (v->frameCount() == seen) QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
        f.push_back(v->lastFrameMs());
      }
      return f;
    };
    for (bool shown : {true, false, true, false}) {
      handles.setVisible(shown);
      const std::vector<double> f = frames();
      std::printf("  frame with handles %s: p50 %.2f ms\n", shown ? "shown" : "hidden", stats(f).p50);
    }
    handles.setVisible(true);
    const ViewSettings original = v->scene().settings();
    for (int part = 0; part < 5; ++part) {
      ViewSettings vs = original;
      const char* name[] = {"ghosts off", "path off", "grid off", "frames+axes off", "all off"};
      if (part == 0 || part == 4) vs.showGhosts = false;
      if (part == 1 || part == 4) vs.showPath = false;
      if (part == 2 || part == 4) vs.showGrid = false;
      if (part == 3 || part == 4) vs.showFrames = vs.showJointAxes = false;
      v->scene().setSettings(vs);
      const std::vector<double> f = frames();
      std::printf("  frame with %s: p50 %.2f ms\n", name[part], stats(f).p50);
    }
    v->scene().setSettings(original);
  }
  send(QEvent::MouseButtonPress, *from, Qt::LeftButton, Qt::LeftButton);
  if (!v->dragger()->dragging()) {
    std::printf("%s: the press did not grab the arrow\n", label);
    return;
  }
  std::vector<double> latency, frame, handled;
  for (int k = 1; k <= moves; ++k) {
    const double f = 0.5 - 0.5 * std::cos(2.0 * M_PI * k / 50.0);  // back and forth, 50 moves a sweep
    const QPointF at = *from + (*to - *from) * f;
    const quint64 seen = v->frameCount();
    QElapsedTimer clock;
    clock.start();
    send(QEvent::MouseMove, at, Qt::NoButton, Qt::LeftButton);
    handled.push_back(clock.nsecsElapsed() / 1e6);
    while (v->frameCount() == seen && clock.elapsed() < 1000) QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    latency.push_back(clock.nsecsElapsed() / 1e6);
    frame.push_back(v->lastFrameMs());
    QTest::qWait(8);  // a mouse reports at about 125 Hz
  }
  send(QEvent::MouseButtonRelease, *from, Qt::LeftButton, Qt::NoButton);
  const Stats s = stats(latency), f = stats(frame), h = stats(handled);
  std::printf("%s, viewport %dx%d, %d mouse moves:\n  mouse move -> redrawn arm p50 %.2f ms  p95 %.2f ms  max %.2f ms\n"
              "  of which the move handled (IK on the branch, teach panel, scene moved) p50 %.2f ms  p95 %.2f ms\n"
              "  and the OSG frame (paintGL + glFinish) p50 %.2f ms  p95 %.2f ms\n",
              label, v->width(), v->height(), moves, s.p50, s.p95, s.max, h.p50, h.p95, f.p50, f.p95);
  v->setFinishEachFrame(false);
  w.setTeachMode(false);
}

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 40;
  MainWindow w;
  if (qEnvironmentVariableIsSet("NO_PREVIOUS")) w.plots()->setPreviousRunShown(false);
  w.setInteractive(false);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) std::printf("window not exposed: figures may be off\n");
  std::printf("window %dx%d, %d iterations\n", w.width(), w.height(), iterations);

  // latency_bench N drag: drag-to-jog only.
  if (argc > 2 && std::string(argv[2]) == "drag") {
    w.openFile(QString::fromStdString(std::string(ARMDYN_SOURCE_DIR) + "/robots/puma560.yaml"));
    QElapsedTimer opened;
    opened.start();
    double openMs = 0;
    waitForLatest(w, opened, &openMs);
    w.playback()->pause();
    measureDrag(w, "PUMA 560 drag-to-jog (6 joints)", std::max(iterations, 200));
    return 0;
  }

  QElapsedTimer clock;
  double ms = 0;
  clock.start();
  w.openFile(QString::fromStdString(defaultRobotPath()));
  waitForLatest(w, clock, &ms);
  w.playback()->pause();
  measureEdits(w, "RRR weld seam (DT 25 ms)", iterations);

  // Six joints, ~10 s at DT = 1 ms: the sample task with slower joints.
  Session s = loadSession(std::string(ARMDYN_SOURCE_DIR) + "/robots/rrrrrr.yaml");
  s.robot.dt = 0.001;
  w.newSession(s);
  clock.restart();
  waitForLatest(w, clock, &ms);
  // Segment times scale as 1/vmax except the 2 TACC minimum: two passes land near 10 s.
  for (int pass = 0; pass < 2; ++pass) {
    const double t0 = w.result()->record.summary.taskTime;
    for (LinkSpec& l : s.robot.links) l.vMax *= t0 / 10.0;
    w.newSession(s);
    clock.restart();
    waitForLatest(w, clock, &ms);
  }
  w.playback()->pause();
  std::printf("6-joint task: %.3f s, %d samples\n", w.result()->record.summary.taskTime, w.result()->samples());
  measureEdits(w, "RRRRRR 10 s task (DT 1 ms)", std::max(10, iterations / 2));

  // The PUMA on its line-and-arc contour, about 10 s at DT = 1 ms.
  Session puma = loadSession(std::string(ARMDYN_SOURCE_DIR) + "/robots/puma560.yaml");
  puma.task = loadTask(std::string(ARMDYN_SOURCE_DIR) + "/robots/puma560_square_line_arc.yaml");
  puma.task.speed = 0.07;
  puma.robot.dt = 0.001;
  w.newSession(puma);
  clock.restart();
  waitForLatest(w, clock, &ms);
  w.playback()->pause();
  std::printf("PUMA line-arc task: %.3f s, %d samples\n", w.result()->record.summary.taskTime, w.result()->samples());
  measureParameterEdits(w, "PUMA line-arc 10 s (DT 1 ms)", std::max(10, iterations / 2), "speed", 0.07, 0.001);

  // The PUMA weld seam with the Sizing tab on screen: each dwell edit re-runs the task, the
  // sizing report (M_ii, ratio scans) and redraws the table and the torque-speed plot.
  Session weld = loadSession(std::string(ARMDYN_SOURCE_DIR) + "/robots/puma560.yaml");
  weld.task = loadTask(std::string(ARMDYN_SOURCE_DIR) + "/robots/puma560_weld_seam.yaml");
  w.newSession(weld);
  clock.restart();
  waitForLatest(w, clock, &ms);
  w.playback()->pause();
  w.findChild<QTabWidget*>("resultTabs")->setCurrentWidget(w.sizing());
  measureParameterEdits(w, "PUMA weld seam, Sizing tab", iterations, "dwell", 0.5, 0.1);
  // And timed time-optimal (the timing re-planned at each edit).
  weld.task.timing = TimingMode::TimeOptimal;
  w.newSession(weld);
  clock.restart();
  waitForLatest(w, clock, &ms);
  w.playback()->pause();
  measureParameterEdits(w, "PUMA weld seam time-optimal, Sizing tab", iterations, "dwell", 0.5, 0.1);
  w.findChild<QTabWidget*>("resultTabs")->setCurrentIndex(0);
  // Back to the 6-joint arm for the frame-time measurement below.
  w.newSession(s);
  clock.restart();
  waitForLatest(w, clock, &ms);
  w.playback()->pause();

  measureAnimation(w, "6-joint arm");
  {
    w.newSession(weld);
    clock.restart();
    waitForLatest(w, clock, &ms);
    w.playback()->pause();
    measureDrag(w, "PUMA 560 drag-to-jog (6 joints)", 200);
    w.newSession(s);
    clock.restart();
    waitForLatest(w, clock, &ms);
  }

  // Issue 21: the UR5 drawn with its meshes (robots/meshes/ur5, 6.4 MB of COLLADA): the time
  // from opening the file to every mesh drawn, the longest the GUI thread went without
  // processing events meanwhile (the meshes load on a worker thread), then the frame time.
  // ARMDYN_MESH_ROBOT=FILE measures another robot file instead (a 50 MB mesh set, say).
  const std::string meshRobot = qEnvironmentVariableIsSet("ARMDYN_MESH_ROBOT")
                                    ? qEnvironmentVariable("ARMDYN_MESH_ROBOT").toStdString()
                                    : std::string(ARMDYN_SOURCE_DIR) + "/robots/ur5.yaml";
  const std::string meshRobotName = loadRobot(meshRobot).name;
  const char* label = meshRobotName.c_str();
  {
    QElapsedTimer load;
    load.start();
    QString error;
    if (!w.openFile(QString::fromStdString(meshRobot), &error)) {
      std::printf("%s with meshes: %s\n", label, qPrintable(error));
      return 1;
    }
    const double opened = load.nsecsElapsed() / 1e6;
    double stall = 0.0, previous = opened;  // the stalls after the (synchronous) open
    const auto drawn = [&] {
      return w.result() && w.result()->session.robot.name == meshRobotName && !w.viewport()->scene().meshesPending();
    };
    while (load.elapsed() < 120000 && !drawn()) {
      QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
      const double now = load.nsecsElapsed() / 1e6;
      stall = std::max(stall, now - previous);
      previous = now;
    }
    w.playback()->pause();
    if (!drawn()) {
      std::printf("%s with meshes: not all drawn after 120 s\n", label);
      return 1;
    }
    std::printf("%s with meshes: file opened in %.0f ms, all %d shapes drawn %.0f ms after the open began; longest GUI "
                "stall while loading %.1f ms; %s\n",
                label, opened, w.viewport()->scene().shapesDrawn(), load.nsecsElapsed() / 1e6, stall,
                w.viewport()->scene().meshNotice().empty() ? "no mesh missing" : w.viewport()->scene().meshNotice().c_str());
  }
  measureAnimation(w, (meshRobotName + " with meshes").c_str());
  return 0;
}
