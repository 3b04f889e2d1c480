#include "dialogs/library_picker_dialog.h"

#include "io/robot_file.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace armdyn::app {

QStringList LibraryPickerDialog::libraryFiles() {
  const QDir dir(QString::fromStdString(robotsDirectory()));
  QStringList out;
  // Task files share the folder: keep the files that read as robots.
  for (const QString& f : dir.entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
    try {
      loadRobot(dir.filePath(f).toStdString());
      out << dir.filePath(f);
    } catch (const std::exception&) {
    }
  }
  return out;
}

LibraryPickerDialog::LibraryPickerDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Library manipulators"));
  resize(520, 320);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel(tr("Robots in %1").arg(QString::fromStdString(robotsDirectory())), this));
  list_ = new QListWidget(this);
  list_->setObjectName("libraryList");
  for (const QString& path : libraryFiles()) {
    QString text = QFileInfo(path).fileName();
    try {
      const RobotSpec r = loadRobot(path.toStdString());
      text = QStringLiteral("%1 — %2 (%3 links%4)")
                 .arg(QFileInfo(path).fileName(), QString::fromStdString(r.name))
                 .arg(r.dof())
                 .arg(r.family.empty() ? QString() : QStringLiteral(", ") + QString::fromStdString(r.family));
    } catch (const std::exception& e) {
      text += QStringLiteral(" — cannot read: %1").arg(QString::fromStdString(e.what()));
    }
    auto* item = new QListWidgetItem(text, list_);
    item->setData(Qt::UserRole, path);
  }
  if (list_->count() > 0) list_->setCurrentRow(0);
  layout->addWidget(list_, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
  layout->addWidget(buttons);
}

QString LibraryPickerDialog::selectedPath() const {
  return list_->currentItem() ? list_->currentItem()->data(Qt::UserRole).toString() : QString();
}

}  // namespace armdyn::app
