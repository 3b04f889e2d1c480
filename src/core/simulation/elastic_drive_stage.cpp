// The elastic drive (Stepniewski eqs 14-19; DriveSpec::stiffness > 0): a spring k and damper l
// between the gear output qm (motor side: inertia Jr, friction and back-EMF at qm') and the
// link q:
//   M_kl = k (qm - q) + l (qm' - q'),   Jr qm'' = tau_d - f(qm') - M_kl,
// and the link dynamics takes M_kl as the joint torque (no Jr on that joint). The stage owns the
// motor-side angle and velocity. The example a drive kind with state of its own copies
// (simulation/drive_stage.h).
#include "simulation/drive_stage.h"

#include <cmath>
#include <sstream>

namespace armdyn {
namespace {


bool claimsElastic(const DriveSpec* d) { return d && d->elastic(); }

void coupleElastic(const DriveStage* stages, int count, const double* x, const PlantLayout& layout, DriveEval& e,
                   double* link) {
  const double* q = x + layout.q.offset;
  const double* qd = x + layout.qd.offset;
  for (int k = 0; k < count; ++k) {
    const DriveStage& s = stages[k];
    const int i = s.joint;
    const DriveSpec& d = *s.spec;
    const double slip = x[s.motorVelocityAt] - qd[i];
    const double spring = d.stiffness * (x[s.motorAngleAt] - q[i]) + d.damping * slip;
    e.motorAcceleration[i] = (e.net[i] - spring) / s.inertia;
    link[i] = spring;
    e.lossPower += d.damping * slip * slip;
  }
}

double elasticArmature(const DriveStage&) { return 0.0; }  // Jr sits on the motor side

double springEnergy(const DriveStage& s, const double* x, const PlantLayout& layout) {
  const double stretch = x[s.motorAngleAt] - x[layout.q.at(s.joint)];
  return 0.5 * s.spec->stiffness * stretch * stretch;
}

double springTwist(const DriveStage& s, double staticTorque) { return staticTorque / s.spec->stiffness; }

// The fastest mode at home: the twist e = qm - q of two inertias on the spring and damper,
// e'' + l / J e' + k / J e = 0 with 1/J = 1/Jr + (Mbar^-1)_ii (Mbar = M + the rigid joints' Jr:
// the link side as the rest of the arm lets it move). RK4 at step h is unstable on the mode when
// h |lambda| leaves its stability region: refused at 2.785 (the real-axis limit, the
// conservative one for any direction of lambda).
std::string springStepProblem(const DriveStage& s, double step, double linkInverseInertia) {
  const DriveSpec& d = *s.spec;
  const double inverseJ = 1.0 / s.inertia + linkInverseInertia;
  const double b = d.damping * inverseJ, c = d.stiffness * inverseJ;  // lambda^2 + b lambda + c = 0
  const double disc = b * b - 4.0 * c;
  const double lambda = disc > 0.0 ? 0.5 * (b + std::sqrt(disc)) : std::sqrt(c);  // largest |lambda|
  if (!(step * lambda > kRk4RealStabilityLimit)) return std::string();
  return "forward simulation: RK4 step " + messageNumber(step) + " s is too long for joint " + std::to_string(s.joint + 1) +
         "'s elastic drive: its spring (k = " + messageNumber(d.stiffness) + ", l = " + messageNumber(d.damping) +
         ") between the motor side (" + messageNumber(s.inertia) + " kg m^2) and the link (" + messageNumber(1.0 / linkInverseInertia) +
         " kg m^2 effective) has a mode of " + messageNumber(lambda) + " 1/s, and RK4 needs h |lambda| < 2.785; use a step below " +
         messageNumber(kRk4RealStabilityLimit / lambda) + " s or the adaptive integrator";
}

}  // namespace

extern const DriveKind kElasticDrive = {
    "elastic",       claimsElastic, /*motorSide=*/true, coupleElastic, elasticArmature,
    springEnergy,    springTwist,   springStepProblem,
};

}  // namespace armdyn
