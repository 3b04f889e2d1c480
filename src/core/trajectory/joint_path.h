#pragma once
// A geometric path in joint space, q(s), without timing (Craig 7.8; Bobrow, Shin-McKay): what
// time-optimal timing (time_optimal_timing.h) moves along. The path is cut into pieces at its
// stops: points where its direction in joint space changes abruptly (a corner of a joint-space
// polyline, a Cartesian stop), so the motion must come to rest there. Inside a piece q is at
// least twice differentiable in the path parameter s (units of the implementation: joint-space
// distance, or metres of tool path). Implementations are immutable and keep no Model.

#include <Eigen/Core>
#include <vector>

namespace armdyn {

// A place along the path a viewer marks (trajectory knots once timed).
struct PathKnot {
  double s = 0.0;
  enum class Kind { Point, Via, BlendStart, BlendEnd } kind = Kind::Point;
  int point = -1;  // task point index (0-based) for Point and Via, else -1
};

class JointPath {
 public:
  virtual ~JointPath() = default;
  virtual int dof() const = 0;
  // Pieces between stops, in order; piece k spans [pieceStart(k), pieceEnd(k)], consecutive
  // pieces meet (pieceEnd(k) == pieceStart(k + 1)), each of positive length.
  virtual int pieceCount() const = 0;
  virtual double pieceStart(int piece) const = 0;
  virtual double pieceEnd(int piece) const = 0;
  // q, dq/ds and d2q/ds2 at s on piece `piece` (s clamped to the piece; at its ends the piece's
  // own side). Outputs of size dof(); does not allocate.
  virtual void evaluate(int piece, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                        Eigen::Ref<Eigen::VectorXd> ddq) const = 0;
  // Task points, blend starts and ends along the path, in order of s.
  virtual std::vector<PathKnot> knots() const = 0;

  double length() const { return pieceEnd(pieceCount() - 1) - pieceStart(0); }
};

}  // namespace armdyn
