#include "kinematics_panel.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/singularity_analysis.h"
#include "units.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

namespace armdyn::app {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The same joint values (revolute joints modulo a turn), to the IK's own duplicate tolerance.
bool sameJoints(const Model& model, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  if (a.size() != b.size()) return false;
  for (int i = 0; i < a.size(); ++i) {
    const double d = model.isRevolute(i) ? wrapToPi(a(i) - b(i)) : a(i) - b(i);
    if (std::abs(d) > 1e-6) return false;
  }
  return true;
}

QString numberText(double v) {
  if (std::isnan(v)) return QStringLiteral("—");
  if (std::isinf(v)) return QStringLiteral("∞");
  return QString::number(v, 'g', 4);
}

// m^k for k revolute joints among the position joints 1-3 (a prismatic joint's column is in m/m).
QString lengthPower(int k) {
  static const char* powers[] = {"(no unit)", "m", "m²", "m³"};
  return QString::fromUtf8(powers[std::clamp(k, 0, 3)]);
}

}  // namespace

KinematicsPanel::KinematicsPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  pose_ = new QLabel(this);
  pose_->setObjectName("kinematicsPose");
  pose_->setWordWrap(true);
  layout->addWidget(pose_);
  method_ = new QLabel(this);
  method_->setObjectName("kinematicsMethod");
  method_->setWordWrap(true);
  layout->addWidget(method_);
  table_ = new QTableWidget(this);
  table_->setObjectName("kinematicsSolutions");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(20);
  table_->setToolTip(tr("Click a branch to show the arm in it"));
  layout->addWidget(table_, 1);
  rejected_ = new QLabel(this);
  rejected_->setObjectName("kinematicsRejected");
  rejected_->setWordWrap(true);
  rejected_->setStyleSheet("color:#6a6a6a");
  rejected_->setVisible(false);
  layout->addWidget(rejected_);
  connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) { pick(row); });
  connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) { pick(row); });

  auto* box = new QGroupBox(tr("Configuration at this pose (Jacobian at the tool)"), this);
  auto* form = new QFormLayout(box);
  const std::pair<const char*, QString> names[] = {
      {"manipulability", tr("Manipulability √det(J Jᵀ)")},
      {"condition", tr("Condition number (lengths ÷ arm length)")},
      {"detJ", tr("det J")},
      {"detJ11", tr("det J11 (arm, wrist centre)")},
      {"detJ22", tr("det J22 (wrist)")},
      {"singularity", tr("Singularity")}};
  for (const auto& [key, label] : names) {
    auto* v = new QLabel(box);
    v->setObjectName(QStringLiteral("kinematics_") + key);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(label, v);
    values_.emplace_back(QString::fromLatin1(key), v);
  }
  layout->addWidget(box);
}

QLabel* KinematicsPanel::value(const QString& name) const {
  for (const auto& [key, label] : values_)
    if (key == name) return label;
  return nullptr;
}

QString KinematicsPanel::branchName(int row) const { return rows_[static_cast<std::size_t>(row)].name; }

void KinematicsPanel::setRobot(const RobotSpec& robot) {
  try {
    model_ = std::make_shared<const Model>(robot);
  } catch (const std::exception& e) {
    model_.reset();
    rows_.clear();
    table_->clear();
    table_->setRowCount(0);
    method_->setText(QString::fromStdString(e.what()));
    return;
  }
  if (q_.size() != model_->dof()) q_ = model_->home();
  refresh();
}

void KinematicsPanel::setJoints(const Eigen::VectorXd& q, const QString& where) {
  if (!model_ || q.size() != model_->dof()) return;
  if (q == q_ && where == where_) return;
  q_ = q;
  where_ = where;
  refresh();
}

void KinematicsPanel::pick(int row) {
  if (row < 0 || row >= branchCount()) return;
  Q_EMIT branchPicked(rows_[static_cast<std::size_t>(row)].q);
}

void KinematicsPanel::refresh() {
  rows_.clear();
  if (!model_ || q_.size() != model_->dof()) return;
  const Model& model = *model_;
  const int n = model.dof();
  const Eigen::Matrix4d pose = toolPose(model, q_);
  const Vector6d p = xyzRpyFromPose(pose);
  pose_->setText(tr("<b>Tool pose</b> (%1): x %2 m, y %3 m, z %4 m; roll %5°, pitch %6°, yaw %7°")
                     .arg(where_.isEmpty() ? tr("current joints") : where_)
                     .arg(p(0), 0, 'f', 4).arg(p(1), 0, 'f', 4).arg(p(2), 0, 'f', 4)
                     .arg(p(3) * 180.0 / kPi, 0, 'f', 2).arg(p(4) * 180.0 / kPi, 0, 'f', 2).arg(p(5) * 180.0 / kPi, 0, 'f', 2));

  // The branches: closed form when the arm has one, else the one numerical solution.
  const std::string family = kinematicFamily(model);
  QString method;
  try {
    ClosedFormIk cf;
    if (!family.empty()) cf = closedFormInverseKinematics(model, pose, q_);
    if (cf.applicable) {
      for (const IkCandidate& c : cf.solutions)
        rows_.push_back({c.q, QString::fromStdString(c.configuration), tr("within limits"), false});
      for (const IkCandidate& c : cf.rejected)
        rows_.push_back({c.q, QString::fromStdString(c.configuration), QString::fromStdString(c.reason), true});
      const int kept = static_cast<int>(cf.solutions.size()), dropped = static_cast<int>(cf.rejected.size());
      const QString name = QString::fromStdString(family);
      method = kept == 1 ? tr("Closed form (family “%1”): 1 branch within the joint limits").arg(name)
                         : tr("Closed form (family “%1”): %2 branches within the joint limits").arg(name).arg(kept);
      if (dropped > 0) method += tr(", %1 outside them (greyed)").arg(dropped);
      if (cf.solutions.empty() && !cf.reason.empty()) method += " — " + QString::fromStdString(cf.reason);
      method += ".";
    } else {
      const QString why = family.empty() ? tr("no kinematic family fits its DH structure") : QString::fromStdString(cf.reason);
      const IkResult ik = solveInverseKinematics(model, pose, std::string(), q_);
      rows_.push_back({ik.q, tr("numerical"), ik.ok ? tr("damped least squares, residual %1").arg(ik.residual, 0, 'g', 2)
                                                    : QString::fromStdString(ik.reason),
                       !ik.ok});
      method = tr("No closed form for this arm (%1): the one damped-least-squares solution from the current joints is "
                  "shown.")
                   .arg(why);
    }
  } catch (const std::exception& e) {
    method = QString::fromStdString(e.what());
  }
  method_->setText(method);

  // The table: branch, joint values (degrees, mm for a prismatic joint), status.
  table_->clear();
  table_->setColumnCount(n + 2);
  QStringList headers = {tr("Branch")};
  for (int i = 0; i < n; ++i) headers << (model.isRevolute(i) ? tr("q%1 (°)").arg(i + 1) : tr("q%1 (mm)").arg(i + 1));
  headers << tr("Status");
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(static_cast<int>(rows_.size()));
  for (int r = 0; r < static_cast<int>(rows_.size()); ++r) {
    Row& row = rows_[static_cast<std::size_t>(r)];
    const bool current = !row.rejected && row.q.size() == n && sameJoints(model, row.q, q_);
    if (current) row.status = tr("● current");
    auto* name = new QTableWidgetItem(row.name);
    table_->setItem(r, 0, name);
    for (int i = 0; i < n && i < row.q.size(); ++i) {
      const double v = model.isRevolute(i) ? row.q(i) * 180.0 / kPi : row.q(i) * 1000.0;
      auto* item = new QTableWidgetItem(QString::number(v, 'f', model.isRevolute(i) ? 2 : 1));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(r, i + 1, item);
    }
    auto* status = new QTableWidgetItem(row.status);
    status->setToolTip(row.status);
    table_->setItem(r, n + 1, status);
    for (int c = 0; c < n + 2; ++c) {
      QTableWidgetItem* item = table_->item(r, c);
      if (!item) continue;
      if (row.rejected) item->setForeground(QColor(140, 140, 140));
      if (current) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
    }
  }
  QStringList reasons;
  for (const Row& row : rows_)
    if (row.rejected) reasons << row.status.toHtmlEscaped();
  rejected_->setText(tr("Outside the joint limits: %1").arg(reasons.join("; ")));
  rejected_->setVisible(!reasons.isEmpty());
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(n + 1, QHeaderView::Stretch);

  // The configuration's worth (core analysis), with units: a revolute column of J11 is in m,
  // a prismatic one has none; the wrist's are unitless.
  try {
    const KinematicAnalysis a = analyzeConfiguration(model, q_);
    int revolute = 0;
    for (int i = 0; i < std::min(3, n); ++i) revolute += model.isRevolute(i) ? 1 : 0;
    const QString unit = lengthPower(revolute);
    value("manipulability")->setText(numberText(a.manipulability) + " " + unit);
    value("condition")->setText(numberText(a.conditionNumber) + tr(" (no unit)"));
    value("detJ")->setText(std::isnan(a.detJ) ? tr("— (J is not 6 × 6)") : numberText(a.detJ) + " " + unit);
    value("detJ11")->setText(a.detJ11 ? numberText(*a.detJ11) + " " + unit : tr("— (no spherical wrist)"));
    value("detJ22")->setText(a.detJ22 ? numberText(*a.detJ22) + tr(" (no unit)") : tr("— (no spherical wrist)"));
    const QString s = QString::fromLatin1(singularityName(a.singular));
    value("singularity")->setText(a.singular == Singularity::None ? s : QStringLiteral("<b style='color:#b00020'>%1</b>").arg(s));
  } catch (const std::exception& e) {
    for (const auto& [key, label] : values_) label->setText(QString());
    value("singularity")->setText(QString::fromStdString(e.what()));
  }
}

}  // namespace armdyn::app
