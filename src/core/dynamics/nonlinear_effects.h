#pragma once
// Parts of the inverse dynamics tau = M(q) qdd + C(q, qd) qd + G(q), each by one Newton-Euler
// pass (rnea.h) with some inputs zeroed:
//   gravity vector      G(q)               = rnea(q, 0, 0)           (N m or N)
//   velocity vector     C(q, qd) qd        = rnea(q, qd, 0) with g = 0 (Coriolis, centrifugal)
//   nonlinear effects   C(q, qd) qd + G(q) = rnea(q, qd, 0)
// g = model.gravity() in base coordinates (Vora: (0, 0, -9.8) m/s^2).

#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Each writes a vector of size n. None allocates. Throw std::invalid_argument on size mismatch.
void gravityVector(const Model& model, DynamicsData& data,
                   const Eigen::Ref<const Eigen::VectorXd>& q, Eigen::Ref<Eigen::VectorXd> G);
void velocityVector(const Model& model, DynamicsData& data,
                    const Eigen::Ref<const Eigen::VectorXd>& q,
                    const Eigen::Ref<const Eigen::VectorXd>& qd, Eigen::Ref<Eigen::VectorXd> c);
void nonlinearEffects(const Model& model, DynamicsData& data,
                      const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& qd, Eigen::Ref<Eigen::VectorXd> h);

// Allocating convenience forms (CLI, GUI; not for hot loops).
Eigen::VectorXd gravityVector(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);
Eigen::VectorXd velocityVector(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& qd);

}  // namespace armdyn
