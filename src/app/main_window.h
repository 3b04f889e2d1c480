#pragma once
// armdyn Studio's main window: Vora's MAIN menu as a menu, a toolbar and dialogs, the 3D
// viewport with playback, the plots, the tables and the side panels (parameters, teach mode);
// the Control menu (issue 4): prescribed motion or forward simulation, drives, controller,
// joint constraints, input profile, Ziegler-Nichols tuner, and the control plots.
// Every edit goes through the Document (undoable) and triggers a background re-simulation;
// results arrive in one piece and refresh every view. The window keeps the layout, the wiring
// and the application of results; its helpers own the rest: StudioMenus (menus and toolbar),
// FileActions (open, save, import, export of the robot, recent files), ResultExports (images,
// CSV, prints, screenshot), WorkspaceOverlay (the reachable workspace), RunIndicator (the
// status bar's busy bar and Stop) and WindowMessages (errors and notices).

#include "simulation_result.h"
#include "view_settings.h"

#include <Eigen/Core>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QDialog;
class QDockWidget;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QPrinter;
class QAction;
class QSplitter;
class QTextDocument;

namespace armdyn {
struct WorkspaceEstimate;
}

namespace armdyn::app {

class ArmViewport;
class FileActions;
class ResultExports;
class RunIndicator;
class StudioMenus;
class WindowMessages;
class WorkspaceOverlay;
class KinematicsPanel;
class Iso9283Panel;
class Autosave;
struct PlotExportOptions;
class Document;
class PlaybackBar;
class PlaybackController;
class PlotPanel;
class ResultsTableModel;
class SimulationRunner;
class SummaryView;
class SizingView;
class PhasePlaneView;
class TeachPanel;
class FieldDialog;
class LinkParametersDialog;
class LinkDimensionsDialog;
class TrajectoryPointsDialog;
class InertiaDialog;
class SimulationParametersDialog;
class ToolDialog;
class ToolWrenchDialog;
class DrivesDialog;
class ControllerDialog;
class ConstraintsDialog;
class InputProfileDialog;
class TunerDialog;
class ViewSettingsDialog;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Interactive prompts (message boxes, autosave recovery). Off for tests and screenshots.
  void setInteractive(bool interactive);
  // Opening a file normally starts without a previous run to compare with; with this set, the
  // run of the file opened before stays as the previous run (armdyn-studio --compare A B).
  void setCompareFiles(bool compare);
  // Offer back the autosave of a crashed run (interactive only), then start autosaving.
  void startAutosave();

  // Open a robot, task (replaces the task only) or session file; YAML or Vora's formats.
  bool openFile(const QString& path, QString* error = nullptr);
  bool importFile(const QString& path, QString* error = nullptr);  // Vora spec or trajectory
  // A URDF robot (its chain from the root to `tip`, empty = the deepest leaf) in place of the
  // session's robot, with a joint-sweep task to start from: one undoable edit.
  bool importUrdf(const QString& path, const QString& tip, QString* error = nullptr);
  // The session's robot as URDF (io/urdf_writer.h), saved atomically.
  bool exportUrdf(const QString& path, QString* error = nullptr);
  // YAML session, and its controller file next to it in forward mode (studio_session.h).
  bool saveTo(const QString& path, QString* error = nullptr);
  void newSession(const StudioSession& session);
  void simulate();
  // Prescribed motion (Vora) or forward simulation under the controller: an undoable edit.
  void setSimulationMode(SimulationMode mode);
  SimulationMode simulationMode() const;

  // Plots without the time cursor, titled with the robot and task (exportTitle()); `options`
  // give the size and dpi (PlotPanel::exportPresets; its title is replaced).
  bool exportPlots(const QString& path, QString* error = nullptr);
  bool exportPlots(const QString& path, const PlotExportOptions& options, QString* error = nullptr);
  bool exportControlPlots(const QString& path, QString* error = nullptr);
  bool exportControlPlots(const QString& path, const PlotExportOptions& options, QString* error = nullptr);
  QString exportTitle() const;  // "Vora RRR — weld seam" (the run on screen)
  // The header is the CLI contract's (t,q1,...) unless `withUnits`: "t (s),q1 (rad),...".
  bool exportTableCsv(const QString& path, QString* error = nullptr) { return exportTableCsv(path, false, error); }
  bool exportTableCsv(const QString& path, bool withUnits, QString* error = nullptr);
  // Window geometry, dock and toolbar state and the splitter, kept with QSettings between
  // sessions ("layout/..."). The constructor sizes the window to its screen and restores
  // nothing: armdyn-studio calls restoreLayout() (not for screenshots); tests stay independent
  // of earlier runs. Once restoreLayout() has been called, closing the window saves the layout.
  bool restoreLayout();
  // Shrinks and moves the window so that it and its frame lie on the screen's available area
  // (not when maximised or full screen).
  void fitToScreen();
  void saveLayout();
  QSplitter* mainSplitter() const { return splitter_; }
  // The splitter's first sizes for a window this wide: about 11:10, the results at least 660 px
  // (a six-joint summary without scrolling at 1280 x 800).
  static QList<int> splitterSizesFor(int windowWidth);
  bool exportSummaryCsv(const QString& path, QString* error = nullptr);
  bool printParameters(const QString& pdfPath, QString* error = nullptr);
  bool printParameters(QPrinter& printer, QString* error = nullptr);
  // MAIN menu 11: the results table (Vora's table 7.4 layout) to a PDF file or a printer.
  bool printTable(const QString& pdfPath, QString* error = nullptr);
  bool printTable(QPrinter& printer, QString* error = nullptr);
  // What printTable prints: a title and one table, its header row repeated on every page
  // (headerRowCount 1) and its column widths fixed for every page (percentages of the page).
  std::unique_ptr<QTextDocument> tablePrintDocument() const;
  // The window as shown, with the GL viewport composited in.
  QImage screenshot();

  Document* document() const { return document_; }
  SimulationRunner* runner() const { return runner_; }
  PlotPanel* plots() const { return plots_; }
  PlotPanel* controlPlots() const { return controlPlots_; }
  QComboBox* modeCombo() const;
  // Shown while a run takes longer than a moment; Stop drops it.
  QProgressBar* progressBar() const;
  ArmViewport* viewport() const { return viewport_; }
  PlaybackController* playback() const { return playback_; }
  PlaybackBar* playbackBar() const { return playbackBar_; }
  ResultsTableModel* tableModel() const { return tableModel_; }
  QTableView* tableView() const { return tableView_; }
  SummaryView* summary() const { return summary_; }
  SizingView* sizing() const { return sizing_; }
  PhasePlaneView* phasePlane() const { return phase_; }
  TeachPanel* teach() const { return teach_; }
  // The Kinematics tab: IK branches and the singularity analysis at the pose shown.
  KinematicsPanel* kinematics() const { return kinematics_; }
  // The Accuracy (ISO 9283) tab: the virtual test bench and the error-speed sweep of the session.
  Iso9283Panel* accuracy() const { return accuracy_; }
  // The joint values the 3D view shows: the teach pose in teach mode, else a branch picked in
  // the Kinematics tab (until the time cursor moves), else the sample under the time cursor.
  Eigen::VectorXd displayedJoints() const;
  // View > Show reachable workspace: the core's estimate (kinematics/workspace_estimate.h, 1e5
  // samples, off the GUI thread) as a point cloud, its volume, reach and Q_L above the view;
  // recomputed when the robot changes while shown.
  void setWorkspaceShown(bool shown);
  QAction* workspaceAction() const;
  const WorkspaceEstimate* workspaceEstimate() const;
  bool workspaceBusy() const;
  QLabel* workspaceInfo() const { return workspaceInfo_; }
  QLabel* meshInfo() const { return meshInfo_; }  // meshes not drawn, above the view
  QTabWidget* tabs() const { return tabs_; }
  QDockWidget* parametersDock() const { return parametersDock_; }
  QDockWidget* teachDock() const { return teachDock_; }
  SimulationResultPtr result() const { return result_; }
  QString problemText() const;        // the banner: why the last run failed, or empty
  int unreachablePoint() const { return unreachable_; }

  LinkParametersDialog* showLinkParameters();
  LinkDimensionsDialog* showLinkDimensions();
  TrajectoryPointsDialog* showTrajectoryPoints();
  InertiaDialog* showInertia();
  SimulationParametersDialog* showSimulationParameters();
  ToolDialog* showTool();
  // The task's tool load (wrench:), Main menu 4.5.
  ToolWrenchDialog* showToolWrench();
  DrivesDialog* showDrives();
  ControllerDialog* showController();
  ConstraintsDialog* showConstraints();
  InputProfileDialog* showInputProfile();
  // The tuner starts at the arm's configuration under the time cursor.
  TunerDialog* showTuner();
  QDialog* showViewSettings();
  const ViewSettings& viewSettings() const { return viewSettings_; }
  // The one source of the view settings: scene, View menu, open dialog and QSettings follow.
  void setViewSettings(const ViewSettings& settings);
  QDialog* showInstructions();
  void setTeachMode(bool on);

 Q_SIGNALS:
  // After a result reached every view (plots replotted, table and scene updated).
  void resultApplied(quint64 generation);
  void simulationFailed(const QString& message, int pointIndex);
  // A workspace estimate reached the view (volume in m^3), or failed (volume 0).
  void workspaceReady(double volume);

 protected:
  void closeEvent(QCloseEvent* e) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void onSessionChanged();
  void applyResult(const SimulationResultPtr& result);
  void onFailure(const SimulationFailure& failure);
  void reportMeshes();
  QString meshNotice_;  // the scene's, as last shown in meshInfo_
  void onSample(int sample);
  void followTableRow(int sample);
  void layoutTableColumns();
  void updateKinematics();
  void showPickedBranch(const Eigen::VectorXd& q);
  // Teach mode: the arm at the teach joints, and the drag handles on it.
  void showTeachPose();
  void updateTitle();
  void refreshParameters();
  // Opens a fresh dialog D(document, this, extra...) in `slot`, closing the one there.
  template <typename D, typename... Extra>
  D* showDialog(QPointer<D>& slot, const Extra&... extra);

  Document* document_;
  SimulationRunner* runner_;
  PlaybackController* playback_;
  Autosave* autosave_;
  ArmViewport* viewport_;
  PlaybackBar* playbackBar_;
  PlotPanel* plots_;
  PlotPanel* controlPlots_;
  ResultsTableModel* tableModel_;
  QTableView* tableView_;
  SummaryView* summary_;
  SizingView* sizing_;
  PhasePlaneView* phase_;
  TeachPanel* teach_;
  KinematicsPanel* kinematics_;
  Iso9283Panel* accuracy_;
  bool kinematicsStale_ = true;
  Eigen::VectorXd picked_;
  QLabel* workspaceInfo_;
  QLabel* meshInfo_;
  QTabWidget* tabs_;
  QLabel* banner_;
  QLabel* status_;
  bool showControlTabOnResult_ = false;
  QDockWidget* parametersDock_;
  QDockWidget* teachDock_;
  QTextBrowser* parametersText_;
  ViewSettings viewSettings_;
  QPointer<ViewSettingsDialog> viewSettingsDialog_;
  SimulationResultPtr result_;
  int unreachable_ = -1;
  bool rememberLayout_ = false;  // set by restoreLayout(): closing saves the layout
  QSplitter* splitter_ = nullptr;
  bool fitPending_ = true;
  bool fitPendingTeach_ = true;
  QElapsedTimer cursorClock_;  // last plot/table cursor update while playing
  bool followingCursor_ = false;  // the table's current row is being set to the cursor's
  QPointer<LinkParametersDialog> linkParametersDialog_;
  QPointer<LinkDimensionsDialog> linkDimensionsDialog_;
  QPointer<TrajectoryPointsDialog> trajectoryDialog_;
  QPointer<InertiaDialog> inertiaDialog_;
  QPointer<SimulationParametersDialog> simulationDialog_;
  QPointer<ToolDialog> toolDialog_;
  QPointer<ToolWrenchDialog> toolWrenchDialog_;
  QPointer<DrivesDialog> drivesDialog_;
  QPointer<ControllerDialog> controllerDialog_;
  QPointer<ConstraintsDialog> constraintsDialog_;
  QPointer<InputProfileDialog> profileDialog_;
  QPointer<TunerDialog> tunerDialog_;
  std::unique_ptr<WindowMessages> messages_;
  std::unique_ptr<FileActions> files_;
  std::unique_ptr<ResultExports> exports_;
  std::unique_ptr<WorkspaceOverlay> workspace_;
  std::unique_ptr<StudioMenus> menus_;
  std::unique_ptr<RunIndicator> runIndicator_;
};

}  // namespace armdyn::app
