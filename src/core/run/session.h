#pragma once
// The run description: what a client asks armdyn to run, as core data. A session file holds it
// whole (io/robot_file.h reads and writes it); a robot file gives its robot and default task.
// run/task_run.h turns it into run options (runOptionsOf), the one place that does.

#include "control/controller_settings.h"
#include "model/robot.h"
#include "model/run_mode.h"
#include "model/task.h"

#include <string>

namespace armdyn {

// A robot with the task it comes with (the `default_task` entry of a robot file, or both
// halves of a session file).
struct Session {
  RobotSpec robot;
  TaskSpec task;         // empty points when none
  // How the task is run, saved as `run: {mode: ...}` in session files. `modeGiven` is false for
  // files written before it (a client may then infer the mode, e.g. from a controller file).
  RunMode mode = RunMode::PrescribedMotion;
  bool modeGiven = false;
  // The controller of a forward simulation, saved in the session as `run: {controller: ...}` (the
  // controller-file format of docs/control.md) when `controllerGiven`.
  ControllerSettings controller;
  bool controllerGiven = false;
  std::string robotFile; // where the robot came from ("" = built in memory)
  std::string taskFile;
};

}  // namespace armdyn
