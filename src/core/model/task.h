#pragma once
// Task: what the arm is to do, and how its motion is planned (Vora 4.2, 6.3.2; Craig ch. 7;
// Stepniewski section 2). Points are tool poses (solved by inverse kinematics) or joint-space
// points; the scheme and its parameters say how the plan gets from one to the next
// (trajectory/task_plan.h). docs/file-formats.md is the file form.

#include "model/tool_wrench_profile.h"

#include <Eigen/Core>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

// End-effector pose as Vora writes it (eq 3.1, 3.2): position x, y, z (m) and roll phi,
// pitch theta, yaw psi (rad) with R = Rz(phi) Ry(theta) Rx(psi), all in base coordinates.
struct TaskPoint {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  // m
  Eigen::Vector3d rpy = Eigen::Vector3d::Zero();       // rad
  double radius = 0.0;  // line-arc blend radius, m (0 = stop)
  int sourceLine = 0;  // line in the file it came from (0 = not from a file)
};

// How the plan moves between points (joint_scheme.h, cartesian_path.h).
enum class TaskScheme { Paul, Cubic, CubicSpline, Quintic, Lspb, Line, LineArc };
// "paul", "cubic", "cubic-spline", "quintic", "lspb", "line", "line-arc"; parse: nullopt if unknown.
const char* taskSchemeName(TaskScheme scheme);
std::optional<TaskScheme> parseTaskScheme(const std::string& name);
inline bool isCartesianScheme(TaskScheme s) { return s == TaskScheme::Line || s == TaskScheme::LineArc; }

// How the motion along the scheme's path is timed: as the scheme times it (durations, speed,
// limits), or the fastest timing within every joint limit (trajectory/time_optimal_timing.h).
enum class TimingMode { Scheme, TimeOptimal };
// "scheme", "time-optimal"; parse: nullopt if unknown.
const char* timingModeName(TimingMode timing);
std::optional<TimingMode> parseTimingMode(const std::string& name);

// Stated limits of the timing keys.
constexpr int kMinTimingGrid = 10;
constexpr int kMaxTimingGrid = 200000;
constexpr double kMaxDwell = 86400.0;  // s
// "" when `dwell` is a time at rest the duty cycle can take (0 to kMaxDwell s), else why not.
std::string dwellProblem(double dwell);

struct TaskSpec {
  std::string name;
  TaskScheme scheme = TaskScheme::Paul;
  std::vector<TaskPoint> points;  // tool poses (all Cartesian schemes; joint schemes when no joint points)
  // Joint-space points, one row per point, AS WRITTEN: degrees for revolute joints, metres for
  // prismatic ones (the task alone does not know the joint types; the plan converts). Empty =
  // use `points`.
  Eigen::MatrixXd jointPoints;
  std::vector<int> jointPointLines;  // file line of each joint point row
  std::vector<double> durations;     // s per segment; empty = shortest from the robot's limits
  std::string viaVelocity;           // cubic: "heuristic" (default) | "zero" | "continuous-acceleration"
  // lspb: blend |acceleration| as written (deg/s^2 or m/s^2), one value or one per joint; empty = amax.
  std::vector<double> acceleration;
  std::optional<double> tacc;        // paul: TACC, s (absent: the robot's TACC)
  double speed = 0.0;                // line, line-arc: path speed, m/s (0 = not given)
  double pathAcceleration = 0.0;     // line, line-arc: path acceleration, m/s^2 (0 = not given)
  TimingMode timing = TimingMode::Scheme;
  int timingGrid = 0;                // time-optimal: grid intervals over the path (0 = default, 1000)
  double dwell = 0.0;                // s at rest after the motion (a duty cycle's pause; actuator sizing)
  // Inverse-kinematics configuration, e.g. "elbow_up" (default of the family when empty).
  std::string configuration;
  // `wrench:` the force and moment the tool exerts on its surroundings during the task
  // (dynamics/tool_wrench_profile.h), constant or over the run's time; every run of the task
  // applies it (TaskPlan::toolWrench). Absent: none.
  std::optional<ToolWrenchProfile> wrench;
  std::string sourceFile;  // the file it was read from, for error messages
  int configurationLine = 0;  // line of `configuration` in that file (0 = not from a file)
  std::map<std::string, int> lines;  // file line of each top-level key written ("scheme", "durations", ...)

  int lineOf(const std::string& key) const {
    const auto it = lines.find(key);
    return it == lines.end() ? 0 : it->second;
  }
  int pointCount() const {
    return jointPoints.rows() > 0 ? static_cast<int>(jointPoints.rows()) : static_cast<int>(points.size());
  }
  // The task as edited in Studio: no longer its file's, so its file and line numbers are
  // dropped (messages then name points and keys, not lines of a file that differs).
  TaskSpec detachedFromFile() const {
    TaskSpec t = *this;
    t.sourceFile.clear();
    t.configurationLine = 0;
    t.lines.clear();
    for (TaskPoint& p : t.points) p.sourceLine = 0;
    for (int& line : t.jointPointLines) line = 0;
    return t;
  }
};

}  // namespace armdyn
