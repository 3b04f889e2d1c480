// Composite-rigid-body mass matrix against Newton-Euler columns (Pinocchio's identity
// M e_i = rnea(q, 0, e_i) - rnea(q, 0, 0)) and the properties of an inertia matrix.
#include "dynamics/crba.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/rnea.h"
#include "dynamics_fixtures.h"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace armdyn {
namespace {

TEST(Crba, ColumnsAreNewtonEulerResponses) {
  // 1e-10 relative to max |M| (floor 1): the difference of two Newton-Euler passes loses up
  // to |G| / |M| digits, a factor below 1e3 here.
  std::mt19937 rng(21);
  double worst = 0.0;
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::MatrixXd M(n, n);
    Eigen::VectorXd g(n), col(n);
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::VectorXd q = test::randomVector(rng, n, 1.5);
      crba(model, data, q, M);
      rnea(model, data, q, zero, zero, g);  // gravity included in both
      const double scale = std::max(1.0, M.cwiseAbs().maxCoeff());
      for (int i = 0; i < n; ++i) {
        rnea(model, data, q, zero, Eigen::VectorXd::Unit(n, i), col);
        const double err = (M.col(i) - (col - g)).cwiseAbs().maxCoeff() / scale;
        worst = std::max(worst, err);
        EXPECT_LT(err, 1e-10) << name << " trial " << trial << " column " << i;
      }
    }
  }
  std::printf("[crba] worst relative column difference %.2e\n", worst);
}

TEST(Crba, SymmetricPositiveDefinite) {
  std::mt19937 rng(22);
  for (const auto& [name, model, physical] : test::dynamicsTestModels()) {
    DynamicsData data(model);
    const int n = model.dof();
    Eigen::MatrixXd M(n, n);
    for (int trial = 0; trial < 10; ++trial) {
      crba(model, data, test::randomVector(rng, n, 3.0), M);
      // Symmetry to rounding of the largest entry (each pair is written from one value).
      EXPECT_LE((M - M.transpose()).cwiseAbs().maxCoeff(), 1e-15 * M.cwiseAbs().maxCoeff()) << name;
      if (!physical) continue;  // published non-realisable tensors need not give M > 0
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(M);
      EXPECT_GT(es.eigenvalues().minCoeff(), 0.0) << name << " trial " << trial;
    }
  }
}

TEST(Crba, AllocatingFormMatches) {
  const Model model(test::libraryRobotSpec("cartesian_ppprrr"));
  DynamicsData data(model);
  const Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(6, -0.5, 0.7);
  Eigen::MatrixXd M(6, 6);
  crba(model, data, q, M);
  EXPECT_EQ(massMatrix(model, q), M);
  Eigen::MatrixXd wrong(5, 6);
  EXPECT_THROW(crba(model, data, q, wrong), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
