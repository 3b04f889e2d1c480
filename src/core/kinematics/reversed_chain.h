#pragma once
// A serial chain read backwards, from its last DH frame to frame 0: the inverse of its forward
// kinematics written as a DH chain of its own (standard DH, robot.h), so that a solver that
// splits a chain at a fixed place can split the arm at the other end.
//
// Derivation. A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i), so
//   A_i^-1 = Rx(-alpha_i) Tx(-a_i) Tz(-d_i) Rz(-theta_i),
//   T0n^-1 = A_n^-1 ... A_1^-1
//          = Rx(-alpha_n) Tx(-a_n) [Tz(-d_n) Rz(-theta_n) Rx(-alpha_n-1) Tx(-a_n-1)] ...
//            [Tz(-d_2) Rz(-theta_2) Rx(-alpha_1) Tx(-a_1)] [Tz(-d_1) Rz(-theta_1)].
// Tz commutes with Rz and Tx with Rx, so each bracket is Rz(-theta_i) Tz(-d_i) Tx(-a_i-1)
// Rx(-alpha_i-1): a DH link. With links counted from the tool (link k of the reversed chain is
// joint i = n + 1 - k of the arm):
//   theta'_k = -theta_i, d'_k = -d_i, a'_k = -a_i-1, alpha'_k = -alpha_i-1 (a_0 = alpha_0 = 0),
//   T0n(q)^-1 = lead * T'0n(q'), lead = Rx(-alpha_n) Tx(-a_n), q'_k = -q_i
// (the joint variable enters theta or d with its sign, so a revolute joint stays revolute and a
// prismatic one prismatic, its limits [-qMax, -qMin]). With BASE B and TOOL Tt the arm's tool
// pose is W(q) = B T0n(q) Tt, and W(q)^-1 = (Tt^-1 lead) T'0n(q') B^-1: the reversed chain's BASE
// and TOOL.

#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

struct ReversedChain {
  // The reversed links (DH, joint types and limits as above), BASE Tt^-1 lead and TOOL B^-1: its
  // tool pose at q' is the inverse of the arm's at q. Kinematics only: each link keeps the rest
  // of the arm's link of the same joint (chainLinkOf: rates, mass data, so that a Model can be
  // built; not meaningful for the reversed chain's dynamics, nor is gravity, left at its
  // default); no drives, shapes, payload, family or home.
  RobotSpec spec;
  // Rx(-alpha_n) Tx(-a_n): the inverse of DH frame n in DH frame 0 is lead T'0n(q').
  Eigen::Matrix4d lead = Eigen::Matrix4d::Identity();
};

// The arm's chain read from the tool back to the base.
ReversedChain reversedChain(const Model& model);

}  // namespace armdyn
