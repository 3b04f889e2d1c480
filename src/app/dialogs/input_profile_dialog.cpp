#include "dialogs/input_profile_dialog.h"
#include "refusal_style.h"

#include "dialogs/controller_dialog.h"
#include "document.h"
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

namespace armdyn::app {

InputProfileDialog::InputProfileDialog(Document* document, QWidget* parent) : ControllerFieldDialog(document, parent) {
  setObjectName("inputProfileDialog");
  setWindowTitle(tr("Input profile (open loop)"));
  auto* layout = new QVBoxLayout(this);
  unit_ = new QLabel(this);
  unit_->setWordWrap(true);
  layout->addWidget(unit_);
  signals_ = new QRadioButton(tr("One signal per joint"), this);
  signals_->setObjectName("profileSignals");
  csv_ = new QRadioButton(tr("A CSV table t, u1 … un"), this);
  csv_->setObjectName("profileCsv");
  auto* group = new QButtonGroup(this);
  group->addButton(signals_);
  group->addButton(csv_);
  layout->addWidget(signals_);

  auto* grid = new QGridLayout;
  const QStringList heads = {tr("<b>Joint</b>"), tr("<b>Signal</b>"), tr("<b>Value / before</b>"), tr("<b>After</b>"),
                             tr("<b>Start (s)</b>"), tr("<b>End (s)</b>")};
  for (int c = 0; c < heads.size(); ++c) grid->addWidget(new QLabel(heads[c], this), 0, c);
  const int n = document->robot().dof();
  values_.resize(n);
  for (int j = 0; j < n; ++j) {
    grid->addWidget(new QLabel(QString::number(j + 1), this), j + 1, 0, Qt::AlignTop);
    auto* kind = new QComboBox(this);
    kind->setObjectName(QStringLiteral("controller.profile[%1]").arg(j));
    kind->addItems({tr("constant"), tr("step"), tr("ramp")});
    grid->addWidget(kind, j + 1, 1, Qt::AlignTop);
    kinds_.push_back(kind);
    connect(kind, &QComboBox::currentIndexChanged, this, [this, j](int index) {
      editController(
          [j, index](ControllerSettings& c) {
            JointSignal& s = c.profile.perJoint[j];
            s.kind = static_cast<JointSignal::Kind>(index);
            if (s.kind == JointSignal::Kind::Ramp && !(s.end > s.start)) s.end = s.start + 1.0;
          },
          tr("Joint %1 input: %2").arg(j + 1).arg(kinds_[j]->itemText(index)));
    });
    double JointSignal::*members[] = {&JointSignal::initial, &JointSignal::final, &JointSignal::start, &JointSignal::end};
    const char* names[] = {"initial", "final", "start", "end"};
    for (int k = 0; k < 4; ++k) {
      double JointSignal::*m = members[k];
      values_[j].push_back(addField(
          grid, j + 1, 2 + k, QStringLiteral("controller.profile[%1].%2").arg(j).arg(names[k]),
          tr("%1 of joint %2's input").arg(names[k]).arg(j + 1), FieldUnit::Plain,
          [j, m](const StudioSession& s) { return completedController(s).profile.perJoint[j].*m; },
          [j, m](StudioSession& s, double v) {
            s.controller = completedController(s);
            s.controller.profile.perJoint[j].*m = v;
            s.controllerEdited = true;
          }));
    }
  }
  layout->addLayout(grid);

  layout->addWidget(csv_);
  auto* row = new QHBoxLayout;
  csvPath_ = new QLabel(tr("(no file)"), this);
  csvPath_->setObjectName("profileCsvPath");
  csvPath_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  row->addWidget(csvPath_, 1);
  auto* browse = new QPushButton(tr("Choose…"), this);
  row->addWidget(browse);
  interpolation_ = new QComboBox(this);
  interpolation_->setObjectName("profileInterpolation");
  interpolation_->addItems({tr("hold each row (zero-order)"), tr("interpolate linearly")});
  row->addWidget(interpolation_);
  layout->addLayout(row);
  csvStatus_ = new QLabel(this);
  csvStatus_->setObjectName("profileCsvStatus");
  csvStatus_->setWordWrap(true);
  layout->addWidget(csvStatus_);
  typeNote_ = new QLabel(this);
  typeNote_->setWordWrap(true);
  typeNote_->setStyleSheet("color:#9a5a00");
  layout->addWidget(typeNote_);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Input profile"), QString(), tr("CSV (*.csv);;All files (*)"));
    if (!path.isEmpty()) setCsvFile(path);
  });
  connect(signals_, &QRadioButton::clicked, this, &InputProfileDialog::useSignals);
  connect(csv_, &QRadioButton::clicked, this, [this] {
    const QString current = QString::fromStdString(document_->session().controller.profile.csv);
    if (current.isEmpty()) {
      const QString path = QFileDialog::getOpenFileName(this, tr("Input profile"), QString(), tr("CSV (*.csv);;All files (*)"));
      if (path.isEmpty() || !setCsvFile(path)) refresh();
    }
  });
  connect(interpolation_, &QComboBox::currentIndexChanged, this, [this](int index) {
    editController(
        [index](ControllerSettings& c) {
          c.profile.interpolation = index == 0 ? TableInterpolation::ZeroOrderHold : TableInterpolation::Linear;
        },
        tr("Input profile interpolation"));
  });
  connect(document_, &Document::sessionChanged, this, &InputProfileDialog::refresh);
  refresh();
}

QString InputProfileDialog::csvStatus() const { return csvStatus_->text(); }

bool InputProfileDialog::setCsvFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  try {
    // Read now, so a refused file never becomes part of the session.
    const ControllerSettings c = completedController(document_->session());
    loadInputProfileCsv(absolute.toStdString(), document_->robot().dof(), c.profile.interpolation);
  } catch (const std::exception& e) {
    csvStatus_->setText(QString::fromStdString(e.what()));
    csvStatus_->setStyleSheet(kRefusalTextStyle);
    return false;
  }
  editController([absolute](ControllerSettings& c) { c.profile.csv = absolute.toStdString(); },
                 tr("Input profile from %1").arg(QFileInfo(absolute).fileName()));
  return true;
}

void InputProfileDialog::useSignals() {
  if (document_->session().controller.profile.csv.empty()) return;
  editController([](ControllerSettings& c) { c.profile.csv.clear(); }, tr("Input profile: signals per joint"));
}

void InputProfileDialog::refresh() {
  const StudioSession& session = document_->session();
  const ControllerSettings c = completedController(session);
  if (c.profile.perJoint.size() != kinds_.size()) return;
  const bool table = !c.profile.csv.empty();
  {
    const QSignalBlocker a(signals_), b(csv_), d(interpolation_);
    signals_->setChecked(!table);
    csv_->setChecked(table);
    interpolation_->setCurrentIndex(c.profile.interpolation == TableInterpolation::ZeroOrderHold ? 0 : 1);
  }
  for (size_t j = 0; j < kinds_.size(); ++j) {
    const QSignalBlocker block(kinds_[j]);
    const JointSignal::Kind kind = c.profile.perJoint[j].kind;
    kinds_[j]->setCurrentIndex(static_cast<int>(kind));
    kinds_[j]->setEnabled(!table);
    values_[j][0]->setEnabled(!table);
    values_[j][1]->setEnabled(!table && kind != JointSignal::Kind::Constant);
    values_[j][2]->setEnabled(!table && kind != JointSignal::Kind::Constant);
    values_[j][3]->setEnabled(!table && kind == JointSignal::Kind::Ramp);
  }
  interpolation_->setEnabled(table);
  csvPath_->setText(table ? QString::fromStdString(c.profile.csv) : tr("(no file)"));
  if (table) {
    try {
      const InputProfile p = loadInputProfileCsv(c.profile.csv, session.robot.dof(), c.profile.interpolation);
      csvStatus_->setText(tr("%1 rows from t = %2 s to %3 s; the last row holds after that.")
                              .arg(p.times().size())
                              .arg(p.times().front())
                              .arg(p.times().back()));
      csvStatus_->setStyleSheet("color:#444");
    } catch (const std::exception& e) {
      csvStatus_->setText(QString::fromStdString(e.what()));
      csvStatus_->setStyleSheet(kRefusalTextStyle);
    }
  } else {
    csvStatus_->clear();
  }
  DriveInput input = DriveInput::Torque;
  try {
    input = effectiveInput(c.config, Model(session.robot));
  } catch (const std::exception&) {
  }
  unit_->setText(tr("Open-loop drive inputs u(t), no feedback (Anderson 6.1). This run drives the joints by "
                    "<b>%1</b>: values in %2.")
                     .arg(QString::fromLatin1(driveInputName(input)))
                     .arg(input == DriveInput::Voltage ? tr("V") : input == DriveInput::Current ? tr("A") : tr("N m (N for a prismatic joint)")));
  typeNote_->setText(c.config.type == ControllerType::OpenLoop
                         ? QString()
                         : tr("The profile is used when the controller is \"Open loop\" (Control ▸ Controller)."));
  typeNote_->setVisible(!typeNote_->text().isEmpty());
}

}  // namespace armdyn::app
