#pragma once
// Robot, task and session files. YAML (docs/file-formats.md) or Vora's 1984 formats
// (fig 6.2 manipulator specification, fig 6.3 / 7.4 trajectory), detected from content.
// Degrees and metres at the file edge, SI inside. Every error is an InputError naming the
// file, the line and the field; a failed load returns nothing. Saves are atomic.

#include "model/robot.h"
#include "model/task.h"

#include <string>

namespace armdyn {

// A robot with the task it comes with (the `default_task` entry of a robot file, or both
// halves of a session file).
struct Session {
  RobotSpec robot;
  TaskSpec task;         // empty points when none
  std::string robotFile; // where the robot came from ("" = built in memory)
  std::string taskFile;
};

RobotSpec loadRobot(const std::string& path);     // YAML robot, YAML session or Vora spec file
TaskSpec loadTask(const std::string& path);       // YAML task or Vora trajectory file
// Robot plus its default task (robot files may name one; session files hold both).
Session loadSession(const std::string& path);

RobotSpec parseRobotYaml(const std::string& text, const std::string& fileName);
TaskSpec parseTaskYaml(const std::string& text, const std::string& fileName);
RobotSpec parseVoraSpec(const std::string& text, const std::string& fileName);
TaskSpec parseVoraTrajectory(const std::string& text, const std::string& fileName);

std::string robotToYaml(const RobotSpec& robot);
std::string taskToYaml(const TaskSpec& task);
std::string sessionToYaml(const Session& session);

void saveRobot(const RobotSpec& robot, const std::string& path);
void saveTask(const TaskSpec& task, const std::string& path);
void saveSession(const Session& session, const std::string& path);

// Write via a temporary file in the same directory and rename: all or nothing.
void writeFileAtomic(const std::string& path, const std::string& content);

// Directory of the library robots (ARMDYN_ROBOTS_DIR env, else <source>/robots).
std::string robotsDirectory();
// The default robot: Vora's RRR with the weld-seam task.
std::string defaultRobotPath();

}  // namespace armdyn
