#include "trajectory/path_limits.h"

#include "actuation/drive.h"
#include "dynamics/dh_ops.h"
#include "dynamics/rnea.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace armdyn {

const char* pathLimitName(PathLimitKind kind) {
  switch (kind) {
    case PathLimitKind::Velocity: return "velocity";
    case PathLimitKind::Acceleration: return "acceleration";
    case PathLimitKind::Torque: return "torque";
    case PathLimitKind::Current: return "current";
    case PathLimitKind::Voltage: return "voltage";
  }
  return "?";
}

double PathLimitRow::value(double u, double x) const {
  return a * u + b * x + d * std::sqrt(std::max(x, 0.0)) + 0.5 * (cLo + cHi);
}

PathLimits::PathLimits(const Model& model, bool withDrives, double fraction) : n_(model.dof()), joints_(model.dof()) {
  if (!(fraction > 0.0 && fraction <= 1.0)) throw std::invalid_argument("PathLimits: fraction outside (0, 1]");
  for (int j = 0; j < n_; ++j) {
    const LinkSpec& link = model.spec().links[j];
    Joint& J = joints_[j];
    J.vmax = fraction * link.vMax;
    J.amax = fraction * link.aMax.value_or(0.0);
    J.fmax = fraction * link.fMax.value_or(0.0);
    if (withDrives && link.drive) {
      const DriveSpec& d = *link.drive;
      J.drive = true;
      J.jr = reflectedInertia(d);
      J.viscous = d.viscous;
      J.fcPlus = d.coulombPositive;
      J.fcMinus = d.coulombNegative;
      J.efficiency = d.efficiency;
      J.rotorN2 = d.gearRatio * d.gearRatio * d.rotorInertia;
      if (d.hasMotor && d.kt > 0.0 && d.resistance > 0.0) {
        J.motor = true;
        J.torquePerAmp = d.gearRatio * d.kt;
        J.resistance = d.resistance;
        J.backEmf = d.ke * d.gearRatio;
        J.currentLimit = fraction * d.currentLimit;
        J.voltageLimit = fraction * d.voltageLimit;
      }
      if (J.viscous != 0.0 || J.fcPlus != 0.0 || J.fcMinus != 0.0 || (J.motor && J.voltageLimit > 0.0))
        speedDependent_ = true;
    }
  }
}

void PathLimits::pointDynamics(const Model& model, DynamicsData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& dq, const Eigen::Ref<const Eigen::VectorXd>& ddq,
                               PathPointDynamics& out) const {
  dh::checkData(model, data, "PathLimits::pointDynamics");
  out.dq = dq;
  out.ddq = ddq;
  out.a.resize(n_);
  out.b.resize(n_);
  out.g.resize(n_);
  dh::updateJoints(data, q.data());
  detail::rneaPasses(data, nullptr, nullptr, true, out.g.data());
  detail::rneaPasses(data, nullptr, dq.data(), false, out.a.data());
  detail::rneaPasses(data, dq.data(), ddq.data(), false, out.b.data());
  for (int j = 0; j < n_; ++j) {
    out.a(j) += joints_[j].jr * dq(j);
    out.b(j) += joints_[j].jr * ddq(j);
  }
}

double PathLimits::velocityBound(const PathPointDynamics& p) const {
  double x = std::numeric_limits<double>::infinity();
  for (int j = 0; j < n_; ++j) {
    const double v = std::abs(p.dq(j));
    if (v > 0.0) x = std::min(x, (joints_[j].vmax / v) * (joints_[j].vmax / v));
  }
  return x;
}

int PathLimits::velocityJoint(const PathPointDynamics& p) const {
  int best = -1;
  double worst = 0.0;
  for (int j = 0; j < n_; ++j) {
    const double r = std::abs(p.dq(j)) / joints_[j].vmax;
    if (r > worst) worst = r, best = j;
  }
  return best;
}

bool PathLimits::boundsAcceleration(int j) const {
  const Joint& J = joints_[j];
  return J.amax > 0.0 || J.fmax > 0.0 || (J.motor && (J.currentLimit > 0.0 || J.voltageLimit > 0.0));
}

int PathLimits::appendRows(const PathPointDynamics& p, double xHat, std::vector<PathLimitRow>& out) const {
  const std::size_t before = out.size();
  for (int j = 0; j < n_; ++j) {
    const Joint& J = joints_[j];
    const double dq = p.dq(j);
    if (J.amax > 0.0) {
      PathLimitRow r;
      r.a = dq;
      r.b = p.ddq(j);
      r.lo = -J.amax;
      r.hi = J.amax;
      r.joint = j;
      r.kind = PathLimitKind::Acceleration;
      out.push_back(r);
    }
    const bool torqueRows = J.fmax > 0.0 || (J.motor && (J.currentLimit > 0.0 || J.voltageLimit > 0.0));
    if (!torqueRows) continue;
    // The drive torque row; Coulomb friction at the estimated speed, or as an interval.
    PathLimitRow t;
    t.a = p.a(j);
    t.b = p.b(j);
    t.d = J.viscous * dq;
    double fcLo = 0.0, fcHi = 0.0;
    if (J.drive && dq != 0.0) {
      if (xHat >= 0.0) {
        const double qd = dq * std::sqrt(xHat);
        const double s = fastTanh(qd / kDefaultFrictionVelocityScale);
        fcLo = fcHi = 0.5 * (J.fcPlus + J.fcMinus) * s + 0.5 * (J.fcPlus - J.fcMinus) * s * s;
      } else {
        // f(s) = A s + B s^2 over s = tanh(qd / vs) in [0, 1] (qd > 0) or [-1, 0]: its ends
        // and, when inside, its vertex (an asymmetric friction peaks there).
        const double A = 0.5 * (J.fcPlus + J.fcMinus), B = 0.5 * (J.fcPlus - J.fcMinus);
        const double end = dq > 0.0 ? J.fcPlus : -J.fcMinus;
        fcLo = std::min(0.0, end);
        fcHi = std::max(0.0, end);
        if (B != 0.0) {
          const double vertex = -A / (2.0 * B);
          if (dq > 0.0 ? (vertex > 0.0 && vertex < 1.0) : (vertex > -1.0 && vertex < 0.0)) {
            const double f = A * vertex + B * vertex * vertex;
            fcLo = std::min(fcLo, f);
            fcHi = std::max(fcHi, f);
          }
        }
      }
    }
    t.cLo = p.g(j) + fcLo;
    t.cHi = p.g(j) + fcHi;
    t.joint = j;
    if (J.fmax > 0.0) {
      t.kind = PathLimitKind::Torque;
      t.lo = -J.fmax;
      t.hi = J.fmax;
      out.push_back(t);
    }
    // The motor current as while the motor drives the load (actuator_sizing.h):
    //   i = (tau - N^2 Jm qdd) / (N eta kt) + Jm N qdd / kt
    // in joint-torque units (x N kt): tau / eta - N^2 Jm (1 / eta - 1) qdd. With eta = 1, tau.
    PathLimitRow m = t;
    if (J.efficiency < 1.0) {
      const double rotor = J.rotorN2 * (1.0 / J.efficiency - 1.0);
      m.a = t.a / J.efficiency - rotor * dq;
      m.b = t.b / J.efficiency - rotor * p.ddq(j);
      m.d = t.d / J.efficiency;
      m.cLo = t.cLo / J.efficiency;
      m.cHi = t.cHi / J.efficiency;
    }
    if (J.motor && J.currentLimit > 0.0) {
      PathLimitRow c = m;
      c.kind = PathLimitKind::Current;
      c.lo = -J.currentLimit * J.torquePerAmp;
      c.hi = J.currentLimit * J.torquePerAmp;
      out.push_back(c);
    }
    if (J.motor && J.voltageLimit > 0.0) {
      const double k = J.resistance / J.torquePerAmp;
      PathLimitRow v;
      v.a = k * m.a;
      v.b = k * m.b;
      v.d = k * m.d + J.backEmf * dq;
      v.cLo = k * std::min(m.cLo, m.cHi);
      v.cHi = k * std::max(m.cLo, m.cHi);
      v.lo = -J.voltageLimit;
      v.hi = J.voltageLimit;
      v.joint = j;
      v.kind = PathLimitKind::Voltage;
      out.push_back(v);
    }
  }
  return static_cast<int>(out.size() - before);
}

}  // namespace armdyn
