#include "dialogs/link_parameters_dialog.h"

#include "document.h"
#include "units.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace armdyn::app {

LinkParametersDialog::LinkParametersDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setWindowTitle(tr("Change link parameters"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Denavit-Hartenberg parameters, A<sub>i</sub> = Rot(z, θ) Trn(0, 0, d) "
                             "Trn(a, 0, 0) Rot(x, α) (eq 3.3). The joint variable adds to θ (revolute) "
                             "or d (prismatic). Changes apply at once; Edit → Undo reverts them."),
                          this);
  intro->setWordWrap(true);  // the dialog's width comes from its fields, not this sentence
  layout->addWidget(intro);
  auto* grid = new QGridLayout;
  const QStringList heads = {tr("Link"), tr("Joint"), tr("θ (deg)"), tr("d (m)"), tr("α (deg)"), tr("a (m)")};
  for (int c = 0; c < heads.size(); ++c) {
    // Name over unit, so a column is as wide as its field, not its title.
    QString head = heads[c].toHtmlEscaped();
    head.replace(" (", "<br>(");
    auto* label = new QLabel("<b>" + head + "</b>", this);
    label->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    grid->addWidget(label, 0, c);
  }
  const RobotSpec& robot = document->robot();
  for (int i = 0; i < robot.dof(); ++i) {
    const QString link = QStringLiteral("links[%1]").arg(i);
    grid->addWidget(new QLabel(QString::fromStdString(robot.links[i].name), this), i + 1, 0, Qt::AlignTop);
    grid->addWidget(new QLabel(jointLetter(robot.links[i].joint), this), i + 1, 1, Qt::AlignTop);
    const QString n = QString::number(i + 1);
    addField(grid, i + 1, 2, link + ".dh.theta", tr("theta of link %1").arg(n), FieldUnit::Degrees,
             [i](const Session& s) { return s.robot.links[i].dh.theta; },
             [i](Session& s, double v) { s.robot.links[i].dh.theta = v; });
    addField(grid, i + 1, 3, link + ".dh.d", tr("d of link %1").arg(n), FieldUnit::Plain,
             [i](const Session& s) { return s.robot.links[i].dh.d; },
             [i](Session& s, double v) { s.robot.links[i].dh.d = v; });
    addField(grid, i + 1, 4, link + ".dh.alpha", tr("alpha of link %1").arg(n), FieldUnit::Degrees,
             [i](const Session& s) { return s.robot.links[i].dh.alpha; },
             [i](Session& s, double v) { s.robot.links[i].dh.alpha = v; });
    addField(grid, i + 1, 5, link + ".dh.a", tr("a of link %1").arg(n), FieldUnit::Plain,
             [i](const Session& s) { return s.robot.links[i].dh.a; },
             [i](Session& s, double v) { s.robot.links[i].dh.a = v; });
  }
  layout->addLayout(grid);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

}  // namespace armdyn::app
