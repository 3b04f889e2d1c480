// Time-optimal timing and actuator sizing (targets in parentheses):
//   BM_TimeOptimalWeldSeam       time-optimal timing of the PUMA weld seam's joint-space path
//                                (6 joints, 6 pieces, 1000 grid intervals; drives: voltage line,
//                                friction, rotor inertia; both grids and every pass) (10 ms)
//   BM_TimeOptimalSquareLineArc  the same on the rounded square's Cartesian path (10 ms)
//   BM_SizingReport10s           sizing report from the samples of a 10.0 s PUMA task at
//                                DT = 1 ms (10 001 samples, M_ii by CRBA at each, ratio scans)
//                                (20 ms); the run itself is BM_PlanSampleLineArcPuma10s
//   BM_LargestPayloadWeldSeam    largest-payload search on the weld seam (about 19 runs) (0.5 s)
// Run a Release build with --benchmark_min_time=0.2.
#include "analysis/actuator_sizing.h"
#include "analysis/payload_search.h"
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"
#include "trajectory/cartesian_joint_path.h"
#include "trajectory/joint_polyline_path.h"
#include "trajectory/task_plan.h"
#include "trajectory/time_optimal_timing.h"

#include <benchmark/benchmark.h>

#include <cstdio>

namespace armdyn {
namespace {

void timeOptimal(benchmark::State& state, const char* task) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const Model model(s.robot);
  const TaskPlan plan = planTask(model, loadTask(test::sourcePath(task)));
  std::shared_ptr<const JointPath> path;
  if (plan.path)
    path = std::make_shared<const CartesianJointPath>(std::dynamic_pointer_cast<const CartesianTrajectory>(plan.trajectory));
  else
    path = std::make_shared<const JointPolylinePath>(plan.pointJoints);
  double duration = 0.0;
  int passes = 0;
  for (auto _ : state) {
    const TimeOptimalTiming t = timeOptimalTiming(model, path);
    duration = t.trajectory->duration();
    passes = t.passes;
    // (DoNotOptimize on a double: Debian's Google Benchmark lets GCC pick a general register
    // for it and the value comes back corrupted; a pointer is safe.)
    benchmark::DoNotOptimize(t.trajectory.get());
  }
  state.counters["task_s"] = duration;
  state.counters["passes"] = passes;
}
void BM_TimeOptimalWeldSeam(benchmark::State& state) { timeOptimal(state, "robots/puma560_weld_seam.yaml"); }
BENCHMARK(BM_TimeOptimalWeldSeam)->Unit(benchmark::kMillisecond);
void BM_TimeOptimalSquareLineArc(benchmark::State& state) { timeOptimal(state, "robots/puma560_square_line_arc.yaml"); }
BENCHMARK(BM_TimeOptimalSquareLineArc)->Unit(benchmark::kMillisecond);

void BM_SizingReport10s(benchmark::State& state) {
  Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  s.task = loadTask(test::sourcePath("robots/puma560_square_line_arc.yaml"));
  s.task.speed = 0.0754;  // 10.0 s round the contour
  const Model model(s.robot);
  SimulationOptions o;
  o.dtOverride = 1e-3;
  const RunRecord run = simulateTask(model, s.task, o);
  for (auto _ : state) {
    const SizingReport r = sizeActuators(model, {{&run, 0.0, "square"}});
    benchmark::DoNotOptimize(r.joints.data());
  }
  state.counters["samples"] = run.samples();
}
BENCHMARK(BM_SizingReport10s)->Unit(benchmark::kMillisecond);

void BM_LargestPayloadWeldSeam(benchmark::State& state) {
  const Session s = loadSession(test::sourcePath("robots/puma560.yaml"));
  const std::vector<TaskSpec> tasks{loadTask(test::sourcePath("robots/puma560_weld_seam.yaml"))};
  int runs = 0;
  for (auto _ : state) {
    const PayloadSearch p = largestPayload(s.robot, tasks, {});
    runs = p.evaluations;
    benchmark::DoNotOptimize(&p);
  }
  state.counters["runs"] = runs;
}
BENCHMARK(BM_LargestPayloadWeldSeam)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace armdyn
