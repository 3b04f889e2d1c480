#pragma once
// Robot, task and session files. YAML (docs/file-formats.md) or Vora's 1984 formats
// (fig 6.2 manipulator specification, fig 6.3 / 7.4 trajectory), detected from content.
// Degrees and metres at the file edge, SI inside. Every error is an InputError naming the
// file, the line and the field; a failed load returns nothing. Saves are atomic.

#include "common/atomic_write.h"
#include "common/text_file.h"
#include "model/robot.h"
#include "model/task.h"
#include "run/session.h"

#include <optional>

#include <cstdint>
#include <string>

namespace armdyn {

// A path ending in .urdf is read as URDF (io/urdf_reader.h: the deepest leaf is the tip).
RobotSpec loadRobot(const std::string& path);     // YAML robot, YAML session, Vora spec or URDF file
TaskSpec loadTask(const std::string& path);       // YAML task, YAML session or Vora trajectory file
// Robot plus its default task (robot files may name one, relative to the robot file; session
// files hold both). A default task that cannot be read is an InputError at the robot file's
// default_task line.
Session loadSession(const std::string& path);

// How a file is written, told from its first non-blank line: a lone integer starts a Vora
// specification (fig 6.2), numbers with commas a Vora trajectory (fig 6.3), anything else is YAML.
enum class FileFormat { Yaml, VoraSpec, VoraTrajectory };
FileFormat detectFileFormat(const std::string& text);

// Parsers of text already in memory; `fileName` is only used in messages and names.
RobotSpec parseRobotYaml(const std::string& text, const std::string& fileName);  // robot or session
TaskSpec parseTaskYaml(const std::string& text, const std::string& fileName);    // task or session
Session parseSessionYaml(const std::string& text, const std::string& fileName);  // session only
RobotSpec parseVoraSpec(const std::string& text, const std::string& fileName);
TaskSpec parseVoraTrajectory(const std::string& text, const std::string& fileName);

std::string robotToYaml(const RobotSpec& robot);
// With `default_task: <defaultTask>` (a path relative to the robot file) when not empty.
std::string robotToYaml(const RobotSpec& robot, const std::string& defaultTask);
// The same for a file to be written at `destination`: mesh files in its folder or below are
// written relative to it.
std::string robotToYaml(const RobotSpec& robot, const std::string& defaultTask, const std::string& destination);
std::string taskToYaml(const TaskSpec& task);
// For a file to be written at `destination`: a wrench profile's CSV path relative to its folder
// (without a destination the path is written as held).
std::string taskToYaml(const TaskSpec& task, const std::string& destination);
std::string sessionToYaml(const Session& session);
// For a file to be written at `destination` (paths inside, such as an inline controller's
// profile CSV, relative to its folder).
std::string sessionToYaml(const Session& session, const std::string& destination);

// Saves validate first (ModelError / std::invalid_argument for a robot, task or inline controller
// that could not be read back) and write atomically.
void saveRobot(const RobotSpec& robot, const std::string& path);
void saveRobot(const RobotSpec& robot, const std::string& path, const std::string& defaultTask);
void saveTask(const TaskSpec& task, const std::string& path);
void saveSession(const Session& session, const std::string& path);

// Directory of the library robots (ARMDYN_ROBOTS_DIR env, else <source>/robots).
std::string robotsDirectory();
// The default robot: Vora's RRR with the weld-seam task.
std::string defaultRobotPath();

}  // namespace armdyn
