#pragma once
// Checks a robot read from a file (internal to io/): armdyn::validate (model.h) plus what it
// leaves to the file edge (drive constants, home inside the limits). A failure becomes an
// InputError at the line where the field was written; `prefix` is the path of the robot
// mapping ("" for a robot file, "robot" in a session).

#include "common/field_source.h"
#include "model/robot.h"

#include <string>

namespace armdyn::io_detail {

void checkReadRobot(const RobotSpec& robot, const FieldSource& source, const std::string& prefix);

}  // namespace armdyn::io_detail
