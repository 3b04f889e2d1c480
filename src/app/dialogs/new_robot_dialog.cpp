#include "dialogs/new_robot_dialog.h"

#include "dialogs/library_picker_dialog.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "model/model.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QRadioButton>
#include <QSpinBox>

namespace armdyn::app {

NewRobotDialog::NewRobotDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("New manipulator"));
  auto* form = new QFormLayout(this);
  fromLibrary_ = new QRadioButton(tr("Library manipulator type"), this);
  fromLibrary_->setChecked(true);
  library_ = new QComboBox(this);
  for (const QString& path : LibraryPickerDialog::libraryFiles()) library_->addItem(QFileInfo(path).fileName(), path);
  // Vora's RRR first, as at start (the list itself is alphabetical).
  const int vora = library_->findText(QFileInfo(QString::fromStdString(defaultRobotPath())).fileName());
  if (vora >= 0) library_->setCurrentIndex(vora);
  form->addRow(fromLibrary_, library_);
  auto* blank = new QRadioButton(tr("New manipulator: n-link blank arm"), this);
  links_ = new QSpinBox(this);
  links_->setRange(1, kMaxLinks);
  links_->setValue(3);
  form->addRow(blank, links_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

Session NewRobotDialog::session() const {
  if (fromLibrary_->isChecked() && library_->count() > 0) {
    Session s = loadSession(library_->currentData().toString().toStdString());
    s.robotFile.clear();
    return s;
  }
  return blankSession(links_->value());
}

Session NewRobotDialog::blankSession(int links) {
  Session s;
  RobotSpec& r = s.robot;
  r.name = "New " + std::to_string(links) + "-link arm";
  r.links.resize(links);
  for (int i = 0; i < links; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.dh.a = 0.3;
    l.vMax = 1.0;
    l.bar.density = 2700.0;  // aluminium
    l.bar.outer = {0.3, 0.05, 0.05};
    l.bar.inner = {0.3, 0.04, 0.04};
    l.bar.centre = {-0.15, 0.0, 0.0};
  }
  // Two task points: the tool at two joint configurations, so the task is reachable.
  const Model model(r);
  s.task.name = "blank task";
  for (double angle : {0.3, 0.9}) {
    const Eigen::VectorXd q = Eigen::VectorXd::Constant(links, angle);
    const Vector6d pose = xyzRpyFromPose(toolPose(model, q));
    TaskPoint p;
    p.position = pose.head<3>();
    p.rpy = pose.tail<3>();
    s.task.points.push_back(p);
  }
  return s;
}

}  // namespace armdyn::app
