#include "trajectory/cartesian_trajectory.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/inverse_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/pose.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn {

namespace {

constexpr double kLineSpacing = 0.01;            // m between candidate nodes on lines
constexpr double kArcSpacing = M_PI / 18.0;      // rad between candidate nodes on arcs (10 deg)
// Adaptive refinement: an interval is halved while the Newton correction of the predicted q
// exceeds kMaxCorrection (rad or m) or a joint moves more than kMaxJointStep, down to
// kMinSpacing (m).
constexpr double kMaxCorrection = 1e-4;
constexpr double kMaxJointStep = 0.05;
constexpr double kMinSpacing = 1e-6;
// Joint limits are applied with this margin: the largest |q'| and |q''| of an interval are taken
// from 9 points of it, which can miss the true maximum by a few parts in 1e5.
constexpr double kLimitMargin = 1.0 - 1e-4;
constexpr int kMinIntervals = 4;                 // per piece
constexpr int kMaxNodes = 200000;                // a 1 km path at 5 mm
constexpr double kSingularValue = 1e-6;          // smallest singular value of J treated as singular
// Joint rate per metre of path (rad/m or m/m) beside a sign change of det J that makes it a
// singularity the path runs into (a 1 mm step turning a joint by 0.1 rad); above 100x this at
// any node the path is refused outright.
constexpr double kSingularRate = 100.0;
constexpr double kNewtonTolerance = 1e-12;       // m and rad
constexpr int kNewtonIterations = 40;

std::string where(const PathSample& x, double s) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "at s = %.4g m along the path, position (%.4g, %.4g, %.4g) m", s, x.p.x(), x.p.y(),
                x.p.z());
  return buf;
}

Eigen::Matrix4d poseOf(const PathSample& x) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.topLeftCorner<3, 3>() = x.R;
  T.topRightCorner<3, 1>() = x.p;
  return T;
}

// The rows of the task the arm is asked to follow: the whole pose for six joints or more, the
// position below.
struct TaskRows {
  int rows;
  Eigen::MatrixXd jacobian(const Model& model, const Eigen::VectorXd& q) const {
    const Eigen::MatrixXd J = geometricJacobian(model, q);
    return J.topRows(rows);
  }
  Eigen::VectorXd of(const Eigen::Vector3d& lin, const Eigen::Vector3d& ang) const {
    Eigen::VectorXd v(rows);
    v.head<3>() = lin;
    if (rows == 6) v.tail<3>() = ang;
    return v;
  }
};

// J^+ b for an m x n Jacobian with m <= n (minimum-norm solution).
Eigen::VectorXd pseudoSolve(const Eigen::MatrixXd& J, const Eigen::VectorXd& b) {
  if (J.rows() == J.cols()) return J.partialPivLu().solve(b);
  const Eigen::MatrixXd JJt = J * J.transpose();
  return J.transpose() * JJt.partialPivLu().solve(b);
}

}  // namespace

CartesianTrajectory::CartesianTrajectory(const Model& model, std::shared_ptr<const CartesianPath> path,
                                         const CartesianPlanOptions& options)
    : n_(model.dof()), scheme_(options.scheme), path_(std::move(path)) {
  if (!path_) throw std::invalid_argument("CartesianTrajectory: no path");
  if (n_ < 3) throw std::invalid_argument("Cartesian paths need an arm of at least three joints");
  if (!(options.speed > 0.0) || !std::isfinite(options.speed))
    throw std::invalid_argument("CartesianTrajectory: speed must be positive");
  if (!(options.pathAcceleration > 0.0) || !std::isfinite(options.pathAcceleration))
    throw std::invalid_argument("CartesianTrajectory: path acceleration must be positive");
  const TaskRows rows{n_ >= 6 ? 6 : 3};
  const RobotSpec& spec = model.spec();

  // Candidate grid: every piece junction (exactly at the next piece's s0) and coarse points in
  // between. Nodes are then accepted in order; an interval is halved while the Newton correction
  // of the predicted q (q + q' ds + q'' ds^2 / 2: its error is q''' ds^3 / 6) exceeds
  // kMaxCorrection or a joint would move more than kMaxJointStep, so the nodes crowd where q(s)
  // bends fast (near singularities) and stay sparse where it is smooth.
  struct Candidate {
    double s;
    int piece;      // the piece the node starts (its right side)
    bool junction;  // where piece - 1 ends and piece starts
  };
  std::vector<Candidate> grid;
  for (int pi = 0; pi < static_cast<int>(path_->pieces().size()); ++pi) {
    const PathPiece& piece = path_->pieces()[pi];
    const double spacing = piece.kind == PathPieceKind::Line ? kLineSpacing : piece.radius * kArcSpacing;
    const int intervals = std::max(kMinIntervals, static_cast<int>(std::ceil(piece.length / spacing)));
    if (grid.size() + intervals > static_cast<std::size_t>(kMaxNodes))
      throw PathFollowingError(PathFollowingError::Kind::TooLong, "the path is too long to plan (more than 200000 nodes)",
                               piece.s0, piece.point);
    if (grid.empty()) grid.push_back({piece.s0, pi, false});
    else grid.back() = {piece.s0, pi, true};  // exactly where this piece starts
    for (int k = 1; k <= intervals; ++k) grid.push_back({piece.s0 + piece.length * k / intervals, pi, false});
  }
  grid.back().s = path_->length();

  struct Node {
    double s = 0.0;
    int piece = 0;
    bool junction = false;
    Eigen::VectorXd q, dqLeft, dqRight, ddqLeft, ddqRight;
    double det = 0.0;
  };
  std::vector<Node> accepted;
  PathSample x;
  // Newton on the pose error from `q` (in place). False when it does not converge.
  auto newton = [&](const Eigen::Matrix4d& target, Eigen::VectorXd& q, Eigen::MatrixXd& Jlast, double& lastStep) {
    lastStep = 1.0;
    for (int it = 0; it < kNewtonIterations; ++it) {
      const Vector6d e = poseError(target, toolPose(model, q));
      const Eigen::VectorXd err = rows.of(e.head<3>(), e.tail<3>());
      if (err.cwiseAbs().maxCoeff() < kNewtonTolerance) return true;
      Jlast = rows.jacobian(model, q);
      Eigen::VectorXd dq = pseudoSolve(Jlast, err);
      if (!dq.allFinite()) return false;
      const double step = dq.cwiseAbs().maxCoeff();
      if (step > 0.2) dq *= 0.2 / step;  // damp large steps: stay on the branch
      q += dq;
      lastStep = dq.cwiseAbs().maxCoeff();
    }
    return false;
  };
  // Everything at an accepted configuration: limits, J, singularity checks, q' and q'' on each
  // side. Throws PathFollowingError for what no finer grid can cure; false when J is singular at
  // this very node (the caller may move the node a hair: a path can cross a singular point whose
  // lost direction it does not need, the PUMA's wrist at q5 = 0, and only a node exactly on it
  // cannot be solved).
  auto complete = [&](Node& node, const Eigen::MatrixXd& Jlast, double lastStep, const Node* previous) -> bool {
    const Eigen::VectorXd& q = node.q;
    const double s = node.s;
    const int point = path_->pieces()[node.piece].point;
    for (int j = 0; j < n_; ++j) {
      const LinkSpec& l = spec.links[j];
      if (q(j) < l.qMin - 1e-9 || q(j) > l.qMax + 1e-9) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "joint %d would leave its limits (%.4g %s) ", j + 1,
                      model.isRevolute(j) ? q(j) * 180.0 / M_PI : q(j), model.isRevolute(j) ? "deg" : "m");
        throw PathFollowingError(PathFollowingError::Kind::JointLimit, buf + where(x, s), s, point);
      }
    }
    // The last Newton step's Jacobian when q has moved by less than 1e-9 since (J changes by
    // about as much, relative): one forward-kinematics pass saved per node.
    const Eigen::MatrixXd J = Jlast.size() && lastStep < 1e-9 ? Jlast : rows.jacobian(model, q);
    // One factorisation per node: of J (six joints) or of J J^T (the position rows), used for
    // det J, the conditioning check and every solve below.
    const bool square = J.rows() == J.cols();
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(square ? J : Eigen::MatrixXd(J * J.transpose()));
    auto solve = [&](const Eigen::VectorXd& b) -> Eigen::VectorXd {
      return square ? Eigen::VectorXd(lu.solve(b)) : Eigen::VectorXd(J.transpose() * lu.solve(b));
    };
    node.det = square ? lu.determinant() : std::sqrt(std::max(0.0, lu.determinant()));
    // rcond estimates sigma_min / sigma_max (of J J^T: its square).
    const double scale = J.cwiseAbs().maxCoeff();
    const double rcond = square ? lu.rcond() : std::sqrt(std::max(0.0, lu.rcond()));
    if (!(rcond * scale >= kSingularValue)) return false;
    // q' = J^+ X', q'' = J^+ (X'' - (dJ/ds) q'); at a junction once for each side, each from its
    // own piece.
    auto derivatives = [&](const PathSample& side, Eigen::VectorXd& dq, Eigen::VectorXd& ddq) {
      dq = solve(rows.of(side.dp, side.w));
      // dJ/ds along q' by a forward difference: truncation eps |d2J| (1e-7 relative) and
      // round-off 1e-16 / eps, far below what the interpolation needs.
      const double eps = 1e-7;
      const Eigen::MatrixXd Jdot = (rows.jacobian(model, q + eps * dq) - J) / eps;
      ddq = solve(rows.of(side.ddp, side.dw) - Jdot * dq);
    };
    derivatives(x, node.dqRight, node.ddqRight);
    // A singularity between two nodes: det J changes sign (square J) and the joint rates per
    // metre of path blow up beside it. A path may cross a singular configuration whose lost
    // direction it does not need (the PUMA's wrist at q5 = 0 with the tool kept vertical): its
    // joint rates stay bounded and it is followed.
    const double rate = node.dqRight.cwiseAbs().maxCoeff();
    const bool crossed = square && previous && node.det * previous->det < 0.0 &&
                         std::max(rate, previous->dqRight.cwiseAbs().maxCoeff()) > kSingularRate;
    if (!std::isfinite(rate) || rate > 100.0 * kSingularRate || crossed) {
      char buf[160];
      if (crossed)
        std::snprintf(buf, sizeof buf, " (det J changes sign from %.3g to %.3g, joint rates %.3g rad/m)",
                      previous->det, node.det, rate);
      else
        std::snprintf(buf, sizeof buf, " (det J = %.3g, joint rates %.3g rad/m)", node.det, rate);
      throw PathFollowingError(PathFollowingError::Kind::Singularity,
                               "the path passes through a singularity " + where(x, s) + buf, s, point);
    }
    if (node.junction) {
      PathSample left;
      path_->evaluatePiece(node.piece - 1, s, left);
      derivatives(left, node.dqLeft, node.ddqLeft);
    } else {
      node.dqLeft = node.dqRight;
      node.ddqLeft = node.ddqRight;
    }
    return true;
  };
  auto singularAt = [&](const Node& node) {
    char buf[96];
    std::snprintf(buf, sizeof buf, " (det J = %.3g): joint rates would be unbounded", node.det);
    return PathFollowingError(PathFollowingError::Kind::Singularity,
                              "the path passes through a singularity " + where(x, node.s) + buf, node.s,
                              path_->pieces()[node.piece].point);
  };

  {  // The first node, in the task's configuration.
    Node first;
    first.s = grid[0].s;
    first.piece = grid[0].piece;
    path_->evaluatePiece(first.piece, first.s, x);
    const IkResult ik = solveInverseKinematics(model, poseOf(x), options.configuration, options.seed);
    if (!ik.ok) throw PathFollowingError(PathFollowingError::Kind::Unreachable, ik.reason, 0.0, 0);
    first.q = ik.q;
    Eigen::MatrixXd Jlast;
    double lastStep = 1.0;
    if (!newton(poseOf(x), first.q, Jlast, lastStep))
      throw PathFollowingError(PathFollowingError::Kind::Unreachable, "the path's first pose is out of reach", 0.0, 0);
    if (!complete(first, Jlast, lastStep, nullptr)) throw singularAt(first);
    accepted.push_back(std::move(first));
  }
  for (std::size_t gi = 1; gi < grid.size();) {
    const Node& previous = accepted.back();
    const Candidate& target = grid[gi];
    double s = target.s;
    bool reached = true;  // trying the candidate itself, not a point before it
    int nudges = 0;       // times the node was moved off an exactly singular configuration
    for (;;) {
      Node node;
      node.s = s;
      node.piece = reached ? target.piece : previous.piece;
      node.junction = reached && target.junction;
      path_->evaluatePiece(node.piece, s, x);
      const double ds = s - previous.s;
      const Eigen::VectorXd predicted =
          previous.q + previous.dqRight * ds + 0.5 * previous.ddqRight * (ds * ds);
      node.q = predicted;
      Eigen::MatrixXd Jlast;
      double lastStep = 1.0;
      const bool converged = newton(poseOf(x), node.q, Jlast, lastStep);
      const bool smooth = converged && (node.q - predicted).cwiseAbs().maxCoeff() <= kMaxCorrection &&
                          (node.q - previous.q).cwiseAbs().maxCoeff() <= kMaxJointStep;
      if (!smooth && ds > kMinSpacing) {
        s = previous.s + 0.5 * ds;  // halve the interval and try its middle first
        reached = false;
        continue;
      }
      const int point = path_->pieces()[node.piece].point;
      if (!converged)
        throw PathFollowingError(PathFollowingError::Kind::Unreachable, "the path leaves the arm's reach " + where(x, s),
                                 s, point);
      if (!smooth) {
        char buf[96];
        std::snprintf(buf, sizeof buf, " (the joints jump by %.3g over %.2g m of path)",
                      (node.q - previous.q).cwiseAbs().maxCoeff(), ds);
        throw PathFollowingError(PathFollowingError::Kind::Singularity,
                                 "the path passes through a singularity " + where(x, s) + buf, s, point);
      }
      if (!complete(node, Jlast, lastStep, &previous)) {
        // J singular exactly here: move an interior node back by 1e-4 of the interval (then 1e-3,
        // 1e-2) and solve again; a junction, the end, or a singular stretch is refused.
        const bool movable = !node.junction && !(reached && gi + 1 == grid.size()) && nudges < 3;
        if (!movable) throw singularAt(node);
        s -= 1e-4 * std::pow(10.0, nudges) * ds;
        ++nudges;
        if (reached) grid[gi].s = s;
        continue;
      }
      if (accepted.size() >= static_cast<std::size_t>(kMaxNodes))
        throw PathFollowingError(PathFollowingError::Kind::TooLong,
                                 "the path is too long to plan (more than 200000 nodes)", s, point);
      accepted.push_back(std::move(node));
      if (reached) ++gi;
      break;
    }
  }

  const int nodes = static_cast<int>(accepted.size());
  std::vector<int> nodePiece(nodes);  // the piece each node starts (interval i lies in nodePiece[i])
  nodeS_.resize(nodes);
  nodeDet_.resize(nodes);
  nodeQ_.resize(n_, nodes);
  nodeDqLeft_.resize(n_, nodes);
  nodeDqRight_.resize(n_, nodes);
  nodeDdqLeft_.resize(n_, nodes);
  nodeDdqRight_.resize(n_, nodes);
  for (int i = 0; i < nodes; ++i) {
    const Node& node = accepted[i];
    nodeS_[i] = node.s;
    nodePiece[i] = node.piece;
    nodeDet_[i] = node.det;
    nodeQ_.col(i) = node.q;
    nodeDqLeft_.col(i) = node.dqLeft;
    nodeDqRight_.col(i) = node.dqRight;
    nodeDdqLeft_.col(i) = node.ddqLeft;
    nodeDdqRight_.col(i) = node.ddqRight;
  }

  // Speed limits (the MAX stage), one cap per node interval: the path's speed, v^2 / r <= a on
  // an arc, and each joint's vmax and amax over the interval. `binding[i]`: -1 the path's own
  // speed, -2 an arc, j >= 0 joint j's velocity limit, -(3 + j) joint j's acceleration limit.
  const double inf = std::numeric_limits<double>::infinity();
  const int intervals = nodes - 1;
  std::vector<double> cap(intervals, options.speed), aLimit(intervals, options.pathAcceleration);
  std::vector<int> binding(intervals, -1);
  for (int i = 0; i < intervals; ++i) {
    const PathPiece& piece = path_->pieces()[nodePiece[i]];
    if (piece.kind != PathPieceKind::Arc) continue;
    const double v = std::sqrt(options.pathAcceleration * piece.radius);
    if (v < cap[i]) {
      cap[i] = v;
      binding[i] = -2;
    }
  }
  buildCoefficients();
  // Largest |q'_j| and |q''_j| over each interval (its ends and 7 interior points of the
  // interpolant), so that the limits hold between the nodes too; and the joint positions there
  // within their limits (a joint may cross one between two nodes).
  Eigen::MatrixXd maxDq = Eigen::MatrixXd::Zero(n_, intervals), maxDdq = Eigen::MatrixXd::Zero(n_, intervals);
  Eigen::VectorXd qv(n_), dqv(n_), ddqv(n_);
  for (int i = 0; i < intervals; ++i)
    for (int k = 0; k <= 8; ++k) {
      const double s = nodeS_[i] + (nodeS_[i + 1] - nodeS_[i]) * k / 8.0;
      interpolate(i, s, qv, dqv, ddqv);
      maxDq.col(i) = maxDq.col(i).cwiseMax(dqv.cwiseAbs());
      maxDdq.col(i) = maxDdq.col(i).cwiseMax(ddqv.cwiseAbs());
      for (int j = 0; j < n_; ++j) {
        const LinkSpec& l = spec.links[j];
        if (qv(j) >= l.qMin - 1e-9 && qv(j) <= l.qMax + 1e-9) continue;
        path_->evaluate(s, x);
        char buf[160];
        std::snprintf(buf, sizeof buf, "joint %d would leave its limits (%.4g %s) ", j + 1,
                      model.isRevolute(j) ? qv(j) * 180.0 / M_PI : qv(j), model.isRevolute(j) ? "deg" : "m");
        throw PathFollowingError(PathFollowingError::Kind::JointLimit, buf + where(x, s), s,
                                 path_->pieces()[nodePiece[i]].point);
      }
    }
  for (int i = 0; i < intervals; ++i)
    for (int j = 0; j < n_; ++j) {
      const LinkSpec& l = spec.links[j];
      const double dq = maxDq(j, i), ddq = maxDdq(j, i);
      if (dq > 0.0 && kLimitMargin * l.vMax / dq < cap[i]) {
        cap[i] = kLimitMargin * l.vMax / dq;
        binding[i] = j;
      }
      if (!l.aMax) continue;
      const double half = 0.5 * kLimitMargin * *l.aMax;
      if (ddq > 0.0 && std::sqrt(half / ddq) < cap[i]) {
        cap[i] = std::sqrt(half / ddq);
        binding[i] = -(3 + j);
      }
      if (dq > 0.0) aLimit[i] = std::min(aLimit[i], half / dq);
    }
  // Stops: zero speed at their nodes.
  std::vector<double> vLimit(nodes, options.speed);
  for (double s : path_->stops()) {
    const auto it = std::lower_bound(nodeS_.begin(), nodeS_.end(), s - 1e-12);
    if (it != nodeS_.end() && std::abs(*it - s) < 1e-9) vLimit[it - nodeS_.begin()] = 0.0;
  }
  profile_ = std::make_unique<PathSpeedProfile>(nodeS_, vLimit, aLimit, cap);

  // Where a joint limit (not the path's speed or an arc) actually sets the speed.
  for (int i = 0; i < intervals;) {
    const int b = binding[i];
    if (b == -1 || b == -2) {
      ++i;
      continue;
    }
    int k = i;
    while (k + 1 < intervals && binding[k + 1] == b) ++k;
    double lowest = inf;
    int at = i;
    for (int m = i; m <= k; ++m)
      if (cap[m] < lowest) {
        lowest = cap[m];
        at = m;
      }
    const int joint = b >= 0 ? b : -(b + 3);
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "joint %d's %s limit lowers the path speed to %.3g m/s between s = %.4g m and %.4g m "
                  "(t = %.3g s to %.3g s; det J = %.3g there)",
                  joint + 1, b >= 0 ? "velocity" : "acceleration", lowest, nodeS_[i], nodeS_[k + 1],
                  profile_->timeAt(nodeS_[i]), profile_->timeAt(nodeS_[k + 1]), nodeDet_[at]);
    if (lowest < options.speed * (1.0 - 1e-9)) notes_.push_back(buf);
    i = k + 1;
  }

  // Knots: stops are points passed through, arcs are blends around their corner point.
  const std::vector<double>& pointS = path_->pointArcLength();
  std::vector<bool> rounded(pointS.size(), false);
  for (const PathPiece& piece : path_->pieces()) {
    if (piece.kind != PathPieceKind::Arc) continue;
    rounded[piece.point] = true;
    knots_.push_back({profile_->timeAt(piece.s0), KnotKind::BlendStart, -1});
    knots_.push_back({profile_->timeAt(piece.s0 + piece.length), KnotKind::BlendEnd, -1});
  }
  for (std::size_t k = 0; k < pointS.size(); ++k)
    knots_.push_back({profile_->timeAt(pointS[k]), rounded[k] ? KnotKind::Via : KnotKind::Point, static_cast<int>(k)});
  std::sort(knots_.begin(), knots_.end(),
            [](const TrajectoryKnot& a, const TrajectoryKnot& b) { return a.time < b.time; });
}

void CartesianTrajectory::buildCoefficients() {
  const int intervals = static_cast<int>(nodeS_.size()) - 1;
  coefficients_.resize(6, static_cast<Eigen::Index>(intervals) * n_);
  for (int i = 0; i < intervals; ++i) {
    const double h = nodeS_[i + 1] - nodeS_[i];
    for (int j = 0; j < n_; ++j) {
      // Quintic Hermite data in x = (s - s_i) / h: values, h q', h^2 q'' at both ends (the
      // right-side derivatives of node i, the left-side ones of node i + 1), then the monomial
      // coefficients of h00 p0 + h10 v0 + h20 a0 + h01 p1 + h11 v1 + h21 a1.
      const double p0 = nodeQ_(j, i), v0 = h * nodeDqRight_(j, i), a0 = h * h * nodeDdqRight_(j, i);
      const double p1 = nodeQ_(j, i + 1), v1 = h * nodeDqLeft_(j, i + 1), a1 = h * h * nodeDdqLeft_(j, i + 1);
      auto c = coefficients_.col(static_cast<Eigen::Index>(i) * n_ + j);
      c(0) = p0;
      c(1) = v0;
      c(2) = 0.5 * a0;
      c(3) = -10 * p0 - 6 * v0 - 1.5 * a0 + 10 * p1 - 4 * v1 + 0.5 * a1;
      c(4) = 15 * p0 + 8 * v0 + 1.5 * a0 - 15 * p1 + 7 * v1 - a1;
      c(5) = -6 * p0 - 3 * v0 - 0.5 * a0 + 6 * p1 - 3 * v1 + 0.5 * a1;
    }
  }
}

void CartesianTrajectory::interpolate(int i, double s, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> dq,
                                      Eigen::Ref<Eigen::VectorXd> ddq) const {
  const double h = nodeS_[i + 1] - nodeS_[i];
  const double x = std::clamp((s - nodeS_[i]) / h, 0.0, 1.0);
  const double invH = 1.0 / h;
  for (int j = 0; j < n_; ++j) {
    const double* c = coefficients_.col(static_cast<Eigen::Index>(i) * n_ + j).data();
    q(j) = c[0] + x * (c[1] + x * (c[2] + x * (c[3] + x * (c[4] + x * c[5]))));
    dq(j) = (c[1] + x * (2 * c[2] + x * (3 * c[3] + x * (4 * c[4] + x * 5 * c[5])))) * invH;
    ddq(j) = (2 * c[2] + x * (6 * c[3] + x * (12 * c[4] + x * 20 * c[5]))) * invH * invH;
  }
}

void CartesianTrajectory::evaluate(double t, Eigen::Ref<Eigen::VectorXd> q, Eigen::Ref<Eigen::VectorXd> qd,
                                   Eigen::Ref<Eigen::VectorXd> qdd) const {
  double s, sd, sdd;
  profile_->evaluate(t, s, sd, sdd);
  const auto it = std::upper_bound(nodeS_.begin(), nodeS_.end(), s);
  const int i = std::clamp(static_cast<int>(it - nodeS_.begin()) - 1, 0, static_cast<int>(nodeS_.size()) - 2);
  // q' and q'' land in qd and qdd, then scale by the path speed: qd = q' sd,
  // qdd = q'' sd^2 + q' sdd.
  interpolate(i, s, q, qd, qdd);
  qdd = qdd * (sd * sd) + qd * sdd;
  qd *= sd;
}

}  // namespace armdyn
