#pragma once
// The output limits of a feedback law (PID, PVA): |u_i| <= l_i, given per joint with 0 meaning
// none (controller files, effectiveOutputLimits). The one rule for both laws: an empty vector
// is no limit on any joint; a limit must be >= 0 (NaN or negative: std::invalid_argument naming
// `law` and the joint); the bound returned is +inf where the limit is 0.

#include <Eigen/Core>
#include <string>

namespace armdyn {

Eigen::VectorXd outputBounds(const Eigen::VectorXd& limits, int joints, const std::string& law);

}  // namespace armdyn
