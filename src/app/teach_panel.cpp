#include "teach_panel.h"

#include "io/number_text.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

namespace armdyn::app {
namespace {

// Sliders hold integers: thousandths of a radian or of a metre.
constexpr double kSliderUnit = 1e-3;
constexpr double kPi = 3.14159265358979323846;

QString degreesText(double rad) {
  return QString::number(QString::fromStdString(formatDegrees(rad)).toDouble(), 'f', 2);
}

}  // namespace

TeachPanel::TeachPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* jointsBox = new QGroupBox(tr("Joints"), this);
  sliderGrid_ = new QGridLayout(jointsBox);
  layout->addWidget(jointsBox);

  auto* poseBox = new QGroupBox(tr("Tool pose (base frame)"), this);
  auto* poseGrid = new QGridLayout(poseBox);
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
  poseGrid->addWidget(configuration_, 8, 1, 1, 3);
  layout->addWidget(poseBox);
  message_ = new QLabel(this);
  message_->setObjectName("teachMessage");
  message_->setWordWrap(true);
  message_->setStyleSheet("color:#b00020");
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
  // Family configurations, default first; none for a family solved numerically from the
  // current joints (which keeps the nearest solution).
  configuration_->clear();
  for (const std::string& c : familyConfigurations(kinematicFamily(*model_))) {
    configuration_->addItem(QString::fromStdString(c), QString::fromStdString(c));
  }
  if (configuration_->count() == 0) configuration_->addItem(tr("numerical (nearest)"), QString());
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
    const double span = rev ? kPi : 1.0;  // shown range for an unlimited joint, rad or m
    const double lo = std::max(l.qMin, -span), hi = std::min(l.qMax, span);
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
    sliders_[i]->setValue(static_cast<int>(std::lround(q_(i) / kSliderUnit)));
    values_[i]->setValue(q_(i) * (model_->isRevolute(i) ? 180.0 / kPi : 1000.0));
  }
  updating_ = false;
  const Vector6d p = xyzRpyFromPose(toolPose(*model_, q_));
  for (int k = 0; k < 3; ++k) pose_[k]->setText(QString::number(p(k), 'f', 4));
  for (int k = 3; k < 6; ++k) pose_[k]->setText(degreesText(p(k)));
}

bool TeachPanel::jog(int axis, double delta) {
  if (!model_) return false;
  Vector6d p = xyzRpyFromPose(toolPose(*model_, q_));
  p(axis) += delta;
  const IkResult ik = solveInverseKinematics(*model_, poseFromXyzRpy(p.head<3>(), p.tail<3>()),
                                             configuration_->currentData().toString().toStdString(), q_);
  if (!ik.ok) {
    message_->setText(tr("Cannot jog there: %1").arg(QString::fromStdString(ik.reason)));
    return false;
  }
  message_->setText(ik.configuration.empty() ? QString()
                                             : tr("Configuration: %1").arg(QString::fromStdString(ik.configuration)));
  q_ = ik.q;
  refresh();
  Q_EMIT jointsChanged();
  return true;
}

}  // namespace armdyn::app
