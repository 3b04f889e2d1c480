#include "simulation/task_summary.h"

#include <cmath>
#include <stdexcept>

namespace armdyn {

TaskSummary summarizeSamples(const std::vector<double>& t, const Eigen::MatrixXd& q,
                             const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                             const Eigen::MatrixXd& force, double taskTime) {
  const Eigen::Index m = q.rows(), n = q.cols();
  if (m < 1 || static_cast<Eigen::Index>(t.size()) != m || qd.rows() != m || qdd.rows() != m ||
      force.rows() != m || qd.cols() != n || qdd.cols() != n || force.cols() != n)
    throw std::invalid_argument("summarizeSamples: inconsistent sample matrices");
  TaskSummary s;
  s.taskTime = taskTime;
  s.samples = static_cast<int>(m);
  s.peakForce.resize(n);
  s.peakForceTime.resize(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    Eigen::Index k = 0;
    force.col(j).cwiseAbs().maxCoeff(&k);
    s.peakForce(j) = force(k, j);
    s.peakForceTime(j) = t[static_cast<std::size_t>(k)];
  }
  s.qMin = q.colwise().minCoeff().transpose();
  s.qMax = q.colwise().maxCoeff().transpose();
  s.qdPeak = qd.cwiseAbs().colwise().maxCoeff().transpose();
  s.qddPeak = qdd.cwiseAbs().colwise().maxCoeff().transpose();
  return s;
}

}  // namespace armdyn
