#pragma once
// A first task for a robot that comes without one (an imported URDF, a Vora specification):
// every joint moves together from home towards the middle of its range by 30 deg for joint 1,
// 3 deg less for each next joint down to 12 deg (0.1 m for a prismatic joint; less at a limit)
// and back, in joint space, two cubic segments of 2 s. Enough to
// see the arm move and its torques at once; the user replaces it with the real task.

#include "model/robot.h"
#include "model/task.h"

namespace armdyn {

TaskSpec jointSweepTask(const RobotSpec& robot);

}  // namespace armdyn
