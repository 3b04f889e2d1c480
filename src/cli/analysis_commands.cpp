// armdyn analyze / armdyn ik-rates (docs/cli.md): singularities and conditioning at a
// configuration; inverse velocity and acceleration kinematics.

#include "common/json_writer.h"
#include "command_support.h"
#include "commands.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "kinematics/inverse_rates.h"
#include "kinematics/path_singularities.h"
#include "kinematics/singularity_analysis.h"
#include "kinematics/workspace_estimate.h"

#include <cmath>
#include <cstdio>

namespace armdyn::cli {

namespace {

std::string optionalNumber(const std::optional<double>& v) { return v ? jsonNumber(*v) : std::string("null"); }

std::string text(const char* label, double v, const char* unit) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-22s %.6g%s\n", label, v, unit);
  return buf;
}

Vector6d sixValues(const Args& args, const std::string& option) {
  const Eigen::VectorXd v = args.numbers(option, 6, "vx,vy,vz,wx,wy,wz (m/s and rad/s; for --xdd m/s^2 and rad/s^2)");
  return v;
}

}  // namespace

// Without --q: along the robot's task (or --task), every sample of the prescribed motion.
int analyzeAlongTask(const Args& args) {
  const std::string path = robotPath(args);
  Session session = loadSession(path);
  if (args.has("--task")) session.task = loadTask(args.value("--task"));
  if (session.task.pointCount() == 0)
    throw InputError(path, 0, "--q", "give a configuration with --q, or a task (the robot file names none; --task)");
  if (args.has("--tacc")) session.task.tacc = args.positive("--tacc", 0.0);
  const Model model = buildModel(session.robot, path);
  SimulationOptions options;
  options.dtOverride = args.positive("--dt", 0.0);
  const RunRecord run = simulateNamingSources(model, session.task, options, path, args);
  const PathKinematics p = analyzePath(model, run.t, run.q);
  const auto series = [](const std::vector<double>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + (std::isfinite(v[i]) ? jsonNumber(v[i]) : std::string("null"));
    return out + "]";
  };
  if (args.flag("--json")) {
    std::string singular = "[", instants = "[";
    for (std::size_t i = 0; i < p.singular.size(); ++i) singular += (i ? ", " : "") + jsonString(singularityName(p.singular[i]));
    for (std::size_t i = 0; i < p.instants.size(); ++i)
      instants += (i ? ", " : "") + JsonObject()
                                        .add("t", p.instants[i].t)
                                        .add("singular", jsonString(singularityName(p.instants[i].kind)))
                                        .add("crossing", std::string(p.instants[i].crossing ? "true" : "false"))
                                        .add("q", jsonArray(p.instants[i].q))
                                        .str();
    JsonObject o;
    o.add("t", series(run.t))
        .add("det_J", series(p.detJ))
        .add("det_J11", series(p.detJ11))
        .add("det_J22", series(p.detJ22))
        .add("manipulability", series(p.manipulability))
        .add("condition_number", series(p.conditionNumber))
        .add("singular", singular + "]")
        .add("singular_instants", instants + "]")
        .add("min_manipulability", p.minManipulability)
        .add("min_manipulability_t", p.minManipulabilityTime);
    printOut(o.str());
    return 0;
  }
  char buf[200];
  std::snprintf(buf, sizeof buf, "Kinematic analysis along the task: %d samples over %.4g s (%d joints)\n", run.samples(),
                run.t.back(), model.dof());
  std::string out = buf;
  std::snprintf(buf, sizeof buf, "smallest manipulability: %.6g at t = %.4g s\n", p.minManipulability, p.minManipulabilityTime);
  out += buf;
  if (p.instants.empty()) out += "singular instants: none\n";
  for (const PathSingularity& s : p.instants) {
    std::snprintf(buf, sizeof buf, "singular instant: t = %.6g s, %s, %s\n", s.t, singularityName(s.kind),
                  s.crossing ? "passes through" : "reaches it at a sample");
    out += buf;
  }
  printOut(out);
  return 0;
}

int runAnalyze(const Argv& argv) {
  const Args args(argv, {"--q", "--task", "--dt", "--tacc"}, {"--json"});
  if (!args.has("--q")) return analyzeAlongTask(args);
  // At one configuration the task options mean nothing (issue 23: --task was silently ignored).
  for (const char* option : {"--task", "--dt", "--tacc"})
    if (args.has(option))
      throw InputError("", 0, option, "applies along a task (without --q); with --q the arm is analysed at that configuration only");
  const Model model = loadModel(robotPath(args));
  const KinematicAnalysis a = analyzeConfiguration(model, jointValues(args, "--q", model));
  if (args.flag("--json")) {
    JsonObject o;
    o.add("det_J", a.detJ)
        .add("det_J11", optionalNumber(a.detJ11))
        .add("det_J22", optionalNumber(a.detJ22))
        .add("manipulability", a.manipulability)
        .add("condition_number", a.conditionNumber)
        .add("singular", jsonString(singularityName(a.singular)))
        .add("arm_distance", a.armDistance)
        .add("wrist_distance", a.wristDistance)
        .add("wrist_centre", a.wristCentre ? jsonArray(Eigen::VectorXd(*a.wristCentre)) : std::string("null"));
    printOut(o.str());
    return 0;
  }
  std::string out = "Kinematic analysis at q (" + std::to_string(model.dof()) + " joints)\n";
  if (std::isfinite(a.detJ)) out += text("det J:", a.detJ, " (m^3 for six revolute joints)");
  if (a.detJ11) {
    out += text("det J11 (arm):", *a.detJ11, " (wrist centre velocity from joints 1-3)");
    out += text("det J22 (wrist):", *a.detJ22, "");
    char buf[120];
    std::snprintf(buf, sizeof buf, "%-22s (%.6g, %.6g, %.6g) m\n", "wrist centre:", a.wristCentre->x(), a.wristCentre->y(),
                  a.wristCentre->z());
    out += buf;
  } else {
    out += "no spherical wrist (the last three axes do not meet in a point)\n";
  }
  out += text("manipulability:", a.manipulability, "");
  out += text("condition number:", a.conditionNumber, " (linear rows over the length sum)");
  out += std::string("singular:              ") + singularityName(a.singular);
  printOut(out);
  return 0;
}

int runIkRates(const Argv& argv) {
  const Args args(argv, {"--q", "--xd", "--xdd"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const Eigen::VectorXd q = jointValues(args, "--q", model);
  if (!args.has("--xd")) throw InputError("", 0, "--xd", "give the tool velocity vx,vy,vz,wx,wy,wz (m/s, rad/s)");
  const Vector6d xd = sixValues(args, "--xd");
  const Eigen::VectorXd xdd = args.has("--xdd") ? Eigen::VectorXd(sixValues(args, "--xdd")) : Eigen::VectorXd();
  const InverseRates r = inverseRates(model, q, xd, xdd);
  if (args.flag("--json")) {
    JsonObject o;
    o.add("qd", jsonArray(r.qd)).add("qdd", xdd.size() ? jsonArray(r.qdd) : std::string("null"));
    o.add("damped", std::string(r.damped ? "true" : "false")).add("warning", jsonString(r.warning));
    o.add("velocity_residual", r.velocityResidual);
    if (xdd.size()) o.add("acceleration_residual", r.accelerationResidual);
    printOut(o.str());
    return 0;
  }
  std::string out = "Joint rates for the tool velocity (SI: rad/s for revolute, m/s for prismatic joints):\n";
  for (int i = 0; i < model.dof(); ++i) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "  joint %d: qd = % .8e", i + 1, r.qd(i));
    out += buf;
    if (xdd.size()) {
      std::snprintf(buf, sizeof buf, "   qdd = % .8e", r.qdd(i));
      out += buf;
    }
    out += "\n";
  }
  if (!r.warning.empty()) out += "warning: " + r.warning + "\n";
  char buf[120];
  std::snprintf(buf, sizeof buf, "velocity residual |J qd - xd| = %.3g", r.velocityResidual);
  out += buf;
  printOut(out);
  return 0;
}

int runWorkspace(const Argv& argv) {
  const Args args(argv, {"--samples"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const double samples = args.positive("--samples", 100000.0);
  if (samples != std::floor(samples) || samples < 1000 || samples > 1e7)
    throw InputError("", 0, "--samples", "expects a whole number from 1000 to 10000000");
  WorkspaceEstimate w;
  try {
    w = estimateWorkspace(model, static_cast<int>(samples));
  } catch (const std::invalid_argument& e) {
    throw InputError(robotPath(args), 0, "links", std::string(e.what()).substr(std::string("estimateWorkspace: ").size()));
  }
  const WorkspaceCube cube = largestCube(w);
  if (args.flag("--json")) {
    JsonObject c;
    c.add("centre", jsonArray(Eigen::VectorXd(cube.centre))).add("edge", cube.edge);
    JsonObject o;
    o.add("volume", w.volume)
        .add("reach", w.reach)
        .add("length_sum", w.lengthSum)
        .add("structural_length_index", w.structuralLengthIndex)
        .add("iso_cube", c.str())
        .add("samples", w.samples)
        .add("voxel", w.voxel);
    printOut(o.str());
    return 0;
  }
  char buf[600];
  std::snprintf(buf, sizeof buf,
                "Workspace of the tool origin from %d random configurations within the joint limits\n"
                "volume:                  %.4g m^3 (voxels of %.3g m)\n"
                "reach:                   %.4g m from the base\n"
                "length sum L:            %.4g m\n"
                "structural length index: %.4g (L / volume^(1/3); Craig 8.4: 3.0 Cartesian, 0.62 ideal articulated)\n"
                "test cube (ISO 9283):    edge %.4g m about (%.4g, %.4g, %.4g) m",
                w.samples, w.volume, w.voxel, w.reach, w.lengthSum, w.structuralLengthIndex, cube.edge, cube.centre.x(),
                cube.centre.y(), cube.centre.z());
  printOut(buf);
  return 0;
}

}  // namespace armdyn::cli
