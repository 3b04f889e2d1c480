#include "simulation/run_comparison.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

PeakChange comparePeak(double reference, double current) {
  PeakChange c;
  c.reference = reference;
  c.current = current;
  c.delta = current - reference;
  if (reference != 0.0) {
    c.percent = 100.0 * c.delta / std::abs(reference);
  } else {
    c.percent = c.delta == 0.0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  }
  const double a = std::abs(reference), b = std::abs(current);
  const double tolerance = 1e-9 * std::max(a, b);
  c.trend = b > a + tolerance ? 1 : b < a - tolerance ? -1 : 0;
  return c;
}

namespace {

std::vector<PeakChange> compareJoints(const Eigen::VectorXd& reference, const Eigen::VectorXd& current) {
  std::vector<PeakChange> out;
  if (reference.size() != current.size()) return out;
  out.reserve(static_cast<std::size_t>(current.size()));
  for (Eigen::Index j = 0; j < current.size(); ++j) out.push_back(comparePeak(reference(j), current(j)));
  return out;
}

}  // namespace

RunComparison compareRuns(const RunRecord& reference, const RunRecord& current) {
  const TaskSummary& r = reference.summary;
  const TaskSummary& c = current.summary;
  if (r.peakForce.size() != c.peakForce.size()) {
    throw std::invalid_argument("runs to compare have " + std::to_string(r.peakForce.size()) + " and " +
                                std::to_string(c.peakForce.size()) + " joints");
  }
  RunComparison out;
  out.taskTime = comparePeak(r.taskTime, c.taskTime);
  out.peakForce = compareJoints(r.peakForce, c.peakForce);
  out.qdPeak = compareJoints(r.qdPeak, c.qdPeak);
  out.qddPeak = compareJoints(r.qddPeak, c.qddPeak);
  if (reference.mode == RunMode::ForwardSimulation && current.mode == RunMode::ForwardSimulation) {
    out.peakError = compareJoints(reference.forward.peakError, current.forward.peakError);
    out.peakVoltage = compareJoints(reference.forward.peakVoltage, current.forward.peakVoltage);
    out.peakCurrent = compareJoints(reference.forward.peakCurrent, current.forward.peakCurrent);
  }
  return out;
}

}  // namespace armdyn
