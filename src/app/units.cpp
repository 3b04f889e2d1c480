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

std::vector<JointType> jointTypes(const RobotSpec& robot) {
  std::vector<JointType> out;
  for (const LinkSpec& l : robot.links) out.push_back(l.joint);
  return out;
}

QString jointLetter(JointType joint) {
  return joint == JointType::Revolute ? QStringLiteral("R") : QStringLiteral("P");
}

}  // namespace armdyn::app
