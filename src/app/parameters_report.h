#pragma once
// Vora's "Display parameters and dimensions" (MAIN menu item 2) and "Print parameters" (item 3):
// DH table, link dimensions, masses, centres of mass, inertia tensors, pseudo-inertia matrices
// (fig 7.3) and actuator masses, as HTML built from the compiled Model (no arithmetic here:
// every number is a Model or spec value).

#include "io/robot_file.h"
#include "model/model.h"

#include <QString>

namespace armdyn::app {

QString parametersHtml(const Model& model, const TaskSpec& task);

}  // namespace armdyn::app
