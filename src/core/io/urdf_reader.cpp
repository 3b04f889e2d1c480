#include "io/urdf_reader.h"

#include "common/input_error.h"
#include "common/number_text.h"
#include "common/text_file.h"
#include "kinematics/dh_from_axes.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "model/mass_properties.h"
#include "model/model.h"
#include "run/session.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>

namespace armdyn {

namespace {

// ---- the text before urdfdom sees it ----

// TinyXML parses elements recursively: a deeply nested file would exhaust the stack. Counts the
// element depth (comments, CDATA, processing instructions and quoted attribute values skipped);
// returns the line where kMaxUrdfNesting is passed, 0 when it is not.
int lineBeyondNesting(const std::string& text) {
  int depth = 0, line = 1;
  const std::size_t n = text.size();
  auto skipTo = [&](std::size_t from, const char* end) {
    const std::size_t k = text.find(end, from);
    const std::size_t stop = k == std::string::npos ? n : k + std::char_traits<char>::length(end);
    line += static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(from),
                                        text.begin() + static_cast<std::ptrdiff_t>(stop), '\n'));
    return stop;
  };
  std::size_t i = 0;
  while (i < n) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (c != '<') {
      ++i;
      continue;
    }
    if (text.compare(i, 4, "<!--") == 0) { i = skipTo(i, "-->"); continue; }
    if (text.compare(i, 9, "<![CDATA[") == 0) { i = skipTo(i, "]]>"); continue; }
    if (i + 1 < n && (text[i + 1] == '?' || text[i + 1] == '!')) { i = skipTo(i, ">"); continue; }
    const bool closing = i + 1 < n && text[i + 1] == '/';
    // To the end of the tag, over quoted attribute values.
    std::size_t k = i + 1;
    char quote = 0;
    for (; k < n; ++k) {
      if (text[k] == '\n') ++line;
      if (quote) {
        if (text[k] == quote) quote = 0;
      } else if (text[k] == '"' || text[k] == '\'') {
        quote = text[k];
      } else if (text[k] == '>') {
        break;
      }
    }
    const bool selfClosing = k < n && k > i && text[k - 1] == '/';
    if (closing) {
      depth = std::max(0, depth - 1);
    } else if (!selfClosing) {
      if (++depth > kMaxUrdfNesting) return line;
    }
    i = k + 1;
  }
  return 0;
}

// urdfdom 3.0 hands some attribute text to printf as the format of a log message (a number it
// cannot read, for one): a '%' there makes printf pad for seconds ("%1721982615e", found by
// fuzzing) or write memory ("%n"). The line of the first '%' outside comments, 0 when none.
int lineOfPercent(const std::string& text) {
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') ++line;
    if (text.compare(i, 4, "<!--") == 0) {
      const std::size_t end = text.find("-->", i + 4);
      const std::size_t stop = end == std::string::npos ? text.size() : end + 3;
      line += static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(i),
                                          text.begin() + static_cast<std::ptrdiff_t>(stop), '\n'));
      i = stop - 1;
      continue;
    }
    if (text[i] == '%') return line;
  }
  return 0;
}

// The line of the element `<tag ... name="NAME"` (1 when not found: the file as a whole).
int lineOfElement(const std::string& text, const std::string& tag, const std::string& name) {
  for (const char q : {'"', '\''}) {
    const std::string attribute = std::string("name=") + q + name + q;
    for (std::size_t at = text.find(attribute); at != std::string::npos; at = text.find(attribute, at + 1)) {
      const std::size_t open = text.rfind('<', at);
      if (open == std::string::npos) continue;
      std::size_t e = open + 1;
      while (e < at && !std::isspace(static_cast<unsigned char>(text[e]))) ++e;
      if (text.compare(open + 1, e - open - 1, tag) == 0)
        return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(open), '\n'));
    }
  }
  return 1;
}

// urdfdom reports through console_bridge; while it parses, the messages are kept here (one parse
// at a time: the handler is process-wide).
class CapturedLog : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level < console_bridge::CONSOLE_BRIDGE_LOG_ERROR) return;
    if (first.empty()) first = text;
    if (errors.size() < 16) errors.push_back(text);
  }
  std::string first;
  std::vector<std::string> errors;  // urdfdom goes on after some (a mass it cannot read: mass 0)
};

// "... for Link [NAME]" in a urdfdom message: ("link", NAME); joints likewise; else empty.
std::pair<std::string, std::string> elementNamedIn(const std::string& message) {
  for (const auto& [word, tag] : {std::pair<const char*, const char*>{"Link [", "link"}, {"link [", "link"},
                                  {"Joint [", "joint"}, {"joint [", "joint"}}) {
    const std::size_t at = message.find(word);
    if (at == std::string::npos) continue;
    const std::size_t start = at + std::char_traits<char>::length(word), end = message.find(']', start);
    if (end != std::string::npos) return {tag, message.substr(start, end - start)};
  }
  return {};
}

std::string trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.erase(s.begin());
  return s;
}

std::mutex& parseMutex() {
  static std::mutex m;
  return m;
}

// ---- geometry ----

Eigen::Matrix4d poseOf(const urdf::Pose& p) {
  double x, y, z, w;
  p.rotation.getQuaternion(x, y, z, w);
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  const Eigen::Quaterniond q(w, x, y, z);
  T.topLeftCorner<3, 3>() = q.norm() > 0.0 ? q.normalized().toRotationMatrix() : Eigen::Matrix3d::Identity();
  T.topRightCorner<3, 1>() = Eigen::Vector3d(p.position.x, p.position.y, p.position.z);
  if (!(std::abs(q.norm() - 1.0) < 1e-6)) T(0, 0) = std::nan("");  // a rotation that is none: refused by the caller
  return T;
}

Eigen::Vector3d vectorOf(const urdf::Vector3& v) { return {v.x, v.y, v.z}; }

bool movable(const urdf::Joint& j) {
  return j.type == urdf::Joint::REVOLUTE || j.type == urdf::Joint::CONTINUOUS || j.type == urdf::Joint::PRISMATIC;
}

const char* typeName(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    case urdf::Joint::FIXED: return "fixed";
    default: return "unknown";
  }
}

// The joint's motion by q: about (revolute) or along (prismatic) its unit axis, in its frame.
Eigen::Matrix4d motionOf(const urdf::Joint& j, const Eigen::Vector3d& axis, double q) {
  Eigen::Matrix4d M = Eigen::Matrix4d::Identity();
  if (j.type == urdf::Joint::PRISMATIC)
    M.topRightCorner<3, 1>() = axis * q;
  else if (j.type != urdf::Joint::FIXED)
    M.topLeftCorner<3, 3>() = Eigen::AngleAxisd(q, axis).toRotationMatrix();
  return M;
}

// Round-off of the construction (1e-16 m or rad) written as 0, +-1 and +-pi/2, +-pi: files
// read "alpha: 90", not "alpha: 90.000000000000014". Moves nothing by more than 1e-15.
double snapped(double v) {
  for (const double exact : {0.0, 1.0, -1.0, M_PI / 2, -M_PI / 2, M_PI, -M_PI})
    if (std::abs(v - exact) < 1e-15) return exact;
  return v;
}

Eigen::Matrix4d snapped(Eigen::Matrix4d T) {
  for (int k = 0; k < 16; ++k) T.data()[k] = snapped(T.data()[k]);
  return T;
}

double rotationAngle(const Eigen::Matrix3d& R) {
  return Eigen::AngleAxisd(R).angle();
}

class Importer {
 public:
  Importer(const std::string& text, const std::string& file, const UrdfOptions& options)
      : text_(text), file_(file), options_(options) {}
  // urdfdom's links hold their children by shared_ptr: links that form a loop (refused by
  // checkTree) would keep each other alive. Cut every child list so the model is freed.
  ~Importer() {
    if (!model_) return;
    for (auto& [name, l] : model_->links_) {
      if (!l) continue;
      l->child_links.clear();
      l->child_joints.clear();
      l->parent_joint.reset();
    }
  }
  Importer(const Importer&) = delete;
  Importer& operator=(const Importer&) = delete;

  UrdfImport run() {
    parse();
    checkTree();
    checkJoints();
    chooseTip();
    walkChain();
    buildRobot();
    checkForwardKinematics();
    return std::move(out_);
  }

  std::vector<UrdfLeaf> leaves() {
    parse();
    checkTree();
    checkJoints();
    std::vector<UrdfLeaf> out;
    for (const auto& [name, l] : model_->links_)
      if (l && l->child_joints.empty()) out.push_back({name, movableDepth(l.get()), ""});
    std::sort(out.begin(), out.end(), [](const UrdfLeaf& a, const UrdfLeaf& b) {
      return a.movableJoints != b.movableJoints ? a.movableJoints > b.movableJoints : a.link < b.link;
    });
    for (std::size_t k = 0; k < out.size() && k < kMaxTipTrials; ++k)
      if (const std::optional<MimicBlock> block = mimicBlock(model_->getLink(out[k].link).get()))
        out[k].refusal = "joint '" + block->joint + "': " + block->message;
    return out;
  }

 private:
  // Leaves checked one by one for a <mimic> block when choosing the tip (a bound on the work a
  // file of many equal leaves costs; past it they count as candidates, and so as ambiguous).
  static constexpr std::size_t kMaxTipTrials = 64;
  // The longest chain of <mimic> leaders taken (real grippers follow one joint).
  static constexpr int kMaxMimicChain = 16;

  [[noreturn]] void fail(int line, const std::string& field, const std::string& message) const {
    throw InputError(file_, line, field, message);
  }
  [[noreturn]] void failJoint(const std::string& name, const std::string& message) const {
    fail(lineOfElement(text_, "joint", name), "joint '" + name + "'", message);
  }
  [[noreturn]] void failLink(const std::string& name, const std::string& message) const {
    fail(lineOfElement(text_, "link", name), "link '" + name + "'", message);
  }

  void parse() {
    if (text_.find('\0') != std::string::npos) fail(1, "file", "not a URDF: it holds a NUL byte");
    if (const int line = lineBeyondNesting(text_))
      fail(line, "file", "XML nested more than " + std::to_string(kMaxUrdfNesting) + " elements deep");
    // TinyXML does not expand entities; a DTD would only end as "no robot element".
    // A plain <!DOCTYPE robot> is harmless (TinyXML skips it); an internal subset is not.
    const std::size_t doctype = text_.find("<!DOCTYPE");
    const bool subset = doctype != std::string::npos && text_.find('[', doctype) < text_.find('>', doctype);
    for (const char* dtd : {"<!DOCTYPE", "<!ENTITY"})
      if (const std::size_t at = text_.find(dtd); at != std::string::npos && (dtd[2] == 'E' || subset))
        fail(1 + static_cast<int>(std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(at), '\n')), "file",
             std::string(dtd + 2) + ": document type definitions and entities are not supported in a URDF (expand "
             "them, e.g. with xacro, first)");
    if (const int line = lineOfPercent(text_))
      fail(line, "file",
           "'%' is not accepted outside comments (urdfdom passes some text to printf as a format; write "
           "a mesh path's %20 as a space)");
    CapturedLog log;
    {
      const std::lock_guard<std::mutex> lock(parseMutex());
      console_bridge::useOutputHandler(&log);
      try {
        model_ = urdf::parseURDF(text_);
      } catch (const std::exception& e) {
        if (log.first.empty()) log.first = e.what();
        model_.reset();
      }
      console_bridge::restorePreviousOutputHandler();
    }
    if (!model_) {
      std::string why = log.first.empty() ? "urdfdom could not read it" : log.first;
      while (!why.empty() && std::isspace(static_cast<unsigned char>(why.back()))) why.pop_back();
      failAtNamedElement(log, "not a valid URDF: " + why);
      fail(1, "robot", "not a valid URDF: " + why);
    }
    if (!model_->getRoot()) fail(1, "robot", "the URDF has no root link");
    // urdfdom logs some errors and goes on: a <mass value="nan"> or "abc" becomes mass 0, a wrong
    // model read without a word. Any error it logged refuses the file, at the element it names.
    if (!log.errors.empty()) {
      const std::string what = trimmed(log.errors.front());
      failAtNamedElement(log, "urdfdom could not read it: " + what);
      fail(1, "robot", "not a valid URDF: " + what);
    }
  }

  // Refuses the file at the first link or joint urdfdom's messages name (its first message, the
  // cause, often does not: "velocity value (abc) is not a valid float" comes before "Could not
  // parse limit element for joint [NAME]"); returns when none is named.
  void failAtNamedElement(const CapturedLog& log, const std::string& message) {
    for (const std::string& e : log.errors) {
      const auto [tag, name] = elementNamedIn(e);
      if (tag.empty()) continue;
      if (tag == "link") failLink(name, message);
      failJoint(name, message);
    }
  }

  // urdfdom does not check that the links form a tree: a link that is the child of two joints,
  // a cycle, a link the root does not reach. Each would make the walks below loop or count a
  // mass twice.
  void checkTree() {
    std::map<std::string, std::string> parentJoint;
    for (const auto& [name, j] : model_->joints_) {
      if (!j) continue;
      const auto [it, fresh] = parentJoint.emplace(j->child_link_name, name);
      if (!fresh)
        failJoint(name, "link '" + j->child_link_name + "' is already the child of joint '" + it->second +
                            "': a URDF is a tree, each link has one parent");
    }
    std::set<const urdf::Link*> seen;
    std::vector<const urdf::Link*> stack = {model_->getRoot().get()};
    while (!stack.empty()) {
      const urdf::Link* l = stack.back();
      stack.pop_back();
      if (!seen.insert(l).second) failLink(l->name, "reached twice from the root: the links form a loop");
      for (const auto& c : l->child_links)
        if (c) stack.push_back(c.get());
    }
    for (const auto& [name, l] : model_->links_)
      if (l && !seen.count(l.get()))
        failLink(name, "not connected to the root link '" + model_->getRoot()->name + "' (or part of a loop)");
  }

  // Joints DH cannot represent, anywhere in the tree; numbers that are not finite.
  void checkJoints() {
    for (const auto& [name, j] : model_->joints_) {
      if (!j) continue;
      if (j->type == urdf::Joint::FLOATING || j->type == urdf::Joint::PLANAR)
        failJoint(name, std::string("a ") + typeName(j->type) +
                            " joint has more than one degree of freedom; a DH robot has one revolute or prismatic joint per link");
      if (j->type == urdf::Joint::UNKNOWN) failJoint(name, "unknown joint type");
      if (j->mimic) {
        if (j->type == urdf::Joint::FIXED) {
          ignoredMimic_.push_back(name);
        } else {
          if (!model_->getJoint(j->mimic->joint_name))
            failJoint(name, "<mimic> follows '" + j->mimic->joint_name + "', which is no joint of the file");
          if (!std::isfinite(j->mimic->multiplier) || !std::isfinite(j->mimic->offset))
            failJoint(name, "<mimic> multiplier and offset must be finite numbers");
        }
      }
      if (!poseOf(j->parent_to_joint_origin_transform).allFinite())
        failJoint(name, "<origin> is not a finite pose");
      if (movable(*j)) {
        const Eigen::Vector3d axis = vectorOf(j->axis);
        if (!axis.allFinite() || !(axis.norm() > 1e-12)) failJoint(name, "<axis> needs a finite, non-zero direction");
        if (j->limits) {
          const urdf::JointLimits& l = *j->limits;
          for (const double v : {l.lower, l.upper, l.effort, l.velocity})
            if (!std::isfinite(v)) failJoint(name, "<limit> values must be finite numbers");
          if (l.effort < 0.0 || l.velocity < 0.0) failJoint(name, "<limit> effort and velocity must not be negative");
          if (j->type != urdf::Joint::CONTINUOUS && l.lower > l.upper)
            failJoint(name, "<limit> lower is above upper");
        }
      }
    }
    // Mimics of mimics: a short chain of leaders (a loop never ends), so that following one
    // costs a bounded number of steps whatever the file holds.
    for (const auto& [name, j] : model_->joints_) {
      if (!j || !j->mimic || !movable(*j)) continue;
      mimicJoints_.push_back({j.get(), firstLinkWithMass(model_->getLink(j->child_link_name).get())});
      int steps = 0;
      for (const urdf::Joint* k = j.get(); k->mimic && movable(*k); k = model_->getJoint(k->mimic->joint_name).get())
        if (++steps > kMaxMimicChain)
          failJoint(name, "<mimic> leaders form a loop or a chain more than " + std::to_string(kMaxMimicChain) +
                              " joints long (a joint following a joint following ...)");
    }
  }

  int movableDepth(const urdf::Link* link) const {
    int depth = 0;
    for (const urdf::Link* l = link; l && l->parent_joint; l = l->getParent().get())
      if (movable(*l->parent_joint)) ++depth;
    return depth;
  }

  void chooseTip() {
    if (!options_.tip.empty()) {
      tip_ = model_->getLink(options_.tip).get();
      if (!tip_) {
        std::vector<std::string> names;
        for (const auto& [name, l] : model_->links_) names.push_back(name);
        fail(1, "--tip", "no link named '" + options_.tip + "' (links: " + join(names) + ")");
      }
      return;
    }
    // The deepest leaves that can end the arm. A leaf a <mimic> blocks (a gripper's finger that
    // follows its twin) gives way to a shallower leaf on the same arm: one hanging from the link
    // where the blocking joint starts (the Panda's hand, whose tool frame ends the arm), said in
    // the notes. Anything else (a camera on the shoulder, a fixed frame on the base) is no
    // stand-in for the arm: the blocked leaf's refusal is reported.
    std::map<int, std::vector<const urdf::Link*>, std::greater<int>> byDepth;
    for (const auto& [name, l] : model_->links_)
      if (l && l->child_joints.empty()) byDepth[movableDepth(l.get())].push_back(l.get());
    if (byDepth.empty()) fail(1, "robot", "the URDF has no leaf link");
    std::vector<std::string> blocked;
    std::vector<const urdf::Link*> anchors;  // where the blocking joints start
    std::size_t tried = 0;
    for (const auto& [depth, leaves] : byDepth) {
      const std::vector<std::string> deeper = blocked;
      const std::vector<const urdf::Link*> deeperAnchors = anchors;
      std::vector<const urdf::Link*> candidates;
      for (const urdf::Link* l : leaves) {
        // A file of many equal leaves is ambiguous whatever blocks some of them: not tried one by one.
        const std::optional<MimicBlock> block = ++tried > kMaxTipTrials ? std::nullopt : mimicBlock(l);
        if (block) {
          blocked.push_back(l->name);
          anchors.push_back(block->anchor);
        } else if (deeper.empty() || (depth > 0 && descendsFromAny(l, deeperAnchors))) {
          candidates.push_back(l);
        }
      }
      if (candidates.empty()) continue;
      if (candidates.size() > 1) {
        std::vector<std::string> names;
        for (const urdf::Link* l : candidates) names.push_back(l->name);
        fail(1, "--tip", "the tree has " + std::to_string(candidates.size()) + " deepest links (" + join(names) +
                             ", each after " + std::to_string(depth) + " movable joints); name the tip (armdyn convert --tip LINK)");
      }
      tip_ = candidates.front();
      if (!deeper.empty())
        out_.notes.push_back("tip '" + tip_->name + "': the deeper leaf links " + join(deeper) +
                             " cannot end the arm (a <mimic> joint would move with it; importing one says why)");
      return;
    }
    tip_ = model_->getLink(blocked.empty() ? byDepth.begin()->second.front()->name : blocked.front()).get();
  }

  // True when `link` is one of `anchors` or hangs from one of them.
  static bool descendsFromAny(const urdf::Link* link, const std::vector<const urdf::Link*>& anchors) {
    for (const urdf::Link* l = link; l; l = l->getParent().get())
      if (std::find(anchors.begin(), anchors.end(), l) != anchors.end()) return true;
    return false;
  }

  // Why a <mimic> keeps `tip` from ending the arm, else nothing: a joint of its chain follows
  // another (armdyn's joints are independent), or a joint off the chain follows one of the
  // chain's joints and carries mass (armdyn holds side joints still). One owner for both rules:
  // the tip's choice and the import.
  // `anchor`: the link where the chain joint concerned starts (the mimic on the chain, or the
  // chain joint a heavy side joint follows); a shallower tip below it is on the same arm.
  struct MimicBlock {
    std::string joint, message;
    const urdf::Link* anchor = nullptr;
  };
  std::optional<MimicBlock> mimicBlock(const urdf::Link* tip) const {
    std::vector<const urdf::Joint*> path;  // tip to root
    for (const urdf::Link* l = tip; l && l->parent_joint; l = l->getParent().get()) path.push_back(l->parent_joint.get());
    std::set<const urdf::Joint*> chain;
    for (const urdf::Joint* j : path)
      if (movable(*j)) chain.insert(j);
    // The mimic nearest the root: a tip before it is the advice.
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const urdf::Joint& j = **it;
      if (movable(j) && j.mimic)
        return MimicBlock{j.name,
                          "a mimic joint (it follows '" + j.mimic->joint_name + "') on the chain to '" + tip->name +
                              "': armdyn's joints are independent, so a joint of the arm cannot follow another "
                              "(choose a tip before it with --tip, or remove the <mimic>)",
                          model_->getLink(j.parent_link_name).get()};
    }
    for (const auto& [j, heavy] : mimicJoints_) {
      if (chain.count(j)) continue;
      // Through the chain of mimics (at most kMaxMimicChain: checkJoints) to the first leader
      // that moves with the arm.
      for (const urdf::Joint* k = j; k->mimic && movable(*k);) {
        const urdf::Joint* leader = model_->getJoint(k->mimic->joint_name).get();
        if (movable(*leader) && chain.count(leader)) {
          // A massless linkage that follows the arm (a balancer's cylinder and piston): the
          // dynamics are exact without it; it stands as at the leader's home and is not drawn.
          if (heavy)
            return MimicBlock{j->name,
                              "off the chain, it follows the chain joint '" + leader->name + "' (<mimic>" +
                                  (k == j ? std::string() : ", through '" + j->mimic->joint_name + "'") +
                                  ") and carries mass (link '" + heavy->name +
                                  "'): it would move with the arm, and armdyn holds side joints still (choose a "
                                  "tip past it with --tip, or remove the <mimic>)",
                              model_->getLink(leader->parent_link_name).get()};
          break;
        }
        k = leader;
      }
    }
    return std::nullopt;
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  }

  // The chain root -> tip; every other joint hangs from it by fixed joints only.
  void walkChain() {
    std::vector<const urdf::Link*> path;
    for (const urdf::Link* l = tip_; l; l = l->getParent().get()) {
      path.push_back(l);
      if (path.size() > model_->links_.size()) fail(1, "robot", "the URDF's links form a loop");
    }
    std::reverse(path.begin(), path.end());
    chainPath_ = path;
    onChain_.insert(path.begin(), path.end());
    root_ = path.front();
    // World poses at q = 0 and the group of each link (0 = fixed to the root, k = moves with
    // movable joint k), chain first.
    zeroPose_[root_] = Eigen::Matrix4d::Identity();
    group_[root_] = 0;
    order_.push_back(root_);
    for (std::size_t k = 1; k < path.size(); ++k) {
      const urdf::Joint& j = *path[k]->parent_joint;
      const Eigen::Matrix4d origin = zeroPose_[path[k - 1]] * poseOf(j.parent_to_joint_origin_transform);
      zeroPose_[path[k]] = origin;
      if (movable(j)) {
        chainJoints_.push_back(&j);
        JointAxisLine line;
        line.point = origin.topRightCorner<3, 1>();
        line.direction = origin.topLeftCorner<3, 3>() * vectorOf(j.axis).normalized();
        line.type = j.type == urdf::Joint::PRISMATIC ? JointType::Prismatic : JointType::Revolute;
        axes_.push_back(line);
        movingLink_.push_back(path[k]);
      }
      group_[path[k]] = static_cast<int>(chainJoints_.size());
      order_.push_back(path[k]);
      if (!movable(j) && group_[path[k]] > 0)
        out_.merged.push_back({path[k]->name, movingLink_.back()->name});
    }
    if (const std::optional<MimicBlock> block = mimicBlock(tip_)) failJoint(block->joint, block->message);
    checkHoldOptions();
    const int n = static_cast<int>(chainJoints_.size());
    if (n == 0)
      fail(1, options_.tip.empty() ? "robot" : "--tip",
           "no movable joint between the root '" + root_->name + "' and the tip '" + tip_->name + "'" +
               (options_.tip.empty() ? " (the file has no revolute, continuous or prismatic joint on any chain)" : ""));
    if (n > kMaxLinks)
      fail(1, "--tip", "the chain to '" + tip_->name + "' has " + std::to_string(n) + " movable joints; armdyn takes 1 to " +
                           std::to_string(kMaxLinks));
    // Side branches: links off the chain, reached by fixed joints only.
    for (const urdf::Link* l : path) addBranches(l);
  }

  // Iterative (a side branch may be thousands of links deep); the tree check ran first.
  void addBranches(const urdf::Link* start) {
    std::vector<const urdf::Link*> stack = {start};
    while (!stack.empty()) {
      const urdf::Link* link = stack.back();
      stack.pop_back();
      for (const auto& j : link->child_joints) {
        const urdf::Link* child = model_->getLink(j->child_link_name).get();
        if (!child || onChain_.count(child) || zeroPose_.count(child)) continue;
        Eigen::Matrix4d motion = Eigen::Matrix4d::Identity();
        if (movable(*j)) {
          const double value = heldValue(*j);
          motion = motionOf(*j, vectorOf(j->axis).normalized(), value);
          UrdfHeldJoint h{j->name, value, j->mimic ? j->mimic->joint_name : std::string(), options_.hold.count(j->name) > 0};
          out_.notes.push_back("joint '" + j->name + "' (" + typeName(j->type) + ", off the chain) held at " +
                               formatNumber(value) + (j->type == urdf::Joint::PRISMATIC ? " m" : " rad") +
                               (h.follows.empty() ? (h.given ? " (--hold)" : "") : " (follows '" + h.follows + "')"));
          out_.held.push_back(std::move(h));
        }
        if (chainFollowers_.count(link)) chainFollowers_.insert(child);
        zeroPose_[child] = zeroPose_[link] * poseOf(j->parent_to_joint_origin_transform) * motion;
        group_[child] = group_[link];
        order_.push_back(child);
        if (group_[link] > 0) {
          const std::string& into = movingLink_[static_cast<std::size_t>(group_[link] - 1)]->name;
          out_.notes.push_back("link '" + child->name + "' (" + (movable(*j) ? "held" : "fixed") + " to '" + link->name +
                               "') merged into " + into);
          out_.merged.push_back({child->name, into});
        }
        stack.push_back(child);
      }
    }
  }

  // Every --hold entry names a movable joint off the chain that follows no other, and its value
  // lies within the joint's limits.
  void checkHoldOptions() {
    for (const auto& [name, value] : options_.hold) {
      const urdf::JointConstSharedPtr j = model_->getJoint(name);
      if (!j) {
        std::vector<std::string> names;
        for (const auto& [n, other] : model_->joints_)
          if (other && movable(*other) && !onChain_.count(model_->getLink(other->child_link_name).get()) && !other->mimic)
            names.push_back(n);
        fail(1, "--hold", "no joint named '" + name + "' (" +
                              (names.empty() ? std::string("the file has no movable joint off the chain to hold")
                                             : "joints off the chain: " + join(names)) + ")");
      }
      if (!movable(*j)) failJoint(name, "--hold: a " + std::string(typeName(j->type)) + " joint has nothing to hold");
      if (onChain_.count(model_->getLink(j->child_link_name).get()))
        failJoint(name, "--hold: a joint of the chain to '" + tip_->name + "' moves with the arm and cannot be held");
      if (j->mimic)
        failJoint(name, "--hold: it follows '" + j->mimic->joint_name + "' (<mimic>); hold '" + j->mimic->joint_name + "' instead");
      if (!std::isfinite(value)) failJoint(name, "--hold: the value must be a finite number");
      if (j->type != urdf::Joint::CONTINUOUS && j->limits && j->limits->lower < j->limits->upper &&
          !(value >= j->limits->lower - 1e-12 && value <= j->limits->upper + 1e-12))
        failJoint(name, "--hold: " + formatNumber(value) + " is outside the joint's limits [" + formatNumber(j->limits->lower) +
                            ", " + formatNumber(j->limits->upper) + "]");
    }
  }

  // The value a movable joint off the chain is held at: --hold's, a mimic's leader's (through
  // any chain of mimics), else 0, or the lower limit when 0 is outside the limits.
  double heldValue(const urdf::Joint& j) {
    std::vector<const urdf::Joint*> followers;
    const urdf::Joint* k = &j;
    const urdf::Joint* chainLeader = nullptr;
    while (k->mimic && movable(*k)) {
      assert(followers.size() < static_cast<std::size_t>(kMaxMimicChain));  // checkJoints bounds the chain
      followers.push_back(k);
      const urdf::Joint* leader = model_->getJoint(k->mimic->joint_name).get();
      if (movable(*leader) && onChain_.count(model_->getLink(leader->child_link_name).get())) {
        // Massless (mimicBlock refused a follower with mass before the branches were walked).
        assert(!firstLinkWithMass(model_->getLink(j.child_link_name).get()));
        chainLeader = leader;
        break;
      }
      k = leader;
    }
    double value = 0.0;
    if (chainLeader) {
      const urdf::Joint& c = *chainLeader;  // stands at its home: 0, or the nearest limit
      value = c.type == urdf::Joint::CONTINUOUS || !c.limits || !(c.limits->lower < c.limits->upper)
                  ? 0.0
                  : std::clamp(0.0, c.limits->lower, c.limits->upper);
      chainFollowers_.insert(model_->getLink(j.child_link_name).get());
    } else if (!movable(*k)) {
      value = 0.0;  // a mimic of a fixed joint: the leader stands at 0
    } else if (const auto it = options_.hold.find(k->name); it != options_.hold.end()) {
      value = it->second;
    } else if (k->type != urdf::Joint::CONTINUOUS && k->limits && k->limits->lower < k->limits->upper &&
               (k->limits->lower > 0.0 || k->limits->upper < 0.0)) {
      value = k->limits->lower;
    }
    for (auto f = followers.rbegin(); f != followers.rend(); ++f)
      value = (*f)->mimic->multiplier * value + (*f)->mimic->offset;
    return value;
  }

  // The first link with a positive mass in the subtree from `start` (iterative), or null.
  const urdf::Link* firstLinkWithMass(const urdf::Link* start) const {
    std::vector<const urdf::Link*> stack = {start};
    while (!stack.empty()) {
      const urdf::Link* link = stack.back();
      stack.pop_back();
      if (!link) continue;
      if (link->inertial && link->inertial->mass > 0.0) return link;
      for (const auto& c : link->child_links) stack.push_back(c.get());
    }
    return nullptr;
  }

  void buildRobot() {
    const int n = static_cast<int>(chainJoints_.size());
    try {
      dh_ = dhFromAxes(axes_, zeroPose_[tip_]);
    } catch (const std::exception& e) {
      fail(1, "robot", std::string("the joint axes give no DH chain: ") + e.what());
    }
    RobotSpec& r = out_.robot;
    r.name = model_->getName().empty() ? "urdf robot" : model_->getName();
    r.actuatorMassRule = false;
    r.gravity = options_.gravity;
    r.base = snapped(dh_.base);
    r.tool = snapped(dh_.tool);
    r.links.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const urdf::Joint& j = *chainJoints_[static_cast<std::size_t>(i)];
      LinkSpec& l = r.links[static_cast<std::size_t>(i)];
      l.name = movingLink_[static_cast<std::size_t>(i)]->name;
      l.joint = axes_[static_cast<std::size_t>(i)].type;
      l.dh = dh_.dh[static_cast<std::size_t>(i)];
      for (double* v : {&l.dh.theta, &l.dh.d, &l.dh.alpha, &l.dh.a}) *v = snapped(*v);
      if (j.type != urdf::Joint::CONTINUOUS && j.limits && j.limits->lower < j.limits->upper) {
        l.qMin = j.limits->lower;
        l.qMax = j.limits->upper;
      } else if (j.type != urdf::Joint::CONTINUOUS) {
        out_.notes.push_back("joint '" + j.name + "': no position limits (lower not below upper): unlimited");
      }
      if (j.limits && j.limits->velocity > 0.0) {
        l.vMax = j.limits->velocity;
      } else {
        out_.notes.push_back("joint '" + j.name + "': no velocity limit: vmax = 1 (rad/s or m/s)");
      }
      if (j.limits && j.limits->effort > 0.0) l.fMax = j.limits->effort;
      l.massSource = MassSource::Explicit;
      out_.jointNames.push_back(j.name);
    }
    for (int i = 0; i + 1 < n; ++i)
      out_.axisRelations.push_back(chainJoints_[static_cast<std::size_t>(i)]->name + " - " +
                                   chainJoints_[static_cast<std::size_t>(i) + 1]->name + ": " +
                                   axisRelationName(dh_.relations[static_cast<std::size_t>(i)]));
    // Inertials into the DH frame of their group.
    std::vector<LinkInertial> merged(static_cast<std::size_t>(n));
    for (const urdf::Link* link : order_) {
      const int group = group_[link];
      if (group == 0 || !link->inertial) continue;
      const urdf::Inertial& in = *link->inertial;
      const Eigen::Matrix4d origin = poseOf(in.origin);
      Eigen::Matrix3d I;
      I << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
      if (!origin.allFinite() || !std::isfinite(in.mass) || !I.allFinite())
        failLink(link->name, "<inertial> values must be finite numbers");
      if (in.mass < 0.0) failLink(link->name, "<mass> must not be negative");
      if (in.mass == 0.0 && I != Eigen::Matrix3d::Zero()) {
        out_.notes.push_back("link '" + link->name + "': zero mass: its inertia tensor is ignored");
        I.setZero();
      }
      // Inertial frame -> link -> world (q = 0) -> DH frame of the group.
      const Eigen::Matrix4d inDh = rigidInverse(dh_.frames[static_cast<std::size_t>(group)]) * zeroPose_[link] * origin;
      const Eigen::Matrix3d R = inDh.topLeftCorner<3, 3>();
      const LinkInertial part = inertialFromTensor(in.mass, inDh.topRightCorner<3, 1>(), R * I * R.transpose());
      LinkInertial& m = merged[static_cast<std::size_t>(group - 1)];
      m = m.mass > 0.0 ? combineInertials(m, part) : (part.mass > 0.0 ? part : m);
    }
    for (int i = 0; i < n; ++i) {
      RigidBodyInertia& b = r.links[static_cast<std::size_t>(i)].inertia;
      const LinkInertial& m = merged[static_cast<std::size_t>(i)];
      b.mass = m.mass;
      b.com = m.mass > 0.0 ? m.com : Eigen::Vector3d::Zero();
      b.inertiaCom = m.mass > 0.0 ? Eigen::Matrix3d(0.5 * (m.inertiaCom + m.inertiaCom.transpose())) : Eigen::Matrix3d::Zero();
      if (m.mass == 0.0) out_.notes.push_back("link " + std::to_string(i + 1) + " (" + r.links[static_cast<std::size_t>(i)].name + ") has no mass");
      // The merged link, checked by the rule Model checks (a point mass, a tensor breaking the
      // triangle inequality: common in published URDFs): kept as written, with a note.
      if (m.mass > 0.0) {
        const std::string defect = inertiaDefect(b.inertiaCom);
        if (!defect.empty()) {
          r.allowNonPhysicalInertia = true;
          out_.notes.push_back("link '" + r.links[static_cast<std::size_t>(i)].name + "': " + defect + " (kept as written)");
        }
      }
    }
    readVisuals();
    // Home: every joint at 0, or at the nearest limit when 0 is outside (the Panda's joint 4).
    bool homeMoved = false;
    Eigen::VectorXd home = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < n; ++i) {
      const LinkSpec& l = r.links[static_cast<std::size_t>(i)];
      home(i) = std::clamp(0.0, l.qMin, l.qMax);
      if (home(i) != 0.0) {
        homeMoved = true;
        out_.notes.push_back("joint '" + chainJoints_[static_cast<std::size_t>(i)]->name + "': 0 is outside its limits; home " +
                             formatNumber(home(i)) + (l.joint == JointType::Prismatic ? " m" : " rad"));
      }
    }
    if (homeMoved) r.home = home;
    if (!ignoredMimic_.empty())
      out_.notes.push_back("<mimic> on fixed joints ignored (a fixed joint does not move): " + join(ignoredMimic_));
    out_.root = root_->name;
    out_.tip = tip_->name;
  }

  // Every <visual> of the links the robot holds, in the DH frame of the link it rides (links
  // fixed to the root: the world frame). Meshes keep package:// names; a path is made absolute
  // against the URDF's folder.
  void readVisuals() {
    RobotSpec& r = out_.robot;
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(file_).parent_path();
    std::error_code ec;
    const fs::path absoluteFolder = fs::absolute(folder.empty() ? fs::path(".") : folder, ec);
    r.sourceDirectory = ec ? folder.string() : absoluteFolder.lexically_normal().string();
    int count = 0;
    std::vector<std::string> undrawn;
    for (const urdf::Link* link : order_) {
      const int group = group_[link];
      if (chainFollowers_.count(link)) {
        if (!link->visual_array.empty()) undrawn.push_back(link->name);
        continue;
      }
      for (const urdf::VisualSharedPtr& v : link->visual_array) {
        if (!v || !v->geometry) continue;
        if (++count > kMaxVisualsPerRobot)
          failLink(link->name, "more than " + std::to_string(kMaxVisualsPerRobot) + " <visual> shapes in the file");
        LinkVisual shape;
        const Eigen::Matrix4d origin = poseOf(v->origin);
        if (!origin.allFinite()) failLink(link->name, "<visual> <origin> is not a finite pose");
        shape.origin = group == 0 ? Eigen::Matrix4d(zeroPose_[link] * origin)
                                  : Eigen::Matrix4d(rigidInverse(dh_.frames[static_cast<std::size_t>(group)]) * zeroPose_[link] * origin);
        const urdf::Geometry& g = *v->geometry;
        switch (g.type) {
          case urdf::Geometry::MESH: {
            const auto& m = static_cast<const urdf::Mesh&>(g);
            shape.shape = LinkVisual::Shape::Mesh;
            shape.scale = vectorOf(m.scale);
            if (m.filename.empty() || m.filename.size() > kMaxMeshPathLength)
              failLink(link->name, "<visual> <mesh> needs a filename of 1 to " + std::to_string(kMaxMeshPathLength) + " characters");
            // A path (or file:// URI) is made absolute against the URDF's folder.
            shape.mesh = m.filename.rfind("file://", 0) == 0 ? m.filename.substr(7) : m.filename;
            if (shape.mesh.find("://") == std::string::npos && fs::path(shape.mesh).is_relative()) {
              std::error_code ec;
              const fs::path absolute = fs::absolute(folder / shape.mesh, ec);
              if (!ec) shape.mesh = absolute.lexically_normal().string();
            }
            if (shape.mesh.empty() || shape.mesh.size() > kMaxMeshPathLength)
              failLink(link->name, "<visual> <mesh> filename longer than " + std::to_string(kMaxMeshPathLength) +
                                       " characters once made absolute");
            break;
          }
          case urdf::Geometry::BOX:
            shape.shape = LinkVisual::Shape::Box;
            shape.size = vectorOf(static_cast<const urdf::Box&>(g).dim);
            break;
          case urdf::Geometry::CYLINDER: {
            const auto& c = static_cast<const urdf::Cylinder&>(g);
            shape.shape = LinkVisual::Shape::Cylinder;
            shape.size = Eigen::Vector3d(c.radius, c.length, 0.0);
            break;
          }
          case urdf::Geometry::SPHERE:
            shape.shape = LinkVisual::Shape::Sphere;
            shape.size = Eigen::Vector3d(static_cast<const urdf::Sphere&>(g).radius, 0.0, 0.0);
            break;
          default: continue;  // a geometry this urdfdom knows and armdyn does not: not drawn
        }
        if (!shape.scale.allFinite() || !shape.size.allFinite() || (shape.size.array() < 0.0).any())
          failLink(link->name, "<visual> sizes and scale must be finite (sizes not negative)");
        if (v->material) {
          // urdfdom's default colour is (0, 0, 0, 1): a material given by a texture only has no
          // colour of its own (drawn black otherwise).
          const urdf::Color& c = v->material->color;
          const Eigen::Vector4d rgba(c.r, c.g, c.b, c.a);
          const bool textureOnly = !v->material->texture_filename.empty() && rgba == Eigen::Vector4d(0, 0, 0, 1);
          if (!textureOnly && rgba.allFinite() && (rgba.array() >= 0.0).all() && (rgba.array() <= 1.0).all())
            shape.colour = rgba;
        }
        (group == 0 ? r.baseVisuals : r.links[static_cast<std::size_t>(group - 1)].visuals).push_back(std::move(shape));
      }
    }
    if (!undrawn.empty())
      out_.notes.push_back("not drawn: " + join(undrawn) +
                           " (they follow a joint of the arm through <mimic>, which armdyn's links cannot; massless, so "
                           "the dynamics are exact)");
  }

  // The URDF's own chain of origins and motions against the DH model, at seeded random q.
  void checkForwardKinematics() {
    Model model = [&] {
      try {
        return Model(out_.robot);
      } catch (const ModelError& e) {
        // "links[k]...": name the URDF link (the moving link of joint k) and its line.
        const std::string& f = e.field();
        if (f.rfind("links[", 0) == 0) {
          const std::size_t close = f.find(']');
          const int k = close == std::string::npos ? 0 : std::atoi(f.substr(6, close - 6).c_str());
          if (k >= 1 && k <= static_cast<int>(movingLink_.size()))
            failLink(movingLink_[static_cast<std::size_t>(k - 1)]->name, std::string(e.what()) + " (after merging its fixed links)");
        }
        fail(1, f, e.what());
      }
    }();
    const int n = model.dof();
    // Moving link k's URDF frame in DH frame k (constant).
    std::vector<Eigen::Matrix4d> offset(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
      offset[static_cast<std::size_t>(k)] = rigidInverse(dh_.frames[static_cast<std::size_t>(k) + 1]) * zeroPose_[movingLink_[static_cast<std::size_t>(k)]];
    std::mt19937 rng(20261125);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Eigen::Matrix4d> frames(static_cast<std::size_t>(n) + 1);
    double worst = 0.0;
    constexpr int kConfigurations = 25;
    for (int c = 0; c < kConfigurations; ++c) {
      Eigen::VectorXd q(n);
      for (int i = 0; i < n; ++i) {
        const LinkSpec& l = out_.robot.links[static_cast<std::size_t>(i)];
        const double span = l.joint == JointType::Revolute ? M_PI : 0.5;
        const double lo = std::max(l.qMin, -span), hi = std::min(l.qMax, span);
        q(i) = lo < hi ? lo + (hi - lo) * unit(rng) : 0.0;
      }
      const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
      // URDF: walk the chain again with the joint values.
      Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
      int k = 0;
      for (std::size_t p = 1; p < chainPath_.size(); ++p) {
        const urdf::Joint& j = *chainPath_[p]->parent_joint;
        T = T * poseOf(j.parent_to_joint_origin_transform);
        if (movable(j)) {
          T = T * motionOf(j, vectorOf(j.axis).normalized(), q(k));
          const double d = difference(T, frames[static_cast<std::size_t>(k) + 1] * offset[static_cast<std::size_t>(k)]);
          if (!(d <= worst)) worst = d;  // NaN-safe
          ++k;
        }
      }
      const double d = difference(T, tool);
      if (!(d <= worst)) worst = d;
    }
    out_.fkResidual = worst;
    out_.fkConfigurations = kConfigurations;
    // The construction is exact up to round-off and the 1e-9 snapping of nearly parallel or
    // intersecting axes; anything larger is an axis pair the DH form cannot hold well.
    if (!(worst < 1e-6))
      fail(1, "robot", "the DH robot does not reproduce the URDF's forward kinematics (residual " + std::to_string(worst) +
                           "): nearly parallel joint axes?");
  }

  static double difference(const Eigen::Matrix4d& a, const Eigen::Matrix4d& b) {
    const double position = (a.topRightCorner<3, 1>() - b.topRightCorner<3, 1>()).norm();
    const Eigen::Matrix3d R = a.topLeftCorner<3, 3>().transpose() * b.topLeftCorner<3, 3>();
    return std::max(position, rotationAngle(R));
  }

  const std::string& text_;
  std::string file_;
  UrdfOptions options_;
  urdf::ModelInterfaceSharedPtr model_;
  const urdf::Link* root_ = nullptr;
  const urdf::Link* tip_ = nullptr;
  std::vector<const urdf::Link*> chainPath_;  // root to tip
  std::set<const urdf::Link*> onChain_;
  std::map<const urdf::Link*, Eigen::Matrix4d> zeroPose_;
  std::map<const urdf::Link*, int> group_;
  std::vector<const urdf::Link*> order_;  // chain root to tip, then the side branches
  std::vector<const urdf::Joint*> chainJoints_;
  std::vector<const urdf::Link*> movingLink_;
  std::vector<JointAxisLine> axes_;
  std::vector<std::string> ignoredMimic_;  // fixed joints with a <mimic>
  // Movable joints with a <mimic> and the first link with mass they carry, else null (checkJoints).
  std::vector<std::pair<const urdf::Joint*, const urdf::Link*>> mimicJoints_;
  // Links held as their chain leader's home (massless followers of a chain joint) and all below
  // them: merged without mass, not drawn.
  std::set<const urdf::Link*> chainFollowers_;
  DhChain dh_;
  UrdfImport out_;
};

}  // namespace

bool isUrdfPath(const std::string& path) {
  std::string lower = path.substr(path.size() > 5 ? path.size() - 5 : 0);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto endsWith = [&](const std::string& ext) {
    return lower.size() >= ext.size() && lower.compare(lower.size() - ext.size(), ext.size(), ext) == 0;
  };
  return endsWith(".urdf") || endsWith(".xml");  // a URDF saved as .xml (MoveIt, MATLAB exports)
}

UrdfImport parseUrdf(const std::string& text, const std::string& fileName, const UrdfOptions& options) {
  if (text.size() > kMaxInputFileBytes)
    throw InputError(fileName, 0, "file", "larger than the " + std::to_string(kMaxInputFileBytes / (1024 * 1024)) + " MB limit of input files");
  return Importer(text, fileName, options).run();
}

std::vector<UrdfLeaf> urdfLeaves(const std::string& text, const std::string& fileName) {
  if (text.size() > kMaxInputFileBytes)
    throw InputError(fileName, 0, "file", "larger than the " + std::to_string(kMaxInputFileBytes / (1024 * 1024)) + " MB limit of input files");
  return Importer(text, fileName, {}).leaves();
}

UrdfImport loadUrdf(const std::string& path, const UrdfOptions& options) {
  const std::string text = readTextFile(path);
  return parseUrdf(text, path, options);
}

Session loadUrdfSession(const std::string& path, const UrdfOptions& options) {
  Session s;
  s.robot = loadUrdf(path, options).robot;
  s.robotFile = path;
  return s;
}

}  // namespace armdyn
