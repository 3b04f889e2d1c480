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
  // The payload carried at the tool (RobotSpec::payload): in the dynamics of every run and in
  // the actuator sizing. Principal moments about its centre, in tool axes.
  layout->addWidget(new QLabel(tr("Payload at the tool: mass, centre of mass in the tool frame and its principal\n"
                                  "moments of inertia (tool axes). 0 kg: no payload."),
                               this));
  auto* load = new QGridLayout;
  const QStringList loadNames = {tr("mass (kg)"), tr("centre x (m)"), tr("centre y (m)"), tr("centre z (m)"),
                                 tr("Ixx (kg m²)"), tr("Iyy (kg m²)"), tr("Izz (kg m²)")};
  const char* loadKeys[] = {"payload.mass", "payload.com.x", "payload.com.y", "payload.com.z",
                            "payload.tensor.xx", "payload.tensor.yy", "payload.tensor.zz"};
  for (int k = 0; k < 7; ++k) {
    load->addWidget(new QLabel(loadNames[k], this), k, 0);
    addField(load, k, 1, loadKeys[k], tr("payload %1").arg(loadNames[k]), FieldUnit::Plain,
             [k](const Session& s) {
               if (!s.robot.payload) return 0.0;
               const RigidBodyInertia& p = *s.robot.payload;
               return k == 0 ? p.mass : k < 4 ? p.com(k - 1) : p.inertiaCom(k - 4, k - 4);
             },
             [k](Session& s, double v) {
               RigidBodyInertia p = s.robot.payload.value_or(RigidBodyInertia{});
               if (k == 0) p.mass = v;
               else if (k < 4) p.com(k - 1) = v;
               else p.inertiaCom(k - 4, k - 4) = v;
               s.robot.payload = p;
             });
  }
  layout->addLayout(load);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

}  // namespace armdyn::app
