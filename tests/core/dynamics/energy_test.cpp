// Energy: kinetic energy from link velocities against 0.5 qd^T M qd, and the work-energy
// theorem d/dt (KE + PE) = tau . qd along a smooth motion (central finite differences).
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/energy.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {
namespace {

TEST(Energy, KineticEqualsHalfQdMQd) {
  std::mt19937 rng(41);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::MatrixXd M(n, n);
    for (int trial = 0; trial < 10; ++trial) {
      const test::JointState s = test::randomState(rng, n);
      crba(model, data, s.q, M);
      const double expected = 0.5 * s.qd.dot(M * s.qd);
      // Rounding only: 1e-12 relative.
      EXPECT_NEAR(kineticEnergy(model, data, s.q, s.qd), expected, 1e-12 * std::max(1.0, expected)) << name;
    }
  }
}

TEST(Energy, PowerBalanceAlongSmoothMotion) {
  // q_i(t) = q0_i + A_i sin(w_i t + phi_i). With tau = ID(q, qd, qdd), dE/dt = tau . qd.
  // Central difference with h = 1e-4: truncation h^2/6 |E'''| with |E'''| <~ w^3 |E| ~ 10 |E|
  // gives ~2e-8 |E|; rounding 1e-16 |E| / h = 1e-12 |E|. Tolerance 1e-6 of the power scale
  // sum |tau_i qd_i| + |E| (floor 1 W).
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(0.5, 2.0);
  double worst = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    const Eigen::VectorXd q0 = test::randomVector(rng, n, 1.0);
    Eigen::VectorXd A(n), w(n), phi(n);
    for (int i = 0; i < n; ++i) {
      A(i) = 0.5 * u(rng);
      w(i) = u(rng);
      phi(i) = 3.0 * u(rng);
    }
    auto state = [&](double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) {
      const Eigen::ArrayXd arg = w.array() * t + phi.array();
      q = q0 + (A.array() * arg.sin()).matrix();
      qd = (A.array() * w.array() * arg.cos()).matrix();
      qdd = (-A.array() * w.array().square() * arg.sin()).matrix();
    };
    // A structured binding cannot be captured by a lambda in C++17 (clang refuses it): a reference.
    const Model& arm = model;
    auto energy = [&](double t) {
      Eigen::VectorXd q, qd, qdd;
      state(t, q, qd, qdd);
      return kineticEnergy(arm, data, q, qd) + potentialEnergy(arm, data, q);
    };
    const double h = 1e-4;
    Eigen::VectorXd q, qd, qdd, tau(n);
    for (double t = 0.0; t < 2.0; t += 0.25) {
      state(t, q, qd, qdd);
      rnea(model, data, q, qd, qdd, tau);
      const double power = tau.dot(qd);
      const double dEdt = (energy(t + h) - energy(t - h)) / (2 * h);
      const double scale = std::max(1.0, tau.cwiseProduct(qd).cwiseAbs().sum() + std::abs(energy(t)));
      worst = std::max(worst, std::abs(dEdt - power) / scale);
      EXPECT_NEAR(dEdt, power, 1e-6 * scale) << name << " t = " << t;
    }
  }
  std::printf("[energy] worst relative power-balance residual %.2e\n", worst);
}

TEST(Energy, PotentialOfVoraRrrClosedForm) {
  // RRR with z0 up and d1 = 0: frame 1's y axis is vertical (alpha1 = 90 deg), so link 1's
  // COM height is y1; links 2 and 3 have theirs at (a2 + x2) S2 and a2 S2 + (a3 + x3) S23.
  // PE = g sum m_k z_k, 1e-12 relative (rounding only).
  const Model model(test::voraRrrSpec());
  const double m1 = model.inertial(0).mass, m2 = model.inertial(1).mass, m3 = model.inertial(2).mass;
  const double y1 = model.inertial(0).com.y(), x2 = model.inertial(1).com.x(), x3 = model.inertial(2).com.x();
  std::mt19937 rng(43);
  for (int trial = 0; trial < 10; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 3, M_PI);
    const double S2 = std::sin(q(1)), S23 = std::sin(q(1) + q(2));
    const double expected = 9.8 * (m1 * y1 + m2 * (0.5 + x2) * S2 + m3 * (0.5 * S2 + (0.5 + x3) * S23));
    EXPECT_NEAR(potentialEnergy(model, q), expected, 1e-12 * (1.0 + std::abs(expected)));
  }
}

}  // namespace
}  // namespace armdyn
