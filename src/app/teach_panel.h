#pragma once
// Teach mode: joint sliders (and a typed value beside each: degrees, or mm for a prismatic
// joint) that move the arm, the live tool pose (x, y, z in m; roll, pitch,
// yaw in degrees, eq 3.1-3.2) and Cartesian jog through the core inverse kinematics with a
// choice of configuration (closed form per family, else damped least squares).
// Recording: the pose at the current joints goes into the document's task as one undoable edit,
// inserted after the selected point or in its place (core trajectory/recorded_point.h). The
// selected point is the Trajectory points dialog's current row while it is open (the
// selection source), else the panel's point box (default: the last point).

#include "model/model.h"

#include <Eigen/Core>
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QSlider;
class QGridLayout;

namespace armdyn::app {

class Document;

class TeachPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TeachPanel(QWidget* parent = nullptr);

  void setRobot(const RobotSpec& robot);  // rebuilds sliders when the joint count changes
  void setJoints(const Eigen::VectorXd& q);
  const Eigen::VectorXd& joints() const { return q_; }
  // The model the joints belong to (an immutable snapshot; null before a robot is set).
  std::shared_ptr<const Model> model() const { return model_; }
  // Frames base, links 1..n, tool at the current joints (core forward kinematics).
  std::vector<Eigen::Matrix4d> frames() const;
  // Moves the tool by `delta` for the pose row `row`: along base x, y, z (0..2, m), or about base
  // z, y, x for the roll, pitch and yaw rows (3..5, rad), in the configuration chosen (by default
  // the arm's own). Returns false (and shows why) when it could not go the whole way.
  bool jog(int row, double delta);
  QString poseText() const;
  QSlider* slider(int joint) const { return sliders_[joint]; }
  // The typed value beside each slider: degrees for a revolute joint, mm for a prismatic one.
  QDoubleSpinBox* valueBox(int joint) const { return values_[joint]; }
  QLabel* message() const { return message_; }
  QComboBox* configuration() const { return configuration_; }

  // The document whose task the recorded poses go into (none: the record buttons are off).
  void setDocument(Document* document);
  // Where the selected point comes from first: 0-based, or -1 to use the point box.
  void setPointSelection(std::function<int()> selected) { selection_ = std::move(selected); }
  // The point the record buttons act on, 0-based (-1 for an empty task).
  int selectedPoint() const;
  // One undoable edit "Record pose as point k": the pose at the current joints inserted after
  // the selected point (Ctrl+R) or replacing it (Ctrl+Shift+R). False (and why, in the
  // message line) when there is nothing to record into.
  bool recordPose(bool replace);
  QSpinBox* pointBox() const { return point_; }
  QPushButton* insertButton() const { return insert_; }
  QPushButton* replaceButton() const { return replace_; }

 Q_SIGNALS:
  void jointsChanged();
  // A pose was recorded as point `index` (0-based) of the task.
  void pointRecorded(int index);

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
  void updatePoints();
  Document* document_ = nullptr;
  std::function<int()> selection_;
  QSpinBox* point_;
  QPushButton* insert_;
  QPushButton* replace_;
  int pointCount_ = 0;
};

}  // namespace armdyn::app
