#pragma once
// CHANGE menu item 2 (Vora fig 5.7): link material (density) and the outer and inner
// dimensions along X, Y, Z of each hollow bar (section 6.2, fig 6.1), and the bar centre.

#include "dialogs/field_dialog.h"

namespace armdyn::app {

class LinkDimensionsDialog : public FieldDialog {
  Q_OBJECT
 public:
  LinkDimensionsDialog(Document* document, QWidget* parent = nullptr);
};

}  // namespace armdyn::app
