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
                       {"view/showMassBodies", &ViewSettings::showMassBodies}};
}  // namespace

ViewSettings loadViewSettings() {
  ViewSettings s;
  const QSettings settings;
  s.drawingScale = std::clamp(settings.value("view/drawingScale", s.drawingScale).toDouble(), 0.25, 4.0);
  for (const Flag& f : kFlags) s.*f.member = settings.value(f.key, s.*f.member).toBool();
  return s;
}

void saveViewSettings(const ViewSettings& s) {
  QSettings settings;
  settings.setValue("view/drawingScale", s.drawingScale);
  for (const Flag& f : kFlags) settings.setValue(f.key, s.*f.member);
}

}  // namespace armdyn::app
