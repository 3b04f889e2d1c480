#include "save_paths.h"

#include "document.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace armdyn::app {

QString suggestedSavePath(const QString& robotName, const QString& folder, const QString& what, const QString& extension) {
  QString name = robotName.simplified();
  name.replace(QRegularExpression("[^A-Za-z0-9._-]+"), "_");  // no '/' (IRB 6640-185/2.8), no spaces
  name.remove(QRegularExpression("^_+|_+$"));
  if (name.isEmpty()) name = "robot";
  if (!what.isEmpty()) name += "_" + what;
  return QDir(folder.isEmpty() ? QDir::homePath() : folder).filePath(name + "." + extension);
}

QString suggestedSavePath(const Document& document, const QString& what, const QString& extension) {
  return suggestedSavePath(QString::fromStdString(document.robot().name),
                           document.filePath().isEmpty() ? QString() : QFileInfo(document.filePath()).absolutePath(), what,
                           extension);
}

}  // namespace armdyn::app
