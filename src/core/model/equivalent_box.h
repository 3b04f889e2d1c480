#pragma once
// The uniform solid box with a link's mass and principal moments about its centre of mass: how
// the viewport draws a link given by its inertia alone (explicit tensor or pseudo-inertia).
// A box of sides a, b, c along its principal axes and mass m has (about its centre)
//   I1 = m (b^2 + c^2) / 12,   I2 = m (a^2 + c^2) / 12,   I3 = m (a^2 + b^2) / 12,
// hence  a^2 = 6 (I2 + I3 - I1) / m,  b^2 = 6 (I1 + I3 - I2) / m,  c^2 = 6 (I1 + I2 - I3) / m.
// A side whose square is not positive (moments that break the triangle inequality, as published
// PUMA data do, or a rod, a plate, a point mass) is clamped to a small positive length, and a
// side above `maximumSide` (a large moment on a small mass) is capped; the result says which.
// Units: kg, m, kg m^2; axes and centre in the link frame.

#include "model/mass_properties.h"
#include "model/robot.h"

#include <Eigen/Core>
#include <limits>
#include <string>

namespace armdyn {

struct EquivalentBox {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();       // centre of mass, link frame, m
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  // columns: principal axes (right-handed)
  Eigen::Vector3d sides = Eigen::Vector3d::Zero();        // a, b, c along those axes, m
  Eigen::Vector3d moments = Eigen::Vector3d::Zero();      // principal moments I1 <= I2 <= I3, kg m^2
  bool clamped = false;  // a side was not realisable (or the mass not positive)
  bool capped = false;   // a side was longer than maximumSide
  std::string note;      // what was clamped or capped and why, "" when nothing was
};

// Throws std::invalid_argument unless 0 < minimumSide <= maximumSide (finite minimum), or for
// non-finite mass properties.
EquivalentBox equivalentBox(double mass, const Eigen::Vector3d& com, const Eigen::Matrix3d& inertiaCom,
                            double minimumSide, double maximumSide = std::numeric_limits<double>::infinity());
EquivalentBox equivalentBox(const LinkInertial& inertial, double minimumSide,
                            double maximumSide = std::numeric_limits<double>::infinity());

// The link's own mass properties (its mass source; no actuator point masses, Vora 6.2).
LinkInertial bareLinkInertial(const LinkSpec& link);

}  // namespace armdyn
