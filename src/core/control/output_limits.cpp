#include "control/output_limits.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace armdyn {

Eigen::VectorXd outputBounds(const Eigen::VectorXd& limits, int n, const std::string& law) {
  if (limits.size() != 0 && limits.size() != n)
    throw std::invalid_argument(law + ": " + std::to_string(limits.size()) + " output limits for " + std::to_string(n) +
                                " joints");
  Eigen::VectorXd bound = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  for (Eigen::Index i = 0; i < limits.size(); ++i) {
    const double l = limits(i);
    if (std::isnan(l) || l < 0.0)
      throw std::invalid_argument(law + ", joint " + std::to_string(i + 1) + ": output limit must be >= 0 (0 = none)");
    if (l > 0.0) bound(i) = l;
  }
  return bound;
}

}  // namespace armdyn
