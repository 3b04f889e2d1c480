#include "dialogs/controller_field_dialog.h"

#include "control/controller_settings.h"
#include "dialogs/controller_dialog.h"
#include "document.h"
#include "common/input_error.h"

#include <QLabel>

namespace armdyn::app {

QString ControllerFieldDialog::check(const StudioSession& candidate) const {
  try {
    validateControllerSettings(candidate.controller, Model(candidate.robot));
  } catch (const InputError& e) {
    return QString::fromStdString(e.field() + ": " + e.message());
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void ControllerFieldDialog::editController(const std::function<void(ControllerSettings&)>& change,
                                           const QString& text) {
  StudioSession s = document_->session();
  s.controller = completedController(s);
  change(s.controller);
  s.controllerEdited = true;
  const QString why = check(s);
  if (!why.isEmpty()) {
    status_->setText(why);
    refresh();
    return;
  }
  status_->clear();
  document_->edit(s, text);
}

}  // namespace armdyn::app
