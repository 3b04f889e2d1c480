#pragma once
// CHANGE menu item 1 (Vora fig 5.7): theta, d, alpha, a of every link (angles in degrees).

#include "dialogs/field_dialog.h"

namespace armdyn::app {

class LinkParametersDialog : public FieldDialog {
  Q_OBJECT
 public:
  LinkParametersDialog(Document* document, QWidget* parent = nullptr);
};

}  // namespace armdyn::app
