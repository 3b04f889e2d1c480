// BM_ClosedLoopPuma10s: the six-joint PUMA 560 with its drives (voltage input, third-order
// model, friction), independent-joint PID at 1 kHz (Ziegler-Nichols PID gains of each joint,
// tuned once before timing), RK4 at 1 ms, 10 s simulated along the weld-seam task (plan, then
// hold), time histories recorded every sample. Target: at most 20 ms per run (a Studio edit re-runs it).
// BM_ForwardSimulationStepPuma: one RK4 step of the same plant (four model evaluations).
#include "trajectory/paul_trajectory.h"
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "io/robot_file.h"
#include "control/closed_loop.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace armdyn {
namespace {

struct PumaLoop {
  Model model{test::libraryRobotSpec("puma560")};
  std::vector<PidGains> gains;
  std::shared_ptr<PaulTrajectory> plan;

  PumaLoop() {
    for (int j = 0; j < model.dof(); ++j) {
      TuneOptions o;
      o.samplePeriod = 1e-3;
      o.duration = 1.5;
      gains.push_back(tune(model, j, model.home(), o).gains.pid);
    }
    const TaskSpec task = loadTask(test::sourcePath("robots/puma560_weld_seam.yaml"));
    const RunRecord planned = simulateTask(model, task);
    Eigen::VectorXd vmax(model.dof());
    for (int i = 0; i < model.dof(); ++i) vmax(i) = model.spec().links[i].vMax;
    plan = std::make_shared<PaulTrajectory>(planned.plan.pointJoints, vmax, planned.plan.tacc);
  }
};

const PumaLoop& pumaLoop() {
  static const PumaLoop loop;
  return loop;
}

void BM_ClosedLoopPuma10s(benchmark::State& state) {
  const PumaLoop& p = pumaLoop();
  ClosedLoopSetup s;
  s.plant.input = DriveInput::Voltage;
  s.plant.step = 1e-3;
  s.duration = 10.0;
  Setpoint start;
  start.resize(6);
  p.plan->evaluate(0.0, start.q, start.qd, start.qdd);
  s.q0 = start.q;
  s.qd0 = start.qd;
  const SetpointFunction setpoint = trajectorySetpoint(p.plan);
  bool diverged = false;
  double peak = 0.0;
  for (auto _ : state) {
    PidController controller(DiscretePid(p.gains, 1e-3, Eigen::VectorXd::Constant(6, 40.0)));
    const RunResult r = simulateClosedLoop(p.model, s, controller, setpoint);
    diverged = diverged || r.summary.diverged;
    peak = r.summary.peakError.maxCoeff();
    benchmark::DoNotOptimize(r.history.q.data());
  }
  state.counters["diverged"] = diverged ? 1.0 : 0.0;
  state.counters["peak_error_rad"] = peak;
}
BENCHMARK(BM_ClosedLoopPuma10s)->Unit(benchmark::kMillisecond);

void BM_ForwardSimulationStepPuma(benchmark::State& state) {
  const Model& model = pumaLoop().model;
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), Eigen::VectorXd::Constant(6, 0.3));
  sim.setInput(Eigen::VectorXd::Constant(6, 5.0));
  for (auto _ : state) {
    sim.advance(1e-6);  // tiny steps keep the state (and the cost) steady
    benchmark::DoNotOptimize(sim.state().data());
  }
}
BENCHMARK(BM_ForwardSimulationStepPuma)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace armdyn
