// armdyn fk / armdyn ik / armdyn jacobian (docs/cli.md). Poses on the command line: metres and
// degrees (eq 3.2, R = Rz(roll) Ry(pitch) Rx(yaw)); joint values SI.

#include "common/json_writer.h"
#include "command_support.h"
#include "commands.h"
#include "common/input_error.h"
#include "common/number_text.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/free_joint_ik.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn::cli {

namespace {

std::string rows(const Eigen::MatrixXd& m, const char* fmt) {
  std::string out;
  char buf[40];
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    out += " ";
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      // Round-off around zero prints as 0, not -0.000000000 or -1.5e-33.
      const double scale = m.cwiseAbs().maxCoeff();
      const double v = std::abs(m(r, c)) <= 1e-14 * std::max(1.0, scale) ? 0.0 : m(r, c);
      std::snprintf(buf, sizeof buf, fmt, v);
      out += " ";
      out += buf;
    }
    out += "\n";
  }
  return out;
}

std::string vectorText(const Eigen::VectorXd& v) {
  std::string out;
  char buf[32];
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s%.9g", i ? ", " : "", v(i));
    out += buf;
  }
  return out;
}

}  // namespace

int runFk(const Argv& argv) {
  const Args args(argv, {"--q"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const Eigen::Matrix4d T = toolPose(model, jointValues(args, "--q", model));
  if (args.flag("--json")) {
    printOut(JsonObject().add("T", jsonMatrix(T)).str());
    return 0;
  }
  // Round-off around zero prints as 0 (and never as -0).
  const Vector6d p = xyzRpyFromPose(T).unaryExpr([](double x) { return std::abs(x) < 1e-14 ? 0.0 : x; });
  char buf[160];
  std::snprintf(buf, sizeof buf, "position (m): %.9g, %.9g, %.9g\nroll, pitch, yaw (deg): %.9g, %.9g, %.9g\n",
                p(0), p(1), p(2), p(3) * kDegPerRad, p(4) * kDegPerRad, p(5) * kDegPerRad);
  printOut("Tool frame in base coordinates:\n" + rows(T, "%13.9f") + buf);
  return 0;
}

namespace {

// --free J=VALUE: joint J (1-based) of a seven-joint arm held at VALUE (rad or m, as --q).
struct FreeJoint {
  int joint = -1;  // 0-based; -1: none given
  double value = 0.0;
};

FreeJoint freeJointOption(const Args& args, const Model& model) {
  FreeJoint f;
  if (!args.has("--free")) return f;
  const std::string text = args.value("--free");
  if (model.dof() != 7)
    throw InputError("", 0, "--free",
                     "holds one joint of a seven-joint arm; the robot has " + std::to_string(model.dof()) + " joints");
  const std::size_t eq = text.find('=');
  const std::optional<long> j = eq == std::string::npos ? std::nullopt : readInteger(text.substr(0, eq));
  const NumberText v = eq == std::string::npos ? NumberText{} : readNumber(text.substr(eq + 1));
  if (!j || v.kind != NumberText::Kind::Number)
    throw InputError("", 0, "--free",
                     "expects J=VALUE (a joint number 1..7 and its value in rad, or m for a prismatic joint), got '" +
                         text + "'");
  if (*j < 1 || *j > 7) throw InputError("", 0, "--free", "joint " + std::to_string(*j) + " does not exist (1..7)");
  f.joint = static_cast<int>(*j) - 1;
  f.value = v.value;
  const LinkSpec& l = model.spec().links[static_cast<std::size_t>(f.joint)];
  if (!(f.value >= l.qMin - kJointLimitTolerance && f.value <= l.qMax + kJointLimitTolerance)) {
    const bool rev = model.isRevolute(f.joint);
    throw InputError("", 0, "--free",
                     "joint " + std::to_string(*j) + " value " + formatNumber(f.value) +
                         (rev ? " rad (" + formatSignificant(f.value * kDegPerRad, 6) + " deg)" : " m") +
                         " is outside its limits [" + formatSignificant(rev ? l.qMin * kDegPerRad : l.qMin, 6) + ", " +
                         formatSignificant(rev ? l.qMax * kDegPerRad : l.qMax, 6) + (rev ? "] deg" : "] m"));
  }
  if (const std::string why = freeJointMisfit(model, f.joint); !why.empty())
    throw InputError("", 0, "--free", "joint " + std::to_string(*j) + " cannot be the free joint: " + why);
  return f;
}

// "free_joint" (1-based), "free_value" and "reversed_chain" when a joint was held.
void addFreeJoint(JsonObject& o, const FreeJoint& f, bool reversed) {
  if (f.joint < 0) return;
  o.add("free_joint", std::to_string(f.joint + 1)).add("free_value", jsonNumber(f.value));
  o.add("reversed_chain", reversed ? std::string("true") : std::string("false"));
}

// "continuum": {"free_joints": [4]}: the solution is one of a continuum, these joints (from 1;
// IkCandidate::fromSeed) at their home values (any other value works, the rest following);
// "nearest_home": [1] lists those of them whose continuum is a range that does not hold the
// home value, shown at the member nearest it (IkCandidate::nearestToSeed; the key only then).
std::string jointList(unsigned char mask) {
  std::string list = "[";
  for (int i = 0; i < 8; ++i)
    if (mask & (1u << i)) list += (list.size() > 1 ? ", " : "") + std::to_string(i + 1);
  return list + "]";
}

std::string continuumJson(unsigned char fromSeed, unsigned char nearestToSeed) {
  JsonObject o;
  o.add("free_joints", jointList(fromSeed));
  if (nearestToSeed) o.add("nearest_home", jointList(nearestToSeed));
  return o.str();
}

std::string continuumText(unsigned char fromSeed, unsigned char nearestToSeed) {
  return "singular: one of a continuum of solutions; " +
         continuumJoints(fromSeed, nearestToSeed, "any value (shown at the home value)",
                         "a range of values (shown at the one nearest the home value)") +
         ", the others follow";
}

}  // namespace

int runIk(const Argv& argv) {
  const Args args(argv, {"--pose", "--free"}, {"--json", "--all"});
  const Model model = loadModel(robotPath(args));
  const Eigen::VectorXd v = args.numbers("--pose");
  if (v.size() != 6 && !(v.size() == 3 && model.dof() < 6))
    throw InputError("", 0, "--pose",
                     std::string("expects x,y,z,roll,pitch,yaw (m and degrees)") +
                         (model.dof() < 6 ? " or x,y,z" : "") + ", got " + std::to_string(v.size()) + " values");
  Eigen::Vector3d rpy = Eigen::Vector3d::Zero();
  if (v.size() == 6) rpy = Eigen::Vector3d(degToRad(v(3)), degToRad(v(4)), degToRad(v(5)));
  const Eigen::Matrix4d pose = poseFromXyzRpy(v.head<3>(), rpy);

  // Each solution listed: its name and joints, and, at a singularity, the joints it left free
  // (IkCandidate::fromSeed: one member of a continuum, the free joints at their home values).
  struct Listed {
    std::string config;
    Eigen::VectorXd q;
    unsigned char fromSeed = 0;
    unsigned char nearestToSeed = 0;
  };
  std::vector<Listed> solutions;
  std::vector<IkCandidate> outside;  // --all: the closed-form solutions outside the joint limits
  std::string reason;
  // Seven joints: one held (--free, else the default free joint at its home value), the six
  // others in closed form.
  FreeJoint free = freeJointOption(args, model);
  if (free.joint < 0 && model.dof() == 7 && (free.joint = defaultFreeJoint(model)) >= 0)
    free.value = model.home()(free.joint);
  FreeJointIk held;
  if (free.joint >= 0) {
    held = freeJointInverseKinematics(model, pose, free.joint, free.value);
    if (!held.applicable) {
      // Holding the joint at this value leaves no closed form: refused when asked for, else the
      // arm is solved as a whole (numerically) and says nothing of a held joint.
      if (args.has("--free"))
        throw InputError("", 0, "--free", "joint " + std::to_string(free.joint + 1) + " held at " +
                                              formatNumber(free.value) + ": " + held.reason);
      free.joint = -1;
    }
  }
  const ClosedFormIk cf = free.joint >= 0 ? ClosedFormIk{} : closedFormInverseKinematics(model, pose);
  std::string note;
  // The class that solved the arm: its closed-form family, or "numerical" (damped least squares).
  bool reversedChain = false;
  std::string solver = cf.applicable ? kinematicFamily(model) : "numerical";
  if (held.applicable) {
    reversedChain = held.solver.find("reversed") != std::string::npos;
    solver = held.solver.substr(0, held.solver.find(','));
    for (const IkCandidate& c : held.solutions)
      solutions.push_back({c.configuration, c.q, c.fromSeed, c.nearestToSeed});
    if (args.flag("--all")) outside = held.rejected;
    reason = held.reason;
  } else if (cf.applicable) {
    for (const IkCandidate& c : cf.solutions) solutions.push_back({c.configuration, c.q, c.fromSeed, c.nearestToSeed});
    if (args.flag("--all")) outside = cf.rejected;
    reason = cf.reason();
  } else {
    const IkResult r = solveInverseKinematics(model, pose);
    if (r.ok) solutions.push_back({r.configuration.empty() ? "numerical" : r.configuration, r.q, 0});
    reason = r.reason;
    // Why no closed form (e.g. two axes nearly on one line): the numerical answer's own note, or
    // the closed form's reason.
    note = !r.note.empty() ? r.note : cf.reason();
  }
  // A three-joint arm solves the position; an orientation asked for too must be the one it
  // reaches there, else the pose is not reachable and the answer says so.
  if (model.dof() < 6 && v.size() == 6 && !solutions.empty()) {
    double closest = std::numeric_limits<double>::infinity();
    std::vector<Listed> matching;
    for (const auto& s : solutions) {
      const double angle = poseError(pose, toolPose(model, s.q)).tail<3>().norm();
      closest = std::min(closest, angle);
      if (angle < 1e-6) matching.push_back(s);
    }
    if (matching.empty()) {
      char buf[200];
      std::snprintf(buf, sizeof buf,
                    "orientation not reachable for a %d-joint arm: every solution for the position turns the tool "
                    "%.4g deg or more from roll, pitch, yaw asked for (give x,y,z alone for the position)",
                    model.dof(), closest * kDegPerRad);
      reason = buf;
    }
    solutions = std::move(matching);
  }
  if (solutions.empty() && outside.empty()) {
    // Out of reach: exit 2 with the reason on stderr; --json still prints the (empty) list.
    if (reason.empty()) reason = "pose out of reach";
    std::fprintf(stderr, "armdyn: no solution: %s\n", reason.c_str());
    if (!note.empty()) std::fprintf(stderr, "armdyn: %s\n", note.c_str());
    if (args.flag("--json")) {
      JsonObject o;
      o.add("solver", jsonString(solver));
      addFreeJoint(o, free, reversedChain);
      o.add("solutions", "[]").add("reason", jsonString(reason));
      if (!note.empty()) o.add("note", jsonString(note));
      printOut(o.str());
    }
    return 2;
  }
  const bool all = args.flag("--all");
  if (args.flag("--json")) {
    std::string list = "[";
    for (std::size_t i = 0; i < solutions.size(); ++i) {
      JsonObject o;
      o.add("config", jsonString(solutions[i].config)).add("q", jsonArray(solutions[i].q));
      if (all) o.add("within_limits", std::string("true"));
      if (solutions[i].fromSeed) o.add("continuum", continuumJson(solutions[i].fromSeed, solutions[i].nearestToSeed));
      list += (i ? ", " : "") + o.str();
    }
    for (std::size_t i = 0; i < outside.size(); ++i) {
      JsonObject o;
      o.add("config", jsonString(outside[i].configuration))
          .add("q", jsonArray(outside[i].q))
          .add("within_limits", std::string("false"))
          .add("reason", jsonString(outside[i].reason()));
      if (outside[i].fromSeed) o.add("continuum", continuumJson(outside[i].fromSeed, outside[i].nearestToSeed));
      list += (solutions.empty() && i == 0 ? "" : ", ") + o.str();
    }
    JsonObject o;
    o.add("solver", jsonString(solver));
    addFreeJoint(o, free, reversedChain);
    o.add("solutions", list + "]");
    if (!note.empty()) o.add("note", jsonString(note));
    printOut(o.str());
    return solutions.empty() ? 2 : 0;
  }
  if (!note.empty()) std::fprintf(stderr, "armdyn: %s\n", note.c_str());
  std::string out;
  if (free.joint >= 0)
    out += "joint " + std::to_string(free.joint + 1) + " held at " + formatNumber(free.value) + (model.isRevolute(free.joint) ? " rad" : " m") +
           " (the six others: " + held.solver + ")\n";
  for (const auto& s : solutions)
    out += s.config + ": " + vectorText(s.q) +
           (s.fromSeed ? "   (" + continuumText(s.fromSeed, s.nearestToSeed) + ")" : "") + "\n";
  for (const IkCandidate& c : outside) {
    out += c.configuration + ": " + vectorText(c.q) + "   (outside the joint limits: " + c.why() +
           (c.fromSeed ? "; " + continuumText(c.fromSeed, c.nearestToSeed) : "") + ")\n";
  }
  if (solutions.empty()) std::fprintf(stderr, "armdyn: no solution within the joint limits\n");
  printOut(out);
  return solutions.empty() ? 2 : 0;
}

int runJacobian(const Argv& argv) {
  const Args args(argv, {"--q"}, {"--json"});
  const Model model = loadModel(robotPath(args));
  const Eigen::MatrixXd J = geometricJacobian(model, jointValues(args, "--q", model));
  if (args.flag("--json"))
    printOut(JsonObject().add("J", jsonMatrix(J)).str());
  else
    printOut("Geometric Jacobian of the tool origin in base coordinates, per unit joint rate\n"
             "(rows vx, vy, vz in m/s and wx, wy, wz in rad/s; columns per rad/s for revolute and per m/s for prismatic joints):\n" +
             rows(J, "%15.8e"));
  return 0;
}

}  // namespace armdyn::cli
