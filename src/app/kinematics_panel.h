#pragma once
// The Kinematics tab: at the pose under the time cursor (or the teach pose) every closed-form
// inverse-kinematics branch of the tool pose (core: closedFormInverseKinematics), those outside
// the joint limits with the reason, joint values in degrees (mm for a prismatic joint); picking
// one shows the arm in it. Under the list the configuration's worth from the core
// (analyzeConfiguration): manipulability, condition number, det J, det J11 and det J22 of a
// spherical wrist, and the singularity ("none", "arm", "wrist", "both"). An arm without a
// closed form shows the one damped-least-squares solution and says so.
// Under a splitter, the maps along the task: the core's analyzePath over the current run's time
// axis (det J11 and det J22 of a spherical wrist, else det J, and the manipulability), the
// singular instants as labelled vertical lines, the shared red time cursor, and a line of text
// with the instants and the smallest manipulability. Recomputed when the tab is on screen and
// the run changed; runs of more than kMapMaxSamples samples are skipped with a note.
// A seven-joint arm: the branches with its free joint (core: defaultFreeJoint) held at its
// current value, and in a second tab under the splitter the self-motion (core: selfMotion): one joint's value against
// the free joint's over its range, one curve per branch, the current value marked; a click on
// a curve shows the arm in that configuration.

#include "kinematics/path_singularities.h"
#include "kinematics/self_motion.h"
#include "model/model.h"
#include "simulation_result.h"

#include <Eigen/Core>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCustomPlot;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableWidget;

namespace armdyn::app {

class KinematicsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit KinematicsPanel(QWidget* parent = nullptr);

  void setRobot(const RobotSpec& robot);
  // The pose to analyse: joint values (SI) and where they come from ("t = 1.20 s", "teach").
  void setJoints(const Eigen::VectorXd& q, const QString& where);
  const Eigen::VectorXd& joints() const { return q_; }

  // The listed branches (solutions within limits first, then the rejected ones).
  int branchCount() const { return static_cast<int>(rows_.size()); }
  const Eigen::VectorXd& branch(int row) const { return rows_[static_cast<std::size_t>(row)].q; }
  QString branchName(int row) const;
  bool branchRejected(int row) const { return rows_[static_cast<std::size_t>(row)].rejected; }
  // Shows the arm in branch `row` (as a click on its row does).
  void pick(int row);
  QTableWidget* table() const { return table_; }
  // The analysis values as shown, by name: manipulability, condition, detJ, detJ11, detJ22,
  // singularity.
  QLabel* value(const QString& name) const;
  QLabel* methodLabel() const { return method_; }
  QLabel* rejectedLabel() const { return rejected_; }

  // Maps along the task. The run (null: none); computed now when the tab is on screen, else
  // when it is shown. setRun gives a run by its model, times (s) and joints (one row a sample).
  static constexpr int kMapMaxSamples = 20000;
  void setResult(const SimulationResultPtr& result);
  void setRun(std::shared_ptr<const Model> model, const std::vector<double>& t, const Eigen::MatrixXd& q);
  void setCursorTime(double t);
  double cursorTime() const { return cursorTime_; }
  QCustomPlot* mapPlot() const { return map_; }
  QLabel* mapSummary() const { return mapSummary_; }
  QSplitter* splitter() const { return splitter_; }
  // Seven-joint arms: the free joint (0-based; -1: none, the plot hidden), the self-motion drawn,
  // its plot and the joint it shows (0-based).
  int freeJoint() const { return freeJoint_; }
  const SelfMotion& selfMotionCurves() const { return selfMotion_; }
  QCustomPlot* selfMotionPlot() const { return selfMotionPlot_; }
  void setSelfMotionJoint(int joint);
  // A click on the self-motion plot at (free value, joint value), rad: the nearest curve point,
  // as the mouse does.
  void pickSelfMotion(double freeValue, double jointValue);
  // The core's analysis of the run drawn (empty: none, skipped or failed).
  const std::optional<PathKinematics>& pathKinematics() const { return path_; }
  int mapSampleCount() const;  // points of each curve
  int singularMarkerCount() const { return static_cast<int>(markers_.size()); }
  double singularMarkerTime(int i) const;
  QString singularMarkerLabel(int i) const;  // "" when the lines are too many to label

 Q_SIGNALS:
  void branchPicked(const Eigen::VectorXd& q);
  // Shift+click on the map: move the time cursor there (as the plots do).
  void timeClicked(double t);

 protected:
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Marker {
    QCPItemStraightLine* line = nullptr;
    QCPItemText* label = nullptr;
    double t = 0.0;
  };
  struct Row {
    Eigen::VectorXd q;
    QString name;
    QString status;          // short enough for the Status column at 1280 px
    bool rejected = false;
    QString detail;          // the status in full (tooltip); empty: the status says it all
    int limitJoint = -1;     // the first joint outside its limits (0-based), -1 if none
    QString freeJoints;      // at a singular pose, the joints that take any value ("q4"); else empty
  };
  void refresh();
  void fitTableHeight();
  void fitSplitter();
  static constexpr int kMapMinHeight = 250;  // px, the map's share while the top can spare it
  void updateMap();
  void updateSelfMotion(const Eigen::Matrix4d& pose);
  void drawSelfMotion();
  void clearMap(const QString& why, bool replot = true);
  void resetMapZoom();
  std::shared_ptr<const Model> model_;
  Eigen::VectorXd q_;
  QString where_;
  std::vector<Row> rows_;
  QLabel* pose_;
  QLabel* method_;
  QTableWidget* table_;
  QLabel* rejected_;  // which joints put the greyed branches outside the limits
  std::vector<std::pair<QString, QLabel*>> values_;
  QSplitter* splitter_;
  QLabel* mapSummary_;
  QCustomPlot* map_;
  QCPLayer* cursorLayer_;
  QCPItemStraightLine* cursor_;
  QCPItemStraightLine* zeroLine_;
  QCPItemText* mapNote_;
  std::vector<Marker> markers_;
  SimulationResultPtr run_;
  bool mapDirty_ = false;
  bool splitterMoved_ = false;  // the user dragged the splitter: keep their sizes
  double cursorTime_ = 0.0;
  std::optional<PathKinematics> path_;
  QTabWidget* bottomTabs_ = nullptr;
  QWidget* selfMotionBox_ = nullptr;
  QComboBox* selfMotionJoint_ = nullptr;
  QCustomPlot* selfMotionPlot_ = nullptr;
  QLabel* selfMotionNote_ = nullptr;
  int freeJoint_ = -1;
  int shownJoint_ = -1;
  SelfMotion selfMotion_;
};

}  // namespace armdyn::app
