#include "io/yaml_reader.h"

#include "common/number_text.h"
#include "io/spec_check.h"
#include "kinematics/pose.h"

#include <cmath>
#include <filesystem>

namespace armdyn::io_detail {
namespace {

// Segments shorter than this overflow a quintic's coefficients (1/T^5) long before they mean anything.
constexpr double kMinSegmentDuration = 1e-6;  // s

const std::vector<std::string> kRobotFields = {"name", "family", "units", "links", "actuator_mass_rule", "tool",
                                               "gravity", "tacc", "dt", "home", "default_task",
                                               "allow_non_physical_inertia", "payload", "base", "base_visual"};
const std::vector<std::string> kLinkFields = {"name", "joint", "theta", "d", "alpha", "a", "limits", "vmax",
                                              "amax", "fmax", "bar", "inertia", "pseudo_inertia", "drive", "visual"};
const std::vector<std::string> kTaskFields = {"name",         "configuration", "units",        "points",
                                              "joint_points", "scheme",        "durations",    "via_velocity",
                                              "acceleration", "tacc",          "speed",        "path_acceleration",
                                              "timing",       "timing_grid",   "dwell",        "wrench"};

// The optional `units:` note must say what the readers assume; anything else is refused
// rather than silently misread.
void readUnits(FieldSource& src, const Value& v) {
  const Map m(src, v, {"angles", "lengths"});
  if (auto a = m.find("angles")) {
    const std::string s = src.text(*a);
    if (s != "deg" && s != "degrees") src.fail(a->line, a->field, "only deg is supported (got '" + s + "')");
  }
  if (auto l = m.find("lengths")) {
    const std::string s = src.text(*l);
    if (s != "m" && s != "metres" && s != "meters") src.fail(l->line, l->field, "only m is supported (got '" + s + "')");
  }
}

// Degrees for revolute joints, metres for prismatic ones (and their per-second forms).
double jointValue(double fileValue, JointType type) {
  return type == JointType::Revolute ? degToRad(fileValue) : fileValue;
}

HollowBar readBar(FieldSource& src, const Value& v) {
  const Map m(src, v, {"density", "outer", "inner", "centre"});
  HollowBar b;
  b.density = src.number(m.get("density"));
  b.outer = src.vector3(m.get("outer"));
  b.inner = src.vector3(m.get("inner"));
  b.centre = src.vector3(m.get("centre"));
  return b;
}

RigidBodyInertia readInertia(FieldSource& src, const Value& v) {
  const Map m(src, v, {"mass", "com", "tensor"});
  RigidBodyInertia r;
  r.mass = src.number(m.get("mass"));
  r.com = src.vector3(m.get("com"));
  r.inertiaCom = src.matrix(m.get("tensor"), 3, 3);
  return r;
}

Eigen::Matrix4d readPseudo(FieldSource& src, const Value& v) {
  const Eigen::Matrix4d J = src.matrix(v, 4, 4);
  if ((J - J.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + J.cwiseAbs().maxCoeff()))
    src.fail(v.line, v.field, "a pseudo-inertia matrix must be symmetric");
  return J;
}

DriveSpec readDrive(FieldSource& src, const Value& v) {
  const Map m(src, v, {"gear_ratio", "rotor_inertia", "reflected_inertia", "viscous", "coulomb", "motor",
                       "voltage_limit", "current_limit", "efficiency", "ratings", "stiffness", "damping"});
  DriveSpec d;
  if (auto x = m.find("gear_ratio")) d.gearRatio = src.number(*x);
  if (auto x = m.find("rotor_inertia")) d.rotorInertia = src.number(*x);
  if (auto x = m.find("reflected_inertia")) d.reflectedInertia = src.number(*x);
  if (auto x = m.find("viscous")) d.viscous = src.number(*x);
  if (auto x = m.find("coulomb")) {
    const std::vector<double> c = src.numbers(*x, 2);
    d.coulombPositive = c[0];
    d.coulombNegative = c[1];
  }
  if (auto x = m.find("motor")) {
    const Map motor(src, *x, {"R", "L", "ke", "kt"});
    d.hasMotor = true;
    d.resistance = src.number(motor.get("R"));
    d.inductance = src.number(motor.get("L"));
    d.ke = src.number(motor.get("ke"));
    d.kt = src.number(motor.get("kt"));
  }
  if (auto x = m.find("voltage_limit")) d.voltageLimit = src.number(*x);
  if (auto x = m.find("current_limit")) d.currentLimit = src.number(*x);
  if (auto x = m.find("efficiency")) d.efficiency = src.number(*x);
  if (auto x = m.find("stiffness")) d.stiffness = src.number(*x);
  if (auto x = m.find("damping")) d.damping = src.number(*x);
  if (auto x = m.find("ratings")) {
    const Map r(src, *x, {"continuous_torque", "peak_torque", "max_speed_rpm"});
    if (auto y = r.find("continuous_torque")) d.continuousTorque = src.number(*y);
    if (auto y = r.find("peak_torque")) d.peakTorque = src.number(*y);
    if (auto y = r.find("max_speed_rpm")) d.maxSpeed = src.number(*y) * 2.0 * M_PI / 60.0;
  }
  return d;
}

Eigen::Matrix4d readTool(FieldSource& src, const Value& v);

// `visual:` (model/link_visual.h): a list of shapes, each one of mesh, box, cylinder, sphere,
// with an optional origin ({xyz, rpy} or {matrix}), scale (meshes) and colour [r, g, b, a].
// A relative mesh path is made absolute against the file's folder.
std::vector<LinkVisual> readVisuals(FieldSource& src, const Value& v, int& count) {
  namespace fs = std::filesystem;
  std::vector<LinkVisual> out;
  for (const Value& item : src.items(v)) {
    if (++count > kMaxVisualsPerRobot)
      src.fail(item.line, item.field, "more than " + std::to_string(kMaxVisualsPerRobot) + " visual shapes in the file");
    const Map m(src, item, {"mesh", "box", "cylinder", "sphere", "origin", "scale", "colour"});
    LinkVisual shape;
    int kinds = 0;
    for (const char* k : {"mesh", "box", "cylinder", "sphere"}) kinds += m.has(k) ? 1 : 0;
    if (kinds != 1) src.fail(item.line, item.field, "give exactly one of mesh, box, cylinder, sphere");
    if (auto x = m.find("mesh")) {
      shape.shape = LinkVisual::Shape::Mesh;
      shape.mesh = src.text(*x);
      if (shape.mesh.empty() || shape.mesh.size() > kMaxMeshPathLength || shape.mesh.find('\0') != std::string::npos)
        src.fail(x->line, x->field, "a mesh file name of 1 to " + std::to_string(kMaxMeshPathLength) + " characters");
      if (shape.mesh.find("://") == std::string::npos && fs::path(shape.mesh).is_relative()) {
        std::error_code ec;
        const fs::path absolute = fs::absolute(fs::path(src.file()).parent_path() / shape.mesh, ec);
        if (!ec) shape.mesh = absolute.lexically_normal().string();
        if (shape.mesh.size() > kMaxMeshPathLength)
          src.fail(x->line, x->field, "longer than " + std::to_string(kMaxMeshPathLength) + " characters once made absolute");
      }
    } else if (auto x = m.find("box")) {
      shape.shape = LinkVisual::Shape::Box;
      shape.size = src.vector3(*x);
    } else if (auto x = m.find("cylinder")) {
      shape.shape = LinkVisual::Shape::Cylinder;
      const std::vector<double> rl = src.numbers(*x, 2);
      shape.size = Eigen::Vector3d(rl[0], rl[1], 0.0);
    } else {
      const Value r = m.get("sphere");
      shape.shape = LinkVisual::Shape::Sphere;
      shape.size = Eigen::Vector3d(src.number(r), 0.0, 0.0);
    }
    if ((shape.size.array() < 0.0).any()) src.fail(item.line, item.field, "sizes must not be negative (m)");
    if (auto x = m.find("origin")) shape.origin = readTool(src, *x);
    if (auto x = m.find("scale")) {
      if (shape.shape != LinkVisual::Shape::Mesh) src.fail(x->line, x->field, "scale is for meshes only");
      shape.scale = src.vector3(*x);
    }
    if (auto x = m.find("colour")) {
      const std::vector<double> c = src.numbers(*x, 4);
      for (const double k : c)
        if (!(k >= 0.0 && k <= 1.0)) src.fail(x->line, x->field, "r, g, b, a each between 0 and 1");
      shape.colour = Eigen::Vector4d(c[0], c[1], c[2], c[3]);
    }
    out.push_back(std::move(shape));
  }
  return out;
}

LinkSpec readLink(FieldSource& src, const Value& v, int index, int& visualCount) {
  const Map m(src, v, kLinkFields);
  LinkSpec l;
  l.name = m.has("name") ? src.text(m.get("name")) : "LINK" + std::to_string(index);
  const Value joint = m.get("joint");
  const std::string type = src.text(joint);
  if (type == "revolute") l.joint = JointType::Revolute;
  else if (type == "prismatic") l.joint = JointType::Prismatic;
  else src.fail(joint.line, joint.field, "expected revolute or prismatic, got '" + type + "'");
  l.dh.theta = degToRad(src.number(m.get("theta")));
  l.dh.d = src.number(m.get("d"));
  l.dh.alpha = degToRad(src.number(m.get("alpha")));
  l.dh.a = src.number(m.get("a"));
  if (auto x = m.find("limits")) {
    const std::vector<double> q = src.numbers(*x, 2);
    l.qMin = jointValue(q[0], l.joint);
    l.qMax = jointValue(q[1], l.joint);
  }
  l.vMax = jointValue(src.number(m.get("vmax")), l.joint);
  if (auto x = m.find("amax")) l.aMax = jointValue(src.number(*x), l.joint);
  if (auto x = m.find("fmax")) l.fMax = src.number(*x);

  // Exactly one mass source.
  const char* sources[] = {"bar", "inertia", "pseudo_inertia"};
  const char* chosen = nullptr;
  for (const char* s : sources) {
    if (!m.has(s)) continue;
    if (chosen) {
      const Value second = m.get(s);
      src.fail(second.line, second.field,
               std::string("give only one of bar, inertia, pseudo_inertia (") + chosen + " is already given)");
    }
    chosen = s;
  }
  if (!chosen) src.fail(v.line, join(v.field, "bar"), "missing mass properties: give one of bar, inertia, pseudo_inertia");
  const std::string source = chosen;
  if (source == "bar") {
    l.massSource = MassSource::HollowBar;
    l.bar = readBar(src, m.get("bar"));
  } else if (source == "inertia") {
    l.massSource = MassSource::Explicit;
    l.inertia = readInertia(src, m.get("inertia"));
  } else {
    l.massSource = MassSource::PseudoInertia;
    l.pseudoInertia = readPseudo(src, m.get("pseudo_inertia"));
  }
  if (auto x = m.find("drive")) l.drive = readDrive(src, *x);
  if (auto x = m.find("visual")) l.visuals = readVisuals(src, *x, visualCount);
  return l;
}

Eigen::Matrix4d readTool(FieldSource& src, const Value& v) {
  const Map m(src, v, {"xyz", "rpy", "matrix"});
  if (auto x = m.find("matrix")) {
    if (m.has("xyz") || m.has("rpy")) src.fail(x->line, x->field, "give either matrix or xyz and rpy, not both");
    return src.matrix(*x, 4, 4);
  }
  const Eigen::Vector3d p = m.has("xyz") ? src.vector3(m.get("xyz")) : Eigen::Vector3d::Zero();
  Eigen::Vector3d rpy = Eigen::Vector3d::Zero();
  if (auto x = m.find("rpy")) rpy = src.vector3(*x).unaryExpr([](double deg) { return degToRad(deg); });
  return poseFromXyzRpy(p, rpy);
}

TaskPoint readPoint(FieldSource& src, const Value& v) {
  const Map m(src, v, {"xyz", "rpy", "radius"});
  TaskPoint p;
  p.position = src.vector3(m.get("xyz"));
  p.rpy = src.vector3(m.get("rpy")).unaryExpr([](double deg) { return degToRad(deg); });
  if (auto r = m.find("radius")) {
    p.radius = src.number(*r);
    if (!(p.radius >= 0.0)) src.fail(r->line, r->field, "a blend radius must be 0 (a stop) or positive, in m");
  }
  p.sourceLine = v.line;
  return p;
}

// `wrench:` (dynamics/tool_wrench_profile.h): {force, moment} constant, {profile: CSV} or
// {rows: [[t, fx, fy, fz, mx, my, mz], ...]}, each with `axes: world | tool` (default world).
// A relative CSV path is read against the task file's folder; its errors name the CSV file,
// its line and column.
ToolWrenchProfile readWrench(FieldSource& src, const Value& v) {
  const Map m(src, v, {"force", "moment", "axes", "profile", "rows"});
  bool tool = false;
  if (auto a = m.find("axes")) {
    const std::string name = src.text(*a);
    if (name == "tool") tool = true;
    else if (name != "world") src.fail(a->line, a->field, "expected world or tool, got '" + name + "'");
  }
  const bool constant = m.has("force") || m.has("moment");
  const int kinds = (constant ? 1 : 0) + (m.has("profile") ? 1 : 0) + (m.has("rows") ? 1 : 0);
  if (kinds == 0)
    src.fail(v.line, v.field, "give force and moment (N, N m), a profile CSV file or rows [t, fx, fy, fz, mx, my, mz]");
  if (kinds > 1) {
    const Value second = m.has("rows") ? m.get("rows") : m.get("profile");
    src.fail(second.line, second.field, "give one of force/moment, profile or rows, not several");
  }
  if (constant) {
    ToolWrench w;
    w.inToolAxes = tool;
    if (auto f = m.find("force")) w.force = src.vector3(*f);
    if (auto x = m.find("moment")) w.moment = src.vector3(*x);
    for (const char* key : {"force", "moment"})
      if (auto x = m.find(key))
        for (int c = 0; c < 3; ++c)
          if (const std::string why = toolWrenchComponentProblem((key[0] == 'f' ? w.force : w.moment)(c)); !why.empty())
            src.fail(x->line, x->field, why);
    return ToolWrenchProfile::constant(w);
  }
  if (auto p = m.find("profile")) {
    const std::string name = src.text(*p);
    if (name.empty()) src.fail(p->line, p->field, "names no file");
    std::filesystem::path csv(name);
    if (csv.is_relative() && !src.file().empty()) csv = std::filesystem::path(src.file()).parent_path() / csv;
    const std::string path = csv.lexically_normal().string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      src.fail(p->line, p->field, "the profile file '" + path + "' does not exist or is not a file");
    return loadToolWrenchCsv(path, tool);  // errors name the CSV file, its line and column
  }
  const Value rowsValue = m.get("rows");
  const std::vector<Value> rows = src.items(rowsValue);
  if (rows.empty()) src.fail(rowsValue.line, rowsValue.field, "needs at least one row [t, fx, fy, fz, mx, my, mz]");
  if (rows.size() > static_cast<std::size_t>(kMaxToolWrenchRows))
    src.fail(rowsValue.line, rowsValue.field, std::to_string(rows.size()) + " rows (at most " +
                                                  std::to_string(kMaxToolWrenchRows) + ")");
  std::vector<double> times;
  ToolWrenchProfile::Rows values(static_cast<Eigen::Index>(rows.size()), 6);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (rows[k].node.IsSequence() && rows[k].node.size() != 7)
      src.fail(rows[k].line, rows[k].field,
               "expected 7 numbers t, fx, fy, fz, mx, my, mz (s, N, N m), got " + std::to_string(rows[k].node.size()));
    const std::vector<double> row = src.numbers(rows[k], 7);
    if (k > 0 && !(row[0] > times.back()))
      src.fail(rows[k].line, rows[k].field,
               "time " + formatNumber(row[0]) + " s is not after the previous row's " + formatNumber(times.back()) +
                   " s (times must increase)");
    times.push_back(row[0]);
    for (int c = 0; c < 6; ++c) {
      if (const std::string why = toolWrenchComponentProblem(row[static_cast<std::size_t>(c) + 1]); !why.empty())
        src.fail(rows[k].line, rows[k].field, why);
      values(static_cast<Eigen::Index>(k), c) = row[static_cast<std::size_t>(c) + 1];
    }
  }
  return ToolWrenchProfile::table(std::move(times), std::move(values), tool);
}

}  // namespace

YamlKind yamlKind(const Value& root) {
  bool robot = false, points = false, links = false;
  if (root.node.IsMap())
    for (auto it = root.node.begin(); it != root.node.end(); ++it) {
      if (!it->first.IsScalar()) continue;
      const std::string& key = it->first.Scalar();
      robot = robot || key == "robot";
      points = points || key == "points" || key == "joint_points";
      links = links || key == "links";
    }
  if (robot) return YamlKind::Session;
  if (points && !links) return YamlKind::Task;
  return YamlKind::Robot;
}

RobotDocument readRobotMapping(FieldSource& src, const Value& value) {
  const Map m(src, value, kRobotFields);
  RobotDocument doc;
  RobotSpec& r = doc.robot;
  r.name = src.text(m.get("name"));
  if (auto x = m.find("family")) r.family = src.text(*x);
  if (auto x = m.find("units")) readUnits(src, *x);
  const std::vector<Value> links = src.items(m.get("links"));
  int visualCount = 0;
  for (std::size_t i = 0; i < links.size(); ++i)
    r.links.push_back(readLink(src, links[i], static_cast<int>(i) + 1, visualCount));
  if (auto x = m.find("base_visual")) r.baseVisuals = readVisuals(src, *x, visualCount);
  {
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(src.file()).parent_path();
    std::error_code ec;
    const fs::path absolute = fs::absolute(folder.empty() ? fs::path(".") : folder, ec);
    r.sourceDirectory = ec ? folder.string() : absolute.lexically_normal().string();
  }
  if (auto x = m.find("actuator_mass_rule")) r.actuatorMassRule = src.flag(*x);
  if (auto x = m.find("allow_non_physical_inertia")) r.allowNonPhysicalInertia = src.flag(*x);
  if (auto x = m.find("tool")) r.tool = readTool(src, *x);
  if (auto x = m.find("base")) r.base = readTool(src, *x);
  if (auto x = m.find("payload")) {
    const Map p(src, *x, {"mass", "com", "tensor"});
    RigidBodyInertia b;
    b.mass = src.number(p.get("mass"));
    if (auto c = p.find("com")) b.com = src.vector3(*c);
    if (auto t = p.find("tensor")) b.inertiaCom = src.matrix(*t, 3, 3);
    r.payload = b;
  }
  if (auto x = m.find("gravity")) r.gravity = src.vector3(*x);
  if (auto x = m.find("tacc")) r.tacc = src.number(*x);
  if (auto x = m.find("dt")) r.dt = src.number(*x);
  if (auto x = m.find("home")) {
    const std::vector<double> h = src.numbers(*x, r.dof());
    r.home.resize(r.dof());
    for (int i = 0; i < r.dof(); ++i) r.home(i) = jointValue(h[i], r.links[i].joint);
  }
  if (auto x = m.find("default_task")) {
    doc.defaultTask = src.text(*x);
    doc.defaultTaskLine = x->line;
    doc.defaultTaskField = x->field;
    if (doc.defaultTask.empty()) src.fail(x->line, x->field, "names no file");
  }
  checkReadRobot(r, src, value.field);
  return doc;
}

TaskSpec readTaskMapping(FieldSource& src, const Value& value) {
  const Map m(src, value, kTaskFields);
  TaskSpec t;
  t.sourceFile = src.file();
  t.name = src.text(m.get("name"));
  auto remember = [&](const char* key) {
    auto x = m.find(key);
    if (x) t.lines[key] = x->line;
    return x;
  };
  if (auto x = remember("configuration")) {
    t.configuration = src.text(*x);
    t.configurationLine = x->line;
  }
  if (auto x = m.find("units")) readUnits(src, *x);
  if (auto x = remember("scheme")) {
    const std::string name = src.text(*x);
    const std::optional<TaskScheme> scheme = parseTaskScheme(name);
    if (!scheme)
      src.fail(x->line, x->field,
               "unknown scheme '" + name + "' (paul, cubic, cubic-spline, quintic, lspb, line or line-arc)");
    t.scheme = *scheme;
  }
  if (m.has("points") && m.has("joint_points")) {
    const Value second = m.get("joint_points");
    src.fail(second.line, second.field, "give either points: (tool poses) or joint_points:, not both");
  }
  if (auto x = remember("points")) {
    for (const Value& p : src.items(*x)) t.points.push_back(readPoint(src, p));
    if (t.points.empty()) src.fail(x->line, x->field, "a task needs at least one point");
  } else if (auto j = remember("joint_points")) {
    const std::vector<Value> rows = src.items(*j);
    if (rows.empty()) src.fail(j->line, j->field, "a task needs at least one point");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const std::vector<double> row = src.numbers(rows[k], -1);
      if (k == 0) {
        if (row.empty() || row.size() > static_cast<std::size_t>(kMaxLinks))
          src.fail(rows[k].line, rows[k].field, "a joint point has 1 to 12 values (deg or m)");
        t.jointPoints.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(row.size()));
      } else if (static_cast<Eigen::Index>(row.size()) != t.jointPoints.cols()) {
        src.fail(rows[k].line, rows[k].field,
                 "has " + std::to_string(row.size()) + " values, point 1 has " + std::to_string(t.jointPoints.cols()));
      }
      for (std::size_t i = 0; i < row.size(); ++i) t.jointPoints(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(i)) = row[i];
      t.jointPointLines.push_back(rows[k].line);
    }
  } else {
    m.get("points");  // missing: named at the mapping's line
  }
  if (auto x = remember("durations")) {
    t.durations = src.numbers(*x, -1);
    for (std::size_t k = 0; k < t.durations.size(); ++k)
      if (!(t.durations[k] >= kMinSegmentDuration) || !std::isfinite(t.durations[k]))
        src.fail(x->line, x->field + "[" + std::to_string(k + 1) + "]",
                 "a segment duration must be a positive number of seconds, at least 1e-6 (shorter ones overflow their "
                 "polynomials)");
    const int segments = t.pointCount() - 1;
    if (static_cast<int>(t.durations.size()) != segments)
      src.fail(x->line, x->field,
               std::to_string(t.durations.size()) + " durations for " + std::to_string(segments) +
                   " segments: give one per segment (points - 1)");
  }
  if (auto x = remember("via_velocity")) {
    t.viaVelocity = src.text(*x);
    if (t.viaVelocity != "heuristic" && t.viaVelocity != "zero" && t.viaVelocity != "continuous-acceleration")
      src.fail(x->line, x->field, "'" + t.viaVelocity + "' is not one of heuristic, zero, continuous-acceleration");
  }
  if (auto x = remember("acceleration")) {
    t.acceleration = x->node.IsSequence() ? src.numbers(*x, -1) : std::vector<double>{src.number(*x)};
    for (double a : t.acceleration)
      if (!(a > 0.0) || !std::isfinite(a)) src.fail(x->line, x->field, "a blend acceleration must be positive (deg/s^2 or m/s^2)");
  }
  if (auto x = remember("tacc")) {
    t.tacc = src.number(*x);
    if (!(*t.tacc > 0.0) || !std::isfinite(*t.tacc)) src.fail(x->line, x->field, "TACC must be a positive number of seconds");
  }
  if (auto x = remember("speed")) {
    t.speed = src.number(*x);
    if (!(t.speed > 0.0) || !std::isfinite(t.speed)) src.fail(x->line, x->field, "the path speed must be positive, in m/s");
  }
  if (auto x = remember("path_acceleration")) {
    t.pathAcceleration = src.number(*x);
    if (!(t.pathAcceleration > 0.0) || !std::isfinite(t.pathAcceleration))
      src.fail(x->line, x->field, "the path acceleration must be positive, in m/s^2");
  }
  if (auto x = remember("timing")) {
    const std::string name = src.text(*x);
    const std::optional<TimingMode> timing = parseTimingMode(name);
    if (!timing) src.fail(x->line, x->field, "unknown timing '" + name + "' (scheme or time-optimal)");
    t.timing = *timing;
  }
  if (auto x = remember("timing_grid")) {
    const double g = src.number(*x);
    if (!(g >= kMinTimingGrid && g <= kMaxTimingGrid) || g != std::floor(g))
      src.fail(x->line, x->field,
               "the time-optimal grid is a whole number of intervals from " + std::to_string(kMinTimingGrid) + " to " +
                   std::to_string(kMaxTimingGrid));
    t.timingGrid = static_cast<int>(g);
  }
  if (auto x = remember("dwell")) {
    t.dwell = src.number(*x);
    if (const std::string why = dwellProblem(t.dwell); !why.empty()) src.fail(x->line, x->field, why);
  }
  if (auto x = remember("wrench")) t.wrench = readWrench(src, *x);
  return t;
}

SessionDocument readSessionMapping(FieldSource& src, const Value& root) {
  const Map m(src, root, {"robot", "task", "run"});
  SessionDocument s;
  s.robot = readRobotMapping(src, m.get("robot"));
  if (auto x = m.find("task")) s.task = readTaskMapping(src, *x);
  if (auto x = m.find("run")) {
    const Map run(src, *x, {"mode", "controller"});
    if (auto c = run.find("controller")) {
      if (!c->node.IsMap()) src.fail(c->line, c->field, "expected the controller's fields (type: pid, ...)");
      s.controller = *c;
    }
    if (auto mode = run.find("mode")) {
      const std::string name = src.text(*mode);
      if (name == "prescribed") s.mode = RunMode::PrescribedMotion;
      else if (name == "forward") s.mode = RunMode::ForwardSimulation;
      else src.fail(mode->line, mode->field, "expected prescribed or forward, got '" + name + "'");
    }
  }
  return s;
}

}  // namespace armdyn::io_detail
