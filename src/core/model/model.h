#pragma once
// Model: the immutable, validated, compiled form of a RobotSpec that every solver reads.
// Built once per edit (Pinocchio's Model/Data split): solvers never see a spec that a user
// may be editing. Workspaces for the hot paths live in per-algorithm Data structs
// (dynamics/*.h), preallocated from a Model.

#include "model/mass_properties.h"
#include "model/robot.h"

#include <Eigen/Core>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

// Bad arguments to the API (not file input: see common/input_error.h).
class ModelError : public std::invalid_argument {
 public:
  // `field` names the offending item, e.g. "links[2].bar.inner".
  ModelError(std::string field, const std::string& message);
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// Validates a spec: 1..12 links, finite numbers, positive density/mass/Vmax/DT/TACC, inner
// dimensions not above outer, positive-definite inertia (triangle inequalities), qMin < qMax,
// home size 0 or n. Throws ModelError naming the field. Returns normally if valid.
void validate(const RobotSpec& spec);

class Model {
 public:
  explicit Model(RobotSpec spec);  // validates; throws ModelError

  int dof() const { return n_; }
  const RobotSpec& spec() const { return spec_; }
  JointType jointType(int i) const { return spec_.links[i].joint; }
  bool isRevolute(int i) const { return spec_.links[i].joint == JointType::Revolute; }
  const DhParameters& dh(int i) const { return spec_.links[i].dh; }
  // Effective inertial of link i (0-based), actuator point masses included.
  const LinkInertial& inertial(int i) const { return inertials_[i]; }
  // Actuator point masses ma_1..ma_n (zeros when the rule is off). Actuator i rides link i-1.
  const std::vector<double>& actuatorMasses() const { return actuatorMasses_; }
  const Eigen::Matrix4d& tool() const { return spec_.tool; }
  // DH frame 0 in the world frame (forwardKinematics starts from it).
  const Eigen::Matrix4d& base() const { return spec_.base; }
  // Gravity in DH frame 0, where the dynamics recursions work: the spec's world gravity
  // rotated by the base (equal to it for an identity base), m/s^2.
  const Eigen::Vector3d& gravity() const { return gravityInBase_; }
  Eigen::VectorXd home() const;  // spec.home or zeros
  double homeValue(int i) const;  // joint i of home(), without allocating
  // cos and sin of link i's twist alpha, computed once (the hot kinematics need them per call).
  double cosAlpha(int i) const { return cosAlpha_[i]; }
  double sinAlpha(int i) const { return sinAlpha_[i]; }

 private:
  RobotSpec spec_;
  int n_ = 0;
  Eigen::Vector3d gravityInBase_ = Eigen::Vector3d::Zero();
  std::vector<double> cosAlpha_, sinAlpha_;
  std::vector<LinkInertial> inertials_;
  std::vector<double> actuatorMasses_;
};

// ^{i-1}A_i for DH parameters and joint value q (eq 3.4).
Eigen::Matrix4d dhTransform(const DhParameters& dh, JointType type, double q);
// The same for link i of a model, with its precomputed twist trigonometry.
Eigen::Matrix4d dhTransform(const Model& model, int i, double q);

// T <- T * A for the DH link A = Rz(theta) Tz(d) Tx(a) Rx(alpha) given by cos and sin of theta
// and of alpha: column operations (30 multiplications on the rotation and translation rows,
// 40 as written on whole columns, instead of the 4 x 4 product's 64), equal to T * A up to
// rounding. T's last row must be [0 0 0 1].
inline void appendDhLink(Eigen::Matrix4d& T, double c, double s, double a, double d, double ca, double sa) {
  const Eigen::Vector4d x = T.col(0), y = T.col(1), z = T.col(2);
  const Eigen::Vector4d x1 = c * x + s * y, y1 = c * y - s * x;
  T.col(3) += d * z + a * x1;
  T.col(0) = x1;
  T.col(1) = ca * y1 + sa * z;
  T.col(2) = ca * z - sa * y1;
}

// T <- T * dhTransform(model, i, q) by appendDhLink.
void appendDhTransform(Eigen::Matrix4d& T, const Model& model, int i, double q);

}  // namespace armdyn
