#include "studio_session.h"

#include <QDir>
#include <QFileInfo>

namespace armdyn::app {

QString controllerPathFor(const QString& sessionPath) {
  const QFileInfo info(sessionPath);
  return info.dir().filePath(info.completeBaseName() + ".controller.yaml");
}

StudioSession loadStudioSession(const QString& path, QString* controllerProblem) {
  StudioSession s(loadSession(path.toStdString()));
  const QString controller = controllerPathFor(path);
  if (!QFileInfo::exists(controller)) return s;
  try {
    const Model model(s.robot);
    s.controller = loadControllerSettings(controller.toStdString(), model);
    if (!s.modeGiven) s.mode = SimulationMode::ForwardSimulation;
    s.controllerEdited = true;
  } catch (const std::exception& e) {
    if (controllerProblem) *controllerProblem = QString::fromStdString(e.what());
  }
  return s;
}

void saveStudioSession(const StudioSession& session, const QString& path) {
  const bool withController = session.mode == SimulationMode::ForwardSimulation || session.controllerEdited;
  if (withController) {
    // Checked before anything is written: both files or neither.
    const Model model(session.robot);
    validateControllerSettings(session.controller, model);
  }
  saveSession(session, path.toStdString());
  if (withController) {
    const Model model(session.robot);
    saveControllerSettings(session.controller, model, controllerPathFor(path).toStdString());
  }
}

}  // namespace armdyn::app
