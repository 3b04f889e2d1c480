#include "pinocchio_peer.h"

#include <pinocchio/algorithm/aba.hpp>
#include <pinocchio/algorithm/crba.hpp>
#include <pinocchio/algorithm/rnea.hpp>
#include <pinocchio/multibody/data.hpp>
#include <pinocchio/multibody/model.hpp>

#include <string>

namespace armdyn::peer {

namespace {

// Rz(theta) Tz(d) Tx(a) Rx(alpha): frame k in frame k-1 at q = 0.
pinocchio::SE3 dhTransform(const DhLink& l) {
  const Eigen::Matrix3d R = (Eigen::AngleAxisd(l.theta, Eigen::Vector3d::UnitZ()) *
                             Eigen::AngleAxisd(l.alpha, Eigen::Vector3d::UnitX())).toRotationMatrix();
  const Eigen::Vector3d p(l.a * std::cos(l.theta), l.a * std::sin(l.theta), l.d);
  return pinocchio::SE3(R, p);
}

}  // namespace

struct PinocchioArm::Impl {
  pinocchio::Model model;
  pinocchio::Data data;
  explicit Impl(pinocchio::Model m) : model(std::move(m)), data(model) {}
};

PinocchioArm::PinocchioArm(const std::vector<DhLink>& links, const Eigen::Vector3d& gravity) {
  pinocchio::Model model;
  pinocchio::JointIndex parent = 0;
  pinocchio::SE3 placement = pinocchio::SE3::Identity();  // joint k's frame (frame k-1) in its parent's
  for (std::size_t k = 0; k < links.size(); ++k) {
    const DhLink& l = links[k];
    const std::string name = "joint" + std::to_string(k + 1);
    parent = l.revolute ? model.addJoint(parent, pinocchio::JointModelRZ(), placement, name)
                        : model.addJoint(parent, pinocchio::JointModelPZ(), placement, name);
    // Rz(q) and Tz(q) commute with Rz(theta) Tz(d): the joint carries only q, frame k sits at
    // the DH transform from the joint's frame, and so does the body.
    const pinocchio::SE3 frameK = dhTransform(l);
    model.appendBodyToJoint(parent, pinocchio::Inertia(l.mass, l.com, l.inertiaCom), frameK);
    model.armature[static_cast<Eigen::Index>(k)] = l.armature;
    placement = frameK;
  }
  model.gravity.linear(gravity);
  impl_ = std::make_unique<Impl>(std::move(model));
}

PinocchioArm::~PinocchioArm() = default;

const Eigen::VectorXd& PinocchioArm::rnea(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                          const Eigen::VectorXd& qdd) {
  return pinocchio::rnea(impl_->model, impl_->data, q, qd, qdd);
}

const Eigen::MatrixXd& PinocchioArm::crba(const Eigen::VectorXd& q, bool world) {
  return pinocchio::crba(impl_->model, impl_->data, q,
                         world ? pinocchio::Convention::WORLD : pinocchio::Convention::LOCAL);
}

const Eigen::VectorXd& PinocchioArm::aba(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                         const Eigen::VectorXd& tau, bool world) {
  return pinocchio::aba(impl_->model, impl_->data, q, qd, tau,
                        world ? pinocchio::Convention::WORLD : pinocchio::Convention::LOCAL);
}

}  // namespace armdyn::peer
