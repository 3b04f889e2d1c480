#include "kinematics/cyclic_chain.h"

#include "kinematics/pose.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

CyclicChain cyclicChain(const Model& model, const Eigen::Matrix4d& T0n, int shift) {
  const int n = model.dof();
  if (shift < 1 || shift >= n)
    throw std::invalid_argument("cyclicChain: shift " + std::to_string(shift) + " outside 1.." + std::to_string(n - 1));
  std::vector<JointAxisLine> axes;
  CyclicChain c;
  c.spec.name = model.spec().name + " (from joint " + std::to_string(shift + 1) + ")";
  c.spec.actuatorMassRule = model.spec().actuatorMassRule;
  c.spec.allowNonPhysicalInertia = model.spec().allowNonPhysicalInertia;
  // The frame of C's joint j at C's zero configuration, in C's common frame (the arm's frame s).
  Eigen::Matrix4d F = Eigen::Matrix4d::Identity();
  for (int j = 0; j < n; ++j) {
    const int i = cyclicJoint(n, shift, j);
    if (i == 0) F = F * rigidInverse(T0n);  // past the arm's last joint: back to its frame 0
    axes.push_back({F.block<3, 1>(0, 3), F.block<3, 1>(0, 2), model.jointType(i)});
    F = F * dhTransform(model, i, 0.0);
    c.spec.links.push_back(chainLinkOf(model.spec().links[static_cast<std::size_t>(i)]));
  }
  const DhChain dh = dhFromAxes(axes, F);
  for (int j = 0; j < n; ++j) c.spec.links[static_cast<std::size_t>(j)].dh = dh.dh[static_cast<std::size_t>(j)];
  c.spec.base = dh.base;
  c.spec.tool = dh.tool;
  return c;
}

}  // namespace armdyn
