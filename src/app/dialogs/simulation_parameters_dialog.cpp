#include "dialogs/simulation_parameters_dialog.h"

#include "trajectory/task_plan.h"

#include "document.h"
#include "simulation/input_limits.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace armdyn::app {

SimulationParametersDialog::SimulationParametersDialog(Document* document, QWidget* parent)
    : FieldDialog(document, parent) {
  setWindowTitle(tr("Change simulation parameters"));
  auto* layout = new QVBoxLayout(this);
  auto* grid = new QGridLayout;
  grid->addWidget(new QLabel(tr("Time increment DT (s)"), this), 0, 0);
  addField(grid, 0, 1, "dt", tr("time increment DT"), FieldUnit::Plain, [](const Session& s) { return s.robot.dt; },
           [](Session& s, double v) { s.robot.dt = v; });
  grid->addWidget(new QLabel(tr("Acceleration time TACC (s)"), this), 1, 0);
  addField(grid, 1, 1, "tacc", tr("acceleration time TACC"), FieldUnit::Plain,
           [](const Session& s) { return paulTacc(s.robot, s.task); }, [](Session& s, double v) { s.task.tacc = v; });
  const RobotSpec& robot = document->robot();
  for (int i = 0; i < robot.dof(); ++i) {
    // Degrees at the edge for a revolute joint (deg/s, as the robot file and the refusals say),
    // SI inside.
    const bool revolute = robot.links[i].joint == JointType::Revolute;
    grid->addWidget(new QLabel(tr("Maximum velocity of joint %1 (%2)").arg(i + 1).arg(revolute ? tr("deg/s") : tr("m/s")),
                               this),
                    2 + i, 0);
    addField(grid, 2 + i, 1, QStringLiteral("links[%1].vmax").arg(i), tr("maximum velocity of joint %1").arg(i + 1),
             revolute ? FieldUnit::Degrees : FieldUnit::Plain, [i](const Session& s) { return s.robot.links[i].vMax; },
             [i](Session& s, double v) { s.robot.links[i].vMax = v; });
  }
  layout->addLayout(grid);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

QString SimulationParametersDialog::check(const StudioSession& candidate) const {
  const QString why = FieldDialog::check(candidate);
  if (!why.isEmpty()) return why;
  // The task's TACC is checked by the planner (whose refusal the sampling check below would
  // swallow): asked here, so that a TACC it refuses never reaches the session.
  if (candidate.task.tacc) {
    try {
      planTask(Model(candidate.robot), candidate.task);
    } catch (const InputError& e) {
      if (e.field() == "tacc") return tr("tacc: %1").arg(QString::fromStdString(e.message()));
    } catch (const std::exception&) {
    }
  }
  try {
    const std::optional<LimitViolation> now = samplingBeyondLimits(Model(candidate.robot), candidate.task);
    if (!now || sameViolation(now, samplingBeyondLimits(Model(document_->robot()), document_->task()))) return {};
    QString text = QString::fromStdString(now->message);
    if (now->kind == LimitViolation::Kind::TooManySamples) {
      text += tr(": every sample is kept for the animation, the plots and the table (about 1 KB each)");
    }
    return text;
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
}

}  // namespace armdyn::app
