#pragma once
// Orocos KDL as an independent peer for the dynamics tests and benchmarks (only built when
// KDL is found: ARMDYN_HAVE_KDL). A Model becomes a KDL::Chain of one segment per link:
// joint RotZ (revolute) or TransZ (prismatic) along z_{k-1} carrying q alone, the tip frame
// Frame::DH(a, alpha, d, theta) of Vora eq 3.3 (the DH offsets live there), and the link's
// inertia (mass, COM, tensor about the COM) in the tip = link frame.

#include "model/model.h"

#include <Eigen/Core>
#include <kdl/chain.hpp>
#include <kdl/frames.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>

// Own namespace: test fixtures elsewhere define inline helpers with similar names.
namespace armdyn::test::kdl {

KDL::Chain chainFromModel(const Model& model);  // one segment per link, no tool segment
// The same with a joint-side armature per joint (KDL's joint inertia, e.g. a drive's reflected
// rotor inertia), which KDL adds to the mass matrix diagonal and to the Newton-Euler torques.
KDL::Chain chainFromModel(const Model& model, const Eigen::VectorXd& armature);
KDL::Vector gravity(const Model& model);

KDL::JntArray jointArray(const Eigen::VectorXd& v);
KDL::Frame frame(const Eigen::Matrix4d& T);  // homogeneous transform -> KDL::Frame
Eigen::VectorXd toEigen(const KDL::JntArray& v);
Eigen::MatrixXd toEigen(const KDL::JntSpaceInertiaMatrix& M);

}  // namespace armdyn::test::kdl
