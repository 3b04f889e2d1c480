#include "main_window.h"

#include "arm_viewport.h"
#include "autosave.h"
#include "dialogs/constraints_dialog.h"
#include "dialogs/controller_dialog.h"
#include "dialogs/drives_dialog.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/input_profile_dialog.h"
#include "dialogs/instructions_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/tool_wrench_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "dialogs/tuner_dialog.h"
#include "dialogs/view_settings_dialog.h"
#include "document.h"
#include "eliding_status_bar.h"
#include "file_actions.h"
#include "iso9283_panel.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics_panel.h"
#include "menu_icons.h"
#include "parameters_report.h"
#include "phase_plane_view.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "refusal_style.h"
#include "result_exports.h"
#include "results_table_model.h"
#include "run_indicator.h"
#include "simulation_runner.h"
#include "sizing_view.h"
#include "studio_menus.h"
#include "summary_view.h"
#include "teach_panel.h"
#include "teach_pose_command.h"
#include "jog_dragger.h"
#include "window_messages.h"
#include "workspace_overlay.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>
#include <cstdio>

namespace armdyn::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new Document(this)),
      runner_(new SimulationRunner(this)),
      playback_(new PlaybackController(this)),
      autosave_(new Autosave(this)) {
  setWindowIcon(applicationIcon());
  setStatusBar(new ElidingStatusBar(this));  // before any permanent widget is added
  // Sized to the screen it opens on: 1500 x 920, or 85 % of a larger screen, never more than a
  // smaller one gives (a 1280 x 800 laptop), centred on it. restoreLayout() may replace it.
  const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1500, 920);
  const QSize initial(std::min(available.width(), std::max(1500, available.width() * 85 / 100)),
                      std::min(available.height(), std::max(920, available.height() * 85 / 100)));
  resize(initial);
  // (Not available.center() - half the size: QRect::center() rounds down, which put a window as
  // large as a 1280 x 800 screen at -1, -1, a pixel off it.)
  move(available.topLeft() + QPoint((available.width() - initial.width()) / 2, (available.height() - initial.height()) / 2));

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
  // Meshes of the robot on screen that could not be drawn: said above the view while it lasts.
  meshInfo_ = new QLabel(left);
  meshInfo_->setObjectName("meshInfo");
  meshInfo_->setWordWrap(true);
  meshInfo_->setStyleSheet("background:#fbf1dc; color:#4a3510; padding:5px; border-bottom:1px solid #e0c489");
  meshInfo_->setVisible(false);
  leftLayout->addWidget(meshInfo_);
  viewport_ = new ArmViewport;
  viewport_->setObjectName("viewport");
  connect(viewport_, &ArmViewport::meshesChanged, this, [this] { reportMeshes(); });
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
  // Column widths: layoutTableColumns, at every resize of the table (eventFilter: the
  // application's filter sees the viewport's resize) and new result.
  tableView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  connect(tableModel_, &QAbstractItemModel::modelReset, this, &MainWindow::layoutTableColumns);
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
  // Its current row becomes the cursor's, so that the focus the table takes (its first row when
  // it has none) does not move the time cursor (issue 22: Tables moved it to 0).
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    if (tabs_->currentWidget() == tableView_) followTableRow(playback_->sample());
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
      showTeachPose();
    } else {
      onSample(playback_->sample());
    }
    viewport_->update();
  });
  connect(teach_, &TeachPanel::jointsChanged, this, [this] {
    if (!teachDock_->isVisible()) return;
    showTeachPose();
    updateKinematics();
  });
  // Drag-to-jog: the handles in the 3D view move the teach joints; a finished drag is one undo step.
  JogDragger* dragger = viewport_->dragger();
  dragger->setSource([this] { return teach_->model(); }, [this] { return teach_->joints(); });
  connect(teachDock_, &QDockWidget::visibilityChanged, dragger, &JogDragger::setEnabled);
  connect(dragger, &JogDragger::jointsDragged, teach_, &TeachPanel::setJoints);
  connect(dragger, &JogDragger::dragCancelled, teach_, &TeachPanel::setJoints);
  connect(dragger, &JogDragger::refused, teach_->message(), &QLabel::setText);
  connect(dragger, &JogDragger::hint, this, [this](const QString& text) {
    if (text.isEmpty()) statusBar()->clearMessage();
    else statusBar()->showMessage(text);
  });
  connect(document_, &Document::sessionChanged, dragger, &JogDragger::cancel);  // an undo or an edit mid-drag
  connect(dragger, &JogDragger::dragFinished, this,
          [this](const Eigen::VectorXd& from, const Eigen::VectorXd& to, const QString& what) {
            document_->pushViewStep(new TeachPoseCommand(teach_, from, to, what));
          });

  status_ = new QLabel(this);
  runIndicator_ = std::make_unique<RunIndicator>(this, runner_, document_);
  statusBar()->addPermanentWidget(status_);

  connect(document_, &Document::sessionChanged, this, &MainWindow::onSessionChanged);
  connect(document_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  // An undo or redo that leaves the saved state: onSessionChanged ran before the stack's index
  // moved (the document still read unmodified there), so the autosave is scheduled here. Back to
  // a saved state that files hold (a save, an undo to it, the robot and task files opened):
  // nothing to recover after a crash, so no autosave file either. A state no file holds (a
  // recovered autosave, a new robot) keeps its autosave.
  connect(document_, &Document::modifiedChanged, this, [this](bool modified) {
    if (modified) autosave_->schedule(document_->session());
    else if (!document_->filePath().isEmpty() || !document_->session().robotFile.empty()) autosave_->clear();
  });
  connect(document_, &Document::filePathChanged, this, &MainWindow::updateTitle);
  connect(runner_, &SimulationRunner::finished, this, &MainWindow::applyResult);
  connect(runner_, &SimulationRunner::failed, this, &MainWindow::onFailure);
  connect(playback_, &PlaybackController::sampleChanged, this, &MainWindow::onSample);
  // A pause shows the cursors and the table at the last sample (while playing they follow at 20 Hz
  // and may have skipped it).
  connect(playback_, &PlaybackController::playingChanged, this, [this](bool playing) {
    if (!playing) onSample(playback_->sample());
  });
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
          [this](const QModelIndex& current, const QModelIndex& previous) {
            // A first current row (the focus arriving) is no move of the user's, nor is the row
            // following the time cursor (followTableRow).
            if (followingCursor_) return;
            if (current.isValid() && previous.isValid() && tableView_->hasFocus())
              playback_->setSample(tableModel_->sampleOfRow(current.row()));
          });
  // The playback keys (arrows, Home/End, Space, +/-) are window shortcuts; a focused slider,
  // spin box, line edit or table keeps them (see eventFilter).
  qApp->installEventFilter(this);

  viewSettings_ = loadViewSettings();
  // The File menu, the exports and the workspace overlay: helpers with what they need of the
  // window; the menus call them and the window's public API.
  messages_ = std::make_unique<WindowMessages>(this);
  FileActions::ViewHooks hooks;
  hooks.resetComparison = [this] {
    plots_->resetComparison();
    controlPlots_->resetComparison();
    summary_->resetComparison();
  };
  hooks.fitNextResult = [this] { fitPending_ = true; };
  files_ = std::make_unique<FileActions>(this, document_, messages_.get(), std::move(hooks));
  ResultExports::Views views;
  views.window = this;
  views.viewport = viewport_;
  views.plots = plots_;
  views.controlPlots = controlPlots_;
  views.table = tableModel_;
  views.summary = summary_;
  views.showTable = [this] { tabs_->setCurrentWidget(tableView_); };
  exports_ = std::make_unique<ResultExports>(std::move(views), document_, [this] { return result_; }, messages_.get());
  workspace_ = std::make_unique<WorkspaceOverlay>(this, document_, viewport_, workspaceInfo_,
                                                  [this](double volume) { Q_EMIT workspaceReady(volume); });
  menus_ = std::make_unique<StudioMenus>(*this, *files_, *exports_);
  workspace_->setAction(menus_->workspaceAction());
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
  if (watched == tableView_->viewport() && event->type() == QEvent::Resize) layoutTableColumns();
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

template <typename D, typename... Extra>
D* MainWindow::showDialog(QPointer<D>& slot, const Extra&... extra) {
  // A dialog built for another robot (different links) is rebuilt; closing it first commits a
  // value typed in it (FieldDialog::closeEvent).
  if (slot) {
    slot->close();
    delete slot.data();
  }
  slot = new D(document_, this, extra...);
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
TrajectoryPointsDialog* MainWindow::showTrajectoryPoints() {
  // The dialog marks the point the last run could not reach, and follows later runs.
  TrajectoryPointsDialog* d = showDialog(trajectoryDialog_, problemText(), unreachable_);
  connect(this, &MainWindow::simulationFailed, d, &TrajectoryPointsDialog::showFailure);
  connect(this, &MainWindow::resultApplied, d, &TrajectoryPointsDialog::clearFailure);
  return d;
}
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
  menus_->showViewSettings(viewSettings_);
  if (viewSettingsDialog_) viewSettingsDialog_->setSettings(s);
  onSample(playback_->sample());
  reportMeshes();  // a new mesh folder may have found (or lost) meshes at once
}

QDialog* MainWindow::showInstructions() {
  auto* d = new InstructionsDialog(this);
  d->setAttribute(Qt::WA_DeleteOnClose);
  d->show();
  return d;
}

void MainWindow::setTeachMode(bool on) { teachDock_->setVisible(on); }

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
  menus_->showMode(document_->session().mode);
  if (document_->isModified()) autosave_->schedule(document_->session());
  runner_->request(document_->session());
  if (parametersDock_->isVisible()) refreshParameters();
  if (teachDock_->isVisible()) {
    teach_->setRobot(document_->robot());
    showTeachPose();  // the handles on the edited arm at once, not when its run arrives
  }
  kinematicsStale_ = true;
  workspace_->sessionChanged();
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
  if (teachDock_->isVisible()) showTeachPose();
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
  messages_->showNotice();
  reportMeshes();
  stage("status");
  if (profile) std::fprintf(stderr, "apply: %s\n", qPrintable(stages.join(", ")));
  Q_EMIT resultApplied(result_->generation);
}

void MainWindow::onFailure(const SimulationFailure& failure) {
  unreachable_ = failure.pointIndex;
  QString text = failure.pointIndex >= 0 ? tr("Point %1 %2").arg(failure.pointIndex + 1).arg(failure.message)
                 : failure.diverged       ? tr("Forward simulation stopped, %1").arg(failure.message)
                                          : tr("Simulation failed: %1").arg(failure.message);
  showControlTabOnResult_ = false;
  if (result_) text += tr(" — showing the last good results.");
  banner_->setText(text);
  banner_->setVisible(true);
  viewport_->scene().setTaskPoints(document_->task(), unreachable_);
  viewport_->update();  // the view itself stays as the user left it
  messages_->showNotice();
  Q_EMIT simulationFailed(failure.message, failure.pointIndex);
}

// The meshes of the robot on screen that could not be drawn: said once (again only when the
// list changes, e.g. after a mesh folder was added in the view settings).
void MainWindow::reportMeshes() {
  const QString notice = QString::fromStdString(viewport_->scene().meshNotice());
  if (notice == meshNotice_) return;
  meshNotice_ = notice;
  meshInfo_->setText(notice.isEmpty() ? QString()
                                      : notice + tr(". Mesh folders: View > View settings (Main menu 8)."));
  meshInfo_->setVisible(!notice.isEmpty());
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
  if (tabs_->currentWidget() == tableView_) followTableRow(sample);
  updateKinematics();
}

// The table's current (selected) row follows the time cursor, while playing too, so that the
// arrow keys go on from it (a row of the same sample: no move back). Not a move of the user's:
// it does not set the time (followingCursor_).
void MainWindow::followTableRow(int sample) {
  if (tableModel_->rowCount() == 0) return;
  const QModelIndex row = tableModel_->index(tableModel_->rowOf(sample), 0);
  followingCursor_ = true;
  if (tableModel_->sampleOfRow(tableView_->currentIndex().row()) != sample || !tableView_->currentIndex().isValid())
    tableView_->selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  tableView_->scrollTo(row, QAbstractItemView::PositionAtCenter);
  followingCursor_ = false;
}

// The results table's columns: time and joint as wide as their texts, the four quantities
// sharing the rest alike but never narrower than a number ("-0.000000E+00") or their header:
// a narrow table (the teach dock open at 1280 px) scrolls sideways instead of eliding numbers
// to "4.…" (a walkthrough read them as 4).
void MainWindow::layoutTableColumns() {
  QHeaderView* header = tableView_->horizontalHeader();
  const QFontMetrics numbers = tableView_->fontMetrics(), titles = header->fontMetrics();
  const auto titleWidth = [&](int c) {
    int w = 0;
    for (const QString& line : tableModel_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().split('\n'))
      w = std::max(w, titles.horizontalAdvance(line));
    return w + 16;
  };
  // The widest time and joint texts are among the last rows (the largest time, joint n).
  const int rows = tableModel_->rowCount();
  const auto textWidth = [&](int c) {
    int w = 0;
    for (int r = std::max(0, rows - 32); r < rows; ++r)
      w = std::max(w, numbers.horizontalAdvance(tableModel_->index(r, c).data().toString()));
    return w + 16;
  };
  int fixed = 0;
  for (const int c : {int(ResultsTableModel::Time), int(ResultsTableModel::Joint)}) {
    const int w = std::max(titleWidth(c), textWidth(c));
    header->resizeSection(c, w);
    fixed += w;
  }
  const int first = ResultsTableModel::Position, count = ResultsTableModel::ColumnCount - first;
  int least = numbers.horizontalAdvance(QStringLiteral("-0.000000E+00")) + 16;
  for (int c = first; c < ResultsTableModel::ColumnCount; ++c) least = std::max(least, titleWidth(c));
  const int each = std::max(least, (tableView_->viewport()->width() - fixed) / count);
  for (int c = first; c < ResultsTableModel::ColumnCount; ++c) header->resizeSection(c, each);
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

void MainWindow::showTeachPose() {
  const std::vector<Eigen::Matrix4d> frames = teach_->frames();
  viewport_->scene().showFrames(frames);
  if (teach_->model()) viewport_->scene().placeJogHandles(frames, *teach_->model());
  viewport_->update();
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

void MainWindow::refreshParameters() {
  try {
    const Model model(document_->robot());
    parametersText_->setHtml(parametersHtml(model, document_->task()));
  } catch (const std::exception& e) {
    const QString why = QString::fromStdString(e.what()).toHtmlEscaped();
    parametersText_->setHtml(QStringLiteral("<p>%1</p>").arg(redHtml(why)));
  }
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!files_->maybeSave(tr("Exit"))) {
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

void MainWindow::fitToScreen() {
  QScreen* on = screen();
  if (!on || isMaximized() || isFullScreen()) return;
  const QRect available = on->availableGeometry();
  const QRect frame = frameGeometry();
  const int extraWidth = frame.width() - width(), extraHeight = frame.height() - height();
  const QSize fitted(std::min(width(), available.width() - extraWidth),
                     std::min(height(), available.height() - extraHeight));
  if (fitted != size()) resize(fitted);
  const int w = fitted.width() + extraWidth, h = fitted.height() + extraHeight;
  const int right = std::max(available.left(), available.left() + available.width() - w);
  const int bottom = std::max(available.top(), available.top() + available.height() - h);
  const int x = std::clamp(frame.x(), available.left(), right), y = std::clamp(frame.y(), available.top(), bottom);
  if (QPoint(x, y) != frame.topLeft()) move(x, y);  // a window's position is its frame's
}

void MainWindow::saveLayout() {
  QSettings settings;
  settings.setValue("layout/geometry", saveGeometry());
  settings.setValue("layout/state", saveState());
  settings.setValue("layout/splitter", splitter_->saveState());
}

// ---- Forwarded to the helpers (file_actions.h, result_exports.h, workspace_overlay.h) ----
void MainWindow::setInteractive(bool interactive) { messages_->setInteractive(interactive); }
void MainWindow::setCompareFiles(bool compare) { files_->setCompareFiles(compare); }
bool MainWindow::openFile(const QString& path, QString* error) { return files_->openFile(path, error); }
bool MainWindow::importFile(const QString& path, QString* error) { return files_->importFile(path, error); }
bool MainWindow::importUrdf(const QString& path, const QString& tip, QString* error) { return files_->importUrdf(path, tip, error); }
bool MainWindow::exportUrdf(const QString& path, QString* error) { return files_->exportUrdf(path, error); }
bool MainWindow::saveTo(const QString& path, QString* error) { return files_->saveTo(path, error); }
void MainWindow::newSession(const StudioSession& session) { files_->newSession(session); }
QString MainWindow::exportTitle() const { return exports_->exportTitle(); }
bool MainWindow::exportPlots(const QString& path, QString* error) { return exportPlots(path, PlotExportOptions(), error); }
bool MainWindow::exportPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  return exports_->exportPlots(path, options, error);
}
bool MainWindow::exportControlPlots(const QString& path, QString* error) {
  return exportControlPlots(path, PlotExportOptions(), error);
}
bool MainWindow::exportControlPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  return exports_->exportControlPlots(path, options, error);
}
bool MainWindow::exportTableCsv(const QString& path, bool withUnits, QString* error) {
  return exports_->exportTableCsv(path, withUnits, error);
}
bool MainWindow::exportSummaryCsv(const QString& path, QString* error) { return exports_->exportSummaryCsv(path, error); }
bool MainWindow::printParameters(const QString& pdfPath, QString* error) { return exports_->printParameters(pdfPath, error); }
bool MainWindow::printParameters(QPrinter& printer, QString* error) { return exports_->printParameters(printer, error); }
bool MainWindow::printTable(const QString& pdfPath, QString* error) { return exports_->printTable(pdfPath, error); }
bool MainWindow::printTable(QPrinter& printer, QString* error) { return exports_->printTable(printer, error); }
std::unique_ptr<QTextDocument> MainWindow::tablePrintDocument() const { return exports_->tablePrintDocument(); }
QImage MainWindow::screenshot() { return exports_->screenshot(); }
QProgressBar* MainWindow::progressBar() const { return runIndicator_->progressBar(); }
QComboBox* MainWindow::modeCombo() const { return menus_->modeCombo(); }
void MainWindow::setWorkspaceShown(bool shown) { workspace_->setShown(shown); }
QAction* MainWindow::workspaceAction() const { return workspace_->action(); }
const WorkspaceEstimate* MainWindow::workspaceEstimate() const { return workspace_->estimate(); }
bool MainWindow::workspaceBusy() const { return workspace_->busy(); }

}  // namespace armdyn::app
