#include "kinematics/reversed_chain.h"

#include "kinematics/pose.h"

#include <cassert>
#include <cmath>

namespace armdyn {

ReversedChain reversedChain(const Model& model) {
  const int n = model.dof();
  assert(n >= 1);
  ReversedChain r;
  r.spec.name = model.spec().name + " (reversed)";
  r.spec.actuatorMassRule = model.spec().actuatorMassRule;
  r.spec.allowNonPhysicalInertia = model.spec().allowNonPhysicalInertia;
  for (int k = 0; k < n; ++k) {
    const int i = n - 1 - k;  // the arm's joint (0-based) that link k of the reversed chain moves
    const LinkSpec& arm = model.spec().links[i];
    LinkSpec link = chainLinkOf(arm);
    link.qMin = -arm.qMax;
    link.qMax = -arm.qMin;
    const DhParameters& dh = arm.dh;
    const double aBefore = i > 0 ? model.dh(i - 1).a : 0.0;
    const double alphaBefore = i > 0 ? model.dh(i - 1).alpha : 0.0;
    link.dh = {-dh.theta, -dh.d, -alphaBefore, -aBefore};
    r.spec.links.push_back(std::move(link));
  }
  const DhParameters& last = model.dh(n - 1);
  const double c = std::cos(last.alpha), s = std::sin(last.alpha);
  // Rx(-alpha_n) Tx(-a_n): the translation (-a_n, 0, 0) is along x, which Rx leaves alone.
  r.lead << 1.0, 0.0, 0.0, -last.a,
            0.0, c, s, 0.0,
            0.0, -s, c, 0.0,
            0.0, 0.0, 0.0, 1.0;
  r.spec.base = rigidInverse(model.tool()) * r.lead;
  r.spec.tool = rigidInverse(model.base());
  return r;
}

}  // namespace armdyn
