#include "kinematics/path_singularities.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The signed measures of a configuration: (arm, wrist) = (det J11, det J22) for a spherical
// wrist, (det J, NaN) for another six-joint chain, (det of the position Jacobian, NaN) for
// three joints, (NaN, NaN) otherwise.
struct Signed {
  double arm = kNaN, wrist = kNaN;
};

Signed signedMeasures(const Model& model, const Eigen::VectorXd& q) {
  const int n = model.dof();
  if (n == 6) {
    const KinematicAnalysis a = analyzeConfiguration(model, q);
    if (a.detJ11) return {*a.detJ11, *a.detJ22};
    return {a.detJ, kNaN};
  }
  if (n == 3) {
    const Eigen::MatrixXd J = geometricJacobian(model, q);
    return {Eigen::Matrix3d(J.topRows(3)).determinant(), kNaN};
  }
  return {};
}

bool changesSign(double a, double b) { return std::isfinite(a) && std::isfinite(b) && ((a < 0.0) != (b < 0.0)) && a != b; }

}  // namespace

PathKinematics analyzePath(const Model& model, const std::vector<double>& t, const Eigen::MatrixXd& q) {
  const int n = model.dof();
  const std::size_t m = t.size();
  if (m == 0 || q.rows() != static_cast<Eigen::Index>(m) || q.cols() != n)
    throw std::invalid_argument("analyzePath: " + std::to_string(m) + " times and a " + std::to_string(q.rows()) + " x " +
                                std::to_string(q.cols()) + " joint matrix for " + std::to_string(n) + " joints");
  if (!q.allFinite()) throw std::invalid_argument("analyzePath: joint values are not finite");
  for (std::size_t k = 1; k < m; ++k)
    if (!(t[k] > t[k - 1])) throw std::invalid_argument("analyzePath: sample times must increase");

  PathKinematics out;
  out.detJ.resize(m);
  out.detJ11.resize(m);
  out.detJ22.resize(m);
  out.manipulability.resize(m);
  out.conditionNumber.resize(m);
  out.singular.resize(m);
  std::vector<Signed> measures(m);
  out.minManipulability = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < m; ++k) {
    const Eigen::VectorXd qk = q.row(static_cast<Eigen::Index>(k)).transpose();
    const KinematicAnalysis a = analyzeConfiguration(model, qk);
    out.detJ[k] = a.detJ;
    out.detJ11[k] = a.detJ11 ? *a.detJ11 : kNaN;
    out.detJ22[k] = a.detJ22 ? *a.detJ22 : kNaN;
    out.manipulability[k] = a.manipulability;
    out.conditionNumber[k] = a.conditionNumber;
    out.singular[k] = a.singular;
    if (a.manipulability < out.minManipulability) {
      out.minManipulability = a.manipulability;
      out.minManipulabilityTime = t[k];
    }
    if (n == 6) measures[k] = a.detJ11 ? Signed{*a.detJ11, *a.detJ22} : Signed{a.detJ, kNaN};
    else measures[k] = signedMeasures(model, qk);
  }

  // Crossings between samples k and k+1, per measure; then singular samples not next to one.
  std::vector<bool> nearCrossing(m, false);
  const auto locate = [&](std::size_t k, bool wristMeasure) {
    const Eigen::VectorXd q0 = q.row(static_cast<Eigen::Index>(k)).transpose();
    const Eigen::VectorXd q1 = q.row(static_cast<Eigen::Index>(k + 1)).transpose();
    const auto value = [&](double s) {
      const Signed v = signedMeasures(model, q0 + s * (q1 - q0));
      return wristMeasure ? v.wrist : v.arm;
    };
    double lo = 0.0, hi = 1.0, flo = wristMeasure ? measures[k].wrist : measures[k].arm;
    for (int it = 0; it < 40 && hi - lo > 1e-9; ++it) {
      const double mid = 0.5 * (lo + hi), fm = value(mid);
      if (!std::isfinite(fm)) break;
      if ((fm < 0.0) == (flo < 0.0)) {
        lo = mid;
        flo = fm;
      } else {
        hi = mid;
      }
    }
    const double s = 0.5 * (lo + hi);
    PathSingularity p;
    p.t = t[k] + s * (t[k + 1] - t[k]);
    p.kind = wristMeasure ? Singularity::Wrist : Singularity::Arm;
    p.crossing = true;
    p.q = q0 + s * (q1 - q0);
    return p;
  };
  for (std::size_t k = 0; k + 1 < m; ++k) {
    const bool arm = changesSign(measures[k].arm, measures[k + 1].arm);
    const bool wrist = changesSign(measures[k].wrist, measures[k + 1].wrist);
    if (!arm && !wrist) continue;
    nearCrossing[k] = nearCrossing[k + 1] = true;
    if (arm && wrist) {
      PathSingularity a = locate(k, false), w = locate(k, true);
      if (std::abs(a.t - w.t) <= 1e-9 * (t[k + 1] - t[k]) + 1e-12) {
        a.kind = Singularity::Both;
        out.instants.push_back(a);
      } else {
        out.instants.push_back(a.t < w.t ? a : w);
        out.instants.push_back(a.t < w.t ? w : a);
      }
    } else {
      out.instants.push_back(locate(k, wrist));
    }
  }
  for (std::size_t k = 0; k < m; ++k) {
    if (out.singular[k] == Singularity::None || nearCrossing[k]) continue;
    // A run of singular samples (a pause on a singularity) is one instant, at its start.
    if (k > 0 && out.singular[k - 1] != Singularity::None && !nearCrossing[k - 1]) continue;
    PathSingularity p;
    p.t = t[k];
    p.kind = out.singular[k];
    p.crossing = false;
    p.q = q.row(static_cast<Eigen::Index>(k)).transpose();
    out.instants.push_back(p);
  }
  std::sort(out.instants.begin(), out.instants.end(), [](const PathSingularity& a, const PathSingularity& b) { return a.t < b.t; });
  return out;
}

}  // namespace armdyn
