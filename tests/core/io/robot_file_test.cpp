// YAML robot, task and session files: the library files against the arms built in code
// (tests/support), write-then-read round trips, default tasks and the library directory.
#include "common/input_error.h"
#include "io/robot_file.h"
#include "control/controller_settings.h"
#include "kinematics/pose.h"
#include "model/mass_properties.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <unistd.h>

namespace armdyn {
namespace {

namespace fs = std::filesystem;

// Equality of two doubles within `ulps` units in the last place (0 = identical).
::testing::AssertionResult close(double a, double b, int ulps) {
  if (a == b) return ::testing::AssertionSuccess();
  double x = a;
  for (int k = 0; k < ulps; ++k) {
    x = std::nextafter(x, b);
    if (x == b) return ::testing::AssertionSuccess();
  }
  std::ostringstream s;
  s.precision(17);
  s << a << " vs " << b;
  return ::testing::AssertionFailure() << s.str();
}

template <typename A, typename B>
void expectClose(const A& a, const B& b, int ulps, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (int i = 0; i < a.size(); ++i) EXPECT_TRUE(close(a.data()[i], b.data()[i], ulps)) << what << "[" << i << "]";
}

// Field-by-field comparison of everything a file holds. `ulps` covers the degree conversion
// of values that have no exact degree text (0 for the library arms, whose degrees are exact).
void expectSameRobot(const RobotSpec& a, const RobotSpec& b, int ulps) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.family, b.family);
  ASSERT_EQ(a.dof(), b.dof());
  for (int i = 0; i < a.dof(); ++i) {
    const LinkSpec& x = a.links[i];
    const LinkSpec& y = b.links[i];
    const std::string p = "link " + std::to_string(i + 1) + " ";
    EXPECT_EQ(x.name, y.name) << p;
    EXPECT_EQ(x.joint, y.joint) << p;
    EXPECT_TRUE(close(x.dh.theta, y.dh.theta, ulps)) << p << "theta";
    EXPECT_EQ(x.dh.d, y.dh.d) << p << "d";
    EXPECT_TRUE(close(x.dh.alpha, y.dh.alpha, ulps)) << p << "alpha";
    EXPECT_EQ(x.dh.a, y.dh.a) << p << "a";
    EXPECT_TRUE(close(x.qMin, y.qMin, ulps)) << p << "qMin";
    EXPECT_TRUE(close(x.qMax, y.qMax, ulps)) << p << "qMax";
    EXPECT_TRUE(close(x.vMax, y.vMax, ulps)) << p << "vMax";
    ASSERT_EQ(x.aMax.has_value(), y.aMax.has_value()) << p;
    if (x.aMax) {
      EXPECT_TRUE(close(*x.aMax, *y.aMax, ulps)) << p << "aMax";
    }
    ASSERT_EQ(x.fMax.has_value(), y.fMax.has_value()) << p;
    if (x.fMax) {
      EXPECT_EQ(*x.fMax, *y.fMax) << p << "fMax";
    }
    ASSERT_EQ(x.massSource, y.massSource) << p;
    switch (x.massSource) {
      case MassSource::HollowBar:
        EXPECT_EQ(x.bar.density, y.bar.density) << p;
        EXPECT_EQ(x.bar.outer, y.bar.outer) << p;
        EXPECT_EQ(x.bar.inner, y.bar.inner) << p;
        EXPECT_EQ(x.bar.centre, y.bar.centre) << p;
        break;
      case MassSource::Explicit:
        EXPECT_EQ(x.inertia.mass, y.inertia.mass) << p;
        EXPECT_EQ(x.inertia.com, y.inertia.com) << p;
        EXPECT_EQ(x.inertia.inertiaCom, y.inertia.inertiaCom) << p;
        break;
      case MassSource::PseudoInertia: EXPECT_EQ(x.pseudoInertia, y.pseudoInertia) << p; break;
    }
    ASSERT_EQ(x.drive.has_value(), y.drive.has_value()) << p;
    if (x.drive) {
      const DriveSpec& d = *x.drive;
      const DriveSpec& e = *y.drive;
      EXPECT_EQ(d.gearRatio, e.gearRatio);
      EXPECT_EQ(d.rotorInertia, e.rotorInertia);
      EXPECT_EQ(d.reflectedInertia, e.reflectedInertia);
      EXPECT_EQ(d.viscous, e.viscous);
      EXPECT_EQ(d.coulombPositive, e.coulombPositive);
      EXPECT_EQ(d.coulombNegative, e.coulombNegative);
      EXPECT_EQ(d.hasMotor, e.hasMotor);
      EXPECT_EQ(d.resistance, e.resistance);
      EXPECT_EQ(d.inductance, e.inductance);
      EXPECT_EQ(d.ke, e.ke);
      EXPECT_EQ(d.kt, e.kt);
      EXPECT_EQ(d.voltageLimit, e.voltageLimit);
      EXPECT_EQ(d.currentLimit, e.currentLimit);
    }
  }
  EXPECT_EQ(a.actuatorMassRule, b.actuatorMassRule);
  EXPECT_EQ(a.allowNonPhysicalInertia, b.allowNonPhysicalInertia);
  EXPECT_EQ(a.tool, b.tool);
  EXPECT_EQ(a.gravity, b.gravity);
  EXPECT_EQ(a.tacc, b.tacc);
  EXPECT_EQ(a.dt, b.dt);
  // An empty home means zeros; both spellings are the same robot.
  const Eigen::VectorXd ha = a.home.size() ? a.home : Eigen::VectorXd::Zero(a.dof());
  const Eigen::VectorXd hb = b.home.size() ? b.home : Eigen::VectorXd::Zero(b.dof());
  expectClose(ha, hb, ulps, "home");
}

void expectSameTask(const TaskSpec& a, const TaskSpec& b, int ulps) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.configuration, b.configuration);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (std::size_t k = 0; k < a.points.size(); ++k) {
    EXPECT_EQ(a.points[k].position, b.points[k].position) << "point " << k + 1;
    expectClose(a.points[k].rpy, b.points[k].rpy, ulps, "point " + std::to_string(k + 1) + " rpy");
  }
}

// A scratch directory, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() / ("armdyn_io_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

void writeText(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// Library YAML against the arms built in code from Vora's tables: every value exact. The four
// arms of Vora's thesis must have files; other library arms are checked once their file exists.
TEST(RobotFile, LibraryFilesEqualTheArmsBuiltInCode) {
  const std::vector<std::string> vora = {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"};
  int checked = 0;
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    const std::string path = test::sourcePath("robots/" + name + ".yaml");
    const bool required = std::find(vora.begin(), vora.end(), name) != vora.end();
    if (!required && !fs::exists(path)) continue;
    expectSameRobot(loadRobot(path), test::libraryRobotSpec(name), 0);
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// Every library robot that names a default task loads with it, once the task file exists
// (the three appendix arms' sample tasks are written with the simulation).
TEST(RobotFile, LibraryDefaultTasksLoad) {
  int loaded = 0;
  for (const auto& entry : fs::directory_iterator(test::sourcePath("robots"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".yaml") continue;
    const std::string text = readTextFile(entry.path().string());
    const std::size_t at = text.find("\ndefault_task: \"");
    if (at == std::string::npos) continue;
    const std::size_t begin = at + 16;
    const std::string task = text.substr(begin, text.find('"', begin) - begin);
    if (!fs::exists(entry.path().parent_path() / task)) continue;
    SCOPED_TRACE(entry.path().filename().string());
    const Session s = loadSession(entry.path().string());
    EXPECT_FALSE(s.task.pointCount() == 0);
    EXPECT_EQ(fs::path(s.taskFile).filename(), task);
    ++loaded;
  }
  EXPECT_GE(loaded, 1);  // at least Vora's RRR with its weld seam
}

TEST(RobotFile, LibraryRobotsRoundTrip) {
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    const RobotSpec spec = test::libraryRobotSpec(name);
    const RobotSpec back = parseRobotYaml(robotToYaml(spec), name + ".yaml");
    expectSameRobot(back, spec, 0);
    // Writing again gives the same text: the writer is a fixed point of the reader.
    EXPECT_EQ(robotToYaml(back), robotToYaml(spec));
  }
}

TEST(RobotFile, DefaultRobotLoadsWithTheWeldSeamOfFigure74) {
  const Session s = loadSession(defaultRobotPath());
  expectSameRobot(s.robot, test::libraryRobotSpec("vora_rrr"), 0);
  // The YAML task and Vora's own figure 7.4 file hold the same points.
  const TaskSpec legacy = loadTask(test::sourcePath("robots/legacy/weld_seam.traj"));
  ASSERT_EQ(s.task.points.size(), legacy.points.size());
  for (std::size_t k = 0; k < legacy.points.size(); ++k) {
    EXPECT_EQ(s.task.points[k].position, legacy.points[k].position) << "point " << k + 1;
    EXPECT_EQ(s.task.points[k].rpy, legacy.points[k].rpy);
  }
  EXPECT_EQ(fs::path(s.taskFile).filename(), "vora_rrr_weld_seam.yaml");
  EXPECT_EQ(s.robotFile, defaultRobotPath());
}

TEST(RobotFile, TaskRoundTripKeepsPointsAndSourceLines) {
  const TaskSpec task = loadTask(test::sourcePath("robots/vora_rrr_weld_seam.yaml"));
  ASSERT_EQ(task.points.size(), 7u);
  const std::string text = taskToYaml(task);
  const TaskSpec back = parseTaskYaml(text, "back.yaml");
  expectSameTask(back, task, 0);
  EXPECT_EQ(back.sourceFile, "back.yaml");
  // Each point's sourceLine is the line of the text that holds its "- {xyz:" item.
  std::istringstream in(text);
  std::string line;
  std::vector<int> itemLines;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find("- {xyz:") != std::string::npos) itemLines.push_back(n);
  ASSERT_EQ(itemLines.size(), back.points.size());
  for (std::size_t k = 0; k < itemLines.size(); ++k) EXPECT_EQ(back.points[k].sourceLine, itemLines[k]);
}

TEST(RobotFile, SessionRoundTripForEveryLibraryRobot) {
  TaskSpec task;
  task.name = "two points";
  task.configuration = "elbow_down";
  TaskPoint p;
  p.position = {0.5, 0.1, -0.2};
  p.rpy = {0.1, -0.2, 0.3};
  task.points = {p, p};
  task.points[1].position.x() = 0.45;
  for (const std::string& name : test::libraryRobotNames()) {
    SCOPED_TRACE(name);
    Session s;
    s.robot = test::libraryRobotSpec(name);
    s.task = task;
    const Session back = parseSessionYaml(sessionToYaml(s), "s.yaml");
    expectSameRobot(back.robot, s.robot, 0);
    // 0.1, -0.2, 0.3 rad have no exact degree text in general: one ulp allowed.
    expectSameTask(back.task, s.task, 1);
    // A session loads as a robot and as a task too.
    expectSameRobot(parseRobotYaml(sessionToYaml(s), "s.yaml"), s.robot, 0);
    expectSameTask(parseTaskYaml(sessionToYaml(s), "s.yaml"), s.task, 1);
  }
}

// A robot using every optional part of the schema, from a seeded generator.
RobotSpec everyFeatureRobot(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> pos(0.1, 2.0);
  std::uniform_real_distribution<double> moment(1.0, 2.0);  // with 1.5: triangle inequalities hold
  RobotSpec r;
  r.name = "every \"feature\": robot";
  r.family = "";
  r.actuatorMassRule = false;
  r.gravity = {u(rng), u(rng), -9.81};
  r.tacc = 0.25;
  r.dt = 0.01;
  r.tool = poseFromXyzRpy({u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)});
  for (int i = 0; i < 6; ++i) {
    LinkSpec l;
    l.name = "J" + std::to_string(i + 1);
    l.joint = i == 2 ? JointType::Prismatic : JointType::Revolute;
    l.dh = {u(rng), u(rng), u(rng), u(rng)};
    l.qMin = -pos(rng);
    l.qMax = pos(rng);
    l.vMax = pos(rng);
    if (i % 2) l.aMax = pos(rng);
    if (i % 3) l.fMax = 10 * pos(rng);
    const Eigen::Matrix3d R = poseFromXyzRpy(Eigen::Vector3d::Zero(), {u(rng), u(rng), u(rng)}).topLeftCorner<3, 3>();
    Eigen::Matrix3d I = R * Eigen::Vector3d(moment(rng), moment(rng), 1.5).asDiagonal() * R.transpose();
    I = 0.5 * (I + I.transpose()).eval();
    switch (i % 3) {
      case 0:
        l.massSource = MassSource::HollowBar;
        l.bar.density = 1000 * pos(rng);
        l.bar.outer = {pos(rng), pos(rng), pos(rng)};
        l.bar.inner = 0.5 * l.bar.outer;
        l.bar.centre = {u(rng), u(rng), u(rng)};
        break;
      case 1:
        l.massSource = MassSource::Explicit;
        l.inertia.mass = pos(rng);
        l.inertia.com = {u(rng), u(rng), u(rng)};
        l.inertia.inertiaCom = I;
        break;
      case 2: {
        l.massSource = MassSource::PseudoInertia;
        const LinkInertial li = inertialFromTensor(pos(rng), Eigen::Vector3d(u(rng), u(rng), u(rng)), I);
        l.pseudoInertia = li.pseudo;
        break;
      }
    }
    if (i != 4) {
      DriveSpec d;
      d.gearRatio = 100 * pos(rng);
      d.rotorInertia = 1e-5 * pos(rng);
      d.reflectedInertia = 1e-3 * pos(rng);
      d.viscous = pos(rng);
      d.coulombPositive = pos(rng);
      d.coulombNegative = pos(rng);
      d.hasMotor = i % 2 == 0;
      d.resistance = pos(rng);
      d.inductance = 1e-3 * pos(rng);
      d.ke = 0.1 * pos(rng);
      d.kt = d.ke * (0.7 + 0.6 * std::uniform_real_distribution<double>(0.0, 1.0)(rng));  // a real motor: kt ~ ke in SI
      d.voltageLimit = 40 * pos(rng);
      d.currentLimit = 0.0;
      if (!d.hasMotor) d.resistance = d.inductance = d.ke = d.kt = 0.0;
      l.drive = d;
    }
    r.links.push_back(l);
  }
  r.home = Eigen::VectorXd::Zero(6);
  for (int i = 0; i < 6; ++i) r.home(i) = 0.5 * (r.links[i].qMin + r.links[i].qMax);
  return r;
}

TEST(RobotFile, EveryFeatureRoundTrips) {
  std::mt19937 rng(20240611);
  for (int trial = 0; trial < 20; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const RobotSpec spec = everyFeatureRobot(rng);
    const RobotSpec back = parseRobotYaml(robotToYaml(spec), "every.yaml");
    // Random radians: about 1 in 12 has no degree text that converts back exactly; the
    // nearest one is within one ulp (number_text.h).
    expectSameRobot(back, spec, 1);
  }
}

TEST(RobotFile, ToolAsXyzRpyOrMatrix) {
  RobotSpec r = test::libraryRobotSpec("vora_rrr");
  r.tool(2, 3) = 0.125;  // a pure offset: written as xyz / rpy
  std::string text = robotToYaml(r);
  EXPECT_NE(text.find("tool: {xyz: [0, 0, 0.125], rpy: [0, 0, 0]}"), std::string::npos);
  EXPECT_EQ(parseRobotYaml(text, "t.yaml").tool, r.tool);
  r.tool = poseFromXyzRpy({0.1, 0.2, 0.3}, {0.3, -0.4, 0.5});  // written as its matrix
  text = robotToYaml(r);
  EXPECT_NE(text.find("matrix:"), std::string::npos);
  EXPECT_EQ(parseRobotYaml(text, "t.yaml").tool, r.tool);
  // The xyz / rpy form reads as eq 3.1-3.2 (degrees at the edge).
  const std::string hand = robotToYaml(test::libraryRobotSpec("vora_rrr"));
  const std::string from = "tool: {xyz: [0, 0, 0], rpy: [0, 0, 0]}";
  std::string edited = hand;
  edited.replace(edited.find(from), from.size(), "tool: {xyz: [0.1, 0, 0], rpy: [90, 0, 0]}");
  const Eigen::Matrix4d expected = poseFromXyzRpy({0.1, 0, 0}, {M_PI / 2, 0, 0});
  EXPECT_LT((parseRobotYaml(edited, "t.yaml").tool - expected).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(RobotFile, SaveWritesWhatLoadReads) {
  TempDir dir;
  const RobotSpec spec = test::libraryRobotSpec("stanford_rrprrr");
  saveRobot(spec, dir.file("arm.yaml"));
  expectSameRobot(loadRobot(dir.file("arm.yaml")), spec, 0);
  const TaskSpec task = loadTask(test::sourcePath("robots/legacy/figure63.traj"));
  saveTask(task, dir.file("task.yaml"));
  expectSameTask(loadTask(dir.file("task.yaml")), task, 1);
  Session s;
  s.robot = spec;
  s.task = task;
  saveSession(s, dir.file("session.yaml"));
  const Session back = loadSession(dir.file("session.yaml"));
  expectSameRobot(back.robot, spec, 0);
  expectSameTask(back.task, task, 1);
  EXPECT_EQ(back.taskFile, dir.file("session.yaml"));
  // A robot saved with a default task finds it relative to itself.
  saveRobot(spec, dir.file("with_task.yaml"), "task.yaml");
  const Session withTask = loadSession(dir.file("with_task.yaml"));
  expectSameTask(withTask.task, task, 1);
  EXPECT_EQ(withTask.taskFile, (dir.path / "task.yaml").string());
}

TEST(RobotFile, MissingDefaultTaskNamesTheRobotFileLine) {
  TempDir dir;
  const std::string path = dir.file("arm.yaml");
  const std::string text = robotToYaml(test::libraryRobotSpec("vora_rrr"), "no_such_task.yaml");
  writeText(path, text);
  // Independent of the reader: the line of the text that says default_task.
  int expectedLine = 0;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.rfind("default_task:", 0) == 0) expectedLine = n;
  ASSERT_GT(expectedLine, 0);
  EXPECT_NO_THROW(loadRobot(path));  // the robot alone is fine
  try {
    loadSession(path);
    FAIL() << "missing default task";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.line(), expectedLine);
    EXPECT_EQ(e.field(), "default_task");
  }
}

TEST(RobotFile, HomeOutsideLimitsAndRadiansAreRefused) {
  std::string text = robotToYaml(test::libraryRobotSpec("vora_rrr"));
  text += "home: [0, 200, 0]\n";  // joint 2 limited to +-180 deg
  try {
    parseRobotYaml(text, "h.yaml");
    FAIL() << "home outside limits";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "home");
  }
  std::string rad = robotToYaml(test::libraryRobotSpec("vora_rrr"));
  const std::string units = "units: {angles: deg, lengths: m}";
  rad.replace(rad.find(units), units.size(), "units: {angles: rad, lengths: m}");
  EXPECT_THROW(parseRobotYaml(rad, "r.yaml"), InputError);
}

TEST(RobotFile, RobotsDirectoryFollowsTheEnvironment) {
  const char* old = std::getenv("ARMDYN_ROBOTS_DIR");
  const std::string saved = old ? old : "";
  ::setenv("ARMDYN_ROBOTS_DIR", "/some/where", 1);
  EXPECT_EQ(robotsDirectory(), "/some/where");
  EXPECT_EQ(defaultRobotPath(), "/some/where/vora_rrr.yaml");
  ::unsetenv("ARMDYN_ROBOTS_DIR");
  EXPECT_EQ(fs::path(robotsDirectory()), fs::path(test::sourcePath("robots")));
  EXPECT_TRUE(fs::is_regular_file(defaultRobotPath()));
  if (old) ::setenv("ARMDYN_ROBOTS_DIR", saved.c_str(), 1);
}

// The robot example of docs/file-formats.md is a valid file and means what the text says.
TEST(RobotFile, DocumentedExampleReads) {
  const std::string doc = readTextFile(test::sourcePath("docs/file-formats.md"));
  const std::size_t section = doc.find("## Robot file (YAML)");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = doc.find("```yaml\n", section) + 8;
  const std::string example = doc.substr(begin, doc.find("```", begin) - begin);
  const RobotSpec r = parseRobotYaml(example, "file-formats.md");
  ASSERT_EQ(r.dof(), 2);
  EXPECT_EQ(r.links[0].dh.alpha, M_PI / 2);          // 90 deg
  EXPECT_EQ(r.links[0].qMax, M_PI);                  // 180 deg
  EXPECT_NEAR(r.links[0].vMax, 1.0, 1e-15);          // 57.29577951308232 deg/s
  EXPECT_NEAR(*r.links[0].aMax, 300 * M_PI / 180, 1e-13);
  EXPECT_EQ(r.links[1].massSource, MassSource::Explicit);
  EXPECT_EQ(r.links[1].inertia.mass, 0.73);
  ASSERT_TRUE(r.links[1].drive.has_value());
  EXPECT_TRUE(r.links[1].drive->hasMotor);
  EXPECT_EQ(r.links[1].drive->coulombNegative, 0.45);
  EXPECT_EQ(r.home.size(), 2);
}

TEST(RobotFile, TaskSchemeKeysAndRunModeRoundTrip) {
  // Every key of the trajectory catalogue, and the session's run mode, written and read back.
  TaskSpec t;
  t.name = "round trip";
  t.scheme = TaskScheme::Lspb;
  t.jointPoints.resize(3, 2);
  t.jointPoints << 10, 0.1, 35, 0.2, 25.5, 0.15;
  t.durations = {2.0, 1.5};
  t.viaVelocity = "zero";
  t.acceleration = {50.0, 0.5};
  t.tacc = 0.25;
  const TaskSpec back = parseTaskYaml(taskToYaml(t), "t.yaml");
  EXPECT_EQ(back.scheme, TaskScheme::Lspb);
  EXPECT_EQ(back.jointPoints, t.jointPoints);
  EXPECT_EQ(back.durations, t.durations);
  EXPECT_EQ(back.viaVelocity, "zero");
  EXPECT_EQ(back.acceleration, t.acceleration);
  ASSERT_TRUE(back.tacc.has_value());
  EXPECT_EQ(*back.tacc, 0.25);
  EXPECT_GT(back.lineOf("durations"), 0);

  TaskSpec c;
  c.name = "arcs";
  c.scheme = TaskScheme::LineArc;
  c.speed = 0.2;
  c.pathAcceleration = 1.5;
  TaskPoint a, b, d;
  a.position = {0.5, 0.1, -0.2};
  b.position = {0.6, 0.1, -0.2};
  b.radius = 0.03;
  b.rpy = {0.1, 0.2, 0.3};
  d.position = {0.6, -0.1, -0.2};
  c.points = {a, b, d};
  const TaskSpec cb = parseTaskYaml(taskToYaml(c), "c.yaml");
  EXPECT_EQ(cb.scheme, TaskScheme::LineArc);
  EXPECT_EQ(cb.speed, 0.2);
  EXPECT_EQ(cb.pathAcceleration, 1.5);
  ASSERT_EQ(cb.points.size(), 3u);
  EXPECT_EQ(cb.points[1].radius, 0.03);
  EXPECT_LT((cb.points[1].rpy - b.rpy).norm(), 1e-12);

  Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  s.mode = RunMode::ForwardSimulation;
  const Session sb = parseSessionYaml(sessionToYaml(s), "s.yaml");
  EXPECT_TRUE(sb.modeGiven);
  EXPECT_EQ(sb.mode, RunMode::ForwardSimulation);
  // A session written before the run mode existed reads as prescribed, mode not given.
  std::string old = sessionToYaml(s);
  old = old.substr(0, old.find("run:\n"));
  const Session so = parseSessionYaml(old, "old.yaml");
  EXPECT_FALSE(so.modeGiven);
  EXPECT_EQ(so.mode, RunMode::PrescribedMotion);
}

TEST(RobotFile, SessionKeepsTheWholeRunDescriptionWithItsController) {
  // The controller of a forward simulation inline under run:, written and read back; an error
  // inside it names the session file and the line it stands on.
  Session s = loadSession(test::sourcePath("robots/puma560_anderson3.yaml"));
  s.mode = RunMode::ForwardSimulation;
  s.controller = parseControllerSettings("type: computed_torque\ninput: current\nnatural_frequency: 25\n", "c.yaml",
                                         Model(s.robot));
  s.controllerGiven = true;
  const std::string text = sessionToYaml(s);
  const Session back = parseSessionYaml(text, "session.yaml");
  EXPECT_EQ(back.mode, RunMode::ForwardSimulation);
  ASSERT_TRUE(back.controllerGiven);
  EXPECT_EQ(back.controller.config.type, ControllerType::ComputedTorque);
  ASSERT_TRUE(back.controller.config.input.has_value());
  EXPECT_EQ(*back.controller.config.input, DriveInput::Current);
  EXPECT_EQ(back.controller.config.kp, s.controller.config.kp);

  // type: pidd at a known line of the session file.
  std::string bad = text;
  const std::size_t at = bad.find("    type: computed_torque");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, std::string("    type: computed_torque").size(), "    type: pidd");
  const int line = 1 + static_cast<int>(std::count(bad.begin(), bad.begin() + static_cast<long>(at), '\n'));
  try {
    parseSessionYaml(bad, "session.yaml");
    FAIL() << "an unknown controller type was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "session.yaml");
    EXPECT_EQ(e.line(), line);
    EXPECT_NE(std::string(e.what()).find("pidd"), std::string::npos) << e.what();
  }
}

TEST(RobotFile, InlineControllerProfileCsvFollowsTheSessionToAnotherFolder) {
  // An open-loop controller's profile CSV is written relative to the session file, so a session
  // saved into another folder (Save As, autosave) still finds it.
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("armdyn_csv_" + std::to_string(::getpid()));
  fs::create_directories(root / "other");
  {
    std::ofstream csv(root / "profile.csv");
    csv << "t,u1,u2,u3\n0,0,0,0\n1,1,1,1\n";
  }
  Session s = loadSession(test::sourcePath("robots/puma560_anderson3.yaml"));
  const Model model(s.robot);
  s.mode = RunMode::ForwardSimulation;
  s.controller = parseControllerSettings("type: open_loop\nprofile: {csv: profile.csv}\n",
                                         (root / "c.yaml").string(), model);
  s.controllerGiven = true;
  saveSession(s, (root / "other" / "s.yaml").string());
  const std::string text = readTextFile((root / "other" / "s.yaml").string());
  EXPECT_NE(text.find("../profile.csv"), std::string::npos) << text;
  const Session back = loadSession((root / "other" / "s.yaml").string());
  EXPECT_EQ(fs::path(back.controller.profile.csv).lexically_normal(), (root / "profile.csv").lexically_normal());
  fs::remove_all(root);
}

TEST(RobotFile, TaskWrenchRoundTripsConstantRowsAndProfile) {
  // `wrench:` (dynamics/tool_wrench_profile.h): a constant in world or tool axes and inline rows
  // written and read back exactly (values that are not short decimals included); a profile CSV
  // read relative to the task file and written relative to wherever the task or session goes.
  TaskSpec t;
  t.name = "pressing";
  t.jointPoints.resize(2, 3);
  t.jointPoints << 0, 10, 20, 5, 15, 25;
  ToolWrench w;
  w.force = {0.1 + 0.2, -20.0, 1.0 / 3.0};
  w.moment = {0.0, 2.5e-7, -M_PI};
  for (bool tool : {false, true}) {
    w.inToolAxes = tool;
    t.wrench = ToolWrenchProfile::constant(w);
    const TaskSpec back = parseTaskYaml(taskToYaml(t), "t.yaml");
    ASSERT_TRUE(back.wrench.has_value());
    EXPECT_TRUE(*back.wrench == *t.wrench);
    EXPECT_GT(back.lineOf("wrench"), 0);
  }
  ToolWrenchProfile::Rows rows(3, 6);
  rows << 0, 0, -1e-3, 0, 0, 0,  //
      1.0 / 7.0, 2, 3, 4, 5, 6,  //
      0, 0, 0, 0, 0, 0.1;
  t.wrench = ToolWrenchProfile::table({0.0, 0.3, 2.0 / 3.0}, rows, true);
  const std::string text = taskToYaml(t);
  const TaskSpec rowsBack = parseTaskYaml(text, "t.yaml");
  ASSERT_TRUE(rowsBack.wrench.has_value());
  EXPECT_TRUE(*rowsBack.wrench == *t.wrench) << text;
  // Written a second time: the same text.
  EXPECT_EQ(taskToYaml(rowsBack), text);
  // No wrench: no key.
  t.wrench.reset();
  EXPECT_EQ(taskToYaml(t).find("wrench"), std::string::npos);
  EXPECT_FALSE(parseTaskYaml(taskToYaml(t), "t.yaml").wrench.has_value());

  // A profile CSV next to the task file.
  const fs::path root = fs::temp_directory_path() / ("armdyn_wrench_" + std::to_string(::getpid()));
  fs::create_directories(root / "other");
  {
    std::ofstream csv(root / "press.csv");
    csv << "t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n0.5,0,0,-30,0,0,1.25\n";
    std::ofstream task(root / "task.yaml");
    task << "name: press\njoint_points:\n  - [0, 10, 20]\n  - [5, 15, 25]\nwrench: {profile: press.csv, axes: tool}\n";
  }
  const TaskSpec loaded = loadTask((root / "task.yaml").string());
  ASSERT_TRUE(loaded.wrench.has_value());
  EXPECT_TRUE(loaded.wrench->isTable());
  EXPECT_TRUE(loaded.wrench->inToolAxes());
  EXPECT_EQ(loaded.wrench->rows(), 2);
  EXPECT_EQ(loaded.wrench->at(0.25).force.z(), -15.0);
  EXPECT_EQ(fs::path(loaded.wrench->csvFile()), (root / "press.csv").lexically_normal());
  // Saved next to it: `profile: press.csv`; into another folder: `../press.csv`; both read back
  // to the same wrench. Studio's edits keep it (detachedFromFile).
  saveTask(loaded.detachedFromFile(), (root / "again.yaml").string());
  EXPECT_NE(readTextFile((root / "again.yaml").string()).find("profile: \"press.csv\""), std::string::npos);
  EXPECT_TRUE(*loadTask((root / "again.yaml").string()).wrench == *loaded.wrench);
  saveTask(loaded, (root / "other" / "moved.yaml").string());
  EXPECT_NE(readTextFile((root / "other" / "moved.yaml").string()).find("../press.csv"), std::string::npos);
  const TaskSpec moved = loadTask((root / "other" / "moved.yaml").string());
  EXPECT_EQ(fs::path(moved.wrench->csvFile()).lexically_normal(), (root / "press.csv").lexically_normal());
  EXPECT_TRUE(moved.wrench->withCsvFile("") == loaded.wrench->withCsvFile(""));
  // In a session (task: mapping), saved elsewhere.
  Session s = loadSession(test::sourcePath("robots/vora_rrr.yaml"));
  s.task.wrench = loaded.wrench;
  saveSession(s, (root / "other" / "s.yaml").string());
  const Session sb = loadSession((root / "other" / "s.yaml").string());
  ASSERT_TRUE(sb.task.wrench.has_value());
  EXPECT_TRUE(sb.task.wrench->withCsvFile("") == loaded.wrench->withCsvFile(""));
  EXPECT_EQ(sb.task.points.size(), s.task.points.size());
  fs::remove_all(root);
}

TEST(RobotFile, BadWrenchNamesFileLineAndField) {
  struct Bad {
    const char* wrench;  // the text after "wrench:" on line 6
    int line;
    const char* field;
  };
  const Bad cases[] = {
      {" {force: [1, 2]}", 6, "wrench.force"},
      {" {force: [1, 2, 3], axes: base}", 6, "wrench.axes"},
      {" {axes: tool}", 6, "wrench"},
      {" {force: [1, 2, 3], rows: [[0, 0, 0, 0, 0, 0, 0]]}", 6, "wrench.rows"},
      {" {rows: []}", 6, "wrench.rows"},
      {"\n  rows:\n    - [0, 0, 0, 0, 0, 0, 0]\n    - [0, 1, 0, 0, 0, 0, 0]", 9, "wrench.rows[2]"},
      {"\n  rows:\n    - [0, 0, 0, 0, 0, 0, 0]\n    - [1, 0, 0, 0, 0, .inf, 0]", 9, "wrench.rows[2]"},
      {"\n  rows:\n    - [0, 0, 0, 0, 0, 0, 0, 0]", 8, "wrench.rows[1]"},
      {"\n  rows:\n    - {t: 0}", 8, "wrench.rows[1]"},
      {" {colour: red}", 6, "wrench.colour"},
  };
  for (const Bad& c : cases) {
    const std::string text = std::string("name: p\njoint_points:\n  - [0, 10, 20]\n  - [5, 15, 25]\n# wrench\nwrench:") +
                             c.wrench + "\n";
    try {
      parseTaskYaml(text, "bad.yaml");
      FAIL() << text;
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), "bad.yaml");
      EXPECT_EQ(e.line(), c.line) << e.what();
      EXPECT_EQ(e.field(), c.field) << e.what();
    }
  }
}

}  // namespace
}  // namespace armdyn
