#include "save_paths.h"

#include "document.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace armdyn::app {

QString suggestedSavePath(const Document& document, const QString& what, const QString& extension) {
  QString name = QString::fromStdString(document.robot().name).simplified();
  name.replace(QRegularExpression("[^A-Za-z0-9._-]+"), "_");
  if (name.isEmpty() || name == "_") name = "robot";
  if (!what.isEmpty()) name += "_" + what;
  const QString folder = document.filePath().isEmpty() ? QDir::homePath() : QFileInfo(document.filePath()).absolutePath();
  return QDir(folder).filePath(name + "." + extension);
}

}  // namespace armdyn::app
