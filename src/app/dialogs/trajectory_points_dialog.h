#pragma once
// CHANGE menu item 3 (Vora fig 5.7, "MENU for trajectory changes"): the end points of the task's
// segments, X, Y, Z (m), roll, pitch, yaw (deg); next point, add, insert, delete and reorder.
// Cells validate as you type; every accepted change is one undoable edit.

#include <QDialog>

class QLabel;
class QLineEdit;
class QTableWidget;
class QComboBox;

namespace armdyn::app {

class Document;

class TrajectoryPointsDialog : public QDialog {
  Q_OBJECT
 public:
  TrajectoryPointsDialog(Document* document, QWidget* parent = nullptr);
  QTableWidget* table() const { return table_; }
  QLabel* reason() const { return reason_; }
  void setCell(int row, int column, const QString& text);  // as if typed
  void nextPoint();
  void addPoint();
  void insertPoint();
  void deletePoint();
  void movePoint(int delta);

 private:
  void reload();
  void onCellChanged(int row, int column);
  Document* document_;
  QTableWidget* table_;
  QLabel* reason_;
  QComboBox* configuration_;
  bool loading_ = false;
};

}  // namespace armdyn::app
