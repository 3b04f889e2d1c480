#pragma once
// YAML robot, task and session readers behind robot_file.h (internal to io/). The schema is
// docs/file-formats.md; degrees and metres at the edge, SI in the returned specs.

#include "common/field_source.h"
#include "model/robot.h"
#include "model/task.h"
#include "model/run_mode.h"

#include <optional>
#include <string>

namespace armdyn::io_detail {

// What a robot mapping holds besides the RobotSpec: the task file it names.
struct RobotDocument {
  RobotSpec robot;
  std::string defaultTask;       // as written (relative to the file), "" when none
  int defaultTaskLine = 0;
  std::string defaultTaskField;  // "default_task" or "robot.default_task"
};

struct SessionDocument {
  RobotDocument robot;
  std::optional<TaskSpec> task;  // absent when the session has no `task:`
  std::optional<RunMode> mode;   // `run: {mode: ...}`, absent in sessions written before it
  // `run: {controller: ...}`, read by the caller (the controller reader needs the robot's model).
  std::optional<Value> controller;
};

enum class YamlKind { Robot, Task, Session };

// Which kind of file a root mapping is: `robot:` -> session, `points:` -> task, else robot.
YamlKind yamlKind(const Value& root);

// Each reads a mapping (the root, or a session's `robot:` / `task:`) and checks it fully.
RobotDocument readRobotMapping(FieldSource& source, const Value& value);
TaskSpec readTaskMapping(FieldSource& source, const Value& value);
SessionDocument readSessionMapping(FieldSource& source, const Value& root);

}  // namespace armdyn::io_detail
