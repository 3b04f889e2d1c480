#include "units.h"

#include <QObject>
#include <algorithm>

namespace armdyn::app {

QString unitOf(Quantity q, JointType joint) {
  const bool r = joint == JointType::Revolute;
  switch (q) {
    case Quantity::Position: return r ? QStringLiteral("rad") : QStringLiteral("m");
    case Quantity::Velocity: return r ? QStringLiteral("rad/s") : QStringLiteral("m/s");
    case Quantity::Acceleration: return r ? QStringLiteral("rad/s²") : QStringLiteral("m/s²");
    case Quantity::Force: return r ? QStringLiteral("N m") : QStringLiteral("N");
  }
  return {};
}

QString quantityName(Quantity q, const std::vector<JointType>& joints) {
  switch (q) {
    case Quantity::Position: return QObject::tr("Position");
    case Quantity::Velocity: return QObject::tr("Velocity");
    case Quantity::Acceleration: return QObject::tr("Acceleration");
    case Quantity::Force: {
      const bool anyR = std::count(joints.begin(), joints.end(), JointType::Revolute) > 0;
      const bool anyP = std::count(joints.begin(), joints.end(), JointType::Prismatic) > 0;
      if (anyR && anyP) return QObject::tr("Force/torque");
      return anyP ? QObject::tr("Force") : QObject::tr("Torque");
    }
  }
  return {};
}

QString axisTitle(Quantity q, const std::vector<JointType>& joints) {
  const bool anyR = std::count(joints.begin(), joints.end(), JointType::Revolute) > 0;
  const bool anyP = std::count(joints.begin(), joints.end(), JointType::Prismatic) > 0;
  QString units;
  if (anyR && anyP) {
    units = unitOf(q, JointType::Revolute) + " | " + unitOf(q, JointType::Prismatic);
  } else {
    units = unitOf(q, anyP ? JointType::Prismatic : JointType::Revolute);
  }
  return QStringLiteral("%1 (%2)").arg(quantityName(q, joints), units);
}

QString unitOf(ControlQuantity q, JointType joint) {
  switch (q) {
    case ControlQuantity::TrackingError: return unitOf(Quantity::Position, joint);
    case ControlQuantity::Voltage: return QStringLiteral("V");
    case ControlQuantity::Current: return QStringLiteral("A");
    case ControlQuantity::MotorTorque: return unitOf(Quantity::Force, joint);
  }
  return {};
}

QString axisTitle(ControlQuantity q, const std::vector<JointType>& joints) {
  switch (q) {
    case ControlQuantity::TrackingError: {
      QString t = axisTitle(Quantity::Position, joints);
      return QObject::tr("Tracking error") + t.mid(t.indexOf(" ("));
    }
    case ControlQuantity::Voltage: return QObject::tr("Motor voltage (V)");
    case ControlQuantity::Current: return QObject::tr("Motor current (A)");
    case ControlQuantity::MotorTorque: {
      // The drive's torque at the joint (N kt i), not the motor shaft's: "Motor torque" read as
      // the shaft's, off by the gear ratio (the Sizing plot's motor torque is the shaft's).
      const QString t = axisTitle(Quantity::Force, joints);
      return QObject::tr("Drive %1").arg(t.left(1).toLower() + t.mid(1));
    }
  }
  return {};
}

namespace {
bool mixed(const std::vector<JointType>& joints) {
  return std::count(joints.begin(), joints.end(), JointType::Revolute) > 0 &&
         std::count(joints.begin(), joints.end(), JointType::Prismatic) > 0;
}
}  // namespace

bool splitsAxes(Quantity q, const std::vector<JointType>& joints) {
  return mixed(joints) && unitOf(q, JointType::Revolute) != unitOf(q, JointType::Prismatic);
}

bool splitsAxes(ControlQuantity q, const std::vector<JointType>& joints) {
  return mixed(joints) && unitOf(q, JointType::Revolute) != unitOf(q, JointType::Prismatic);
}

std::vector<JointType> jointTypes(const RobotSpec& robot) {
  std::vector<JointType> out;
  for (const LinkSpec& l : robot.links) out.push_back(l.joint);
  return out;
}

QString jointLetter(JointType joint) {
  return joint == JointType::Revolute ? QStringLiteral("R") : QStringLiteral("P");
}

}  // namespace armdyn::app
