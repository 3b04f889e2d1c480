#include "studio_resources.h"

#include <QFile>

// Q_INIT_RESOURCE must be used outside any namespace.
static void registerArmdynResources() { Q_INIT_RESOURCE(armdyn); }

namespace armdyn::app {

void initStudioResources() {
  static const bool registered = (registerArmdynResources(), true);
  (void)registered;
}

QString studioStyleSheet() {
  initStudioResources();
  QFile qss(QStringLiteral(":/style/armdyn.qss"));
  return qss.open(QIODevice::ReadOnly) ? QString::fromUtf8(qss.readAll()) : QString();
}

}  // namespace armdyn::app
