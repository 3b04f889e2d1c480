#pragma once
// Studio's compiled-in resources (ui/armdyn.qrc: the style sheet and the application icon).
// They live in the static library armdyn_app, whose resource object a linker drops unless
// something names it: initStudioResources() does, once, for the application and the tests.

#include <QString>

namespace armdyn::app {

void initStudioResources();
QString studioStyleSheet();  // ui/style/armdyn.qss; empty if it cannot be read

}  // namespace armdyn::app
