#pragma once
// The library picker: every robot file in robots/ with its name and number of links.

#include <QDialog>

class QListWidget;

namespace armdyn::app {

class LibraryPickerDialog : public QDialog {
  Q_OBJECT
 public:
  explicit LibraryPickerDialog(QWidget* parent = nullptr);
  QString selectedPath() const;
  QListWidget* list() const { return list_; }
  static QStringList libraryFiles();

 private:
  QListWidget* list_;
};

}  // namespace armdyn::app
