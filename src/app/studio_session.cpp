#include "studio_session.h"

#include "io/urdf_reader.h"

#include <QDir>
#include <QFileInfo>

namespace armdyn::app {

QString controllerPathFor(const QString& sessionPath) {
  const QFileInfo info(sessionPath);
  return info.dir().filePath(info.completeBaseName() + ".controller.yaml");
}

StudioSession loadStudioSession(const QString& path, QString* controllerProblem, const std::string& urdfTip) {
  UrdfOptions urdf;
  urdf.tip = urdfTip;
  StudioSession s(urdfTip.empty() ? loadSession(path.toStdString()) : loadUrdfSession(path.toStdString(), urdf));
  if (s.controllerGiven) {
    s.controllerEdited = true;
    return s;
  }
  const QString controller = controllerPathFor(path);
  if (!QFileInfo::exists(controller)) return s;
  try {
    const Model model(s.robot);
    s.controller = loadControllerSettings(controller.toStdString(), model);
    s.controllerGiven = true;
    if (!s.modeGiven) s.mode = SimulationMode::ForwardSimulation;
    s.controllerEdited = true;
  } catch (const std::exception& e) {
    if (controllerProblem) *controllerProblem = QString::fromStdString(e.what());
  }
  return s;
}

void saveStudioSession(const StudioSession& session, const QString& path) {
  Session whole = session;
  whole.controllerGiven = session.mode == SimulationMode::ForwardSimulation || session.controllerEdited;
  saveSession(whole, path.toStdString());  // checks the controller before anything is written
}

}  // namespace armdyn::app
