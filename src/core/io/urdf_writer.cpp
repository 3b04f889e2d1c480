#include "io/urdf_writer.h"

#include "kinematics/pose.h"

#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace armdyn {

namespace {

std::string number(double v) {
  if (v == 0.0) return "0";  // no "-0"
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string escaped(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      case '\t': out += "&#9;"; break;
      default: out += c;
    }
  }
  return out;
}

// <origin xyz rpy> of a transform (URDF rpy: R = Rz(yaw) Ry(pitch) Rx(roll)).
std::string originOf(const Eigen::Matrix4d& T) {
  const Vector6d v = xyzRpyFromPose(T);  // (x, y, z, angle about z, about y, about x)
  return "<origin xyz=\"" + number(v(0)) + " " + number(v(1)) + " " + number(v(2)) + "\" rpy=\"" + number(v(5)) + " " +
         number(v(4)) + " " + number(v(3)) + "\"/>";
}

Eigen::Matrix4d rotZTransZ(double theta, double d) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.topLeftCorner<3, 3>() = Eigen::AngleAxisd(theta, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  T(2, 3) = d;
  return T;
}

Eigen::Matrix4d transXRotX(double a, double alpha) {
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  T.topLeftCorner<3, 3>() = Eigen::AngleAxisd(alpha, Eigen::Vector3d::UnitX()).toRotationMatrix();
  T(0, 3) = a;
  return T;
}

// <visual> elements of shapes whose frames are `toUrdf` * origin in the URDF link frame.
void writeVisuals(std::ostringstream& out, const std::vector<LinkVisual>& shapes, const Eigen::Matrix4d& toUrdf, int& material) {
  for (const LinkVisual& v : shapes) {
    out << "    <visual>\n      " << originOf(toUrdf * v.origin) << "\n      <geometry>";
    switch (v.shape) {
      case LinkVisual::Shape::Mesh: {
        const bool uri = v.mesh.find("://") != std::string::npos;
        out << "<mesh filename=\"" << escaped(uri ? v.mesh : "file://" + v.mesh) << "\" scale=\"" << number(v.scale.x()) << " "
            << number(v.scale.y()) << " " << number(v.scale.z()) << "\"/>";
        break;
      }
      case LinkVisual::Shape::Box:
        out << "<box size=\"" << number(v.size.x()) << " " << number(v.size.y()) << " " << number(v.size.z()) << "\"/>";
        break;
      case LinkVisual::Shape::Cylinder:
        out << "<cylinder radius=\"" << number(v.size.x()) << "\" length=\"" << number(v.size.y()) << "\"/>";
        break;
      case LinkVisual::Shape::Sphere: out << "<sphere radius=\"" << number(v.size.x()) << "\"/>"; break;
    }
    out << "</geometry>\n";
    if (v.colour)
      out << "      <material name=\"armdyn_colour_" << ++material << "\"><color rgba=\"" << number((*v.colour)(0)) << " "
          << number((*v.colour)(1)) << " " << number((*v.colour)(2)) << " " << number((*v.colour)(3)) << "\"/></material>\n";
    out << "    </visual>\n";
  }
}

}  // namespace

std::string robotToUrdf(const Model& model) {
  const RobotSpec& r = model.spec();
  const int n = model.dof();
  // Unique link names: the robot's, with base_link and tool reserved.
  std::set<std::string> used = {"base_link", "tool"};
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    std::string name = r.links[static_cast<std::size_t>(i)].name.empty() ? "link" + std::to_string(i + 1)
                                                                          : r.links[static_cast<std::size_t>(i)].name;
    const std::string stem = name;
    for (int k = 2; used.count(name); ++k) name = stem + "_" + std::to_string(k);
    used.insert(name);
    names.push_back(name);
  }

  std::ostringstream out;
  out << "<?xml version=\"1.0\"?>\n";
  out << "<!-- Written by armdyn from a DH robot. Gravity " << number(r.gravity.x()) << " " << number(r.gravity.y()) << " "
      << number(r.gravity.z()) << " m/s^2 in base_link (URDF does not hold it); drives, accelerations,\n"
      << "     TACC/DT and the inverse-kinematics family are armdyn's only. -->\n";
  out << "<robot name=\"" << escaped(r.name) << "\">\n";
  int material = 0;
  if (r.baseVisuals.empty()) {
    out << "  <link name=\"base_link\"/>\n";
  } else {
    out << "  <link name=\"base_link\">\n";
    writeVisuals(out, r.baseVisuals, Eigen::Matrix4d::Identity(), material);
    out << "  </link>\n";
  }
  Eigen::Matrix4d previousTail = model.base();  // from the last URDF link frame to DH frame i-1
  for (int i = 0; i < n; ++i) {
    const DhParameters& dh = model.dh(i);
    const LinkSpec& l = r.links[static_cast<std::size_t>(i)];
    const bool revolute = model.isRevolute(i);
    const std::string& parent = i == 0 ? std::string("base_link") : names[static_cast<std::size_t>(i) - 1];
    const Eigen::Matrix4d origin = previousTail * rotZTransZ(dh.theta, dh.d);
    const Eigen::Matrix4d tail = transXRotX(dh.a, dh.alpha);  // URDF link frame -> DH frame i
    // Link i with its inertial in the URDF frame: c' = tail c, I' = R I R^T.
    out << "  <link name=\"" << escaped(names[static_cast<std::size_t>(i)]) << "\">\n";
    const LinkInertial& in = model.inertial(i);
    if (in.mass > 0.0) {
      const Eigen::Matrix3d R = tail.topLeftCorner<3, 3>();
      const Eigen::Vector3d c = R * in.com + tail.topRightCorner<3, 1>();
      Eigen::Matrix3d I = R * in.inertiaCom * R.transpose();
      I = 0.5 * (I + I.transpose());
      out << "    <inertial>\n";
      out << "      <origin xyz=\"" << number(c.x()) << " " << number(c.y()) << " " << number(c.z()) << "\" rpy=\"0 0 0\"/>\n";
      out << "      <mass value=\"" << number(in.mass) << "\"/>\n";
      out << "      <inertia ixx=\"" << number(I(0, 0)) << "\" ixy=\"" << number(I(0, 1)) << "\" ixz=\"" << number(I(0, 2))
          << "\" iyy=\"" << number(I(1, 1)) << "\" iyz=\"" << number(I(1, 2)) << "\" izz=\"" << number(I(2, 2)) << "\"/>\n";
      out << "    </inertial>\n";
    }
    writeVisuals(out, l.visuals, tail, material);
    out << "  </link>\n";
    // A revolute joint limited on either side stays revolute (the open side written as
    // +-1e300, armdyn's "unlimited", which reads back as such); unlimited on both: continuous.
    const bool limited = l.qMin > -1e300 || l.qMax < 1e300;
    const char* type = !revolute ? "prismatic" : (limited ? "revolute" : "continuous");
    out << "  <joint name=\"joint" << i + 1 << "\" type=\"" << type << "\">\n";
    out << "    <parent link=\"" << escaped(parent) << "\"/>\n";
    out << "    <child link=\"" << escaped(names[static_cast<std::size_t>(i)]) << "\"/>\n";
    out << "    " << originOf(origin) << "\n";
    out << "    <axis xyz=\"0 0 1\"/>\n";
    out << "    <limit";
    if (limited || !revolute) out << " lower=\"" << number(l.qMin) << "\" upper=\"" << number(l.qMax) << "\"";
    out << " effort=\"" << number(l.fMax ? *l.fMax : 0.0) << "\" velocity=\"" << number(l.vMax) << "\"/>\n";
    out << "  </joint>\n";
    previousTail = tail;
  }
  out << "  <link name=\"tool\"/>\n";
  out << "  <joint name=\"tool_joint\" type=\"fixed\">\n";
  out << "    <parent link=\"" << escaped(names.back()) << "\"/>\n";
  out << "    <child link=\"tool\"/>\n";
  out << "    " << originOf(previousTail * model.tool()) << "\n";
  out << "  </joint>\n";
  out << "</robot>\n";
  return out.str();
}

}  // namespace armdyn
