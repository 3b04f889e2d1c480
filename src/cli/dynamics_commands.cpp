// armdyn dynamics / armdyn mass-matrix (docs/cli.md).

#include "actuation/drive.h"
#include "actuation/drive_dynamics.h"
#include "common/json_writer.h"
#include "command_support.h"
#include "commands.h"
#include "dynamics/crba.h"
#include "dynamics/inverse_dynamics.h"

#include <cmath>
#include <cstdio>

namespace armdyn::cli {

namespace {

std::string matrixText(const Eigen::MatrixXd& m) {
  std::string out;
  char buf[32];
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      std::snprintf(buf, sizeof buf, "%s%15.8e", c ? " " : "", m(r, c));
      out += buf;
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int runDynamics(const Argv& argv) {
  const Args args(argv, {"--q", "--qd", "--qdd", "--method"}, {"--json", "--rigid-body"});
  const Model model = loadModel(robotPath(args));
  const Eigen::VectorXd q = jointValues(args, "--q", model);
  const Eigen::VectorXd qd = jointValues(args, "--qd", model);
  const Eigen::VectorXd qdd = jointValues(args, "--qdd", model);
  const DynamicsMethod method = methodOption(args);
  Eigen::VectorXd tau = inverseDynamics(model, q, qd, qdd, method);
  // What the drives must deliver: reflected rotor inertia and friction added (none without drives).
  const bool withDrives = !args.flag("--rigid-body") && hasDrives(model);
  if (withDrives) addDriveTorques(model, qd, qdd, tau);
  // Finite inputs can still overflow (q, qd of 1e300): say so rather than print NaN with success.
  for (int i = 0; i < model.dof(); ++i)
    if (!std::isfinite(tau(i)))
      throw InputError("", 0, "--qd",
                       "the force of joint " + std::to_string(i + 1) +
                           " is not finite for these values (overflow): give joint values of a physical size");
  if (args.flag("--json")) {
    printOut(JsonObject().add("tau", jsonArray(tau)).str());
    return 0;
  }
  std::string out = std::string("Joint forces (") + dynamicsMethodName(method) +
                    (withDrives ? ", with drive inertia and friction" : "") + "):\n";
  char buf[96];
  for (int i = 0; i < model.dof(); ++i) {
    std::snprintf(buf, sizeof buf, "  joint %d (%s): %16.9e %s\n", i + 1, model.isRevolute(i) ? "R" : "P",
                  tau(i), model.isRevolute(i) ? "N m" : "N");
    out += buf;
  }
  printOut(out);
  return 0;
}

int runMassMatrix(const Argv& argv) {
  const Args args(argv, {"--q"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const Eigen::MatrixXd M = massMatrix(model, jointValues(args, "--q", model));
  if (args.flag("--json"))
    printOut(JsonObject().add("M", jsonMatrix(M)).str());
  else
    printOut("Mass matrix M(q) (kg m^2 between revolute joints, kg m mixed, kg prismatic):\n" + matrixText(M));
  return 0;
}

}  // namespace armdyn::cli
