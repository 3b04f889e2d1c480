#include "studio_menus.h"

#include "arm_viewport.h"
#include "document.h"
#include "file_actions.h"
#include "iso9283_panel.h"
#include "kinematics_panel.h"
#include "main_window.h"
#include "menu_icons.h"
#include "playback_bar.h"
#include "plot_panel.h"
#include "result_exports.h"
#include "summary_view.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSignalBlocker>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

namespace armdyn::app {

StudioMenus::StudioMenus(MainWindow& window, FileActions& files, ResultExports& exports) {
  MainWindow* const w = &window;
  QStyle* st = w->style();
  // ---- File ----
  QMenu* file = w->menuBar()->addMenu(tr("&File"));
  QAction* newAct = file->addAction(st->standardIcon(QStyle::SP_FileIcon), tr("&New…"), w, [&files] { files.fileNew(); });
  newAct->setShortcut(QKeySequence::New);
  QAction* openAct =
      file->addAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), w, [&files] { files.fileOpen(); });
  openAct->setShortcut(QKeySequence::Open);
  QAction* libAct = file->addAction(st->standardIcon(QStyle::SP_DirHomeIcon), tr("Open &library robot…"), w,
                                    [&files] { files.fileOpenLibrary(); });
  libAct->setShortcut(QKeySequence(tr("Ctrl+L")));
  files.setRecentMenu(file->addMenu(tr("Open &recent")));
  file->addAction(tr("&Import Vora spec or trajectory file…"), w, [&files] { files.fileImport(); });
  file->addAction(tr("Import &URDF robot…"), w, [&files] { files.fileImportUrdf(); })
      ->setShortcut(QKeySequence(tr("Ctrl+Shift+U")));
  file->addSeparator();
  QAction* saveAct =
      file->addAction(st->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), w, [&files] { files.fileSave(); });
  saveAct->setShortcut(QKeySequence::Save);
  QAction* saveAsAct = file->addAction(tr("Save &as…"), w, [&files] { files.fileSaveAs(); });
  saveAsAct->setShortcut(QKeySequence::SaveAs);
  QMenu* exportMenu = file->addMenu(tr("&Export"));
  exportMenu->addAction(tr("Plots (PNG/PDF%1)…").arg(PlotPanel::exportFormats().contains("svg") ? "/SVG" : ""), w,
                        [&exports] { exports.exportPlotsInteractive(); });
  exportMenu->addAction(tr("Control plots (PNG/PDF%1)…").arg(PlotPanel::exportFormats().contains("svg") ? "/SVG" : ""), w,
                        [&exports] { exports.exportControlPlotsInteractive(); });
  exportMenu->addAction(tr("Tabulated results (CSV)…"), w, [&exports] { exports.exportTableInteractive(false); })
      ->setStatusTip(tr("Header t,q1,…,f1,… as armdyn simulate --csv writes it; SI units"));
  exportMenu->addAction(tr("Tabulated results with units (CSV)…"), w, [&exports] { exports.exportTableInteractive(true); })
      ->setStatusTip(tr("Header with the unit of every column: t (s),q1 (rad),…"));
  exportMenu->addAction(tr("Robot as &URDF…"), w, [&files] { files.exportUrdfInteractive(); });
  exportMenu->addAction(tr("Summary results (CSV)…"), w, [&exports] { exports.exportSummaryInteractive(); });
  exportMenu->addAction(tr("Screenshot of the window (PNG)…"), w, [&exports] { exports.exportScreenshotInteractive(); });
  file->addSeparator();
  QAction* exitAct = file->addAction(tr("E&xit"), w, [w] { w->close(); });
  exitAct->setShortcut(QKeySequence::Quit);

  // ---- Edit ----
  QMenu* edit = w->menuBar()->addMenu(tr("&Edit"));
  QAction* undo = w->document()->undoStack()->createUndoAction(w, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  // Ctrl+Z / Ctrl+Shift+Z also while a change dialog (a window of its own) has the focus: the
  // dialogs say "Edit > Undo reverts" (a text field keeps its own undo of the typing).
  undo->setShortcutContext(Qt::ApplicationShortcut);
  undo->setIconText(tr("Undo"));
  undo->setIcon(st->standardIcon(QStyle::SP_ArrowBack));
  QAction* redo = w->document()->undoStack()->createRedoAction(w, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  redo->setShortcutContext(Qt::ApplicationShortcut);
  redo->setIconText(tr("Redo"));
  redo->setIcon(st->standardIcon(QStyle::SP_ArrowForward));
  edit->addAction(undo);
  edit->addAction(redo);

  // ---- Vora's MAIN menu (fig 5.6), in his order ----
  QMenu* main = w->menuBar()->addMenu(tr("&Main menu"));
  QToolBar* bar = w->addToolBar(tr("Main menu"));
  bar->setObjectName("mainToolbar");
  bar->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
  bar->setIconSize(QSize(22, 22));
  // Colours group the menu: information (1-3), changes (4-8), run and results (9-11).
  auto colourOf = [](int number) {
    return number <= 3 ? QColor(90, 110, 140) : number <= 8 ? QColor(200, 120, 30) : QColor(50, 140, 70);
  };
  auto item = [&](int number, const QString& text, const QString& shortText, auto slot) {
    // Mnemonics: the digit for 1-9; 10-12 take "0", "P" and "E" (a second "1" would collide).
    const QString label = number < 10    ? QStringLiteral("&%1. %2").arg(number).arg(text)
                          : number == 10 ? QStringLiteral("1&0. %1").arg(text)
                                         : QStringLiteral("%1. &%2").arg(number).arg(text);
    QAction* a = main->addAction(menuNumberIcon(number, colourOf(number)), label);
    a->setIconText(shortText);
    a->setToolTip(QStringLiteral("%1. %2").arg(number).arg(text));
    QObject::connect(a, &QAction::triggered, w, slot);
    bar->addAction(a);
    return a;
  };
  item(1, tr("Instructions for running the program"), tr("Instructions"), [w] { w->showInstructions(); });
  QAction* display = item(2, tr("Display parameters and dimensions"), tr("Display"),
                          [w] { w->parametersDock()->setVisible(!w->parametersDock()->isVisible()); });
  display->setCheckable(true);
  QObject::connect(w->parametersDock(), &QDockWidget::visibilityChanged, display, &QAction::setChecked);
  item(3, tr("Print parameters and dimensions…"), tr("Print"), [&exports] { exports.printParametersInteractive(); });
  QMenu* change = main->addMenu(menuNumberIcon(4, colourOf(4)), tr("&4. Change parameters, dimensions or trajectory points"));
  change->addAction(tr("&1. Change link parameters (θ, d, α, a)…"), w, [w] { w->showLinkParameters(); });
  change->addAction(tr("&2. Change link dimensions (density, X, Y, Z)…"), w, [w] { w->showLinkDimensions(); });
  change->addAction(tr("&3. Change trajectory points…"), w, [w] { w->showTrajectoryPoints(); });
  change->addAction(tr("&4. Display current parameters and dimensions"), w, [w] { w->parametersDock()->show(); });
  change->addAction(tr("&5. Tool load (force and moment the tool exerts)…"), w, [w] { w->showToolWrench(); });
  QAction* changeAct = change->menuAction();
  changeAct->setIconText(tr("Change"));
  bar->addAction(changeAct);
  if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(changeAct))) b->setPopupMode(QToolButton::InstantPopup);
  item(5, tr("Input or change inertia matrices…"), tr("Inertia"), [w] { w->showInertia(); });
  item(6, tr("Change simulation parameters…"), tr("DT/TACC"), [w] { w->showSimulationParameters(); });
  item(7, tr("Change tool (end effector)…"), tr("Tool"), [w] { w->showTool(); });
  item(8, tr("Change drawing scale factor and view…"), tr("View"), [w] { w->showViewSettings(); });
  item(9, tr("Simulate"), tr("Simulate"), [w] { w->simulate(); })->setShortcut(QKeySequence(Qt::Key_F5));
  item(10, tr("Display plots"), tr("Plots"), [w] { w->tabs()->setCurrentWidget(w->plots()); });
  item(11, tr("Print tables…"), tr("Tables"), [&exports] { exports.printTableInteractive(); });
  main->addAction(tr("12. &End the program"), w, [w] { w->close(); });

  // ---- Control (issue 4): the simulation mode and the forward simulation's drives and controller ----
  QMenu* controlMenu = w->menuBar()->addMenu(tr("&Control"));
  modeActions_ = new QActionGroup(w);
  QAction* prescribed = controlMenu->addAction(tr("&Prescribed motion (Vora: the task's motion and the forces it needs)"));
  QAction* forward = controlMenu->addAction(tr("&Forward simulation under the controller"));
  for (QAction* a : {prescribed, forward}) {
    a->setCheckable(true);
    modeActions_->addAction(a);
  }
  prescribed->setChecked(true);
  QObject::connect(prescribed, &QAction::triggered, w, [w] { w->setSimulationMode(SimulationMode::PrescribedMotion); });
  QObject::connect(forward, &QAction::triggered, w, [w] { w->setSimulationMode(SimulationMode::ForwardSimulation); });
  controlMenu->addSeparator();
  controlMenu->addAction(tr("&Drives (gears, friction, motors)…"), w, [w] { w->showDrives(); });
  controlMenu->addAction(tr("&Controller…"), w, [w] { w->showController(); });
  controlMenu->addAction(tr("Joint constraint &modes…"), w, [w] { w->showConstraints(); });
  controlMenu->addAction(tr("&Input profile (open loop)…"), w, [w] { w->showInputProfile(); });
  controlMenu->addAction(tr("&Ziegler-Nichols tuner…"), w, [w] { w->showTuner(); });
  controlMenu->addSeparator();
  controlMenu->addAction(tr("Control &plots"), w, [w] { w->tabs()->setCurrentWidget(w->controlPlots()); });
  bar->addSeparator();
  modeCombo_ = new QComboBox(w);
  modeCombo_->setObjectName("modeCombo");
  modeCombo_->addItems({tr("Prescribed motion"), tr("Forward simulation")});
  modeCombo_->setToolTip(tr("Prescribed motion: Vora's task simulation, the joint motion of the task and the forces it "
                            "takes. Forward simulation: the arm driven by its controller along the same task."));
  QObject::connect(modeCombo_, &QComboBox::activated, w,
                   [w](int index) { w->setSimulationMode(index == 0 ? SimulationMode::PrescribedMotion : SimulationMode::ForwardSimulation); });
  bar->addWidget(modeCombo_);
  QAction* controllerAct = bar->addAction(menuIcon("C", QColor(30, 110, 160)), tr("Controller"), w, [w] { w->showController(); });
  controllerAct->setToolTip(tr("Controller of the forward simulation"));
  QAction* drivesAct = bar->addAction(menuIcon("D", QColor(30, 110, 160)), tr("Drives"), w, [w] { w->showDrives(); });
  drivesAct->setToolTip(tr("Drives: gears, friction, DC motors"));
  QAction* tunerAct = bar->addAction(menuIcon("Z", QColor(30, 110, 160)), tr("Tuner"), w, [w] { w->showTuner(); });
  tunerAct->setToolTip(tr("Ziegler-Nichols tuner"));

  // ---- View ----
  QMenu* view = w->menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Iso view"), w, [w] { w->viewport()->setStandardView(StandardView::Iso); })
      ->setShortcut(QKeySequence(tr("Ctrl+1")));
  view->addAction(tr("&Front view"), w, [w] { w->viewport()->setStandardView(StandardView::Front); })
      ->setShortcut(QKeySequence(tr("Ctrl+2")));
  view->addAction(tr("&Top view"), w, [w] { w->viewport()->setStandardView(StandardView::Top); })
      ->setShortcut(QKeySequence(tr("Ctrl+3")));
  view->addAction(tr("&Side view"), w, [w] { w->viewport()->setStandardView(StandardView::Side); })
      ->setShortcut(QKeySequence(tr("Ctrl+4")));
  view->addAction(tr("Fit to &view"), w, [w] { w->viewport()->fitToView(); })->setShortcut(QKeySequence(tr("F")));
  view->addSeparator();
  auto toggle = [&](const QString& text, bool ViewSettings::*member, const char* name) {
    QAction* a = view->addAction(text);
    a->setObjectName(name);
    a->setCheckable(true);
    a->setChecked(w->viewSettings().*member);
    viewToggles_.emplace_back(a, member);
    QObject::connect(a, &QAction::toggled, w, [w, member](bool on) {
      ViewSettings s = w->viewSettings();
      s.*member = on;
      w->setViewSettings(s);
    });
  };
  toggle(tr("Link &frames"), &ViewSettings::showFrames, "viewShowFrames");
  toggle(tr("Joint &axes"), &ViewSettings::showJointAxes, "viewShowJointAxes");
  toggle(tr("&Ghosts at segment end points"), &ViewSettings::showGhosts, "viewShowGhosts");
  toggle(tr("Tool &path"), &ViewSettings::showPath, "viewShowPath");
  toggle(tr("Floor &grid"), &ViewSettings::showGrid, "viewShowGrid");
  toggle(tr("&Mass model bodies (bars, inertia boxes)"), &ViewSettings::showMassBodies, "viewShowMassBodies");
  toggle(tr("Link m&eshes and shapes"), &ViewSettings::showMeshes, "viewShowMeshes");
  toggle(tr("&DH drawing on every link"), &ViewSettings::showDhDrawing, "viewShowDhDrawing");
  workspaceAct_ = view->addAction(tr("Show reachable &workspace"));
  workspaceAct_->setObjectName("viewShowWorkspace");
  workspaceAct_->setCheckable(true);
  workspaceAct_->setShortcut(QKeySequence(tr("Ctrl+Shift+W")));
  workspaceAct_->setToolTip(tr("The tool origin's reachable workspace as a point cloud (1e5 samples), with its "
                               "volume, reach and structural length index Q_L"));
  QObject::connect(workspaceAct_, &QAction::toggled, w, [w](bool shown) { w->setWorkspaceShown(shown); });
  view->addSeparator();
  QAction* teachAct = w->teachDock()->toggleViewAction();
  bar->addSeparator();
  bar->addAction(undo);
  bar->addAction(redo);
  teachAct->setText(tr("&Teach mode"));
  teachAct->setShortcut(QKeySequence(tr("Ctrl+T")));
  teachAct->setIcon(menuIcon("T", QColor(120, 80, 170)));
  teachAct->setIconText(tr("Teach"));
  view->addAction(teachAct);
  view->addAction(w->parametersDock()->toggleViewAction());
  view->addAction(tr("&Summary results"), w, [w] { w->tabs()->setCurrentWidget(w->summary()); });
  view->addAction(tr("&Kinematics (IK branches, singularities)"), w, [w] { w->tabs()->setCurrentWidget(w->kinematics()); })
      ->setShortcut(QKeySequence(tr("Ctrl+K")));
  view->addAction(tr("Acc&uracy (ISO 9283 bench, error against speed)"), w, [w] { w->tabs()->setCurrentWidget(w->accuracy()); });
  bar->addAction(teachAct);

  // ---- Playback ----
  QMenu* play = w->menuBar()->addMenu(tr("&Playback"));
  for (QAction* a : w->playbackBar()->actions()) play->addAction(a);
  w->addActions(w->playbackBar()->actions());

  QMenu* help = w->menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Instructions"), w, [w] { w->showInstructions(); });
  help->addAction(tr("&About armdyn Studio"), w, [w] {
    QMessageBox::about(w, tr("About armdyn Studio"),
                       tr("<b>armdyn Studio</b><br>Dynamic simulation of serial robot manipulators, after "
                          "H. Vora (1984). Qt %1, OpenSceneGraph, QCustomPlot.")
                           .arg(qVersion()));
  });
}

void StudioMenus::showMode(SimulationMode mode) {
  const bool forward = mode == SimulationMode::ForwardSimulation;
  modeCombo_->setCurrentIndex(forward ? 1 : 0);
  modeActions_->actions()[forward ? 1 : 0]->setChecked(true);
}

void StudioMenus::showViewSettings(const ViewSettings& settings) {
  for (const auto& [action, member] : viewToggles_) {
    const QSignalBlocker block(action);
    action->setChecked(settings.*member);
  }
}

}  // namespace armdyn::app
