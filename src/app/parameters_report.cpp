#include "parameters_report.h"

#include "trajectory/task_plan.h"

#include "common/number_text.h"
#include "model/equivalent_box.h"
#include "refusal_style.h"
#include "units.h"

#include <QObject>
#include <QStringList>

namespace armdyn::app {
namespace {

QString num(double v, int precision = 5) { return QString::number(v, 'g', precision); }
QString deg(double rad) { return QString::fromStdString(formatDegrees(rad)); }

// Cells never break inside a word (a narrow panel scrolls instead of printing "LIN K1"); a
// heading puts its unit on a second line so that columns stay as narrow as their numbers.
QString row(const QStringList& cells, bool header = false) {
  const QString tag = header ? "th" : "td";
  QString out = "<tr>";
  for (QString c : cells) {
    if (header) c.replace(" (", "<br>(");
    out += QStringLiteral("<%1 nowrap>%2</%1>").arg(tag, c);
  }
  return out + "</tr>";
}

QString matrix(const Eigen::MatrixXd& m) {
  QString out = "<table class='m'>";
  for (int r = 0; r < m.rows(); ++r) {
    QStringList cells;
    for (int c = 0; c < m.cols(); ++c) cells << num(m(r, c));
    out += row(cells);
  }
  return out + "</table>";
}

}  // namespace

QString parametersHtml(const Model& model, const TaskSpec& task) {
  const RobotSpec& r = model.spec();
  QString h;
  h += "<style>table{border-collapse:collapse;margin-bottom:8px} td,th{border:1px solid #bbb;"
       "padding:2px 6px;text-align:right;white-space:nowrap} th{background:#e8ecf2} table.m td{border:none;padding:0 6px}"
       "h3{margin:10px 0 4px 0}</style>";
  h += QStringLiteral("<h2>%1</h2>").arg(QString::fromStdString(r.name).toHtmlEscaped());
  h += QObject::tr("<p>%1 links, family \"%2\", DT = %3 s, TACC = %4 s, gravity (%5, %6, %7) m/s², "
                   "actuator point-mass rule %8.</p>")
           .arg(r.dof())
           .arg(QString::fromStdString(r.family))
           .arg(num(r.dt))
           .arg(num(paulTacc(r, task)))
           .arg(num(r.gravity.x()))
           .arg(num(r.gravity.y()))
           .arg(num(r.gravity.z()))
           .arg(r.actuatorMassRule ? QObject::tr("on") : QObject::tr("off"));

  h += QObject::tr("<h3>Link parameters (Denavit-Hartenberg)</h3>");
  h += "<table>" + row({"Link", "Joint", "θ (deg)", "d (m)", "α (deg)", "a (m)", "Vmax", "q min", "q max"}, true);
  for (int i = 0; i < r.dof(); ++i) {
    const LinkSpec& l = r.links[i];
    const bool rev = l.joint == JointType::Revolute;
    auto limit = [&](double v) { return std::abs(v) > 1e299 ? QStringLiteral("—") : (rev ? deg(v) + "°" : num(v) + " m"); };
    h += row({QString::fromStdString(l.name), jointLetter(l.joint), deg(l.dh.theta), num(l.dh.d), deg(l.dh.alpha),
              num(l.dh.a), num(l.vMax) + " " + unitOf(Quantity::Velocity, l.joint), limit(l.qMin), limit(l.qMax)});
  }
  h += "</table>";

  h += QObject::tr("<h3>Link dimensions (hollow bars)</h3>");
  h += "<table>" + row({"Link", "Density (kg/m³)", "Outer X, Y, Z (m)", "Inner X, Y, Z (m)", "Bar centre (m)"}, true);
  for (int i = 0; i < r.dof(); ++i) {
    const LinkSpec& l = r.links[i];
    if (l.massSource != MassSource::HollowBar) {
      // Drawn as the uniform box of the same mass and principal moments (model/equivalent_box.h).
      const EquivalentBox b = equivalentBox(bareLinkInertial(l), 1e-3);
      QString drawn = QObject::tr("drawn as the equivalent box %1 × %2 × %3 m at the centre of mass")
                          .arg(num(b.sides.x(), 3), num(b.sides.y(), 3), num(b.sides.z(), 3));
      if (b.clamped) {
        const QString why = QString::fromStdString(b.note).toHtmlEscaped();
        drawn += QStringLiteral("<br>") + redHtml(QObject::tr("not a realisable rigid body: %1").arg(why));
      }
      // One left-aligned cell that may wrap: a sentence, not a number column.
      h += QStringLiteral("<tr><td nowrap>%1</td><td colspan=4 style='text-align:left'>%2; %3</td></tr>")
               .arg(QString::fromStdString(l.name).toHtmlEscaped(), QObject::tr("inertia given explicitly"), drawn);
      continue;
    }
    auto v3 = [](const Eigen::Vector3d& v) { return QStringLiteral("%1, %2, %3").arg(num(v.x()), num(v.y()), num(v.z())); };
    h += row({QString::fromStdString(l.name), num(l.bar.density), v3(l.bar.outer), v3(l.bar.inner), v3(l.bar.centre)});
  }
  h += "</table>";

  h += QObject::tr("<h3>Masses and centres of mass (actuators included)</h3>");
  h += "<table>" + row({"Link", "Mass (kg)", "x̄ (m)", "ȳ (m)", "z̄ (m)", "Actuator of joint (kg)"}, true);
  for (int i = 0; i < r.dof(); ++i) {
    const LinkInertial& in = model.inertial(i);
    h += row({QString::fromStdString(r.links[i].name), num(in.mass), num(in.com.x()), num(in.com.y()), num(in.com.z()),
              QStringLiteral("ma%1 = %2").arg(i + 1).arg(num(model.actuatorMasses()[i]))});
  }
  h += "</table>";

  h += QObject::tr("<h3>Inertia tensors about the centre of mass (kg m²) and pseudo-inertia "
                   "matrices J about the link origin (fig 7.3)</h3>");
  h += "<table>" + row({"Link", "I (about COM)", "J (pseudo-inertia)"}, true);
  for (int i = 0; i < r.dof(); ++i) {
    const LinkInertial& in = model.inertial(i);
    h += row({QString::fromStdString(r.links[i].name), matrix(in.inertiaCom), matrix(in.pseudo)});
  }
  h += "</table>";

  bool anyDrive = false;
  for (const LinkSpec& l : r.links) anyDrive = anyDrive || l.drive.has_value();
  if (anyDrive) {
    h += QObject::tr("<h3>Drives (joint side; Anderson ch. 5)</h3>");
    h += "<table>" + row({"Joint", "Gear N", "Jm (kg m²)", "J refl. (kg m²)", "b (N m s/rad)", "Fc+ / Fc− (N m)",
                          "R (Ω)", "L (H)", "ke (V s/rad)", "kt (N m/A)", "V / I limit"},
                         true);
    for (int i = 0; i < r.dof(); ++i) {
      const LinkSpec& l = r.links[i];
      if (!l.drive) {
        h += row({QString::number(i + 1), QObject::tr("(none: torque input)"), "", "", "", "", "", "", "", "", ""});
        continue;
      }
      const DriveSpec& d = *l.drive;
      auto limit = [](double v, const char* unit) { return v > 0.0 ? num(v) + " " + unit : QStringLiteral("—"); };
      h += row({QString::number(i + 1), num(d.gearRatio), num(d.rotorInertia), num(d.reflectedInertia), num(d.viscous),
                num(d.coulombPositive) + " / " + num(d.coulombNegative), d.hasMotor ? num(d.resistance) : "—",
                d.hasMotor ? num(d.inductance) : "—", d.hasMotor ? num(d.ke) : "—", d.hasMotor ? num(d.kt) : "—",
                limit(d.voltageLimit, "V") + " / " + limit(d.currentLimit, "A")});
    }
    h += "</table>";
  }

  h += QObject::tr("<h3>Tool (end effector) transform</h3>") + matrix(r.tool);
  if (r.base != Eigen::Matrix4d::Identity())
    h += QObject::tr("<h3>Base transform (DH frame 0 in the world)</h3>") + matrix(r.base);

  h += QObject::tr("<h3>Trajectory points: %1</h3>").arg(QString::fromStdString(task.name).toHtmlEscaped());
  h += "<table>" + row({"Point", "X (m)", "Y (m)", "Z (m)", "Roll φ (deg)", "Pitch θ (deg)", "Yaw ψ (deg)"}, true);
  for (size_t k = 0; k < task.points.size(); ++k) {
    const TaskPoint& p = task.points[k];
    h += row({QString::number(k + 1), num(p.position.x()), num(p.position.y()), num(p.position.z()), deg(p.rpy.x()),
              deg(p.rpy.y()), deg(p.rpy.z())});
  }
  h += "</table>";
  return h;
}

}  // namespace armdyn::app
