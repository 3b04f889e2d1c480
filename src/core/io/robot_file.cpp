// Loading and saving robot, task and session files: format detection, default tasks, the
// library directory. The readers themselves are yaml_reader.cpp and vora_files.cpp.
#include "io/urdf_reader.h"
#include "io/robot_file.h"

#include "common/field_source.h"
#include "common/input_error.h"
#include "io/yaml_reader.h"
#include "model/model.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace armdyn {
namespace {

namespace fs = std::filesystem;
using io_detail::FieldSource;
using io_detail::YamlKind;

struct FirstLine {
  int number = 0;
  std::string text;
};

FirstLine firstContentLine(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t b = line.find_first_not_of(" \t\r");
    if (b != std::string::npos) return {number, line.substr(b)};
  }
  return {0, ""};
}

bool startsWithNumber(const std::string& s) {
  auto digit = [&](std::size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); };
  if (digit(0)) return true;
  if (!s.empty() && s[0] == '.') return digit(1);
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) return digit(1) || (s.size() > 2 && s[1] == '.' && digit(2));
  return false;
}

[[noreturn]] void wrongKind(const std::string& path, int line, const std::string& is, const std::string& wanted) {
  throw InputError(path, line, "file", "this is " + is + ", not " + wanted);
}

struct YamlFile {
  FieldSource source;
  io_detail::Value root;
  YamlKind kind;
};

YamlFile openYaml(const std::string& text, const std::string& fileName) {
  FieldSource source(fileName);
  const io_detail::Value root = source.parse(text);
  const YamlKind kind = io_detail::yamlKind(root);
  return {source, root, kind};
}

// The session's inline controller, read against its robot; errors name this file's lines and
// fields (run.controller.gains, ...).
void readInlineController(Session& s, const io_detail::SessionDocument& doc, FieldSource& source) {
  if (!doc.controller) return;
  const Model model(s.robot);
  s.controller = readControllerSettings(source, *doc.controller, model);
  s.controllerGiven = true;
}

Session sessionFromYaml(YamlFile& f) {
  const io_detail::SessionDocument doc = io_detail::readSessionMapping(f.source, f.root);
  Session s;
  s.robot = doc.robot.robot;
  s.modeGiven = doc.mode.has_value();
  if (doc.mode) s.mode = *doc.mode;
  s.robotFile = f.source.file();
  if (doc.task) {
    s.task = *doc.task;
    s.taskFile = f.source.file();
  }
  readInlineController(s, doc, f.source);
  return s;
}

// The task a robot file names, read relative to the robot file.
void loadDefaultTask(Session& s, const io_detail::RobotDocument& doc, const std::string& robotPath) {
  if (doc.defaultTask.empty()) return;
  fs::path taskPath(doc.defaultTask);
  if (taskPath.is_relative()) taskPath = fs::path(robotPath).parent_path() / taskPath;
  std::error_code ec;
  if (!fs::is_regular_file(taskPath, ec))
    throw InputError(robotPath, doc.defaultTaskLine, doc.defaultTaskField,
                     "the task file '" + taskPath.string() + "' does not exist or is not a file");
  s.task = loadTask(taskPath.string());
  s.taskFile = taskPath.string();
}

}  // namespace

std::string readTextFile(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) throw InputError(path, 0, "file", std::string("cannot open: ") + std::strerror(ENOENT));
  if (fs::is_directory(st)) throw InputError(path, 0, "file", "is a directory, not a file");
  // A FIFO would block, a device (/dev/zero) never end: only regular files are read.
  if (!fs::is_regular_file(st)) throw InputError(path, 0, "file", "is not a regular file (a pipe, device or socket)");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > kMaxInputFileBytes)
    throw InputError(path, 0, "file",
                     "is " + std::to_string(size / (1024 * 1024)) + " MB: input files are limited to " +
                         std::to_string(kMaxInputFileBytes / (1024 * 1024)) + " MB");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "file", std::string("cannot open: ") + std::strerror(errno));
  // Read in chunks, the first sized from the file (a 2 KB robot file does not cost a 16 MB
  // zero-filled buffer), on to the limit (+1 to see a file that grew past it meanwhile).
  std::string text;
  std::size_t chunk = std::clamp<std::size_t>(ec ? 0 : static_cast<std::size_t>(size) + 1, 4096, kMaxInputFileBytes + 1);
  while (text.size() <= kMaxInputFileBytes) {
    const std::size_t at = text.size();
    const std::size_t want = std::min<std::size_t>(chunk, kMaxInputFileBytes + 1 - at);
    text.resize(at + want);
    in.read(text.data() + at, static_cast<std::streamsize>(want));
    if (in.bad()) throw InputError(path, 0, "file", "cannot read");
    text.resize(at + static_cast<std::size_t>(in.gcount()));
    if (in.eof()) break;
    chunk = std::max<std::size_t>(chunk, 1 << 20);
  }
  if (text.size() > kMaxInputFileBytes)
    throw InputError(path, 0, "file",
                     "grew past the " + std::to_string(kMaxInputFileBytes / (1024 * 1024)) + " MB limit of input files");
  return text;
}

FileFormat detectFileFormat(const std::string& text) {
  const FirstLine first = firstContentLine(text);
  if (!startsWithNumber(first.text)) return FileFormat::Yaml;
  const std::string& s = first.text;
  const bool single = s.find_first_of(", \t") == std::string::npos ||
                      s.find_first_not_of(" \t\r", s.find_first_of(", \t")) == std::string::npos;
  return single ? FileFormat::VoraSpec : FileFormat::VoraTrajectory;
}

RobotSpec parseRobotYaml(const std::string& text, const std::string& fileName) {
  YamlFile f = openYaml(text, fileName);
  switch (f.kind) {
    case YamlKind::Session: return sessionFromYaml(f).robot;
    case YamlKind::Task: wrongKind(fileName, f.root.line, "a task file (it has points:)", "a robot");
    case YamlKind::Robot: break;
  }
  return io_detail::readRobotMapping(f.source, f.root).robot;
}

TaskSpec parseTaskYaml(const std::string& text, const std::string& fileName) {
  YamlFile f = openYaml(text, fileName);
  switch (f.kind) {
    case YamlKind::Session: {
      const Session s = sessionFromYaml(f);
      if (s.task.pointCount() == 0) wrongKind(fileName, f.root.line, "a session without a task:", "a task");
      return s.task;
    }
    case YamlKind::Robot:
      // A robot file has links:; anything else is a task missing its points (named as such below).
      if (f.root.node.IsMap() && f.root.node["links"]) wrongKind(fileName, f.root.line, "a robot file (it has links:)", "a task");
      break;
    case YamlKind::Task: break;
  }
  return io_detail::readTaskMapping(f.source, f.root);
}

Session parseSessionYaml(const std::string& text, const std::string& fileName) {
  YamlFile f = openYaml(text, fileName);
  if (f.kind != YamlKind::Session)
    wrongKind(fileName, f.root.line, f.kind == YamlKind::Task ? "a task file" : "a robot file",
              "a session (robot: and task:)");
  return sessionFromYaml(f);
}

RobotSpec loadRobot(const std::string& path) {
  if (isUrdfPath(path)) return loadUrdf(path).robot;
  const std::string text = readTextFile(path);
  switch (detectFileFormat(text)) {
    case FileFormat::VoraSpec: return parseVoraSpec(text, path);
    case FileFormat::VoraTrajectory:
      wrongKind(path, firstContentLine(text).number, "a trajectory file (X,Y,Z,R,P,Y lines)", "a robot");
    case FileFormat::Yaml: break;
  }
  return parseRobotYaml(text, path);
}

TaskSpec loadTask(const std::string& path) {
  if (isUrdfPath(path)) throw InputError(path, 0, "file", "this is a URDF robot, not a task");
  const std::string text = readTextFile(path);
  switch (detectFileFormat(text)) {
    case FileFormat::VoraTrajectory: return parseVoraTrajectory(text, path);
    case FileFormat::VoraSpec:
      wrongKind(path, firstContentLine(text).number, "a manipulator specification (it starts with the link count)", "a task");
    case FileFormat::Yaml: break;
  }
  return parseTaskYaml(text, path);
}

Session loadSession(const std::string& path) {
  if (isUrdfPath(path)) return loadUrdfSession(path);
  Session s;
  const std::string text = readTextFile(path);
  switch (detectFileFormat(text)) {
    case FileFormat::VoraSpec:
      s.robot = parseVoraSpec(text, path);
      s.robotFile = path;
      return s;
    case FileFormat::VoraTrajectory:
      wrongKind(path, firstContentLine(text).number, "a trajectory file (X,Y,Z,R,P,Y lines)", "a robot or session");
    case FileFormat::Yaml: break;
  }
  YamlFile f = openYaml(text, path);
  if (f.kind == YamlKind::Task) wrongKind(path, f.root.line, "a task file (it has points:)", "a robot or session");
  if (f.kind == YamlKind::Session) {
    const io_detail::SessionDocument doc = io_detail::readSessionMapping(f.source, f.root);
    s.robot = doc.robot.robot;
    s.modeGiven = doc.mode.has_value();
  if (doc.mode) s.mode = *doc.mode;
    s.robotFile = path;
    if (doc.task) {
      s.task = *doc.task;
      s.taskFile = path;
    } else {
      loadDefaultTask(s, doc.robot, path);
    }
    readInlineController(s, doc, f.source);
    return s;
  }
  const io_detail::RobotDocument doc = io_detail::readRobotMapping(f.source, f.root);
  s.robot = doc.robot;
  s.robotFile = path;
  loadDefaultTask(s, doc, path);
  return s;
}

void saveRobot(const RobotSpec& robot, const std::string& path) { saveRobot(robot, path, ""); }

void saveRobot(const RobotSpec& robot, const std::string& path, const std::string& defaultTask) {
  validate(robot);
  writeFileAtomic(path, robotToYaml(robot, defaultTask, path));
}

void saveTask(const TaskSpec& task, const std::string& path) {
  if (task.pointCount() == 0) throw std::invalid_argument("saveTask: a task needs at least one point");
  writeFileAtomic(path, taskToYaml(task, path));
}

void saveSession(const Session& session, const std::string& path) {
  validate(session.robot);
  if (session.controllerGiven) validateControllerSettings(session.controller, Model(session.robot));
  writeFileAtomic(path, sessionToYaml(session, path));
}

std::string robotsDirectory() {
  const char* env = std::getenv("ARMDYN_ROBOTS_DIR");
  if (env && *env) return env;
  return std::string(ARMDYN_SOURCE_DIR) + "/robots";
}

std::string defaultRobotPath() { return (fs::path(robotsDirectory()) / "vora_rrr.yaml").string(); }

}  // namespace armdyn
