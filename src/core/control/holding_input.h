#pragma once
// The input that holds the arm still at q against gravity and a tool wrench W (G(q) + J^T W;
// friction is zero at rest), in the drive's unit: N m for a torque input, A for a current input
// (tau / (N kt)), V for a voltage input (R i, no back-EMF at rest); and the motor currents it
// draws. The one rule for a bumpless start (PID, PVA), computed torque's initial currents and
// the Ziegler-Nichols tuner's held joint.

#include "model/model.h"
#include "model/tool_wrench.h"
#include "simulation/forward_simulation.h"

#include <Eigen/Core>

namespace armdyn {

// A current or voltage input needs a drive on every joint (effectiveInput, the run's input rule,
// chooses one only then): std::invalid_argument otherwise.
void holdingInput(const Model& model, const Eigen::VectorXd& q, const ToolWrench& wrench, DriveInput input,
                  Eigen::VectorXd& u, Eigen::VectorXd& current);

}  // namespace armdyn
