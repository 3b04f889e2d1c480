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

Eigen::VectorXd randomVector(std::mt19937& rng, int n, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v(i) = u(rng);
  return v;
}

}  // namespace armdyn::test
