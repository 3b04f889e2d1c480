#include "dialogs/link_parameters_dialog.h"

#include "document.h"
#include "model/mass_properties.h"
#include "units.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace armdyn::app {

LinkParametersDialog::LinkParametersDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setWindowTitle(tr("Change link parameters"));
  auto* layout = new QVBoxLayout(this);
  // The dialog grows when the bar note shows instead of squeezing the fields to half height.
  layout->setSizeConstraint(QLayout::SetMinimumSize);
  auto* intro = new QLabel(tr("Denavit-Hartenberg parameters, A<sub>i</sub> = Rot(z, θ) Trn(0, 0, d) "
                             "Trn(a, 0, 0) Rot(x, α) (eq 3.3). The joint variable adds to θ (revolute) "
                             "or d (prismatic). A value applies on Enter, on leaving its field or %1 s after you stop "
                             "typing; Edit → Undo reverts it.")
                              .arg(kCommitPauseMs / 1000.0),
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
    label->setObjectName(QStringLiteral("linkHeader_%1").arg(c));
    label->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    grid->addWidget(label, 0, c);
  }
  const RobotSpec& robot = document->robot();
  for (int i = 0; i < robot.dof(); ++i) {
    const QString link = QStringLiteral("links[%1]").arg(i);
    grid->addWidget(new QLabel(QString::fromStdString(robot.links[i].name), this), i + 1, 0, Qt::AlignTop);
    grid->addWidget(new QLabel(jointLetter(robot.links[i].joint), this), i + 1, 1, Qt::AlignTop);
    const QString n = QString::number(i + 1);
    addField(grid, i + 1, 2, link + ".dh.theta", tr("θ of link %1").arg(n), FieldUnit::Degrees,
             [i](const Session& s) { return s.robot.links[i].dh.theta; },
             [i](Session& s, double v) { s.robot.links[i].dh.theta = v; });
    addField(grid, i + 1, 3, link + ".dh.d", tr("d of link %1").arg(n), FieldUnit::Plain,
             [i](const Session& s) { return s.robot.links[i].dh.d; },
             [i](Session& s, double v) { s.robot.links[i].dh.d = v; });
    addField(grid, i + 1, 4, link + ".dh.alpha", tr("α of link %1").arg(n), FieldUnit::Degrees,
             [i](const Session& s) { return s.robot.links[i].dh.alpha; },
             [i](Session& s, double v) { s.robot.links[i].dh.alpha = v; });
    addField(grid, i + 1, 5, link + ".dh.a", tr("a of link %1").arg(n), FieldUnit::Plain,
             [i](const Session& s) { return s.robot.links[i].dh.a; },
             [i](Session& s, double v) { s.robot.links[i].dh.a = v; });
  }
  layout->addLayout(grid);
  // The bar is separate data (issue 11 #16): say so when a DH length no longer matches it.
  auto* hintRow = new QHBoxLayout;
  barHint_ = new QLabel(this);
  barHint_->setObjectName("barHint");
  barHint_->setWordWrap(true);
  barHint_->setStyleSheet("background:#fff4d6; color:#5a4100; padding:4px; border:1px solid #e6c96a");
  hintRow->addWidget(barHint_, 1);
  openDimensions_ = new QPushButton(tr("Open link &dimensions"), this);
  openDimensions_->setObjectName("openLinkDimensions");
  openDimensions_->setAutoDefault(false);
  connect(openDimensions_, &QPushButton::clicked, this, &LinkParametersDialog::linkDimensionsRequested);
  hintRow->addWidget(openDimensions_, 0, Qt::AlignTop);
  layout->addLayout(hintRow);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(document_, &Document::sessionChanged, this, &LinkParametersDialog::updateBarHint);
  updateBarHint();
}

QStringList LinkParametersDialog::barMismatches(const RobotSpec& robot) {
  QStringList out;
  for (int i = 0; i < robot.dof(); ++i) {
    const LinkSpec& link = robot.links[i];
    if (link.massSource != MassSource::HollowBar) continue;
    // The DH lengths a bar can stand for: a, and d of a revolute joint (a prismatic joint's d moves).
    std::vector<std::pair<QString, double>> lengths;
    if (std::abs(link.dh.a) > 1e-9) lengths.emplace_back(QStringLiteral("a"), std::abs(link.dh.a));
    if (link.joint == JointType::Revolute && std::abs(link.dh.d) > 1e-9)
      lengths.emplace_back(QStringLiteral("d"), std::abs(link.dh.d));
    if (lengths.empty()) continue;
    // The bar's length is its longest outer dimension.
    const double barLength = link.bar.outer.cwiseAbs().maxCoeff();
    bool matches = false;
    for (const auto& l : lengths) matches = matches || std::abs(barLength - l.second) <= 1e-6 * std::max(1.0, l.second);
    if (matches) continue;
    const double mass = hollowBarInertial(link.bar).mass;
    const QString n = QString::number(i + 1);
    out << tr("The bar of link %1 (its length and mass) is set in Change link dimensions: it still measures %2 m "
              "and weighs %3 kg, while |%4| = %5 m. The 3D view and the dynamics use the bar as it is.")
               .arg(n, QString::number(barLength, 'f', 2), QString::number(mass, 'g', 3), lengths.front().first,
                    QString::number(lengths.front().second, 'g', 6));
  }
  return out;
}

QString LinkParametersDialog::barHint() const { return barHint_->isHidden() ? QString() : barHint_->text(); }

void LinkParametersDialog::updateBarHint() {
  const QStringList lines = barMismatches(document_->robot());
  const QString before = barHint_->isHidden() ? QString() : barHint_->text();
  const QString now = lines.join('\n');
  barHint_->setText(now);
  barHint_->setVisible(!lines.isEmpty());
  openDimensions_->setVisible(!lines.isEmpty());
  // A word-wrapped note's height depends on the width, which the layout's minimum size does not
  // follow: without this the fields were squeezed to half height and the unit headers cut (when
  // the note appears, and when it grows by another link's paragraph).
  if (before != now && isVisible()) {
    layout()->activate();
    resize(width(), std::max(height(), heightForWidth(width())));
  }
}

}  // namespace armdyn::app
