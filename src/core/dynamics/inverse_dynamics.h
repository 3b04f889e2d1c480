#pragma once
// Inverse dynamics tau = M(q) qdd + C(q, qd) qd + G(q) by either of two formulations that agree
// to rounding: Vora's recursive Lagrangian (lagrange.h, eqs 3.13-3.19, the thesis's method) or
// recursive Newton-Euler (rnea.h, Luh-Walker-Paul). q, qd, qdd in rad, rad/s, rad/s^2 (m, m/s,
// m/s^2 for prismatic joints); tau in N m or N; gravity = model.gravity().

#include "dynamics/dynamics_data.h"
#include "dynamics/tool_wrench_frames.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

enum class DynamicsMethod { Lagrange, NewtonEuler };

// "lagrange" or "newton-euler".
const char* dynamicsMethodName(DynamicsMethod method);

// Writes tau (size n). Does not allocate. Throws std::invalid_argument on size mismatch.
void inverseDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, DynamicsMethod method,
                     Eigen::Ref<Eigen::VectorXd> tau);

// With a wrench the tool exerts on its surroundings (model/tool_wrench.h): + J^T W, added inside the
// chosen formulation's recursion.
void inverseDynamics(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, DynamicsMethod method,
                     const ToolWrench& wrench, Eigen::Ref<Eigen::VectorXd> tau);

// Allocating convenience form (CLI, GUI; not for hot loops).
Eigen::VectorXd inverseDynamics(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                                const Eigen::Ref<const Eigen::VectorXd>& qd,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                DynamicsMethod method = DynamicsMethod::NewtonEuler);

}  // namespace armdyn
