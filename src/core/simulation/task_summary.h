#pragma once
// Table 7.3 from sampled states: signed peak force (value of largest magnitude) and when it
// occurs, extreme positions, largest |qd| and |qdd| per joint.

#include "simulation/run_record.h"

namespace armdyn {

// `t`, `q`, `qd`, `qdd`, `force`: samples (rows) x joints, at least one sample.
TaskSummary summarizeSamples(const std::vector<double>& t, const Eigen::MatrixXd& q,
                             const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                             const Eigen::MatrixXd& force, double taskTime);

}  // namespace armdyn
