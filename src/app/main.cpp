// armdyn-studio [FILE...] [--screenshot PNG [--after-ms N]]
// Opens FILE (robot, task or session; Vora's RRR with its weld-seam task without one; further
// files open in turn, e.g. a robot then a task). With
// --screenshot it waits N ms (default 1000) after the first simulation, saves the main window
// to PNG and exits (used by docs/make_screenshots.sh and the GUI tests). For the user guide,
// --dialog NAME saves that dialog instead, --teach opens teach mode, --tab selects the
// results tab, --panel shows the parameters panel, --at F puts the time cursor at fraction F.

#include "io/robot_file.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/library_picker_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "main_window.h"
#include "playback_controller.h"

#include <QDockWidget>
#include <QTabWidget>
#include <algorithm>

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QSurfaceFormat>
#include <QTimer>
#include <cstdio>
#include <memory>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("armdyn");
  QApplication::setApplicationName("armdyn-studio");
  QApplication::setApplicationDisplayName("armdyn Studio");
  QFile qss(":/style/armdyn.qss");
  if (qss.open(QIODevice::ReadOnly)) app.setStyleSheet(QString::fromUtf8(qss.readAll()));

  QCommandLineParser parser;
  parser.setApplicationDescription("armdyn Studio: dynamic simulation of robot manipulators (after Vora 1984)");
  parser.addHelpOption();
  parser.addPositionalArgument("FILE", "Robot, task or session file (YAML, or Vora's spec/trajectory formats)");
  QCommandLineOption screenshot("screenshot", "Save the main window to PNG after the first simulation and exit.", "PNG");
  QCommandLineOption afterMs("after-ms", "Delay before the screenshot, ms (default 1000).", "N", "1000");
  QCommandLineOption dialog("dialog",
                            "Open a dialog (and with --screenshot, save it): instructions, link-parameters, "
                            "link-dimensions, trajectory, inertia, simulation, tool, view, new, library.",
                            "NAME");
  QCommandLineOption teach("teach", "Open teach mode.");
  QCommandLineOption tab("tab", "Results tab: plots, table or summary.", "NAME", "plots");
  QCommandLineOption panel("panel", "Show the parameters and dimensions panel.");
  QCommandLineOption at("at", "Time cursor at this fraction of the task (screenshots; default 0.5).", "F", "0.5");
  parser.addOption(screenshot);
  parser.addOption(afterMs);
  for (const QCommandLineOption& o : {dialog, teach, tab, panel, at}) parser.addOption(o);
  parser.process(app);

  armdyn::app::MainWindow window;
  const bool shooting = parser.isSet(screenshot);
  window.setInteractive(!shooting);
  window.show();
  window.startAutosave();

  // Files open in turn, each after the previous one's simulation (a robot, then a task for it).
  QStringList files = parser.positionalArguments();
  if (files.isEmpty()) files << QString::fromStdString(armdyn::defaultRobotPath());
  QString error;
  if (!window.openFile(files.takeFirst(), &error)) {
    std::fprintf(stderr, "armdyn-studio: %s\n", qPrintable(error));
    if (shooting) return 2;
  }
  auto remaining = std::make_shared<QStringList>(files);
  auto openNext = [&window, remaining] {
    if (remaining->isEmpty()) return false;
    QString e;
    if (!window.openFile(remaining->takeFirst(), &e)) std::fprintf(stderr, "armdyn-studio: %s\n", qPrintable(e));
    return true;
  };

  QWidget* shownDialog = nullptr;
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
    else if (dialogName == "new") shownDialog = new armdyn::app::NewRobotDialog(&window);
    else if (dialogName == "library") shownDialog = new armdyn::app::LibraryPickerDialog(&window);
    if (shownDialog == nullptr) {
      std::fprintf(stderr, "armdyn-studio: unknown dialog %s\n", qPrintable(dialogName));
      return 2;
    }
    shownDialog->show();
  }
  if (parser.isSet(teach)) window.setTeachMode(true);
  if (parser.isSet(panel)) window.parametersDock()->show();
  const QString tabName = parser.value(tab);
  window.tabs()->setCurrentIndex(tabName == "table" ? 1 : tabName == "summary" ? 2 : 0);

  if (shooting) {
    bool ok = false;
    const int delay = parser.value(afterMs).toInt(&ok);
    const QString png = parser.value(screenshot);
    const double fraction = std::clamp(parser.value(at).toDouble(), 0.0, 1.0);
    auto shoot = [&window, png, shownDialog] {
      const QImage image = shownDialog ? shownDialog->grab().toImage() : window.screenshot();
      const bool saved = image.save(png, "PNG");
      if (!saved) std::fprintf(stderr, "armdyn-studio: cannot write %s\n", qPrintable(png));
      QApplication::exit(saved ? 0 : 1);
    };
    auto once = std::make_shared<bool>(false);
    auto arm = [once, delay, ok, shoot] {
      if (*once) return;
      *once = true;
      QTimer::singleShot(ok ? delay : 1000, shoot);
    };
    QObject::connect(&window, &armdyn::app::MainWindow::resultApplied, &window, [&window, arm, fraction, openNext] {
      if (openNext()) return;
      // A still frame at a fixed point of the task, deterministic for documentation.
      window.playback()->setSample(static_cast<int>(fraction * (window.playback()->sampleCount() - 1)));
      arm();
    });
    QObject::connect(&window, &armdyn::app::MainWindow::simulationFailed, &window, [arm, openNext] {
      if (!openNext()) arm();
    });
    QTimer::singleShot(60000, [] { QApplication::exit(3); });
  } else {
    // Start animating once, when the last file has simulated.
    auto started = std::make_shared<bool>(false);
    QObject::connect(&window, &armdyn::app::MainWindow::resultApplied, &window, [&window, openNext, started] {
      if (*started || openNext()) return;
      *started = true;
      window.playback()->play();
    });
  }
  const int status = app.exec();
  window.close();  // a clean exit removes the autosave and its marker
  return status;
}
