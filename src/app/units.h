#pragma once
// Unit labels for joint quantities: revolute joints in rad, rad/s, rad/s^2 and N m; prismatic
// joints in m, m/s, m/s^2 and N; drives in V and A (SI inside; labels only, no conversion).

#include "model/robot.h"

#include <QString>
#include <vector>

namespace armdyn::app {

enum class Quantity { Position, Velocity, Acceleration, Force };
// A forward simulation's histories (control/closed_loop.h): q_d - q, applied motor voltage,
// motor current, drive torque at the joint.
enum class ControlQuantity { TrackingError, Voltage, Current, MotorTorque };

QString quantityName(Quantity q, const std::vector<JointType>& joints);  // "Torque", "Force/torque"
QString unitOf(Quantity q, JointType joint);
// Axis title with units; a mixed arm lists both, e.g. "Force/torque (N m | N)".
QString axisTitle(Quantity q, const std::vector<JointType>& joints);
QString unitOf(ControlQuantity q, JointType joint);
QString axisTitle(ControlQuantity q, const std::vector<JointType>& joints);
// A mixed arm whose revolute and prismatic joints have different units for this quantity
// (every motion quantity, tracking error, drive torque; not volts or amperes): the plots put
// the prismatic joints on a right-hand axis of their own.
bool splitsAxes(Quantity q, const std::vector<JointType>& joints);
bool splitsAxes(ControlQuantity q, const std::vector<JointType>& joints);
std::vector<JointType> jointTypes(const RobotSpec& robot);
QString jointLetter(JointType joint);  // "R" or "P", as Vora's tables print

}  // namespace armdyn::app
