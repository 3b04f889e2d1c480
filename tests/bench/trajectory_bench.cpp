// Trajectory planning timings (issue targets in parentheses):
//   BM_PlanSampleLineArcPuma10s   plan + samples + Newton-Euler inverse dynamics (with the drives'
//                                 inertia and friction) of a line-and-arc path on the six-joint
//                                 PUMA lasting 10.76 s, DT = 1 ms (5 ms for 10 s); the tool-pose
//                                 channel off (it is not part of that workload: +2.8 ms)
//   BM_PlanLineArcPuma, BM_SampleLineArcPuma10s   its two halves (sampling with the tool pose)
//   BM_PlanJointScheme/<scheme>   planJointTrajectory through 10 points of 6 joints, durations
//                                 from the limits (0.2 ms)
// Run a Release build with --benchmark_min_time=0.2.
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"
#include "trajectory/joint_scheme.h"
#include "trajectory/task_plan.h"

#include <benchmark/benchmark.h>

#include <random>

namespace armdyn {
namespace {

void BM_PlanSampleLineArcPuma10s(benchmark::State& state) {
  Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  s.task = loadTask(test::sourcePath("robots/puma560_square_line_arc.yaml"));
  s.task.speed = 0.07;  // about 10 s round the contour
  const Model model(s.robot);
  SimulationOptions o;
  o.method = DynamicsMethod::NewtonEuler;
  o.dtOverride = 1e-3;
  o.recordToolPose = false;
  double duration = 0.0;
  for (auto _ : state) {
    const RunRecord r = samplePlan(model, planTask(model, s.task), o);
    duration = r.plan.duration();
    benchmark::DoNotOptimize(r.force.data());
  }
  state.counters["task_s"] = duration;
}
BENCHMARK(BM_PlanSampleLineArcPuma10s)->Unit(benchmark::kMillisecond);

void BM_PlanJointScheme(benchmark::State& state) {
  const JointScheme scheme = static_cast<JointScheme>(state.range(0));
  std::mt19937 rng(11);
  Eigen::MatrixXd points(10, 6);
  for (int k = 0; k < 10; ++k) points.row(k) = test::randomVector(rng, 6, 1.5).transpose();
  JointSchemeOptions o;
  o.scheme = scheme;
  o.vMax = Eigen::VectorXd::Constant(6, 1.0);
  o.aMax = Eigen::VectorXd::Constant(6, 4.0);
  o.tacc = 0.2;
  for (auto _ : state) {
    auto plan = planJointTrajectory(points, o);
    benchmark::DoNotOptimize(plan.get());
  }
  state.SetLabel(jointSchemeName(scheme));
}
BENCHMARK(BM_PlanJointScheme)
    ->DenseRange(0, 4)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace armdyn

namespace armdyn {
namespace {

// The two halves of BM_PlanSampleLineArcPuma10s: the plan (path, IK at the nodes, limits,
// speed profile) and the sampling (evaluate, inverse dynamics with drives, tool pose).
struct PumaContour {
  Model model;
  TaskSpec task;
  SimulationOptions options;
};
const PumaContour& pumaContour() {
  static const PumaContour c = [] {
    Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
    s.task = loadTask(test::sourcePath("robots/puma560_square_line_arc.yaml"));
    s.task.speed = 0.07;
    SimulationOptions o;
    o.method = DynamicsMethod::NewtonEuler;
    o.dtOverride = 1e-3;
    return PumaContour{Model(s.robot), s.task, o};
  }();
  return c;
}

void BM_PlanLineArcPuma(benchmark::State& state) {
  const PumaContour& c = pumaContour();
  for (auto _ : state) {
    const TaskPlan plan = planTask(c.model, c.task);
    benchmark::DoNotOptimize(plan.trajectory.get());
  }
}
BENCHMARK(BM_PlanLineArcPuma)->Unit(benchmark::kMillisecond);

void BM_SampleLineArcPuma10s(benchmark::State& state) {
  const PumaContour& c = pumaContour();
  const TaskPlan plan = planTask(c.model, c.task);
  for (auto _ : state) {
    const RunRecord r = samplePlan(c.model, plan, c.options);
    benchmark::DoNotOptimize(r.force.data());
  }
}
BENCHMARK(BM_SampleLineArcPuma10s)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace armdyn
