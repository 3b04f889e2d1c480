#include "control/holding_input.h"

#include "actuation/drive.h"
#include "dynamics/dynamics_data.h"
#include "dynamics/rnea.h"

#include <stdexcept>
#include <string>

namespace armdyn {

void holdingInput(const Model& model, const Eigen::VectorXd& q, const ToolWrench& wrench, DriveInput input,
                  Eigen::VectorXd& u, Eigen::VectorXd& current) {
  DynamicsData data(model);
  Eigen::VectorXd g(model.dof());
  staticTorques(model, data, q, wrench, g);
  const int n = model.dof();
  u = g;
  current = Eigen::VectorXd::Zero(n);
  if (input == DriveInput::Torque) return;
  for (int i = 0; i < n; ++i) {
    if (!model.spec().links[i].drive)
      throw std::invalid_argument("holdingInput: joint " + std::to_string(i + 1) + " has no drive for a " +
                                  driveInputName(input) + " input");
    const DriveSpec& d = *model.spec().links[i].drive;
    current(i) = currentForTorque(d, g(i));
    u(i) = input == DriveInput::Current ? current(i) : d.resistance * current(i);
  }
}

}  // namespace armdyn
