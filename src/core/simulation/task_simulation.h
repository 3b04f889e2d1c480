#pragma once
// Prescribed motion (Vora's SIMULATE, section 5.3, step 9 of fig 5.2, generalised to every
// scheme): plan the task (trajectory/task_plan.h), sample the plan every DT, compute each
// joint's force/torque by inverse dynamics and the tool pose by forward kinematics.
//
// Sampling: t_k = k DT. A plan that ends at rest gets K = ceil(T / DT) steps and K + 1
// samples, t_k = k DT for k < K and the last at exactly T, the end of the motion, at rest (the
// last interval is DT or shorter); task time = T. Paul's plan, which ends moving, keeps Vora's
// count: k < ceil(T / DT), task time ceil(T / DT) DT (weld seam: plan 3.7230 s -> 149 samples,
// task time 3.725 s as printed).

#include "model/model.h"
#include "model/task.h"
#include "simulation/run_record.h"

#include <string>

namespace armdyn {

struct SimulationOptions {
  DynamicsMethod method = DynamicsMethod::Lagrange;  // Vora's method by default
  double dtOverride = 0.0;    // > 0 replaces the robot's DT
  // Robots with drives: force includes reflected rotor inertia and friction (what the drive must
  // deliver, actuation/drive_dynamics.h) unless rigidBodyOnly is set.
  bool rigidBodyOnly = false;
  // Fill the toolPose channel (forward kinematics of every sample, about a third of the sampling
  // time of a six-joint arm); off leaves it empty.
  bool recordToolPose = true;
};

// The sampling a plan gets: samples and task time (a double: a DT typed wrong can ask for more
// samples than an int holds).
struct TaskTiming {
  double dt = 0.0;            // s
  double planDuration = 0.0;  // s
  double samples = 0.0;
  double taskTime = 0.0;      // s: Paul's samples x DT; otherwise the plan's end (the last sample)
};
TaskTiming sampleTiming(const JointTrajectory& trajectory, double dt);
// The timing simulateTask's run would have, without its dynamics (the plan only).
TaskTiming planTaskTiming(const Model& model, const TaskSpec& task, const SimulationOptions& options = {});

// Limits of one run, prescribed or forward (memory of the histories, time of the loop).
constexpr double kMaxRunSamples = 5e6;   // recorded samples (simulate) or records (run)
constexpr double kMaxRunSteps = 2e7;     // integration steps of a forward run (~40 s of PUMA RK4)

// Samples `plan` (prescribed motion); the joint forces include J^T W(t) of the plan's tool
// wrench (TaskPlan::toolWrench) at every sample, for either method, drives included. Throws
// InputError for more than 5e6 samples and a run whose velocities, accelerations or forces
// overflow.
RunRecord samplePlan(const Model& model, TaskPlan plan, const SimulationOptions& options = {});
// planTask + samplePlan. Throws what planTask throws (UnreachablePointError, InputError).
RunRecord simulateTask(const Model& model, const TaskSpec& task, const SimulationOptions& options = {});

}  // namespace armdyn
