#pragma once
// Mechanical energy of the arm (J). Kinetic: sum over links of
//   0.5 m |v|^2 + v . (w x h) + 0.5 w^T I_o w
// with v, w the velocity of the link origin and the angular velocity in link axes, h = m c, I_o
// about the origin (equals 0.5 qd^T M qd). Potential: -sum m_k g . p_k, p_k the centre of mass in
// base coordinates (zero at the base origin), g = model.gravity(). Along any motion
// d/dt (kinetic + potential) = tau . qd with tau from the inverse dynamics.

#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Neither allocates. Throw std::invalid_argument on size mismatch.
double kineticEnergy(const Model& model, DynamicsData& data,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd);
double potentialEnergy(const Model& model, DynamicsData& data,
                       const Eigen::Ref<const Eigen::VectorXd>& q);

// Allocating convenience forms (CLI, GUI; not for hot loops).
double kineticEnergy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd);
double potentialEnergy(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q);

}  // namespace armdyn
