#pragma once
// Inverse kinematics: every closed-form solution of a kinematic family, each with a
// configuration name, and one entry point that picks a solution or falls back to damped least
// squares (damped_least_squares.h). Poses are tool frames in base coordinates (eq 3.1-3.2, 3.7).
//
// Families (RobotSpec::family), all read a, d, alpha, the theta/d offsets and TOOL from the
// model, so edited link lengths are solved correctly:
//   "rrr"       3 revolute, alpha1 = +-90, alpha2 = 0 (Vora eqs 7.1-7.4, generalised to
//               offsets a1, d1..d3, alpha3 and any tool point). Position only.
//   "rrrrrr", "puma560"
//               the same arm (alpha3 and offsets free: table A-5 has alpha 90, 0, 0; Corke's
//               PUMA 560 90, 0, -90) on the wrist centre, plus a spherical wrist.
//   "stanford"  R R P, alpha1, alpha2 = +-90, plus a spherical wrist (Paul 1981).
//   "cartesian" P P P (wrist centre linear in q1..q3), plus a spherical wrist.
//   "three_parallel" (alias "ur")
//               six revolute joints with joints 2, 3, 4 parallel (alpha2, alpha3 = 0 or 180 deg),
//               the rest free: the UR arms and any arm with that triple; up to 8 solutions
//               (ik_family_three_parallel.cpp has the derivation).
//   "generic"   any three-joint arm, each joint R or P with any DH (positioning_arm.h: one
//               polynomial of degree <= 4, Pieper's quartic for general 3R), alone (position
//               only) or in front of a spherical wrist. Arm solutions are "branch1".."branch4"
//               in the order of (q1, q2, q3); the default is the one nearest the seed.
//   "general_6r"
//               any six-revolute arm no family above takes: every real solution (up to 16) by
//               Raghavan & Roth's elimination, the real roots of its determinant (a
//               trigonometric polynomial of degree 8; nearly singular ones as an eigenproblem);
//               "branch1".."branch16".
//               Axes 1 and 2 intersecting or parallel (the elimination splits after joint 2):
//               the chain read from the tool back (reversed_chain.h). Arms with fewer than six
//               independent motions are refused: numerical.
//   "cyclic_6r" six-revolute arms special at both ends (axes 1-2 and 5-6 each intersecting or
//               parallel, or three parallel at one end): the arm's loop read from another joint
//               (cyclic_chain.h), solved by the family that takes it; "branch1".."branch16".
// Spherical wrist: joints 4-6 revolute, a4 = a5 = d5 = 0, alpha4 and alpha5 any twist other
// than 0 or 180 deg (A&S table 1 has -90, +90; with other twists some orientations are not
// reachable, and the reason says so). The wrist centre (origin of frames 4 and 5) is the pose
// with TOOL and link 6 removed.
// A model whose DH does not fit its family's assumptions is solved numerically.
//
// Configuration names are tokens joined by '_': "front"/"back" (wrist in front of or behind
// the shoulder along the frame-1 x axis), "elbow_up"/"elbow_down" (elbow above or below the
// shoulder-wrist line, base z up), "noflip"/"flip" (sin(theta5) >= 0 or < 0, theta5 = q5 +
// offset), and for the Stanford boom "reversed" (negative extension through the shoulder).
// Solutions come in the family's order of preference; the first is the family default
// ("front_elbow_up" for "rrr", as Vora's eq 7.2-7.4).

#include "kinematics/joint_limits.h"
#include "model/model.h"

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace armdyn {

struct IkFamily;  // ik_family.h

// Why a candidate was dropped, kept as numbers: the words are made when somebody asks
// (IkCandidate::why), not for every candidate of every pose of a path or a drag.
struct IkRejection {
  enum class Kind : unsigned char {
    None,         // kept
    JointLimits,  // `limits`: the first joint outside its limits
    Residual,     // the closed form does not rebuild the pose: `residual` (m + rad) is left
    Text,         // `text` says why (e.g. a free-joint solution checked on the whole arm)
  };
  Kind kind = Kind::None;
  JointLimitViolation limits;
  double residual = 0.0;
  std::string text;
};

struct IkCandidate {
  Eigen::VectorXd q;          // n joint values; revolute in [-pi, pi] (see joint_limits.h)
  std::string configuration;  // e.g. "front_elbow_up_noflip"
  IkRejection rejection;      // why it was dropped; Kind::None if kept
  // Bit i: joint i + 1 is free at this pose, a singularity where the solutions of this branch
  // form a continuum (e.g. wrist axes 4 and 6 on one line: only theta4 + theta6 is fixed); q is
  // the member with that joint at the seed's value, the others following from it. 0: isolated.
  unsigned char fromSeed = 0;
  // Those of fromSeed's joints whose continuum is a range that does not hold the seed's value:
  // q holds the member nearest it. The range is the continuum's own (the Unitree Z1 exactly at a
  // fold: q1 free within a range) or the part of it within the joint limits (the PUMA's wrist
  // at q5 = 0 with q6 limited: the member with q6 on its limit nearest the seed's q4).
  unsigned char nearestToSeed = 0;
  // In words, "" when isolated: "one of a continuum of solutions (a singularity): q4 takes any
  // value, here the seed's"; for nearestToSeed's joints "q1 takes a range of values, here the
  // one nearest the seed's".
  std::string continuum() const;
  // Why it was dropped, in words ("" if kept): e.g. "q3 = 1.3000 rad is outside joint 3 limits
  // [-2.0000, 1.0000] rad"; reason() names the configuration first ("elbow_down: q3 = ...").
  std::string why() const;
  std::string reason() const;
};

// The joints of a fromSeed mask (IkCandidate::fromSeed) by name: "q4", "q1, q3"; "" for none.
std::string freeJointNames(unsigned char fromSeed);

// What a continuum's free joints take, in words, for every client's wording: "q4 takes
// <anyValue>" for fromSeed's joints outside nearestToSeed, "q1 takes <range>" for
// nearestToSeed's ("take" for several), joined by "; ".
std::string continuumJoints(unsigned char fromSeed, unsigned char nearestToSeed, const char* anyValue,
                            const char* range);

struct ClosedFormIk {
  bool applicable = false;               // the family's closed form fits this model
  std::string unreachable;               // not applicable, or no candidate at all: why (else empty)
  std::vector<IkCandidate> solutions;    // within joint limits, in order of preference
  std::vector<IkCandidate> rejected;     // outside joint limits, with the reason
  // Why there is no solution, in words ("" when there is one): `unreachable`, or every candidate
  // with its reason ("no solution within joint limits (front_elbow_up_noflip: q2 = ...; ...)").
  std::string reason() const;
  // Not a result: candidates of earlier calls into this object, their memory kept for the next
  // call (the overload below that fills a ClosedFormIk in place).
  std::vector<IkCandidate> spare;
};

// All closed-form solutions of `pose` for the model's family. `seed` (n values or empty = home)
// fixes the free angle at singularities (joint 1 on its own axis, wrist with theta5 = 0).
// Arms of fewer than six joints match the tool origin only.
ClosedFormIk closedFormInverseKinematics(const Model& model, const Eigen::Matrix4d& pose,
                                         const Eigen::VectorXd& seed = Eigen::VectorXd());
// The same into `out`, reusing its memory (the vectors, each candidate's joints and name;
// rejections are kept as numbers and worded only when reason() or why() is called): once warm
// on a model's poses (a few calls, until every name held has grown to the longest it gets) a
// call allocates nothing, unless the model's family says why it does not apply, or is
// "cyclic_6r" (a chain per pose) or general_6r on a nearly singular pencil (ik_family.h), or a
// continuum's member outside the joint limits is moved within them (singular poses: the branch
// is solved again over the free joint's limits, up to some 480 times) (loops over poses: a path,
// a drag, benchmarks). `seed` may be one of out's candidates' q; a throw leaves
// `out` unchanged.
void closedFormInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed,
                                 ClosedFormIk& out);

// closedFormInverseKinematics without strings or heap allocation, for loops over many poses
// (Cartesian paths, benchmarks): the same candidates in the same order, limits flagged instead
// of explained. Returns `applicable`.
struct ClosedFormSet {
  static constexpr int kCapacity = 16;  // 4 arm solutions x 2 wrist solutions, with room
  struct Entry {
    Eigen::Matrix<double, 6, 1> q = Eigen::Matrix<double, 6, 1>::Zero();  // the first n values
    int configuration = 0;     // index into familyConfigurations(kinematicFamily(model))
    double residual = 0.0;     // pose error at q (m + rad; position only below six joints)
    bool withinLimits = true;  // a solution when also residual < 1e-7; else rejected
    unsigned char fromSeed = 0;  // IkCandidate::fromSeed
    unsigned char nearestToSeed = 0;  // IkCandidate::nearestToSeed
  };
  bool applicable = false;
  int count = 0;
  std::array<Entry, kCapacity> entries;
  std::string reason;  // not applicable, or no candidate at all: why (empty otherwise)
  std::string family;  // kinematicFamily(model), found once (a structure check when the file names none)
  const IkFamily* solver = nullptr;  // that family's entry in the table of ik_family.h (nullptr: unknown)
  std::string misfit;  // that family's structure check on the model ("" when it fits), found once

  // What `family` was found for: the model's joint types, DH, tool and file family (all that
  // kinematicFamily reads), so that solving pose after pose on one model checks the structure
  // once (the checks build strings) and a set reused for another model checks it again.
  struct FamilyKey {
    int n = -1;
    std::array<double, 4 * kMaxLinks + 16> numbers{};
    std::array<bool, kMaxLinks> revolute{};
    std::string fileFamily;
    bool matches(const Model& model) const;
    void remember(const Model& model);
  } familyKey;
};
bool closedFormSolutions(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed,
                         ClosedFormSet& out);

// The family a model is solved with: RobotSpec::family when given, else the first family whose
// DH structure the model fits ("rrr", "rrrrrr", "stanford", "cartesian", "three_parallel",
// "generic", then "general_6r" and "cyclic_6r"), else
// "" (damped least squares: chains of other lengths, no spherical wrist, degenerate arms). So an arm read from a file without a family (Vora's thesis files, a URDF) gets the
// same closed-form solutions as the library file that names it.
std::string kinematicFamily(const Model& model);

// Configuration names of a family in order of preference (empty for "" or unknown families).
std::vector<std::string> familyConfigurations(const std::string& family);

// First solution whose name contains every token of `configuration` ("elbow_up" matches
// "front_elbow_up_noflip"); an empty configuration takes the first (the family default).
// Case-insensitive; '-' and ' ' separate tokens like '_'. nullptr when none matches.
const IkCandidate* selectSolution(const std::vector<IkCandidate>& solutions, const std::string& configuration);

enum class IkMethod { ClosedForm, DampedLeastSquares };

struct IkResult {
  bool ok = false;
  Eigen::VectorXd q;           // solution when ok; else the closest found (may be empty)
  std::string configuration;   // name of the chosen closed-form solution ("" when numerical)
  std::string reason;          // why the pose is not reachable, in words (empty when ok)
  IkMethod method = IkMethod::ClosedForm;
  std::string note;            // e.g. why the family's closed form did not apply
  double residual = 0.0;       // |poseError| at q (position only for n < 6), m and rad
  int iterations = 0;          // damped-least-squares iterations (0 for closed form)
};

// The entry point (Vora 4.4 included): closed form for the model's family, else damped least
// squares from `seed` (empty = home; full pose for n >= 6, position only below). Never throws
// for an unreachable pose: ok = false and `reason` says why ("distance 1.23 m from the
// shoulder exceeds the reach 1.00 m", "no solution within joint limits: ...", "numerical IK
// did not converge (residual ...)"). Throws std::invalid_argument for a non-finite pose or a
// seed of the wrong size.
IkResult solveInverseKinematics(const Model& model, const Eigen::Matrix4d& pose,
                                const std::string& configuration = "",
                                const Eigen::VectorXd& seed = Eigen::VectorXd());

}  // namespace armdyn
