#pragma once
// Pinocchio 3.7 (github.com/stack-of-tasks/pinocchio, BSD-2-Clause), the benchmarks' peer of the
// dynamics kernels, used header-only: built only when tests/bench/fetch_pinocchio.sh has fetched
// it and CMake is given ARMDYN_PINOCCHIO_DIR (never by the default build). Its names stay in
// pinocchio_peer.cpp, compiled apart (Boost and Pinocchio's templates stay out of the bench).

#include <Eigen/Core>
#include <memory>
#include <vector>

namespace armdyn::peer {

// One link of a standard-DH chain: joint k turns (or slides) about z of frame k-1, and frame k
// is frame k-1 times Rz(theta + q) Tz(d) Tx(a) Rx(alpha) (d + q for a prismatic joint).
struct DhLink {
  bool revolute = true;
  double a = 0.0, alpha = 0.0, d = 0.0, theta = 0.0;  // m, rad
  double mass = 0.0;                                  // kg
  Eigen::Vector3d com = Eigen::Vector3d::Zero();      // frame k, m
  Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero();  // about the COM, frame k axes, kg m^2
  double armature = 0.0;                              // rotor inertia seen at the joint
};

class PinocchioArm {
 public:
  PinocchioArm(const std::vector<DhLink>& links, const Eigen::Vector3d& gravity);
  ~PinocchioArm();
  // Pinocchio's kernels on its own Data; each returns Pinocchio's result buffer.
  const Eigen::VectorXd& rnea(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd);
  // M + diag(armature), upper triangle only (Pinocchio fills no more), in its LOCAL or WORLD
  // convention (two implementations; the faster is the fair peer).
  const Eigen::MatrixXd& crba(const Eigen::VectorXd& q, bool world);
  const Eigen::VectorXd& aba(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& tau,
                             bool world);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::peer
