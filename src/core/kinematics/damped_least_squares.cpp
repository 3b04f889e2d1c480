#include "kinematics/damped_least_squares.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/joint_limits.h"
#include "kinematics/pose.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <limits>
#include <string>

namespace armdyn {

namespace {

// Fixed maximum sizes: the iteration never touches the heap.
using JointVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxLinks, 1>;
using Jacobian = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxLinks>;
using TaskMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
using TaskJacobian = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, kMaxLinks>;

constexpr double kMaxDamping = 1e10;
constexpr double kMinDamping = 1e-14;

struct Evaluation {
  Vector6d error;
  double norm = 0.0;
};

Evaluation evaluate(const Model& model, const JointVec& q, const Eigen::Matrix4d& target, bool positionOnly,
                    LinkFrameArray& frames, Eigen::Matrix4d& tool) {
  tool = forwardKinematics(model, q, frames.data());
  Evaluation ev;
  ev.error = poseError(target, tool);
  if (positionOnly) ev.error.tail<3>().setZero();
  ev.norm = ev.error.norm();
  return ev;
}

// A joint that can stop against a limit: prismatic, or revolute with a range below one turn
// (a wider revolute range is never left: values wrap into it).
bool hasStop(const Model& model, int i) {
  const LinkSpec& l = model.spec().links[i];
  return !model.isRevolute(i) || l.qMax - l.qMin < 2.0 * M_PI - 1e-9;
}

void clampInPlace(const Model& model, JointVec& q) {
  for (int i = 0; i < model.dof(); ++i) q(i) = admissibleJointValue(model, i, q(i));
}

// One Levenberg-Marquardt descent from q (modified in place). Returns the final residual.
double descend(const Model& model, const Eigen::Matrix4d& target, const DlsOptions& options, JointVec& q,
               int& iterations) {
  const int n = model.dof();
  const int m = options.positionOnly ? 3 : 6;
  LinkFrameArray frames;
  Eigen::Matrix4d tool;
  Jacobian J(6, n);
  TaskMat A(m, m);
  JointVec trial(n), step(n);
  clampInPlace(model, q);
  Evaluation ev = evaluate(model, q, target, options.positionOnly, frames, tool);
  double lambda = options.initialDamping;
  for (int it = 0; it < options.maxIterations && ev.norm >= options.tolerance; ++it) {
    ++iterations;
    geometricJacobian(model, frames.data(), tool, J);
    // Active set: a joint on a limit that the step pushes outward is frozen (its column
    // removed) and the step solved again, so the others move along the limit, not into it.
    TaskJacobian Jm = J.topRows(m);
    for (int pass = 0; pass <= n; ++pass) {
      A.noalias() = Jm * Jm.transpose();
      A.diagonal().array() += lambda;
      step.noalias() = Jm.transpose() * A.ldlt().solve(ev.error.head(m));
      bool frozen = false;
      for (int i = 0; i < n; ++i) {
        if (step(i) == 0.0 || !hasStop(model, i)) continue;
        const LinkSpec& l = model.spec().links[i];
        if ((q(i) <= l.qMin + kJointLimitTolerance && step(i) < 0.0) ||
            (q(i) >= l.qMax - kJointLimitTolerance && step(i) > 0.0)) {
          Jm.col(i).setZero();
          frozen = true;
        }
      }
      if (!frozen) break;
    }
    trial = q + step;
    clampInPlace(model, trial);
    LinkFrameArray trialFrames;
    Eigen::Matrix4d trialTool;
    const Evaluation trialEv = evaluate(model, trial, target, options.positionOnly, trialFrames, trialTool);
    if (std::isfinite(trialEv.norm) && trialEv.norm < ev.norm) {
      q = trial;
      ev = trialEv;
      frames = trialFrames;
      tool = trialTool;
      lambda = std::max(lambda * 0.1, kMinDamping);
    } else {
      lambda *= 10.0;
      if (lambda > kMaxDamping) break;  // no descent direction left (limit or local minimum)
    }
  }
  return ev.norm;
}

// A start within the limits; unlimited revolute joints in [-pi, pi], unlimited prismatic
// joints in [-1, 1] m.
JointVec randomStart(const Model& model, std::mt19937& rng) {
  JointVec q(model.dof());
  for (int i = 0; i < model.dof(); ++i) {
    const LinkSpec& l = model.spec().links[i];
    const double span = model.isRevolute(i) ? M_PI : 1.0;
    const double lo = std::max(l.qMin, -span), hi = std::min(l.qMax, span);
    const double a = lo < hi ? lo : l.qMin, b = lo < hi ? hi : l.qMax;
    q(i) = std::uniform_real_distribution<double>(a, b)(rng);
  }
  return q;
}

}  // namespace

DlsResult solveDampedLeastSquares(const Model& model, const Eigen::Matrix4d& target,
                                  const Eigen::VectorXd& seed, const DlsOptions& options) {
  const int n = model.dof();
  if (seed.size() != 0 && seed.size() != n)
    throw std::invalid_argument("damped least squares: seed has " + std::to_string(seed.size()) +
                                " values, the robot has " + std::to_string(n) + " joints");
  if (!target.allFinite()) throw std::invalid_argument("damped least squares: target pose is not finite");
  if (seed.size() != 0 && !seed.allFinite()) throw std::invalid_argument("damped least squares: seed is not finite");

  DlsResult result;
  result.residual = std::numeric_limits<double>::infinity();
  std::mt19937 rng(20240611u);  // fixed: the same call gives the same answer
  const int totalStarts = 2 + std::max(0, options.randomStarts);
  for (int s = 0; s < totalStarts; ++s) {
    JointVec q(n);
    if (s == 0) {
      q = seed.size() == n ? JointVec(seed) : JointVec(model.home());
    } else if (s == 1) {
      if (seed.size() != n || seed == model.home() || !options.tryHome) continue;  // already tried, or not wanted
      q = model.home();
    } else {
      q = randomStart(model, rng);
    }
    ++result.starts;
    const double residual = descend(model, target, options, q, result.iterations);
    if (residual < result.residual) {
      result.residual = residual;
      result.q = q;
    }
    if (result.residual < options.tolerance) break;
  }
  result.converged = result.residual < options.tolerance;
  return result;
}

}  // namespace armdyn
