#pragma once
// MAIN menu item 5 (Vora "Input or change inertia matrices"): per link, the mass source (hollow
// bar, explicit tensor, pseudo-inertia J of eq 3.20) and its elements. Switching the source
// starts from the link's current bare inertia, converted by the core (mass_properties.h).

#include "dialogs/field_dialog.h"

class QComboBox;

namespace armdyn::app {

class InertiaDialog : public FieldDialog {
  Q_OBJECT
 public:
  InertiaDialog(Document* document, QWidget* parent = nullptr);
  QComboBox* linkCombo() const { return link_; }
  QComboBox* sourceCombo() const { return source_; }

 private:
  void refreshEnabled();
  void changeSource(int index);
  int linkIndex() const;
  QComboBox* link_;
  QComboBox* source_;
  std::vector<QLineEdit*> tensorFields_;
  std::vector<QLineEdit*> pseudoFields_;
};

}  // namespace armdyn::app
