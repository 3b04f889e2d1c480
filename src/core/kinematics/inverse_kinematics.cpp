#include "kinematics/inverse_kinematics.h"

#include "kinematics/damped_least_squares.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/ik_family.h"
#include "kinematics/ik_solver.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/workspace.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <utility>

// The families themselves (names, configurations, structure checks, solvers) are the table of
// ik_family.h; this file runs one and turns its raw solutions into checked candidates.

namespace armdyn {

namespace {

using ik::format;
using ik::JointVector6;
using ik::RawSolution;

constexpr double kAcceptResidual = 1e-7; // a closed-form solution must rebuild the pose to this
constexpr double kDuplicateTol = kSameJointsTolerance;  // two solutions closer than this are one
// A closed-form solution further than this from the pose is polished. Exact closed forms land
// within rounding (m + rad, arms of metre size: the PUMA's worst seen 3.4e-14, the UR5's 1.4e-15
// over seeded sweeps); 1e-13 still polishes an arm taken as special within its tolerance (the
// Kinova Jaco 2: d5 = 5e-13, a 5.1e-13 floor), whose joints near a singularity are otherwise off
// by that floor over the distance to it (1.5e-5 rad at q5 = 1e-6).
constexpr double kPolishAbove = 1e-13;

double residualOf(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& q) {
  Vector6d e = poseError(pose, toolPose(model, q));
  if (model.dof() < 6) e.tail<3>().setZero();
  return e.norm();
}

// The pose error of q, cheaply: position error plus |R_target - R| / sqrt(2) (the rotation
// angle to first order), m and rad. Six joints: frame 6 against `target6` (the pose with BASE
// and TOOL removed); fewer: the tool point against the pose's, position only.
double quickResidual(const Model& model, const Eigen::Matrix4d& pose, const Eigen::Matrix4d& target6,
                     const JointVector6& q, int n, const std::optional<Eigen::Matrix4d>& frame3 = std::nullopt,
                     const std::array<double, 6>* wristCs = nullptr,
                     const std::optional<Eigen::Matrix4d>& frame6 = std::nullopt) {
  if (frame6 && n == 6) return frameResidual(target6, *frame6);  // frame 6 at q as the family computed it
  Eigen::Matrix4d T = frame3 ? *frame3 : dhTransform(model, 0, q(0));
  if (frame3 && wristCs && n == 6) {
    for (int i = 3; i < 6; ++i) ik::appendRevoluteLink(T, model, i, (*wristCs)[i - 3], (*wristCs)[i]);
  } else {
    for (int i = frame3 ? 3 : 1; i < n; ++i) appendDhTransform(T, model, i, q(i));
  }
  if (n < 6) {
    const Eigen::Vector3d p = (model.base() * T * model.tool()).topRightCorner<3, 1>();
    return (pose.topRightCorner<3, 1>() - p).norm();
  }
  return frameResidual(target6, T);
}

// A few Gauss-Newton steps from a closed-form solution: acos near +-1 (full stretch) and
// atan2 near singular wrists lose digits; each step is kept only if it lowers the error.
void polish(const Model& model, const Eigen::Matrix4d& pose, Eigen::VectorXd& q) {
  const int n = model.dof();
  const int rows = n < 6 ? 3 : 6;
  LinkFrameArray frames;
  Eigen::MatrixXd J(6, n);
  double err = residualOf(model, pose, q);
  for (int it = 0; it < 4 && err > 1e-14; ++it) {
    const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
    geometricJacobian(model, frames.data(), tool, J);
    const Vector6d e = poseError(pose, tool);
    const Eigen::MatrixXd Jm = J.topRows(rows);
    Eigen::MatrixXd A = Jm * Jm.transpose();
    A.diagonal().array() += 1e-14;
    const Eigen::VectorXd trial = q + Jm.transpose() * A.ldlt().solve(e.head(rows));
    const double trialErr = residualOf(model, pose, trial);
    if (!(trialErr < err)) break;
    q = trial;
    err = trialErr;
  }
}

// The joints' types and limits, read once per pose for every candidate's duplicate and limit
// checks: the limits themselves (qMin, qMax) and with kJointLimitTolerance (lo, hi).
struct JointBounds {
  std::array<double, 6> qMin, qMax, lo, hi;
  std::array<bool, 6> revolute;
  JointBounds(const Model& model, int n) {
    for (int i = 0; i < n; ++i) {
      const LinkSpec& l = model.spec().links[static_cast<std::size_t>(i)];
      qMin[i] = l.qMin, qMax[i] = l.qMax;
      lo[i] = l.qMin - kJointLimitTolerance;
      hi[i] = l.qMax + kJointLimitTolerance;
      revolute[i] = model.isRevolute(i);
    }
  }
  // Within the limits with their tolerance.
  bool within(const JointVector6& q, int n) const { return inside(lo, hi, q, n); }
  // Within the limits themselves.
  bool withinNominal(const JointVector6& q, int n) const { return inside(qMin, qMax, q, n); }

 private:
  static bool inside(const std::array<double, 6>& low, const std::array<double, 6>& high, const JointVector6& q,
                     int n) {
    bool in = true;
    for (int i = 0; i < n; ++i) in = in && q(i) >= low[i] && q(i) <= high[i];
    return in;
  }
};

// Both wrapped (wrapJointValue): a revolute difference is within (-4 pi, 4 pi).
bool sameSolution(const JointBounds& b, const JointVector6& x, const JointVector6& y, int n) {
  for (int i = 0; i < n; ++i) {
    double d = x(i) - y(i);
    if (b.revolute[i] && std::abs(d) > M_PI) d = wrapToPi(d);
    if (std::abs(d) > kDuplicateTol) return false;
  }
  return true;
}

std::vector<std::string> tokens(const std::string& name) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : name) {
    if (ch == '_' || ch == '-' || ch == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool matches(const std::string& name, const std::vector<std::string>& wanted) {
  const std::vector<std::string> have = tokens(name);
  for (const std::string& t : wanted)
    if (std::find(have.begin(), have.end(), t) == have.end()) return false;
  return true;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

}  // namespace

namespace {

// The numbers kinematicFamily reads: each link's theta, d, alpha, a, then the tool matrix.
template <typename F>
void forEachStructureNumber(const Model& model, F&& f) {
  int k = 0;
  for (int i = 0; i < model.dof(); ++i) {
    const DhParameters& dh = model.dh(i);
    for (double v : {dh.theta, dh.d, dh.alpha, dh.a}) f(k++, v);
  }
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) f(k++, model.tool()(r, c));
}

}  // namespace

std::string IkCandidate::why() const {
  std::string out;
  switch (rejection.kind) {
    case IkRejection::Kind::None: break;
    case IkRejection::Kind::JointLimits: appendJointLimitViolation(rejection.limits, out); break;
    case IkRejection::Kind::Residual:
      out = "closed form does not rebuild the pose (residual " + format("%.3g", rejection.residual) + ")";
      break;
    case IkRejection::Kind::Text: out = rejection.text; break;
  }
  return out;
}

std::string freeJointNames(unsigned char fromSeed) {
  std::string joints;
  for (int i = 0; i < 8; ++i)
    if (fromSeed & (1u << i)) joints += (joints.empty() ? "q" : ", q") + std::to_string(i + 1);
  return joints;
}

std::string continuumJoints(unsigned char fromSeed, unsigned char nearestToSeed, const char* anyValue,
                            const char* range) {
  const auto says = [](unsigned char mask, const char* what) {
    const std::string joints = freeJointNames(mask);
    return joints + (joints.find(',') != std::string::npos ? " take " : " takes ") + what;
  };
  const auto any = static_cast<unsigned char>(fromSeed & ~nearestToSeed);
  std::string text;
  if (any) text += says(any, anyValue);
  if (nearestToSeed) text += (any ? "; " : "") + says(nearestToSeed, range);
  return text;
}

std::string IkCandidate::continuum() const {
  if (fromSeed == 0) return std::string();
  return "one of a continuum of solutions (a singularity): " +
         continuumJoints(fromSeed, nearestToSeed, "any value, here the seed's",
                         "a range of values, here the one nearest the seed's");
}

std::string IkCandidate::reason() const {
  return rejection.kind == IkRejection::Kind::None ? std::string() : configuration + ": " + why();
}

namespace {

// A raw solution made a candidate: wrapped; false if `known` already holds it (singular targets
// repeat one); checked by forward kinematics once; polished only when the closed form lost
// digits (its fromSeed then keeps only the joints the polish left alone). `residual`: its pose
// error (m + rad).
template <typename Known>
bool finishRaw(const Model& model, const Eigen::Matrix4d& pose, const Eigen::Matrix4d& target6, int n, RawSolution& r,
               const Known& known, double& residual) {
  for (int i = 0; i < n; ++i) r.q(i) = wrapJointValue(model, i, r.q(i));
  if (known(r.q)) return false;
  residual = quickResidual(model, pose, target6, r.q, n, r.frame3, &r.wristCs, r.frame6);
  if (!(residual > kPolishAbove)) return true;  // (NaN: not polished, rejected by its residual)
  const JointVector6 before = r.q;
  std::optional<Eigen::Matrix4d> frame6;
  if (n == 6) {  // fixed size: no allocation
    frame6.emplace();
    if (ik::refineSixJoints(model, target6, r.q, 4, &*frame6) > kPolishAbove)
      ik::refineBesideFold(model, target6, r.q, 30, &*frame6);
  } else {
    Eigen::VectorXd q = r.q.head(n);
    polish(model, pose, q);
    r.q.head(n) = q;
  }
  for (int i = 0; i < n; ++i) r.q(i) = wrapJointValue(model, i, r.q(i));
  residual = quickResidual(model, pose, target6, r.q, n, std::nullopt, nullptr, frame6);
  r.fromSeed = ik::stillFree(model, r.fromSeed, before, r.q, n);
  return !known(r.q);
}

// e: a member of a continuum with one free joint i (e.fromSeed), outside the joint limits. The
// branch is solved again with joint i's seed at other values, a degree apart (a 360th of the
// travel for a prismatic joint) over its limits (one turn for a revolute), from the seed's value
// (or the limit nearest it) outward on both sides, each limit itself the last sample; the first
// member within the limits on a side is bisected against the sample before it (outside, or not
// a member) to the edge of the members within the nominal limits, and the edge nearer the seed's
// value replaces e, its joint i then also nearestToSeed. A side stops once its samples are
// further than an edge found. e stays as it was when a joint outside its limits does not move
// with joint i (two probes a step either side of e's joint i: a shortcut, the sweep would find
// nothing), joint i is prismatic without limits, or no sample is within the limits. A member
// is a candidate that still has joint i free, of e's configuration; for numbered branches
// (renumbered as joint i moves them in the order), the one nearest the member before it.
void moveIntoLimits(const Model& model, const Eigen::Matrix4d& pose, const IkFamily& family, const JointVector6& seed,
                    const JointBounds& bounds, int n, ClosedFormSet::Entry& e) {
  if ((e.fromSeed & (e.fromSeed - 1)) != 0) return;  // more than one free joint: left as it is
  int i = 0;
  while (!((e.fromSeed >> i) & 1u)) ++i;
  const unsigned char bit = e.fromSeed;
  const bool revolute = bounds.revolute[i];
  const bool numbered = family.configurations()[static_cast<std::size_t>(e.configuration)].rfind("branch", 0) == 0;
  const Eigen::Matrix4d inDh = rigidInverse(model.base()) * pose;
  const auto none = [](const JointVector6&) { return false; };
  const auto difference = [&](int j, double a, double b) { return bounds.revolute[j] ? wrapToPi(a - b) : a - b; };
  // The member with joint i's seed at t (among numbered branches the one nearest `near` in the
  // other joints), or false.
  const auto member = [&](double t, const JointVector6& near, ClosedFormSet::Entry& m) {
    ik::Solver s(model, inDh);
    s.seed = seed;
    s.seed(i) = t;
    family.solve(s);
    double nearest = 1e300;
    for (int k = 0; k < s.rawCount; ++k) {
      RawSolution& r = s.raw[k];
      if ((!numbered && r.configuration != e.configuration) || !(r.fromSeed & bit)) continue;
      double residual = 0.0;
      if (!finishRaw(model, pose, s.flange, n, r, none, residual) || !(r.fromSeed & bit)) continue;
      if (!(residual < kAcceptResidual)) continue;
      double g = 0.0;
      for (int j = 0; numbered && j < n; ++j)
        if (j != i) g = std::max(g, std::abs(difference(j, r.q(j), near(j))));
      if (!(g < nearest)) continue;
      nearest = g;
      m = e;
      m.q = r.q;
      m.configuration = r.configuration;
      m.residual = residual;
      m.withinLimits = bounds.withinNominal(r.q, n);  // the edge found lies on a limit, not its slack
    }
    return nearest < 1e300;
  };
  constexpr double kUnlimited = 1e299;  // LinkSpec's default limits are +-1e300
  double lo = bounds.qMin[i], hi = bounds.qMax[i];
  if (!(lo <= hi) || (!revolute && (lo <= -kUnlimited || hi >= kUnlimited))) return;
  // The seed's value, or (outside the limits) the limit nearest it; a revolute's modulo a turn.
  double start = std::clamp(seed(i), lo, hi);
  if (revolute && start != seed(i)) {
    const double turned = seed(i) + 2.0 * M_PI * std::round((0.5 * (lo + hi) - seed(i)) / (2.0 * M_PI));
    start = turned >= lo && turned <= hi ? turned
            : std::abs(wrapToPi(lo - seed(i))) <= std::abs(wrapToPi(hi - seed(i))) ? lo
                                                                                   : hi;
  }
  if (revolute) lo = std::max(lo, start - M_PI), hi = std::min(hi, start + M_PI);  // one turn
  const double step = revolute ? M_PI / 180.0 : std::max((hi - lo) / 360.0, 1e-12);
  // Every joint outside its limits must move with joint i.
  {
    ClosedFormSet::Entry probe[2];
    const bool have[2] = {member(e.q(i) + step, e.q, probe[0]), member(e.q(i) - step, e.q, probe[1])};
    for (int j = 0; j < n; ++j) {
      if (e.q(j) >= bounds.lo[j] && e.q(j) <= bounds.hi[j]) continue;
      bool moves = j == i;
      for (int p = 0; p < 2; ++p) moves = moves || (have[p] && std::abs(difference(j, probe[p].q(j), e.q(j))) > 1e-7);
      if (!moves) return;
    }
  }
  ClosedFormSet::Entry best;
  double bestDistance = 1e300;
  for (int side = 0; side < 2; ++side) {
    const double dir = side == 0 ? 1.0 : -1.0, edge = side == 0 ? hi : lo;
    JointVector6 last = e.q;  // the side's member before
    double before = start;    // the side's sample before
    for (int k = side; ; ++k) {  // (the start once, on side 0)
      double t = start + dir * k * step;
      if (dir * (t - edge) > 0.0) t = edge;  // the limit, the side's last sample
      if (k > 0 && (t == before || std::abs(before - seed(i)) > bestDistance)) break;
      ClosedFormSet::Entry m;
      const bool found = member(t, last, m);
      if (found && !m.withinLimits) last = m.q;
      if (!found || !m.withinLimits) {
        before = t;
        continue;
      }
      // Bisected toward the start against the sample before (outside, or not a member).
      double in = t, out = before;
      for (int it = 0; it < 60 && k > 0; ++it) {
        const double mid = 0.5 * (in + out);
        if (mid == in || mid == out) break;
        ClosedFormSet::Entry mm;
        if (member(mid, m.q, mm) && mm.withinLimits) in = mid, m = mm;
        else out = mid;
      }
      const double distance = std::abs(difference(i, m.q(i), seed(i)));
      if (distance < bestDistance) bestDistance = distance, best = m;
      break;
    }
  }
  if (bestDistance == 1e300) return;
  e = best;
  e.nearestToSeed = static_cast<unsigned char>(e.nearestToSeed | bit);
}

}  // namespace

bool ClosedFormSet::FamilyKey::matches(const Model& model) const {
  if (n != model.dof() || fileFamily != model.spec().family) return false;
  bool same = true;
  for (int i = 0; i < n; ++i) same = same && revolute[static_cast<size_t>(i)] == model.isRevolute(i);
  forEachStructureNumber(model, [&](int k, double v) { same = same && numbers[static_cast<size_t>(k)] == v; });
  return same;
}

void ClosedFormSet::FamilyKey::remember(const Model& model) {
  n = model.dof();
  fileFamily = model.spec().family;
  for (int i = 0; i < n; ++i) revolute[static_cast<size_t>(i)] = model.isRevolute(i);
  forEachStructureNumber(model, [&](int k, double v) { numbers[static_cast<size_t>(k)] = v; });
}

bool closedFormSolutions(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed, ClosedFormSet& out) {
  const int n = model.dof();
  if (seed.size() != 0 && seed.size() != n)
    throw std::invalid_argument("inverse kinematics: seed has " + std::to_string(seed.size()) +
                                " values, the robot has " + std::to_string(n) + " joints");
  if (!pose.allFinite()) throw std::invalid_argument("inverse kinematics: pose is not finite");
  // (A seed not finite put the free joint of a continuum at NaN, and sent three_parallel's
  // search for the nearest member of a range into an endless bisection.)
  if (!seed.allFinite()) throw std::invalid_argument("inverse kinematics: seed is not finite");
  out.applicable = false;
  out.count = 0;
  out.reason.clear();
  if (!out.familyKey.matches(model)) {
    // Found in full before any of it is stored: a check that throws leaves the set as it was.
    std::string family = kinematicFamily(model);
    const IkFamily* found = findIkFamily(family);
    std::string misfit = found ? found->misfit(model) : std::string();
    if (!found && family.empty() && n == 6 && model.spec().family.empty()) {
      // A six-revolute arm no family takes: the last family of the table (the catch-all of such
      // arms, ik_family.h) says why, e.g. two axes nearly on one line.
      bool allRevolute = true;
      for (int i = 0; i < n; ++i) allRevolute = allRevolute && model.isRevolute(i);
      const IkFamilyList families = ikFamilies();
      if (allRevolute && families.size > 0) misfit = families.first[families.size - 1]->misfit(model);
    }
    out.family = std::move(family);
    out.solver = found;
    out.misfit = std::move(misfit);
    out.familyKey.remember(model);
  }
  const std::string& family = out.family;
  if (family.empty()) {
    out.reason = !model.spec().family.empty() ? "no kinematic family"
                 : out.misfit.empty()             ? "no closed form fits the DH structure"
                                                  : "no closed form fits the DH structure: the arm " + out.misfit;
    return false;
  }
  const IkFamily* f = out.solver;
  if (!f) {
    out.reason = "unknown kinematic family '" + family + "'";
    return false;
  }
  if (n > 6) {  // no family solves more than six joints (every family's misfit refuses them)
    out.reason = "family '" + family + "' needs at most 6 joints";
    return false;
  }
  // The families solve in DH frame 0; the solutions are polished and checked in the world.
  ik::Solver s(model, rigidInverse(model.base()) * pose);
  const Eigen::Matrix4d& target6 = s.flange;
  for (int i = 0; i < n && i < 6; ++i) s.seed(i) = seed.size() == n ? seed(i) : model.homeValue(i);
  if (!out.misfit.empty()) {
    out.reason = "family '" + family + "' " + out.misfit;
    return false;
  }
  f->solve(s);
  out.applicable = true;

  // Each raw solution: wrapped, skipped if it repeats one kept (singular targets), checked by
  // forward kinematics once, polished only when the closed form lost digits, then marked within
  // or outside the joint limits.
  const JointBounds bounds(model, n);
  const auto known = [&](const JointVector6& q) {
    for (int k = 0; k < out.count; ++k)
      if (sameSolution(bounds, out.entries[k].q, q, n)) return true;
    return false;
  };
  for (int k = 0; k < s.rawCount; ++k) {
    RawSolution& r = s.raw[k];
    double residual = 0.0;
    if (!finishRaw(model, pose, target6, n, r, known, residual)) continue;
    ClosedFormSet::Entry& e = out.entries[out.count++];
    e.q = r.q;
    e.configuration = r.configuration;
    e.residual = residual;
    e.withinLimits = bounds.within(r.q, n);
    e.fromSeed = r.fromSeed;
    e.nearestToSeed =
        (s.nearestRaws >> k) & 1u ? static_cast<unsigned char>(r.fromSeed & s.nearestJoints[static_cast<size_t>(k)]) : 0;
  }
  // A continuum's member outside the joint limits with its free joint at the seed's value: the
  // member within the limits nearest the seed's, when there is one (a cold path: singular poses).
  for (int k = 0; k < out.count; ++k) {
    ClosedFormSet::Entry& e = out.entries[k];
    if (e.withinLimits || e.fromSeed == 0 || !(e.residual < kAcceptResidual)) continue;
    moveIntoLimits(model, pose, *f, s.seed, bounds, n, e);
    // Moved onto a member another entry holds (two branches' continua meeting): listed once.
    bool repeated = false;
    for (int j = 0; j < out.count; ++j)
      repeated = repeated || (j != k && sameSolution(bounds, out.entries[j].q, e.q, n));
    if (!repeated) continue;
    for (int j = k + 1; j < out.count; ++j) out.entries[j - 1] = out.entries[j];
    --out.count;
    --k;
  }
  if (out.count == 0) out.reason = s.unreachable.empty() ? "no closed-form solution" : s.unreachable;
  return true;
}

void closedFormInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed,
                                 ClosedFormIk& out) {
  // One set per thread, reused: its FamilyKey holds a copy of what the family was found for
  // (not a reference to the model), so the structure check, which builds strings, runs once per
  // model instead of once per pose, and a model edited or swapped since is checked again.
  thread_local ClosedFormSet set;
  // Solved first: `seed` may be one of out's candidates (the nearest solution of the pose
  // before), and a throw (bad seed, pose not finite) leaves `out` as it was.
  const bool applicable = closedFormSolutions(model, pose, seed, set);
  out.applicable = applicable;
  out.unreachable.assign(set.reason);
  const int n = model.dof();
  // Each list keeps the candidates it holds (their joint vectors and strings keep their
  // memory), hands those it no longer needs to the spare storage and takes what it lacks from
  // there.
  const auto isSolution = [](const ClosedFormSet::Entry& e) { return e.residual < kAcceptResidual && e.withinLimits; };
  int kept = 0;
  assert(applicable || set.count == 0);
  for (int k = 0; k < set.count; ++k) kept += isSolution(set.entries[k]);
  const auto resize = [&out](std::vector<IkCandidate>& list, int size) {
    const auto want = static_cast<std::size_t>(size);
    while (list.size() > want) {
      out.spare.push_back(std::move(list.back()));
      list.pop_back();
    }
    while (list.size() < want) {
      if (out.spare.empty()) {
        list.emplace_back();
      } else {
        list.push_back(std::move(out.spare.back()));
        out.spare.pop_back();
      }
    }
  };
  resize(out.solutions, kept);
  resize(out.rejected, set.count - kept);
  if (!applicable) return;
  const std::vector<std::string>& names = set.solver->configurations();
  std::size_t nextSolution = 0, nextRejected = 0;
  for (int k = 0; k < set.count; ++k) {
    const ClosedFormSet::Entry& e = set.entries[k];
    const bool rebuilds = e.residual < kAcceptResidual;
    IkCandidate& c = isSolution(e) ? out.solutions[nextSolution++] : out.rejected[nextRejected++];
    c.q = e.q.head(n);
    c.configuration.assign(names[static_cast<size_t>(e.configuration)]);
    c.fromSeed = e.fromSeed;
    c.nearestToSeed = e.nearestToSeed;
    IkRejection& r = c.rejection;
    r.kind = !rebuilds ? IkRejection::Kind::Residual
                       : (e.withinLimits ? IkRejection::Kind::None : IkRejection::Kind::JointLimits);
    r.residual = e.residual;
    r.limits = r.kind == IkRejection::Kind::JointLimits ? findJointLimitViolation(model, c.q) : JointLimitViolation();
    r.text.clear();
  }
}

std::string ClosedFormIk::reason() const {
  if (!unreachable.empty() || !solutions.empty() || rejected.empty()) return unreachable;
  std::vector<std::string> why;
  for (const IkCandidate& c : rejected) why.push_back(c.reason());
  return "no solution within joint limits (" + join(why, "; ") + ")";
}

ClosedFormIk closedFormInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const Eigen::VectorXd& seed) {
  ClosedFormIk result;
  closedFormInverseKinematics(model, pose, seed, result);
  return result;
}

std::string kinematicFamily(const Model& model) {
  if (!model.spec().family.empty()) return model.spec().family;
  for (const IkFamily* f : ikFamilies())
    if (f->misfit(model).empty()) return f->name;
  return "";
}

std::vector<std::string> familyConfigurations(const std::string& family) {
  const IkFamily* f = findIkFamily(family);
  return f ? f->configurations() : std::vector<std::string>();
}

const IkCandidate* selectSolution(const std::vector<IkCandidate>& solutions, const std::string& configuration) {
  const std::vector<std::string> wanted = tokens(configuration);
  for (const IkCandidate& c : solutions)
    if (matches(c.configuration, wanted)) return &c;
  return nullptr;
}

IkResult solveInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, const std::string& configuration,
                                const Eigen::VectorXd& seed) {
  const int n = model.dof();
  if (!pose.allFinite()) throw std::invalid_argument("inverse kinematics: pose is not finite");
  if ((pose.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() > 1e-12)
    throw std::invalid_argument("inverse kinematics: pose's last row must be 0 0 0 1");
  const Eigen::Matrix3d R = pose.topLeftCorner<3, 3>();
  if ((R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-6)
    throw std::invalid_argument("inverse kinematics: pose's rotation is not orthonormal");
  if (seed.size() != 0 && (seed.size() != n || !seed.allFinite()))
    throw std::invalid_argument("inverse kinematics: seed must hold " + std::to_string(n) + " finite values");

  IkResult result;
  const std::string family = kinematicFamily(model);
  if (!family.empty()) {
    const ClosedFormIk cf = closedFormInverseKinematics(model, pose, seed);
    if (cf.applicable) {
      const IkFamily* f = findIkFamily(family);  // known: an unknown family is not applicable
      result.method = IkMethod::ClosedForm;
      const std::vector<std::string> known = familyConfigurations(family);
      std::vector<std::string> knownTokens;
      for (const std::string& name : known)
        for (const std::string& t : tokens(name)) knownTokens.push_back(t);
      for (const std::string& t : tokens(configuration)) {
        if (std::find(knownTokens.begin(), knownTokens.end(), t) == knownTokens.end()) {
          result.reason = "unknown configuration '" + configuration + "' for family '" + family +
                          "' (configurations: " + join(known, ", ") + ")";
          return result;
        }
      }
      const IkCandidate* chosen = selectSolution(cf.solutions, configuration);
      if (chosen && configuration.empty() && f->defaultNearestSeed) {
        // Numbered branches have no preferred one: the nearest to the seed (or home).
        const Eigen::VectorXd from = seed.size() == n ? seed : model.home();
        const auto distance = [&](const IkCandidate& c) {
          double d = 0.0;
          for (int i = 0; i < n; ++i) d += std::abs(model.isRevolute(i) ? wrapToPi(c.q(i) - from(i)) : c.q(i) - from(i));
          return d;
        };
        for (const IkCandidate& c : cf.solutions)
          if (distance(c) < distance(*chosen)) chosen = &c;
      }
      if (const IkCandidate* c = chosen) {
        result.ok = true;
        result.q = c->q;
        result.configuration = c->configuration;
        result.residual = residualOf(model, pose, c->q);
        return result;
      }
      if (cf.solutions.empty() && cf.rejected.empty() && f->numericFallback && configuration.empty()) {
        // The general solver found nothing: a safety net before saying why, since its reasons
        // ("too far", "a void") come from estimates. Damped least squares from the seed.
        DlsOptions options;
        options.positionOnly = n < 6;
        const DlsResult dls = solveDampedLeastSquares(model, pose, seed, options);
        if (dls.converged && jointLimitViolation(model, dls.q).empty()) {
          result.ok = true;
          result.method = IkMethod::DampedLeastSquares;
          result.q = dls.q;
          result.residual = dls.residual;
          result.iterations = dls.iterations;
          result.note = "the closed form found no solution (" + cf.reason() + "); damped least squares did";
          return result;
        }
      }
      if (cf.solutions.empty()) {
        result.reason = cf.reason();
      } else {
        std::vector<std::string> why;
        for (const IkCandidate& c : cf.rejected)
          if (matches(c.configuration, tokens(configuration))) why.push_back(c.reason());
        std::vector<std::string> available;
        for (const IkCandidate& c : cf.solutions) available.push_back(c.configuration);
        result.reason = "no solution in configuration '" + configuration + "' within joint limits" +
                        (why.empty() ? "" : " (" + join(why, "; ") + ")") + "; available: " + join(available, ", ");
      }
      if (!cf.rejected.empty()) result.q = cf.rejected.front().q;
      return result;
    }
    result.note = "closed form not used: " + cf.reason();
  }

  result.method = IkMethod::DampedLeastSquares;
  const double distance = (pose.topRightCorner<3, 1>() - model.base().topRightCorner<3, 1>()).norm();
  const double bound = reachBound(model);
  if (distance > bound) {
    result.reason = format("distance %.4f m from the base exceeds the reach %.4f m", distance, bound);
    return result;
  }
  DlsOptions options;
  options.positionOnly = n < 6;
  const DlsResult dls = solveDampedLeastSquares(model, pose, seed, options);
  result.q = dls.q;
  result.residual = dls.residual;
  result.iterations = dls.iterations;
  result.ok = dls.converged;
  if (!result.ok)
    result.reason = "numerical IK did not converge (residual " + format("%.3g", dls.residual) + " after " +
                    std::to_string(dls.iterations) + " iterations from " + std::to_string(dls.starts) + " starts)";
  return result;
}

}  // namespace armdyn
