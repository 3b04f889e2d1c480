#include "dialogs/tool_wrench_dialog.h"
#include "refusal_style.h"

#include "document.h"
#include "model/tool_wrench_profile.h"
#include "common/input_error.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <cmath>

namespace armdyn::app {

namespace {

bool isTable(const Session& s) { return s.task.wrench && s.task.wrench->isTable(); }
bool inToolAxes(const Session& s) { return s.task.wrench && s.task.wrench->inToolAxes(); }

// The constant wrench in force (zero when none or a table).
ToolWrench constantOf(const Session& s) {
  ToolWrench w = s.task.wrench && !s.task.wrench->isTable() ? s.task.wrench->constantWrench() : ToolWrench{};
  w.inToolAxes = inToolAxes(s);
  return w;
}

// A constant wrench into the task: none at all when it is zero in world axes (the file then has
// no `wrench:`).
void setConstant(Session& s, const ToolWrench& w) {
  if (w.isZero() && !w.inToolAxes) s.task.wrench.reset();
  else s.task.wrench = ToolWrenchProfile::constant(w);
}

}  // namespace

ToolWrenchDialog::ToolWrenchDialog(Document* document, QWidget* parent) : FieldDialog(document, parent) {
  setObjectName("toolWrenchDialog");
  setWindowTitle(tr("Tool load (wrench)"));
  auto* layout = new QVBoxLayout(this);
  auto* note = new QLabel(tr("What the tool exerts on its surroundings during the task (pressing, drilling, holding a part\n"
                             "against a fixture): a force and a moment about the tool point. The surroundings push back,\n"
                             "so every joint delivers J^T W on top of the motion's forces, in every run of the task."),
                          this);
  layout->addWidget(note);
  auto* axesRow = new QHBoxLayout;
  axesRow->addWidget(new QLabel(tr("Components in"), this));
  axes_ = new QComboBox(this);
  axes_->setObjectName("wrenchAxes");
  axes_->addItems({tr("world axes"), tr("tool axes (turn with the tool)")});
  axesRow->addWidget(axes_);
  axesRow->addStretch(1);
  layout->addLayout(axesRow);

  constant_ = new QRadioButton(tr("Constant over the task"), this);
  constant_->setObjectName("wrenchConstant");
  table_ = new QRadioButton(tr("Over time: a CSV table t, fx, fy, fz, mx, my, mz (s, N, N m)"), this);
  table_->setObjectName("wrenchTable");
  auto* group = new QButtonGroup(this);
  group->addButton(constant_);
  group->addButton(table_);
  layout->addWidget(constant_);

  auto* grid = new QGridLayout;
  const QStringList names = {tr("force x (N)"), tr("force y (N)"), tr("force z (N)"),
                             tr("moment x (N m)"), tr("moment y (N m)"), tr("moment z (N m)")};
  const char* keys[] = {"wrench.force.x", "wrench.force.y", "wrench.force.z",
                        "wrench.moment.x", "wrench.moment.y", "wrench.moment.z"};
  for (int k = 0; k < 6; ++k) {
    const int row = k % 3, col = 2 * (k / 3);
    grid->addWidget(new QLabel(names[k].left(1).toUpper() + names[k].mid(1), this), row, col);
    addField(grid, row, col + 1, keys[k], tr("tool %1").arg(names[k]), FieldUnit::Plain,
             [k](const Session& s) {
               const ToolWrench w = constantOf(s);
               return k < 3 ? w.force(k) : w.moment(k - 3);
             },
             [k](Session& s, double v) {
               ToolWrench w = constantOf(s);
               (k < 3 ? w.force(k) : w.moment(k - 3)) = v;
               setConstant(s, w);
             });
  }
  layout->addLayout(grid);

  layout->addWidget(table_);
  auto* fileRow = new QHBoxLayout;
  profilePath_ = new QLabel(this);
  profilePath_->setObjectName("wrenchProfilePath");
  profilePath_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  fileRow->addWidget(profilePath_, 1);
  choose_ = new QPushButton(tr("Choose file…"), this);
  choose_->setObjectName("wrenchChooseFile");
  fileRow->addWidget(choose_);
  layout->addLayout(fileRow);
  profileStatus_ = new QLabel(this);
  profileStatus_->setObjectName("wrenchProfileStatus");
  profileStatus_->setWordWrap(true);
  layout->addWidget(profileStatus_);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  auto chooseFile = [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Tool load profile"), QString(), tr("CSV (*.csv);;All files (*)"));
    if (path.isEmpty() || !setProfileFile(path)) refresh();
  };
  connect(choose_, &QPushButton::clicked, this, chooseFile);
  connect(table_, &QRadioButton::clicked, this, [this, chooseFile] {
    if (!isTable(document_->session())) chooseFile();
  });
  connect(constant_, &QRadioButton::clicked, this, &ToolWrenchDialog::useConstant);
  connect(axes_, &QComboBox::activated, this, [this](int index) {
    const bool tool = index == 1;
    StudioSession s = document_->session();
    if (tool == inToolAxes(s)) return;
    if (isTable(s)) {
      s.task.wrench = s.task.wrench->withAxes(tool);
    } else {
      ToolWrench w = constantOf(s);
      w.inToolAxes = tool;
      setConstant(s, w);
    }
    document_->edit(s, tool ? tr("Tool load in tool axes") : tr("Tool load in world axes"));
  });
  connect(document_, &Document::sessionChanged, this, &ToolWrenchDialog::refresh);
  refresh();
}

QString ToolWrenchDialog::check(const StudioSession& candidate) const {
  const QString why = FieldDialog::check(candidate);
  if (!why.isEmpty()) return why;
  // A component beyond the core's limit (model/tool_wrench.h) is refused as the wrench is built
  // (ToolWrenchProfile::constant); FieldDialog shows that refusal in the field's words.
  return {};
}

QString ToolWrenchDialog::profileStatus() const { return profileStatus_->text(); }

bool ToolWrenchDialog::setProfileFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  StudioSession s = document_->session();
  try {
    s.task.wrench = loadToolWrenchCsv(absolute.toStdString(), inToolAxes(s));
  } catch (const InputError& e) {
    profileStatus_->setText(QString::fromStdString(e.what()));
    profileStatus_->setStyleSheet(kRefusalTextStyle);
    return false;
  }
  document_->edit(s, tr("Tool load over time from %1").arg(QFileInfo(absolute).fileName()));
  return true;
}

void ToolWrenchDialog::useConstant() {
  StudioSession s = document_->session();
  if (!isTable(s)) {
    refresh();
    return;
  }
  ToolWrench w;
  w.inToolAxes = inToolAxes(s);
  setConstant(s, w);
  document_->edit(s, tr("Tool load constant"));
}

void ToolWrenchDialog::refresh() {
  const Session& s = document_->session();
  const bool table = isTable(s);
  {
    const QSignalBlocker a(axes_), b(constant_), c(table_);
    axes_->setCurrentIndex(inToolAxes(s) ? 1 : 0);
    constant_->setChecked(!table);
    table_->setChecked(table);
  }
  for (const char* key : {"wrench.force.x", "wrench.force.y", "wrench.force.z", "wrench.moment.x", "wrench.moment.y",
                          "wrench.moment.z"})
    if (QLineEdit* e = field(key)) e->setEnabled(!table);
  profileStatus_->setStyleSheet("color:#444");
  if (!table) {
    profilePath_->setText(tr("(no file)"));
    profileStatus_->setText(s.task.wrench ? tr("Constant: the same force and moment at every time.")
                                          : tr("No tool load: the tool touches nothing."));
    return;
  }
  const ToolWrenchProfile& p = *s.task.wrench;
  profilePath_->setText(p.csvFile().empty() ? tr("(rows given in the task file)") : QString::fromStdString(p.csvFile()));
  profileStatus_->setText(tr("%1 rows from t = %2 s to %3 s: linear between rows, the first row before them and the "
                             "last after.")
                              .arg(p.rows())
                              .arg(p.times().front())
                              .arg(p.times().back()));
}

}  // namespace armdyn::app
