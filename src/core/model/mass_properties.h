#pragma once
// Link mass properties (Vora 6.2, eq 3.20; Paul 1981).
// Conventions: the pseudo-inertia of a link about its frame origin is J = integral r r^T dm
// (4x4 with homogeneous r = (x, y, z, 1)), so J(0,0) = int x^2 dm, J(0,1) = int x y dm,
// J(0,3) = m xbar, J(3,3) = m. The inertia tensor I uses the positive-definite convention
// I = int (|r|^2 1 - r r^T) dm, so I_xy = -int x y dm and J(0,1) = -I_xy. (Vora's eq 3.20
// prints J12 = Ixy with Ixy meaning the product integral int x y dm.)

#include "model/robot.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace armdyn {

// Inertial description of one link, all in link-frame axes.
struct LinkInertial {
  double mass = 0.0;                                      // kg
  Eigen::Vector3d com = Eigen::Vector3d::Zero();          // m
  Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero();   // about the COM, kg m^2
  Eigen::Matrix3d inertiaOrigin = Eigen::Matrix3d::Zero();// about the link origin, kg m^2
  Eigen::Matrix4d pseudo = Eigen::Matrix4d::Zero();       // J about the link origin
};

// Hollow bar alone (no actuator): outer box minus inner box, centred at bar.centre.
LinkInertial hollowBarInertial(const HollowBar& bar);

// Build from mass, COM and tensor about the COM (parallel axis to the origin).
LinkInertial inertialFromTensor(double mass, const Eigen::Vector3d& com,
                                const Eigen::Matrix3d& inertiaCom);

// Build from a pseudo-inertia matrix J about the link origin (eq 3.20 inverted).
LinkInertial inertialFromPseudo(const Eigen::Matrix4d& pseudo);

// Pseudo-inertia J from an inertia tensor about the origin, first moment and mass.
Eigen::Matrix4d pseudoFromTensor(double mass, const Eigen::Vector3d& com,
                                 const Eigen::Matrix3d& inertiaOrigin);

// Two bodies rigidly joined in one link frame (masses, first moments and tensors about the
// origin add).
LinkInertial combineInertials(const LinkInertial& a, const LinkInertial& b);

// Why a tensor about the centre of mass is not one a rigid body can have, "" when it is: the
// one rule (Model's validation, the URDF reader): symmetric, positive definite, principal
// moments obeying the triangle inequality (tolerances 1e-12 relative).
std::string inertiaDefect(const Eigen::Matrix3d& I);

// Add a point mass m at position p (link frame). Changes mass, COM and second moments.
LinkInertial addPointMass(const LinkInertial& link, double m, const Eigen::Vector3d& p);

// Vora's actuator rule: ma_i = 0.25 * (sum_{j>=i} m_j + sum_{j>i} ma_j), m_j the bare link
// masses. Returns ma_1..ma_n (index 0 = joint 1). Actuator i sits at the origin of frame i-1.
std::vector<double> voraActuatorMasses(const std::vector<double>& bareMasses);

// Effective inertials of every link of a robot: bare inertia from its mass source, plus, when
// spec.actuatorMassRule is on, the actuator of joint i+1 as a point mass at the origin of
// frame i (Vora 6.2).
// `actuatorMasses` (optional out) receives ma_1..ma_n (zeros when the rule is off).
std::vector<LinkInertial> effectiveInertials(const RobotSpec& spec,
                                             std::vector<double>* actuatorMasses = nullptr);

}  // namespace armdyn
