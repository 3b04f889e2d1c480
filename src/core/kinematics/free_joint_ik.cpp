#include "kinematics/free_joint_ik.h"

#include "kinematics/dh_from_axes.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"
#include "kinematics/reversed_chain.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>

namespace armdyn {

namespace {

// The spec of a chain given by its axes (common frame: the arm's world) and tip, joints taken
// from `links` in the same order (limits, types and mass data kept; DH, BASE, TOOL replaced;
// drives, the payload and the shapes dropped: only the kinematics is used, and the shapes' frames
// were the arm's).
RobotSpec chainSpec(const RobotSpec& arm, std::vector<LinkSpec> links, const std::vector<JointAxisLine>& axes,
                    const Eigen::Matrix4d& tip) {
  const DhChain chain = dhFromAxes(axes, tip);
  RobotSpec spec = arm;
  spec.family.clear();
  spec.home.resize(0);
  spec.payload.reset();
  spec.baseVisuals.clear();
  for (std::size_t i = 0; i < links.size(); ++i) {
    links[i] = chainLinkOf(links[i]);
    links[i].dh = chain.dh[i];
  }
  spec.links = std::move(links);
  spec.base = chain.base;
  spec.tool = chain.tool;
  return spec;
}

// The six joints other than `joint`, with `joint` at `value`: same joint values as the arm's.
RobotSpec heldJointChain(const Model& model, int joint, double value) {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.dof());
  q(joint) = value;
  LinkFrameArray frames;
  const Eigen::Matrix4d tip = forwardKinematics(model, q, frames.data());
  std::vector<JointAxisLine> axes;
  std::vector<LinkSpec> links;
  for (int i = 0; i < model.dof(); ++i) {
    if (i == joint) continue;
    axes.push_back({frames[static_cast<std::size_t>(i)].topRightCorner<3, 1>(),
                    frames[static_cast<std::size_t>(i)].block<3, 1>(0, 2), model.jointType(i)});
    links.push_back(model.spec().links[static_cast<std::size_t>(i)]);
  }
  return chainSpec(model.spec(), std::move(links), axes, tip);
}

// The six-joint model that solves the arm with `joint` held, and whether it is reversed; the
// family's misfit when neither fits.
struct HeldChain {
  std::optional<Model> model;
  bool reversed = false;
  std::string family;
  std::string why;
};

// Whether `family` solves by structure (not "general_6r" or "cyclic_6r": the elimination).
bool byStructure(const std::string& family) {
  return !family.empty() && family != "general_6r" && family != "cyclic_6r";
}

// The families that solve a chain exactly by structure, before "general_6r" (an elimination that
// takes almost any 6R chain, slower, and can merge close pairs of solutions near a fold): a
// direct chain with one of them, then the reversed chain with one, then general_6r either way.
// The family found is written into the chain's spec, so solving does not check it again.
HeldChain solvableChain(const Model& arm, int joint, double value) {
  HeldChain h;
  RobotSpec directSpec = heldJointChain(arm, joint, value);
  const Model direct(directSpec);
  const std::string familyDirect = kinematicFamily(direct);
  const auto take = [&](RobotSpec& spec, const std::string& family, bool isReversed) {
    spec.family = family;
    h.model.emplace(spec);
    h.reversed = isReversed;
    h.family = family;
  };
  if (byStructure(familyDirect)) {
    take(directSpec, familyDirect, false);
    return h;
  }
  RobotSpec reversedSpec = reversedChain(direct).spec;  // built only when the direct chain needs it
  const std::string familyReversed = kinematicFamily(Model(reversedSpec));
  if (byStructure(familyReversed)) take(reversedSpec, familyReversed, true);
  else if (!familyDirect.empty()) take(directSpec, familyDirect, false);
  else if (!familyReversed.empty()) take(reversedSpec, familyReversed, true);
  else
    h.why = "holding joint " + std::to_string(joint + 1) +
            " leaves six joints no closed form solves (no spherical wrist or shoulder, no three parallel joints, and "
            "the general elimination is degenerate)";
  return h;
}

void checkArm(const Model& model, int joint) {
  if (model.dof() != 7)
    throw std::invalid_argument("a free joint needs a seven-joint arm; the robot has " + std::to_string(model.dof()));
  if (joint < 0 || joint >= 7)
    throw std::invalid_argument("free joint " + std::to_string(joint + 1) + " does not exist (joints 1 to 7)");
}

}  // namespace

std::string freeJointMisfit(const Model& model, int joint) {
  checkArm(model, joint);
  return solvableChain(model, joint, 0.0).why;
}

int defaultFreeJoint(const Model& model) {
  if (model.dof() != 7) return -1;
  // First a joint whose holding leaves a chain a family solves by structure directly (the
  // iiwa's joint 3: a spherical wrist in front of joints 1, 2, 4), then reversed (the Panda's
  // joint 7: joints 1-3 meet in the shoulder), then by the general 6R elimination; each pass from
  // the wrist inwards.
  HeldChain chains[7];
  for (int j = 0; j < 7; ++j) chains[j] = solvableChain(model, j, 0.0);
  const auto exact = [](const HeldChain& h) { return h.model && byStructure(h.family); };
  for (int pass = 0; pass < 3; ++pass)
    for (int j = 6; j >= 0; --j) {
      const HeldChain& h = chains[j];
      if ((pass == 0 && exact(h) && !h.reversed) || (pass == 1 && exact(h) && h.reversed) || (pass == 2 && h.model))
        return j;
    }
  return -1;
}

FreeJointIk freeJointInverseKinematics(const Model& model, const Eigen::Matrix4d& pose, int joint, double value,
                                       const Eigen::VectorXd& seed) {
  checkArm(model, joint);
  if (seed.size() != 0 && (seed.size() != model.dof() || !seed.allFinite()))
    throw std::invalid_argument("free joint IK: seed must hold " + std::to_string(model.dof()) + " finite values");
  if (!std::isfinite(value)) throw std::invalid_argument("free joint value is not finite");
  FreeJointIk out;
  const LinkSpec& held = model.spec().links[static_cast<std::size_t>(joint)];
  if (!(value >= held.qMin - kJointLimitTolerance && value <= held.qMax + kJointLimitTolerance)) {
    out.reason = "joint " + std::to_string(joint + 1) + " value is outside its limits";
    return out;
  }
  const HeldChain chain = solvableChain(model, joint, value);
  if (!chain.model) {
    out.reason = chain.why;
    return out;
  }
  out.applicable = true;
  out.solver = chain.family + (chain.reversed ? ", reversed chain" : "");
  const Eigen::Matrix4d target = chain.reversed ? Eigen::Matrix4d(rigidInverse(pose)) : pose;
  // The arm's seed as the chain's joints (reversed_chain.h: q'_k = -q_{7-k}, the held one skipped).
  const Eigen::VectorXd& armSeed = seed.size() != 0 ? seed : model.home();
  Eigen::VectorXd chainSeed(6);
  for (int i = 0, k = 0; i < 7; ++i) {
    if (i == joint) continue;
    if (chain.reversed) chainSeed(5 - k) = -armSeed(i);
    else chainSeed(k) = armSeed(i);
    ++k;
  }
  const ClosedFormIk six = closedFormInverseKinematics(*chain.model, target, chainSeed);
  out.reason = six.reason();
  // Back to the arm's joints: the six values (reversed if the chain was) around the held one.
  const auto full = [&](const IkCandidate& c) {
    IkCandidate f;
    f.q.resize(7);
    for (int i = 0, k = 0; i < 7; ++i) {
      if (i == joint) {
        f.q(i) = value;
        continue;
      }
      f.q(i) = chain.reversed ? -c.q(5 - k) : c.q(k);  // reversed_chain.h: q'_k = -q_{7-k}
      ++k;
    }
    f.configuration = c.configuration;
    f.rejection = c.rejection;
    // The six-joint chain's free joints, as the arm's joints (skipping the held one).
    for (int k = 0; k < 6; ++k)
      if (c.fromSeed & (1u << k)) {
        const int chainJoint = chain.reversed ? 5 - k : k;
        const auto bit = static_cast<unsigned char>(1u << (chainJoint < joint ? chainJoint : chainJoint + 1));
        f.fromSeed |= bit;
        if (c.nearestToSeed & (1u << k)) f.nearestToSeed |= bit;
      }
    return f;
  };
  // Each checked on the arm itself: the chain's DH came from its axes.
  for (const IkCandidate& c : six.solutions) {
    IkCandidate f = full(c);
    const Vector6d e = poseError(pose, toolPose(model, f.q));
    if (e.norm() < 1e-9) {
      out.solutions.push_back(std::move(f));
    } else {
      char buf[120];
      std::snprintf(buf, sizeof buf, "the arm misses the pose by %.3g (m + rad)", e.norm());
      f.rejection.kind = IkRejection::Kind::Text;
      f.rejection.text = buf;
      out.rejected.push_back(std::move(f));
    }
  }
  for (const IkCandidate& c : six.rejected) {
    IkCandidate f = full(c);
    // The reason in the arm's joint numbers (the chain's are shifted, or reversed).
    const JointLimitViolation limits = findJointLimitViolation(model, f.q);
    if (limits.joint >= 0) {
      f.rejection.kind = IkRejection::Kind::JointLimits;
      f.rejection.limits = limits;
    }
    out.rejected.push_back(std::move(f));
  }
  if (out.solutions.empty() && !out.rejected.empty()) {
    std::string why;
    for (const IkCandidate& c : out.rejected) why += (why.empty() ? "" : "; ") + c.reason();
    out.reason = "no solution within joint limits with joint " + std::to_string(joint + 1) + " held (" + why + ")";
  }
  return out;
}

}  // namespace armdyn
