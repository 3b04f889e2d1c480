#pragma once
// Base of the Control-menu dialogs that edit the session's controller settings (controller,
// joint constraint modes, input profile): the core's check of the settings against the robot
// (control/controller_settings.h) and one undoable edit per change.

#include "dialogs/field_dialog.h"

#include <functional>

namespace armdyn::app {

class ControllerFieldDialog : public FieldDialog {
  Q_OBJECT
 public:
  using FieldDialog::FieldDialog;

 protected:
  // The candidate's controller settings validated against its robot; empty when valid.
  QString check(const StudioSession& candidate) const override;
  // Applies `change` to the session's completed controller as one undoable edit named `text`;
  // a refused change shows the reason in status_ and puts the widgets back (refresh()).
  void editController(const std::function<void(ControllerSettings&)>& change, const QString& text);
  // Shows the session's controller settings in the dialog's widgets.
  virtual void refresh() = 0;
};

}  // namespace armdyn::app
