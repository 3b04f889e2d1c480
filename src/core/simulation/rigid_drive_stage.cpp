// The rigid drive (the default; also a joint without a drive): the motor turns with the joint,
// w = qd, its net torque tau_d - f(qd) acts on the link and its inertia Jr adds to the link's on
// the joint axis. No state of its own beyond the motor's current. The example a stateless drive
// kind copies (simulation/drive_stage.h).
#include "simulation/drive_stage.h"

namespace armdyn {
namespace {

bool claimsRigid(const DriveSpec*) { return true; }  // the fallback: last in drive_kinds.inc

void coupleRigid(const DriveStage* stages, int count, const double*, const PlantLayout&, DriveEval& e, double* link) {
  for (int k = 0; k < count; ++k) {
    const int i = stages[k].joint;
    link[i] = e.net[i];
  }
}

double rigidArmature(const DriveStage& s) { return s.inertia; }

}  // namespace

extern const DriveKind kRigidDrive = {
    "rigid",        claimsRigid, /*motorSide=*/false, coupleRigid, rigidArmature,
    /*storedEnergy=*/nullptr, /*settledTwist=*/nullptr, /*rk4StepProblem=*/nullptr,
};

}  // namespace armdyn
