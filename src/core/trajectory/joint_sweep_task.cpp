#include "trajectory/joint_sweep_task.h"

#include <algorithm>
#include <cmath>

namespace armdyn {

TaskSpec jointSweepTask(const RobotSpec& robot) {
  const int n = robot.dof();
  TaskSpec t;
  t.name = "Joint sweep (a first task: replace it with yours)";
  t.scheme = TaskScheme::Cubic;
  t.viaVelocity = "zero";
  t.jointPoints.resize(3, n);
  t.durations = {2.0, 2.0};
  for (int i = 0; i < n; ++i) {
    const LinkSpec& l = robot.links[static_cast<std::size_t>(i)];
    const bool revolute = l.joint == JointType::Revolute;
    // From home, or the nearest value within the limits when home is outside them (the Panda's
    // joint 4 at 0).
    const double home = std::clamp(robot.home.size() == n ? robot.home(i) : 0.0, l.qMin, l.qMax);
    // 30 deg for joint 1, 3 deg less for each joint after it (each curve its own in the
    // plots), at least 12 deg; 0.1 m for a prismatic joint.
    const double step = revolute ? std::max(12.0, 30.0 - 3.0 * i) * M_PI / 180.0 : 0.1;  // rad or m
    // Towards the middle of the range (upwards when unlimited or at the middle), 30 deg or
    // 0.1 m, never past a limit.
    const bool limited = l.qMin > -1e300 && l.qMax < 1e300;
    const double middle = limited ? 0.5 * (l.qMin + l.qMax) : home;
    const double direction = middle < home - 1e-9 ? -1.0 : 1.0;
    double target = std::clamp(home + direction * step, l.qMin, l.qMax);
    if (std::abs(target - home) < 1e-12) target = std::clamp(home - direction * step, l.qMin, l.qMax);
    // As written in task files: degrees for revolute joints, metres for prismatic ones.
    const double scale = revolute ? 180.0 / M_PI : 1.0;
    t.jointPoints(0, i) = home * scale;
    t.jointPoints(1, i) = target * scale;
    t.jointPoints(2, i) = home * scale;
  }
  return t;
}

}  // namespace armdyn
