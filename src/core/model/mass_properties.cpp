#include "model/mass_properties.h"

#include <Eigen/Eigenvalues>

namespace armdyn {
namespace {

// Solid box of mass m with edge lengths s about its own centre: diag(m/12 (sy^2+sz^2), ...).
Eigen::Matrix3d boxInertia(double m, const Eigen::Vector3d& s) {
  const Eigen::Vector3d s2 = s.cwiseProduct(s);
  return (m / 12.0) * Eigen::Vector3d(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y()).asDiagonal();
}

// Parallel-axis shift: I_origin = I_com + m (|c|^2 1 - c c^T).
Eigen::Matrix3d shiftToOrigin(const Eigen::Matrix3d& inertiaCom, double m, const Eigen::Vector3d& c) {
  return inertiaCom + m * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
}

}  // namespace

Eigen::Matrix4d pseudoFromTensor(double mass, const Eigen::Vector3d& com,
                                 const Eigen::Matrix3d& inertiaOrigin) {
  // Second-moment matrix S = int r r^T dm = 0.5 tr(I) 1 - I.
  Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
  J.topLeftCorner<3, 3>() = 0.5 * inertiaOrigin.trace() * Eigen::Matrix3d::Identity() - inertiaOrigin;
  J.topRightCorner<3, 1>() = mass * com;
  J.bottomLeftCorner<1, 3>() = (mass * com).transpose();
  J(3, 3) = mass;
  return J;
}

LinkInertial inertialFromTensor(double mass, const Eigen::Vector3d& com,
                                const Eigen::Matrix3d& inertiaCom) {
  LinkInertial L;
  L.mass = mass;
  L.com = com;
  L.inertiaCom = inertiaCom;
  L.inertiaOrigin = shiftToOrigin(inertiaCom, mass, com);
  L.pseudo = pseudoFromTensor(mass, com, L.inertiaOrigin);
  return L;
}

LinkInertial inertialFromPseudo(const Eigen::Matrix4d& J) {
  LinkInertial L;
  L.mass = J(3, 3);
  const Eigen::Vector3d h = J.topRightCorner<3, 1>();
  L.com = L.mass > 0.0 ? Eigen::Vector3d(h / L.mass) : Eigen::Vector3d::Zero();
  const Eigen::Matrix3d S = J.topLeftCorner<3, 3>();
  L.inertiaOrigin = S.trace() * Eigen::Matrix3d::Identity() - S;
  L.inertiaCom = L.inertiaOrigin - L.mass * (L.com.squaredNorm() * Eigen::Matrix3d::Identity() -
                                             L.com * L.com.transpose());
  L.pseudo = J;
  return L;
}

LinkInertial hollowBarInertial(const HollowBar& bar) {
  const double mo = bar.density * bar.outer.prod();
  const double mi = bar.density * bar.inner.prod();
  const Eigen::Matrix3d Ic = boxInertia(mo, bar.outer) - boxInertia(mi, bar.inner);
  return inertialFromTensor(mo - mi, bar.centre, Ic);
}

LinkInertial addPointMass(const LinkInertial& link, double m, const Eigen::Vector3d& p) {
  if (m == 0.0) return link;
  return combineInertials(link, inertialFromTensor(m, p, Eigen::Matrix3d::Zero()));
}

LinkInertial combineInertials(const LinkInertial& a, const LinkInertial& b) {
  const double M = a.mass + b.mass;
  if (M <= 0.0) return a;
  const Eigen::Matrix3d Io = a.inertiaOrigin + b.inertiaOrigin;
  const Eigen::Vector3d c = (a.mass * a.com + b.mass * b.com) / M;
  LinkInertial L;
  L.mass = M;
  L.com = c;
  L.inertiaOrigin = Io;
  L.inertiaCom = Io - M * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
  L.pseudo = pseudoFromTensor(M, c, Io);
  return L;
}

std::vector<double> voraActuatorMasses(const std::vector<double>& bare) {
  const int n = static_cast<int>(bare.size());
  std::vector<double> ma(n, 0.0);
  double links = 0.0, actuators = 0.0;  // sum_{j>=i} m_j, sum_{j>i} ma_j
  for (int i = n - 1; i >= 0; --i) {
    links += bare[i];
    ma[i] = 0.25 * (links + actuators);
    actuators += ma[i];
  }
  return ma;
}

std::vector<LinkInertial> effectiveInertials(const RobotSpec& spec, std::vector<double>* actuatorMasses) {
  const int n = spec.dof();
  std::vector<LinkInertial> links(n);
  std::vector<double> bare(n);
  for (int i = 0; i < n; ++i) {
    const LinkSpec& l = spec.links[i];
    switch (l.massSource) {
      case MassSource::HollowBar: links[i] = hollowBarInertial(l.bar); break;
      case MassSource::Explicit:
        links[i] = inertialFromTensor(l.inertia.mass, l.inertia.com, l.inertia.inertiaCom);
        break;
      case MassSource::PseudoInertia: links[i] = inertialFromPseudo(l.pseudoInertia); break;
    }
    bare[i] = links[i].mass;
  }
  std::vector<double> ma(n, 0.0);
  if (spec.actuatorMassRule) {
    ma = voraActuatorMasses(bare);
    // Actuator of joint i+1 (index i+1) is a point mass at the origin of frame i.
    for (int i = 0; i + 1 < n; ++i) links[i] = addPointMass(links[i], ma[i + 1], Eigen::Vector3d::Zero());
  }
  if (actuatorMasses) *actuatorMasses = ma;
  return links;
}

std::string inertiaDefect(const Eigen::Matrix3d& I) {
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + I.cwiseAbs().maxCoeff()))
    return "inertia tensor must be symmetric";
  const Eigen::Vector3d e = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I, Eigen::EigenvaluesOnly).eigenvalues();
  const double tol = 1e-12 * (1.0 + e.cwiseAbs().maxCoeff());
  if (e.minCoeff() <= 0.0) return "inertia tensor is not positive definite";
  if (e(2) > e(0) + e(1) + tol) return "principal moments violate the triangle inequality";
  return "";
}

}  // namespace armdyn
