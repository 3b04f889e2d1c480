#pragma once
// armdyn Studio's main window: Vora's MAIN menu as a menu, a toolbar and dialogs, the 3D
// viewport with playback, the plots, the tables and the side panels (parameters, teach mode).
// Every edit goes through the Document (undoable) and triggers a background re-simulation;
// results arrive in one piece and refresh every view.

#include "simulation_result.h"
#include "view_settings.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace armdyn::app {

class ArmViewport;
class Autosave;
class Document;
class PlaybackBar;
class PlaybackController;
class PlotPanel;
class ResultsTableModel;
class SimulationRunner;
class SummaryView;
class TeachPanel;
class FieldDialog;
class LinkParametersDialog;
class LinkDimensionsDialog;
class TrajectoryPointsDialog;
class InertiaDialog;
class SimulationParametersDialog;
class ToolDialog;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Interactive prompts (message boxes, autosave recovery). Off for tests and screenshots.
  void setInteractive(bool interactive) { interactive_ = interactive; }
  // Offer back the autosave of a crashed run (interactive only), then start autosaving.
  void startAutosave();

  // Open a robot, task (replaces the task only) or session file; YAML or Vora's formats.
  bool openFile(const QString& path, QString* error = nullptr);
  bool importFile(const QString& path, QString* error = nullptr);  // Vora spec or trajectory
  bool saveTo(const QString& path, QString* error = nullptr);      // YAML session
  void newSession(const Session& session);
  void simulate();

  bool exportPlots(const QString& path, QString* error = nullptr);
  bool exportTableCsv(const QString& path, QString* error = nullptr);
  bool exportSummaryCsv(const QString& path, QString* error = nullptr);
  bool printParameters(const QString& pdfPath, QString* error = nullptr);
  // The window as shown, with the GL viewport composited in.
  QImage screenshot();

  Document* document() const { return document_; }
  SimulationRunner* runner() const { return runner_; }
  PlotPanel* plots() const { return plots_; }
  ArmViewport* viewport() const { return viewport_; }
  PlaybackController* playback() const { return playback_; }
  PlaybackBar* playbackBar() const { return playbackBar_; }
  ResultsTableModel* tableModel() const { return tableModel_; }
  QTableView* tableView() const { return tableView_; }
  SummaryView* summary() const { return summary_; }
  TeachPanel* teach() const { return teach_; }
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
  QDialog* showViewSettings();
  QDialog* showInstructions();
  void setTeachMode(bool on);

 Q_SIGNALS:
  // After a result reached every view (plots replotted, table and scene updated).
  void resultApplied(quint64 generation);
  void simulationFailed(const QString& message, int pointIndex);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  void buildMenus();
  void onSessionChanged();
  void applyResult(const SimulationResultPtr& result);
  void onFailure(const SimulationFailure& failure);
  void onSample(int sample);
  void updateTitle();
  void refreshParameters();
  void addRecent(const QString& path);
  void rebuildRecentMenu();
  bool maybeSave();
  void fileNew();
  void fileOpen();
  void fileOpenLibrary();
  void fileImport();
  bool fileSave();
  bool fileSaveAs();
  void exportPlotsInteractive();
  void exportTableInteractive();
  void exportSummaryInteractive();
  void printParametersInteractive();
  void showError(const QString& title, const QString& message);
  template <typename D>
  D* showDialog(QPointer<D>& slot);

  Document* document_;
  SimulationRunner* runner_;
  PlaybackController* playback_;
  Autosave* autosave_;
  ArmViewport* viewport_;
  PlaybackBar* playbackBar_;
  PlotPanel* plots_;
  ResultsTableModel* tableModel_;
  QTableView* tableView_;
  SummaryView* summary_;
  TeachPanel* teach_;
  QTabWidget* tabs_;
  QLabel* banner_;
  QLabel* status_;
  QDockWidget* parametersDock_;
  QDockWidget* teachDock_;
  QTextBrowser* parametersText_;
  QMenu* recentMenu_;
  ViewSettings viewSettings_;
  SimulationResultPtr result_;
  int unreachable_ = -1;
  bool interactive_ = true;
  bool fitPending_ = true;
  bool fitPendingTeach_ = true;
  QElapsedTimer cursorClock_;  // last plot/table cursor update while playing
  QPointer<LinkParametersDialog> linkParametersDialog_;
  QPointer<LinkDimensionsDialog> linkDimensionsDialog_;
  QPointer<TrajectoryPointsDialog> trajectoryDialog_;
  QPointer<InertiaDialog> inertiaDialog_;
  QPointer<SimulationParametersDialog> simulationDialog_;
  QPointer<ToolDialog> toolDialog_;
};

}  // namespace armdyn::app
