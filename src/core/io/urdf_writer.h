#pragma once
// A DH robot written as URDF (armdyn's own writer), for ROS, MoveIt, Drake and Pinocchio.
// One chain: the root link `base_link`; per joint a link named after the robot's link, its
// frame the DH frame i-1 turned (or slid) by the joint (origin Tx(a_{i-1}) Rx(alpha_{i-1})
// Rz(theta_i) Tz(d_i), axis z, so the URDF's joint values are armdyn's); a fixed joint to a
// `tool` link at TOOL. BASE is the origin of joint 1. Inertials are the model's effective ones
// (actuator point masses and payload included), moved into the URDF link frames.
// Limits: revolute joints without limits are `continuous`; effort is fmax (0 when none),
// velocity vmax. URDF has no place for gravity, drives, accelerations, TACC/DT or the IK
// family: they are not written (gravity is noted in a comment).

#include "model/model.h"

#include <string>

namespace armdyn {

std::string robotToUrdf(const Model& model);

}  // namespace armdyn
