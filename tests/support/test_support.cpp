#include "support/test_support.h"

#include <cmath>

namespace armdyn::test {

std::string sourcePath(const std::string& relative) { return std::string(ARMDYN_SOURCE_DIR) + "/" + relative; }

RobotSpec voraRrrSpec() {
  const double deg = M_PI / 180.0;
  RobotSpec r;
  r.name = "Vora RRR";
  r.family = "rrr";
  r.links.resize(3);
  const double alpha[3] = {90.0 * deg, 0.0, 0.0};
  const double a[3] = {0.0, 0.5, 0.5};
  const double vmax[3] = {1.0, 1.0, 1.25};
  for (int i = 0; i < 3; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.joint = JointType::Revolute;
    l.dh.alpha = alpha[i];
    l.dh.a = a[i];
    l.vMax = vmax[i];
    l.bar.density = 2460.0;
  }
  r.links[0].bar.outer = {0.05, 0.4, 0.05};
  r.links[0].bar.inner = {0.045, 0.4, 0.045};
  r.links[0].bar.centre = {0.0, -0.25, 0.0};
  for (int i = 1; i < 3; ++i) {
    r.links[i].bar.outer = {0.5, 0.05, 0.05};
    r.links[i].bar.inner = {0.5, 0.045, 0.045};
    r.links[i].bar.centre = {-0.25, 0.0, 0.0};
  }
  r.gravity = {0.0, 0.0, -9.8};
  r.dt = 0.025;
  r.tacc = 0.3;
  return r;
}

namespace {

LinkSpec barLink(const std::string& name, JointType joint, double thetaDeg, double d, double alphaDeg,
                 double a, Eigen::Vector3d outer, Eigen::Vector3d inner, Eigen::Vector3d centre,
                 double vmax) {
  const double deg = M_PI / 180.0;
  LinkSpec l;
  l.name = name;
  l.joint = joint;
  l.dh = {thetaDeg * deg, d, alphaDeg * deg, a};
  l.bar.density = 2460.0;
  l.bar.outer = outer;
  l.bar.inner = inner;
  l.bar.centre = centre;
  l.vMax = vmax;
  if (joint == JointType::Revolute) {
    l.qMin = -M_PI;
    l.qMax = M_PI;
  }
  return l;
}

// Anderson (1988) PUMA 560, joints 1-3 with the wrist lumped into link 3 (reference note
// anderson-puma560.md): DH twists -90, 0, +90 deg, a2 = 0.4318, a3 = -0.0191, the shoulder
// offset 0.1505 m as d3; Bejczy's table 4.2 rows 1, 2 and 3* as pseudo-inertias about the link
// origins with zero products (J11 = (-Ixx + Iyy + Izz) / 2 ..., I = m k^2); Bejczy's reflected
// motor inertias Ia; the 100 W motor of section 5.1 (R 1.6 ohm, L 4.8 mH, ke 0.26, kt 0.2611)
// behind gears 62.55, 107.81, 53.63; +-40 V as in section 7.2. Link 2 with zero products is
// not a realisable rigid body, hence allowNonPhysicalInertia.
RobotSpec pumaAnderson3Spec() {
  const double deg = M_PI / 180.0;
  RobotSpec r;
  r.name = "PUMA 560 (Anderson 1988, 3 joints)";
  r.family = "rrr";
  r.actuatorMassRule = false;
  r.allowNonPhysicalInertia = true;
  r.gravity = {0.0, 0.0, -9.81};
  r.tacc = 0.2;
  r.dt = 0.028;
  r.tool(2, 3) = 0.4331;  // wrist centre on the forearm axis (Lee's d4 = 433.07 mm)
  const double alpha[3] = {-90.0 * deg, 0.0, 90.0 * deg};
  const double a[3] = {0.0, 0.4318, -0.0191};
  const double d[3] = {0.0, 0.0, 0.1505};
  const double mass[3] = {12.96, 22.37, 6.97};
  const Eigen::Vector3d com[3] = {{0.0, 0.3088, 0.0389}, {-0.3289, 0.005, 0.2038}, {0.0136, 0.0092, 0.1522}};
  const Eigen::Vector3d k2[3] = {{0.1816, 0.0152, 0.1811}, {0.0596, 0.1930, 0.1514}, {0.0783, 0.0786, 0.0021}};
  const double ia[3] = {0.7766, 2.3616, 0.5827};
  const double gear[3] = {62.55, 107.81, 53.63};
  // Ranges of the PUMA 560 in these (Lee's) frames, Fu, Gonzalez & Lee (1987) table 2.2:
  // joint 3 runs -45..225 deg, so the elbow-up branch never wraps through 180 deg.
  const double qlim[3][2] = {{-160, 160}, {-225, 45}, {-45, 225}};
  r.links.resize(3);
  for (int i = 0; i < 3; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.dh = {0.0, d[i], alpha[i], a[i]};
    l.qMin = qlim[i][0] * deg;
    l.qMax = qlim[i][1] * deg;
    l.vMax = 1.0;
    l.massSource = MassSource::PseudoInertia;
    const Eigen::Vector3d I = mass[i] * k2[i];
    Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
    J(0, 0) = 0.5 * (-I.x() + I.y() + I.z());
    J(1, 1) = 0.5 * (I.x() - I.y() + I.z());
    J(2, 2) = 0.5 * (I.x() + I.y() - I.z());
    J.topRightCorner<3, 1>() = mass[i] * com[i];
    J.bottomLeftCorner<1, 3>() = (mass[i] * com[i]).transpose();
    J(3, 3) = mass[i];
    // Products of 4-digit table entries are exact at 1e-12: rounding there keeps the file text
    // short (0.095256, not 0.09525599999999979).
    l.pseudoInertia = (J * 1e12).array().round() / 1e12;
    DriveSpec drive;
    drive.gearRatio = gear[i];
    drive.reflectedInertia = ia[i];
    drive.hasMotor = true;
    drive.resistance = 1.6;
    drive.inductance = 0.0048;
    drive.ke = 0.26;
    drive.kt = 0.2611;
    drive.voltageLimit = 40.0;
    l.drive = drive;
  }
  return r;
}

// Six-joint PUMA 560: Corke & Armstrong-Helouvry (1994) consensus data as in Corke's Robotics
// Toolbox model (standard DH, d1 = 0: base frame at shoulder height): link masses, centres of
// mass, inertias about the centre of mass; motor-side rotor inertia Jm, gear ratio |G|, viscous
// B and Coulomb Tc friction (Armstrong, Khatib & Burdick 1986), referred to the joint:
// viscous B G^2, Coulomb |Tc| |G| (the motor turns backwards on joints 1 and 3, G < 0, so the
// motor's negative-direction value applies to positive joint velocity). Joint limits: Corke
// (from Wang & Chen 1991). Joints 1-3: the 100 W motor of Anderson 5.1. The wrist's 50 W
// motors: R 4 ohm, L 4 mH, ke = kt = 0.1 are assumed (no published values in these sources).
// Corke gives no link 1 mass (m1 = 0: it enters no joint torque); 1 kg sits at the frame origin
// here. Link 3's published moments (0.066, 0.086, 0.0125) break the triangle inequality,
// hence allowNonPhysicalInertia. vmax are planning choices below the no-load joint speeds.
RobotSpec puma560Spec() {
  const double deg = M_PI / 180.0;
  RobotSpec r;
  r.name = "PUMA 560";
  r.family = "puma560";
  r.actuatorMassRule = false;
  r.allowNonPhysicalInertia = true;
  r.gravity = {0.0, 0.0, -9.81};
  r.tacc = 0.2;
  r.dt = 0.028;
  const double alpha[6] = {90.0 * deg, 0.0, -90.0 * deg, 90.0 * deg, -90.0 * deg, 0.0};
  const double a[6] = {0.0, 0.4318, 0.0203, 0.0, 0.0, 0.0};
  const double d[6] = {0.0, 0.0, 0.15005, 0.4318, 0.0, 0.0};
  const double mass[6] = {1.0, 17.4, 4.8, 0.82, 0.34, 0.09};
  const Eigen::Vector3d com[6] = {{0, 0, 0}, {-0.3638, 0.006, 0.2275}, {-0.0203, -0.0141, 0.070},
                                  {0, 0.019, 0}, {0, 0, 0},           {0, 0, 0.032}};
  const Eigen::Vector3d inertia[6] = {{0.0, 0.35, 0.0},        {0.13, 0.524, 0.539},     {0.066, 0.086, 0.0125},
                                      {1.8e-3, 1.3e-3, 1.8e-3}, {0.3e-3, 0.4e-3, 0.3e-3}, {0.15e-3, 0.15e-3, 0.04e-3}};
  const double jm[6] = {200e-6, 200e-6, 200e-6, 33e-6, 33e-6, 33e-6};
  const double gear[6] = {-62.6111, 107.815, -53.7063, 76.0364, 71.923, 76.686};
  const double viscous[6] = {1.48e-3, 0.817e-3, 1.38e-3, 71.2e-6, 82.6e-6, 36.7e-6};
  const double tcPlus[6] = {0.395, 0.126, 0.132, 11.2e-3, 9.26e-3, 3.96e-3};
  const double tcMinus[6] = {0.435, 0.071, 0.105, 16.9e-3, 14.5e-3, 10.5e-3};  // magnitudes
  const double qlim[6][2] = {{-160, 160}, {-45, 225}, {-225, 45}, {-110, 170}, {-100, 100}, {-266, 266}};
  const double vmax[6] = {1.0, 1.0, 1.0, 2.0, 2.0, 2.0};
  r.links.resize(6);
  for (int i = 0; i < 6; ++i) {
    LinkSpec& l = r.links[i];
    l.name = "LINK" + std::to_string(i + 1);
    l.dh = {0.0, d[i], alpha[i], a[i]};
    l.qMin = qlim[i][0] * deg;
    l.qMax = qlim[i][1] * deg;
    l.vMax = vmax[i];
    l.massSource = MassSource::Explicit;
    l.inertia.mass = mass[i];
    l.inertia.com = com[i];
    l.inertia.inertiaCom = inertia[i].asDiagonal();
    const double g = std::abs(gear[i]);
    DriveSpec drive;
    drive.gearRatio = g;
    drive.rotorInertia = jm[i];
    // Joint-side products rounded at 1e-12 (far below the data's precision) for short file text.
    drive.viscous = std::round(viscous[i] * g * g * 1e12) / 1e12;
    drive.coulombPositive = std::round((gear[i] > 0.0 ? tcPlus[i] : tcMinus[i]) * g * 1e12) / 1e12;
    drive.coulombNegative = std::round((gear[i] > 0.0 ? tcMinus[i] : tcPlus[i]) * g * 1e12) / 1e12;
    drive.hasMotor = true;
    drive.resistance = i < 3 ? 1.6 : 4.0;
    drive.inductance = i < 3 ? 0.0048 : 0.004;
    drive.ke = i < 3 ? 0.26 : 0.1;
    drive.kt = i < 3 ? 0.2611 : 0.1;
    drive.voltageLimit = 40.0;
    l.drive = drive;
  }
  r.home = Eigen::VectorXd::Zero(6);
  r.home << 0.0, M_PI / 4.0, -M_PI, 0.0, M_PI / 4.0, 0.0;  // Corke's qn, q3 = -180 deg
  return r;
}

}  // namespace

std::vector<std::string> libraryRobotNames() {
  return {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr", "puma560_anderson3", "puma560"};
}

RobotSpec libraryRobotSpec(const std::string& name) {
  const auto R = JointType::Revolute;
  const auto P = JointType::Prismatic;
  using V = Eigen::Vector3d;
  RobotSpec r;
  r.gravity = {0.0, 0.0, -9.8};
  r.dt = 0.025;
  r.tacc = 0.3;
  if (name == "vora_rrr") {
    r = voraRrrSpec();
    for (auto& l : r.links) { l.qMin = -M_PI; l.qMax = M_PI; }
    return r;
  }
  if (name == "stanford_rrprrr") {  // table A-1
    r.name = "Stanford RRPRRR";
    r.family = "stanford";
    r.links = {
        barLink("LINK1", R, 0, 0.0, -90, 0, V(0.15, 0.15, 0.3), V(0.145, 0.145, 0.3), V(0, 0, 0.15), 2.0),
        barLink("LINK2", R, 0, 0.37, 90, 0, V(0.15, 0.15, 0.37), V(0.145, 0.145, 0.37), V(0, 0, 0), 2.5),
        barLink("LINK3", P, 0, 0.0, 0, 0, V(0.125, 0.125, 1.0), V(0.12, 0.12, 1.0), V(0, 0, -0.5), 1.0),
        barLink("LINK4", R, 0, 0.0, -90, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0), 3.0),
        barLink("LINK5", R, 0, 0.0, 90, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0), 3.0),
        barLink("LINK6", R, 0, 0.0, 0, 0, V(0.03, 0.03, 0.1), V(0, 0, 0), V(0, 0, 0.05), 3.5)};
    r.links[2].qMin = 0.3;
    r.links[2].qMax = 1.2;
    r.home = Eigen::VectorXd::Zero(6);
    r.home(2) = 1.0;  // Vora's table lists d3 = 1.0 m, the boom's starting extension
    return r;
  }
  if (name == "cartesian_ppprrr") {  // table A-3 ("PPFRRR" is an OCR slip for PPPRRR)
    r.name = "Cartesian PPPRRR";
    r.family = "cartesian";
    r.links = {
        barLink("LINK1", P, 0, 0.0, 90, 0, V(0.3, 0.1, 0.3), V(0.2, 0.1, 0.2), V(0, 0, 0), 1.0),
        barLink("LINK2", P, 90, 0.0, 90, 0, V(0.1, 0.7, 0.1), V(0.09, 0.7, 0.09), V(0, -0.35, 0), 1.0),
        barLink("LINK3", P, 90, 0.0, 90, 0, V(0.1, 0.7, 0.1), V(0.09, 0.7, 0.09), V(0, -0.35, 0), 1.0),
        barLink("LINK4", R, 0, 0.0, 90, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0), 5.0),
        barLink("LINK5", R, 0, 0.0, 90, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0), 5.0),
        barLink("LINK6", R, 0, 0.0, 0, 0, V(0.02, 0.02, 0.1), V(0.015, 0.015, 0.1), V(0, 0, 0.05), 5.0)};
    for (int i = 0; i < 3; ++i) {
      r.links[i].qMin = -1.0;
      r.links[i].qMax = 1.0;
    }
    return r;
  }
  if (name == "rrrrrr") {  // table A-5
    r.name = "RRRRRR";
    r.family = "rrrrrr";
    r.links = {
        barLink("LINK1", R, 0, 0.0, 90, 0.0, V(0.05, 0.2, 0.05), V(0.045, 0.2, 0.045), V(0, -0.125, 0), 1.0),
        barLink("LINK2", R, 0, 0.0, 0, 0.4, V(0.4, 0.04, 0.04), V(0.4, 0.035, 0.035), V(-0.2, 0, 0), 1.0),
        barLink("LINK3", R, 0, 0.0, 0, 0.4, V(0.4, 0.035, 0.035), V(0.4, 0.03, 0.03), V(-0.2, 0, 0), 1.25),
        barLink("LINK4", R, 0, 0.0, -90, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0), 3.0),
        barLink("LINK5", R, 0, 0.0, -90, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0), 3.0),
        barLink("LINK6", R, 0, 0.0, 0, 0.0, V(0.025, 0.025, 0.125), V(0.022, 0.022, 0.125), V(0, 0, 0.0625), 3.5)};
    return r;
  }
  if (name == "puma560_anderson3") return pumaAnderson3Spec();
  if (name == "puma560") return puma560Spec();
  throw std::invalid_argument("unknown library robot " + name);
}

Eigen::VectorXd randomVector(std::mt19937& rng, int n, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v(i) = u(rng);
  return v;
}

}  // namespace armdyn::test
