#pragma once
// A joint trajectory made of polynomial pieces of degree <= 5, the common representation of the
// cubic (Craig 7.3-7.11), quintic (7.16-7.18) and LSPB (7.19-7.28) schemes. Breaks
// t_0 = 0 < t_1 < ... < t_p are shared by all joints; on piece i, in local time tau = t - t_i,
//   q_j   = c0 + c1 tau + c2 tau^2 + c3 tau^3 + c4 tau^4 + c5 tau^5
//   qd_j  = c1 + 2 c2 tau + 3 c3 tau^2 + 4 c4 tau^3 + 5 c5 tau^4
//   qdd_j = 2 c2 + 6 c3 tau + 12 c4 tau^2 + 20 c5 tau^3
// evaluated by Horner's rule after a binary search for the piece (no allocation).
// Units: joint values rad or m, times s; c_r in rad/s^r or m/s^r.

#include "trajectory/joint_trajectory.h"

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace armdyn {

// Coefficients c0..c5 of one polynomial in ascending powers.
using PolynomialCoefficients = std::array<double, 6>;

// Taylor shift: the coefficients d of the same polynomial about a new origin,
// sum_r c_r tau^r = sum_r d_r (tau - shift)^r, i.e. d_k = sum_{r>=k} C(r,k) c_r shift^(r-k).
PolynomialCoefficients taylorShift(const PolynomialCoefficients& c, double shift);

// Break times 0, d1, d1 + d2, ... of consecutive segments with these durations (s).
std::vector<double> cumulativeBreaks(const std::vector<double>& durations);
// A Point knot at every break (point k reached at breaks[k]).
std::vector<TrajectoryKnot> pointKnots(const std::vector<double>& breaks);

// Pieces of one joint with breaks of its own: piece i holds from starts[i] (its origin) to the
// next start; starts nondecreasing, starts[0] = 0 (zero-length pieces are allowed and skipped).
struct JointPieces {
  std::vector<double> starts;
  std::vector<PolynomialCoefficients> coefficients;
};

class PiecewisePolynomial final : public JointTrajectory {
 public:
  static constexpr int kCoefficients = 6;

  // `breaks`: t_0 = 0 < t_1 < ... < t_p (p >= 1 pieces), s. `coefficients`: n x 6p, column
  // 6i + r holds c_r of piece i for every joint (n >= 1). `knots` in time order; `continuity`
  // 1 or 2; `scheme` as JointTrajectory::scheme(). Throws std::invalid_argument.
  PiecewisePolynomial(std::vector<double> breaks, Eigen::MatrixXd coefficients,
                      std::vector<TrajectoryKnot> knots, int continuity, std::string scheme);

  // Joints with their own breaks merged onto the union of all breaks (plus `extraBreaks`, e.g.
  // segment boundaries), each joint's piece re-expressed about the new origins by taylorShift.
  // Breaks closer than 1e-12 duration are merged. All joints end at `duration`.
  static PiecewisePolynomial fromJointPieces(const std::vector<JointPieces>& joints, double duration,
                                             const std::vector<double>& extraBreaks,
                                             std::vector<TrajectoryKnot> knots, int continuity,
                                             std::string scheme);

  int dof() const override { return static_cast<int>(coefficients_.rows()); }
  double duration() const override { return breaks_.back(); }
  void evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                Eigen::Ref<Eigen::VectorXd> qdd) const override;
  const std::vector<TrajectoryKnot>& knots() const override { return knots_; }
  int continuity() const override { return continuity_; }
  std::string scheme() const override { return scheme_; }

  int pieceCount() const { return static_cast<int>(breaks_.size()) - 1; }
  const std::vector<double>& breaks() const { return breaks_; }
  const Eigen::MatrixXd& coefficients() const { return coefficients_; }
  PolynomialCoefficients pieceCoefficients(int piece, int joint) const;
  // Index of the piece that holds run time t (clamped; a break belongs to the piece it starts).
  int pieceAt(double t) const;
  // Largest |d^r q_joint / dt^r| on piece `piece` (r = `derivative`, 0..2), exact up to rounding:
  // the extrema are the piece ends and the real roots of the next derivative, found by
  // bisection between the roots of its own derivative (recursively). Allocates; not for hot loops.
  double peakMagnitude(int piece, int joint, int derivative) const;
  // The same over the whole trajectory, per joint.
  Eigen::VectorXd peakMagnitudes(int derivative) const;

 private:
  std::vector<double> breaks_;
  Eigen::MatrixXd coefficients_;  // n x 6p
  std::vector<TrajectoryKnot> knots_;
  int continuity_;
  std::string scheme_;
};

}  // namespace armdyn
