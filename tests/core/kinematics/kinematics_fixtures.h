#pragma once
// Chains for the kinematics tests beyond the four library arms: a PUMA 560 in Corke's standard
// DH (a2 = 0.4318, a3 = 0.0203, d3 = 0.15005, d4 = 0.4318, alpha 90, 0, -90, 90, -90, 0 deg),
// a random chain, and the same chains as Orocos KDL chains (independent forward kinematics).

#include "model/model.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <random>

#ifdef ARMDYN_HAVE_KDL
#include <kdl/chain.hpp>
#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#endif

namespace armdyn::test {

// A link with a small solid bar: valid mass data, irrelevant to kinematics.
inline LinkSpec kinematicLink(JointType joint, double theta, double d, double alpha, double a) {
  LinkSpec l;
  l.joint = joint;
  l.dh = {theta, d, alpha, a};
  l.bar.density = 1000.0;
  l.bar.outer = {0.05, 0.05, 0.05};
  return l;
}

inline RobotSpec pumaSpec() {
  const double h = M_PI / 2.0;
  const auto R = JointType::Revolute;
  RobotSpec r;
  r.name = "PUMA 560 (Corke standard DH)";
  r.family = "puma560";
  r.links = {kinematicLink(R, 0, 0, h, 0),       kinematicLink(R, 0, 0, 0, 0.4318),
             kinematicLink(R, 0, 0.15005, -h, 0.0203), kinematicLink(R, 0, 0.4318, h, 0),
             kinematicLink(R, 0, 0, -h, 0),      kinematicLink(R, 0, 0, 0, 0)};
  for (auto& l : r.links) {
    l.qMin = -M_PI;
    l.qMax = M_PI;
  }
  return r;
}

// A rigid transform from a rotation vector and a translation.
inline Eigen::Matrix4d transform(const Eigen::Vector3d& rotationVector, const Eigen::Vector3d& p) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  const double angle = rotationVector.norm();
  if (angle > 0.0) T.topLeftCorner<3, 3>() = Eigen::AngleAxisd(angle, rotationVector / angle).toRotationMatrix();
  T.topRightCorner<3, 1>() = p;
  return T;
}

// One random link of a derived-chain test (reversed_chain, cyclic_chain): prismatic with
// probability 1/5, theta offset and twist in +-pi, d and a in +-0.5 m.
inline LinkSpec randomKinematicLink(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const JointType type = unit(rng) > 0.6 ? JointType::Prismatic : JointType::Revolute;
  return kinematicLink(type, M_PI * unit(rng), 0.5 * unit(rng), M_PI * unit(rng), 0.5 * unit(rng));
}

// Random chain: mixed joint types (about 1 in 4 prismatic), random DH and offsets, a tool.
inline RobotSpec randomChainSpec(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  RobotSpec r;
  r.name = "random chain";
  for (int i = 0; i < n; ++i) {
    const JointType type = u(rng) > 0.5 ? JointType::Prismatic : JointType::Revolute;
    LinkSpec l = kinematicLink(type, M_PI * u(rng), 0.3 * u(rng), M_PI * u(rng), 0.2 + 0.2 * u(rng));
    if (type == JointType::Prismatic) {
      l.qMin = -0.5;
      l.qMax = 0.5;
    }
    r.links.push_back(l);
  }
  r.tool = transform(Eigen::Vector3d(u(rng), u(rng), u(rng)), 0.1 * Eigen::Vector3d(u(rng), u(rng), u(rng)));
  return r;
}

// Uniform within the joint limits (unlimited revolute: [-pi, pi]; unlimited prismatic: [-0.5, 0.5]).
inline Eigen::VectorXd randomWithinLimits(const Model& model, std::mt19937& rng) {
  Eigen::VectorXd q(model.dof());
  for (int i = 0; i < model.dof(); ++i) {
    const LinkSpec& l = model.spec().links[i];
    const double span = model.isRevolute(i) ? M_PI : 0.5;
    q(i) = std::uniform_real_distribution<double>(std::max(l.qMin, -span), std::min(l.qMax, span))(rng);
  }
  return q;
}

#ifdef ARMDYN_HAVE_KDL
inline KDL::Frame toKdl(const Eigen::Matrix4d& T) {
  return KDL::Frame(KDL::Rotation(T(0, 0), T(0, 1), T(0, 2), T(1, 0), T(1, 1), T(1, 2), T(2, 0), T(2, 1), T(2, 2)),
                    KDL::Vector(T(0, 3), T(1, 3), T(2, 3)));
}

inline Eigen::Matrix4d fromKdl(const KDL::Frame& f) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) T(r, c) = f.M(r, c);
    T(r, 3) = f.p(r);
  }
  return T;
}

// Segment i: joint about/along z_{i-1}, then Frame::DH(a, alpha, d, theta) = Rz(theta) Tz(d)
// Tx(a) Rx(alpha). KDL puts the joint motion before the tip frame, so the DH theta (or d) is
// the joint offset and q adds to it, as in eq 3.3-3.4. The tool is a fixed last segment.
inline KDL::Chain kdlChain(const Model& model) {
  KDL::Chain chain;
  for (int i = 0; i < model.dof(); ++i) {
    const DhParameters& dh = model.dh(i);
    const KDL::Joint joint(model.isRevolute(i) ? KDL::Joint::RotZ : KDL::Joint::TransZ);
    chain.addSegment(KDL::Segment(joint, KDL::Frame::DH(dh.a, dh.alpha, dh.d, dh.theta)));
  }
  chain.addSegment(KDL::Segment(KDL::Joint(KDL::Joint::None), toKdl(model.tool())));
  return chain;
}

inline KDL::JntArray toKdl(const Eigen::VectorXd& q) {
  KDL::JntArray a(q.size());
  for (int i = 0; i < q.size(); ++i) a(i) = q(i);
  return a;
}
#endif

// Every chain the property tests sweep: the four library arms, the PUMA 560, random chains of
// 7, 1 and kMaxLinks = 12 links (the shortest and longest a model accepts).
inline std::vector<RobotSpec> allTestChains() {
  std::vector<RobotSpec> out;
  for (const std::string& name : libraryRobotNames()) out.push_back(libraryRobotSpec(name));
  RobotSpec puma = pumaSpec();
  puma.tool = transform(Eigen::Vector3d(0.1, -0.2, 0.3), Eigen::Vector3d(0.01, -0.02, 0.05));
  out.push_back(puma);
  std::mt19937 rng(7);
  out.push_back(randomChainSpec(rng, 7));
  out.push_back(randomChainSpec(rng, 1));
  out.push_back(randomChainSpec(rng, kMaxLinks));
  return out;
}

}  // namespace armdyn::test
