#pragma once
// A closed-form inverse-kinematics family (inverse_kinematics.h says what each one solves): its
// name, its configuration names, the DH structures it fits, and its solver. The families are a
// table (ik_families.cpp) in the order kinematicFamily checks their structures; the public
// functions of inverse_kinematics.h dispatch through it and know no family by name.
//
//   name(s)                file                      solves
//   "rrr"                  ik_family_rrr.cpp         RRR, alpha1 = +-90, alpha2 = 0 (tool point)
//   "rrrrrr", "puma560"    ik_family_articulated.cpp the same arm + a spherical wrist
//   "stanford"             ik_family_stanford.cpp    RRP, alpha1, alpha2 = +-90 + a spherical wrist
//   "cartesian"            ik_family_cartesian.cpp   PPP + a spherical wrist
//   "three_parallel", "ur" ik_family_three_parallel.cpp  6R with joints 2, 3, 4 parallel (UR arms)
//   "generic"              ik_family_generic.cpp     any 3-joint arm (positioning_arm.h), alone or
//                                                    + a spherical wrist
//   "general_6r"           ik_family_general_6r.cpp  any other 6R arm: every real solution (<= 16),
//                                                    Raghavan & Roth's elimination, the roots of
//                                                    its determinant (degree 8 in theta3)
//   "cyclic_6r"            ik_family_cyclic_6r.cpp   6R arms special at both ends: the loop read
//                                                    from another joint, by the family that takes it
// Shared solver state and pieces (shoulder, elbow, spherical wrist, structure checks,
// configuration-name helpers): ik_solver.h.
//
// Adding a family "foo" touches one new file and one line:
//   1. A new file src/core/kinematics/ik_family_foo.cpp (the CMake glob picks it up) that
//      includes ik_family.h and ik_solver.h and defines, in namespace armdyn::ik,
//        extern const IkFamily kFooFamily = {"foo", {}, &configurations, &misfit, &solve, false, false};
//      ('extern': a namespace-scope const has internal linkage otherwise), its three functions
//      in an unnamed namespace (ik_family_rrr.cpp is the shortest example). `misfit` returns ""
//      when the model's DH fits, else the reason in words; `solve` is called only then and adds
//      each solution with s.add(q, index into configurations()), or says why there is none with
//      s.fail(...). Solving must not allocate (two documented exceptions: general_6r's nearly
//      singular pencils, Eigen's QZ; cyclic_6r, which builds a chain per pose); the configuration
//      names are built once (a function-local static), not per call.
//   2. The line
//        F(kFooFamily)  /* "foo"  ik_family_foo.cpp */
//      in the list ARMDYN_IK_FAMILIES of ik_families.cpp, ending in a backslash like its
//      neighbours (the list is one macro that both declares the objects and builds the table).
//      Its place is the order of structure checks: kinematicFamily answers the first family
//      whose misfit is "" for a model whose file names none, so "generic" (most arms fit it)
//      stays after the special classes, and "cyclic_6r" (the catch-all of six-revolute arms:
//      its misfit is the reason given when no family takes such an arm) last.
// (Documenting the new name in inverse_kinematics.h's family list is good manners, not needed.)

#include "model/model.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace armdyn {

namespace ik {
struct Solver;
}

struct IkFamily {
  const char* name;                      // what kinematicFamily returns for it
  std::array<const char*, 3> aliases;    // further RobotSpec::family names solved by it (nullptr: unused)
  // Configuration names in order of preference, indexed by the solutions' configuration
  // numbers (familyConfigurations); built once.
  const std::vector<std::string>& (*configurations)();
  // "" when the model's DH fits the closed form, else why not (e.g. "needs alpha2 = 0 ...").
  std::string (*misfit)(const Model& model);
  // Adds every solution of s.pose (DH frame 0) to s, or records why there is none (s.fail).
  // Called only when misfit(s.model) is "". Must not allocate (exceptions: see above).
  void (*solve)(ik::Solver& s);
  // solveInverseKinematics without a configuration: the solution nearest the seed instead of
  // the first (numbered branches, none preferred).
  bool defaultNearestSeed;
  // solveInverseKinematics without a configuration: when the closed form finds no candidate at
  // all, damped least squares before saying why (the reasons come from estimates).
  bool numericFallback;
};

// The registered families, in structure-check order (ik_families.cpp).
struct IkFamilyList {
  const IkFamily* const* first;
  std::size_t size;
  const IkFamily* const* begin() const { return first; }
  const IkFamily* const* end() const { return first + size; }
};
IkFamilyList ikFamilies();

// The family with this name or alias; nullptr when none (empty or unknown name).
const IkFamily* findIkFamily(const std::string& name);

}  // namespace armdyn
