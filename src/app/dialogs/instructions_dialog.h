#pragma once
// MAIN menu item 1 (Vora INSTRC, fig 5.5): how to run the program.

#include <QDialog>

namespace armdyn::app {

class InstructionsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit InstructionsDialog(QWidget* parent = nullptr);
};

}  // namespace armdyn::app
