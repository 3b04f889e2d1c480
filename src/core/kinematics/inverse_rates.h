#pragma once
// Inverse velocity and acceleration kinematics (Abuzneid & Sobh eqs 15-18): the joint rates
// that give the tool origin a velocity xd = [v; w] and an acceleration xdd = [a; alpha] (base
// frame): qd = J^-1 xd, qdd = J^-1 (xdd - Jdot qd), Jdot qd from jacobian_derivative.h.
// Six joints away from a singularity: an exact solve. Near one (the unit-free Jacobian's
// smallest singular value below kRateDampingRatio of its largest), with fewer than six joints
// (the position rows only for three joints or fewer, all six rows otherwise) or more than six:
// damped least squares, and a warning saying why; the residual |J qd - xd| says what is lost.

#include "kinematics/pose.h"
#include "model/model.h"

#include <Eigen/Core>
#include <string>

namespace armdyn {

constexpr double kRateDampingRatio = 1e-3;

struct InverseRates {
  Eigen::VectorXd qd, qdd;     // rad/s or m/s; rad/s^2 or m/s^2
  bool damped = false;         // damped least squares was used
  std::string warning;         // why (near a singularity, fewer than six joints), empty otherwise
  double velocityResidual = 0.0;      // |J qd - xd| over the rows solved
  double accelerationResidual = 0.0;  // |J qdd + Jdot qd - xdd| over the rows solved
};

// `xdd` may be empty (no acceleration asked: qdd is left empty). Throws std::invalid_argument
// for wrong sizes or non-finite values.
InverseRates inverseRates(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q, const Vector6d& xd,
                          const Eigen::VectorXd& xdd = Eigen::VectorXd());

}  // namespace armdyn
