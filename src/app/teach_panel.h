#pragma once
// Teach mode: joint sliders (and a typed value beside each: degrees, or mm for a prismatic
// joint) that move the arm, the live tool pose (x, y, z in m; roll, pitch,
// yaw in degrees, eq 3.1-3.2) and Cartesian jog through the core inverse kinematics with a
// choice of configuration (closed form per family, else damped least squares).

#include "model/model.h"

#include <Eigen/Core>
#include <QWidget>
#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QGridLayout;

namespace armdyn::app {

class TeachPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TeachPanel(QWidget* parent = nullptr);

  void setRobot(const RobotSpec& robot);  // rebuilds sliders when the joint count changes
  void setJoints(const Eigen::VectorXd& q);
  const Eigen::VectorXd& joints() const { return q_; }
  // Frames base, links 1..n, tool at the current joints (core forward kinematics).
  std::vector<Eigen::Matrix4d> frames() const;
  // Moves the tool by `delta` along/about base axis `axis` (0..2 x, y, z in m; 3..5 roll, pitch,
  // yaw in rad). Returns false (and shows why) when the IK finds no solution.
  bool jog(int axis, double delta);
  QString poseText() const;
  QSlider* slider(int joint) const { return sliders_[joint]; }
  // The typed value beside each slider: degrees for a revolute joint, mm for a prismatic one.
  QDoubleSpinBox* valueBox(int joint) const { return values_[joint]; }
  QLabel* message() const { return message_; }

 Q_SIGNALS:
  void jointsChanged();

 private:
  void rebuild();
  void refresh();
  std::shared_ptr<const Model> model_;
  Eigen::VectorXd q_;
  QGridLayout* sliderGrid_;
  std::vector<QSlider*> sliders_;
  std::vector<QDoubleSpinBox*> values_;
  std::vector<QLabel*> pose_;
  QComboBox* configuration_;
  QDoubleSpinBox* linearStep_;
  QDoubleSpinBox* angularStep_;
  QLabel* message_;
  bool updating_ = false;
};

}  // namespace armdyn::app
