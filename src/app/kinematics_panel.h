#pragma once
// The Kinematics tab: at the pose under the time cursor (or the teach pose) every closed-form
// inverse-kinematics branch of the tool pose (core: closedFormInverseKinematics), those outside
// the joint limits with the reason, joint values in degrees (mm for a prismatic joint); picking
// one shows the arm in it. Under the list the configuration's worth from the core
// (analyzeConfiguration): manipulability, condition number, det J, det J11 and det J22 of a
// spherical wrist, and the singularity ("none", "arm", "wrist", "both"). An arm without a
// closed form shows the one damped-least-squares solution and says so.

#include "model/model.h"

#include <Eigen/Core>
#include <QWidget>
#include <memory>
#include <vector>

class QLabel;
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

 Q_SIGNALS:
  void branchPicked(const Eigen::VectorXd& q);

 private:
  struct Row {
    Eigen::VectorXd q;
    QString name;
    QString status;
    bool rejected = false;
  };
  void refresh();
  std::shared_ptr<const Model> model_;
  Eigen::VectorXd q_;
  QString where_;
  std::vector<Row> rows_;
  QLabel* pose_;
  QLabel* method_;
  QTableWidget* table_;
  QLabel* rejected_;  // the reasons of the greyed branches, in full
  std::vector<std::pair<QString, QLabel*>> values_;
};

}  // namespace armdyn::app
