// The ISO 9283 virtual test bench on the IRb-60-like arm (robots/irb60.yaml: four elastic drives,
// DC motors with inductance, voltage input), computed torque at 1 ms, RK4 at 1 ms, the paper's
// cube (centre (1.7, 0, 1) m, edge 0.6 m, R = 0.03 m). Targets (wall time, what keeps the accuracy tab usable):
//   BM_IsoPathRunIrb60     one path run, Stepniewski's square at 0.5 m/s (4.9 s of motion
//                          + 0.2 s settle), plan built once outside the loop: <= 50 ms
//   BM_SpeedSweepIrb60     the ten-speed sweep 0.05..0.5 m/s with the running-speed index
//                          (bisection included), two threads: <= 1 s
//   BM_IsoBenchIrb60       the full bench: 5 poses x 30 cycles, 6 paths x 10 cycles, speeds
//                          100/50/10 %, noise on, two threads: <= 10 s
// The peer in this binary: one plant step elastic against the same arm with rigid drives
// (BM_ForwardSimulationStepIrb60/0 rigid, /1 elastic), so the elastic model's cost is a ratio.
#include "analysis/iso9283_bench.h"
#include "analysis/iso9283_run.h"
#include "analysis/speed_sweep.h"
#include "control/controller_settings.h"
#include "io/robot_file.h"
#include "simulation/forward_simulation.h"
#include "support/test_support.h"

#include <benchmark/benchmark.h>

namespace armdyn {
namespace {

const IsoCube kCube{Eigen::Vector3d(1.7, 0.0, 1.0), 0.6};

struct Irb60 {
  Session session = loadSession(test::sourcePath("robots/irb60.yaml"));
  Model model{session.robot};
  ControllerConfig controller;
  Irb60() {
    ControllerSettings s = studioControllerDefaults();
    s.config.type = ControllerType::ComputedTorque;
    controller = controllerConfig(s, model);
  }
};

const Irb60& irb60() {
  static const Irb60 arm;
  return arm;
}

IsoPathGeometry square() {
  return isoPathGeometry(IsoPath::RoundedSquareSection, kCube, 0.03, Eigen::Matrix3d::Identity());
}

void BM_IsoPathRunIrb60(benchmark::State& state) {
  const Irb60& a = irb60();
  const iso_detail::PlannedPath plan = iso_detail::planPath(a.model, a.controller, square(), 0.5, 6.0, "", "square");
  double delta = 0.0;
  for (auto _ : state) {
    const iso_detail::PathRunData run = iso_detail::runPlannedPath(a.model, a.controller, plan, 0.2, defaultIsoNoise(), 1);
    delta = iso_detail::maxDeviation(plan, run);
    benchmark::DoNotOptimize(run.attained.data());
  }
  state.counters["motion_s"] = plan.duration;
  state.counters["delta_mm"] = 1e3 * delta;
}
BENCHMARK(BM_IsoPathRunIrb60)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SpeedSweepIrb60(benchmark::State& state) {
  const Irb60& a = irb60();
  SpeedSweepOptions o;
  o.name = "square";
  o.geometry = square();
  o.pathAcceleration = 6.0;
  o.maxSpeed = 0.5;
  o.tolerance = 1e-3;
  o.threads = 2;
  SpeedSweepResult r;
  for (auto _ : state) {
    r = runSpeedSweep(a.model, a.controller, o);
    benchmark::DoNotOptimize(r.deviation.data());
  }
  state.counters["exponent"] = r.exponent;
  state.counters["index_m_s"] = r.runningSpeedIndex;
  state.counters["runs"] = r.runs;
}
BENCHMARK(BM_SpeedSweepIrb60)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_IsoBenchIrb60(benchmark::State& state) {
  const Irb60& a = irb60();
  IsoBenchOptions o;
  o.cube = kCube;
  o.cornerRadius = 0.03;
  o.ratedSpeed = 0.5;
  o.pathAcceleration = 6.0;
  o.threads = 2;
  IsoBenchResult r;
  for (auto _ : state) {
    r = runIsoBench(a.model, a.controller, o);
    benchmark::DoNotOptimize(r.speeds.data());
  }
  state.counters["runs"] = r.runs;
  state.counters["simulated_s"] = r.simulatedTime;
  state.counters["AT100_mm"] = r.speeds.empty() ? 0.0 : 1e3 * r.speeds[0].AT;
}
BENCHMARK(BM_IsoBenchIrb60)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

void BM_ForwardSimulationStepIrb60(benchmark::State& state) {
  RobotSpec spec = irb60().session.robot;
  if (state.range(0) == 0)
    for (LinkSpec& l : spec.links) l.drive->stiffness = l.drive->damping = 0.0;
  const Model model(spec);
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), Eigen::VectorXd::Constant(4, 0.2));
  sim.settleSprings();
  sim.setInput(Eigen::VectorXd::Constant(4, 5.0));
  for (auto _ : state) {
    sim.advance(1e-6);  // tiny steps keep the state (and the cost) steady
    benchmark::DoNotOptimize(sim.state().data());
  }
}
BENCHMARK(BM_ForwardSimulationStepIrb60)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace armdyn
