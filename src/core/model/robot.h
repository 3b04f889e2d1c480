#pragma once
// Robot description: what the user edits and the files hold (Vora ch. 3 and 6).
// SI inside: metres, radians, kilograms, seconds. Degrees only at file and dialog edges.
// A RobotSpec is plain data; `Model` (model.h) is the immutable, validated, compiled form
// that the solvers use. Editing a robot means building a new Model.

#include "model/link_visual.h"

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

constexpr int kMaxLinks = 12;

enum class JointType { Revolute, Prismatic };

// Standard Denavit-Hartenberg parameters, eq 3.3:
//   A_i = Rot(z, theta) Trn(0, 0, d) Trn(a, 0, 0) Rot(x, alpha).
// For the joint variable q_i, theta (revolute) or d (prismatic) is the joint offset:
//   theta_i = theta + q_i   or   d_i = d + q_i.
struct DhParameters {
  double theta = 0.0;  // rad
  double d = 0.0;      // m
  double alpha = 0.0;  // rad
  double a = 0.0;      // m
};

// Vora's standard link (section 6.2, fig 6.1): a hollow bar of rectangular section.
struct HollowBar {
  double density = 0.0;                              // kg/m^3
  Eigen::Vector3d outer = Eigen::Vector3d::Zero();   // Xo, Yo, Zo along link axes, m
  Eigen::Vector3d inner = Eigen::Vector3d::Zero();   // Xi, Yi, Zi, m (0 = solid)
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();  // bar centre in link frame, m
};

// Explicit rigid-body inertia of a link, in link-frame axes.
struct RigidBodyInertia {
  double mass = 0.0;                                          // kg
  Eigen::Vector3d com = Eigen::Vector3d::Zero();              // centre of mass in link frame, m
  Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero();       // tensor about the COM, kg m^2
};

enum class MassSource {
  HollowBar,      // (a) Vora's bar; the actuator point-mass rule may add to it
  Explicit,       // (b) mass, COM, inertia tensor about the COM
  PseudoInertia,  // (c) Paul's 4x4 pseudo-inertia about the link origin, eq 3.20
};

// Drive of one joint (Anderson ch. 5). Optional: a joint without one is driven by its torque
// directly (actuation/drive.h holds the drive's dynamics).
struct DriveSpec {
  double gearRatio = 1.0;          // N: joint torque = N * motor torque; motor speed = N * qd
  double rotorInertia = 0.0;       // kg m^2 on the motor side (reflected: N^2 * rotorInertia)
  double reflectedInertia = 0.0;   // kg m^2 on the joint side, added to rotor term
  double viscous = 0.0;            // joint-side viscous friction, N m s/rad (N s/m)
  double coulombPositive = 0.0;    // joint-side Coulomb friction for qd > 0, N m (N)
  double coulombNegative = 0.0;    // joint-side Coulomb friction for qd < 0, N m (N), >= 0
  bool hasMotor = false;           // electrical model present
  double resistance = 0.0;         // R, ohm
  double inductance = 0.0;         // L, H
  double ke = 0.0;                 // back-EMF constant, V s/rad (motor side)
  double kt = 0.0;                 // torque constant, N m/A (motor side)
  double voltageLimit = 0.0;       // V, 0 = none
  double currentLimit = 0.0;       // A, 0 = none
  // Actuator sizing (analysis/actuator_sizing.h): gear efficiency eta in (0, 1], and the motor's
  // ratings at its shaft (0 = not rated): continuous (S1) and peak torque, N m; speed, rad/s.
  double efficiency = 1.0;
  double continuousTorque = 0.0;
  double peakTorque = 0.0;
  double maxSpeed = 0.0;
  // Elastic two-mass drive (Stepniewski eqs 14-19): a spring k and damper l between the gear
  // output (motor side, inertia Jr = N^2 Jm + J_reflected) and the link, joint units:
  //   M_kl = k (qm - q) + l (qm' - q'). stiffness 0 = rigid (the default).
  double stiffness = 0.0;          // k, N m/rad (N/m), >= 0
  double damping = 0.0;            // l, N m s/rad (N s/m), >= 0
  bool elastic() const { return stiffness > 0.0; }
  bool hasRatings() const {
    return continuousTorque > 0.0 || peakTorque > 0.0 || maxSpeed > 0.0 || voltageLimit > 0.0 || currentLimit > 0.0;
  }
};

struct LinkSpec {
  std::string name;                     // "LINK1" etc.
  JointType joint = JointType::Revolute;
  DhParameters dh;
  double qMin = -1e300;                 // position limits, rad or m (default unlimited)
  double qMax = 1e300;
  double vMax = 1.0;                    // maximum joint velocity, rad/s or m/s, > 0
  std::optional<double> aMax;           // maximum acceleration, rad/s^2 or m/s^2
  std::optional<double> fMax;           // maximum force/torque, N m or N

  MassSource massSource = MassSource::HollowBar;
  HollowBar bar;                        // used when massSource == HollowBar
  RigidBodyInertia inertia;             // used when massSource == Explicit
  Eigen::Matrix4d pseudoInertia = Eigen::Matrix4d::Zero();  // used when PseudoInertia

  std::optional<DriveSpec> drive;

  std::vector<LinkVisual> visuals;      // shapes drawn on the link, in its DH frame (model/link_visual.h)
};

// The link as a joint of another chain built from an arm's links (the chain reversed, read from
// another joint, or with a joint held): its type, limits, rates and mass data, without its drive
// and shapes (their frames were the arm's). The caller sets the DH.
inline LinkSpec chainLinkOf(const LinkSpec& link) {
  LinkSpec l = link;
  l.drive.reset();
  l.visuals.clear();
  return l;
}

struct RobotSpec {
  std::string name;
  // Kinematic family for the closed-form inverse kinematics: "rrr", "stanford", "cartesian",
  // "rrrrrr", "puma560" or "" (numerical damped least squares only).
  std::string family;
  std::vector<LinkSpec> links;
  bool actuatorMassRule = true;         // Vora 6.2: point-mass actuators, on every link
  Eigen::Matrix4d tool = Eigen::Matrix4d::Identity();  // TOOL: end-effector frame in link n
  // BASE: DH frame 0 in the world frame (identity for Vora's arms, where they coincide). Task
  // poses, tool poses, Jacobians and `gravity` are in the world frame; an imported URDF keeps
  // its root link as the world.
  Eigen::Matrix4d base = Eigen::Matrix4d::Identity();
  Eigen::Vector3d gravity = Eigen::Vector3d(0.0, 0.0, -9.8);  // m/s^2, world frame
  double tacc = 0.3;                    // TACC, s
  double dt = 0.025;                    // DT, s
  Eigen::VectorXd home;                 // initial configuration (size n, or empty = zeros)
  // Skip the rigid-body realisability check of explicit and pseudo-inertia links (positive
  // definite tensor about the COM, triangle inequality). Only for published models that are not
  // realisable yet reproduce their source: Anderson's PUMA (Bejczy's table 4.2 with zero
  // products of inertia about the link origins, reference note anderson-puma560.md).
  bool allowNonPhysicalInertia = false;
  // A payload carried at the tool: mass (kg), centre of mass in the tool frame (m), tensor
  // about that centre in tool axes (kg m^2). Added to the last link by the Model.
  std::optional<RigidBodyInertia> payload;
  // Shapes of the links fixed to the world (a base casting, a pedestal), in the world frame.
  std::vector<LinkVisual> baseVisuals;
  // The folder of the file the robot was read from (empty when built in code): package:// mesh
  // URIs are looked up from there (io/mesh_path.h). Not written to files.
  std::string sourceDirectory;

  int dof() const { return static_cast<int>(links.size()); }
};

}  // namespace armdyn
