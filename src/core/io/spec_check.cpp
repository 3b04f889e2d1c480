#include "io/spec_check.h"

#include "actuation/drive.h"
#include "model/model.h"

#include <algorithm>
#include <cmath>

namespace armdyn::io_detail {
namespace {

// validate() names explicit-inertia fields links[i].mass / .com / .inertia; the file nests
// them under `inertia:` as mass, com and tensor.
std::string fileField(const std::string& modelField) {
  const std::size_t dot = modelField.rfind("].");
  if (dot == std::string::npos) return modelField;
  const std::string head = modelField.substr(0, dot + 2);
  const std::string tail = modelField.substr(dot + 2);
  if (tail == "mass") return head + "inertia.mass";
  if (tail == "com") return head + "inertia.com";
  if (tail == "inertia") return head + "inertia.tensor";
  return modelField;
}

void checkDrive(const DriveSpec& d, const std::string& p) { validateDrive(d, p); }

}  // namespace

void checkReadRobot(const RobotSpec& robot, const FieldSource& source, const std::string& prefix) {
  try {
    validate(robot);
    for (int i = 0; i < robot.dof(); ++i) {
      const LinkSpec& l = robot.links[i];
      const std::string p = "links[" + std::to_string(i + 1) + "]";
      if (l.drive) checkDrive(*l.drive, p + ".drive");
      if (robot.home.size() == robot.dof() && (robot.home(i) < l.qMin || robot.home(i) > l.qMax))
        throw ModelError("home", "joint " + std::to_string(i + 1) + " lies outside its limits");
    }
  } catch (const ModelError& e) {
    const std::string field = join(prefix, fileField(e.field()));
    int line = source.lineOf(field);
    if (line == 0) line = source.lineOf(prefix);
    const std::string what = e.what();
    const std::string message = what.substr(std::min(what.size(), e.field().size() + 2));
    source.fail(line, field, message);
  }
}

}  // namespace armdyn::io_detail
