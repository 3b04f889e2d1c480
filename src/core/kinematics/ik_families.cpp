// The closed-form IK families (ik_family.h), one line each, in the order kinematicFamily checks
// their DH structures. A new family: its file ik_family_<name>.cpp plus one line here.

#include "kinematics/ik_family.h"

#include <iterator>

// clang-format off
#define ARMDYN_IK_FAMILIES(F)                                                                        \
  F(kRrrFamily)          /* "rrr"                ik_family_rrr.cpp         */                        \
  F(kArticulatedFamily)  /* "rrrrrr", "puma560"  ik_family_articulated.cpp */                        \
  F(kStanfordFamily)     /* "stanford"           ik_family_stanford.cpp    */                        \
  F(kCartesianFamily)    /* "cartesian"          ik_family_cartesian.cpp   */                        \
  F(kThreeParallelFamily) /* "three_parallel"    ik_family_three_parallel.cpp */                     \
  F(kGenericFamily)      /* "generic"            ik_family_generic.cpp */                            \
  F(kGeneral6rFamily)    /* "general_6r"         ik_family_general_6r.cpp: any 6R but...          */ \
  F(kCyclic6rFamily)     /* "cyclic_6r"          ik_family_cyclic_6r.cpp: ...those, keep last     */ \
  /* end of list */
// clang-format on

namespace armdyn {

namespace ik {
#define ARMDYN_IK_DECLARE(family) extern const IkFamily family;
ARMDYN_IK_FAMILIES(ARMDYN_IK_DECLARE)
#undef ARMDYN_IK_DECLARE
}  // namespace ik

namespace {
#define ARMDYN_IK_ADDRESS(family) &ik::family,
const IkFamily* const kFamilies[] = {ARMDYN_IK_FAMILIES(ARMDYN_IK_ADDRESS)};
#undef ARMDYN_IK_ADDRESS
}  // namespace

IkFamilyList ikFamilies() { return {kFamilies, std::size(kFamilies)}; }

const IkFamily* findIkFamily(const std::string& name) {
  if (name.empty()) return nullptr;
  for (const IkFamily* f : kFamilies) {
    if (name == f->name) return f;
    for (const char* alias : f->aliases)
      if (alias && name == alias) return f;
  }
  return nullptr;
}

}  // namespace armdyn
