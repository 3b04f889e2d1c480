#pragma once
// What the Studio edits and undoes as one piece: the core's Session (robot, task with its
// scheme, run mode) plus the controller of a forward simulation (control/controller_settings.h).
// On disk a session is two files: the YAML session (io/robot_file.h, which saves the run mode)
// and, next to it, `<name>.controller.yaml`, a controller file in the format `armdyn run
// --controller` reads (docs/control.md). The controller file is written when the session is
// saved in forward mode or its controller was edited. A session file from before the run mode
// was saved starts in forward mode when it has a controller file.

#include "control/controller_settings.h"
#include "io/robot_file.h"

#include <QString>

namespace armdyn::app {

// PrescribedMotion: the task's joint motion and the forces it needs (Vora's SIMULATE);
// ForwardSimulation: the arm driven by its controller along the same plan.
using SimulationMode = RunMode;

struct StudioSession : Session {
  StudioSession() = default;
  StudioSession(Session session) : Session(std::move(session)) {}  // prescribed motion, default controller

  ControllerSettings controller = studioControllerDefaults();  // empty vectors = the robot's defaults
  bool controllerEdited = false;  // the controller differs from the defaults (save its file)
};

// `<dir>/<name>.controller.yaml` for `<dir>/<name>.yaml`.
QString controllerPathFor(const QString& sessionPath);

// Session file, then its controller file when there is one; a controller file that cannot be
// read leaves the defaults and says why in `controllerProblem`. Throws what loadSession throws.
StudioSession loadStudioSession(const QString& path, QString* controllerProblem = nullptr);
// Both files (the controller one only in forward mode or when edited). Throws on failure.
void saveStudioSession(const StudioSession& session, const QString& path);

}  // namespace armdyn::app
