#include "dialogs/tool_dialog.h"

#include "document.h"
#include "kinematics/pose.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace armdyn::app {

ToolDialog::ToolDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setWindowTitle(tr("Change tool (end effector)"));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel(tr("TOOL: pose of the end-effector frame in the frame of the last link,\n"
                                  "TOOL = Trn(x, y, z) Rz(roll) Ry(pitch) Rx(yaw)."),
                               this));
  auto* grid = new QGridLayout;
  const QStringList names = {tr("x (m)"), tr("y (m)"), tr("z (m)"), tr("roll φ (deg)"), tr("pitch θ (deg)"),
                             tr("yaw ψ (deg)")};
  const char* keys[] = {"tool.x", "tool.y", "tool.z", "tool.roll", "tool.pitch", "tool.yaw"};
  for (int k = 0; k < 6; ++k) {
    grid->addWidget(new QLabel(names[k], this), k, 0);
    addField(grid, k, 1, keys[k], tr("tool %1").arg(names[k]), k < 3 ? FieldUnit::Plain : FieldUnit::Degrees,
             [k](const Session& s) { return xyzRpyFromPose(s.robot.tool)(k); },
             [k](Session& s, double v) {
               Vector6d p = xyzRpyFromPose(s.robot.tool);
               p(k) = v;
               s.robot.tool = poseFromXyzRpy(p.head<3>(), p.tail<3>());
             });
  }
  layout->addLayout(grid);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

}  // namespace armdyn::app
