#include "dialogs/field_dialog.h"

#include "document.h"
#include "io/number_text.h"
#include "model/model.h"
#include "simulation/input_limits.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace armdyn::app {

FieldDialog::FieldDialog(Document* document, QWidget* parent) : QDialog(parent), document_(document) {
  status_ = new QLabel(this);
  status_->setObjectName("fieldStatus");
  status_->setWordWrap(true);
  status_->setStyleSheet("color:#b00020");
  links_ = document_->robot().dof();
  connect(document_, &Document::sessionChanged, this, [this] {
    // Fields are bound to links by index: a robot with other links (open, import, undo of an
    // import) closes the dialog rather than showing another arm's values.
    if (document_->robot().dof() != links_) {
      close();
      return;
    }
    if (!applying_) reload();
  });
}

QLineEdit* FieldDialog::addField(QGridLayout* grid, int row, int col, const QString& key, const QString& description,
                                 FieldUnit unit, Getter get, Setter set) {
  auto* cell = new QWidget(this);
  auto* v = new QVBoxLayout(cell);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(0);
  auto* edit = new QLineEdit(cell);
  edit->setObjectName(key);
  edit->setMinimumWidth(70);
  edit->setToolTip(description);
  auto* reason = new QLabel(cell);
  reason->setObjectName(key + ".reason");
  reason->setStyleSheet("color:#b00020; font-size:8pt");
  reason->setWordWrap(true);
  reason->setVisible(false);
  v->addWidget(edit);
  v->addWidget(reason);
  grid->addWidget(cell, row, col, Qt::AlignTop);
  const int index = static_cast<int>(fields_.size());
  fields_.push_back({key, description, unit, std::move(get), std::move(set), edit, reason});
  connect(edit, &QLineEdit::textEdited, this, [this, index] { onEdited(index); });
  connect(edit, &QLineEdit::editingFinished, this, [this, index] {
    // Leaving a refused field restores the value in force.
    Field& f = fields_[index];
    if (f.reason->isVisible()) {
      f.reason->setVisible(false);
      reload();
    }
  });
  reload();
  return edit;
}

QLineEdit* FieldDialog::field(const QString& key) const {
  for (const Field& f : fields_) {
    if (f.key == key) return f.edit;
  }
  return nullptr;
}

QLabel* FieldDialog::reasonLabel(const QString& key) const {
  for (const Field& f : fields_) {
    if (f.key == key) return f.reason;
  }
  return nullptr;
}

QString FieldDialog::check(const StudioSession& candidate) const {
  try {
    validate(candidate.robot);
  } catch (const ModelError& e) {
    return QString::fromStdString(e.what());
  }
  // Past a dialog limit (a slip of the keyboard), unless the session was so before this edit.
  const std::optional<LimitViolation> beyond = robotBeyondLimits(candidate.robot);
  if (beyond && !sameViolation(beyond, robotBeyondLimits(document_->robot()))) {
    return QString::fromStdString(beyond->field + ": " + beyond->message);
  }
  return {};
}

bool FieldDialog::sameViolation(const std::optional<LimitViolation>& a, const std::optional<LimitViolation>& b) {
  return a && b && a->field == b->field && a->message == b->message;
}

void FieldDialog::reload() {
  const StudioSession& s = document_->session();
  if (s.robot.dof() != links_) return;
  for (Field& f : fields_) {
    if (f.reason->isVisible()) continue;  // keep what the user is typing
    const double v = f.get(s);
    // 12 significant digits hide float noise (0.4674000000000005); the value itself is kept
    // unless the user types another.
    const QString text =
        QString::fromStdString(f.unit == FieldUnit::Degrees ? formatDegreesSignificant(v) : formatSignificant(v));
    if (f.edit->text() != text) f.edit->setText(text);
  }
}

void FieldDialog::onEdited(int index) {
  Field& f = fields_[index];
  auto refuse = [&](const QString& why) {
    f.reason->setText(why);
    f.reason->setVisible(true);
    f.edit->setStyleSheet("background:#ffe4e4");
    status_->setText(tr("%1: %2").arg(f.description, why));
  };
  const QString text = f.edit->text().trimmed();
  if (text.isEmpty()) return refuse(tr("a value is required"));
  const NumberText n = readNumber(text.toStdString());
  if (n.kind == NumberText::Kind::NotANumber) return refuse(tr("not a number"));
  if (n.kind == NumberText::Kind::NotFinite) return refuse(tr("must be finite"));
  StudioSession candidate = document_->session();
  f.set(candidate, f.unit == FieldUnit::Degrees ? degToRad(n.value) : n.value);
  const QString why = check(candidate);
  if (!why.isEmpty()) return refuse(why);
  f.reason->setVisible(false);
  f.edit->setStyleSheet({});
  status_->clear();
  applying_ = true;
  document_->edit(candidate, tr("Change %1").arg(f.description), f.key);
  applying_ = false;
}

}  // namespace armdyn::app
