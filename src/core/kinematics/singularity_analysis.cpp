#include "kinematics/singularity_analysis.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"

#include <Eigen/LU>
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

// Closest points of the lines a + s u and b + t v (unit u, v); false when parallel.
bool closestPoints(const Eigen::Vector3d& a, const Eigen::Vector3d& u, const Eigen::Vector3d& b,
                   const Eigen::Vector3d& v, Eigen::Vector3d& onA, Eigen::Vector3d& onB) {
  const double c = u.dot(v), denom = 1.0 - c * c;
  if (denom < 1e-18) return false;
  const Eigen::Vector3d r = a - b;
  const double d = u.dot(r), e = v.dot(r);
  onA = a + ((c * e - d) / denom) * u;
  onB = b + ((e - c * d) / denom) * v;
  return true;
}

double distanceToLine(const Eigen::Vector3d& x, const Eigen::Vector3d& a, const Eigen::Vector3d& u) {
  const Eigen::Vector3d r = x - a;
  return (r - r.dot(u) * u).norm();
}

}  // namespace

const char* singularityName(Singularity s) {
  switch (s) {
    case Singularity::None: return "none";
    case Singularity::Arm: return "arm";
    case Singularity::Wrist: return "wrist";
    case Singularity::Both: return "both";
  }
  return "?";
}

double lengthSum(const Model& model) {
  double L = 0.0;
  for (int i = 0; i < model.dof(); ++i) {
    const DhParameters& dh = model.dh(i);
    L += std::abs(dh.a) + std::abs(dh.d);
    if (!model.isRevolute(i)) {
      const LinkSpec& l = model.spec().links[static_cast<std::size_t>(i)];
      if (l.qMin > -1e300 && l.qMax < 1e300) L += l.qMax - l.qMin;
    }
  }
  return L;
}

std::optional<Eigen::Vector3d> sphericalWristCentre(const Model& model, const Eigen::Matrix4d* frames) {
  if (model.dof() != 6) return std::nullopt;
  for (int i = 3; i < 6; ++i)
    if (!model.isRevolute(i)) return std::nullopt;
  const double tol = 1e-9 * std::max(1.0, lengthSum(model));
  const Eigen::Vector3d o3 = frames[3].topRightCorner<3, 1>(), z3 = frames[3].block<3, 1>(0, 2);
  const Eigen::Vector3d o4 = frames[4].topRightCorner<3, 1>(), z4 = frames[4].block<3, 1>(0, 2);
  const Eigen::Vector3d o5 = frames[5].topRightCorner<3, 1>(), z5 = frames[5].block<3, 1>(0, 2);
  Eigen::Vector3d p, q;
  if (!closestPoints(o3, z3, o4, z4, p, q) || (p - q).norm() > tol) return std::nullopt;
  const Eigen::Vector3d c = 0.5 * (p + q);
  if (distanceToLine(c, o5, z5) > tol) return std::nullopt;
  return c;
}

namespace {

// The smallest and the largest eigenvalue of a symmetric positive semi-definite 6 x 6 matrix,
// in entries 0 and 5 (the others 0): Householder tridiagonalisation, then Laguerre's iteration on the characteristic
// polynomial of the tridiagonal matrix (its value and two derivatives by the three-term
// recurrence: multiplications only). Every root is real, so Laguerre's iteration started
// outside the Gershgorin interval converges monotonically to the nearest root, cubically near
// it. Accuracy as a full eigensolver's: about 1e-16 of the largest eigenvalue in absolute
// terms. The condition number needs only these two; a full symmetric QR costs four times more.
Eigen::Matrix<double, 6, 1> extremeEigenvalues(const Eigen::Matrix<double, 6, 6>& G) {
  // Householder tridiagonalisation (Golub & Van Loan 8.3.1) written out for 6 x 6: A <- P A P
  // with P = I - 2 v v^T reflecting column k below the sub-diagonal onto it.
  double A[6][6];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) A[i][j] = G(i, j);
  double a[6], b2[6];  // diagonal, squared sub-diagonal (b2[i] couples i-1 and i; b2[0] unused)
  b2[0] = 0.0;
  for (int k = 0; k < 4; ++k) {
    double norm2 = 0.0;
    for (int i = k + 1; i < 6; ++i) norm2 += A[i][k] * A[i][k];
    b2[k + 1] = norm2;  // the sub-diagonal entry is -+sqrt(norm2)
    double v[6] = {0, 0, 0, 0, 0, 0};
    const double norm = std::sqrt(norm2);
    const double alpha = A[k + 1][k] >= 0.0 ? -norm : norm;
    for (int i = k + 1; i < 6; ++i) v[i] = A[i][k];
    v[k + 1] -= alpha;
    double vv = 0.0;
    for (int i = k + 1; i < 6; ++i) vv += v[i] * v[i];
    if (vv == 0.0) continue;  // already reduced
    const double beta = 2.0 / vv;
    // p = beta A v, K = beta v^T p / 2, q = p - K v; A <- A - v q^T - q v^T (trailing block).
    double pv[6] = {0, 0, 0, 0, 0, 0}, K = 0.0;
    for (int i = k + 1; i < 6; ++i) {
      double sum = 0.0;
      for (int j = k + 1; j < 6; ++j) sum += A[i][j] * v[j];
      pv[i] = beta * sum;
      K += v[i] * pv[i];
    }
    K *= 0.5 * beta;
    for (int i = k + 1; i < 6; ++i) pv[i] -= K * v[i];
    for (int i = k + 1; i < 6; ++i)
      for (int j = k + 1; j < 6; ++j) A[i][j] -= v[i] * pv[j] + pv[i] * v[j];
  }
  b2[5] = A[5][4] * A[5][4];
  for (int i = 0; i < 6; ++i) a[i] = A[i][i];
  double lo = a[0], hi = a[0];
  for (int i = 0; i < 6; ++i) {
    const double r = (i > 0 ? std::sqrt(b2[i]) : 0.0) + (i < 5 ? std::sqrt(b2[i + 1]) : 0.0);
    lo = std::min(lo, a[i] - r);
    hi = std::max(hi, a[i] + r);
  }
  const double scale = std::max(std::abs(lo), std::abs(hi));
  const auto laguerre = [&](double x) {
    constexpr double n = 6.0;
    for (int it = 0; it < 40; ++it) {
      double p0 = 1.0, p1 = 0.0, p2 = 0.0;  // p_k, p_k', p_k''
      double q0 = 0.0, q1 = 0.0, q2 = 0.0;  // p_{k-1} and derivatives
      for (int k = 0; k < 6; ++k) {
        const double d = a[k] - x;
        const double n0 = d * p0 - b2[k] * q0;
        const double n1 = d * p1 - p0 - b2[k] * q1;
        const double n2 = d * p2 - 2.0 * p1 - b2[k] * q2;
        q0 = p0, q1 = p1, q2 = p2;
        p0 = n0, p1 = n1, p2 = n2;
      }
      if (p0 == 0.0) return x;
      const double g = p1 / p0, h = g * g - p2 / p0;
      const double root = std::sqrt(std::max(0.0, (n - 1.0) * (n * h - g * g)));
      const double denominator = std::abs(g + root) > std::abs(g - root) ? g + root : g - root;
      if (denominator == 0.0) return x;
      const double step = n / denominator;
      x -= step;
      if (std::abs(step) <= 1e-16 * scale) return x;
    }
    return x;
  };
  Eigen::Matrix<double, 6, 1> ev = Eigen::Matrix<double, 6, 1>::Zero();
  // G = J^T J is positive semi-definite (to rounding, 1e-16 of its scale): just below 0 is
  // outside the spectrum and near the smallest root, so few steps are needed there.
  ev(0) = laguerre(std::max(lo, -1e-10 * scale) - 1e-300);
  ev(5) = laguerre(hi);
  return ev;
}

}  // namespace

double manipulability(const Eigen::Ref<const Eigen::Matrix<double, 6, Eigen::Dynamic>>& J) {
  const int n = static_cast<int>(J.cols());
  if (n == 6) return std::abs(Eigen::Matrix<double, 6, 6>(J).determinant());
  const int rows = n < 6 ? 3 : 6;
  const auto Jr = J.topRows(rows);
  // Fewer joints than rows: the volume the joints span, sqrt(det(J^T J)).
  return n < rows ? std::sqrt(std::max(0.0, (Jr.transpose() * Jr).determinant()))
                  : std::sqrt(std::max(0.0, (Jr * Jr.transpose()).determinant()));
}

KinematicAnalysis analyzeConfiguration(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& q) {
  const int n = model.dof();
  if (q.size() != n) throw std::invalid_argument("analyzeConfiguration: q needs " + std::to_string(n) + " values");
  LinkFrameArray frames;
  const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxLinks> J(6, n);
  geometricJacobian(model, frames.data(), tool, J);
  KinematicAnalysis a;
  const double L = std::max(lengthSum(model), 1e-3);
  const int rows = n < 6 ? 3 : 6;
  // Six joints: the condition number from the eigenvalues of Jn^T Jn (fast; sigma^2 to 1e-16
  // of the largest, so condition numbers beyond about 1e7 read as "about 1e8 or more": singular
  // for every purpose, and the wrist split below gives the accurate distances). Otherwise a
  // Jacobi SVD, which also gives the distance to a singularity of a chain without a wrist.
  const bool gram = n == 6 && rows == 6;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, kMaxLinks> Jn = J.topRows(rows);
  Jn.topRows(3) /= L;
  double largestN = 0.0, smallestN = 0.0;
  if (gram) {
    const Eigen::Matrix<double, 6, 6> J6n = Jn;
    const Eigen::Matrix<double, 6, 6> G = J6n.transpose() * J6n;
    const Eigen::Matrix<double, 6, 1> ev =
        extremeEigenvalues(G);
    largestN = std::sqrt(std::max(0.0, ev(5)));
    smallestN = std::sqrt(std::max(0.0, ev(0)));
  } else {
    const Eigen::JacobiSVD<decltype(Jn)> svdN(Jn);
    const auto& sn = svdN.singularValues();
    largestN = sn(0);
    smallestN = sn(sn.size() - 1);
  }
  a.conditionNumber = smallestN > 0.0 ? largestN / smallestN : std::numeric_limits<double>::infinity();
  a.wristDistance = std::numeric_limits<double>::quiet_NaN();
  // Singular values of a 3 x 3 block from the closed-form eigenvalues of B^T B (no SVD
  // iterations). The two largest are accurate; the smallest, whose square would be resolved
  // only to 1e-16 of the largest, is |det B| / (sigma1 sigma2) (exact to rounding, 0 at an
  // exact singularity), unless the block is near rank one.
  const auto singularBlock = [](const Eigen::Matrix3d& B, double detB, double& smallest) {
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> es;
    es.computeDirect(B.transpose() * B, Eigen::EigenvaluesOnly);
    const Eigen::Vector3d ev = es.eigenvalues().cwiseMax(0.0);  // ascending
    smallest = ev(1) > 1e-8 * ev(2) ? std::abs(detB) / std::sqrt(ev(2) * ev(1)) : std::sqrt(ev(0));
    return !(smallest > kSingularRatio * std::sqrt(ev(2)));
  };
  if (const auto c = sphericalWristCentre(model, frames.data())) {
    a.wristCentre = c;
    Eigen::Matrix3d J11, J22;
    for (int k = 0; k < 3; ++k) {
      const Eigen::Vector3d z = frames[k].block<3, 1>(0, 2);
      J11.col(k) = model.isRevolute(k) ? Eigen::Vector3d(z.cross(*c - frames[k].topRightCorner<3, 1>())) : z;
      J22.col(k) = frames[3 + k].block<3, 1>(0, 2);
    }
    a.detJ11 = J11.determinant();
    a.detJ22 = J22.determinant();
    // The block-triangular split (A&S eq 27): det J = det J11 det J22, without a 6 x 6 LU.
    a.detJ = *a.detJ11 * *a.detJ22;
    a.manipulability = std::abs(a.detJ);
    const bool arm = singularBlock(J11, *a.detJ11, a.armDistance);
    const bool wrist = singularBlock(J22, *a.detJ22, a.wristDistance);
    a.singular = arm && wrist ? Singularity::Both : arm ? Singularity::Arm : wrist ? Singularity::Wrist : Singularity::None;
  } else {
    a.detJ = n == 6 ? Eigen::Matrix<double, 6, 6>(J).determinant() : std::numeric_limits<double>::quiet_NaN();
    a.manipulability = manipulability(J);
    // No wrist to separate: the whole (unit-free) Jacobian, by SVD for an accurate distance.
    if (gram) {
      const Eigen::Matrix<double, 6, 6> J6n = Jn;
      const Eigen::Matrix<double, 6, 1> sv = Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>>(J6n).singularValues();
      largestN = sv(0);
      smallestN = sv(5);
      a.conditionNumber = smallestN > 0.0 ? largestN / smallestN : std::numeric_limits<double>::infinity();
    }
    a.armDistance = smallestN;
    a.singular = smallestN > kSingularRatio * largestN ? Singularity::None : Singularity::Arm;
  }
  return a;
}

}  // namespace armdyn
