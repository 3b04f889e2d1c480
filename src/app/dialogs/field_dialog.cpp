#include "dialogs/field_dialog.h"
#include "refusal_style.h"

#include "document.h"
#include "common/number_text.h"
#include "model/model.h"
#include "simulation/input_limits.h"

#include <QGridLayout>
#include <QCloseEvent>
#include <QKeyEvent>
#include <algorithm>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace armdyn::app {

namespace {

// One line under a field: the full text in text() and the tooltip, painted elided to the width
// the layout gives it (a long reason neither widens the column nor pushes rows down).
class ReasonLabel : public QLabel {
 public:
  using QLabel::QLabel;
  QSize sizeHint() const override { return {0, fontMetrics().height()}; }
  QSize minimumSizeHint() const override { return sizeHint(); }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setPen(QColor(QLatin1String(kRefusalColour)));
    p.drawText(rect(), Qt::AlignLeft | Qt::AlignVCenter, fontMetrics().elidedText(text(), Qt::ElideRight, width()));
  }
};

// Internal names of fields in core messages, in the words of the dialogs.
QString fieldWords(const QString& path) {
  static const QRegularExpression link(QStringLiteral("^links\\[(\\d+)\\]\\.?(.*)$"));
  static const std::vector<std::pair<QString, QString>> words = {
      {"bar.outer", QObject::tr("outer size")},   {"bar.inner", QObject::tr("inner size")},
      {"bar.centre", QObject::tr("bar centre")},  {"bar.density", QObject::tr("density")},
      {"bar", QObject::tr("bar")},                {"dh.theta", QStringLiteral("θ")},
      {"dh.alpha", QStringLiteral("α")},          {"dh.a", QStringLiteral("a")},
      {"dh.d", QStringLiteral("d")},              {"vmax", QObject::tr("maximum velocity")},
      {"limits", QObject::tr("joint limits")},    {"mass", QObject::tr("mass")},
      {"inertia", QObject::tr("inertia")},        {"drive.motor", QObject::tr("motor")},
      {"drive", QObject::tr("drive")},            {"dt", QObject::tr("time increment DT")},
      {"tacc", QObject::tr("acceleration time TACC")}, {"payload", QObject::tr("payload")},
      {"tool", QObject::tr("tool")}};
  // The PVA controller's gains per joint ("k_omega[2]": joint 2, counted from 1).
  static const QRegularExpression pvaGain(QStringLiteral("^k_(phi|omega|eps)\\[(\\d+)\\]$"));
  if (const QRegularExpressionMatch m = pvaGain.match(path); m.hasMatch()) {
    const QString name = m.captured(1) == "phi" ? QObject::tr("position gain Kφ")
                         : m.captured(1) == "omega" ? QObject::tr("velocity gain Kω")
                                                    : QObject::tr("acceleration gain Kε");
    return name + QObject::tr(" of joint %1").arg(m.captured(2).toInt());
  }
  QString rest = path, prefix;
  if (const QRegularExpressionMatch m = link.match(path); m.hasMatch()) {
    prefix = QObject::tr("link %1").arg(m.captured(1).toInt());  // core messages count links from 1
    rest = m.captured(2);
  }
  for (const auto& [key, word] : words) {
    if (rest == key || rest.startsWith(key + '.')) {
      QString tail = rest.mid(key.size());
      if (tail.startsWith('.')) tail = tail.mid(1);
      // One-letter axis names upper case ("outer size Y"); longer names as they are.
      if (tail.size() == 1) tail = tail.toUpper();
      rest = word + (tail.isEmpty() ? QString() : ' ' + tail.replace('.', ' '));
      break;
    }
  }
  rest.replace('_', ' ').replace('.', ' ');
  if (prefix.isEmpty()) return rest;
  return rest.isEmpty() ? prefix : rest + QObject::tr(" of ") + prefix;
}

}  // namespace

QString FieldDialog::userWords(const QString& why, const QString& key, const QString& description) {
  // "path: message", possibly "label: path: message" (a dialog naming its value first).
  static const QRegularExpression internal(QStringLiteral("^([A-Za-z_]+(?:\\[\\d+\\])?(?:\\.[A-Za-z_0-9]+)*): (.*)$"),
                                           QRegularExpression::DotMatchesEverythingOption);
  QString text = why;
  if (text.startsWith(description + ": ")) text = text.mid(description.size() + 2);
  const QRegularExpressionMatch m = internal.match(text);
  QString subject = description, message = text;
  if (m.hasMatch()) {
    const QString path = m.captured(1);
    message = m.captured(2);
    // About this field (or the group it belongs to: "links[2].bar.inner" for inner Y): its own
    // label; about another: that one's, in words.
    // Core messages count from 1 ("links[2]" is link 2, "gains[2]" joint 2), the dialogs' keys
    // from 0; a link's DH values are "links[2].a" there and "links[1].dh.a" here; controller
    // keys carry a "controller." prefix.
    static const QRegularExpression index(QStringLiteral("\\[(\\d+)\\]"));
    QString own;
    int last = 0;
    for (auto it = index.globalMatch(path); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      own += path.mid(last, m.capturedStart() - last) + QStringLiteral("[%1]").arg(m.captured(1).toInt() - 1);
      last = m.capturedEnd();
    }
    own += path.mid(last);
    static const QRegularExpression dhName(QStringLiteral("^(links\\[\\d+\\])\\.(a|d|alpha|theta)$"));
    own.replace(dhName, QStringLiteral("\\1.dh.\\2"));
    QString bare = key;
    if (bare.startsWith(QStringLiteral("controller."))) bare = bare.mid(11);
    const auto about = [&](const QString& k) { return k == own || k.startsWith(own + '.'); };
    if (!about(key) && !about(bare)) subject = fieldWords(path);
  }
  // A sentence's capital, but not on a symbol ("a of link 3" is not "A of link 3": the DH a and
  // d are not A and D).
  if (subject.size() > 1 && subject[0].isLower() && subject[1].isLetter()) subject[0] = subject[0].toUpper();
  return subject.isEmpty() ? message : subject + ": " + message;
}

FieldDialog::FieldDialog(Document* document, QWidget* parent) : QDialog(parent), document_(document) {
  status_ = new QLabel(this);
  status_->setObjectName("fieldStatus");
  status_->setWordWrap(true);
  status_->setStyleSheet(kRefusalTextStyle);
  // Two lines reserved: a message does not move the buttons.
  status_->setMinimumHeight(2 * status_->fontMetrics().lineSpacing() + 4);
  status_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  pause_ = new QTimer(this);
  pause_->setSingleShot(true);
  pause_->setInterval(kCommitPauseMs);
  connect(pause_, &QTimer::timeout, this, [this] {
    if (pending_ >= 0) commit(pending_);
  });
  links_ = document_->robot().dof();
  connect(document_, &Document::sessionChanged, this, [this] {
    // Fields are bound to links by index: a robot with other links (open, import, undo of an
    // import) closes the dialog rather than showing another arm's values.
    if (document_->robot().dof() != links_) {
      close();
      return;
    }
    if (!applying_) {
      // Undo, Redo or another dialog's edit: every field shows the value in force again (and a
      // refusal kept on the status line is stale).
      for (Field& f : fields_) clearError(f);
      status_->clear();
      reload();
    }
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
  auto* reason = new ReasonLabel(cell);
  reason->setObjectName(key + ".reason");
  QFont small = reason->font();
  small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
  reason->setFont(small);
  reason->setVisible(false);
  QSizePolicy keep = reason->sizePolicy();
  keep.setRetainSizeWhenHidden(true);  // the line is reserved whether or not it shows a reason
  keep.setHorizontalPolicy(QSizePolicy::Ignored);
  reason->setSizePolicy(keep);
  v->addWidget(edit);
  v->addWidget(reason);
  grid->addWidget(cell, row, col, Qt::AlignTop);
  const int index = static_cast<int>(fields_.size());
  fields_.push_back({key, description, unit, std::move(get), std::move(set), edit, reason});
  connect(edit, &QLineEdit::textEdited, this, [this, index] { onEdited(index); });
  // Enter or focus leaving: commit a valid value, restore the value in force otherwise.
  connect(edit, &QLineEdit::editingFinished, this, [this, index] { commit(index); });
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
    if (!f.reason->isHidden()) continue;  // keep what the user is typing (a refused text)
    const double v = f.get(s);
    // 12 significant digits hide float noise (0.4674000000000005); the value itself is kept
    // unless the user types another.
    const QString text =
        QString::fromStdString(f.unit == FieldUnit::Degrees ? formatDegreesSignificant(v) : formatSignificant(v));
    if (f.edit->text() != text) f.edit->setText(text);
    if (!f.edit->hasFocus()) f.edited = false;
  }
}

void FieldDialog::keyPressEvent(QKeyEvent* event) {
  if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && qobject_cast<QLineEdit*>(focusWidget())) {
    event->accept();
    return;
  }
  QDialog::keyPressEvent(event);
}

void FieldDialog::commitFocused() {
  for (int i = 0; i < static_cast<int>(fields_.size()); ++i)
    if (fields_[i].edit->hasFocus() || i == pending_) commit(i);
}

void FieldDialog::done(int result) {
  commitFocused();
  QDialog::done(result);
}

void FieldDialog::closeEvent(QCloseEvent* event) {
  commitFocused();
  QDialog::closeEvent(event);
}

void FieldDialog::clearError(Field& f) {
  if (!f.reason->text().isEmpty() && status_->text() == f.reason->text()) status_->clear();
  f.reason->setVisible(false);
  f.reason->clear();
  f.reason->setToolTip({});
  f.edit->setStyleSheet({});
  f.edit->setToolTip(f.description);
}

std::optional<StudioSession> FieldDialog::validated(int index) {
  Field& f = fields_[index];
  auto refuse = [&](const QString& why) -> std::optional<StudioSession> {
    const QString words = userWords(why, f.key, f.description);
    f.reason->setText(words);
    f.reason->setToolTip(words);
    f.reason->setVisible(true);
    f.edit->setStyleSheet(kRefusedFieldStyle);
    f.edit->setToolTip(words);
    status_->setText(words);
    return std::nullopt;
  };
  const QString text = f.edit->text().trimmed();
  if (text.isEmpty()) return refuse(tr("a value is required"));
  const NumberText n = readNumber(text.toStdString());
  if (n.kind == NumberText::Kind::NotANumber) return refuse(tr("not a number"));
  if (n.kind == NumberText::Kind::NotFinite) return refuse(tr("must be finite"));
  StudioSession candidate = document_->session();
  try {
    f.set(candidate, f.unit == FieldUnit::Degrees ? degToRad(n.value) : n.value);
  } catch (const std::invalid_argument& e) {
    return refuse(QString::fromStdString(e.what()));  // a core type refused the value as it was built
  }
  const QString why = check(candidate);
  if (!why.isEmpty()) return refuse(why);
  clearError(f);
  status_->clear();
  return candidate;
}

void FieldDialog::onEdited(int index) {
  // Typing validates (the field shows whether the text would be accepted) but commits nothing:
  // "1" on the way to "10" or "-0" on the way to "-0.04" never reaches the session. A valid,
  // complete value is committed after a pause.
  fields_[index].edited = true;
  pending_ = -1;
  pause_->stop();
  if (!validated(index)) return;
  const QString text = fields_[index].edit->text().trimmed();
  static const QRegularExpression unfinished(QStringLiteral("[-+.eE]$"));
  if (text.contains(unfinished)) return;
  pending_ = index;
  pause_->start();
}

void FieldDialog::commit(int index) {
  if (pending_ == index) {
    pending_ = -1;
    pause_->stop();
  }
  Field& f = fields_[index];
  // Enter or focus passing through a field not typed in: its text shows the value in force
  // rounded to 12 digits, so committing it would change the value (and add an undo step).
  if (!f.edited) return;
  f.edited = false;
  const std::optional<StudioSession> candidate = validated(index);
  if (!candidate) {
    // Leaving a refused field (Enter, focus): the value in force comes back and the field is
    // valid again; the reason stays on the status line to be read, as the trajectory dialog's.
    const QString why = f.reason->text();
    clearError(f);
    reload();
    status_->setText(tr("%1 (the value in force is kept)").arg(why));
    return;
  }
  // Nothing changed (focus passing through a field): no undo step.
  if (f.get(*candidate) == f.get(document_->session())) {
    reload();
    return;
  }
  applying_ = true;
  document_->edit(*candidate, tr("Change %1").arg(f.description));  // one undo step per commit
  applying_ = false;
  reload();
}

}  // namespace armdyn::app
