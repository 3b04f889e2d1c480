// Trajectory planning timings (targets in parentheses: what keeps a Studio edit interactive):
//   BM_PlanSampleLineArcPuma10s   plan + samples + Newton-Euler inverse dynamics (with the drives'
//                                 inertia and friction) of a line-and-arc path on the six-joint
//                                 PUMA lasting 10.0 s, DT = 1 ms (5 ms); the tool-pose
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
  s.task.speed = 0.0754;  // 10.0 s round the contour: L / v + v / a
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
    s.task.speed = 0.0754;
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

#ifdef ARMDYN_HAVE_KDL
#include "actuation/drive.h"
#include "kinematics/pose.h"
#include "support/kdl_support.h"

#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/chainiksolverpos_lma.hpp>
#include <kdl/path_roundedcomposite.hpp>
#include <kdl/rotational_interpolation_sa.hpp>
#include <kdl/trajectory_segment.hpp>
#include <kdl/velocityprofile_trap.hpp>

namespace armdyn {
namespace {

// The peer of BM_PlanSampleLineArcPuma10s in Orocos KDL: the same corners and radius as a
// Path_RoundedComposite (single-axis rotation), one trapezoidal profile at the same speed and
// path acceleration (KDL has no arc or joint-limit speed limits), inverse kinematics of every
// sample by ChainIkSolverPos_LMA seeded with the previous sample, joint rates and
// accelerations by differences, and ChainIdSolver_RNE with the drives' armature. KDL's IK
// per sample is its way of following a Cartesian path; armdyn solves IK at path nodes and
// interpolates (cartesian_trajectory.h).
void BM_KDL_PlanSampleLineArcPuma10s(benchmark::State& state) {
  const PumaContour& c = pumaContour();
  const Model& model = c.model;
  const int n = model.dof();
  Eigen::VectorXd armature(n);
  for (int i = 0; i < n; ++i) {
    const auto& d = model.spec().links[i].drive;
    armature(i) = d ? reflectedInertia(*d) : 0.0;
  }
  KDL::Chain chain = test::kdl::chainFromModel(model, armature);
  chain.addSegment(KDL::Segment(KDL::Joint(KDL::Joint::None), test::kdl::frame(model.tool())));
  const Eigen::VectorXd q0 = planTask(model, c.task).pointJoints.row(0).transpose();
  double duration = 0.0;
  for (auto _ : state) {
    auto* path = new KDL::Path_RoundedComposite(0.03, 0.1, new KDL::RotationalInterpolation_SingleAxis());
    for (const TaskPoint& p : c.task.points) {
      path->Add(test::kdl::frame(poseFromXyzRpy(p.position, p.rpy)));
    }
    path->Finish();
    auto* profile = new KDL::VelocityProfile_Trap(c.task.speed, c.task.pathAcceleration);
    profile->SetProfile(0, path->PathLength());
    KDL::Trajectory_Segment trajectory(path, profile);  // owns both
    duration = trajectory.Duration();
    KDL::ChainIkSolverPos_LMA ik(chain);
    KDL::ChainIdSolver_RNE id(chain, test::kdl::gravity(model));
    const int samples = static_cast<int>(std::ceil(duration / 1e-3)) + 1;
    KDL::JntArray q(n), qPrev = test::kdl::jointArray(q0), qd(n), qdPrev(n), qdd(n), tau(n);
    KDL::Wrenches wrenches(chain.getNrOfSegments(), KDL::Wrench::Zero());
    for (int k = 0; k < samples; ++k) {
      ik.CartToJnt(qPrev, trajectory.Pos(std::min(k * 1e-3, duration)), q);
      for (int j = 0; j < n; ++j) {
        qd(j) = k ? (q(j) - qPrev(j)) / 1e-3 : 0.0;
        qdd(j) = k ? (qd(j) - qdPrev(j)) / 1e-3 : 0.0;
      }
      id.CartToJnt(q, qd, qdd, wrenches, tau);
      benchmark::DoNotOptimize(tau.data.data());
      qPrev = q;
      qdPrev = qd;
    }
  }
  state.counters["task_s"] = duration;
}
BENCHMARK(BM_KDL_PlanSampleLineArcPuma10s)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace armdyn
#endif
