#include "dialogs/inertia_dialog.h"

#include "document.h"
#include "model/equivalent_box.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace armdyn::app {
namespace {

// Bare inertia of a link (no actuator) from whichever source it uses; zeros if it cannot be
// converted (a field being typed).
LinkInertial bareInertial(const LinkSpec& l) {
  try {
    return bareLinkInertial(l);
  } catch (const std::exception&) {
  }
  return {};
}

}  // namespace

InertiaDialog::InertiaDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setWindowTitle(tr("Inertia matrices"));
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Link"), this));
  link_ = new QComboBox(this);
  link_->setObjectName("inertiaLink");
  for (const LinkSpec& l : document->robot().links) link_->addItem(QString::fromStdString(l.name));
  top->addWidget(link_);
  top->addWidget(new QLabel(tr("Mass from"), this));
  source_ = new QComboBox(this);
  source_->setObjectName("inertiaSource");
  source_->addItems({tr("Hollow bar (dimensions)"), tr("Inertia tensor about the COM"), tr("Pseudo-inertia matrix J")});
  top->addWidget(source_);
  top->addStretch(1);
  layout->addLayout(top);
  auto* intro = new QLabel(tr("Bare link only: the actuator point masses of Vora 6.2 are added on top when the "
                             "rule is on (see Display parameters)."),
                          this);
  intro->setWordWrap(true);  // the dialog's width comes from its fields, not this sentence
  layout->addWidget(intro);

  auto* tensorBox = new QGroupBox(tr("Mass (kg), centre of mass (m), tensor about the COM (kg m²)"), this);
  auto* tg = new QGridLayout(tensorBox);
  auto link = [this] { return linkIndex(); };
  tg->addWidget(new QLabel(tr("mass"), this), 0, 0);
  tensorFields_.push_back(addField(tg, 0, 1, "inertia.mass", tr("mass"), FieldUnit::Plain,
      [link](const Session& s) { return bareInertial(s.robot.links[link()]).mass; },
      [link](Session& s, double v) { s.robot.links[link()].inertia.mass = v; }));
  const char* xyz[] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) {
    tg->addWidget(new QLabel(tr("COM %1").arg(xyz[a]), this), 1, 2 * a);
    tensorFields_.push_back(addField(tg, 1, 2 * a + 1, QStringLiteral("inertia.com.%1").arg(xyz[a]),
        tr("centre of mass %1").arg(xyz[a]), FieldUnit::Plain,
        [link, a](const Session& s) { return bareInertial(s.robot.links[link()]).com(a); },
        [link, a](Session& s, double v) { s.robot.links[link()].inertia.com(a) = v; }));
  }
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      if (c < r) continue;  // symmetric: edit the upper triangle
      tg->addWidget(new QLabel(QStringLiteral("I%1%2").arg(xyz[r], xyz[c]), this), 2 + r, 2 * c);
      tensorFields_.push_back(addField(tg, 2 + r, 2 * c + 1, QStringLiteral("inertia.I%1%2").arg(xyz[r], xyz[c]),
          tr("inertia I%1%2").arg(xyz[r], xyz[c]), FieldUnit::Plain,
          [link, r, c](const Session& s) { return bareInertial(s.robot.links[link()]).inertiaCom(r, c); },
          [link, r, c](Session& s, double v) {
            s.robot.links[link()].inertia.inertiaCom(r, c) = v;
            s.robot.links[link()].inertia.inertiaCom(c, r) = v;
          }));
    }
  }
  layout->addWidget(tensorBox);

  auto* pseudoBox = new QGroupBox(tr("Pseudo-inertia J about the link origin (eq 3.20; J44 = mass)"), this);
  auto* pg = new QGridLayout(pseudoBox);
  for (int r = 0; r < 4; ++r) {
    for (int c = r; c < 4; ++c) {
      pseudoFields_.push_back(addField(pg, r, c, QStringLiteral("pseudo.J%1%2").arg(r + 1).arg(c + 1),
          tr("J%1%2").arg(r + 1).arg(c + 1), FieldUnit::Plain,
          [link, r, c](const Session& s) { return bareInertial(s.robot.links[link()]).pseudo(r, c); },
          [link, r, c](Session& s, double v) {
            s.robot.links[link()].pseudoInertia(r, c) = v;
            s.robot.links[link()].pseudoInertia(c, r) = v;
          }));
    }
  }
  layout->addWidget(pseudoBox);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  connect(link_, &QComboBox::currentIndexChanged, this, [this] {
    refreshEnabled();
    reload();
  });
  connect(source_, &QComboBox::currentIndexChanged, this, &InertiaDialog::changeSource);
  connect(document_, &Document::sessionChanged, this, &InertiaDialog::refreshEnabled);
  refreshEnabled();
}

int InertiaDialog::linkIndex() const {
  return std::clamp(link_->currentIndex(), 0, std::max(0, document_->robot().dof() - 1));
}

void InertiaDialog::refreshEnabled() {
  if (linkIndex() >= document_->robot().dof()) return;
  const MassSource m = document_->robot().links[linkIndex()].massSource;
  {
    const QSignalBlocker block(source_);
    source_->setCurrentIndex(static_cast<int>(m));
  }
  for (QLineEdit* e : tensorFields_) e->setEnabled(m == MassSource::Explicit);
  for (QLineEdit* e : pseudoFields_) e->setEnabled(m == MassSource::PseudoInertia);
}

void InertiaDialog::changeSource(int index) {
  StudioSession s = document_->session();
  LinkSpec& l = s.robot.links[linkIndex()];
  const LinkInertial bare = bareInertial(l);
  const auto to = static_cast<MassSource>(index);
  if (to == l.massSource) return;
  if (to == MassSource::Explicit) {
    l.inertia.mass = bare.mass;
    l.inertia.com = bare.com;
    l.inertia.inertiaCom = bare.inertiaCom;
  } else if (to == MassSource::PseudoInertia) {
    l.pseudoInertia = bare.pseudo;
  }
  l.massSource = to;
  const QString why = check(s);
  if (!why.isEmpty()) {
    status_->setText(why);
    refreshEnabled();
    return;
  }
  document_->edit(s, tr("Change mass source of %1").arg(QString::fromStdString(l.name)));
  refreshEnabled();
  reload();
}

}  // namespace armdyn::app
