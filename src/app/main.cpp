// armdyn-studio [FILE...] [--screenshot PNG [--after-ms N]]
// Opens FILE (robot, task or session; Vora's RRR with its weld-seam task without one; further
// files open in turn, e.g. a robot then a task), after offering back the autosave of a copy
// that crashed (studio_startup.h: a restored session wins over FILE). With --screenshot it
// waits N ms (default 1000) after the first simulation, saves the main window to PNG and exits
// (used by docs/make_screenshots.sh and the GUI tests; no autosave, no recovery). For the user
// guide, --dialog NAME saves that dialog instead, --teach opens teach mode, --tab selects the
// results tab, --panel shows the parameters panel, --at F puts the time cursor at fraction F,
// --mode forward runs the forward simulation under the session's controller, --tune J runs the
// Ziegler-Nichols tuner dialog on joint J before the screenshot, --generic CONFIG starts with a
// new generic six-joint arm (RRR ... PPP, File > New), --workspace shows the reachable workspace
// (the screenshot waits for it), --iso9283 bench|sweep|both runs the Accuracy tab's ISO 9283
// bench and/or speed sweep with its defaults (--tab accuracy --iso-view table|paths|sweep to
// show them; the screenshot waits for the runs).

#include "arm_viewport.h"
#include "io/robot_file.h"
#include "dialogs/constraints_dialog.h"
#include "dialogs/controller_dialog.h"
#include "dialogs/drives_dialog.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/input_profile_dialog.h"
#include "dialogs/library_picker_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "dialogs/tuner_dialog.h"
#include "document.h"
#include "iso9283_panel.h"
#include "main_window.h"
#include "playback_controller.h"
#include "studio_resources.h"
#include "studio_startup.h"

#include <QComboBox>
#include <QDockWidget>
#include <QTabWidget>
#include <algorithm>

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QMessageBox>
#include <QSurfaceFormat>
#include <QTimer>
#include <cstdio>
#include <functional>
#include <memory>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("armdyn");
  QApplication::setApplicationName("armdyn-studio");
  QApplication::setApplicationDisplayName("armdyn Studio");
  app.setStyleSheet(armdyn::app::studioStyleSheet());

  QCommandLineParser parser;
  parser.setApplicationDescription("armdyn Studio: dynamic simulation of robot manipulators (after Vora 1984)");
  parser.addHelpOption();
  parser.addPositionalArgument("FILE", "Robot, task or session file (YAML, or Vora's spec/trajectory formats)");
  QCommandLineOption screenshot("screenshot", "Save the main window to PNG after the first simulation and exit.", "PNG");
  QCommandLineOption afterMs("after-ms", "Delay before the screenshot, ms (default 1000).", "N", "1000");
  QCommandLineOption dialog("dialog",
                            "Open a dialog (and with --screenshot, save it): instructions, link-parameters, "
                            "link-dimensions, trajectory, inertia, simulation, tool, view, new, library, drives, "
                            "controller, constraints, profile, tuner.",
                            "NAME");
  QCommandLineOption teach("teach", "Open teach mode.");
  QCommandLineOption tab("tab", "Results tab: plots, control, table, summary, sizing, timing, kinematics or accuracy.",
                         "NAME", "plots");
  QCommandLineOption iso("iso9283", "Run the Accuracy tab's ISO bench, speed sweep or both (bench, sweep, both) with its "
                                    "default settings after the first simulation; a screenshot waits for it.",
                         "RUN");
  QCommandLineOption isoView("iso-view", "The Accuracy tab's view: table, paths or sweep (default: the last run's).", "VIEW");
  QCommandLineOption generic("generic", "Start with a new generic six-joint arm: RRR, RRP, RPR, RPP, PRR, PRP, PPR or PPP "
                                        "(File > New; with --dialog new, the dialog shows it).",
                             "CONFIG");
  QCommandLineOption workspace("workspace", "Show the reachable workspace (View > Show reachable workspace).");
  QCommandLineOption mode("mode", "Simulation: prescribed (Vora's task simulation) or forward (under the controller).",
                          "MODE", "prescribed");
  QCommandLineOption tuneJoint("tune", "With --dialog tuner: run the tuner on joint J (1-based) first.", "J");
  QCommandLineOption panel("panel", "Show the parameters and dimensions panel.");
  QCommandLineOption fit("fit", "Fit the 3D view to the scene (View > Fit to view) before the screenshot.");
  QCommandLineOption compare("compare", "Compare the files opened in turn: each file's run keeps the run before it "
                                        "as the previous run (dashed on the plots).");
  QCommandLineOption at("at", "Time cursor at this fraction of the task (screenshots; default 0.5).", "F", "0.5");
  parser.addOption(screenshot);
  parser.addOption(afterMs);
  for (const QCommandLineOption& o : {dialog, teach, tab, panel, fit, at, mode, tuneJoint, compare, generic, workspace, iso, isoView})
    parser.addOption(o);
  parser.process(app);

  armdyn::app::MainWindow window;
  const bool shooting = parser.isSet(screenshot);
  window.setInteractive(!shooting);
  window.setCompareFiles(parser.isSet(compare));
  // The size, docks and splitter of the last session (screenshots keep the default layout).
  if (!shooting) window.restoreLayout();
  window.show();
  // Once the window manager has framed it: the window with its frame on the screen (a size saved on
  // a larger screen, or one as large as a small screen, would put the status bar off it).
  if (!shooting) QTimer::singleShot(300, &window, [&window] { window.fitToScreen(); });

  // Autosave recovery, this copy's autosave (none for screenshots), then the first file; the
  // rest open in turn, each after the previous one's simulation (a robot, then a task for it).
  const armdyn::app::StartupResult start = armdyn::app::startStudio(
      window, parser.positionalArguments(), !shooting, armdyn::app::askInMessageBox(&window));
  if (!start.error.isEmpty()) {
    std::fprintf(stderr, "armdyn-studio: %s\n", qPrintable(start.error));
    if (shooting) return 2;
    // In the window too: a walkthrough opened a URDF that would not load and saw an empty window.
    QMessageBox::warning(&window, QObject::tr("Open"), start.error);
  }
  auto remaining = std::make_shared<QStringList>(start.remaining);
  auto openNext = [&window, remaining, shooting] {
    if (remaining->isEmpty()) return false;
    QString e;
    // A task the command line opens onto a robot file is the session as the user asked for it, not a
    // change to save (an undoable edit, but the state after it counts as unchanged). Onto a saved
    // session it stays a change: the session's file does not hold that task.
    // (A session file opened next is a fresh document with its own path: left as it is.)
    armdyn::app::Document* document = window.document();
    const bool unchanged = !document->isModified() && document->filePath().isEmpty();
    if (!window.openFile(remaining->takeFirst(), &e)) {
      if (!e.isEmpty()) std::fprintf(stderr, "armdyn-studio: %s\n", qPrintable(e));  // empty: cancelled
      if (!e.isEmpty() && !shooting) QMessageBox::warning(&window, QObject::tr("Open"), e);
    } else if (unchanged && document->isModified()) {
      document->markSaved(document->filePath());
    }
    return true;
  };

  if (parser.isSet(generic) && parser.value(dialog) != "new") {
    try {
      window.newSession(armdyn::app::NewRobotDialog::genericSession(
          armdyn::genericArmDefaults(parser.value(generic).toUpper().toStdString())));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "armdyn-studio: %s\n", e.what());
      return 2;
    }
  }
  if (parser.value(mode) == "forward") {
    // The mode the command line asks for is the session as opened, as a task onto a robot is.
    armdyn::app::Document* document = window.document();
    const bool unchanged = !document->isModified() && document->filePath().isEmpty();
    window.setSimulationMode(armdyn::app::SimulationMode::ForwardSimulation);
    if (unchanged && document->isModified()) document->markSaved(document->filePath());
  }

  QWidget* shownDialog = nullptr;
  bool waitForTuner = false;
  const QString dialogName = parser.value(dialog);
  if (!dialogName.isEmpty()) {
    if (dialogName == "instructions") shownDialog = window.showInstructions();
    else if (dialogName == "link-parameters") shownDialog = window.showLinkParameters();
    else if (dialogName == "link-dimensions") shownDialog = window.showLinkDimensions();
    else if (dialogName == "trajectory") shownDialog = window.showTrajectoryPoints();
    else if (dialogName == "inertia") shownDialog = window.showInertia();
    else if (dialogName == "simulation") shownDialog = window.showSimulationParameters();
    else if (dialogName == "tool") shownDialog = window.showTool();
    else if (dialogName == "view") shownDialog = window.showViewSettings();
    else if (dialogName == "new") {
      auto* d = new armdyn::app::NewRobotDialog(&window);
      if (parser.isSet(generic)) d->selectGeneric(parser.value(generic).toUpper());
      shownDialog = d;
    }
    else if (dialogName == "library") shownDialog = new armdyn::app::LibraryPickerDialog(&window);
    else if (dialogName == "drives") shownDialog = window.showDrives();
    else if (dialogName == "controller") shownDialog = window.showController();
    else if (dialogName == "constraints") shownDialog = window.showConstraints();
    else if (dialogName == "profile") shownDialog = window.showInputProfile();
    else if (dialogName == "tuner") {
      armdyn::app::TunerDialog* tuner = window.showTuner();
      shownDialog = tuner;
      if (parser.isSet(tuneJoint)) {
        tuner->jointCombo()->setCurrentIndex(parser.value(tuneJoint).toInt() - 1);
        waitForTuner = tuner->startTuning();
      }
    }
    if (shownDialog == nullptr) {
      std::fprintf(stderr, "armdyn-studio: unknown dialog %s\n", qPrintable(dialogName));
      return 2;
    }
    shownDialog->show();
  }
  if (parser.isSet(teach)) window.setTeachMode(true);
  if (parser.isSet(panel)) window.parametersDock()->show();
  if (parser.isSet(workspace) && !shooting) window.setWorkspaceShown(true);
  const QString tabName = parser.value(tab);
  const int tabIndex = tabName == "control"   ? 1
                       : tabName == "table"   ? 2
                       : tabName == "summary" ? 3
                       : tabName == "sizing"  ? 4
                       : tabName == "timing"  ? 5
                       : tabName == "kinematics" ? 6
                       : tabName == "accuracy" ? window.tabs()->indexOf(window.accuracy())
                                              : 0;
  window.tabs()->setCurrentIndex(tabIndex);

  // --iso9283: the Accuracy tab's runs on the session once the last file has simulated (or
  // failed to); --iso-view then shows the view asked for. A screenshot waits for them.
  const QString isoRun = parser.value(iso);
  auto isoDone = std::make_shared<std::function<void()>>([] {});
  if (!isoRun.isEmpty()) {
    armdyn::app::Iso9283Panel* accuracy = window.accuracy();
    auto started = std::make_shared<bool>(false);
    // Connected before the handlers below, which open the next file: `remaining` is empty
    // only for the last file's run.
    auto startIso = [accuracy, remaining, started, isoRun] {
      if (*started || !remaining->isEmpty()) return;
      *started = true;
      if (isoRun == "sweep") accuracy->runSweep();
      else accuracy->runBench();
    };
    QObject::connect(&window, &armdyn::app::MainWindow::resultApplied, accuracy, startIso);
    QObject::connect(&window, &armdyn::app::MainWindow::simulationFailed, accuracy, startIso);
    const QString view = parser.value(isoView);
    QObject::connect(accuracy, &armdyn::app::Iso9283Panel::runFinished, accuracy,
                     [accuracy, isoRun, view, isoDone](const armdyn::app::IsoRunOutcome& out) {
                       if (isoRun == "both" && out.kind == armdyn::app::IsoRunKind::Bench && out.bench) {
                         accuracy->runSweep();
                         return;
                       }
                       accuracy->showView(!view.isEmpty() ? view : out.kind == armdyn::app::IsoRunKind::Sweep ? "sweep" : "table");
                       if (!out.error.isEmpty()) std::fprintf(stderr, "armdyn-studio: %s\n", qPrintable(out.error));
                       (*isoDone)();
                     });
  }

  if (shooting) {
    bool ok = false;
    const int delay = parser.value(afterMs).toInt(&ok);
    const QString png = parser.value(screenshot);
    const double fraction = std::clamp(parser.value(at).toDouble(), 0.0, 1.0);
    // The shot waits (up to 40 s, inside the 60 s limit of a screenshot run) for the robot's
    // meshes, loaded off the GUI thread; then it is taken with what has arrived.
    auto waited = std::make_shared<int>(0);
    auto shoot = std::make_shared<std::function<void()>>();
    const std::weak_ptr<std::function<void()>> self = shoot;  // no cycle: `arm` below holds it
    *shoot = [&window, png, shownDialog, waited, self] {
      if (window.viewport()->scene().meshesPending() && *waited < 400) {
        ++*waited;
        QTimer::singleShot(100, [self] {
          if (const auto again = self.lock()) (*again)();
        });
        return;
      }
      const QImage image = shownDialog ? shownDialog->grab().toImage() : window.screenshot();
      const bool saved = image.save(png, "PNG");
      if (!saved) std::fprintf(stderr, "armdyn-studio: cannot write %s\n", qPrintable(png));
      QApplication::exit(saved ? 0 : 1);
    };
    auto once = std::make_shared<bool>(false);
    auto tunerPending = std::make_shared<bool>(waitForTuner || parser.isSet(workspace) || !isoRun.isEmpty());
    auto simulated = std::make_shared<bool>(false);
    auto arm = [once, delay, ok, shoot, tunerPending, simulated] {
      *simulated = true;
      if (*once || *tunerPending) return;
      *once = true;
      QTimer::singleShot(ok ? delay : 1000, [shoot] { (*shoot)(); });
    };
    const bool fitView = parser.isSet(fit);
    if (waitForTuner) {
      auto* tuner = static_cast<armdyn::app::TunerDialog*>(shownDialog);
      QObject::connect(tuner, &armdyn::app::TunerDialog::tuningFinished, tuner, [tunerPending, simulated, arm] {
        *tunerPending = false;
        if (*simulated) arm();
      });
    }
    if (parser.isSet(workspace)) {
      // The tool's workspace, computed off the GUI thread: the shot waits for it too.
      QObject::connect(&window, &armdyn::app::MainWindow::workspaceReady, &window, [tunerPending, simulated, arm] {
        *tunerPending = false;
        if (*simulated) arm();
      });
      window.setWorkspaceShown(true);
    }
    if (!isoRun.isEmpty()) {
      *isoDone = [tunerPending, simulated, arm] {
        *tunerPending = false;
        if (*simulated) arm();
      };
    }
    QObject::connect(&window, &armdyn::app::MainWindow::resultApplied, &window, [&window, arm, fraction, openNext, tabIndex, fitView] {
      if (openNext()) return;
      // The tab asked for, also when a forward simulation's result brought the control plots up.
      window.tabs()->setCurrentIndex(tabIndex);
      // A still frame at a fixed point of the task, deterministic for documentation.
      window.playback()->setSample(static_cast<int>(fraction * (window.playback()->sampleCount() - 1)));
      if (fitView) window.viewport()->fitToView();
      arm();
    });
    QObject::connect(&window, &armdyn::app::MainWindow::simulationFailed, &window, [&window, arm, openNext, fitView] {
      if (openNext()) return;
      if (fitView) window.viewport()->fitToView();
      arm();
    });
    QTimer::singleShot(60000, [] { QApplication::exit(3); });
  } else {
    // Start animating once, when the last file has simulated.
    auto started = std::make_shared<bool>(false);
    const bool tabGiven = parser.isSet(tab);
    QObject::connect(&window, &armdyn::app::MainWindow::resultApplied, &window, [&window, openNext, started, tabGiven, tabIndex] {
      if (*started || openNext()) return;
      *started = true;
      // The tab asked for, also when a forward simulation's first result brought the control plots up.
      if (tabGiven) window.tabs()->setCurrentIndex(tabIndex);
      window.playback()->play();
    });
  }
  const int status = app.exec();
  window.close();  // a clean exit removes this copy's autosave and its lock
  return status;
}
