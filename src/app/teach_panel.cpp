#include "teach_panel.h"
#include "refusal_style.h"

#include "document.h"
#include "common/number_text.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/tool_drag.h"
#include "trajectory/recorded_point.h"
#include "units.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace armdyn::app {
namespace {

// Sliders hold integers: thousandths of a radian or of a metre.
constexpr double kSliderUnit = 1e-3;
constexpr double kMaxShownTravel = 1e6;  // rad or m: 1e9 slider steps, within an int
constexpr double kPi = 3.14159265358979323846;

QString degreesText(double rad) {
  return QString::number(displayValue(QString::fromStdString(formatDegrees(rad)).toDouble()), 'f', 2);
}

}  // namespace

TeachPanel::TeachPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* jointsBox = new QGroupBox(tr("Joints"), this);
  sliderGrid_ = new QGridLayout(jointsBox);
  // Rows 2 px apart (the style's 6 px made a seven-joint arm's panel taller than a 1280 x 800
  // screen leaves the dock).
  sliderGrid_->setVerticalSpacing(2);
  layout->addWidget(jointsBox);

  auto* poseBox = new QGroupBox(tr("Tool pose (base frame)"), this);
  auto* poseGrid = new QGridLayout(poseBox);
  poseGrid->setVerticalSpacing(2);
  const QStringList names = {"x (m)", "y (m)", "z (m)", "roll φ (°)", "pitch θ (°)", "yaw ψ (°)"};
  poseGrid->addWidget(new QLabel(tr("Jog step"), this), 0, 3);
  for (int k = 0; k < 6; ++k) {
    poseGrid->addWidget(new QLabel(names[k], this), k + 1, 0);
    auto* v = new QLabel(this);
    v->setObjectName(QStringLiteral("pose%1").arg(k));
    v->setMinimumWidth(80);
    v->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    poseGrid->addWidget(v, k + 1, 1);
    pose_.push_back(v);
    auto* minus = new QPushButton("−", this);
    auto* plus = new QPushButton("+", this);
    minus->setObjectName(QStringLiteral("jogMinus%1").arg(k));
    plus->setObjectName(QStringLiteral("jogPlus%1").arg(k));
    minus->setMaximumWidth(32);
    plus->setMaximumWidth(32);
    poseGrid->addWidget(minus, k + 1, 2);
    poseGrid->addWidget(plus, k + 1, 3);
    auto step = [this, k] {
      return k < 3 ? linearStep_->value() / 1000.0 : degToRad(angularStep_->value());
    };
    connect(minus, &QPushButton::clicked, this, [this, k, step] { jog(k, -step()); });
    connect(plus, &QPushButton::clicked, this, [this, k, step] { jog(k, step()); });
  }
  linearStep_ = new QDoubleSpinBox(this);
  linearStep_->setRange(0.1, 100.0);
  linearStep_->setValue(10.0);
  linearStep_->setSuffix(" mm");
  angularStep_ = new QDoubleSpinBox(this);
  angularStep_->setRange(0.1, 45.0);
  angularStep_->setValue(5.0);
  angularStep_->setSuffix(" °");
  poseGrid->addWidget(new QLabel(tr("step"), this), 7, 0);
  poseGrid->addWidget(linearStep_, 7, 1);
  poseGrid->addWidget(angularStep_, 7, 2, 1, 2);
  poseGrid->addWidget(new QLabel(tr("Configuration"), this), 8, 0);
  configuration_ = new QComboBox(this);
  configuration_->setObjectName("teachConfiguration");
  // As narrow as 14 characters (the list shows the whole names): the dock fits beside the view
  // and the plots at 1280 px.
  configuration_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  configuration_->setMinimumContentsLength(14);
  poseGrid->addWidget(configuration_, 8, 1, 1, 3);
  layout->addWidget(poseBox);

  // Recording the pose into the task.
  auto* recordBox = new QGroupBox(tr("Record into the task"), this);
  auto* recordGrid = new QGridLayout(recordBox);
  recordGrid->addWidget(new QLabel(tr("Selected point"), this), 0, 0);
  point_ = new QSpinBox(this);
  point_->setObjectName("teachPoint");
  point_->setRange(0, 0);
  point_->setToolTip(tr("The point the buttons below act on. While the Trajectory points dialog is open, "
                        "its selected row is used (and shown here)."));
  recordGrid->addWidget(point_, 0, 1);
  insert_ = new QPushButton(tr("Insert after selected point"), this);
  insert_->setObjectName("teachInsertPoint");
  // The shortcuts are window actions (the panel's dock is in the main window), as the menus'.
  auto* insertAct = new QAction(tr("Record pose after the selected point"), this);
  insertAct->setShortcut(QKeySequence(tr("Ctrl+R")));
  insertAct->setShortcutContext(Qt::WindowShortcut);
  addAction(insertAct);
  insert_->setToolTip(tr("Adds the tool pose of these joints to the task after the selected point (%1)")
                          .arg(insertAct->shortcut().toString(QKeySequence::NativeText)));
  replace_ = new QPushButton(tr("Replace selected point"), this);
  replace_->setObjectName("teachReplacePoint");
  auto* replaceAct = new QAction(tr("Record pose in place of the selected point"), this);
  replaceAct->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
  replaceAct->setShortcutContext(Qt::WindowShortcut);
  addAction(replaceAct);
  replace_->setToolTip(tr("Puts the tool pose of these joints in place of the selected point (%1)")
                           .arg(replaceAct->shortcut().toString(QKeySequence::NativeText)));
  recordGrid->addWidget(insert_, 1, 0, 1, 2);
  recordGrid->addWidget(replace_, 2, 0, 1, 2);
  connect(insert_, &QPushButton::clicked, this, [this] { recordPose(false); });
  connect(replace_, &QPushButton::clicked, this, [this] { recordPose(true); });
  connect(insertAct, &QAction::triggered, this, [this] { recordPose(false); });
  connect(replaceAct, &QAction::triggered, this, [this] { recordPose(true); });
  layout->addWidget(recordBox);
  updatePoints();

  message_ = new QLabel(this);
  message_->setObjectName("teachMessage");
  message_->setWordWrap(true);
  message_->setStyleSheet(kRefusalTextStyle);
  layout->addWidget(message_);
  layout->addStretch(1);
}

void TeachPanel::setRobot(const RobotSpec& robot) {
  try {
    model_ = std::make_shared<const Model>(robot);
  } catch (const std::exception& e) {
    message_->setText(QString::fromStdString(e.what()));
    return;
  }
  const int n = model_->dof();
  if (q_.size() != n) q_ = model_->home();
  q_ = clampToLimits(*model_, q_);
  // First (the default) the branch the arm is in: a jog does not change configuration; then the
  // family's configurations (a jog in one solves for it, possibly moving the arm to it).
  configuration_->clear();
  configuration_->addItem(tr("the arm's own (nearest)"), QString());
  for (const std::string& c : familyConfigurations(kinematicFamily(*model_))) {
    configuration_->addItem(QString::fromStdString(c), QString::fromStdString(c));
  }
  rebuild();
  refresh();
}

void TeachPanel::rebuild() {
  QLayoutItem* item;
  while ((item = sliderGrid_->takeAt(0)) != nullptr) {
    delete item->widget();
    delete item;
  }
  sliders_.clear();
  values_.clear();
  const int n = model_->dof();
  for (int i = 0; i < n; ++i) {
    const LinkSpec& l = model_->spec().links[i];
    const bool rev = l.joint == JointType::Revolute;
    // Every value the joint can take (the PUMA's joint 3 reaches -225 deg); an unlimited side of a
    // prismatic joint shown 1 m past the other side's limit (or to +-1 m), and no side past
    // kMaxShownTravel (the slider counts kSliderUnit steps in an int).
    const JointInterval travel = admissibleJointInterval(*model_, i);
    const bool lowerSet = travel.lower > -1e300, upperSet = travel.upper < 1e300;
    double lo = lowerSet ? travel.lower : (upperSet ? std::min(-1.0, travel.upper - 1.0) : -1.0);
    double hi = upperSet ? travel.upper : (lowerSet ? std::max(1.0, travel.lower + 1.0) : 1.0);
    lo = std::clamp(lo, -kMaxShownTravel, kMaxShownTravel);
    hi = std::clamp(hi, -kMaxShownTravel, kMaxShownTravel);
    sliderGrid_->addWidget(new QLabel(tr("J%1 (%2)").arg(i + 1).arg(jointLetter(l.joint)), this), i, 0);
    auto* s = new QSlider(Qt::Horizontal, this);
    s->setObjectName(QStringLiteral("teachSlider%1").arg(i + 1));
    s->setRange(static_cast<int>(std::ceil(lo / kSliderUnit)), static_cast<int>(std::floor(hi / kSliderUnit)));
    sliderGrid_->addWidget(s, i, 1);
    // Typed values at the dialog edge: degrees or millimetres, SI inside.
    auto* v = new QDoubleSpinBox(this);
    v->setObjectName(QStringLiteral("teachValue%1").arg(i + 1));
    const double scale = rev ? 180.0 / kPi : 1000.0;
    v->setDecimals(rev ? 2 : 1);
    v->setSuffix(rev ? tr(" °") : tr(" mm"));
    v->setRange(lo * scale, hi * scale);
    v->setSingleStep(1.0);
    v->setKeyboardTracking(false);  // commit on Enter or focus out, not per digit
    v->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    sliderGrid_->addWidget(v, i, 2);
    connect(v, &QDoubleSpinBox::valueChanged, this, [this, i, scale](double value) {
      if (updating_) return;
      q_(i) = value / scale;
      refresh();
      Q_EMIT jointsChanged();
    });
    sliders_.push_back(s);
    values_.push_back(v);
    connect(s, &QSlider::valueChanged, this, [this, i](int value) {
      if (updating_) return;
      q_(i) = value * kSliderUnit;
      refresh();
      Q_EMIT jointsChanged();
    });
  }
}

void TeachPanel::setJoints(const Eigen::VectorXd& q) {
  if (!model_ || q.size() != model_->dof()) return;
  q_ = clampToLimits(*model_, q);
  refresh();
  Q_EMIT jointsChanged();
}

std::vector<Eigen::Matrix4d> TeachPanel::frames() const {
  if (!model_) return {};
  std::vector<Eigen::Matrix4d> f(model_->dof() + 2);
  f.back() = forwardKinematics(*model_, q_, f.data());
  return f;
}

QString TeachPanel::poseText() const {
  QStringList parts;
  for (QLabel* l : pose_) parts << l->text();
  return parts.join(", ");
}

void TeachPanel::refresh() {
  if (!model_) return;
  updating_ = true;
  for (int i = 0; i < model_->dof(); ++i) {
    const double scale = model_->isRevolute(i) ? 180.0 / kPi : 1000.0;
    const double q = std::clamp(q_(i), -kMaxShownTravel, kMaxShownTravel);
    const int step = static_cast<int>(std::lround(q / kSliderUnit));
    // A value past the shown span of an unlimited prismatic side widens it (a task point 1.5 m out).
    const JointInterval travel = admissibleJointInterval(*model_, i);
    if (travel.upper >= 1e300 && step > sliders_[i]->maximum()) {
      sliders_[i]->setMaximum(step);
      values_[i]->setMaximum(q * scale);
    }
    if (travel.lower <= -1e300 && step < sliders_[i]->minimum()) {
      sliders_[i]->setMinimum(step);
      values_[i]->setMinimum(q * scale);
    }
    sliders_[i]->setValue(step);
    values_[i]->setValue(q_(i) * scale);
  }
  updating_ = false;
  const Vector6d p = xyzRpyFromPose(toolPose(*model_, q_));
  // Rounding noise as 0: the Panda's tool at y = -1e-17 m read "-0.0000".
  for (int k = 0; k < 3; ++k) pose_[k]->setText(QString::number(displayValue(p(k)), 'f', 4));
  for (int k = 3; k < 6; ++k) pose_[k]->setText(degreesText(p(k)));
}

bool TeachPanel::jog(int row, double delta) {
  if (!model_) return false;
  // Rows x, y, z, then roll phi, pitch theta, yaw psi (Vora: Rz(phi) Ry(theta) Rx(psi)): those
  // turn the tool about base z, y and x (phi's row changes phi alone).
  const int axis = row < 3 ? row : 8 - row;
  const std::string configuration = configuration_->currentData().toString().toStdString();
  const auto take = [this](const Eigen::VectorXd& q) {
    q_ = q;
    refresh();
    Q_EMIT jointsChanged();
  };
  // A turn on an arm of fewer than six joints goes the same way (ToolDrag refuses it with why; the
  // position-only IK of a named configuration would take it without turning anything).
  if (configuration.empty() || (row >= 3 && model_->dof() < 6)) {
    // On the branch the arm is in, as a drag of the tool's handles (ToolDrag: the solution
    // nearest the joints, in short sub-steps, numerically from them for an arm without a closed
    // form): it does not jump to another configuration.
    DragStep step;
    try {
      ToolDrag drag = ToolDrag::jog(model_, q_, axis < 3 ? DragHandle::Translate : DragHandle::Rotate, axis % 3);
      step = drag.moveBy(delta);
    } catch (const std::exception& e) {
      message_->setText(tr("Cannot jog there: %1").arg(QString::fromStdString(e.what())));
      return false;
    }
    const QString why = QString::fromStdString(step.reason);
    message_->setText(why.isEmpty() ? QString()
                      : step.moved  ? tr("Stopped part of the way: %1").arg(why)
                                    : tr("Cannot jog there: %1").arg(why));
    if (!step.moved) return false;
    take(step.q);
    return why.isEmpty();
  }
  const Eigen::Matrix4d target = joggedPose(toolPose(*model_, q_), axis, delta);
  const IkResult ik = solveInverseKinematics(*model_, target, configuration, q_);
  if (!ik.ok) {
    message_->setText(tr("Cannot jog there: %1").arg(QString::fromStdString(ik.reason)));
    return false;
  }
  message_->clear();
  take(ik.q);
  return true;
}

void TeachPanel::setDocument(Document* document) {
  if (document_) disconnect(document_, nullptr, this, nullptr);
  document_ = document;
  if (document_) connect(document_, &Document::sessionChanged, this, &TeachPanel::updatePoints);
  updatePoints();
}

void TeachPanel::updatePoints() {
  const int n = document_ ? document_->task().pointCount() : 0;
  // The box follows the last point while it is on it (the default: insert after the last).
  const bool atLast = point_->value() >= pointCount_;
  pointCount_ = n;
  point_->setRange(n > 0 ? 1 : 0, n);
  if (atLast || point_->value() > n) point_->setValue(n);
  point_->setSuffix(tr(" of %1").arg(n));
  point_->setEnabled(n > 0);
  insert_->setEnabled(document_ != nullptr && document_->robot().dof() > 0);
  replace_->setEnabled(n > 0);
}

int TeachPanel::selectedPoint() const {
  if (!document_) return -1;
  const int n = document_->task().pointCount();
  if (n == 0) return -1;
  const int fromDialog = selection_ ? selection_() : -1;
  if (fromDialog >= 0 && fromDialog < n) return fromDialog;
  return std::clamp(point_->value() - 1, 0, n - 1);
}

bool TeachPanel::recordPose(bool replace) {
  if (!document_ || !model_ || q_.size() != model_->dof()) {
    if (message_) message_->setText(tr("No robot to record a pose of"));
    return false;
  }
  const int selected = selectedPoint();
  if (replace && selected < 0) {
    message_->setText(tr("The task has no point to replace"));
    return false;
  }
  // A recorded task no longer matches its file (as the trajectory dialog's edits).
  TaskSpec task = document_->task().detachedFromFile();
  const int index = replace ? selected : selected + 1;
  try {
    const Model model(document_->robot());
    task = replace ? taskWithReplacedPose(task, model, q_, selected) : taskWithInsertedPose(task, model, q_, selected);
  } catch (const std::exception& e) {
    message_->setText(tr("Cannot record the pose: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  message_->clear();
  document_->edit(task, replace ? tr("Record pose as point %1 (replacing it)").arg(index + 1)
                                : tr("Record pose as point %1").arg(index + 1));
  point_->setValue(index + 1);  // a next insert goes after this one
  Q_EMIT pointRecorded(index);
  return true;
}

}  // namespace armdyn::app
