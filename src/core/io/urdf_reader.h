#pragma once
// URDF robots (ROS, MoveIt, Drake, Pinocchio) read into a DH robot. Debian's urdfdom parses the
// XML (unknown tags and extensions are ignored); armdyn walks the chain from the root link to a
// tip link, merges fixed joints, and expresses the movable joint axes in standard DH form
// (kinematics/dh_from_axes.h), keeping the root-to-frame-0 transform as BASE and the
// frame-n-to-tip transform as TOOL. Inertials are moved into the DH link frames (links hanging
// from a moving link by fixed joints are merged into it; links fixed to the root are ground).
// Limits, effort (fmax) and velocity (vmax) are taken from <limit>.
//
// Movable joints off the chosen chain (fingers, grippers, side arms) are held still, at the
// value UrdfOptions::hold gives, else 0, else (0 outside the limits) the lower limit; a <mimic>
// joint off the chain follows its leader's held value (multiplier * value + offset). Their links
// are merged into the chain link they hang from, like links on fixed joints (physically right:
// the arm carries them; a plain KDL chain root -> tip leaves them out). <mimic> on a fixed joint
// means nothing and is ignored.
//
// Refused, naming the joint (file:line: joint 'NAME'): floating and planar joints, a mimic joint
// on the chain (armdyn's joints are independent), a side joint that follows a chain joint, a
// hold value outside the joint's limits or naming no held joint. Without a tip named, the
// deepest leaf that a <mimic> does not block ends the chain (the Panda's fingers give way to its
// hand's tool frame, said in the notes); if several tie, the tip must be named (the message lists
// the candidates). Inputs: at most kMaxInputFileBytes, XML nested at
// most kMaxUrdfNesting elements deep, no '%' outside comments (urdfdom 3.0 uses some attribute
// text as a printf format: found by fuzzing).
//
// URDF holds no gravity, drives, TACC/DT or accelerations: gravity is the option's (ROS:
// 9.81 m/s^2 along -z of the root link), the rest the defaults of robot.h.

#include "model/robot.h"

#include <Eigen/Core>
#include <map>
#include <string>
#include <vector>

namespace armdyn {

struct Session;  // run/session.h

constexpr int kMaxUrdfNesting = 64;

struct UrdfOptions {
  std::string tip;  // last link of the chain; empty = the deepest leaf a <mimic> does not block
  // Values (rad or m) for movable joints off the chain, by joint name; the others take 0, or
  // their lower limit when 0 is outside.
  std::map<std::string, double> hold;
  Eigen::Vector3d gravity = Eigen::Vector3d(0.0, 0.0, -9.81);  // in the root link's frame, m/s^2
};

// A movable joint off the chain, held still.
struct UrdfHeldJoint {
  std::string joint;
  double value = 0.0;   // rad or m
  std::string follows;  // the leader of a <mimic> joint, else empty
  bool given = false;   // from UrdfOptions::hold
};

// A link whose inertial is merged into a chain link (the DH link named `into`): fixed to it, or
// hanging from it through held joints.
struct UrdfMergedLink {
  std::string link, into;
};

struct UrdfImport {
  RobotSpec robot;
  std::string root, tip;                    // link names
  std::vector<std::string> jointNames;      // the movable joints of the chain, base to tip
  std::vector<std::string> axisRelations;   // "joint1-joint2: intersecting", ...
  std::vector<std::string> notes;           // merged links, assumed limits, non-physical inertia
  std::vector<UrdfHeldJoint> held;          // movable joints off the chain, in tree order
  std::vector<UrdfMergedLink> merged;       // links merged into a chain link (ground links not listed)
  // Largest difference between the URDF's own forward kinematics (chain of joint origins and
  // motions) and the DH robot's, over every moving link frame and the tip, at seeded random
  // configurations within the limits: position (m) and rotation (rad).
  double fkResidual = 0.0;
  int fkConfigurations = 0;
};

// `fileName` names the file in messages. Throws InputError (file:line: field: message).
UrdfImport parseUrdf(const std::string& text, const std::string& fileName, const UrdfOptions& options = {});
UrdfImport loadUrdf(const std::string& path, const UrdfOptions& options = {});
// A URDF robot as a session: the robot of loadUrdf(path, options) and its file, no task. The rule
// loadSession applies to a .urdf path (with default options); Studio passes the tip a user chose.
Session loadUrdfSession(const std::string& path, const UrdfOptions& options = {});

// The leaf links of a URDF's tree with the number of movable joints between the root and each,
// deepest first (equal depths by name): the tips to choose from. `refusal` says why a <mimic>
// keeps a leaf from ending the arm (a finger that follows its twin: "joint 'NAME': ..."), else
// it is empty (checked for the deepest 64 leaves; past them an import of the leaf says). Without
// UrdfOptions::tip, parseUrdf takes the deepest leaf without a refusal
// (several equally deep ones are refused as ambiguous); a shallower leaf stands in for a blocked
// one only when it hangs from the link where the blocking joint starts (the Panda's hand). Throws
// what parseUrdf throws for text urdfdom cannot read and for joints no tip can take (a floating
// joint, a mimic loop, bad limits).
struct UrdfLeaf {
  std::string link;
  int movableJoints = 0;
  std::string refusal;
};
std::vector<UrdfLeaf> urdfLeaves(const std::string& text, const std::string& fileName);

// True when `path` ends in .urdf (any case): the readers take such a file as URDF.
bool isUrdfPath(const std::string& path);

}  // namespace armdyn
