#include "kinematics/dh_from_axes.h"

#include "kinematics/pose.h"
#include "model/model.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

constexpr double kAngleTolerance = 1e-9;  // rad: |z_a x z_b| below it is parallel

Eigen::Matrix4d frameOf(const Eigen::Vector3d& x, const Eigen::Vector3d& z, const Eigen::Vector3d& origin) {
  Eigen::Matrix4d F = Eigen::Matrix4d::Identity();
  F.block<3, 1>(0, 0) = x;
  F.block<3, 1>(0, 1) = z.cross(x);
  F.block<3, 1>(0, 2) = z;
  F.block<3, 1>(0, 3) = origin;
  return F;
}

// The part of `v` perpendicular to unit `z`, normalised; the better of two candidates.
Eigen::Vector3d perpendicularOf(const Eigen::Vector3d& z, const Eigen::Vector3d& first, const Eigen::Vector3d& second) {
  const Eigen::Vector3d a = first - first.dot(z) * z;
  const Eigen::Vector3d b = second - second.dot(z) * z;
  return a.norm() >= b.norm() ? a.normalized() : b.normalized();
}

}  // namespace

const char* axisRelationName(AxisRelation r) {
  switch (r) {
    case AxisRelation::Skew: return "skew";
    case AxisRelation::Intersecting: return "intersecting";
    case AxisRelation::Parallel: return "parallel";
    case AxisRelation::Collinear: return "collinear";
  }
  return "?";
}

DhChain dhFromAxes(const std::vector<JointAxisLine>& axes, const Eigen::Matrix4d& tip, double lengthTolerance) {
  const int n = static_cast<int>(axes.size());
  if (n == 0) throw std::invalid_argument("dhFromAxes: no joint axes");
  if (!tip.allFinite()) throw std::invalid_argument("dhFromAxes: the tip pose is not finite");
  std::vector<Eigen::Vector3d> u(n);
  for (int i = 0; i < n; ++i) {
    if (!axes[i].point.allFinite() || !axes[i].direction.allFinite() || !(axes[i].direction.norm() > 0.0))
      throw std::invalid_argument("dhFromAxes: axis " + std::to_string(i + 1) + " has no finite direction");
    u[i] = axes[i].direction.normalized();
  }

  DhChain chain;
  chain.frames.resize(n + 1);
  // Frame 0: on axis 1, nearest the common origin.
  {
    const Eigen::Vector3d& z = u[0];
    const Eigen::Vector3d o = axes[0].point - axes[0].point.dot(z) * z;
    chain.frames[0] = frameOf(perpendicularOf(z, Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY()), z, o);
  }
  // Frames 1..n-1 from the common normal of axes i and i+1 (0-based: axis i-1 and i).
  for (int i = 1; i < n; ++i) {
    const Eigen::Matrix4d& prev = chain.frames[i - 1];
    const Eigen::Vector3d z = prev.block<3, 1>(0, 2), o = prev.block<3, 1>(0, 3), xPrev = prev.block<3, 1>(0, 0);
    Eigen::Vector3d w = u[i];
    const Eigen::Vector3d& p = axes[i].point;
    const Eigen::Vector3d cross = z.cross(w);
    Eigen::Vector3d x, origin;
    if (cross.norm() < kAngleTolerance) {
      w = z.dot(w) >= 0.0 ? z : Eigen::Vector3d(-z);  // parallel within the tolerance: exactly
      const Eigen::Vector3d offset = (p - o) - (p - o).dot(w) * w;  // from o to axis i+1, perpendicular
      if (offset.norm() < lengthTolerance) {
        chain.relations.push_back(AxisRelation::Collinear);
        x = xPrev;
        origin = o;
      } else {
        chain.relations.push_back(AxisRelation::Parallel);
        x = offset.normalized();
        origin = o + offset;
      }
    } else {
      // Closest points o + s z and p + t w of the two lines.
      const Eigen::Vector3d r = o - p;
      const double b = z.dot(w), d = z.dot(r), e = w.dot(r);
      const double denom = 1.0 - b * b;
      const double s = (b * e - d) / denom, t = (e - b * d) / denom;
      const Eigen::Vector3d onThis = o + s * z, onNext = p + t * w;
      const Eigen::Vector3d normal = onNext - onThis;
      origin = onNext;
      if (normal.norm() < lengthTolerance) {
        chain.relations.push_back(AxisRelation::Intersecting);
        origin = onThis;  // on axis i exactly, within the tolerance of axis i+1
        x = cross.normalized();
        if (x.dot(xPrev) < 0.0) x = -x;
      } else {
        chain.relations.push_back(AxisRelation::Skew);
        x = normal.normalized();
      }
    }
    // Remove the round-off component along the new z so that the frame is orthonormal.
    x = (x - x.dot(w) * w).normalized();
    chain.frames[i] = frameOf(x, w, origin);
  }
  // Frame n: z along axis n, origin nearest the tip's, x the tip's made perpendicular.
  {
    const Eigen::Matrix4d& prev = chain.frames[n - 1];
    const Eigen::Vector3d z = prev.block<3, 1>(0, 2), o = prev.block<3, 1>(0, 3);
    const Eigen::Vector3d tipOrigin = tip.block<3, 1>(0, 3);
    const Eigen::Vector3d origin = o + (tipOrigin - o).dot(z) * z;
    const Eigen::Vector3d x = perpendicularOf(z, tip.block<3, 1>(0, 0), tip.block<3, 1>(0, 1));
    chain.frames[n] = frameOf(x, z, origin);
  }

  // DH parameters of consecutive frames: F_{i-1}^-1 F_i = Rz(theta) Tz(d) Tx(a) Rx(alpha).
  chain.dh.resize(n);
  for (int i = 1; i <= n; ++i) {
    const Eigen::Matrix4d& A = chain.frames[i - 1];
    const Eigen::Matrix4d& B = chain.frames[i];
    const Eigen::Vector3d xa = A.block<3, 1>(0, 0), ya = A.block<3, 1>(0, 1), za = A.block<3, 1>(0, 2);
    const Eigen::Vector3d xb = B.block<3, 1>(0, 0), zb = B.block<3, 1>(0, 2);
    const Eigen::Vector3d step = B.block<3, 1>(0, 3) - A.block<3, 1>(0, 3);
    DhParameters& dh = chain.dh[i - 1];
    dh.theta = std::atan2(xb.dot(ya), xb.dot(xa));
    dh.alpha = std::atan2(za.cross(zb).dot(xb), za.dot(zb));
    dh.d = step.dot(za);
    dh.a = step.dot(xb);
    // Invariant of the construction: the four parameters rebuild the frame.
    const Eigen::Matrix4d rebuilt = A * dhTransform(dh, axes[i - 1].type, 0.0);
    const double scale = 1.0 + step.norm();
    if (!((rebuilt - B).cwiseAbs().maxCoeff() < 1e-9 * scale))
      throw std::logic_error("dhFromAxes: frame " + std::to_string(i) + " is not a DH frame of frame " +
                             std::to_string(i - 1));
  }
  chain.base = chain.frames[0];
  chain.tool = rigidInverse(chain.frames[n]) * tip;
  return chain;
}

}  // namespace armdyn
