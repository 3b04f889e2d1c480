#include "main_window.h"

#include "menu_icons.h"

#include "analysis/simulation_csv.h"
#include "arm_viewport.h"
#include "autosave.h"
#include "dialogs/constraints_dialog.h"
#include "dialogs/controller_dialog.h"
#include "dialogs/drives_dialog.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/input_profile_dialog.h"
#include "dialogs/instructions_dialog.h"
#include "dialogs/library_picker_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/tool_wrench_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "dialogs/tuner_dialog.h"
#include "dialogs/view_settings_dialog.h"
#include "document.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"
#include "io/text_file.h"
#include "trajectory/joint_sweep_task.h"
#include "parameters_report.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "results_table_model.h"
#include "simulation_runner.h"
#include "phase_plane_view.h"
#include "sizing_view.h"
#include "summary_view.h"
#include "teach_panel.h"
#include "kinematics_panel.h"
#include "iso9283_panel.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/workspace_estimate.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QDir>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QFileDialog>
#include <QInputDialog>
#include <QScreen>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextTable>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <cstdio>

namespace armdyn::app {

namespace {

constexpr int kWorkspaceSamples = 100000;

struct WorkspaceOutcome {
  std::shared_ptr<const WorkspaceEstimate> estimate;
  QString error;
};

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new Document(this)),
      runner_(new SimulationRunner(this)),
      playback_(new PlaybackController(this)),
      autosave_(new Autosave(this)) {
  setWindowIcon(applicationIcon());
  // Sized to the screen it opens on: 1500 x 920, or 85 % of a larger screen, never more than a
  // smaller one gives (a 1280 x 800 laptop), centred on it. restoreLayout() may replace it.
  const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1500, 920);
  const QSize initial(std::min(available.width(), std::max(1500, available.width() * 85 / 100)),
                      std::min(available.height(), std::max(920, available.height() * 85 / 100)));
  resize(initial);
  move(available.center() - QPoint(initial.width() / 2, initial.height() / 2));

  // Left: viewport, playback bar and the problem banner. Right: plots, table, summary.
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->setSpacing(0);
  banner_ = new QLabel(left);
  banner_->setObjectName("problemBanner");
  banner_->setWordWrap(true);
  banner_->setStyleSheet("background:#fde2e1; color:#8a1010; padding:6px; border-bottom:1px solid #e0a0a0");
  banner_->setVisible(false);
  leftLayout->addWidget(banner_);
  workspaceInfo_ = new QLabel(left);
  workspaceInfo_->setObjectName("workspaceInfo");
  workspaceInfo_->setWordWrap(true);
  workspaceInfo_->setStyleSheet("background:#e4eefa; color:#14304f; padding:5px; border-bottom:1px solid #a9c2e0");
  workspaceInfo_->setVisible(false);
  leftLayout->addWidget(workspaceInfo_);
  viewport_ = new ArmViewport;
  viewport_->setObjectName("viewport");
  leftLayout->addWidget(viewport_->widget(left), 1);
  playbackBar_ = new PlaybackBar(playback_, left);
  leftLayout->addWidget(playbackBar_);

  tabs_ = new QTabWidget(this);
  tabs_->setObjectName("resultTabs");
  plots_ = new PlotPanel(PlotSet::Motion, tabs_);
  plots_->setObjectName("motionPlots");
  tabs_->addTab(plots_, tr("Plots"));
  controlPlots_ = new PlotPanel(PlotSet::Control, tabs_);
  controlPlots_->setObjectName("controlPlots");
  tabs_->addTab(controlPlots_, tr("Control plots"));
  tableModel_ = new ResultsTableModel(this);
  tableView_ = new QTableView(tabs_);
  tableView_->setObjectName("resultsTable");
  tableView_->setModel(tableModel_);
  tableView_->verticalHeader()->setVisible(false);
  tableView_->verticalHeader()->setDefaultSectionSize(20);
  tableView_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  tableView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  tableView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  tableView_->setSelectionMode(QAbstractItemView::SingleSelection);
  tabs_->addTab(tableView_, tr("Table"));
  summary_ = new SummaryView(tabs_);
  tabs_->addTab(summary_, tr("Summary"));
  sizing_ = new SizingView(tabs_);
  sizing_->setObjectName("sizingView");
  tabs_->addTab(sizing_, tr("Sizing"));
  phase_ = new PhasePlaneView(tabs_);
  phase_->setObjectName("phasePlaneView");
  tabs_->addTab(phase_, tr("Timing"));
  kinematics_ = new KinematicsPanel(tabs_);
  kinematics_->setObjectName("kinematicsPanel");
  tabs_->addTab(kinematics_, tr("Kinematics"));
  accuracy_ = new Iso9283Panel(tabs_);
  accuracy_->setObjectName("accuracyPanel");
  accuracy_->setDocument(document_);
  tabs_->addTab(accuracy_, tr("Accuracy (ISO 9283)"));
  connect(tabs_, &QTabWidget::currentChanged, this, [this] { updateKinematics(); });
  // Switching to the table shows the row of the current time (issue 11 #9).
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    if (tabs_->currentWidget() == tableView_ && tableModel_->rowCount() > 0)
      tableView_->scrollTo(tableModel_->index(tableModel_->rowOf(playback_->sample()), 0), QAbstractItemView::PositionAtCenter);
  });
  connect(kinematics_, &KinematicsPanel::branchPicked, this, &MainWindow::showPickedBranch);
  // Runs compute the sizing while its tab is on screen (else the tab computes it when shown).
  connect(tabs_, &QTabWidget::currentChanged, this, [this] { runner_->setSizingWanted(tabs_->currentWidget() == sizing_); });

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->setObjectName("mainSplitter");
  splitter_ = splitter;
  splitter->addWidget(left);
  splitter->addWidget(tabs_);
  splitter->setStretchFactor(0, 5);
  splitter->setStretchFactor(1, 4);
  // About 11:10 from the start, whatever the tabs' size hints (a long summary heading); on a
  // narrow screen the results keep at least 660 px, so a six-joint summary needs no scrolling.
  splitter->setSizes(splitterSizesFor(initial.width()));
  setCentralWidget(splitter);

  parametersText_ = new QTextBrowser(this);
  parametersText_->setObjectName("parametersText");
  parametersDock_ = new QDockWidget(tr("Parameters and dimensions"), this);
  parametersDock_->setObjectName("parametersDock");
  parametersDock_->setWidget(parametersText_);
  addDockWidget(Qt::LeftDockWidgetArea, parametersDock_);
  parametersDock_->hide();
  parametersText_->setMinimumWidth(220);  // narrower scrolls; the dock never pushes the window past the screen
  connect(parametersDock_, &QDockWidget::visibilityChanged, this, [this](bool v) {
    if (!v) return;
    refreshParameters();
    resizeDocks({parametersDock_}, {560}, Qt::Horizontal);
  });

  teach_ = new TeachPanel(this);
  // Recording a pose acts on the trajectory dialog's selected row while it is open, and
  // selects the recorded point there.
  teach_->setDocument(document_);
  teach_->setPointSelection([this] {
    return trajectoryDialog_ && trajectoryDialog_->isVisible() ? trajectoryDialog_->table()->currentRow() : -1;
  });
  connect(teach_, &TeachPanel::pointRecorded, this, [this](int index) {
    if (trajectoryDialog_ && trajectoryDialog_->isVisible()) trajectoryDialog_->table()->selectRow(index);
  });
  teachDock_ = new QDockWidget(tr("Teach mode"), this);
  teachDock_->setObjectName("teachDock");
  teachDock_->setWidget(teach_);
  addDockWidget(Qt::LeftDockWidgetArea, teachDock_);
  teachDock_->hide();
  connect(teachDock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    kinematicsStale_ = true;
    if (visible) {
      playback_->pause();
      teach_->setRobot(document_->robot());
      if (picked_.size() == teach_->joints().size() && picked_.size() > 0) {
        teach_->setJoints(picked_);  // teach mode opened on a branch picked in the Kinematics tab
      } else if (result_ && result_->samples() > 0) {
        teach_->setJoints(result_->record.q.row(playback_->sample()).transpose());
      }
      viewport_->scene().showFrames(teach_->frames());
    } else {
      onSample(playback_->sample());
    }
    viewport_->update();
  });
  connect(teach_, &TeachPanel::jointsChanged, this, [this] {
    if (!teachDock_->isVisible()) return;
    viewport_->scene().showFrames(teach_->frames());
    viewport_->update();
    updateKinematics();
  });

  status_ = new QLabel(this);
  progress_ = new QProgressBar(this);
  progress_->setObjectName("runProgress");
  progress_->setRange(0, 0);  // busy until a forward run reports its fraction done
  progress_->setFormat(tr("%p%"));
  progress_->setTextVisible(true);
  progress_->setMaximumWidth(160);
  progress_->setMaximumHeight(16);
  progress_->setVisible(false);
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setObjectName("stopRun");
  stop_->setToolTip(tr("Drop the run in progress; the results on screen stay"));
  stop_->setVisible(false);
  statusBar()->addPermanentWidget(progress_);
  statusBar()->addPermanentWidget(stop_);
  statusBar()->addPermanentWidget(status_);
  // A run that takes longer than a moment shows the busy bar and a Stop button.
  busyTimer_ = new QTimer(this);
  busyTimer_->setSingleShot(true);
  busyTimer_->setInterval(300);
  connect(busyTimer_, &QTimer::timeout, this, &MainWindow::updateBusy);
  // While the bar shows: a forward run's simulated time / duration as a percentage.
  progressTimer_ = new QTimer(this);
  progressTimer_->setInterval(100);
  connect(progressTimer_, &QTimer::timeout, this, &MainWindow::updateProgress);
  connect(stop_, &QPushButton::clicked, this, [this] {
    runner_->abandon();
    statusBar()->showMessage(tr("Run stopped; showing the last results"), 5000);
    progress_->setVisible(false);
    stop_->setVisible(false);
    progressTimer_->stop();
  });

  connect(document_, &Document::sessionChanged, this, &MainWindow::onSessionChanged);
  connect(document_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  connect(document_, &Document::filePathChanged, this, &MainWindow::updateTitle);
  connect(runner_, &SimulationRunner::finished, this, &MainWindow::applyResult);
  connect(runner_, &SimulationRunner::failed, this, &MainWindow::onFailure);
  connect(runner_, &SimulationRunner::busyChanged, this, [this](bool busy) {
    if (busy) {
      statusBar()->showMessage(document_->session().mode == SimulationMode::ForwardSimulation ? tr("Forward simulation…")
                                                                                               : tr("Simulating…"));
      busyTimer_->start();
    } else {
      busyTimer_->stop();
    }
    updateBusy();
  });
  connect(playback_, &PlaybackController::sampleChanged, this, &MainWindow::onSample);
  const auto seekTime = [this](double t) {
    if (!result_ || result_->samples() == 0) return;
    const auto& times = result_->record.t;
    const auto it = std::lower_bound(times.begin(), times.end(), t);
    playback_->setSample(static_cast<int>(std::min<size_t>(it - times.begin(), times.size() - 1)));
  };
  for (PlotPanel* panel : {plots_, controlPlots_}) connect(panel, &PlotPanel::timeClicked, this, seekTime);
  connect(kinematics_, &KinematicsPanel::timeClicked, this, seekTime);
  connect(tableView_, &QTableView::clicked, this,
          [this](const QModelIndex& index) { playback_->setSample(tableModel_->sampleOfRow(index.row())); });
  // Arrow keys (Up/Down, PgUp/PgDn) in the focused table move the time cursor as a click does.
  connect(tableView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid() && tableView_->hasFocus()) playback_->setSample(tableModel_->sampleOfRow(current.row()));
          });
  // The playback keys (arrows, Home/End, Space, +/-) are window shortcuts; a focused slider,
  // spin box, line edit or table keeps them (see eventFilter).
  qApp->installEventFilter(this);

  viewSettings_ = loadViewSettings();
  buildMenus();
  viewport_->scene().setSettings(viewSettings_);
  updateTitle();
}

MainWindow::~MainWindow() {
  qApp->removeEventFilter(this);
  // Children (the document, the runner, the docks being hidden) outlive this body: none may call
  // back into a window whose own members are gone (found by UBSan).
  for (QObject* child : findChildren<QObject*>()) QObject::disconnect(child, nullptr, this, nullptr);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(event);
    auto* widget = qobject_cast<QWidget*>(watched);
    const int k = key->key();
    const bool playbackKey = k == Qt::Key_Left || k == Qt::Key_Right || k == Qt::Key_Up || k == Qt::Key_Down ||
                             k == Qt::Key_Home || k == Qt::Key_End || k == Qt::Key_Space || k == Qt::Key_Plus ||
                             k == Qt::Key_Minus || k == Qt::Key_Equal || k == Qt::Key_PageUp || k == Qt::Key_PageDown;
    const bool plain = (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    if (playbackKey && plain && widget && widget->window() == this &&
        (qobject_cast<QAbstractSlider*>(widget) || qobject_cast<QAbstractSpinBox*>(widget) ||
         qobject_cast<QLineEdit*>(widget) || qobject_cast<QAbstractItemView*>(widget))) {
      event->accept();  // the widget handles the key; the shortcut does not fire
      return true;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

template <typename D>
D* MainWindow::showDialog(QPointer<D>& slot) {
  // A dialog built for another robot (different links) is rebuilt; closing it first commits a
  // value typed in it (FieldDialog::closeEvent).
  if (slot) {
    slot->close();
    delete slot.data();
  }
  slot = new D(document_, this);
  slot->setAttribute(Qt::WA_DeleteOnClose);
  slot->show();
  slot->raise();
  return slot.data();
}

LinkParametersDialog* MainWindow::showLinkParameters() {
  LinkParametersDialog* d = showDialog(linkParametersDialog_);
  connect(d, &LinkParametersDialog::linkDimensionsRequested, this, [this] { showLinkDimensions(); });
  return d;
}
LinkDimensionsDialog* MainWindow::showLinkDimensions() { return showDialog(linkDimensionsDialog_); }
TrajectoryPointsDialog* MainWindow::showTrajectoryPoints() { return showDialog(trajectoryDialog_); }
InertiaDialog* MainWindow::showInertia() { return showDialog(inertiaDialog_); }
SimulationParametersDialog* MainWindow::showSimulationParameters() { return showDialog(simulationDialog_); }
ToolDialog* MainWindow::showTool() { return showDialog(toolDialog_); }
ToolWrenchDialog* MainWindow::showToolWrench() { return showDialog(toolWrenchDialog_); }
DrivesDialog* MainWindow::showDrives() { return showDialog(drivesDialog_); }
ConstraintsDialog* MainWindow::showConstraints() { return showDialog(constraintsDialog_); }
InputProfileDialog* MainWindow::showInputProfile() { return showDialog(profileDialog_); }

ControllerDialog* MainWindow::showController() {
  ControllerDialog* d = showDialog(controllerDialog_);
  connect(d, &ControllerDialog::constraintsRequested, this, [this] { showConstraints(); });
  connect(d, &ControllerDialog::profileRequested, this, [this] { showInputProfile(); });
  connect(d, &ControllerDialog::tunerRequested, this, [this] { showTuner(); });
  return d;
}

TunerDialog* MainWindow::showTuner() {
  if (tunerDialog_) delete tunerDialog_.data();
  // Start from the arm as it is under the time cursor (the home pose before any result).
  Eigen::VectorXd q = Model(document_->robot()).home();
  if (result_ && result_->samples() > 0 && result_->model->dof() == document_->robot().dof())
    q = result_->record.q.row(std::clamp(playback_->sample(), 0, result_->samples() - 1)).transpose();
  tunerDialog_ = new TunerDialog(document_, q, this);
  tunerDialog_->setAttribute(Qt::WA_DeleteOnClose);
  connect(document_, &Document::sessionChanged, tunerDialog_, [this] {
    if (tunerDialog_ && tunerDialog_->jointCombo()->count() != document_->robot().dof()) tunerDialog_->close();
  });
  tunerDialog_->show();
  tunerDialog_->raise();
  return tunerDialog_.data();
}

SimulationMode MainWindow::simulationMode() const { return document_->session().mode; }

void MainWindow::setSimulationMode(SimulationMode mode) {
  if (document_->session().mode == mode) return;
  StudioSession s = document_->session();
  s.mode = mode;
  showControlTabOnResult_ = mode == SimulationMode::ForwardSimulation;
  document_->edit(s, mode == SimulationMode::ForwardSimulation ? tr("Forward simulation under the controller")
                                                               : tr("Prescribed motion (Vora)"));
}

void MainWindow::updateBusy() {
  const bool show = runner_->isBusy() && !busyTimer_->isActive();
  progress_->setVisible(show);
  stop_->setVisible(show);
  if (show) {
    updateProgress();
    progressTimer_->start();
  } else {
    progressTimer_->stop();
    progress_->setRange(0, 0);
  }
}

void MainWindow::updateProgress() {
  const double fraction = runner_->progress();
  if (fraction < 0.0) {
    progress_->setRange(0, 0);
    return;
  }
  progress_->setRange(0, 100);
  progress_->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100.0));
}

QDialog* MainWindow::showViewSettings() {
  if (viewSettingsDialog_) delete viewSettingsDialog_.data();
  auto* d = new ViewSettingsDialog(viewSettings_, this);
  d->setAttribute(Qt::WA_DeleteOnClose);
  connect(d, &ViewSettingsDialog::settingsChanged, this, &MainWindow::setViewSettings);
  viewSettingsDialog_ = d;
  d->show();
  return d;
}

void MainWindow::setViewSettings(const ViewSettings& s) {
  // The one copy: the scene, the View menu's check marks and an open dialog all follow it.
  viewSettings_ = s;
  saveViewSettings(s);
  viewport_->scene().setSettings(s);
  viewport_->scene().setTaskPoints(document_->task(), unreachable_);
  for (const auto& [action, member] : viewToggles_) {
    const QSignalBlocker block(action);
    action->setChecked(viewSettings_.*member);
  }
  if (viewSettingsDialog_) viewSettingsDialog_->setSettings(s);
  onSample(playback_->sample());
}

QDialog* MainWindow::showInstructions() {
  auto* d = new InstructionsDialog(this);
  d->setAttribute(Qt::WA_DeleteOnClose);
  d->show();
  return d;
}

void MainWindow::setTeachMode(bool on) { teachDock_->setVisible(on); }

void MainWindow::buildMenus() {
  QStyle* st = style();
  // ---- File ----
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* newAct = file->addAction(st->standardIcon(QStyle::SP_FileIcon), tr("&New…"), this, &MainWindow::fileNew);
  newAct->setShortcut(QKeySequence::New);
  QAction* openAct =
      file->addAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, &MainWindow::fileOpen);
  openAct->setShortcut(QKeySequence::Open);
  QAction* libAct = file->addAction(st->standardIcon(QStyle::SP_DirHomeIcon), tr("Open &library robot…"), this,
                                    &MainWindow::fileOpenLibrary);
  libAct->setShortcut(QKeySequence(tr("Ctrl+L")));
  recentMenu_ = file->addMenu(tr("Open &recent"));
  rebuildRecentMenu();
  file->addAction(tr("&Import Vora spec or trajectory file…"), this, &MainWindow::fileImport);
  file->addAction(tr("Import &URDF robot…"), this, &MainWindow::fileImportUrdf)
      ->setShortcut(QKeySequence(tr("Ctrl+Shift+U")));
  file->addSeparator();
  QAction* saveAct =
      file->addAction(st->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this, &MainWindow::fileSave);
  saveAct->setShortcut(QKeySequence::Save);
  QAction* saveAsAct = file->addAction(tr("Save &as…"), this, &MainWindow::fileSaveAs);
  saveAsAct->setShortcut(QKeySequence::SaveAs);
  QMenu* exportMenu = file->addMenu(tr("&Export"));
  exportMenu->addAction(tr("Plots (PNG/PDF%1)…").arg(PlotPanel::exportFormats().contains("svg") ? "/SVG" : ""), this,
                        &MainWindow::exportPlotsInteractive);
  exportMenu->addAction(tr("Control plots (PNG/PDF%1)…").arg(PlotPanel::exportFormats().contains("svg") ? "/SVG" : ""), this,
                        &MainWindow::exportControlPlotsInteractive);
  exportMenu->addAction(tr("Tabulated results (CSV)…"), this, [this] { exportTableInteractive(false); })
      ->setStatusTip(tr("Header t,q1,…,f1,… as armdyn simulate --csv writes it; SI units"));
  exportMenu->addAction(tr("Tabulated results with units (CSV)…"), this, [this] { exportTableInteractive(true); })
      ->setStatusTip(tr("Header with the unit of every column: t (s),q1 (rad),…"));
  exportMenu->addAction(tr("Robot as &URDF…"), this, &MainWindow::exportUrdfInteractive);
  exportMenu->addAction(tr("Summary results (CSV)…"), this, &MainWindow::exportSummaryInteractive);
  exportMenu->addAction(tr("Screenshot of the window (PNG)…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save screenshot"), "armdyn.png", "PNG (*.png)");
    if (!path.isEmpty()) screenshot().save(path);
  });
  file->addSeparator();
  QAction* exitAct = file->addAction(tr("E&xit"), this, &QWidget::close);
  exitAct->setShortcut(QKeySequence::Quit);

  // ---- Edit ----
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  undo->setIconText(tr("Undo"));
  undo->setIcon(st->standardIcon(QStyle::SP_ArrowBack));
  QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  redo->setIconText(tr("Redo"));
  redo->setIcon(st->standardIcon(QStyle::SP_ArrowForward));
  edit->addAction(undo);
  edit->addAction(redo);

  // ---- Vora's MAIN menu (fig 5.6), in his order ----
  QMenu* main = menuBar()->addMenu(tr("&Main menu"));
  QToolBar* bar = addToolBar(tr("Main menu"));
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
    connect(a, &QAction::triggered, this, slot);
    bar->addAction(a);
    return a;
  };
  item(1, tr("Instructions for running the program"), tr("Instructions"), [this] { showInstructions(); });
  QAction* display = item(2, tr("Display parameters and dimensions"), tr("Display"),
                          [this] { parametersDock_->setVisible(!parametersDock_->isVisible()); });
  display->setCheckable(true);
  connect(parametersDock_, &QDockWidget::visibilityChanged, display, &QAction::setChecked);
  item(3, tr("Print parameters and dimensions…"), tr("Print"), [this] { printParametersInteractive(); });
  QMenu* change = main->addMenu(menuNumberIcon(4, colourOf(4)), tr("&4. Change parameters, dimensions or trajectory points"));
  change->addAction(tr("&1. Change link parameters (θ, d, α, a)…"), this, [this] { showLinkParameters(); });
  change->addAction(tr("&2. Change link dimensions (density, X, Y, Z)…"), this, [this] { showLinkDimensions(); });
  change->addAction(tr("&3. Change trajectory points…"), this, [this] { showTrajectoryPoints(); });
  change->addAction(tr("&4. Display current parameters and dimensions"), this, [this] { parametersDock_->show(); });
  change->addAction(tr("&5. Tool load (force and moment the tool exerts)…"), this, [this] { showToolWrench(); });
  QAction* changeAct = change->menuAction();
  changeAct->setIconText(tr("Change"));
  bar->addAction(changeAct);
  if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(changeAct))) b->setPopupMode(QToolButton::InstantPopup);
  item(5, tr("Input or change inertia matrices…"), tr("Inertia"), [this] { showInertia(); });
  item(6, tr("Change simulation parameters…"), tr("DT/TACC"), [this] { showSimulationParameters(); });
  item(7, tr("Change tool (end effector)…"), tr("Tool"), [this] { showTool(); });
  item(8, tr("Change drawing scale factor and view…"), tr("View"), [this] { showViewSettings(); });
  item(9, tr("Simulate"), tr("Simulate"), [this] { simulate(); })->setShortcut(QKeySequence(Qt::Key_F5));
  item(10, tr("Display plots"), tr("Plots"), [this] { tabs_->setCurrentWidget(plots_); });
  item(11, tr("Print tables…"), tr("Tables"), [this] { printTableInteractive(); });
  main->addAction(tr("12. &End the program"), this, &QWidget::close);

  // ---- Control (issue 4): the simulation mode and the forward simulation's drives and controller ----
  QMenu* controlMenu = menuBar()->addMenu(tr("&Control"));
  modeActions_ = new QActionGroup(this);
  QAction* prescribed = controlMenu->addAction(tr("&Prescribed motion (Vora: the task's motion and the forces it needs)"));
  QAction* forward = controlMenu->addAction(tr("&Forward simulation under the controller"));
  for (QAction* a : {prescribed, forward}) {
    a->setCheckable(true);
    modeActions_->addAction(a);
  }
  prescribed->setChecked(true);
  connect(prescribed, &QAction::triggered, this, [this] { setSimulationMode(SimulationMode::PrescribedMotion); });
  connect(forward, &QAction::triggered, this, [this] { setSimulationMode(SimulationMode::ForwardSimulation); });
  controlMenu->addSeparator();
  controlMenu->addAction(tr("&Drives (gears, friction, motors)…"), this, [this] { showDrives(); });
  controlMenu->addAction(tr("&Controller…"), this, [this] { showController(); });
  controlMenu->addAction(tr("Joint constraint &modes…"), this, [this] { showConstraints(); });
  controlMenu->addAction(tr("&Input profile (open loop)…"), this, [this] { showInputProfile(); });
  controlMenu->addAction(tr("&Ziegler-Nichols tuner…"), this, [this] { showTuner(); });
  controlMenu->addSeparator();
  controlMenu->addAction(tr("Control &plots"), this, [this] { tabs_->setCurrentWidget(controlPlots_); });
  bar->addSeparator();
  modeCombo_ = new QComboBox(this);
  modeCombo_->setObjectName("modeCombo");
  modeCombo_->addItems({tr("Prescribed motion"), tr("Forward simulation")});
  modeCombo_->setToolTip(tr("Prescribed motion: Vora's task simulation, the joint motion of the task and the forces it "
                            "takes. Forward simulation: the arm driven by its controller along the same task."));
  connect(modeCombo_, &QComboBox::activated, this,
          [this](int index) { setSimulationMode(index == 0 ? SimulationMode::PrescribedMotion : SimulationMode::ForwardSimulation); });
  bar->addWidget(modeCombo_);
  QAction* controllerAct = bar->addAction(menuIcon("C", QColor(30, 110, 160)), tr("Controller"), this, [this] { showController(); });
  controllerAct->setToolTip(tr("Controller of the forward simulation"));
  QAction* drivesAct = bar->addAction(menuIcon("D", QColor(30, 110, 160)), tr("Drives"), this, [this] { showDrives(); });
  drivesAct->setToolTip(tr("Drives: gears, friction, DC motors"));
  QAction* tunerAct = bar->addAction(menuIcon("Z", QColor(30, 110, 160)), tr("Tuner"), this, [this] { showTuner(); });
  tunerAct->setToolTip(tr("Ziegler-Nichols tuner"));

  // ---- View ----
  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Iso view"), this, [this] { viewport_->setStandardView(StandardView::Iso); })
      ->setShortcut(QKeySequence(tr("Ctrl+1")));
  view->addAction(tr("&Front view"), this, [this] { viewport_->setStandardView(StandardView::Front); })
      ->setShortcut(QKeySequence(tr("Ctrl+2")));
  view->addAction(tr("&Top view"), this, [this] { viewport_->setStandardView(StandardView::Top); })
      ->setShortcut(QKeySequence(tr("Ctrl+3")));
  view->addAction(tr("&Side view"), this, [this] { viewport_->setStandardView(StandardView::Side); })
      ->setShortcut(QKeySequence(tr("Ctrl+4")));
  view->addAction(tr("Fit to &view"), this, [this] { viewport_->fitToView(); })->setShortcut(QKeySequence(tr("F")));
  view->addSeparator();
  auto toggle = [&](const QString& text, bool ViewSettings::*member, const char* name) {
    QAction* a = view->addAction(text);
    a->setObjectName(name);
    a->setCheckable(true);
    a->setChecked(viewSettings_.*member);
    viewToggles_.emplace_back(a, member);
    connect(a, &QAction::toggled, this, [this, member](bool on) {
      ViewSettings s = viewSettings_;
      s.*member = on;
      setViewSettings(s);
    });
  };
  toggle(tr("Link &frames"), &ViewSettings::showFrames, "viewShowFrames");
  toggle(tr("Joint &axes"), &ViewSettings::showJointAxes, "viewShowJointAxes");
  toggle(tr("&Ghosts at segment end points"), &ViewSettings::showGhosts, "viewShowGhosts");
  toggle(tr("Tool &path"), &ViewSettings::showPath, "viewShowPath");
  toggle(tr("Floor &grid"), &ViewSettings::showGrid, "viewShowGrid");
  toggle(tr("&Mass model bodies (bars, inertia boxes)"), &ViewSettings::showMassBodies, "viewShowMassBodies");
  workspaceAct_ = view->addAction(tr("Show reachable &workspace"));
  workspaceAct_->setObjectName("viewShowWorkspace");
  workspaceAct_->setCheckable(true);
  workspaceAct_->setShortcut(QKeySequence(tr("Ctrl+Shift+W")));
  workspaceAct_->setToolTip(tr("The tool origin's reachable workspace as a point cloud (1e5 samples), with its "
                               "volume, reach and structural length index Q_L"));
  connect(workspaceAct_, &QAction::toggled, this, &MainWindow::setWorkspaceShown);
  view->addSeparator();
  QAction* teachAct = teachDock_->toggleViewAction();
  bar->addSeparator();
  bar->addAction(undo);
  bar->addAction(redo);
  teachAct->setText(tr("&Teach mode"));
  teachAct->setShortcut(QKeySequence(tr("Ctrl+T")));
  teachAct->setIcon(menuIcon("T", QColor(120, 80, 170)));
  teachAct->setIconText(tr("Teach"));
  view->addAction(teachAct);
  view->addAction(parametersDock_->toggleViewAction());
  view->addAction(tr("&Summary results"), this, [this] { tabs_->setCurrentWidget(summary_); });
  view->addAction(tr("&Kinematics (IK branches, singularities)"), this, [this] { tabs_->setCurrentWidget(kinematics_); })
      ->setShortcut(QKeySequence(tr("Ctrl+K")));
  view->addAction(tr("Acc&uracy (ISO 9283 bench, error against speed)"), this, [this] { tabs_->setCurrentWidget(accuracy_); });
  bar->addAction(teachAct);

  // ---- Playback ----
  QMenu* play = menuBar()->addMenu(tr("&Playback"));
  for (QAction* a : playbackBar_->actions()) play->addAction(a);
  addActions(playbackBar_->actions());

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Instructions"), this, [this] { showInstructions(); });
  help->addAction(tr("&About armdyn Studio"), this, [this] {
    QMessageBox::about(this, tr("About armdyn Studio"),
                       tr("<b>armdyn Studio</b><br>Dynamic simulation of serial robot manipulators, after "
                          "H. Vora (1984). Qt %1, OpenSceneGraph, QCustomPlot.")
                           .arg(qVersion()));
  });
}

void MainWindow::updateTitle() {
  // "[*]" shows as "*" while the document has unsaved changes.
  QString name = document_->filePath().isEmpty() ? tr("untitled") : QFileInfo(document_->filePath()).fileName();
  if (document_->filePath().isEmpty() && !document_->session().robotFile.empty()) {
    name = QFileInfo(QString::fromStdString(document_->session().robotFile)).fileName() + tr(" (robot)");
  }
  const QString robot = QString::fromStdString(document_->robot().name).trimmed();
  // No robot yet (or one without a name): no empty " —  — " in the title.
  setWindowTitle(robot.isEmpty() ? QStringLiteral("%1[*] — armdyn Studio").arg(name)
                                 : QStringLiteral("%1[*] — %2 — armdyn Studio").arg(name, robot));
  setWindowModified(document_->isModified());
}

void MainWindow::onSessionChanged() {
  updateTitle();
  const bool forward = document_->session().mode == SimulationMode::ForwardSimulation;
  modeCombo_->setCurrentIndex(forward ? 1 : 0);
  modeActions_->actions()[forward ? 1 : 0]->setChecked(true);
  if (document_->isModified()) autosave_->schedule(document_->session());
  runner_->request(document_->session());
  if (parametersDock_->isVisible()) refreshParameters();
  if (teachDock_->isVisible()) teach_->setRobot(document_->robot());
  kinematicsStale_ = true;
  if (workspaceAct_ && workspaceAct_->isChecked()) computeWorkspace();
  // The scene is redrawn when the run's result (or failure) arrives, not here: a GL frame now
  // would only delay the result.
}

void MainWindow::startAutosave() { autosave_->begin(); }

void MainWindow::simulate() { runner_->request(document_->session()); }

void MainWindow::applyResult(const SimulationResultPtr& result) {
  static const bool profile = qEnvironmentVariableIsSet("ARMDYN_PROFILE_APPLY");
  QElapsedTimer clock;
  clock.start();
  QStringList stages;
  auto stage = [&](const char* name) {
    if (!profile) return;
    stages << QStringLiteral("%1 %2").arg(name).arg(clock.nsecsElapsed() / 1e6, 0, 'f', 1);
    clock.restart();
  };
  result_ = result;
  unreachable_ = -1;
  kinematicsStale_ = true;
  banner_->setVisible(false);
  ArmScene& scene = viewport_->scene();
  scene.setResult(result_);
  // In teach mode the arm stays where the teach joints put it (a new run, e.g. after recording
  // the pose into the task, would otherwise draw sample 0).
  if (teachDock_->isVisible()) scene.showFrames(teach_->frames());
  scene.setTaskPoints(result_->session.task, -1);
  if (fitPending_) {
    viewport_->fitToView();
    fitPending_ = false;
  }
  stage("scene");
  plots_->setResult(result_);
  controlPlots_->setResult(result_);
  stage("plots");
  tableModel_->setResult(result_);
  stage("table");
  summary_->setResult(result_);
  stage("summary");
  sizing_->setResult(result_);
  phase_->setResult(result_);
  stage("sizing");
  kinematics_->setResult(result_);  // its maps along the task: computed when the tab is on screen
  stage("kinematics");
  playback_->setTimes(result_->record.t);
  if (teachDock_->isVisible() && teach_->joints().size() != result_->model->dof()) {
    teach_->setRobot(result_->session.robot);
  }
  if (teachDock_->isVisible() && fitPendingTeach_) {
    // Teach mode opened before the first result: start from the arm's current pose.
    teach_->setJoints(result_->record.q.row(playback_->sample()).transpose());
    fitPendingTeach_ = false;
  }
  onSample(playback_->sample());
  stage("cursor");
  if (result_->isForward()) {
    status_->setText(tr("Forward simulation (%1 input): %2 records, %3 s, computed in %4 ms")
                         .arg(QString::fromLatin1(driveInputName(result_->record.forward.input)))
                         .arg(result_->samples())
                         .arg(result_->record.summary.taskTime, 0, 'f', 3)
                         .arg(result_->computeMs, 0, 'f', 1));
    if (showControlTabOnResult_) tabs_->setCurrentWidget(controlPlots_);
  } else {
    status_->setText(tr("%1 samples, task time %2 s, computed in %3 ms")
                         .arg(result_->samples())
                         .arg(result_->record.summary.taskTime, 0, 'f', 3)
                         .arg(result_->computeMs, 0, 'f', 1));
    if (showControlTabOnResult_ || tabs_->currentWidget() == controlPlots_) tabs_->setCurrentWidget(plots_);
  }
  showControlTabOnResult_ = false;
  showNotice();
  stage("status");
  if (profile) std::fprintf(stderr, "apply: %s\n", qPrintable(stages.join(", ")));
  Q_EMIT resultApplied(result_->generation);
}

void MainWindow::onFailure(const SimulationFailure& failure) {
  unreachable_ = failure.pointIndex;
  QString text = failure.pointIndex >= 0 ? tr("Point %1 cannot be reached: %2").arg(failure.pointIndex + 1).arg(failure.message)
                 : failure.diverged       ? tr("Forward simulation stopped, %1").arg(failure.message)
                                          : tr("Simulation failed: %1").arg(failure.message);
  showControlTabOnResult_ = false;
  if (result_) text += tr(" — showing the last good results.");
  banner_->setText(text);
  banner_->setVisible(true);
  viewport_->scene().setTaskPoints(document_->task(), unreachable_);
  viewport_->update();  // the view itself stays as the user left it
  showNotice();
  Q_EMIT simulationFailed(failure.message, failure.pointIndex);
}

QString MainWindow::problemText() const { return banner_->isVisible() ? banner_->text() : QString(); }

void MainWindow::onSample(int sample) {
  picked_.resize(0);  // the time cursor takes the arm back from a picked branch
  if (!teachDock_->isVisible()) viewport_->scene().showSample(sample);
  viewport_->update();
  // While playing, the plot cursors and the table follow at 20 Hz (their own schedule); the
  // arm follows every frame.
  if (playback_->isPlaying() && cursorClock_.isValid() && cursorClock_.elapsed() < 50) return;
  cursorClock_.start();
  plots_->setCursorTime(playback_->time());
  controlPlots_->setCursorTime(playback_->time());
  kinematics_->setCursorTime(playback_->time());
  tableModel_->setCurrentSample(sample);
  if (tabs_->currentWidget() == tableView_ && !playback_->isPlaying()) {
    tableView_->scrollTo(tableModel_->index(tableModel_->rowOf(sample), 0), QAbstractItemView::PositionAtCenter);
  }
  updateKinematics();
}

Eigen::VectorXd MainWindow::displayedJoints() const {
  if (teachDock_->isVisible()) return teach_->joints();
  if (picked_.size() > 0) return picked_;
  if (result_ && result_->samples() > 0)
    return result_->record.q.row(std::clamp(playback_->sample(), 0, result_->samples() - 1)).transpose();
  return Eigen::VectorXd();
}

void MainWindow::updateKinematics() {
  if (tabs_->currentWidget() != kinematics_) return;
  const bool teach = teachDock_->isVisible();
  if (!teach && (!result_ || result_->samples() == 0)) return;
  if (kinematicsStale_) {
    // The robot of the pose shown: the document's in teach mode, else the one simulated.
    kinematics_->setRobot(teach ? document_->robot() : result_->session.robot);
    kinematicsStale_ = false;
  }
  const QString where = teach              ? tr("teach pose")
                        : picked_.size() > 0 ? tr("picked branch")
                                             : tr("t = %1 s").arg(playback_->time(), 0, 'f', 3);
  kinematics_->setJoints(displayedJoints(), where);
}

void MainWindow::showPickedBranch(const Eigen::VectorXd& q) {
  if (teachDock_->isVisible()) {
    teach_->setJoints(q);  // the scene and this tab follow the teach pose
    return;
  }
  if (!result_ || q.size() != result_->model->dof()) return;
  picked_ = q;
  // The arm in that branch: the frames of the core forward kinematics (base, links, tool).
  std::vector<Eigen::Matrix4d> frames(static_cast<std::size_t>(q.size()) + 2);
  frames.back() = forwardKinematics(*result_->model, q, frames.data());
  viewport_->scene().showFrames(frames);
  viewport_->update();
  updateKinematics();
}

void MainWindow::setWorkspaceShown(bool shown) {
  if (workspaceAct_->isChecked() != shown) {
    const QSignalBlocker block(workspaceAct_);
    workspaceAct_->setChecked(shown);
  }
  if (shown) {
    computeWorkspace();
    return;
  }
  ++workspaceGeneration_;  // a run still going is dropped when it ends
  workspace_.reset();
  workspaceRobot_.clear();
  workspaceBusy_ = false;
  viewport_->container()->unsetCursor();
  viewport_->scene().setWorkspace(nullptr);
  workspaceInfo_->setVisible(false);
  viewport_->update();
}

void MainWindow::computeWorkspace() {
  const RobotSpec robot = document_->robot();
  std::string key;
  try {
    key = robotToYaml(robot);
  } catch (const std::exception&) {
    key.clear();
  }
  // Task and mode edits leave the robot, and so its workspace, as it was.
  if (!key.empty() && key == workspaceRobot_ && (workspace_ || workspaceBusy_)) return;
  workspaceRobot_ = key;
  const quint64 generation = ++workspaceGeneration_;
  workspaceBusy_ = true;
  viewport_->container()->setCursor(Qt::BusyCursor);
  workspaceInfo_->setText(tr("Estimating the reachable workspace (%L1 samples)…").arg(kWorkspaceSamples));
  workspaceInfo_->setVisible(true);
  auto* watcher = new QFutureWatcher<WorkspaceOutcome>(this);
  connect(watcher, &QFutureWatcher<WorkspaceOutcome>::finished, this, [this, watcher, generation] {
    watcher->deleteLater();
    if (generation != workspaceGeneration_) return;  // toggled off, or a newer robot
    const WorkspaceOutcome outcome = watcher->result();
    workspaceBusy_ = false;
    viewport_->container()->unsetCursor();
    const bool first = !workspace_;
    workspace_ = outcome.estimate;
    viewport_->scene().setWorkspace(workspace_.get());
    if (first && workspace_) viewport_->fitToView();  // the whole cloud in view when it appears
    viewport_->update();
    if (!workspace_) {
      workspaceInfo_->setText(tr("Workspace not estimated: %1").arg(outcome.error));
      Q_EMIT workspaceReady(0.0);
      return;
    }
    const WorkspaceEstimate& w = *workspace_;
    int revolute = 0;  // manipulability of the position joints: m per revolute joint among 1-3
    for (int i = 0; i < std::min(3, document_->robot().dof()); ++i)
      revolute += document_->robot().links[static_cast<std::size_t>(i)].joint == JointType::Revolute ? 1 : 0;
    static const char* powers[] = {"", " m", " m²", " m³"};
    workspaceInfo_->setText(
        tr("<b>Reachable workspace</b> of the tool origin: volume %1 m³, reach %2 m, structural length index "
           "Q<sub>L</sub> = %3 (L = %4 m). %L5 samples, %L6 voxels of %7 mm. Colour: mean manipulability "
           "√det(J Jᵀ) of the voxel's samples, <span style='color:#1a4fd0'>blue</span> 0 (singular) to "
           "<span style='color:#d02010'>red</span> %8%9; grey: filled between samples.")
            .arg(w.volume, 0, 'f', 3)
            .arg(w.reach, 0, 'f', 3)
            .arg(w.structuralLengthIndex, 0, 'f', 3)
            .arg(w.lengthSum, 0, 'f', 3)
            .arg(w.samples)
            .arg(viewport_->scene().workspacePointCount())
            .arg(w.voxel * 1000.0, 0, 'f', 1)
            .arg(static_cast<double>(w.manipulabilityMax), 0, 'g', 3)
            .arg(QString::fromUtf8(powers[std::clamp(revolute, 0, 3)])));
    workspaceInfo_->setToolTip(tr("Centres of the occupied voxels of the core's sampled estimate (Craig 8.4, seeded), "
                                  "coloured by the mean manipulability of the samples in each voxel."));
    Q_EMIT workspaceReady(w.volume);
  });
  watcher->setFuture(QtConcurrent::run([robot] {
    WorkspaceOutcome out;
    try {
      out.estimate = std::make_shared<const WorkspaceEstimate>(estimateWorkspace(Model(robot), kWorkspaceSamples, 1, true));
    } catch (const std::exception& e) {
      out.error = QString::fromStdString(e.what());
    }
    return out;
  }));
}

void MainWindow::refreshParameters() {
  try {
    const Model model(document_->robot());
    parametersText_->setHtml(parametersHtml(model, document_->task()));
  } catch (const std::exception& e) {
    parametersText_->setHtml(tr("<p style='color:#b00020'>%1</p>").arg(QString::fromStdString(e.what()).toHtmlEscaped()));
  }
}

bool MainWindow::openFile(const QString& path, QString* error) {
  const std::string p = path.toStdString();
  try {
    QString controllerProblem;
    StudioSession s = loadStudioSession(path, &controllerProblem);
    // A robot that comes without a task (a URDF, a Vora specification) starts with a joint
    // sweep, so that it moves and shows its torques at once.
    const bool sweep = s.task.pointCount() == 0;
    if (sweep) s.task = jointSweepTask(s.robot);
    if (!compareFiles_) {
      plots_->resetComparison();
      controlPlots_->resetComparison();
      summary_->resetComparison();
    }
    document_->reset(s, QString());
    if (!controllerProblem.isEmpty()) {
      showError(tr("Controller file"), tr("%1 was not read (%2); the default controller is used")
                                           .arg(controllerPathFor(path), controllerProblem));
    }
    // A saved session is reopened and saved in place; a robot file is saved as a new session.
    if (s.robotFile.empty() || s.robotFile == p) {
      if (!s.taskFile.empty() && s.taskFile == p) document_->markSaved(path);
    }
    fitPending_ = true;
    addRecent(path);
    if (sweep) notice(tr("%1 holds no task: a joint sweep was added (Task menu to change it)").arg(QFileInfo(path).fileName()));
    return true;
  } catch (const std::exception& sessionError) {
    try {
      TaskSpec task = loadTask(p);
      // Another task is not an edit to compare with: its first run has no previous run.
      if (!compareFiles_) {
        plots_->resetComparison();
        controlPlots_->resetComparison();
        summary_->resetComparison();
      }
      if (document_->robot().links.empty()) {
        // A task alone: run it on the default robot.
        Session s = loadSession(defaultRobotPath());
        s.task = task;
        s.taskFile = p;
        document_->reset(s, QString());
        fitPending_ = true;
      } else {
        document_->edit(task, tr("Open task %1").arg(QFileInfo(path).fileName()));
      }
      addRecent(path);
      return true;
    } catch (const std::exception&) {
      if (error) *error = QString::fromStdString(sessionError.what());
      return false;
    }
  }
}

bool MainWindow::importFile(const QString& path, QString* error) {
  const std::string p = path.toStdString();
  try {
    RobotSpec robot = loadRobot(p);
    StudioSession s = document_->session();
    s.robot = robot;
    s.robotFile = p;  // the title names the imported file
    // The task stays when it can serve the new arm (tool poses, or joint points of its joint
    // count), and the status bar says so; otherwise the arm starts with a joint sweep.
    const bool jointPoints = s.task.jointPoints.rows() > 0;
    const bool keep = s.task.pointCount() > 0 && (!jointPoints || s.task.jointPoints.cols() == robot.dof());
    if (!keep) s.task = jointSweepTask(robot);
    document_->edit(s, tr("Import %1").arg(QFileInfo(path).fileName()));
    notice(keep ? tr("Imported %1; the task \"%2\" of the previous robot is kept (Task menu to change it)")
                      .arg(QFileInfo(path).fileName(), QString::fromStdString(s.task.name))
                : tr("Imported %1 with a joint sweep task (the previous task does not fit it)").arg(QFileInfo(path).fileName()));
    fitPending_ = true;
    return true;
  } catch (const std::exception& robotError) {
    try {
      TaskSpec task = loadTask(p);
      document_->edit(task, tr("Import %1").arg(QFileInfo(path).fileName()));
      return true;
    } catch (const std::exception& taskError) {
      if (error) *error = tr("Neither a robot (%1) nor a trajectory (%2)").arg(robotError.what(), taskError.what());
      return false;
    }
  }
}

bool MainWindow::importUrdf(const QString& path, const QString& tip, QString* error) {
  try {
    UrdfOptions options;
    options.tip = tip.toStdString();
    const UrdfImport import = loadUrdf(path.toStdString(), options);
    StudioSession s = document_->session();
    s.robot = import.robot;
    s.robotFile = path.toStdString();
    s.task = jointSweepTask(import.robot);
    s.taskFile.clear();
    s.mode = SimulationMode::PrescribedMotion;
    document_->edit(s, tr("Import URDF %1").arg(QFileInfo(path).fileName()));
    fitPending_ = true;
    QString message = tr("Imported %1 from %2: %3 joints, %4 to %5; URDF and DH forward kinematics agree to %6; "
                         "a joint sweep task was added (Task menu to change it)")
                          .arg(QString::fromStdString(import.robot.name), QFileInfo(path).fileName())
                          .arg(import.robot.dof())
                          .arg(QString::fromStdString(import.root), QString::fromStdString(import.tip))
                          .arg(import.fkResidual, 0, 'g', 2);
    notice(message);
    if (interactive_ && !import.notes.empty()) {
      QStringList notes;
      for (const std::string& n : import.notes) notes << QString::fromStdString(n);
      QMessageBox::information(this, tr("Import URDF"), message + "\n\n" + notes.join("\n"));
    }
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool MainWindow::exportUrdf(const QString& path, QString* error) {
  try {
    writeFileAtomic(path.toStdString(), robotToUrdf(Model(document_->robot())));
    statusBar()->showMessage(tr("Robot written as URDF to %1").arg(path), 8000);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void MainWindow::notice(const QString& message) {
  notice_ = message;
  statusBar()->showMessage(message, 15000);
}

void MainWindow::showNotice() {
  if (notice_.isEmpty()) {
    statusBar()->clearMessage();
    return;
  }
  statusBar()->showMessage(notice_, 15000);
  notice_.clear();
}

void MainWindow::fileImportUrdf() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Import URDF robot"), QString::fromStdString(robotsDirectory()),
                                                    tr("URDF robots (*.urdf);;All files (*)"));
  if (path.isEmpty()) return;
  QString tip;
  try {
    // Several deepest leaves (a flange and a tool frame, say): the user names the tip.
    const std::vector<UrdfLeaf> leaves = urdfLeaves(readTextFile(path.toStdString()), path.toStdString());
    if (leaves.size() > 1 && leaves[0].movableJoints == leaves[1].movableJoints && leaves[0].movableJoints > 0) {
      QStringList items;
      for (const UrdfLeaf& l : leaves)
        if (l.movableJoints > 0) items << tr("%1 (%2 joints)").arg(QString::fromStdString(l.link)).arg(l.movableJoints);
      bool ok = false;
      const QString item = QInputDialog::getItem(this, tr("Import URDF"),
                                                 tr("The arm ends in several links. Last link of the chain (its tool frame):"),
                                                 items, 0, false, &ok);
      if (!ok) return;
      tip = item.section(' ', 0, 0);
    }
  } catch (const std::exception&) {
    // importUrdf reports it.
  }
  QString error;
  if (!importUrdf(path, tip, &error)) showError(tr("Import URDF"), error);
}

void MainWindow::exportUrdfInteractive() {
  const QString name = QString::fromStdString(document_->robot().name).simplified().replace(' ', '_');
  const QString path = QFileDialog::getSaveFileName(this, tr("Export robot as URDF"), (name.isEmpty() ? "robot" : name) + ".urdf",
                                                    tr("URDF (*.urdf)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportUrdf(path, &error)) showError(tr("Export URDF"), error);
}

bool MainWindow::saveTo(const QString& path, QString* error) {
  try {
    saveStudioSession(document_->session(), path);
    document_->markSaved(path);
    addRecent(path);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void MainWindow::newSession(const StudioSession& session) {
  plots_->resetComparison();
  controlPlots_->resetComparison();
  summary_->resetComparison();
  document_->reset(session, QString());
  fitPending_ = true;
}

QString MainWindow::exportTitle() const {
  const Session& s = result_ ? result_->session : static_cast<const Session&>(document_->session());
  QString title = QString::fromStdString(s.robot.name);
  if (title.isEmpty()) title = tr("Untitled robot");
  const QString task = QString::fromStdString(s.task.name);
  // "Vora RRR — weld seam"; a task named after its robot ("Vora RRR weld seam") stands alone.
  if (task.startsWith(title)) return task;
  if (!task.isEmpty()) title += QStringLiteral(" — ") + task;
  return title;
}

bool MainWindow::exportPlots(const QString& path, QString* error) { return exportPlots(path, PlotExportOptions(), error); }

bool MainWindow::exportPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  PlotExportOptions titled = options;
  titled.title = exportTitle();
  return plots_->exportTo(path, titled, error);
}

bool MainWindow::exportControlPlots(const QString& path, QString* error) {
  return exportControlPlots(path, PlotExportOptions(), error);
}

bool MainWindow::exportControlPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  if (!result_ || !result_->isForward()) {
    if (error) *error = tr("No forward simulation to export (Control ▸ Forward simulation)");
    return false;
  }
  PlotExportOptions titled = options;
  titled.title = exportTitle() + tr(" (control)");
  return controlPlots_->exportTo(path, titled, error);
}

bool MainWindow::askPlotExportSize(const QSize& screen, PlotExportOptions* options) {
  const std::vector<PlotExportOptions> presets = PlotPanel::exportPresets(screen);
  QStringList labels;
  for (const PlotExportOptions& p : presets) labels << p.label;
  bool ok = false;
  const QString chosen = QInputDialog::getItem(this, tr("Export plots"), tr("Image size and resolution:"), labels, 1,
                                               false, &ok);
  if (!ok) return false;
  *options = presets[static_cast<std::size_t>(std::max(0, static_cast<int>(labels.indexOf(chosen))))];
  return true;
}

void MainWindow::exportControlPlotsInteractive() {
  QStringList filters;
  for (const QString& f : PlotPanel::exportFormats()) filters << QStringLiteral("%1 (*.%2)").arg(f.toUpper(), f);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export control plots"), "control.png", filters.join(";;"));
  if (path.isEmpty()) return;
  PlotExportOptions options;
  if (!askPlotExportSize(controlPlots_->size(), &options)) return;
  QString error;
  if (!exportControlPlots(path, options, &error)) showError(tr("Export control plots"), error);
}

bool MainWindow::exportTableCsv(const QString& path, bool withUnits, QString* error) {
  if (!result_) {
    if (error) *error = tr("No simulation results to export");
    return false;
  }
  try {
    CsvOptions options;
    if (withUnits)
      for (const LinkSpec& link : result_->session.robot.links) options.unitsOf.push_back(link.joint);
    writeRecordCsv(path.toStdString(), result_->record, options);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool MainWindow::exportSummaryCsv(const QString& path, QString* error) { return summary_->exportCsv(path, error); }

bool MainWindow::printParameters(const QString& pdfPath, QString* error) {
  QPrinter printer(QPrinter::HighResolution);
  printer.setOutputFormat(QPrinter::PdfFormat);
  printer.setOutputFileName(pdfPath);
  return printParameters(printer, error);
}

bool MainWindow::printParameters(QPrinter& printer, QString* error) {
  try {
    const Model model(document_->robot());
    QTextDocument doc;
    doc.setHtml(parametersHtml(model, document_->task()));
    doc.print(&printer);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool MainWindow::printTable(const QString& pdfPath, QString* error) {
  QPrinter printer(QPrinter::HighResolution);
  printer.setOutputFormat(QPrinter::PdfFormat);
  printer.setOutputFileName(pdfPath);
  return printTable(printer, error);
}

bool MainWindow::printTable(QPrinter& printer, QString* error) {
  if (!result_ || tableModel_->rowCount() == 0) {
    if (error) *error = tr("No simulation results to print");
    return false;
  }
  tablePrintDocument()->print(&printer);
  return true;
}

std::unique_ptr<QTextDocument> MainWindow::tablePrintDocument() const {
  // Vora's table 7.4 layout: the results table's columns and headers, one row per sample and joint.
  const int columns = tableModel_->columnCount();
  const int rows = tableModel_->rowCount();
  // Column widths fixed for the whole table (in % of the page, from the longest text of each
  // column over every row), and the header row repeated at the top of every page.
  std::vector<int> longest(static_cast<std::size_t>(columns), 1);
  QString html = QStringLiteral("<h3>%1</h3><table border=1 cellspacing=0 cellpadding=2 width=100%><thead><tr>")
                     .arg(tr("Tabulated results: %1").arg(exportTitle().toHtmlEscaped()));
  for (int c = 0; c < columns; ++c) {
    const QString head = tableModel_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    for (const QString& part : head.split('\n')) longest[c] = std::max(longest[c], static_cast<int>(part.size()));
    html += QStringLiteral("<th>%1</th>").arg(head.toHtmlEscaped().replace('\n', QStringLiteral("<br>")));
  }
  html += QStringLiteral("</tr></thead><tbody>");
  for (int r = 0; r < rows; ++r) {
    html += QStringLiteral("<tr>");
    for (int c = 0; c < columns; ++c) {
      const QString text = tableModel_->index(r, c).data().toString();
      longest[c] = std::max(longest[c], static_cast<int>(text.size()));
      html += QStringLiteral("<td align=right>%1</td>").arg(text.toHtmlEscaped());
    }
    html += QStringLiteral("</tr>");
  }
  html += QStringLiteral("</tbody></table>");
  auto doc = std::make_unique<QTextDocument>();
  doc->setDefaultFont(QFont(font().family(), 8));
  doc->setHtml(html);
  int total = 0;
  for (int n : longest) total += n + 2;
  for (QTextFrame* frame : doc->rootFrame()->childFrames()) {
    auto* table = qobject_cast<QTextTable*>(frame);
    if (!table) continue;
    QTextTableFormat format = table->format();
    format.setHeaderRowCount(1);
    QVector<QTextLength> widths;
    for (int n : longest) widths << QTextLength(QTextLength::PercentageLength, 100.0 * (n + 2) / total);
    format.setColumnWidthConstraints(widths);
    table->setFormat(format);
  }
  return doc;
}

// Printer, PDF file or (for tables) CSV: asked in one small box.
MainWindow::PrintTarget MainWindow::askPrintTarget(const QString& title, bool offerCsv) {
  QMessageBox box(QMessageBox::Question, title, tr("Send it to a printer, or save it as a file?"), QMessageBox::Cancel, this);
  QPushButton* printerButton = box.addButton(tr("&Printer…"), QMessageBox::AcceptRole);
  QPushButton* pdfButton = box.addButton(tr("P&DF file…"), QMessageBox::AcceptRole);
  QPushButton* csvButton = offerCsv ? box.addButton(tr("&CSV file…"), QMessageBox::AcceptRole) : nullptr;
  box.setDefaultButton(printerButton);
  box.exec();
  if (box.clickedButton() == printerButton) return PrintTarget::Printer;
  if (box.clickedButton() == pdfButton) return PrintTarget::Pdf;
  if (csvButton && box.clickedButton() == csvButton) return PrintTarget::Csv;
  return PrintTarget::None;
}

QImage MainWindow::screenshot() {
  QImage image = grab().toImage();
  // The GL viewport is a native window: composite its framebuffer explicitly.
  const QImage gl = viewport_->grabImage();
  QPainter painter(&image);
  const QPoint at = viewport_->container()->mapTo(this, QPoint(0, 0));
  painter.drawImage(QRect(at * image.devicePixelRatio(), gl.size()), gl);
  return image;
}

void MainWindow::showError(const QString& title, const QString& message) {
  if (interactive_) {
    QMessageBox::warning(this, title, message);
  } else {
    statusBar()->showMessage(title + ": " + message);
  }
}

bool MainWindow::maybeSave(const QString& action) {
  if (!document_->isModified() || !interactive_) return true;
  const auto answer = QMessageBox::question(
      this, action, tr("The manipulator or task has unsaved changes. Save them before \"%1\"?").arg(action),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return fileSave();
  return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!maybeSave(tr("Exit"))) {
    e->ignore();
    return;
  }
  autosave_->finish();
  if (rememberLayout_) saveLayout();
  e->accept();
}

QList<int> MainWindow::splitterSizesFor(int windowWidth) {
  const int right = std::max(660, windowWidth * 710 / 1500);
  return {std::max(300, windowWidth - right), right};
}

bool MainWindow::restoreLayout() {
  rememberLayout_ = true;
  QSettings settings;
  bool restored = false;
  // restoreGeometry keeps the window on a screen that exists now (a monitor unplugged since).
  if (settings.contains("layout/geometry")) restored = restoreGeometry(settings.value("layout/geometry").toByteArray());
  if (settings.contains("layout/state")) {
    restoreState(settings.value("layout/state").toByteArray());
    // Teach mode is a mode, not a layout: its dock keeps its place but does not open by itself.
    if (!teachDock_->isHidden()) setTeachMode(false);
  }
  if (settings.contains("layout/splitter")) splitter_->restoreState(settings.value("layout/splitter").toByteArray());
  return restored;
}

void MainWindow::saveLayout() {
  QSettings settings;
  settings.setValue("layout/geometry", saveGeometry());
  settings.setValue("layout/state", saveState());
  settings.setValue("layout/splitter", splitter_->saveState());
}

void MainWindow::fileNew() {
  if (!maybeSave(tr("New"))) return;
  NewRobotDialog d(this);
  if (d.exec() != QDialog::Accepted) return;
  try {
    newSession(d.session());
  } catch (const std::exception& e) {
    showError(tr("New manipulator"), QString::fromStdString(e.what()));
  }
}

void MainWindow::fileOpen() {
  if (!maybeSave(tr("Open"))) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open robot, task or session"),
                                                    QString::fromStdString(robotsDirectory()),
                                                    tr("armdyn files (*.yaml *.yml *.spec *.traj *.dat *.urdf);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) showError(tr("Open"), error);
}

void MainWindow::fileOpenLibrary() {
  if (!maybeSave(tr("Open library robot"))) return;
  LibraryPickerDialog d(this);
  if (d.exec() != QDialog::Accepted || d.selectedPath().isEmpty()) return;
  QString error;
  if (!openFile(d.selectedPath(), &error)) showError(tr("Open library robot"), error);
}

void MainWindow::fileImport() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Import Vora specification or trajectory file"),
                                                    QString::fromStdString(robotsDirectory() + "/legacy"),
                                                    tr("Vora files (*.spec *.traj *.dat *.DAT);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!importFile(path, &error)) showError(tr("Import"), error);
}

bool MainWindow::fileSave() {
  if (document_->filePath().isEmpty()) return fileSaveAs();
  QString error;
  if (!saveTo(document_->filePath(), &error)) {
    showError(tr("Save"), error);
    return false;
  }
  return true;
}

bool MainWindow::fileSaveAs() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save session"), document_->filePath(),
                                                    tr("armdyn session (*.yaml)"));
  if (path.isEmpty()) return false;
  QString error;
  if (!saveTo(path, &error)) {
    showError(tr("Save as"), error);
    return false;
  }
  return true;
}

void MainWindow::exportPlotsInteractive() {
  QStringList filters;
  for (const QString& f : PlotPanel::exportFormats()) filters << QStringLiteral("%1 (*.%2)").arg(f.toUpper(), f);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export plots"), "plots.png", filters.join(";;"));
  if (path.isEmpty()) return;
  PlotExportOptions options;
  if (!askPlotExportSize(plots_->size(), &options)) return;
  QString error;
  if (!exportPlots(path, options, &error)) showError(tr("Export plots"), error);
}

void MainWindow::exportTableInteractive(bool withUnits) {
  const QString path = QFileDialog::getSaveFileName(
      this, withUnits ? tr("Export tabulated results with units") : tr("Export tabulated results"), "results.csv",
      "CSV (*.csv)");
  if (path.isEmpty()) return;
  QString error;
  if (!exportTableCsv(path, withUnits, &error)) showError(tr("Export table"), error);
}

void MainWindow::exportSummaryInteractive() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export summary results"), "summary.csv", "CSV (*.csv)");
  if (path.isEmpty()) return;
  QString error;
  if (!exportSummaryCsv(path, &error)) showError(tr("Export summary"), error);
}

void MainWindow::printParametersInteractive() {
  QString error;
  switch (askPrintTarget(tr("Print parameters and dimensions"), false)) {
    case PrintTarget::Printer: {
      QPrinter printer(QPrinter::HighResolution);
      QPrintDialog dialog(&printer, this);
      if (dialog.exec() == QDialog::Accepted && !printParameters(printer, &error)) showError(tr("Print parameters"), error);
      break;
    }
    case PrintTarget::Pdf: {
      const QString path = QFileDialog::getSaveFileName(this, tr("Print parameters and dimensions to PDF"),
                                                        "parameters.pdf", "PDF (*.pdf)");
      if (!path.isEmpty() && !printParameters(path, &error)) showError(tr("Print parameters"), error);
      break;
    }
    default: break;
  }
}

void MainWindow::printTableInteractive() {
  tabs_->setCurrentWidget(tableView_);
  QString error;
  switch (askPrintTarget(tr("Print tables"), true)) {
    case PrintTarget::Printer: {
      QPrinter printer(QPrinter::HighResolution);
      QPrintDialog dialog(&printer, this);
      if (dialog.exec() == QDialog::Accepted && !printTable(printer, &error)) showError(tr("Print tables"), error);
      break;
    }
    case PrintTarget::Pdf: {
      const QString path = QFileDialog::getSaveFileName(this, tr("Print tables to PDF"), "results.pdf", "PDF (*.pdf)");
      if (!path.isEmpty() && !printTable(path, &error)) showError(tr("Print tables"), error);
      break;
    }
    case PrintTarget::Csv: exportTableInteractive(); break;
    case PrintTarget::None: break;
  }
}

void MainWindow::addRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent.removeAll(abs);
  recent.prepend(abs);
  while (recent.size() > 8) recent.removeLast();
  settings.setValue("recentFiles", recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  // The file name, and its folder when another recent file has the same name; the full path
  // as tooltip and status tip.
  QStringList names;
  for (const QString& path : recent) names << QFileInfo(path).fileName();
  for (int k = 0; k < recent.size(); ++k) {
    const QString& path = recent[k];
    QString label = names[k];
    if (names.count(names[k]) > 1) label += QStringLiteral("  (%1)").arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()));
    QAction* a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(k + 1).arg(label), this, [this, path] {
      if (!maybeSave(tr("Open recent"))) return;
      QString error;
      if (!openFile(path, &error)) showError(tr("Open"), error);
    });
    a->setToolTip(path);
    a->setStatusTip(path);
  }
  recentMenu_->setToolTipsVisible(true);
  recentMenu_->setEnabled(!recent.isEmpty());
}

}  // namespace armdyn::app
