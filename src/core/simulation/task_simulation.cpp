#include "simulation/task_simulation.h"

#include "actuation/drive_dynamics.h"
#include "dynamics/dynamics_data.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "simulation/task_summary.h"

#include <cmath>
#include <cstdio>

namespace armdyn {

namespace {

// At most this many samples: beyond it a run would need gigabytes (a DT typed wrong).

// Finite points, TACC and masses can still overflow: qdd grows as 1/TACC^2 (TACC = 1e-300 s
// gives inf, then NaN forces). Such a run stops at its first non-finite sample, naming the
// joint, the time and the quantity, instead of reporting NaN peaks.
void requireFiniteRun(const Model& model, const RunRecord& sim) {
  if (sim.qd.allFinite() && sim.qdd.allFinite() && sim.force.allFinite()) return;  // the usual case, vectorised
  const Eigen::MatrixXd* quantities[] = {&sim.qd, &sim.qdd, &sim.force};
  const char* names[] = {"velocity", "acceleration", "force/torque"};
  const bool paul = sim.plan.scheme == TaskScheme::Paul;
  for (Eigen::Index k = 0; k < sim.force.rows(); ++k) {
    for (int m = 0; m < 3; ++m) {
      for (int j = 0; j < model.dof(); ++j) {
        if (std::isfinite((*quantities[m])(k, j))) continue;
        char buf[200];
        if (paul)
          std::snprintf(buf, sizeof buf, "the %s of joint %d is not finite at t = %g s (TACC = %g s, DT = %g s)",
                        names[m], j + 1, sim.t[static_cast<std::size_t>(k)], sim.plan.tacc, sim.dt);
        else
          std::snprintf(buf, sizeof buf, "the %s of joint %d is not finite at t = %g s (DT = %g s)", names[m], j + 1,
                        sim.t[static_cast<std::size_t>(k)], sim.dt);
        // The motion overflows only through the plan's timing; forces also through the links.
        throw InputError("", 0, m < 2 ? (paul ? "tacc" : "durations") : "links", buf);
      }
    }
  }
}

double dtOf(const Model& model, const SimulationOptions& options) {
  if (!(options.dtOverride >= 0.0) || !std::isfinite(options.dtOverride))
    throw std::invalid_argument("simulateTask: dtOverride must be >= 0");
  return options.dtOverride > 0.0 ? options.dtOverride : model.spec().dt;
}

}  // namespace

TaskTiming sampleTiming(const JointTrajectory& trajectory, double dt) {
  TaskTiming timing;
  timing.dt = dt;
  timing.planDuration = trajectory.duration();
  // Whole DT steps until the clock covers the plan; the 1e-9 keeps an exact multiple exact.
  const double steps = std::max(1.0, std::ceil(timing.planDuration / dt - 1e-9));
  if (trajectory.endsAtRest()) {
    timing.samples = steps + 1.0;  // the last at the end of the motion
    timing.taskTime = timing.planDuration;
  } else {
    timing.samples = steps;
    timing.taskTime = steps * dt;
  }
  return timing;
}

TaskTiming planTaskTiming(const Model& model, const TaskSpec& task, const SimulationOptions& options) {
  const double dt = dtOf(model, options);
  return sampleTiming(*planTask(model, task, !options.rigidBodyOnly).trajectory, dt);
}

RunRecord samplePlan(const Model& model, TaskPlan plan, const SimulationOptions& options) {
  const int n = model.dof();
  const double dt = dtOf(model, options);
  const TaskTiming timing = sampleTiming(*plan.trajectory, dt);
  if (timing.samples > kMaxRunSamples) {
    // Too many samples: either DT is small or the plan is long. Paul's segments last at least
    // 2 TACC each: a plan longer than a day that is mostly TACC is a TACC typed wrong.
    const double segments = std::max<double>(1.0, static_cast<double>(plan.pointJoints.rows()) - 1.0);
    const bool taccMadeItLong = plan.scheme == TaskScheme::Paul && timing.planDuration > 86400.0 &&
                                2.0 * plan.tacc * segments >= 0.5 * timing.planDuration;
    char buf[200];
    if (taccMadeItLong)
      std::snprintf(buf, sizeof buf, "TACC = %g s makes the plan %g s long: %.3g samples at DT = %g s (at most %g)",
                    plan.tacc, timing.planDuration, timing.samples, dt, kMaxRunSamples);
    else
      std::snprintf(buf, sizeof buf, "DT = %g s gives %.3g samples for a %g s plan (at most %g)", dt, timing.samples,
                    timing.planDuration, kMaxRunSamples);
    throw InputError("", 0, taccMadeItLong ? "tacc" : "dt", buf);
  }
  RunRecord sim;
  sim.method = options.method;
  sim.dt = dt;
  sim.plan = std::move(plan);
  const JointTrajectory& trajectory = *sim.plan.trajectory;
  const int samples = static_cast<int>(timing.samples);
  sim.t.resize(samples);
  sim.q.resize(samples, n);
  sim.qd.resize(samples, n);
  sim.qdd.resize(samples, n);
  sim.force.resize(samples, n);
  if (options.recordToolPose) sim.toolPose.resize(samples, 6);

  sim.includesDrives = !options.rigidBodyOnly && hasDrives(model);
  DynamicsData data(model);
  LinkFrameArray frames;
  Eigen::VectorXd q(n), qd(n), qdd(n), tau(n);
  const bool lastAtEnd = trajectory.endsAtRest();
  // The task's tool wrench at each sample time: tau = M qdd + C qd + G + J^T W(t_k), inside
  // either recursion (model/tool_wrench.h); the drive terms come on top (the motor delivers
  // what the joint needs, the wrench's share included).
  const ToolWrenchProfile& load = sim.plan.toolWrench;
  const bool loaded = !load.isZero();
  ToolWrench wrench;
  for (int k = 0; k < samples; ++k) {
    const double t = lastAtEnd && k == samples - 1 ? timing.planDuration : k * dt;
    trajectory.evaluate(t, q, qd, qdd);
    if (loaded) {
      load.evaluate(t, wrench);
      inverseDynamics(model, data, q, qd, qdd, options.method, wrench, tau);
    } else {
      inverseDynamics(model, data, q, qd, qdd, options.method, tau);
    }
    if (sim.includesDrives) addDriveTorques(model, qd, qdd, tau);
    sim.t[k] = t;
    sim.q.row(k) = q.transpose();
    sim.qd.row(k) = qd.transpose();
    sim.qdd.row(k) = qdd.transpose();
    sim.force.row(k) = tau.transpose();
    if (options.recordToolPose)
      sim.toolPose.row(k) = xyzRpyFromPose(forwardKinematics(model, q, frames.data())).transpose();
  }
  requireFiniteRun(model, sim);
  sim.summary = summarizeSamples(sim.t, sim.q, sim.qd, sim.qdd, sim.force, timing.taskTime);
  return sim;
}

RunRecord simulateTask(const Model& model, const TaskSpec& task, const SimulationOptions& options) {
  return samplePlan(model, planTask(model, task, !options.rigidBodyOnly), options);
}

}  // namespace armdyn
