#pragma once
// The file name a save or export dialog proposes: the robot's name and what is written
// ("PUMA_560_plots.png"), in the session file's folder, else the home folder (never the
// process's working directory, which for a desktop launch is nowhere the user chose).

#include <QString>

namespace armdyn::app {

class Document;

QString suggestedSavePath(const Document& document, const QString& what, const QString& extension);
// The same from a robot name and a folder (empty: the home folder).
QString suggestedSavePath(const QString& robotName, const QString& folder, const QString& what, const QString& extension);

}  // namespace armdyn::app
