#include "trajectory/piecewise_polynomial.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace armdyn {

namespace {

// p(x) for ascending coefficients c[0..degree].
double polyValue(const double* c, int degree, double x) {
  double v = c[degree];
  for (int r = degree - 1; r >= 0; --r) v = v * x + c[r];
  return v;
}

// Real roots of p (ascending c[0..degree]) strictly inside (lo, hi), appended in order. The roots
// of p' split [lo, hi] into intervals on which p is monotone; each sign change is bisected.
void rootsIn(const double* c, int degree, double lo, double hi, std::vector<double>& out) {
  while (degree > 0 && c[degree] == 0.0) --degree;
  if (degree <= 0) return;
  if (degree == 1) {
    const double r = -c[0] / c[1];
    if (r > lo && r < hi) out.push_back(r);
    return;
  }
  double d[PiecewisePolynomial::kCoefficients];
  for (int r = 1; r <= degree; ++r) d[r - 1] = r * c[r];
  std::vector<double> ends{lo};
  rootsIn(d, degree - 1, lo, hi, ends);
  ends.push_back(hi);
  for (std::size_t i = 0; i + 1 < ends.size(); ++i) {
    double a = ends[i], b = ends[i + 1];
    double fa = polyValue(c, degree, a);
    const double fb = polyValue(c, degree, b);
    if (i > 0 && fa == 0.0) {
      out.push_back(a);
      continue;
    }
    if ((fa < 0.0) == (fb < 0.0) || fb == 0.0) continue;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (a + b);
      if (mid <= a || mid >= b) break;
      const double fm = polyValue(c, degree, mid);
      if ((fm < 0.0) == (fa < 0.0)) {
        a = mid;
        fa = fm;
      } else {
        b = mid;
      }
    }
    out.push_back(0.5 * (a + b));
  }
}

}  // namespace

PolynomialCoefficients taylorShift(const PolynomialCoefficients& c, double shift) {
  // Repeated synthetic division (Horner's scheme for p(u + shift)).
  PolynomialCoefficients d = c;
  for (int i = 0; i < 5; ++i)
    for (int k = 4; k >= i; --k) d[k] += shift * d[k + 1];
  return d;
}

PiecewisePolynomial::PiecewisePolynomial(std::vector<double> breaks, Eigen::MatrixXd coefficients,
                                         std::vector<TrajectoryKnot> knots, int continuity,
                                         std::string scheme)
    : breaks_(std::move(breaks)),
      coefficients_(std::move(coefficients)),
      knots_(std::move(knots)),
      continuity_(continuity),
      scheme_(std::move(scheme)) {
  if (breaks_.size() < 2) throw std::invalid_argument("PiecewisePolynomial: needs at least one piece");
  if (breaks_.front() != 0.0) throw std::invalid_argument("PiecewisePolynomial: the first break must be 0");
  for (std::size_t i = 1; i < breaks_.size(); ++i)
    if (!(breaks_[i] > breaks_[i - 1]) || !std::isfinite(breaks_[i]))
      throw std::invalid_argument("PiecewisePolynomial: breaks must be finite and strictly increasing");
  if (coefficients_.rows() < 1 || coefficients_.cols() != kCoefficients * pieceCount())
    throw std::invalid_argument("PiecewisePolynomial: coefficients must be n x 6 * pieces");
  if (!coefficients_.allFinite()) throw std::invalid_argument("PiecewisePolynomial: coefficients must be finite");
  if (continuity_ != 1 && continuity_ != 2) throw std::invalid_argument("PiecewisePolynomial: continuity must be 1 or 2");
}

PiecewisePolynomial PiecewisePolynomial::fromJointPieces(const std::vector<JointPieces>& joints,
                                                         double duration,
                                                         const std::vector<double>& extraBreaks,
                                                         std::vector<TrajectoryKnot> knots,
                                                         int continuity, std::string scheme) {
  if (joints.empty()) throw std::invalid_argument("PiecewisePolynomial: no joints");
  if (!(duration > 0.0) || !std::isfinite(duration))
    throw std::invalid_argument("PiecewisePolynomial: duration must be positive");
  std::vector<double> all{0.0, duration};
  for (const JointPieces& jp : joints) {
    if (jp.starts.empty() || jp.starts.size() != jp.coefficients.size())
      throw std::invalid_argument("PiecewisePolynomial: each joint needs one start per piece");
    all.insert(all.end(), jp.starts.begin(), jp.starts.end());
  }
  all.insert(all.end(), extraBreaks.begin(), extraBreaks.end());
  std::sort(all.begin(), all.end());
  const double eps = 1e-12 * duration;
  std::vector<double> breaks{0.0};
  for (double b : all)
    if (b > breaks.back() + eps && b < duration - eps) breaks.push_back(b);
  breaks.push_back(duration);

  const int p = static_cast<int>(breaks.size()) - 1;
  const int n = static_cast<int>(joints.size());
  Eigen::MatrixXd coefficients(n, kCoefficients * p);
  for (int i = 0; i < p; ++i) {
    const double mid = 0.5 * (breaks[i] + breaks[i + 1]);
    for (int j = 0; j < n; ++j) {
      const JointPieces& jp = joints[j];
      const auto it = std::upper_bound(jp.starts.begin(), jp.starts.end(), mid);
      const std::size_t k = it == jp.starts.begin() ? 0 : static_cast<std::size_t>(it - jp.starts.begin()) - 1;
      const PolynomialCoefficients d = taylorShift(jp.coefficients[k], breaks[i] - jp.starts[k]);
      for (int r = 0; r < kCoefficients; ++r) coefficients(j, kCoefficients * i + r) = d[r];
    }
  }
  return PiecewisePolynomial(std::move(breaks), std::move(coefficients), std::move(knots), continuity,
                             std::move(scheme));
}

int PiecewisePolynomial::pieceAt(double t) const {
  // First break after t among t_1..t_{p-1}; t at or beyond the end falls in the last piece.
  const auto first = breaks_.begin() + 1;
  const auto last = breaks_.end() - 1;
  return static_cast<int>(std::upper_bound(first, last, t) - first);
}

void PiecewisePolynomial::evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                                   Eigen::Ref<Eigen::VectorXd> qdd) const {
  const double tc = std::min(std::max(t, 0.0), breaks_.back());
  const int i = pieceAt(tc);
  const double tau = tc - breaks_[i];
  const int col = kCoefficients * i;
  for (int j = 0; j < coefficients_.rows(); ++j) {
    const double c0 = coefficients_(j, col), c1 = coefficients_(j, col + 1), c2 = coefficients_(j, col + 2);
    const double c3 = coefficients_(j, col + 3), c4 = coefficients_(j, col + 4), c5 = coefficients_(j, col + 5);
    q(j) = ((((c5 * tau + c4) * tau + c3) * tau + c2) * tau + c1) * tau + c0;
    qd(j) = (((5.0 * c5 * tau + 4.0 * c4) * tau + 3.0 * c3) * tau + 2.0 * c2) * tau + c1;
    qdd(j) = ((20.0 * c5 * tau + 12.0 * c4) * tau + 6.0 * c3) * tau + 2.0 * c2;
  }
}

PolynomialCoefficients PiecewisePolynomial::pieceCoefficients(int piece, int joint) const {
  if (piece < 0 || piece >= pieceCount() || joint < 0 || joint >= dof())
    throw std::invalid_argument("PiecewisePolynomial: piece or joint out of range");
  PolynomialCoefficients c;
  for (int r = 0; r < kCoefficients; ++r) c[r] = coefficients_(joint, kCoefficients * piece + r);
  return c;
}

double PiecewisePolynomial::peakMagnitude(int piece, int joint, int derivative) const {
  if (derivative < 0 || derivative > 2) throw std::invalid_argument("PiecewisePolynomial: derivative must be 0, 1 or 2");
  const PolynomialCoefficients c = pieceCoefficients(piece, joint);
  // f = d^r q / dt^r (degree 5 - r), then f' for the interior extrema.
  double f[kCoefficients] = {0.0};
  const int degree = 5 - derivative;
  for (int k = 0; k <= degree; ++k) {
    double factor = 1.0;
    for (int s = 0; s < derivative; ++s) factor *= k + derivative - s;
    f[k] = factor * c[k + derivative];
  }
  double df[kCoefficients] = {0.0};
  for (int k = 1; k <= degree; ++k) df[k - 1] = k * f[k];
  const double h = breaks_[piece + 1] - breaks_[piece];
  double peak = std::max(std::abs(polyValue(f, degree, 0.0)), std::abs(polyValue(f, degree, h)));
  std::vector<double> roots;
  if (degree >= 1) rootsIn(df, degree - 1, 0.0, h, roots);
  for (double r : roots) peak = std::max(peak, std::abs(polyValue(f, degree, r)));
  return peak;
}

Eigen::VectorXd PiecewisePolynomial::peakMagnitudes(int derivative) const {
  Eigen::VectorXd peak = Eigen::VectorXd::Zero(dof());
  for (int i = 0; i < pieceCount(); ++i)
    for (int j = 0; j < dof(); ++j) peak(j) = std::max(peak(j), peakMagnitude(i, j, derivative));
  return peak;
}

std::vector<double> cumulativeBreaks(const std::vector<double>& durations) {
  std::vector<double> breaks(durations.size() + 1, 0.0);
  for (std::size_t k = 0; k < durations.size(); ++k) breaks[k + 1] = breaks[k] + durations[k];
  return breaks;
}

std::vector<TrajectoryKnot> pointKnots(const std::vector<double>& breaks) {
  std::vector<TrajectoryKnot> knots;
  for (std::size_t k = 0; k < breaks.size(); ++k) knots.push_back({breaks[k], KnotKind::Point, static_cast<int>(k)});
  return knots;
}

}  // namespace armdyn
