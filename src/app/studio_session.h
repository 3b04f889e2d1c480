#pragma once
// What the Studio edits and undoes as one piece: the core's Session, the whole run description
// (robot, task with its scheme, run mode and the controller of a forward simulation), saved in
// one YAML session file (io/robot_file.h: `run: {mode, controller}`); the controller is written
// there when the session is in forward mode or its controller was edited. Session files from
// before that kept the controller next to them in `<name>.controller.yaml`: such a file is still
// read (and starts forward mode when the session names no mode).

#include "control/controller_settings.h"
#include "io/robot_file.h"

#include <QString>

namespace armdyn::app {

// PrescribedMotion: the task's joint motion and the forces it needs (Vora's SIMULATE);
// ForwardSimulation: the arm driven by its controller along the same plan.
using SimulationMode = RunMode;

struct StudioSession : Session {
  StudioSession() { controller = studioControllerDefaults(); }
  // Keeps the session's controller when it has one, else the Studio's defaults.
  StudioSession(Session session) : Session(std::move(session)) {
    if (!controllerGiven) controller = studioControllerDefaults();
  }

  bool controllerEdited = false;  // the controller differs from the defaults (save its file)
};

// `<dir>/<name>.controller.yaml` for `<dir>/<name>.yaml` (older sessions' controller file).
QString controllerPathFor(const QString& sessionPath);

// The session file; without an inline controller, an older session's controller file when there
// is one (one that cannot be read leaves the defaults and says why in `controllerProblem`). A
// URDF's chain ends at `urdfTip` when one is given (loadUrdfSession), else by the core's rule.
// Throws what loadSession throws.
StudioSession loadStudioSession(const QString& path, QString* controllerProblem = nullptr,
                                const std::string& urdfTip = std::string());
// One file, the controller inline in forward mode or when edited. Throws on failure.
void saveStudioSession(const StudioSession& session, const QString& path);

}  // namespace armdyn::app
