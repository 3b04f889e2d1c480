// Kinematic analysis timings on the PUMA 560 (targets in parentheses), with Orocos KDL
// doing the comparable work in the same binary:
//   BM_ClosedFormIkPuma      every closed-form solution of a pose (8, polished, limits checked) (2 us)
//   BM_ClosedFormIkPumaInPlace  the same into one reused ClosedFormIk (names and reasons, no heap) (2 us)
//   BM_ClosedFormSetPuma     the same through closedFormSolutions: no strings, no heap (2 us)
//   BM_ClosedFormIkGeneric   closedFormSolutions through the general solver (family "generic": the
//                            positioning polynomial, then the wrist) on the PUMA and on an arm
//                            with general twists (Pieper's quartic) (2 us)
//   BM_ClosedFormSetUr5      closedFormSolutions on the UR5 (family "three_parallel": all 8, refined,
//                            checked, limits)  vs BM_EaikUr5 (EAIK on IK-Geo's subproblems, when
//                            built with ARMDYN_EAIK_DIR: tests/bench/fetch_eaik.sh); the same 64
//                            poses; ratio target <= 0.5
//   BM_ClosedFormSetGeneral6r  closedFormSolutions on general 6R arms (family "general_6r": Raghavan &
//                            Roth's elimination, a 24 x 24 eigenproblem, every candidate refined):
//                            /0 a random arm (DH seeded), /1 the sixteen-solution arm of the tests (50 us),
//                            /2 arm /0 with axes 1 and 2 intersecting (solved as its reversed chain),
//                            /3 arm /2 with axes 5 and 6 intersecting too (cyclic_6r: the loop from joint 3)
//   BM_AnalyzePuma           analyzeConfiguration: FK, J, det J, det J11, det J22, the wrist
//                            centre, the condition number and the distances (1 us)
//   BM_JacobianDotPuma       Jdot qd, analytic                 vs BM_KDL_JacobianDotPuma (ChainJntToJacDotSolver)
//   BM_InverseRatesPuma      qd and qdd for a tool velocity and acceleration
//   BM_KDL_JacobianPuma      ChainJntToJacSolver alone, for scale
//   BM_WorkspacePuma1e5      workspace estimate, 1e5 samples (50 ms); /1 with the manipulability map
// Run a Release build with --benchmark_min_time=0.2.
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/inverse_rates.h"
#include "kinematics/jacobian_derivative.h"
#include "kinematics/singularity_analysis.h"
#include "kinematics/workspace_estimate.h"
#include "support/test_support.h"

#ifdef ARMDYN_HAVE_KDL
#include "support/kdl_support.h"

#include <kdl/chainjnttojacdotsolver.hpp>
#include <kdl/chainjnttojacsolver.hpp>
#endif

#include <benchmark/benchmark.h>

#ifdef ARMDYN_HAVE_EAIK
#include "eaik_peer.h"
#endif

#include <random>
#include <vector>

namespace armdyn {
namespace {

struct PumaStates {
  Model model{loadRobot(test::sourcePath("robots/puma560.yaml"))};
  std::vector<Eigen::VectorXd> q, qd;
  std::vector<Eigen::Matrix4d> poses;
  PumaStates() {
    std::mt19937 rng(31);
    for (int k = 0; k < 64; ++k) {
      q.push_back(test::randomVector(rng, 6, 1.0));
      qd.push_back(test::randomVector(rng, 6, 1.0));
      poses.push_back(toolPose(model, q.back()));
    }
  }
};

const PumaStates& states() {
  static const PumaStates s;
  return s;
}

// closedFormSolutions on the poses in turn (counter solutions_per_pose).
void timeClosedFormSet(benchmark::State& state, const Model& model, const std::vector<Eigen::Matrix4d>& poses) {
  std::size_t k = 0, solutions = 0;
  ClosedFormSet set;
  const Eigen::VectorXd noSeed;
  for (auto _ : state) {
    closedFormSolutions(model, poses[k++ % poses.size()], noSeed, set);
    solutions += static_cast<std::size_t>(set.count);
    benchmark::DoNotOptimize(&solutions);
  }
  state.counters["solutions_per_pose"] = static_cast<double>(solutions) / static_cast<double>(state.iterations());
}

void BM_ClosedFormIkPuma(benchmark::State& state) {
  const PumaStates& s = states();
  std::size_t k = 0, solutions = 0;
  for (auto _ : state) {
    const ClosedFormIk r = closedFormInverseKinematics(s.model, s.poses[k++ % s.poses.size()]);
    solutions += r.solutions.size() + r.rejected.size();
    benchmark::DoNotOptimize(&solutions);
  }
  state.counters["solutions_per_pose"] = static_cast<double>(solutions) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_ClosedFormIkPuma)->Unit(benchmark::kMicrosecond);

// The same into one ClosedFormIk reused pose after pose (the in-place overload): names, limits
// and reasons without the heap once warm.
void BM_ClosedFormIkPumaInPlace(benchmark::State& state) {
  const PumaStates& s = states();
  std::size_t k = 0, solutions = 0;
  ClosedFormIk r;
  const Eigen::VectorXd noSeed;
  for (auto _ : state) {
    closedFormInverseKinematics(s.model, s.poses[k++ % s.poses.size()], noSeed, r);
    solutions += r.solutions.size() + r.rejected.size();
    benchmark::DoNotOptimize(&solutions);
  }
  state.counters["solutions_per_pose"] = static_cast<double>(solutions) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_ClosedFormIkPumaInPlace)->Unit(benchmark::kMicrosecond);

void BM_ClosedFormSetPuma(benchmark::State& state) {
  const PumaStates& s = states();
  timeClosedFormSet(state, s.model, s.poses);
}
BENCHMARK(BM_ClosedFormSetPuma)->Unit(benchmark::kMicrosecond);

// arg 0: the PUMA solved as "generic"; arg 1: an RRR arm with general twists and offsets
// (alpha 70, -50, 35 deg, a1 = 0.1, a2 = 0.45, a3 = 0.05, d2 = 0.12) and a spherical wrist.
void BM_ClosedFormIkGeneric(benchmark::State& state) {
  RobotSpec spec = states().model.spec();
  spec.family = "generic";
  if (state.range(0) == 1) {
    const double deg = M_PI / 180.0;
    spec.links[0].dh = {0.0, 0.3, 70 * deg, 0.1};
    spec.links[1].dh = {0.0, 0.12, -50 * deg, 0.45};
    spec.links[2].dh = {0.0, 0.0, 35 * deg, 0.05};
    for (auto& l : spec.links) {
      l.qMin = -1e300;
      l.qMax = 1e300;
    }
  }
  const Model model(spec);
  std::vector<Eigen::Matrix4d> poses;
  for (const Eigen::VectorXd& q : states().q) poses.push_back(toolPose(model, q));
  timeClosedFormSet(state, model, poses);
}
BENCHMARK(BM_ClosedFormIkGeneric)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

struct Ur5States {
  Model model{loadRobot(test::sourcePath("robots/ur5.yaml"))};
  std::vector<Eigen::VectorXd> q;
  std::vector<Eigen::Matrix4d> poses;
  Ur5States() {
    std::mt19937 rng(37);
    for (int k = 0; k < 64; ++k) {
      q.push_back(test::randomVector(rng, 6, M_PI));
      poses.push_back(toolPose(model, q.back()));
    }
  }
};

const Ur5States& ur5States() {
  static const Ur5States s;
  return s;
}

void BM_ClosedFormSetUr5(benchmark::State& state) {
  const Ur5States& s = ur5States();
  timeClosedFormSet(state, s.model, s.poses);
}
BENCHMARK(BM_ClosedFormSetUr5)->Unit(benchmark::kMicrosecond);

#ifdef ARMDYN_HAVE_EAIK
// EAIK on the same UR5 (its DH constructor; ur5.yaml has theta offsets 0, TOOL and BASE the
// identity) and the same poses. Its answers are checked once before timing: each solution
// reaches the pose, the generator is among them (counters worst_pose_error, generators_found).
void BM_EaikUr5(benchmark::State& state) {
  const Ur5States& s = ur5States();
  Eigen::Matrix<double, 6, 1> alpha, a, d;
  for (int i = 0; i < 6; ++i) {
    alpha(i) = s.model.dh(i).alpha;
    a(i) = s.model.dh(i).a;
    d(i) = s.model.dh(i).d;
  }
  const peer::EaikArm arm(alpha, a, d);
  std::array<Eigen::Matrix<double, 6, 1>, 16> q;
  double worst = 0.0;
  int generators = 0;
  for (std::size_t k = 0; k < s.poses.size(); ++k) {
    const int n = arm.solve(s.poses[k], q);
    bool found = false;
    for (int j = 0; j < n; ++j) {
      const Eigen::VectorXd qj = q[static_cast<std::size_t>(j)];
      worst = std::max(worst, (toolPose(s.model, qj) - s.poses[k]).cwiseAbs().maxCoeff());
      double dq = 0.0;
      for (int i = 0; i < 6; ++i) dq = std::max(dq, std::abs(std::remainder(qj(i) - s.q[k](i), 2.0 * M_PI)));
      found = found || dq < 1e-8;
    }
    generators += found ? 1 : 0;
  }
  std::size_t k = 0, solutions = 0;
  for (auto _ : state) {
    solutions += static_cast<std::size_t>(arm.solve(s.poses[k++ % s.poses.size()], q));
    benchmark::DoNotOptimize(&solutions);
  }
  state.counters["solutions_per_pose"] = static_cast<double>(solutions) / static_cast<double>(state.iterations());
  state.counters["worst_pose_error"] = worst;
  state.counters["generators_found"] = generators;
  state.SetLabel(arm.family());
}
BENCHMARK(BM_EaikUr5)->Unit(benchmark::kMicrosecond);
#endif

void BM_ClosedFormSetGeneral6r(benchmark::State& state) {
  RobotSpec spec;
  spec.name = "general 6R";
  if (state.range(0) != 1) {
    std::mt19937 rng(6);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int i = 0; i < 6; ++i) {
      LinkSpec l;
      l.dh = {0.0, 0.5 * u(rng), M_PI * u(rng), 0.5 * u(rng)};
      l.bar.density = 1000.0;
      l.bar.outer = {0.05, 0.05, 0.05};
      spec.links.push_back(l);
    }
    if (state.range(0) >= 2) spec.links[0].dh.a = 0.0;  // axes 1 and 2 intersecting: the reversed chain
    if (state.range(0) == 3) spec.links[4].dh.a = 0.0;  // and axes 5 and 6: cyclic_6r
  } else {
    const double d[6] = {1.1673520545416727, -0.083276048034285358, -0.024095752125456751,
                         0.27680045704389633, 1.212684433360703, 1.6177638657716036};
    const double alpha[6] = {-1.7578866419095769, 2.3711072682023695, -1.5551591325208272,
                             -1.8985510500995604, 2.2002516394313152, 0.56904288419240368};
    const double a[6] = {0.016552741531317833, 1.9793116653268283, -0.113555825813037,
                         0.66756943102919453, 0.94397330268201785, 0.44321007645918475};
    for (int i = 0; i < 6; ++i) {
      LinkSpec l;
      l.dh = {0.0, d[i], alpha[i], a[i]};
      l.bar.density = 1000.0;
      l.bar.outer = {0.05, 0.05, 0.05};
      spec.links.push_back(l);
    }
  }
  const Model model(spec);
  std::vector<Eigen::Matrix4d> poses;
  std::mt19937 rng(7);
  for (int k = 0; k < 64; ++k) poses.push_back(toolPose(model, test::randomVector(rng, 6, M_PI)));
  if (state.range(0) == 1) {
    Eigen::VectorXd q0(6);
    q0 << 0.62514506069771048, -0.14614878692381381, -1.8619227563722167, 3.0652734198768159, -3.1613395517297764,
        -4.332998466056023;
    poses.assign(64, toolPose(model, q0));
  }
  timeClosedFormSet(state, model, poses);
  state.SetLabel(kinematicFamily(model));
}
BENCHMARK(BM_ClosedFormSetGeneral6r)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMicrosecond);

void BM_AnalyzePuma(benchmark::State& state) {
  const PumaStates& s = states();
  std::size_t k = 0;
  double sum = 0.0;
  for (auto _ : state) {
    const KinematicAnalysis a = analyzeConfiguration(s.model, s.q[k++ % s.q.size()]);
    sum += a.detJ;
    benchmark::DoNotOptimize(&sum);
  }
}
BENCHMARK(BM_AnalyzePuma)->Unit(benchmark::kMicrosecond);

void BM_JacobianDotPuma(benchmark::State& state) {
  const PumaStates& s = states();
  std::size_t k = 0;
  double sum = 0.0;
  for (auto _ : state) {
    const std::size_t i = k++ % s.q.size();
    sum += jacobianDotTimesRate(s.model, s.q[i], s.qd[i])(0);
    benchmark::DoNotOptimize(&sum);
  }
}
BENCHMARK(BM_JacobianDotPuma)->Unit(benchmark::kMicrosecond);

void BM_InverseRatesPuma(benchmark::State& state) {
  const PumaStates& s = states();
  std::size_t k = 0;
  double sum = 0.0;
  const Vector6d xd = (Vector6d() << 0.1, -0.05, 0.02, 0.1, 0.0, -0.2).finished();
  const Eigen::VectorXd xdd = (Vector6d() << 0.5, 0.0, -0.3, 0.0, 0.2, 0.1).finished();
  for (auto _ : state) {
    const InverseRates r = inverseRates(s.model, s.q[k++ % s.q.size()], xd, xdd);
    sum += r.qd(0) + r.qdd(0);
    benchmark::DoNotOptimize(&sum);
  }
}
BENCHMARK(BM_InverseRatesPuma)->Unit(benchmark::kMicrosecond);

void BM_WorkspacePuma1e5(benchmark::State& state) {
  const PumaStates& s = states();
  double volume = 0.0;
  for (auto _ : state) {
    volume += estimateWorkspace(s.model, 100000, 1, state.range(0) == 1).volume;
    benchmark::DoNotOptimize(&volume);
  }
}
BENCHMARK(BM_WorkspacePuma1e5)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);  // 1: with the manipulability map

#ifdef ARMDYN_HAVE_KDL
void BM_KDL_JacobianDotPuma(benchmark::State& state) {
  const PumaStates& s = states();
  const KDL::Chain chain = test::kdl::chainFromModel(s.model);
  KDL::ChainJntToJacDotSolver solver(chain);
  solver.setRepresentation(KDL::ChainJntToJacDotSolver::HYBRID);  // base-frame twist at the end point
  std::vector<KDL::JntArrayVel> states;
  for (std::size_t i = 0; i < s.q.size(); ++i) states.emplace_back(test::kdl::jointArray(s.q[i]), test::kdl::jointArray(s.qd[i]));
  KDL::Twist out;
  std::size_t k = 0;
  for (auto _ : state) {
    solver.JntToJacDot(states[k++ % states.size()], out);
    benchmark::DoNotOptimize(&out);
  }
}
BENCHMARK(BM_KDL_JacobianDotPuma)->Unit(benchmark::kMicrosecond);

void BM_KDL_JacobianPuma(benchmark::State& state) {
  const PumaStates& s = states();
  const KDL::Chain chain = test::kdl::chainFromModel(s.model);
  KDL::ChainJntToJacSolver solver(chain);
  std::vector<KDL::JntArray> qs;
  for (const auto& q : s.q) qs.push_back(test::kdl::jointArray(q));
  KDL::Jacobian J(6);
  std::size_t k = 0;
  for (auto _ : state) {
    solver.JntToJac(qs[k++ % qs.size()], J);
    benchmark::DoNotOptimize(&J);
  }
}
BENCHMARK(BM_KDL_JacobianPuma)->Unit(benchmark::kMicrosecond);
#endif

}  // namespace
}  // namespace armdyn
