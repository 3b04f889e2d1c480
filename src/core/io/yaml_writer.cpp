// YAML writers for robot_file.h: the schema of docs/file-formats.md, degrees at the edge, each
// number as the shortest text that reads back to the same double (io/number_text.h).
#include "common/number_text.h"
#include "io/mesh_path.h"
#include "io/robot_file.h"
#include "kinematics/pose.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <sstream>

namespace armdyn {
namespace {

const char* kRobotHeader =
    "# armdyn robot file (docs/file-formats.md). Angles in deg, angular velocity deg/s and\n"
    "# acceleration deg/s^2; lengths in m; mass properties, forces and drive constants in SI.\n";
const char* kTaskHeader = "# armdyn task file (docs/file-formats.md). Points: xyz in m, roll pitch yaw in deg.\n";
const char* kSessionHeader = "# armdyn session file (docs/file-formats.md): a robot and its task.\n";

std::string quoted(const std::string& s) {
  YAML::Emitter e;
  e << YAML::DoubleQuoted << s;
  return e.c_str();
}

std::string num(double v) { return formatNumber(v); }
std::string deg(double rad) { return formatDegrees(rad); }

// Revolute values in degrees, prismatic ones in metres.
std::string jointText(double v, JointType type) { return type == JointType::Revolute ? deg(v) : num(v); }

template <typename Vec, typename Fmt>
std::string list(const Vec& v, Fmt fmt) {
  std::string s = "[";
  for (int i = 0; i < static_cast<int>(v.size()); ++i) s += (i ? ", " : "") + fmt(v(i));
  return s + "]";
}
std::string list(const Eigen::VectorXd& v) { return list(v, num); }

void writeRows(std::ostream& out, const std::string& indent, const Eigen::MatrixXd& m) {
  for (int r = 0; r < m.rows(); ++r) out << indent << "- " << list(Eigen::VectorXd(m.row(r).transpose())) << "\n";
}

// The tool as xyz + rpy when that text rebuilds the same matrix, else the matrix itself.
// `key: {xyz, rpy}` when that text rebuilds the transform exactly, else `key: {matrix: ...}`.
void writeTransform(std::ostream& out, const std::string& in, const std::string& key, const Eigen::Matrix4d& tool) {
  const Vector6d v = xyzRpyFromPose(tool);
  const std::string xyz = list(Eigen::VectorXd(v.head<3>()), num);
  const std::string rpy = list(Eigen::VectorXd(v.tail<3>()), deg);
  Eigen::Vector3d p, a;
  for (int k = 0; k < 3; ++k) {
    p(k) = readNumber(num(v(k))).value;
    a(k) = degToRad(readNumber(deg(v(3 + k))).value);
  }
  if (poseFromXyzRpy(p, a) == tool) {
    out << in << key << ": {xyz: " << xyz << ", rpy: " << rpy << "}\n";
    return;
  }
  out << in << key << ":\n" << in << "  matrix:\n";
  writeRows(out, in + "    ", tool);
}

void writeDrive(std::ostream& out, const std::string& in, const DriveSpec& d) {
  out << in << "drive:\n";
  out << in << "  gear_ratio: " << num(d.gearRatio) << "\n";
  out << in << "  rotor_inertia: " << num(d.rotorInertia) << "\n";
  out << in << "  reflected_inertia: " << num(d.reflectedInertia) << "\n";
  out << in << "  viscous: " << num(d.viscous) << "\n";
  out << in << "  coulomb: [" << num(d.coulombPositive) << ", " << num(d.coulombNegative) << "]\n";
  if (d.hasMotor)
    out << in << "  motor: {R: " << num(d.resistance) << ", L: " << num(d.inductance) << ", ke: " << num(d.ke)
        << ", kt: " << num(d.kt) << "}\n";
  out << in << "  voltage_limit: " << num(d.voltageLimit) << "\n";
  out << in << "  current_limit: " << num(d.currentLimit) << "\n";
  if (d.efficiency != 1.0) out << in << "  efficiency: " << num(d.efficiency) << "\n";
  if (d.stiffness > 0.0 || d.damping > 0.0) {
    out << in << "  stiffness: " << num(d.stiffness) << "  # N m/rad (N/m)\n";
    out << in << "  damping: " << num(d.damping) << "  # N m s/rad (N s/m)\n";
  }
  if (d.continuousTorque > 0.0 || d.peakTorque > 0.0 || d.maxSpeed > 0.0) {
    out << in << "  ratings: {";
    std::string sep;
    if (d.continuousTorque > 0.0) out << "continuous_torque: " << num(d.continuousTorque), sep = ", ";
    if (d.peakTorque > 0.0) out << sep << "peak_torque: " << num(d.peakTorque), sep = ", ";
    if (d.maxSpeed > 0.0) out << sep << "max_speed_rpm: " << num(d.maxSpeed * 60.0 / (2.0 * M_PI));
    out << "}  # motor shaft: N m, rpm\n";
  }
}

// A mesh file for a file written at `destination`: relative to its folder when it lies in that
// folder or below (the reader makes it absolute again), else absolute. A package:// name stays as
// written when the package is found from the destination too; one found only from the robot's
// source folder (a URDF imported from its package and saved elsewhere) is written as the file it
// names there, so the saved robot still draws it.
std::string meshPathFor(std::string mesh, const std::string& destination, const std::string& sourceDirectory) {
  namespace fs = std::filesystem;
  if (destination.empty()) return mesh;
  std::error_code ec;
  const fs::path folder = fs::absolute(destination, ec).parent_path();
  if (ec) return mesh;
  if (mesh.rfind("package://", 0) == 0 && !sourceDirectory.empty() &&
      resolveMeshPath(mesh, folder.string(), {}).file.empty()) {
    const MeshLocation there = resolveMeshPath(mesh, sourceDirectory, {});
    if (!there.file.empty()) mesh = there.file;
  }
  if (mesh.find("://") != std::string::npos || fs::path(mesh).is_relative()) return mesh;
  const fs::path relative = fs::path(mesh).lexically_normal().lexically_relative(folder);
  if (relative.empty() || *relative.begin() == "..") return mesh;
  return relative.generic_string();
}

void writeVisuals(std::ostream& out, const std::string& in, const std::string& key, const std::vector<LinkVisual>& shapes,
                  const std::string& destination, const std::string& sourceDirectory) {
  if (shapes.empty()) return;
  out << in << key << ":\n";
  for (const LinkVisual& v : shapes) {
    const std::string f = in + "    ";
    switch (v.shape) {
      case LinkVisual::Shape::Mesh: out << in << "  - mesh: " << quoted(meshPathFor(v.mesh, destination, sourceDirectory)) << "\n"; break;
      case LinkVisual::Shape::Box: out << in << "  - box: " << list(v.size, num) << "  # m\n"; break;
      case LinkVisual::Shape::Cylinder:
        out << in << "  - cylinder: [" << num(v.size.x()) << ", " << num(v.size.y()) << "]  # radius, length (m)\n";
        break;
      case LinkVisual::Shape::Sphere: out << in << "  - sphere: " << num(v.size.x()) << "  # radius (m)\n"; break;
    }
    if (v.origin != Eigen::Matrix4d::Identity()) writeTransform(out, f, "origin", v.origin);
    if (v.shape == LinkVisual::Shape::Mesh && v.scale != Eigen::Vector3d::Ones()) out << f << "scale: " << list(v.scale, num) << "\n";
    if (v.colour) out << f << "colour: " << list(Eigen::VectorXd(*v.colour), num) << "\n";
  }
}

void writeLink(std::ostream& out, const std::string& in, const LinkSpec& l, const std::string& destination,
               const std::string& sourceDirectory) {
  const JointType t = l.joint;
  out << in << "- name: " << quoted(l.name) << "\n";
  const std::string f = in + "  ";
  out << f << "joint: " << (t == JointType::Revolute ? "revolute" : "prismatic") << "\n";
  out << f << "theta: " << deg(l.dh.theta) << "\n";
  out << f << "d: " << num(l.dh.d) << "\n";
  out << f << "alpha: " << deg(l.dh.alpha) << "\n";
  out << f << "a: " << num(l.dh.a) << "\n";
  if (l.qMin != LinkSpec().qMin || l.qMax != LinkSpec().qMax)
    out << f << "limits: [" << jointText(l.qMin, t) << ", " << jointText(l.qMax, t) << "]\n";
  out << f << "vmax: " << jointText(l.vMax, t) << "\n";
  if (l.aMax) out << f << "amax: " << jointText(*l.aMax, t) << "\n";
  if (l.fMax) out << f << "fmax: " << num(*l.fMax) << "\n";
  switch (l.massSource) {
    case MassSource::HollowBar:
      out << f << "bar:\n";
      out << f << "  density: " << num(l.bar.density) << "\n";
      out << f << "  outer: " << list(l.bar.outer, num) << "\n";
      out << f << "  inner: " << list(l.bar.inner, num) << "\n";
      out << f << "  centre: " << list(l.bar.centre, num) << "\n";
      break;
    case MassSource::Explicit:
      out << f << "inertia:\n";
      out << f << "  mass: " << num(l.inertia.mass) << "\n";
      out << f << "  com: " << list(l.inertia.com, num) << "\n";
      out << f << "  tensor:\n";
      writeRows(out, f + "    ", l.inertia.inertiaCom);
      break;
    case MassSource::PseudoInertia:
      out << f << "pseudo_inertia:\n";
      writeRows(out, f + "  ", l.pseudoInertia);
      break;
  }
  if (l.drive) writeDrive(out, f, *l.drive);
  writeVisuals(out, f, "visual", l.visuals, destination, sourceDirectory);
}

void writeRobotBody(std::ostream& out, const std::string& in, const RobotSpec& r, const std::string& defaultTask,
                    const std::string& destination) {
  out << in << "name: " << quoted(r.name) << "\n";
  out << in << "family: " << quoted(r.family) << "\n";
  out << in << "units: {angles: deg, lengths: m}\n";
  out << in << "links:\n";
  for (const LinkSpec& l : r.links) writeLink(out, in + "  ", l, destination, r.sourceDirectory);
  out << in << "actuator_mass_rule: " << (r.actuatorMassRule ? "true" : "false") << "\n";
  if (r.allowNonPhysicalInertia) out << in << "allow_non_physical_inertia: true\n";
  writeTransform(out, in, "tool", r.tool);
  if (r.base != Eigen::Matrix4d::Identity()) writeTransform(out, in, "base", r.base);
  if (r.payload) {
    out << in << "payload:  # at the tool: kg, centre of mass in the tool frame (m), tensor about it (kg m^2)\n";
    out << in << "  mass: " << num(r.payload->mass) << "\n";
    out << in << "  com: " << list(r.payload->com, num) << "\n";
    out << in << "  tensor:\n";
    writeRows(out, in + "    ", r.payload->inertiaCom);
  }
  out << in << "gravity: " << list(r.gravity, num) << "\n";
  out << in << "tacc: " << num(r.tacc) << "\n";
  out << in << "dt: " << num(r.dt) << "\n";
  if (r.home.size() > 0) {
    out << in << "home: [";
    for (int i = 0; i < r.home.size(); ++i) {
      const JointType t = i < r.dof() ? r.links[i].joint : JointType::Prismatic;
      out << (i ? ", " : "") << jointText(r.home(i), t);
    }
    out << "]\n";
  }
  writeVisuals(out, in, "base_visual", r.baseVisuals, destination, r.sourceDirectory);
  if (!defaultTask.empty()) out << in << "default_task: " << quoted(defaultTask) << "\n";
}

// A wrench profile's CSV path for a file written at `destination`: relative to its folder (the
// reader resolves it against the file it reads), so a copy saved elsewhere still finds it; as
// held when there is no destination.
std::string csvPathFor(const std::string& csv, const std::string& destination) {
  if (destination.empty()) return csv;
  namespace fs = std::filesystem;
  const fs::path folder = fs::absolute(destination).parent_path();
  const fs::path relative = fs::absolute(csv).lexically_normal().lexically_relative(folder);
  return relative.empty() ? csv : relative.generic_string();
}

// `wrench:` (dynamics/tool_wrench_profile.h): the constant, the CSV file or the rows inline.
void writeWrench(std::ostream& out, const std::string& in, const ToolWrenchProfile& w, const std::string& destination) {
  const std::string axes = w.inToolAxes() ? "tool" : "world";
  if (!w.isTable()) {
    const ToolWrench& c = w.constantWrench();
    out << in << "wrench: {force: " << list(c.force, num) << ", moment: " << list(c.moment, num) << ", axes: " << axes
        << "}  # exerted by the tool: N, N m about the tool point\n";
    return;
  }
  if (!w.csvFile().empty()) {
    out << in << "wrench: {profile: " << quoted(csvPathFor(w.csvFile(), destination)) << ", axes: " << axes
        << "}  # CSV t,fx,fy,fz,mx,my,mz (s, N, N m)\n";
    return;
  }
  out << in << "wrench:\n" << in << "  axes: " << axes << "\n";
  out << in << "  rows:  # t (s), fx, fy, fz (N), mx, my, mz (N m); linear between rows, held outside\n";
  const std::vector<double>& times = w.times();
  for (std::size_t k = 0; k < times.size(); ++k) {
    out << in << "    - [" << num(times[k]);
    for (int c = 0; c < 6; ++c) out << ", " << num(w.values()(static_cast<Eigen::Index>(k), c));
    out << "]\n";
  }
}

void writeTaskBody(std::ostream& out, const std::string& in, const TaskSpec& t, const std::string& destination) {
  out << in << "name: " << quoted(t.name) << "\n";
  if (!t.configuration.empty()) out << in << "configuration: " << quoted(t.configuration) << "\n";
  out << in << "units: {angles: deg, lengths: m}\n";
  if (t.scheme != TaskScheme::Paul) out << in << "scheme: " << taskSchemeName(t.scheme) << "\n";
  if (t.tacc) out << in << "tacc: " << num(*t.tacc) << "\n";
  if (!t.durations.empty()) out << in << "durations: " << list(Eigen::Map<const Eigen::VectorXd>(t.durations.data(), static_cast<Eigen::Index>(t.durations.size())), num) << "\n";
  if (!t.viaVelocity.empty()) out << in << "via_velocity: " << t.viaVelocity << "\n";
  if (!t.acceleration.empty()) out << in << "acceleration: " << list(Eigen::Map<const Eigen::VectorXd>(t.acceleration.data(), static_cast<Eigen::Index>(t.acceleration.size())), num) << "\n";
  if (t.speed > 0.0) out << in << "speed: " << num(t.speed) << "\n";
  if (t.pathAcceleration > 0.0) out << in << "path_acceleration: " << num(t.pathAcceleration) << "\n";
  if (t.timing != TimingMode::Scheme) out << in << "timing: " << timingModeName(t.timing) << "\n";
  if (t.timingGrid > 0) out << in << "timing_grid: " << t.timingGrid << "\n";
  if (t.dwell > 0.0) out << in << "dwell: " << num(t.dwell) << "\n";
  if (t.wrench) writeWrench(out, in, *t.wrench, destination);
  if (t.jointPoints.rows() > 0) {
    out << in << "joint_points:  # deg (revolute) or m (prismatic)\n";
    for (Eigen::Index k = 0; k < t.jointPoints.rows(); ++k) {
      const Eigen::VectorXd row = t.jointPoints.row(k).transpose();
      out << in << "  - " << list(row, num) << "\n";
    }
    return;
  }
  out << in << "points:" << (t.points.empty() ? " []" : "") << "\n";
  for (const TaskPoint& p : t.points) {
    out << in << "  - {xyz: " << list(p.position, num) << ", rpy: " << list(p.rpy, deg);
    if (p.radius > 0.0) out << ", radius: " << num(p.radius);
    out << "}\n";
  }
}

}  // namespace

std::string robotToYaml(const RobotSpec& robot) { return robotToYaml(robot, ""); }

std::string robotToYaml(const RobotSpec& robot, const std::string& defaultTask) { return robotToYaml(robot, defaultTask, ""); }

std::string robotToYaml(const RobotSpec& robot, const std::string& defaultTask, const std::string& destination) {
  std::ostringstream out;
  out << kRobotHeader;
  writeRobotBody(out, "", robot, defaultTask, destination);
  return out.str();
}

std::string taskToYaml(const TaskSpec& task) { return taskToYaml(task, ""); }

std::string taskToYaml(const TaskSpec& task, const std::string& destination) {
  std::ostringstream out;
  out << kTaskHeader;
  writeTaskBody(out, "", task, destination);
  return out.str();
}

std::string sessionToYaml(const Session& session) { return sessionToYaml(session, ""); }

std::string sessionToYaml(const Session& session, const std::string& destination) {
  std::ostringstream out;
  out << kSessionHeader << kRobotHeader;
  out << "robot:\n";
  writeRobotBody(out, "  ", session.robot, "", destination);
  if (session.task.pointCount() > 0) {
    out << "task:\n";
    writeTaskBody(out, "  ", session.task, destination);
  }
  out << "run:\n  mode: " << runModeName(session.mode) << "\n";
  if (session.controllerGiven) {
    // The controller-file format, indented under `controller:` (comment lines dropped).
    out << "  controller:\n";
    std::istringstream lines(controllerToYaml(session.controller, Model(session.robot), destination));
    std::string line;
    while (std::getline(lines, line))
      if (!line.empty() && line[0] != '#') out << "    " << line << "\n";
  }
  return out.str();
}

}  // namespace armdyn
