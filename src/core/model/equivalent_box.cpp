#include "model/equivalent_box.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace armdyn {

EquivalentBox equivalentBox(double mass, const Eigen::Vector3d& com, const Eigen::Matrix3d& inertiaCom,
                            double minimumSide, double maximumSide) {
  if (!(minimumSide > 0.0) || !std::isfinite(minimumSide) || !(maximumSide >= minimumSide))
    throw std::invalid_argument("equivalentBox: need 0 < minimumSide <= maximumSide (metres)");
  if (!std::isfinite(mass) || !com.allFinite() || !inertiaCom.allFinite())
    throw std::invalid_argument("equivalentBox: mass properties must be finite");
  EquivalentBox box;
  box.centre = com;
  if (!(mass > 0.0)) {
    box.sides.setConstant(minimumSide);
    box.clamped = true;
    box.note = "no positive mass: drawn as a small cube";
    return box;
  }
  // Principal axes: eigenvectors of the symmetric part, moments ascending.
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(0.5 * (inertiaCom + inertiaCom.transpose()));
  box.moments = eig.eigenvalues();
  box.rotation = eig.eigenvectors();
  if (box.rotation.determinant() < 0.0) box.rotation.col(2) *= -1.0;
  const Eigen::Vector3d& I = box.moments;
  const Eigen::Vector3d squares(6.0 * (I(1) + I(2) - I(0)) / mass, 6.0 * (I(0) + I(2) - I(1)) / mass,
                                6.0 * (I(0) + I(1) - I(2)) / mass);
  const char* axis[] = {"a", "b", "c"};
  char buf[200];
  for (int k = 0; k < 3; ++k) {
    if (squares(k) > maximumSide * maximumSide) {
      box.sides(k) = maximumSide;
      box.capped = true;
      std::snprintf(buf, sizeof buf, "%sside %s: %.4g m capped to %.4g m", box.note.empty() ? "" : "; ", axis[k],
                    std::sqrt(squares(k)), maximumSide);
      box.note += buf;
      continue;
    }
    if (squares(k) > minimumSide * minimumSide) {
      box.sides(k) = std::sqrt(squares(k));
      continue;
    }
    box.sides(k) = minimumSide;
    // Only a negative square is a physical impossibility; a tiny one is a thin rod or plate.
    if (squares(k) < 0.0) {
      box.clamped = true;
      std::snprintf(buf, sizeof buf, "%sside %s: principal moments (%.4g, %.4g, %.4g) kg m^2 break the triangle inequality",
                    box.note.empty() ? "" : "; ", axis[k], I(0), I(1), I(2));
      box.note += buf;
    }
  }
  return box;
}

EquivalentBox equivalentBox(const LinkInertial& inertial, double minimumSide, double maximumSide) {
  return equivalentBox(inertial.mass, inertial.com, inertial.inertiaCom, minimumSide, maximumSide);
}

LinkInertial bareLinkInertial(const LinkSpec& link) {
  switch (link.massSource) {
    case MassSource::HollowBar: return hollowBarInertial(link.bar);
    case MassSource::Explicit: return inertialFromTensor(link.inertia.mass, link.inertia.com, link.inertia.inertiaCom);
    case MassSource::PseudoInertia: return inertialFromPseudo(link.pseudoInertia);
  }
  return {};
}

}  // namespace armdyn
