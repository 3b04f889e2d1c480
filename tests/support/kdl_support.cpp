#include "support/kdl_support.h"

#include <kdl/joint.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>

namespace armdyn::test::kdl {

KDL::Chain chainFromModel(const Model& model) { return chainFromModel(model, Eigen::VectorXd::Zero(model.dof())); }

KDL::Chain chainFromModel(const Model& model, const Eigen::VectorXd& armature) {
  KDL::Chain chain;
  for (int k = 0; k < model.dof(); ++k) {
    const DhParameters& dh = model.dh(k);
    const LinkInertial& in = model.inertial(k);
    const Eigen::Matrix3d& I = in.inertiaCom;
    const KDL::RigidBodyInertia inertia(
        in.mass, KDL::Vector(in.com.x(), in.com.y(), in.com.z()),
        KDL::RotationalInertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2)));
    // Rot(z, q) and Trn(z, q) commute with the Rot(z, theta) Trn(z, d) that starts Frame::DH,
    // so the joint carries only q and every DH constant sits in the tip frame. KDL's joint
    // offset would be lost: Segment stores f_tip as joint.pose(0)^-1 * f_tip.
    const KDL::Joint joint(model.isRevolute(k) ? KDL::Joint::RotZ : KDL::Joint::TransZ, 1.0, 0.0, armature(k));
    chain.addSegment(KDL::Segment(joint, KDL::Frame::DH(dh.a, dh.alpha, dh.d, dh.theta), inertia));
  }
  return chain;
}

KDL::Vector gravity(const Model& model) {
  const Eigen::Vector3d& g = model.gravity();
  return KDL::Vector(g.x(), g.y(), g.z());
}

KDL::JntArray jointArray(const Eigen::VectorXd& v) {
  KDL::JntArray a(static_cast<unsigned int>(v.size()));
  a.data = v;
  return a;
}

Eigen::VectorXd toEigen(const KDL::JntArray& v) { return v.data; }

Eigen::MatrixXd toEigen(const KDL::JntSpaceInertiaMatrix& M) { return M.data; }

KDL::Frame frame(const Eigen::Matrix4d& T) {
  KDL::Frame f;
  for (int r = 0; r < 3; ++r) {
    f.p(r) = T(r, 3);
    for (int k = 0; k < 3; ++k) f.M(r, k) = T(r, k);
  }
  return f;
}

}  // namespace armdyn::test::kdl
