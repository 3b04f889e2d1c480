// Dynamics timings per library arm, with Orocos KDL measured in the same binary:
//   BM_InverseDynamicsNE, BM_InverseDynamicsLagrange, BM_MassMatrix, BM_ForwardDynamics
//   (CRBA + Cholesky), BM_ForwardDynamicsAba (articulated-body algorithm) and the twins
//   BM_KDL_InverseDynamics (ChainIdSolver_RNE), BM_KDL_MassMatrix (ChainDynParam::JntToMass),
//   BM_KDL_ForwardDynamics (ChainFdSolver_RNE); with Pinocchio fetched (tests/bench/
//   fetch_pinocchio.sh, -DARMDYN_PINOCCHIO_DIR) BM_Pinocchio_InverseDynamics (rnea),
//   BM_Pinocchio_MassMatrixLocal/World (crba in either convention) and
//   BM_Pinocchio_ForwardDynamicsAbaLocal/World (aba), each checked against armdyn's result to
//   1e-9 (relative) on every state before any timing.
// Arms: the library's, and general6r, the PUMA 560 with general link twists and joint offsets
// (no 0/90 deg twist for the kernels to exploit).
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
#include "io/robot_file.h"
#include "model/model.h"
#include "support/test_support.h"

#ifdef ARMDYN_HAVE_KDL
#include "support/kdl_support.h"

#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#endif

#ifdef ARMDYN_HAVE_PINOCCHIO
#include "pinocchio_peer.h"
#endif

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <memory>
#include <random>
#include <string>
#include <vector>

namespace armdyn {
namespace {

constexpr int kStates = 64;

// The library arm NAME (built in code, or robots/NAME.yaml for the real arms), or general6r: the
// PUMA 560 with general twists and theta offsets.
RobotSpec benchSpec(const std::string& name) {
  if (name == "iiwa14") return loadRobot(test::sourcePath("robots/iiwa14.yaml"));
  if (name != "general6r") return test::libraryRobotSpec(name);
  RobotSpec spec = test::libraryRobotSpec("puma560");
  const double twistDeg[6] = {73.0, -41.0, 29.0, 67.0, -53.0, 17.0};
  const double offsetDeg[6] = {11.0, -23.0, 37.0, 5.0, -19.0, 31.0};
  for (int k = 0; k < 6; ++k) {
    spec.links[k].dh.alpha = twistDeg[k] * M_PI / 180.0;
    spec.links[k].dh.theta = offsetDeg[k] * M_PI / 180.0;
  }
  spec.name = "general6r";
  return spec;
}

#ifdef ARMDYN_HAVE_PINOCCHIO
// Stops the run unless Pinocchio's result equals armdyn's to 1e-9 (relative to its norm).
void checkAgreement(const char* what, const std::string& arm, const Eigen::MatrixXd& ours,
                    const Eigen::MatrixXd& theirs) {
  const double err = (ours - theirs).norm() / std::max(1.0, ours.norm());
  if (!(err <= 1e-9)) {
    std::fprintf(stderr, "Pinocchio %s disagrees with armdyn on %s: %.3g\n", what, arm.c_str(), err);
    std::exit(1);
  }
}
#endif

// One arm with its workspace and a ring of states; lives for the whole run (the KDL solvers
// keep references to the chain).
struct Fixture {
  explicit Fixture(const std::string& name) : model(benchSpec(name)), data(model), abaData(model) {
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
#ifdef ARMDYN_HAVE_PINOCCHIO
    std::vector<peer::DhLink> links(n);
    for (int k = 0; k < n; ++k) {
      const DhParameters& dh = model.dh(k);
      const LinkInertial& in = model.inertial(k);
      links[k] = {model.isRevolute(k), dh.a, dh.alpha, dh.d, dh.theta, in.mass, in.com, in.inertiaCom, armature(k)};
    }
    pin = std::make_unique<peer::PinocchioArm>(links, model.gravity());
    for (int i = 0; i < kStates; ++i) {
      rnea(model, data, q[i], qd[i], qdd[i], tau);
      // Pinocchio's rnea adds armature * qdd (its model carries the drives' reflected inertias).
      checkAgreement("rnea", name, tau + armature.cwiseProduct(qdd[i]), pin->rnea(q[i], qd[i], qdd[i]));
      crba(model, data, q[i], M);
      Eigen::MatrixXd withArmature = M;
      withArmature.diagonal() += armature;
      for (const bool world : {false, true})
        checkAgreement("crba", name, withArmature.triangularView<Eigen::Upper>().toDenseMatrix(),
                       pin->crba(q[i], world).triangularView<Eigen::Upper>().toDenseMatrix());
      aba(model, abaData, q[i], qd[i], torque[i], armature, out);
      for (const bool world : {false, true}) checkAgreement("aba", name, out, pin->aba(q[i], qd[i], torque[i], world));
    }
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
#ifdef ARMDYN_HAVE_PINOCCHIO
  std::unique_ptr<peer::PinocchioArm> pin;
#endif
};

// A fixture built on first use, not while benchmarks register (before main, when other
// translation units' statics, such as the YAML schema's tables, may not be initialised yet).
struct LazyFixture {
  std::string name;
  std::unique_ptr<Fixture> fixture;
  Fixture* get() {
    if (!fixture) fixture = std::make_unique<Fixture>(name);
    return fixture.get();
  }
};

template <typename F>
void run(benchmark::State& state, LazyFixture* lazy, F body) {
  Fixture* f = lazy->get();
  int i = 0;
  for (auto _ : state) {
    body(*f, i);
    i = (i + 1) % kStates;
    benchmark::ClobberMemory();
  }
}

void registerAll() {
  for (const std::string name :
       {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr", "puma560", "puma560_anderson3", "general6r",
        "iiwa14"}) {
    LazyFixture* f = new LazyFixture{name, nullptr};  // intentionally never freed: benchmarks run until exit
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
    // Arms without drives take the overload without armature (the fixture decides, once built).
    benchmark::RegisterBenchmark(("BM_ForwardDynamics/" + name).c_str(), [f](benchmark::State& s) {
      if (f->get()->armature.isZero()) {
        run(s, f, [](Fixture& x, int i) {
          forwardDynamics(x.model, x.data, x.q[i], x.qd[i], x.torque[i], x.out);
          benchmark::DoNotOptimize(x.out.data());
        });
      } else {
        run(s, f, [](Fixture& x, int i) {
          forwardDynamics(x.model, x.data, x.q[i], x.qd[i], x.torque[i], x.armature, x.out);
          benchmark::DoNotOptimize(x.out.data());
        });
      }
    });
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
#ifdef ARMDYN_HAVE_PINOCCHIO
    benchmark::RegisterBenchmark(("BM_Pinocchio_InverseDynamics/" + name).c_str(), [f](benchmark::State& s) {
      run(s, f, [](Fixture& x, int i) { benchmark::DoNotOptimize(x.pin->rnea(x.q[i], x.qd[i], x.qdd[i]).data()); });
    });
    for (const bool world : {false, true}) {
      const std::string convention = world ? "World/" : "Local/";
      benchmark::RegisterBenchmark(("BM_Pinocchio_MassMatrix" + convention + name).c_str(),
                                   [f, world](benchmark::State& s) {
                                     run(s, f, [world](Fixture& x, int i) {
                                       benchmark::DoNotOptimize(x.pin->crba(x.q[i], world).data());
                                     });
                                   });
      benchmark::RegisterBenchmark(("BM_Pinocchio_ForwardDynamicsAba" + convention + name).c_str(),
                                   [f, world](benchmark::State& s) {
                                     run(s, f, [world](Fixture& x, int i) {
                                       benchmark::DoNotOptimize(x.pin->aba(x.q[i], x.qd[i], x.torque[i], world).data());
                                     });
                                   });
    }
#endif
  }
}

// Registered before main() runs; benchmark_main supplies main().
const bool kRegistered = (registerAll(), true);

}  // namespace
}  // namespace armdyn
