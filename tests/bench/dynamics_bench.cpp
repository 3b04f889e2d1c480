// Dynamics timings per library arm, with Orocos KDL measured in the same binary:
//   BM_InverseDynamicsNE, BM_InverseDynamicsLagrange, BM_MassMatrix, BM_ForwardDynamics
//   (CRBA + Cholesky), BM_ForwardDynamicsAba (articulated-body algorithm) and the twins
//   BM_KDL_InverseDynamics (ChainIdSolver_RNE), BM_KDL_MassMatrix (ChainDynParam::JntToMass),
//   BM_KDL_ForwardDynamics (ChainFdSolver_RNE).
// The PUMA 560 arms carry their drives' reflected rotor inertias as armature in both forward
// dynamics and in KDL's chain (joint inertia): their published rigid-body inertias are not
// realisable and M(q) alone can be indefinite.
// Each iteration takes the next of 64 seeded random states. Run a Release build with
// --benchmark_min_time=0.2.
#include "actuation/drive.h"
#include "dynamics/aba.h"
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/forward_dynamics.h"
#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"
#include "model/model.h"
#include "support/test_support.h"

#ifdef ARMDYN_HAVE_KDL
#include "support/kdl_support.h"

#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#endif

#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace armdyn {
namespace {

constexpr int kStates = 64;

// One arm with its workspace and a ring of states; lives for the whole run (the KDL solvers
// keep references to the chain).
struct Fixture {
  explicit Fixture(const std::string& name) : model(test::libraryRobotSpec(name)), data(model), abaData(model) {
    const int n = model.dof();
    armature.setZero(n);
    for (int k = 0; k < n; ++k)
      if (const auto& d = model.spec().links[k].drive) armature(k) = reflectedInertia(*d);
    std::mt19937 rng(1234);
    for (int i = 0; i < kStates; ++i) {
      q.push_back(test::randomVector(rng, n, 1.0));
      qd.push_back(test::randomVector(rng, n, 1.0));
      qdd.push_back(test::randomVector(rng, n, 2.0));
    }
    tau.resize(n);
    out.resize(n);
    M.resize(n, n);
    // Torques that are consistent with the states, for forward dynamics.
    for (int i = 0; i < kStates; ++i) {
      rnea(model, data, q[i], qd[i], qdd[i], tau);
      torque.push_back(tau + armature.cwiseProduct(qdd[i]));
    }
#ifdef ARMDYN_HAVE_KDL
    chain = test::kdl::chainFromModel(model, armature);
    idSolver = std::make_unique<KDL::ChainIdSolver_RNE>(chain, test::kdl::gravity(model));
    dynParam = std::make_unique<KDL::ChainDynParam>(chain, test::kdl::gravity(model));
    fdSolver = std::make_unique<KDL::ChainFdSolver_RNE>(chain, test::kdl::gravity(model));
    for (int i = 0; i < kStates; ++i) {
      kq.push_back(test::kdl::jointArray(q[i]));
      kqd.push_back(test::kdl::jointArray(qd[i]));
      kqdd.push_back(test::kdl::jointArray(qdd[i]));
      ktorque.push_back(test::kdl::jointArray(torque[i]));
    }
    kOut = KDL::JntArray(n);
    kM = KDL::JntSpaceInertiaMatrix(n);
    wrenches.assign(chain.getNrOfSegments(), KDL::Wrench::Zero());
#endif
  }

  Model model;
  DynamicsData data;
  AbaData abaData;
  Eigen::VectorXd armature;  // drives' reflected inertias (zeros without drives)
  std::vector<Eigen::VectorXd> q, qd, qdd, torque;
  Eigen::VectorXd tau, out;
  Eigen::MatrixXd M;
#ifdef ARMDYN_HAVE_KDL
  KDL::Chain chain;
  std::unique_ptr<KDL::ChainIdSolver_RNE> idSolver;
  std::unique_ptr<KDL::ChainDynParam> dynParam;
  std::unique_ptr<KDL::ChainFdSolver_RNE> fdSolver;
  std::vector<KDL::JntArray> kq, kqd, kqdd, ktorque;
  KDL::JntArray kOut;
  KDL::JntSpaceInertiaMatrix kM;
  KDL::Wrenches wrenches;
#endif
};

template <typename F>
void run(benchmark::State& state, Fixture* f, F body) {
  int i = 0;
  for (auto _ : state) {
    body(*f, i);
    i = (i + 1) % kStates;
    benchmark::ClobberMemory();
  }
}

void registerAll() {
  for (const std::string name :
       {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr", "puma560", "puma560_anderson3"}) {
    Fixture* f = new Fixture(name);  // intentionally never freed: benchmarks run until exit
    benchmark::RegisterBenchmark(("BM_InverseDynamicsNE/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        rnea(x.model, x.data, x.q[i], x.qd[i], x.qdd[i], x.out);
        benchmark::DoNotOptimize(x.out.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_InverseDynamicsLagrange/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        recursiveLagrange(x.model, x.data, x.q[i], x.qd[i], x.qdd[i], x.out);
        benchmark::DoNotOptimize(x.out.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_MassMatrix/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        crba(x.model, x.data, x.q[i], x.M);
        benchmark::DoNotOptimize(x.M.data());
      });
    });
    if (f->armature.isZero()) {
      benchmark::RegisterBenchmark(("BM_ForwardDynamics/" + name).c_str(), [f](benchmark::State& s) {
        run(s, f, [](Fixture& x, int i) {
          forwardDynamics(x.model, x.data, x.q[i], x.qd[i], x.torque[i], x.out);
          benchmark::DoNotOptimize(x.out.data());
        });
      });
    } else {
      benchmark::RegisterBenchmark(("BM_ForwardDynamics/" + name).c_str(), [f](benchmark::State& s) {
        run(s, f, [](Fixture& x, int i) {
          forwardDynamics(x.model, x.data, x.q[i], x.qd[i], x.torque[i], x.armature, x.out);
          benchmark::DoNotOptimize(x.out.data());
        });
      });
    }
    benchmark::RegisterBenchmark(("BM_ForwardDynamicsAba/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        aba(x.model, x.abaData, x.q[i], x.qd[i], x.torque[i], x.armature, x.out);
        benchmark::DoNotOptimize(x.out.data());
      });
    });
#ifdef ARMDYN_HAVE_KDL
    benchmark::RegisterBenchmark(("BM_KDL_InverseDynamics/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        x.idSolver->CartToJnt(x.kq[i], x.kqd[i], x.kqdd[i], x.wrenches, x.kOut);
        benchmark::DoNotOptimize(x.kOut.data.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_KDL_MassMatrix/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        x.dynParam->JntToMass(x.kq[i], x.kM);
        benchmark::DoNotOptimize(x.kM.data.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_KDL_ForwardDynamics/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) {
        x.fdSolver->CartToJnt(x.kq[i], x.kqd[i], x.ktorque[i], x.wrenches, x.kOut);
        benchmark::DoNotOptimize(x.kOut.data.data());
      });
    });
#endif
  }
}

// Registered before main() runs; benchmark_main supplies main().
const bool kRegistered = (registerAll(), true);

}  // namespace
}  // namespace armdyn
