#pragma once
// The Accuracy (ISO 9283) tab: the core's virtual test bench (analysis/iso9283_bench.h) and its
// error-against-speed sweep (analysis/speed_sweep.h) on the current session, as `armdyn
// iso9283` and `armdyn speed-sweep` run them (docs/cli.md).
// Above, a compact form (units in every label; m, m/s, m/s², %, mm, degrees): the cube (centre
// and edge, or the largest cube of the workspace estimate), the rated speed and path
// acceleration (empty: the task's), the speeds, the numbers of cycles, the rounded squares'
// corner radius, the noise (or none), the seed and the sweep's path and tolerance. Each field is
// checked as it is typed, as in the CHANGE dialogs: a refusal marks the field and says why in
// words on the line under the form; the value in force stays (leaving the field shows it
// again). The settings live in memory for the Studio session; a newly opened file starts from
// its defaults (iso9283_settings.h).
// "Run ISO bench" and "Run speed sweep" run on a worker thread (iso9283_runner.h) with a
// progress bar and Cancel; the window stays responsive. A refusal of the core (a cube that does
// not fit says by how much and what edge would) is shown in words and marks its field; a
// cancelled or refused run changes nothing on screen.
// Below, three views: the characteristics per speed (AP, RP, AT, RT, CR, CO in mm; AV, RV in %;
// FV in mm/s; stabilisation time in s; overshoot in mm) and the largest deviation per test path;
// the commanded and attained path of a chosen test path (in its plane, equal scales) with the
// error along it, one curve per speed; the sweep's deviation against speed on log-log axes with
// the fitted power law, the tolerance and the running-speed index. Export writes the core's
// reports (analysis/iso9283_report.h: PDF, SVG, CSV or JSON by the file's suffix) atomically.

#include "analysis/iso9283_bench.h"
#include "analysis/speed_sweep.h"
#include "iso9283_runner.h"
#include "iso9283_settings.h"

#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace armdyn::app {

class Document;

class Iso9283Panel : public QWidget {
  Q_OBJECT
 public:
  explicit Iso9283Panel(QWidget* parent = nullptr);

  // The session the runs take (a copy at Run); a newly opened file resets the settings to its
  // defaults, an edit keeps them (the task-following fields follow the task).
  void setDocument(Document* document);
  const IsoSettings& settings() const { return settings_; }
  void setSettings(const IsoSettings& settings);

  // Starts a run (false, with the reason in the status line, when one is already running).
  bool runBench();
  bool runSweep();
  void cancel();
  bool isBusy() const;

  std::shared_ptr<const IsoBenchResult> benchResult() const { return bench_; }
  std::shared_ptr<const SpeedSweepResult> sweepResult() const { return sweep_; }
  // The core's report of the last bench / sweep by the file's suffix (.pdf, .svg, .csv, .json),
  // written atomically. False with `error` set when there is none or writing fails.
  bool exportBench(const QString& path, QString* error = nullptr);
  bool exportSweep(const QString& path, QString* error = nullptr);

  // For tests and screenshots. Field keys: centre_x, centre_y, centre_z, edge, rated_speed,
  // path_acceleration, speeds, pose_cycles, path_cycles, corner_radius, encoder, sensor_noise,
  // load_variation, seed, tolerance.
  QLineEdit* field(const QString& key) const;
  QCheckBox* largestCubeBox() const { return largestCube_; }
  QCheckBox* noNoiseBox() const { return noNoise_; }
  QComboBox* sweepPathChoice() const { return sweepPath_; }
  QLabel* refusalLabel() const { return refusal_; }
  QLabel* statusLabel() const { return status_; }
  QLabel* controllerLabel() const { return controller_; }
  QPushButton* benchButton() const { return runBench_; }
  QPushButton* sweepButton() const { return runSweep_; }
  QPushButton* cancelButton() const { return cancel_; }
  QProgressBar* progressBar() const { return progress_; }
  QTabWidget* views() const { return views_; }
  QTableWidget* table() const { return table_; }
  QTableWidget* pathTable() const { return pathTable_; }
  QComboBox* pathChoice() const { return pathChoice_; }
  QCustomPlot* pathPlot() const { return pathPlot_; }
  QCustomPlot* errorPlot() const { return errorPlot_; }
  QCustomPlot* sweepPlot() const { return sweepPlot_; }
  QLabel* sweepSummary() const { return sweepSummary_; }
  Iso9283Runner* runner() const { return runner_; }
  // Shows a view: "table", "paths" or "sweep".
  void showView(const QString& name);
  // Selects a test path of the bench's result by name ("line", "rounded_square_section", ...).
  bool showPath(const QString& name);

 Q_SIGNALS:
  // After a run's outcome reached the views (finished, cancelled or refused).
  void runFinished(const armdyn::app::IsoRunOutcome& outcome);

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  struct Field {
    QString key;
    QString description;
    QLineEdit* edit = nullptr;
    // Reads the text into `s`; returns a refusal in words, or empty.
    std::function<QString(const QString& text, IsoSettings& s)> read;
    std::function<QString(const IsoSettings& s)> show;
  };
  QLineEdit* addField(const QString& key, const QString& description, const QString& tip,
                      std::function<QString(const QString&, IsoSettings&)> read,
                      std::function<QString(const IsoSettings&)> show);
  void onEdited(int index);
  void answerRunRefusal(const Field& f);
  void onLeft(int index);
  // Marks a field refused (red, the reason as its tooltip); `say`: also on the refusal line.
  void markField(const QString& key, const QString& why, bool say = true);
  void clearMarks();
  void setRefusal(const QString& why);
  // The core's ranges (validateIsoBenchValues, validateSpeedSweepValues) on the options `s`
  // makes for the session: the refusal when it is about the field `key`, else "".
  QString crossCheck(const IsoSettings& s, const QString& key) const;
  void reload();
  void updateEnabled();
  void updateTaskDefaults();
  bool start(IsoRunKind kind);
  void onFinished(const IsoRunOutcome& outcome);
  void updateProgress();
  QString fieldWords(const QString& coreField) const;
  void showBench();
  // Empties the tables and plots (no result: a new file).
  void clearResults();
  void drawPath();
  void showSweep();
  void fitEqualScales();
  void fitSplitter();
  bool writeReport(const QString& path, bool bench, QString* error);
  void exportInteractive(bool bench);

  Document* document_ = nullptr;
  IsoSettings settings_;
  std::vector<Field> fields_;
  QCheckBox* largestCube_;
  QCheckBox* noNoise_;
  QComboBox* sweepPath_;
  QLabel* refusal_;
  QLabel* controller_;
  QPushButton* runBench_;
  QPushButton* runSweep_;
  QPushButton* cancel_;
  QProgressBar* progress_;
  QPushButton* exportBench_;
  QPushButton* exportSweep_;
  QLabel* status_;
  // The status line holds a run's refusal of these fields: mended (every one valid again by an
  // edit), the refusal is answered there instead of staying stale.
  QStringList runRefusedKeys_;
  QSplitter* splitter_;
  QTabWidget* views_;
  QLabel* benchHeading_;
  QTableWidget* table_;
  QLabel* pathTableHeading_;
  QTableWidget* pathTable_;
  QComboBox* pathChoice_;
  QCustomPlot* pathPlot_;
  QCustomPlot* errorPlot_;
  QLabel* sweepSummary_;
  QCustomPlot* sweepPlot_;
  QTimer* progressTimer_;
  Iso9283Runner* runner_;
  std::shared_ptr<const IsoBenchResult> bench_;
  std::shared_ptr<const SpeedSweepResult> sweep_;
  QString benchTitle_, sweepTitle_;  // shown over the results
  QString benchRobot_, sweepRobot_;  // the robot each result is of, for the reports' title block
  // Counts new and opened files: a run started under an older one is dropped when it ends.
  int generation_ = 0, runGeneration_ = 0;
  bool cancelRequested_ = false;  // Cancel pressed during the run now in flight
  void markStale();
  bool splitterMoved_ = false;
  // Set by the user (typed, ticked, chosen): then no longer follows the task's defaults.
  bool cubeEdited_ = false, sweepPathEdited_ = false;  // the user dragged the splitter: keep their sizes
  double pathRange_[4] = {0, 1, 0, 1};  // x min, x max, y min, y max of the path drawn (mm)
};

}  // namespace armdyn::app
