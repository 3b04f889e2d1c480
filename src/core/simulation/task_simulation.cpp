#include "simulation/task_simulation.h"

#include "actuation/drive_dynamics.h"
#include "dynamics/dynamics_data.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/pose.h"
#include "simulation/task_summary.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn {

namespace {

std::string pointField(int index) { return "points[" + std::to_string(index + 1) + "]"; }

int pointLine(const TaskSpec& task, int index) {
  return index >= 0 && index < static_cast<int>(task.points.size()) ? task.points[index].sourceLine : 0;
}

Eigen::Vector3d pointPosition(const TaskSpec& task, int index) {
  return index >= 0 && index < static_cast<int>(task.points.size()) ? task.points[index].position
                                                                    : Eigen::Vector3d::Zero();
}

std::string unreachableMessage(const TaskSpec& task, int index, const std::string& reason) {
  const Eigen::Vector3d p = pointPosition(task, index);
  char buf[128];
  std::snprintf(buf, sizeof buf, "point %d (%.4g, %.4g, %.4g) m is out of reach: ", index + 1, p.x(), p.y(), p.z());
  return buf + reason;
}

// Revolute values shifted by whole turns towards `previous` while they stay within the
// limits, so that the plan does not spin a joint round to an equivalent angle.
void unwrapTowards(const Model& model, const Eigen::VectorXd& previous, Eigen::VectorXd& q) {
  const double turn = 2.0 * M_PI;
  for (int i = 0; i < model.dof(); ++i) {
    if (!model.isRevolute(i)) continue;
    const LinkSpec& l = model.spec().links[i];
    const double shifted = q(i) + turn * std::round((previous(i) - q(i)) / turn);
    if (shifted >= l.qMin && shifted <= l.qMax) q(i) = shifted;
  }
}

// A configuration the robot's family does not have is a mistake in the task file, not a point
// out of reach: named at its own line. (A family solved numerically has no configurations, and
// its inverse kinematics ignores the entry.)
void requireKnownConfiguration(const Model& model, const TaskSpec& task) {
  if (task.configuration.empty()) return;
  const std::vector<std::string> known = familyConfigurations(model.spec().family);
  if (known.empty()) return;
  std::vector<IkCandidate> names;
  for (const std::string& name : known) names.push_back({Eigen::VectorXd(), name, ""});
  if (selectSolution(names, task.configuration)) return;
  std::string list;
  for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
  throw InputError(task.sourceFile, task.configurationLine, "configuration",
                   "'" + task.configuration + "' is not a configuration of the robot's family '" +
                       model.spec().family + "' (" + list + ")");
}

// Joint coordinates of every task point (Vora 4.4 and eqs 7.1-7.4 for the RRR).
Eigen::MatrixXd solvePoints(const Model& model, const TaskSpec& task) {
  requireKnownConfiguration(model, task);
  const int m = static_cast<int>(task.points.size());
  const int n = model.dof();
  Eigen::MatrixXd joints(m, n);
  Eigen::VectorXd previous = model.home();
  // Vora's RRR always takes its family default (elbow up); other arms without a forced
  // configuration follow the solution nearest the previous point, for continuity.
  const bool nearest = task.configuration.empty() && model.spec().family != "rrr";
  for (int k = 0; k < m; ++k) {
    const TaskPoint& p = task.points[k];
    if (!p.position.allFinite() || !p.rpy.allFinite())
      throw InputError(task.sourceFile, p.sourceLine, pointField(k), "coordinates must be finite numbers");
    const Eigen::Matrix4d pose = poseFromXyzRpy(p.position, p.rpy);
    const IkResult r = solveInverseKinematics(model, pose, task.configuration, previous);
    if (!r.ok) throw UnreachablePointError(task, k, r.reason.empty() ? "no inverse kinematics solution" : r.reason);
    Eigen::VectorXd q = r.q;
    unwrapTowards(model, previous, q);
    if (nearest && k > 0 && r.method == IkMethod::ClosedForm) {
      const ClosedFormIk all = closedFormInverseKinematics(model, pose, previous);
      double best = (q - previous).squaredNorm();
      for (const IkCandidate& c : all.solutions) {
        Eigen::VectorXd qc = c.q;
        unwrapTowards(model, previous, qc);
        const double dist = (qc - previous).squaredNorm();
        if (dist < best) {
          best = dist;
          q = qc;
        }
      }
    }
    joints.row(k) = q.transpose();
    previous = q;
  }
  return joints;
}

// At most this many samples: beyond it a run would need gigabytes (a DT typed wrong).
constexpr double kMaxSamples = 5e6;

// Finite points, TACC and masses can still overflow: qdd grows as 1/TACC^2 (TACC = 1e-300 s
// gives inf, then NaN forces). Such a run stops at its first non-finite sample, naming the
// joint, the time and the quantity, instead of reporting NaN peaks.
void requireFiniteRun(const Model& model, const TaskSimulation& sim) {
  const Eigen::MatrixXd* quantities[] = {&sim.qd, &sim.qdd, &sim.force};
  const char* names[] = {"velocity", "acceleration", "force/torque"};
  for (Eigen::Index k = 0; k < sim.force.rows(); ++k) {
    for (int m = 0; m < 3; ++m) {
      for (int j = 0; j < model.dof(); ++j) {
        if (std::isfinite((*quantities[m])(k, j))) continue;
        char buf[200];
        std::snprintf(buf, sizeof buf, "the %s of joint %d is not finite at t = %g s (TACC = %g s, DT = %g s)",
                      names[m], j + 1, sim.t[static_cast<std::size_t>(k)], sim.tacc, sim.dt);
        // The motion overflows only through TACC; forces also through the links' numbers.
        throw InputError("", 0, m < 2 ? "tacc" : "links", buf);
      }
    }
  }
}

// Checks shared by simulateTask and planTaskTiming: the task and the options.
void requireRunnable(const TaskSpec& task, const SimulationOptions& options) {
  const int m = static_cast<int>(task.points.size());
  if (m == 0) throw InputError(task.sourceFile, 0, "points", "the task has no points");
  if (m < 2)
    throw InputError(task.sourceFile, task.points[0].sourceLine, "points",
                     "a task needs at least two points (one trajectory segment)");
  if (!(options.dtOverride >= 0.0) || !std::isfinite(options.dtOverride))
    throw std::invalid_argument("simulateTask: dtOverride must be >= 0");
  if (!(options.taccOverride >= 0.0) || !std::isfinite(options.taccOverride))
    throw std::invalid_argument("simulateTask: taccOverride must be >= 0");
}

PaulTrajectory planOf(const Model& model, const Eigen::MatrixXd& pointJoints, double tacc) {
  Eigen::VectorXd vMax(model.dof());
  for (int i = 0; i < model.dof(); ++i) vMax(i) = model.spec().links[i].vMax;
  return PaulTrajectory(pointJoints, vMax, tacc);
}

// Whole DT steps until the clock covers the plan; the 1e-9 keeps an exact multiple exact.
double stepsOf(double planDuration, double dt) { return std::ceil(planDuration / dt - 1e-9); }

}  // namespace

UnreachablePointError::UnreachablePointError(const TaskSpec& task, int index, const std::string& reason)
    : InputError(task.sourceFile, pointLine(task, index), pointField(index), unreachableMessage(task, index, reason)),
      index_(index),
      position_(pointPosition(task, index)),
      reason_(reason) {}

TaskTiming planTaskTiming(const Model& model, const TaskSpec& task, const SimulationOptions& options) {
  requireRunnable(task, options);
  TaskTiming timing;
  timing.dt = options.dtOverride > 0.0 ? options.dtOverride : model.spec().dt;
  timing.tacc = options.taccOverride > 0.0 ? options.taccOverride : model.spec().tacc;
  timing.planDuration = planOf(model, solvePoints(model, task), timing.tacc).duration();
  timing.samples = std::max(1.0, stepsOf(timing.planDuration, timing.dt));
  timing.taskTime = timing.samples * timing.dt;
  return timing;
}

TaskSimulation simulateTask(const Model& model, const TaskSpec& task, const SimulationOptions& options) {
  const int n = model.dof();
  requireRunnable(task, options);
  const double dt = options.dtOverride > 0.0 ? options.dtOverride : model.spec().dt;
  const double tacc = options.taccOverride > 0.0 ? options.taccOverride : model.spec().tacc;

  TaskSimulation sim;
  sim.method = options.method;
  sim.dt = dt;
  sim.tacc = tacc;
  sim.pointJoints = solvePoints(model, task);

  const PaulTrajectory plan = planOf(model, sim.pointJoints, tacc);
  sim.planDuration = plan.duration();
  sim.segments = plan.segments();
  sim.pointTimes = plan.pointTimes();

  const double steps = stepsOf(plan.duration(), dt);
  if (steps > kMaxSamples) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "DT = %g s gives %.3g samples for a %g s plan with TACC = %g s (at most %g)", dt,
                  steps, plan.duration(), tacc, kMaxSamples);
    throw InputError("", 0, "dt", buf);
  }
  const int samples = std::max(1, static_cast<int>(steps));
  sim.t.resize(samples);
  sim.q.resize(samples, n);
  sim.qd.resize(samples, n);
  sim.qdd.resize(samples, n);
  sim.force.resize(samples, n);

  sim.includesDrives = !options.rigidBodyOnly && hasDrives(model);
  DynamicsData data(model);
  Eigen::VectorXd q(n), qd(n), qdd(n), tau(n);
  for (int k = 0; k < samples; ++k) {
    const double t = k * dt;
    plan.evaluate(t, q, qd, qdd);
    inverseDynamics(model, data, q, qd, qdd, options.method, tau);
    if (sim.includesDrives) addDriveTorques(model, qd, qdd, tau);
    sim.t[k] = t;
    sim.q.row(k) = q.transpose();
    sim.qd.row(k) = qd.transpose();
    sim.qdd.row(k) = qdd.transpose();
    sim.force.row(k) = tau.transpose();
  }
  requireFiniteRun(model, sim);
  sim.summary = summarizeSamples(sim.t, sim.q, sim.qd, sim.qdd, sim.force, samples * dt);
  return sim;
}

}  // namespace armdyn
