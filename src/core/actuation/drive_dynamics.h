#pragma once
// Drive-inclusive inverse dynamics (Anderson eq 5.4): what each drive must deliver at the joint
//   tau_drive = tau_rb(q, qd, qdd) + Jr qdd + f(qd)
// with tau_rb the rigid-body torque (rnea), Jr = N^2 Jm + J_reflected and f the regularised
// friction of actuation/drive.h; joints without a drive keep tau_rb. The motor then needs
//   i = tau_drive / (N kt),   u = R i + ke N qd + L di/dt   (eqs 5.1-5.3, geared reading).
// Units: N m (N), A, V; q rad (m), qd rad/s, qdd rad/s^2.

#include "actuation/drive.h"
#include "dynamics/dynamics_data.h"
#include "model/model.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// tau += Jr qdd + f(qd) for every joint with a drive. Does not allocate.
void addDriveTorques(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd, Eigen::Ref<Eigen::VectorXd> tau,
                     double frictionVelocityScale = kDefaultFrictionVelocityScale);

// tau = tau_rb + drive terms (rigidBodyOnly: tau_rb alone). Does not allocate.
void driveInverseDynamics(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                          const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& qdd,
                          Eigen::Ref<Eigen::VectorXd> tau, bool rigidBodyOnly = false,
                          double frictionVelocityScale = kDefaultFrictionVelocityScale);

// Breakdown over a sampled motion (rows = samples, columns = joints). current and voltage are
// NaN for joints without a motor; di/dt comes from differences of the current samples
// (central inside, one-sided at the ends), so the time samples must increase.
struct DriveDemand {
  Eigen::MatrixXd rigidBody;  // tau_rb, N m
  Eigen::MatrixXd inertia;    // Jr qdd, N m
  Eigen::MatrixXd friction;   // f(qd), N m
  Eigen::MatrixXd total;      // tau_drive, N m
  Eigen::MatrixXd current;    // A
  Eigen::MatrixXd voltage;    // V
};

DriveDemand driveDemand(const Model& model, const std::vector<double>& t, const Eigen::MatrixXd& q,
                        const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                        double frictionVelocityScale = kDefaultFrictionVelocityScale);

}  // namespace armdyn
