#pragma once
// Models and seeded states shared by the dynamics tests: the four library arms of Vora's
// appendix and random chains with mixed joint types, explicit inertias and arbitrary DH
// parameters (offsets included), so no identity depends on the library arms' special geometry.

#include "model/model.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace armdyn::test {

// Random serial chain of n links; joint types drawn at random, the mass model explicit.
inline RobotSpec randomChainSpec(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> pos(0.05, 0.3);
  RobotSpec r;
  r.name = "random chain";
  r.links.resize(n);
  for (int k = 0; k < n; ++k) {
    LinkSpec& l = r.links[k];
    l.name = "LINK" + std::to_string(k + 1);
    l.joint = u(rng) > -0.3 ? JointType::Revolute : JointType::Prismatic;
    l.dh = {M_PI * u(rng), 0.3 * u(rng), M_PI * u(rng), 0.4 * u(rng)};
    l.massSource = MassSource::Explicit;
    l.inertia.mass = 0.5 + 2.0 * pos(rng);
    l.inertia.com = Eigen::Vector3d(0.2 * u(rng), 0.2 * u(rng), 0.2 * u(rng));
    // A box of random edges in a random orientation: physical by construction.
    const Eigen::Vector3d e(pos(rng), pos(rng), pos(rng));
    const Eigen::Vector3d e2 = e.cwiseProduct(e);
    const Eigen::Matrix3d principal =
        (l.inertia.mass / 12.0) * Eigen::Vector3d(e2.y() + e2.z(), e2.x() + e2.z(), e2.x() + e2.y()).asDiagonal();
    const Eigen::Matrix3d R =
        Eigen::Quaterniond(Eigen::Vector4d(u(rng), u(rng), u(rng), u(rng)).normalized()).toRotationMatrix();
    l.inertia.inertiaCom = R * principal * R.transpose();
    l.inertia.inertiaCom = 0.5 * (l.inertia.inertiaCom + l.inertia.inertiaCom.transpose()).eval();
  }
  r.actuatorMassRule = (n % 2 == 0);  // exercise the point-mass rule on explicit links too
  r.gravity = Eigen::Vector3d(0.5 * u(rng), 0.5 * u(rng), -9.8);
  return r;
}

struct TestModel {
  std::string name;
  Model model;
  bool physical;  // inertias obey the triangle inequality, so M(q) is positive definite
};

// Every library arm (RobotSpec::allowNonPhysicalInertia marks published data sets whose
// tensors are not realisable), then random physical chains of 1..7 links and one of
// kMaxLinks = 12 links, the longest chain a model accepts (seeded).
inline std::vector<TestModel> dynamicsTestModels() {
  std::vector<TestModel> models;
  for (const std::string& name : libraryRobotNames()) {
    RobotSpec spec = libraryRobotSpec(name);
    const bool physical = !spec.allowNonPhysicalInertia;
    models.push_back({name, Model(std::move(spec)), physical});
  }
  std::mt19937 rng(20240517);
  for (int n = 1; n <= 7; ++n)
    models.push_back({"random_chain_" + std::to_string(n), Model(randomChainSpec(rng, n)), true});
  models.push_back({"random_chain_12", Model(randomChainSpec(rng, kMaxLinks)), true});
  // Random chains whose twists are 0 or +-90 deg (the permutations crba and aba specialise on,
  // twist_kind.h), revolute and prismatic joints mixed, so that every specialised path meets
  // the general one and Newton-Euler on the same kind of arm.
  std::uniform_int_distribution<int> quarter(-1, 1);
  for (int n = 1; n <= 7; ++n) {
    RobotSpec spec = randomChainSpec(rng, n);
    for (LinkSpec& l : spec.links) l.dh.alpha = 0.5 * M_PI * quarter(rng);
    models.push_back({"random_quarter_chain_" + std::to_string(n), Model(std::move(spec)), true});
  }
  return models;
}

// Seeded joint state: q in [-1.5, 1.5] (rad or m), qd in [-2, 2], qdd in [-3, 3].
struct JointState {
  Eigen::VectorXd q, qd, qdd;
};
inline JointState randomState(std::mt19937& rng, int n) {
  return {randomVector(rng, n, 1.5), randomVector(rng, n, 2.0), randomVector(rng, n, 3.0)};
}

}  // namespace armdyn::test
