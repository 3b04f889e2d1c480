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
// the DH values, as general_6r keeps its route), in this order of preference: a shift whose C a
// family solves by structure (exact, fast); then those the elimination takes whose first two axes
// are skew (neither intersecting nor parallel, where the elimination is well posed) and do not
// hold the target (s <= 4: C's first two joints are the arm's s + 1, s + 2); then any other the
// elimination takes. At each pose the shifts are tried in that order until one yields solutions.
// Solutions are numbered "branch1".. in the order of (q1, ..., q6), as general_6r's.

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
// solves each C (shift 0: the arm itself, split after joint 2 although axes 1 and 2 are nearly
// special, the last resort of arms nearly special at every pair).
struct Plan {
  bool valid = false;
  double dh[6][4] = {};
  int count = 0;
  int shift[6] = {};
  void (*solve[6])(Solver&) = {};  // the family's solve, general_6r's without its route decision
};

// The family (other than this one) that takes C, or nullptr.
const IkFamily* familyOf(const Model& chain) {
  for (const IkFamily* f : ikFamilies())
    if (f != &kCyclic6rFamily && f->misfit(chain).empty()) return f;
  return nullptr;
}

// The candidates of `solveChain` for the arm's T06 read from joint shift + 1 (shift 0: the arm
// itself), as the arm's joint values; false when C cannot be built there.
bool shiftCandidates(const Model& m, const Eigen::Matrix4d& T06, int shift, void (*solveChain)(Solver&),
                     JointVector6 out[ClosedFormSet::kCapacity], int& count, std::string& why) {
  count = 0;
  std::optional<Model> chain;
  if (shift > 0) {
    try {
      chain.emplace(cyclicChain(m, T06, shift).spec);
    } catch (const std::exception&) {
      return false;
    }
  }
  const Model& c = shift > 0 ? *chain : m;
  // C's tool pose is the identity (world); the arm's is T06 TOOL.
  Solver inner(c, shift > 0 ? rigidInverse(c.base()) : Eigen::Matrix4d(T06 * m.tool()));
  solveChain(inner);
  if (inner.rawCount == 0 && why.empty()) why = inner.unreachable;
  for (int r = 0; r < inner.rawCount; ++r) {
    for (int j = 0; j < 6; ++j) out[count](cyclicJoint(6, shift, j)) = inner.raw[r].q(j);
    ++count;
  }
  return true;
}

const Plan& planOf(const Model& m) {
  thread_local Plan plan;
  bool same = plan.valid;
  for (int i = 0; i < 6 && same; ++i) {
    const DhParameters& p = m.dh(i);
    same = plan.dh[i][0] == p.theta && plan.dh[i][1] == p.d && plan.dh[i][2] == p.alpha && plan.dh[i][3] == p.a;
  }
  if (same) return plan;
  struct Option {
    int shift;
    void (*solve)(Solver&);
    bool verified;   // the probe's joint values are among C's solutions at the probe pose
    bool structure;  // a family that solves C by its structure
    double skew;     // how far from special the two pairs of axes around C's first joint are
  };
  // How far the arm's axes j and j + 1 are from special (general6rPairSkew); axes 6 and 1 meet
  // through the target: taken as fairly skew (0.1).
  const auto pairSkew = [&](int j) { return j == 0 || j == 6 ? 0.1 : general6rPairSkew(m, j); };
  Option options[6];
  int n = 0;
  // A shift whose C a family takes and that finds candidates at the probe pose (general_6r by its
  // forward split: the inner solve then skips its route decision); first those that find the
  // probe's joint values there (on arms nearly special at every pair none may: the others are
  // still tried).
  const Eigen::Matrix4d T = general6rProbePose(m);
  const JointVector6 probe = general6rProbeJoints();
  for (int s = 0; s <= 5; ++s) {
    try {
      const IkFamily* f = nullptr;
      if (s > 0) f = familyOf(Model(cyclicChain(m, T, s).spec));
      const bool general = s == 0 || std::strcmp(f ? f->name : "", "general_6r") == 0;
      if (!f && s > 0) continue;
      void (*solveChain)(Solver&) = general ? &general6rSolveForward : f->solve;
      JointVector6 found[ClosedFormSet::kCapacity];
      int count = 0;
      std::string why;
      if (!shiftCandidates(m, T, s, solveChain, found, count, why) || count == 0) continue;
      bool verified = false;
      for (int r = 0; r < count && !verified; ++r) {
        // (to 1e-6 rad: the probe may sit near a singularity, where a solution's joint values are
        // less sharp than its pose)
        bool near = true;
        for (int i = 0; i < 6 && near; ++i) near = std::abs(std::remainder(found[r](i) - probe(i), 2.0 * M_PI)) < 1e-6;
        verified = near;
      }
      // C's joint 1 is the arm's s + 1: its pairs are the arm's axes (s, s + 1) and (s + 1, s + 2).
      const double skew = std::min(pairSkew(s), pairSkew(s + 1));
      options[n++] = {s, solveChain, verified, !general, skew};
    } catch (const std::exception&) {
      // (a chain whose frames cannot be built at the probe pose: not a usable shift)
    }
  }
  std::stable_sort(options, options + n, [](const Option& a, const Option& b) {
    if (a.verified != b.verified) return a.verified;
    return a.structure != b.structure ? a.structure : a.skew > b.skew;
  });
  plan.count = n;
  for (int k = 0; k < n; ++k) {
    plan.shift[k] = options[k].shift;
    plan.solve[k] = options[k].solve;
  }
  for (int i = 0; i < 6; ++i) {
    const DhParameters& p = m.dh(i);
    plan.dh[i][0] = p.theta, plan.dh[i][1] = p.d, plan.dh[i][2] = p.alpha, plan.dh[i][3] = p.a;
  }
  plan.valid = true;
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
    JointVector6 raw[ClosedFormSet::kCapacity];
    int count = 0;
    if (!shiftCandidates(m, T06, shift, plan.solve[k], raw, count, why)) continue;
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
      if (why.empty()) why = "no candidate of the loop from joint " + std::to_string(shift + 1) + " reaches the pose";
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
