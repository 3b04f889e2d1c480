#include "dialogs/link_dimensions_dialog.h"

#include "document.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace armdyn::app {

LinkDimensionsDialog::LinkDimensionsDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setWindowTitle(tr("Change link dimensions"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Each link is a hollow bar of rectangular section: outer box minus inner box "
                             "(inner 0 = solid), centred at the bar centre in link coordinates."),
                          this);
  intro->setWordWrap(true);  // the dialog's width comes from its fields, not this sentence
  layout->addWidget(intro);
  auto* grid = new QGridLayout;
  const QStringList heads = {tr("Link"),        tr("Density (kg/m³)"), tr("Outer X (m)"), tr("Outer Y (m)"),
                             tr("Outer Z (m)"), tr("Inner X (m)"),     tr("Inner Y (m)"), tr("Inner Z (m)"),
                             tr("Centre x (m)"), tr("Centre y (m)"),  tr("Centre z (m)")};
  for (int c = 0; c < heads.size(); ++c) {
    // Name over unit, so a column is as wide as its field, not its title.
    QString head = heads[c].toHtmlEscaped();
    head.replace(" (", "<br>(");
    auto* label = new QLabel("<b>" + head + "</b>", this);
    label->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    grid->addWidget(label, 0, c);
  }
  const RobotSpec& robot = document->robot();
  const char* axes[] = {"X", "Y", "Z"};
  for (int i = 0; i < robot.dof(); ++i) {
    grid->addWidget(new QLabel(QString::fromStdString(robot.links[i].name), this), i + 1, 0, Qt::AlignTop);
    if (robot.links[i].massSource != MassSource::HollowBar) {
      grid->addWidget(new QLabel(tr("inertia given explicitly (Inertia matrices)"), this), i + 1, 1, 1, 6);
      continue;
    }
    const QString link = QStringLiteral("links[%1]").arg(i);
    const QString n = QString::number(i + 1);
    addField(grid, i + 1, 1, link + ".bar.density", tr("density of link %1").arg(n), FieldUnit::Plain,
             [i](const Session& s) { return s.robot.links[i].bar.density; },
             [i](Session& s, double v) { s.robot.links[i].bar.density = v; });
    for (int a = 0; a < 3; ++a) {
      addField(grid, i + 1, 2 + a, link + ".bar.outer." + axes[a], tr("outer %1 of link %2").arg(axes[a], n),
               FieldUnit::Plain, [i, a](const Session& s) { return s.robot.links[i].bar.outer(a); },
               [i, a](Session& s, double v) { s.robot.links[i].bar.outer(a) = v; });
      addField(grid, i + 1, 5 + a, link + ".bar.inner." + axes[a], tr("inner %1 of link %2").arg(axes[a], n),
               FieldUnit::Plain, [i, a](const Session& s) { return s.robot.links[i].bar.inner(a); },
               [i, a](Session& s, double v) { s.robot.links[i].bar.inner(a) = v; });
      addField(grid, i + 1, 8 + a, link + ".bar.centre." + axes[a], tr("centre %1 of link %2").arg(axes[a], n),
               FieldUnit::Plain, [i, a](const Session& s) { return s.robot.links[i].bar.centre(a); },
               [i, a](Session& s, double v) { s.robot.links[i].bar.centre(a) = v; });
    }
  }
  layout->addLayout(grid);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

}  // namespace armdyn::app
