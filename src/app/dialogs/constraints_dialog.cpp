#include "dialogs/constraints_dialog.h"

#include "dialogs/controller_dialog.h"
#include "document.h"
#include "common/input_error.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace armdyn::app {

ConstraintsDialog::ConstraintsDialog(Document* document, QWidget* parent) : ControllerFieldDialog(document, parent) {
  setObjectName("constraintsDialog");
  setWindowTitle(tr("Joint constraint modes"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("In the forward simulation each joint may be free (driven by its controller), locked at "
                              "its start position, held at its start velocity, or given a constant acceleration "
                              "(Anderson 6.1). The constraint supplies whatever force that takes."),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* grid = new QGridLayout;
  grid->addWidget(new QLabel(tr("<b>Joint</b>"), this), 0, 0);
  grid->addWidget(new QLabel(tr("<b>Mode</b>"), this), 0, 1);
  grid->addWidget(new QLabel(tr("<b>Acceleration</b> (deg/s² | m/s²)"), this), 0, 2);
  const RobotSpec& robot = document->robot();
  for (int j = 0; j < robot.dof(); ++j) {
    grid->addWidget(new QLabel(tr("%1 (%2)").arg(j + 1).arg(robot.links[j].joint == JointType::Revolute ? "R" : "P"), this),
                    j + 1, 0, Qt::AlignTop);
    auto* mode = new QComboBox(this);
    mode->setObjectName(QStringLiteral("controller.constraints[%1]").arg(j));
    mode->addItems({tr("free"), tr("locked"), tr("constant velocity"), tr("constant acceleration")});
    grid->addWidget(mode, j + 1, 1, Qt::AlignTop);
    modes_.push_back(mode);
    connect(mode, &QComboBox::currentIndexChanged, this, [this, j](int index) {
      StudioSession s = document_->session();
      s.controller = completedController(s);
      s.controller.config.constraints[j].mode = static_cast<JointMode>(index);
      s.controllerEdited = true;
      document_->edit(s, tr("Joint %1 %2").arg(j + 1).arg(modes_[j]->itemText(index)));
    });
    const bool revolute = robot.links[j].joint == JointType::Revolute;
    accelerations_.push_back(addField(
        grid, j + 1, 2, QStringLiteral("controller.constraints[%1].acceleration").arg(j),
        tr("constant acceleration of joint %1").arg(j + 1), revolute ? FieldUnit::Degrees : FieldUnit::Plain,
        [j](const StudioSession& s) { return completedController(s).config.constraints[j].acceleration; },
        [j](StudioSession& s, double v) {
          s.controller = completedController(s);
          s.controller.config.constraints[j].acceleration = v;
          s.controllerEdited = true;
        }));
  }
  layout->addLayout(grid);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(document_, &Document::sessionChanged, this, &ConstraintsDialog::refresh);
  refresh();
}

void ConstraintsDialog::refresh() {
  const ControllerSettings c = completedController(document_->session());
  if (c.config.constraints.size() != modes_.size()) return;
  for (size_t j = 0; j < modes_.size(); ++j) {
    const QSignalBlocker block(modes_[j]);
    const JointMode mode = c.config.constraints[j].mode;
    modes_[j]->setCurrentIndex(static_cast<int>(mode));
    accelerations_[j]->setEnabled(mode == JointMode::ConstantAcceleration);
  }
}

}  // namespace armdyn::app
