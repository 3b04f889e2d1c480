#pragma once
// Lines of sight and the geometry a pointer needs in the 3D view (drag-to-jog, tool_drag.h): the
// point of an axis nearest a ray, where a ray meets a plane, the angle swept about an axis. Base
// coordinates, metres and radians.

#include <Eigen/Core>

namespace armdyn {

// A line of sight: origin (the eye, or its near plane) and a direction of unit length.
struct Ray {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();
  Eigen::Vector3d direction = Eigen::Vector3d::UnitZ();
};

// The parameter t of the point centre + t axis (axis of unit length) nearest the ray; false when
// the ray runs along the axis.
bool nearestOnAxis(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& axis, double& t);
// Where the ray meets the plane through `centre` normal to `normal`; false when it runs along
// the plane or the plane is behind the eye.
bool onPlane(const Ray& ray, const Eigen::Vector3d& centre, const Eigen::Vector3d& normal, Eigen::Vector3d& point);
// The angle from `from` to `to` about `axis` (unit; right hand), in (-pi, pi].
double sweptAngle(const Eigen::Vector3d& from, const Eigen::Vector3d& to, const Eigen::Vector3d& axis);
// |sin| of the angle between the ray and a direction (unit): 0 when the ray runs along it.
double sineToRay(const Ray& ray, const Eigen::Vector3d& direction);

}  // namespace armdyn
