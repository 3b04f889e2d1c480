#include "view_settings.h"

#include <QSettings>
#include <algorithm>

namespace armdyn::app {

namespace {
struct Flag {
  const char* key;
  bool ViewSettings::*member;
};
const Flag kFlags[] = {{"view/showFrames", &ViewSettings::showFrames},   {"view/showGhosts", &ViewSettings::showGhosts},
                       {"view/showPath", &ViewSettings::showPath},       {"view/showGrid", &ViewSettings::showGrid},
                       {"view/showJointAxes", &ViewSettings::showJointAxes},
                       {"view/showMassBodies", &ViewSettings::showMassBodies},
                       {"view/showMeshes", &ViewSettings::showMeshes},
                       {"view/showDhDrawing", &ViewSettings::showDhDrawing}};
}  // namespace

ViewSettings loadViewSettings() {
  ViewSettings s;
  const QSettings settings;
  s.drawingScale = std::clamp(settings.value("view/drawingScale", s.drawingScale).toDouble(), 0.25, 4.0);
  for (const Flag& f : kFlags) s.*f.member = settings.value(f.key, s.*f.member).toBool();
  s.meshPackagePath = settings.value("view/meshPackagePath", QString()).toString().left(65536).toStdString();
  return s;
}

void saveViewSettings(const ViewSettings& s) {
  QSettings settings;
  settings.setValue("view/drawingScale", s.drawingScale);
  for (const Flag& f : kFlags) settings.setValue(f.key, s.*f.member);
  settings.setValue("view/meshPackagePath", QString::fromStdString(s.meshPackagePath));
}

}  // namespace armdyn::app
