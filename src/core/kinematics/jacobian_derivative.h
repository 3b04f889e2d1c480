#pragma once
// The velocity-product term of the tool's acceleration (Abuzneid & Sobh eq 17, Craig 5.10):
// [pdd; wd] = J qdd + Jdot qd, with Jdot qd computed analytically from the geometric Jacobian's
// columns (jacobian.h), not by finite differences. With w_i the angular velocity of frame i-1
// (the sum of qd_k z_{k-1} over the revolute joints before i), v(x) the velocity of a point x
// and p the tool origin:
//   revolute i   d/dt [z x (p - o); z] = [(w_i x z) x (p - o) + z x (v(p) - v(o)); w_i x z]
//   prismatic i  d/dt [z; 0]           = [w_i x z; 0]
// where z, o are the axis and origin of frame i-1.

#include "kinematics/pose.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Jdot(q, qd) qd (6 values: m/s^2, rad/s^2). Does not allocate.
Vector6d jacobianDotTimesRate(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& qd);

}  // namespace armdyn
