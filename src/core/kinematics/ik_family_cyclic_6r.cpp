// "cyclic_6r": six-revolute arms that no other family takes because each end has a special pair
// of axes (axes 1-2 and 5-6 each intersecting or parallel, or three parallel axes at one end and
// a special pair at the other: the general 6R elimination is then degenerate read from either
// end). Such an arm is solved as its loop read from another joint (cyclic_chain.h): the chain
// C = A_{s+1} ... A_6 T06^-1 A_1 ... A_s, whose tool pose is the identity at the arm's solutions,
// by the family that solves C (a closed form when C has a structure one solves, e.g. three
// parallel axes; otherwise the general 6R elimination, which then splits the arm after joint
// s + 2). C depends on the target: one chain (and Model) per pose, so this family allocates when
// solving, the one family besides the general 6R's nearly singular pencils to do so (ik_family.h).
//
// Which shift s: decided once per arm and thread at general_6r's probe pose (kept with a copy of
// the DH values, as general_6r keeps its route). Each shift whose C some family takes and that
// finds candidates at the probe pose is kept, sorted: first those whose candidates include the
// probe's joint values, then those a family solves by structure (exact, fast), then by how far
// from special the arm's two pairs of axes around C's first joint are (general6rPairSkew of the
// arm's axes (s, s + 1) and (s + 1, s + 2); axes 6 and 1, which meet through the target, count as
// 0.1). Shift 0 is the arm itself split after joint 2 although axes 1 and 2 are nearly special
// (ranked by the same rule, so after the others unless only it finds the probe's joint values):
// for arms nearly special at every pair. At each pose the shifts are tried in
// that order until one yields solutions (a structure family's fit is checked again there: C's
// link through the target changes with it). Solutions are numbered "branch1".. in the order of
// (q1, ..., q6), as general_6r's.

#include "kinematics/cyclic_chain.h"
#include "kinematics/ik_family.h"
#include "kinematics/ik_family_general_6r.h"
#include "kinematics/ik_solver.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <optional>

namespace armdyn::ik {

extern const IkFamily kCyclic6rFamily;

namespace {

constexpr int kMaxSolutions = 16;

// The shifts that work for an arm, in order of preference, with the solve of the family that
// solves each C (general_6r's without its route decision) and, for a structure family, the family
// (its fit checked again per pose).
struct Plan {
  DhKey key;
  int count = 0;
  int shift[6] = {};
  void (*solve[6])(Solver&) = {};
  const IkFamily* structure[6] = {};
};

// The family (other than this one) that takes C, or nullptr.
const IkFamily* familyOf(const Model& chain) {
  for (const IkFamily* f : ikFamilies())
    if (f != &kCyclic6rFamily && f->misfit(chain).empty()) return f;
  return nullptr;
}

// C for the arm's T06 read from joint shift + 1 (shift 0: none, the arm itself); false (with the
// reason) when it cannot be built there.
bool chainAt(const Model& m, const Eigen::Matrix4d& T06, int shift, std::optional<Model>& chain, std::string& why) {
  chain.reset();
  if (shift == 0) return true;
  try {
    chain.emplace(cyclicChain(m, T06, shift).spec);
    return true;
  } catch (const std::exception& e) {
    if (why.empty()) why = std::string("the loop from joint ") + std::to_string(shift + 1) + " cannot be built: " + e.what();
    return false;
  }
}

// The candidates of `solveChain` on C (or the arm: `chain` empty) as the arm's joint values.
int shiftCandidates(const Model& m, const Eigen::Matrix4d& T06, int shift, const std::optional<Model>& chain,
                    void (*solveChain)(Solver&), const JointVector6& seed, JointVector6 out[ClosedFormSet::kCapacity],
                    std::string& why) {
  const Model& c = chain ? *chain : m;
  // C's tool pose is the identity (world); the arm's is T06 TOOL.
  Solver inner(c, chain ? rigidInverse(c.base()) : Eigen::Matrix4d(T06 * m.tool()));
  for (int j = 0; j < 6; ++j) inner.seed(j) = seed(cyclicJoint(6, shift, j));
  solveChain(inner);
  if (inner.rawCount == 0 && why.empty()) why = inner.unreachable;
  for (int r = 0; r < inner.rawCount; ++r)
    for (int j = 0; j < 6; ++j) out[r](cyclicJoint(6, shift, j)) = inner.raw[r].q(j);
  return inner.rawCount;
}

const Plan& planOf(const Model& m) {
  thread_local Plan plan;
  if (plan.key.matches(m)) return plan;
  plan.key.valid = false;
  struct Option {
    int shift;
    void (*solve)(Solver&);
    const IkFamily* structure;
    bool verified;   // the probe's joint values are among the candidates at the probe pose
    double skew;
  };
  const auto pairSkew = [&](int j) { return j == 0 || j == 6 ? 0.1 : general6rPairSkew(m, j); };
  Option options[6];
  int n = 0;
  const Eigen::Matrix4d T = general6rProbePose(m);
  const JointVector6 probe = general6rProbeJoints();
  for (int s = 0; s <= 5; ++s) {
    std::optional<Model> chain;
    std::string why;
    if (!chainAt(m, T, s, chain, why)) continue;
    const IkFamily* f = chain ? familyOf(*chain) : nullptr;
    if (chain && !f) continue;
    const bool general = !chain || std::strcmp(f->name, "general_6r") == 0;
    void (*solveChain)(Solver&) = general ? &general6rSolveForward : f->solve;
    JointVector6 found[ClosedFormSet::kCapacity];
    const int count = shiftCandidates(m, T, s, chain, solveChain, probe, found, why);
    if (count == 0) continue;
    bool verified = false;
    for (int r = 0; r < count && !verified; ++r) {
      // (to 1e-6 rad: the probe may sit near a singularity, where a solution's joint values are
      // less sharp than its pose)
      bool near = true;
      for (int i = 0; i < 6 && near; ++i) near = std::abs(std::remainder(found[r](i) - probe(i), 2.0 * M_PI)) < 1e-6;
      verified = near;
    }
    options[n++] = {s, solveChain, general ? nullptr : f, verified, std::min(pairSkew(s), pairSkew(s + 1))};
  }
  std::stable_sort(options, options + n, [](const Option& a, const Option& b) {
    if (a.verified != b.verified) return a.verified;
    if ((a.structure != nullptr) != (b.structure != nullptr)) return a.structure != nullptr;
    return a.skew > b.skew;
  });
  plan.count = n;
  for (int k = 0; k < n; ++k) {
    plan.shift[k] = options[k].shift;
    plan.solve[k] = options[k].solve;
    plan.structure[k] = options[k].structure;
  }
  plan.key.remember(m);
  return plan;
}

const std::vector<std::string>& configurations() { return general6rBranchNames(); }

std::string misfit(const Model& m) {
  if (std::string r = requireTypes(m, "RRRRRR"); !r.empty()) return r;
  if (general6rProbeRankRatio(m) < 1e-9)
    return "has fewer than six independent joint motions (e.g. two joints on one axis)";
  if (planOf(m).count == 0) return "has no joint from which its loop is solved in closed form or by the elimination";
  return "";
}

void solve(Solver& s) {
  const Model& m = s.model;
  const Plan& plan = planOf(m);
  const Eigen::Matrix4d T06 = s.pose * rigidInverse(m.tool());
  std::string why;
  for (int k = 0; k < plan.count; ++k) {
    const int shift = plan.shift[k];
    std::optional<Model> chain;
    if (!chainAt(m, T06, shift, chain, why)) continue;
    if (plan.structure[k]) {
      std::string misfit = plan.structure[k]->misfit(*chain);
      if (!misfit.empty()) continue;  // C's structure is the probe's, not this target's
    }
    JointVector6 raw[ClosedFormSet::kCapacity];
    const int count = shiftCandidates(m, T06, shift, chain, plan.solve[k], s.seed, raw, why);
    JointVector6 found[kMaxSolutions];
    int kept = 0;
    for (int r = 0; r < count && kept < kMaxSolutions; ++r) {
      JointVector6 q = raw[r];
      // On the arm's pose to 1e-10 (refined by Newton, as general_6r's candidates are), or
      // dropped: a shift whose C is nearly degenerate can give candidates that are not solutions.
      if (!(refineSixJoints(m, T06, q, 12) < 1e-10)) continue;
      for (int i = 0; i < 6; ++i) q(i) = wrapJointValue(m, i, q(i));
      bool repeat = false;
      for (int f = 0; f < kept && !repeat; ++f) repeat = sameJointValues(m, found[f], q);
      if (!repeat) found[kept++] = q;
    }
    if (kept == 0) {
      if (why.empty() && count > 0)
        why = "no candidate of the loop from joint " + std::to_string(shift + 1) + " reaches the pose";
      continue;
    }
    std::sort(found, found + kept, [](const JointVector6& a, const JointVector6& b) {
      return std::lexicographical_compare(a.data(), a.data() + 6, b.data(), b.data() + 6);
    });
    for (int f = 0; f < kept; ++f) s.add(found[f], f);
    return;
  }
  s.fail(why.empty() ? "no real solution: the pose is out of reach" : why);
}

}  // namespace

// Numbered branches: the default is the solution nearest the seed; when nothing is found, damped
// least squares before saying why.
extern const IkFamily kCyclic6rFamily = {"cyclic_6r", {}, &configurations, &misfit, &solve, true, true};

}  // namespace armdyn::ik
