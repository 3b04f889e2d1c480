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
// finds solutions at the probe pose (its candidates polished on the arm, as solve keeps them) is
// kept, sorted: first those whose solutions include the
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
#include <cstdio>
#include <cstring>
#include <exception>
#include <optional>

namespace armdyn::ik {

extern const IkFamily kCyclic6rFamily;

namespace {

constexpr int kMaxCandidates = kGeneral6rMaxCandidates;

// The shifts that work for an arm, in order of preference, each with the structure family that
// solves its C (its fit checked again per pose), or nullptr: general_6r's elimination split
// after C's joint 2.
struct Plan {
  DhKey key;
  int count = 0;
  int shift[6] = {};
  const IkFamily* structure[6] = {};
};

// The family (other than this one) that takes C, or nullptr.
const IkFamily* familyOf(const Model& chain) {
  for (const IkFamily* f : ikFamilies())
    if (f != &kCyclic6rFamily && f->misfit(chain).empty()) return f;
  return nullptr;
}

// C for the arm's T06 read from joint shift + 1 (shift 0: none, the arm itself); false (with the
// reason) when it cannot be built there. `exact`: C is the loop exactly (cyclicChainDh).
bool chainAt(const Model& m, const Eigen::Matrix4d& T06, int shift, std::optional<Model>& chain, bool& exact,
             std::string& why) {
  chain.reset();
  exact = true;
  if (shift == 0) return true;
  try {
    CyclicChain c = cyclicChain(m, T06, shift);
    exact = c.exact;
    chain.emplace(std::move(c.spec));
    return true;
  } catch (const std::exception& e) {
    if (why.empty()) why = std::string("the loop from joint ") + std::to_string(shift + 1) + " cannot be built: " + e.what();
    return false;
  }
}

// The candidates on C (or the arm: `chain` empty) as the arm's joint values: the elimination's
// unrefined ones with their residuals on C (`structure` nullptr) or what C's structure family
// finds (residuals not set). -1: the elimination is degenerate at this target.
int shiftCandidates(const Model& m, const Eigen::Matrix4d& T06, int shift, const std::optional<Model>& chain,
                    const IkFamily* structure, const JointVector6& seed, JointVector6 out[kMaxCandidates],
                    double residual[kMaxCandidates], unsigned char fromSeed[kMaxCandidates], unsigned char& seedMoved,
                    std::string& why) {
  const Model& c = chain ? *chain : m;
  // C's tool pose is the identity (its BASE and TOOL are); the arm's frame 6 is T06.
  const Eigen::Matrix4d target = chain ? Eigen::Matrix4d::Identity() : T06;
  if (!structure) {
    JointVector6 q[kMaxCandidates];
    const int count = general6rForwardCandidates(c, target, q, residual, kMaxCandidates);
    if (count < 0 && why.empty())
      why = "the elimination of the loop from joint " + std::to_string(shift + 1) + " is degenerate at this pose";
    for (int r = 0; r < count; ++r) {
      for (int j = 0; j < 6; ++j) out[r](cyclicJoint(6, shift, j)) = q[r](j);
      fromSeed[r] = 0;
    }
    return count;
  }
  Solver inner(c, target * c.tool());
  for (int j = 0; j < 6; ++j) inner.seed(j) = seed(cyclicJoint(6, shift, j));
  structure->solve(inner);
  if (inner.rawCount == 0 && why.empty()) why = inner.unreachable;
  seedMoved = 0;  // the joints any of C's solutions moved (Solver::nearestJoints), as the arm's
  for (int r = 0; r < inner.rawCount; ++r) {
    if (!((inner.nearestRaws >> r) & 1u)) continue;  // nearestJoints[r] is set only then
    for (int j = 0; j < 6; ++j)
      if (inner.nearestJoints[static_cast<std::size_t>(r)] & (1u << j))
        seedMoved = static_cast<unsigned char>(seedMoved | (1u << cyclicJoint(6, shift, j)));
  }
  for (int r = 0; r < inner.rawCount; ++r) {
    fromSeed[r] = 0;
    for (int j = 0; j < 6; ++j) {
      out[r](cyclicJoint(6, shift, j)) = inner.raw[r].q(j);
      if (inner.raw[r].fromSeed & (1u << j))  // the structure family took it from the seed
        fromSeed[r] = static_cast<unsigned char>(fromSeed[r] | (1u << cyclicJoint(6, shift, j)));
    }
  }
  return inner.rawCount;
}

const Plan& planOf(const Model& m) {
  thread_local Plan plan;
  if (plan.key.matches(m)) return plan;
  plan.key.valid = false;
  struct Option {
    int shift;
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
    bool exact = true;
    std::string why;
    if (!chainAt(m, T, s, chain, exact, why)) continue;
    const IkFamily* f = chain ? familyOf(*chain) : nullptr;
    if (chain && !f) continue;
    const bool general = !chain || std::strcmp(f->name, "general_6r") == 0;
    const IkFamily* structure = general ? nullptr : f;
    JointVector6 raw[kMaxCandidates];
    double residual[kMaxCandidates];
    unsigned char fromSeed[kMaxCandidates];
    unsigned char seedMoved = 0;
    const int rawCount = shiftCandidates(m, T, s, chain, structure, probe, raw, residual, fromSeed, seedMoved, why);
    if (rawCount <= 0) continue;
    // Judged by the solutions the shift gives, as solve keeps them (polished on the arm), not by
    // raw candidates: the elimination's include some that are not solutions.
    JointVector6 found[kGeneral6rMaxSolutions];
    const int count = general6rPolish(m, T, raw, nullptr, rawCount, found);
    if (count == 0) continue;
    bool verified = false;
    for (int r = 0; r < count && !verified; ++r) {
      // (to 1e-6 rad: the probe may sit near a singularity, where a solution's joint values are
      // less sharp than its pose)
      bool near = true;
      for (int i = 0; i < 6 && near; ++i) near = std::abs(std::remainder(found[r](i) - probe(i), 2.0 * M_PI)) < 1e-6;
      verified = near;
    }
    options[n++] = {s, structure, verified, std::min(pairSkew(s), pairSkew(s + 1))};
  }
  std::stable_sort(options, options + n, [](const Option& a, const Option& b) {
    if (a.verified != b.verified) return a.verified;
    if ((a.structure != nullptr) != (b.structure != nullptr)) return a.structure != nullptr;
    return a.skew > b.skew;
  });
  plan.count = n;
  for (int k = 0; k < n; ++k) {
    plan.shift[k] = options[k].shift;
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
  if (planOf(m).count == 0) {
    // Seen only on arms with two axes nearly on one line (1e-7..1e-5 of it), nearly degenerate.
    if (const int j = general6rNearlyCollinearPair(m)) {
      char text[240];
      std::snprintf(text, sizeof text,
                    "has axes %d and %d nearly on one line (%.2g deg, %.2g m apart): nearly degenerate, its solutions "
                    "nearly a continuum, and no joint from which its loop is solved finds them",
                    j, j + 1, std::asin(std::min(1.0, std::abs(m.sinAlpha(j - 1)))) * 180.0 / M_PI,
                    std::abs(m.dh(j - 1).a));
      return text;
    }
    return "has no joint from which its loop is solved in closed form or by the elimination";
  }
  return "";
}

void solve(Solver& s) {
  const Model& m = s.model;
  const Plan& plan = planOf(m);
  const Eigen::Matrix4d& T06 = s.flange;
  std::string why;
  for (int k = 0; k < plan.count; ++k) {
    const int shift = plan.shift[k];
    std::optional<Model> chain;
    bool exact = true;
    if (!chainAt(m, T06, shift, chain, exact, why)) continue;
    if (plan.structure[k]) {
      std::string misfit = plan.structure[k]->misfit(*chain);
      if (!misfit.empty()) continue;  // C's structure is the probe's, not this target's
    }
    JointVector6 raw[kMaxCandidates];
    double residual[kMaxCandidates];
    unsigned char rawFromSeed[kMaxCandidates];
    unsigned char seedMoved = 0;
    const int count =
        shiftCandidates(m, T06, shift, chain, plan.structure[k], s.seed, raw, residual, rawFromSeed, seedMoved, why);
    // Refined and checked on the arm itself (general6rPolish), each unless the elimination left it
    // on C's pose to 1e-12 and C is the loop exactly: C's tool pose error is the arm's frame-6
    // error turned into the frame of joint shift + 1 (a similarity: the same angle; the offset
    // moved by that angle times a lever within the arm), and C may drop a tilt below 1e-7 rad
    // where the arm's last and first axes are nearly parallel. A structure family's candidates
    // (C's own solutions, not checked on the arm) are all refined.
    JointVector6 found[kGeneral6rMaxSolutions];
    std::optional<Eigen::Matrix4d> frames[kGeneral6rMaxSolutions];
    const bool known = exact && !plan.structure[k];
    unsigned char fromSeed[kGeneral6rMaxSolutions];
    const int kept = count > 0 ? general6rPolish(m, T06, raw, known ? residual : nullptr, count, found, nullptr,
                                                 frames, rawFromSeed, fromSeed)
                               : 0;
    if (kept == 0) {
      if (why.empty() && count > 0)
        why = "no candidate of the loop from joint " + std::to_string(shift + 1) + " reaches the pose";
      continue;
    }
    // The structure family's moved free joints (its refinement merges and reorders the
    // solutions): marked on a solution where such a joint is not at the seed's value.
    for (int f = 0; f < kept; ++f) {
      s.addWithFrame6(found[f], f, frames[f], fromSeed[f]);
      unsigned char moved = 0;
      for (int j = 0; j < 6; ++j) {
        const double d = found[f](j) - s.seed(j);
        // (beyond the drift a polish may leave on a joint still taken from the seed: stillFree)
        const bool apart = std::abs(m.isRevolute(j) ? std::remainder(d, 2.0 * M_PI) : d) > kStillFreeDrift;
        if ((seedMoved & fromSeed[f] & (1u << j)) && apart) moved = static_cast<unsigned char>(moved | (1u << j));
      }
      if (moved) s.markNearestToSeed(moved);
    }
    return;
  }
  s.fail(why.empty() ? "no real solution: the pose is out of reach" : why);
}

}  // namespace

// Numbered branches: the default is the solution nearest the seed; when nothing is found, damped
// least squares before saying why.
extern const IkFamily kCyclic6rFamily = {"cyclic_6r", {}, &configurations, &misfit, &solve, true, true};

}  // namespace armdyn::ik
