#include "support/test_support.h"

#include <cmath>

namespace armdyn::test {

std::string sourcePath(const std::string& relative) { return std::string(ARMDYN_SOURCE_DIR) + "/" + relative; }

RobotSpec voraRrrSpec() {
  const double deg = M_PI / 180.0;
  RobotSpec r;
  r.name = "Vora RRR";
  r.family = "rrr";
  r.links.resize(3);
  const double alpha[3] = {90.0 * deg, 0.0, 0.0};
  const double a[3] = {0.0, 0.5, 0.5};
  const double vmax[3] = {1.0, 1.0, 1.25};
  for (int i = 0; i < 3; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.joint = JointType::Revolute;
    l.dh.alpha = alpha[i];
    l.dh.a = a[i];
    l.vMax = vmax[i];
    l.bar.density = 2460.0;
  }
  r.links[0].bar.outer = {0.05, 0.4, 0.05};
  r.links[0].bar.inner = {0.045, 0.4, 0.045};
  r.links[0].bar.centre = {0.0, -0.25, 0.0};
  for (int i = 1; i < 3; ++i) {
    r.links[i].bar.outer = {0.5, 0.05, 0.05};
    r.links[i].bar.inner = {0.5, 0.045, 0.045};
    r.links[i].bar.centre = {-0.25, 0.0, 0.0};
  }
  r.gravity = {0.0, 0.0, -9.8};
  r.dt = 0.025;
  r.tacc = 0.3;
  return r;
}

namespace {

LinkSpec barLink(const std::string& name, JointType joint, double thetaDeg, double d, double alphaDeg,
                 double a, Eigen::Vector3d outer, Eigen::Vector3d inner, Eigen::Vector3d centre,
                 double vmax) {
  const double deg = M_PI / 180.0;
  LinkSpec l;
  l.name = name;
  l.joint = joint;
  l.dh = {thetaDeg * deg, d, alphaDeg * deg, a};
  l.bar.density = 2460.0;
  l.bar.outer = outer;
  l.bar.inner = inner;
  l.bar.centre = centre;
  l.vMax = vmax;
  if (joint == JointType::Revolute) {
    l.qMin = -M_PI;
    l.qMax = M_PI;
  }
  return l;
}

}  // namespace

std::vector<std::string> libraryRobotNames() { return {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"}; }

RobotSpec libraryRobotSpec(const std::string& name) {
  const auto R = JointType::Revolute;
  const auto P = JointType::Prismatic;
  using V = Eigen::Vector3d;
  RobotSpec r;
  r.gravity = {0.0, 0.0, -9.8};
  r.dt = 0.025;
  r.tacc = 0.3;
  if (name == "vora_rrr") {
    r = voraRrrSpec();
    for (auto& l : r.links) { l.qMin = -M_PI; l.qMax = M_PI; }
    return r;
  }
  if (name == "stanford_rrprrr") {  // table A-1
    r.name = "Stanford RRPRRR";
    r.family = "stanford";
    r.links = {
        barLink("LINK1", R, 0, 0.0, -90, 0, V(0.15, 0.15, 0.3), V(0.145, 0.145, 0.3), V(0, 0, 0.15), 2.0),
        barLink("LINK2", R, 0, 0.37, 90, 0, V(0.15, 0.15, 0.37), V(0.145, 0.145, 0.37), V(0, 0, 0), 2.5),
        barLink("LINK3", P, 0, 0.0, 0, 0, V(0.125, 0.125, 1.0), V(0.12, 0.12, 1.0), V(0, 0, -0.5), 1.0),
        barLink("LINK4", R, 0, 0.0, -90, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0), 3.0),
        barLink("LINK5", R, 0, 0.0, 90, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0), 3.0),
        barLink("LINK6", R, 0, 0.0, 0, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0.05), 3.5)};
    r.links[2].qMin = 0.3;
    r.links[2].qMax = 1.2;
    r.home = Eigen::VectorXd::Zero(6);
    r.home(2) = 1.0;  // Vora's table lists d3 = 1.0 m, the boom's starting extension
    return r;
  }
  if (name == "cartesian_ppprrr") {  // table A-3 ("PPFRRR" is an OCR slip for PPPRRR)
    r.name = "Cartesian PPPRRR";
    r.family = "cartesian";
    r.links = {
        barLink("LINK1", P, 0, 0.0, 90, 0, V(0.3, 0.1, 0.3), V(0.2, 0.1, 0.2), V(0, 0, 0), 1.0),
        barLink("LINK2", P, 90, 0.0, 90, 0, V(0.1, 0.7, 0.1), V(0.09, 0.7, 0.09), V(0, -0.35, 0), 1.0),
        barLink("LINK3", P, 90, 0.0, 90, 0, V(0.1, 0.7, 0.1), V(0.09, 0.7, 0.09), V(0, -0.35, 0), 1.0),
        barLink("LINK4", R, 0, 0.0, 90, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0), 5.0),
        barLink("LINK5", R, 0, 0.0, 90, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0), 5.0),
        barLink("LINK6", R, 0, 0.0, 0, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0.05), 5.0)};
    for (int i = 0; i < 3; ++i) {
      r.links[i].qMin = -1.0;
      r.links[i].qMax = 1.0;
    }
    return r;
  }
  if (name == "rrrrrr") {  // table A-5
    r.name = "RRRRRR";
    r.family = "rrrrrr";
    r.links = {
        barLink("LINK1", R, 0, 0.0, 90, 0.0, V(0.05, 0.2, 0.05), V(0.045, 0.2, 0.045), V(0, -0.125, 0), 1.0),
        barLink("LINK2", R, 0, 0.0, 0, 0.4, V(0.4, 0.04, 0.04), V(0.4, 0.035, 0.035), V(-0.2, 0, 0), 1.0),
        barLink("LINK3", R, 0, 0.0, 0, 0.4, V(0.4, 0.035, 0.035), V(0.4, 0.03, 0.03), V(-0.2, 0, 0), 1.25),
        barLink("LINK4", R, 0, 0.0, -90, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0), 3.0),
        barLink("LINK5", R, 0, 0.0, -90, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0), 3.0),
        barLink("LINK6", R, 0, 0.0, 0, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0.0625), 3.5)};
    return r;
  }
  throw std::invalid_argument("unknown library robot " + name);
}

Eigen::VectorXd randomVector(std::mt19937& rng, int n, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v(i) = u(rng);
  return v;
}

}  // namespace armdyn::test
