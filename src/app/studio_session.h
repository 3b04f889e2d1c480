#pragma once
// What the Studio edits and undoes as one piece: the core's Session (robot + task) plus the
// choice of simulation and the controller of a forward simulation (control/controller_settings.h).
// On disk a session is two files: the YAML session (io/robot_file.h) and, next to it,
// `<name>.controller.yaml`, a controller file in the format `armdyn run --controller` reads
// (docs/control.md). The controller file is written when the session is saved in forward mode
// or its controller was edited; a session opened with one starts in forward mode.

#include "control/controller_settings.h"
#include "io/robot_file.h"

#include <QString>

namespace armdyn::app {

enum class SimulationMode {
  PrescribedMotion,   // Vora's SIMULATE: the task's joint motion and the forces it needs
  ForwardSimulation,  // the arm driven by its controller along the same task (issue 4)
};

struct StudioSession : Session {
  StudioSession() = default;
  StudioSession(Session session) : Session(std::move(session)) {}  // prescribed motion, default controller

  SimulationMode mode = SimulationMode::PrescribedMotion;
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
