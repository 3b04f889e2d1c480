#include "kinematics/ray_geometry.h"

#include <Eigen/Geometry>
#include <cmath>

namespace armdyn {
namespace {

constexpr double kParallel = 1e-12;  // sin^2 of the angle below which a ray and a line or plane are parallel

}  // namespace

bool nearestOnAxis(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& axis, double& t) {
  // |centre + t axis - origin - s dir|^2 least: a.w + t - s b = 0 and d.w + t b - s = 0, w = centre - origin.
  const Eigen::Vector3d w = centre - ray.origin;
  const double b = axis.dot(ray.direction);
  const double denom = 1.0 - b * b;
  if (denom < kParallel) return false;
  t = (b * ray.direction.dot(w) - axis.dot(w)) / denom;
  return std::isfinite(t);
}

bool onPlane(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& normal, Eigen::Vector3d& point) {
  const double denom = normal.dot(ray.direction);
  if (denom * denom < kParallel) return false;
  const double s = normal.dot(centre - ray.origin) / denom;
  if (!(s > 0.0)) return false;  // behind the eye
  point = ray.origin + s * ray.direction;
  return point.allFinite();
}

double sweptAngle(const Eigen::Vector3d& from, const Eigen::Vector3d& to, const Eigen::Vector3d& axis) {
  return std::atan2(axis.dot(from.cross(to)), from.dot(to) - axis.dot(from) * axis.dot(to));
}

double sineToRay(const Ray& ray, const Eigen::Vector3d& direction) { return ray.direction.cross(direction).norm(); }

}  // namespace armdyn
