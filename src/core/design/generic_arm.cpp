#include "design/generic_arm.h"

#include "trajectory/recorded_point.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "kinematics/singularity_analysis.h"
#include "model/model.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {

GenericArmError::GenericArmError(std::string field, const std::string& message)
    : std::invalid_argument(message), field_(std::move(field)) {}

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDensity = 2700.0;  // aluminium, kg/m^3
constexpr double kParallel = 1e-6;   // |sin| of a twist below this: the axes are parallel
constexpr double kAligned = 1e-9;    // a direction this close to a link axis is drawn as a bar

double deg(double rad) { return rad * 180.0 / kPi; }
double rad(double deg) { return deg * kPi / 180.0; }

std::string number(double v, const char* fmt = "%g") {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

DhParameters dh(double thetaDeg, double d, double alphaDeg, double a) { return {rad(thetaDeg), d, rad(alphaDeg), a}; }

bool isPrismatic(const GenericArmParameters& p, int i) { return p.configuration[static_cast<std::size_t>(i)] == 'P'; }

void checkInput(const GenericArmParameters& p) {
  const std::vector<std::string>& all = genericArmConfigurations();
  if (std::find(all.begin(), all.end(), p.configuration) == all.end())
    throw GenericArmError("configuration", "Unknown arm configuration '" + p.configuration +
                                               "': choose one of RRR, RRP, RPR, RPP, PRR, PRP, PPR, PPP");
  for (int i = 0; i < 3; ++i) {
    const std::string j = std::to_string(i + 1);
    const DhParameters& h = p.dh[static_cast<std::size_t>(i)];
    const std::pair<double, const char*> values[] = {{h.theta, "theta"}, {h.d, "d"}, {h.alpha, "alpha"}, {h.a, "a"}};
    const char* words[] = {"the angle offset θ", "the offset d", "the twist α", "the length a"};
    for (int k = 0; k < 4; ++k)
      if (!std::isfinite(values[k].first))
        throw GenericArmError(std::string(values[k].second) + j, "Joint " + j + ": " + words[k] + " is not a finite number");
    if (isPrismatic(p, i)) {
      const double lo = p.travelMin[static_cast<std::size_t>(i)], hi = p.travelMax[static_cast<std::size_t>(i)];
      if (!std::isfinite(lo) || !std::isfinite(hi))
        throw GenericArmError("travel" + j, "Joint " + j + " (prismatic): its travel limits must be finite numbers");
      if (!(hi - lo >= 1e-3))
        throw GenericArmError("travel" + j, "Joint " + j + " (prismatic): its travel must run from a lower to a higher "
                                                "value, at least 1 mm (min " + number(lo * 1000.0) + " mm, max " +
                                                number(hi * 1000.0) + " mm)");
    }
  }
  if (!std::isfinite(p.d6)) throw GenericArmError("d6", "The tool offset d6 is not a finite number");
  // Two neighbouring sliding joints whose axes are parallel move the arm along one line.
  for (int i = 0; i < 2; ++i) {
    if (!isPrismatic(p, i) || !isPrismatic(p, i + 1)) continue;
    const double alpha = p.dh[static_cast<std::size_t>(i)].alpha;
    if (std::abs(std::sin(alpha)) < kParallel) {
      const std::string j = std::to_string(i + 1), k = std::to_string(i + 2);
      throw GenericArmError("alpha" + j, "Joints " + j + " and " + k + " both slide, and the twist α" + j + " = " +
                                             number(deg(alpha), "%.4g") + "° makes them slide along the same line: the "
                                             "arm could not move in three directions. Give α" + j + " = ±90° (any angle "
                                             "but 0° or 180°)");
    }
  }
  if (p.configuration == "RRR" && std::abs(std::sin(p.dh[0].alpha)) < kParallel &&
      std::abs(std::sin(p.dh[1].alpha)) < kParallel)
    throw GenericArmError("alpha1", "Joints 1, 2 and 3 all turn about parallel axes (α1 and α2 are 0° or 180°): the "
                                    "wrist centre would stay in one plane. Give α1 = ±90° (a PUMA-like shoulder)");
}

// A thin-walled square tube of outer side w along the unit direction u (local z), open ends.
Eigen::Matrix3d tubeInertia(double length, double w, double wi, double& mass) {
  const double mo = kDensity * length * w * w, mi = kDensity * length * wi * wi;
  mass = mo - mi;
  const double across = (mo * (w * w + length * length) - mi * (wi * wi + length * length)) / 12.0;
  const double along = (mo * 2.0 * w * w - mi * 2.0 * wi * wi) / 12.0;
  return Eigen::Vector3d(across, across, along).asDiagonal();
}

// Link body from `from` to `to` (link-frame coordinates): a hollow bar when the segment runs
// along a link axis, else the same tube as explicit inertia (drawn as its equivalent box).
void setBody(LinkSpec& link, const Eigen::Vector3d& from, const Eigen::Vector3d& to, double w) {
  const double wall = std::max(0.1 * w, 0.002);
  const double wi = w - 2.0 * wall;
  const Eigen::Vector3d d = to - from;
  const double length = d.norm();
  const Eigen::Vector3d centre = 0.5 * (from + to);
  if (length < w) {  // a joint housing: a solid cube
    link.massSource = MassSource::HollowBar;
    link.bar.density = kDensity;
    link.bar.outer = Eigen::Vector3d::Constant(w);
    link.bar.inner.setZero();
    link.bar.centre = centre;
    return;
  }
  const Eigen::Vector3d u = d / length;
  int axis = -1;
  for (int k = 0; k < 3; ++k)
    if (std::abs(std::abs(u(k)) - 1.0) < kAligned) axis = k;
  if (axis >= 0) {
    link.massSource = MassSource::HollowBar;
    link.bar.density = kDensity;
    link.bar.outer = Eigen::Vector3d::Constant(w);
    link.bar.inner = Eigen::Vector3d::Constant(wi);
    link.bar.outer(axis) = length;
    link.bar.inner(axis) = length;
    link.bar.centre = centre;
    return;
  }
  double mass = 0.0;
  const Eigen::Matrix3d local = tubeInertia(length, w, wi, mass);
  const Eigen::Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), u).toRotationMatrix();
  link.massSource = MassSource::Explicit;
  link.inertia.mass = mass;
  link.inertia.com = centre;
  link.inertia.inertiaCom = R * local * R.transpose();
}

// Joint configurations the task is taken from: revolute joints in rad, prismatic joints as a
// fraction of their travel; the wrist well away from theta5 = 0.
struct Candidate {
  double arm[3];
  double wrist[3];
};
const Candidate kCandidates[] = {
    {{0.0, 0.35, -0.9}, {0.2, 0.9, 0.0}},     {{0.6, 0.15, -0.6}, {-0.3, 0.6, 0.4}},
    {{-0.5, 0.5, -1.2}, {0.4, 1.1, -0.3}},    {{1.0, -0.3, 0.8}, {0.1, -0.8, 0.2}},
    {{-1.2, 0.8, 1.3}, {-0.5, 1.3, 0.6}},     {{2.0, -0.7, -0.5}, {0.6, -1.2, -0.4}},
    {{-2.2, 1.1, 0.4}, {-0.2, 0.7, 0.9}},     {{0.3, -1.0, -1.6}, {0.3, 1.4, -0.7}},
};
const double kFractions[][3] = {{0.35, 0.4, 0.45}, {0.65, 0.6, 0.7}, {0.5, 0.8, 0.3}, {0.2, 0.5, 0.8},
                                {0.8, 0.25, 0.6},  {0.45, 0.7, 0.2}, {0.6, 0.35, 0.55}, {0.3, 0.55, 0.9}};

}  // namespace

const std::vector<std::string>& genericArmConfigurations() {
  static const std::vector<std::string> all = {"RRR", "RRP", "RPR", "RPP", "PRR", "PRP", "PPR", "PPP"};
  return all;
}

GenericArmParameters genericArmDefaults(const std::string& configuration) {
  GenericArmParameters p;
  p.configuration = configuration;
  p.d6 = 0.1;
  auto travel = [&p](int i, double lo, double hi) {
    p.travelMin[static_cast<std::size_t>(i)] = lo;
    p.travelMax[static_cast<std::size_t>(i)] = hi;
  };
  if (configuration == "RRR") {  // PUMA-like: column, shoulder, upper arm and forearm
    p.dh = {dh(0, 0.6, 90, 0), dh(0, 0, 0, 0.45), dh(0, 0, 90, 0.45)};
  } else if (configuration == "RRP") {  // Stanford-like: shoulder offset and a sliding boom
    p.dh = {dh(0, 0.5, -90, 0), dh(0, 0.15, 90, 0), dh(0, 0, 0, 0)};
    travel(2, 0.3, 0.9);
  } else if (configuration == "RPR") {  // SCARA-like: waist, lift, elbow; the wrist hangs down
    p.dh = {dh(0, 0.3, 0, 0), dh(0, 0.2, 0, 0.4), dh(0, 0, 180, 0.35)};
    travel(1, 0.0, 0.5);
  } else if (configuration == "RPP") {  // cylindrical: waist, lift, radial boom
    p.dh = {dh(0, 0.3, 0, 0), dh(0, 0.2, -90, 0), dh(0, 0.2, 0, 0)};
    travel(1, 0.0, 0.6);
    travel(2, 0.0, 0.5);
  } else if (configuration == "PRR") {  // SCARA with the lift first
    p.dh = {dh(0, 0.3, 0, 0), dh(0, 0, 0, 0.4), dh(0, 0, 180, 0.35)};
    travel(0, 0.0, 0.5);
  } else if (configuration == "PRP") {  // cylindrical with the lift first
    p.dh = {dh(0, 0.3, 0, 0), dh(0, 0, -90, 0), dh(0, 0.2, 0, 0)};
    travel(0, 0.0, 0.5);
    travel(2, 0.0, 0.5);
  } else if (configuration == "PPR") {  // lift, horizontal slide, turning forearm
    p.dh = {dh(0, 0.3, -90, 0), dh(0, 0.2, 90, 0), dh(0, 0, 180, 0.3)};
    travel(0, 0.0, 0.5);
    travel(1, 0.0, 0.5);
  } else if (configuration == "PPP") {  // gantry: three orthogonal travels, the wrist hanging down
    p.dh = {dh(0, 0.3, 90, 0), dh(90, 0.1, 90, 0), dh(90, 0.3, -90, 0)};
    travel(0, 0.0, 0.6);
    travel(1, -0.4, 0.4);
    travel(2, 0.0, 0.6);
  } else {
    throw GenericArmError("configuration", "Unknown arm configuration '" + configuration +
                                               "': choose one of RRR, RRP, RPR, RPP, PRR, PRP, PPR, PPP");
  }
  return p;
}

GenericArm makeGenericArm(const GenericArmParameters& p) {
  checkInput(p);
  GenericArm out;
  RobotSpec& r = out.robot;
  r.name = "Generic " + p.configuration + " arm, spherical wrist";
  r.links.resize(6);
  // The section follows the arm's size: 6 % of its length sum, 1-12 cm.
  double size = std::abs(p.d6);
  for (int i = 0; i < 3; ++i) {
    const DhParameters& h = p.dh[static_cast<std::size_t>(i)];
    size += std::abs(h.a) + std::abs(h.d);
    if (isPrismatic(p, i)) size += p.travelMax[static_cast<std::size_t>(i)] - p.travelMin[static_cast<std::size_t>(i)];
  }
  const double w = std::clamp(0.06 * size, 0.01, 0.12);
  for (int i = 0; i < 6; ++i) {
    LinkSpec& l = r.links[static_cast<std::size_t>(i)];
    l.name = "LINK" + std::to_string(i + 1);
    const bool prismatic = i < 3 && isPrismatic(p, i);
    l.joint = prismatic ? JointType::Prismatic : JointType::Revolute;
    l.vMax = prismatic ? 0.5 : 1.0;
    if (i < 3) {
      l.dh = p.dh[static_cast<std::size_t>(i)];
    } else {
      // Abuzneid & Sobh table 1: the spherical wrist.
      const double alpha[] = {-kPi / 2.0, kPi / 2.0, 0.0};
      l.dh = {0.0, i == 5 ? p.d6 : 0.0, alpha[i - 3], 0.0};
    }
    const Eigen::Vector3d axis(0.0, std::sin(l.dh.alpha), std::cos(l.dh.alpha));  // z_{i-1} in frame i
    const Eigen::Vector3d elbow(-l.dh.a, 0.0, 0.0);  // where the d segment meets the a segment
    if (prismatic) {
      l.qMin = p.travelMin[static_cast<std::size_t>(i)];
      l.qMax = p.travelMax[static_cast<std::size_t>(i)];
      // A boom as long as the travel (plus a section), sliding through joint i.
      setBody(l, elbow - (l.qMax - l.qMin + w) * axis, elbow, w);
    } else if (i < 3) {
      const double dLength = std::abs(l.dh.d), aLength = std::abs(l.dh.a);
      if (aLength >= dLength)
        setBody(l, elbow, Eigen::Vector3d::Zero(), w);
      else
        setBody(l, elbow - l.dh.d * axis, elbow, w);
    } else if (i == 5) {
      setBody(l, Eigen::Vector3d(0.0, 0.0, -l.dh.d), Eigen::Vector3d::Zero(), 0.6 * w);
    } else {
      setBody(l, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), 0.8 * w);
    }
  }

  // Three configurations where neither the arm nor the wrist is singular: the task's points.
  const Model model(r);
  const double scale = std::min(1.0, lengthSum(model));
  std::vector<Eigen::VectorXd> chosen;
  for (std::size_t c = 0; c < std::size(kCandidates) && chosen.size() < 3; ++c) {
    Eigen::VectorXd q(6);
    for (int i = 0; i < 3; ++i) {
      const LinkSpec& l = r.links[static_cast<std::size_t>(i)];
      q(i) = l.joint == JointType::Prismatic ? l.qMin + kFractions[c][i] * (l.qMax - l.qMin) : kCandidates[c].arm[i];
      q(3 + i) = kCandidates[c].wrist[i];
    }
    const KinematicAnalysis k = analyzeConfiguration(model, q);
    if (k.singular == Singularity::None && k.detJ11 && k.armDistance > 0.02 * scale && k.wristDistance > 0.2)
      chosen.push_back(q);
  }
  if (chosen.size() < 3)
    throw GenericArmError("dh", "With these lengths and twists the first three joints cannot move the wrist centre in "
                                "three independent directions (the arm is singular wherever it was tried): a revolute "
                                "link with neither a nor d, joint axes that are all parallel, or a wrist centre on the "
                                "axis of joint 1. Give the links lengths or change the twists α");
  r.home = chosen.front();
  out.task.name = "generic " + p.configuration + " task";
  for (const Eigen::VectorXd& q : chosen) out.task.points.push_back(taskPointAt(model, q));
  // Rest to rest (a designer's first question: what does the arm need to get there and stop),
  // quintic segments timed so that no joint passes half its vmax between the configurations the
  // points were taken from (a quintic's peak speed is 1.875 |dq| / T), rounded up to 0.1 s.
  out.task.scheme = TaskScheme::Quintic;
  for (std::size_t k = 0; k + 1 < chosen.size(); ++k) {
    double T = 0.5;
    for (int j = 0; j < 6; ++j)
      T = std::max(T, 2.0 * 1.875 * std::abs(chosen[k + 1](j) - chosen[k](j)) / r.links[static_cast<std::size_t>(j)].vMax);
    out.task.durations.push_back(std::ceil(10.0 * T - 1e-9) / 10.0);
  }
  return out;
}

}  // namespace armdyn
