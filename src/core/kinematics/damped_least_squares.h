#pragma once
// Numerical inverse kinematics by damped least squares with adaptive (Levenberg-Marquardt)
// damping, for any serial chain (Wampler 1986; Nakamura 1986):
//   dq = J^T (J J^T + lambda I)^-1 e,   e = poseError(target, T_tool(q)),
// lambda shrinks after a step that lowers |e| and grows after one that does not. J is the
// geometric Jacobian (jacobian.h); position-only uses its first three rows. Steps are clamped
// to the joint limits. Several starts: the seed, the home configuration, then seeded pseudo-
// random configurations within the limits. Metres and radians.

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

struct DlsOptions {
  bool positionOnly = false;    // match the tool origin only (orientation ignored)
  double tolerance = 1e-11;     // converged when |e| < tolerance (m and rad)
  int maxIterations = 300;      // per start
  int randomStarts = 8;         // after the seed and home
  bool tryHome = true;          // the home configuration after the seed (false: stay near the seed)
  double initialDamping = 1e-2; // lambda at each start, m^2
};

struct DlsResult {
  bool converged = false;
  Eigen::VectorXd q;        // best joint values found (within limits; revolute wrapped to [-pi, pi])
  double residual = 0.0;    // |e| at q, m and rad
  int iterations = 0;       // iterations over all starts
  int starts = 0;           // starts tried
};

// seed: n joint values, or empty for the model's home. Throws std::invalid_argument for a
// seed of the wrong size or a non-finite target.
DlsResult solveDampedLeastSquares(const Model& model, const Eigen::Matrix4d& target,
                                  const Eigen::VectorXd& seed, const DlsOptions& options = {});

}  // namespace armdyn
