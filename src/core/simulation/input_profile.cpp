#include "simulation/input_profile.h"

#include "common/text_file.h"
#include "common/time_table_csv.h"


#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace armdyn {

JointSignal JointSignal::constant(double value) {
  JointSignal s;
  s.initial = s.final = value;
  return s;
}

JointSignal JointSignal::step(double before, double after, double at) {
  JointSignal s;
  s.kind = Kind::Step;
  s.initial = before;
  s.final = after;
  s.start = at;
  return s;
}

JointSignal JointSignal::ramp(double from, double to, double start, double end) {
  JointSignal s;
  s.kind = Kind::Ramp;
  s.initial = from;
  s.final = to;
  s.start = start;
  s.end = end;
  return s;
}

double JointSignal::valueAt(double t) const {
  switch (kind) {
    case Kind::Constant:
      return initial;
    case Kind::Step:
      return t < start ? initial : final;
    case Kind::Ramp:
      if (t <= start) return initial;
      if (t >= end) return final;
      return initial + (final - initial) * (t - start) / (end - start);
  }
  return initial;
}

InputProfile InputProfile::constant(const Eigen::VectorXd& u) {
  std::vector<JointSignal> s;
  for (Eigen::Index i = 0; i < u.size(); ++i) s.push_back(JointSignal::constant(u(i)));
  return perJointSignals(std::move(s));
}

InputProfile InputProfile::perJointSignals(std::vector<JointSignal> perJoint) {
  for (std::size_t i = 0; i < perJoint.size(); ++i) {
    const JointSignal& s = perJoint[i];
    const std::string j = "input profile, joint " + std::to_string(i + 1) + ": ";
    if (!std::isfinite(s.initial) || !std::isfinite(s.final) || !std::isfinite(s.start) || !std::isfinite(s.end))
      throw std::invalid_argument(j + "values and times must be finite");
    if (s.kind == JointSignal::Kind::Ramp && !(s.end > s.start))
      throw std::invalid_argument(j + "a ramp must end after it starts");
  }
  InputProfile p;
  p.n_ = static_cast<int>(perJoint.size());
  p.signals_ = std::move(perJoint);
  return p;
}

InputProfile InputProfile::table(std::vector<double> times, Eigen::MatrixXd values,
                                 TableInterpolation interpolation) {
  if (times.empty()) throw std::invalid_argument("input profile: the table has no samples");
  if (static_cast<Eigen::Index>(times.size()) != values.rows())
    throw std::invalid_argument("input profile: one row of values per time is needed");
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (!std::isfinite(times[k])) throw std::invalid_argument("input profile: times must be finite");
    if (k > 0 && !(times[k] > times[k - 1]))
      throw std::invalid_argument("input profile: times must increase strictly (sample " + std::to_string(k + 1) + ")");
  }
  if (!values.allFinite()) throw std::invalid_argument("input profile: values must be finite");
  InputProfile p;
  p.n_ = static_cast<int>(values.cols());
  p.times_ = std::move(times);
  p.values_ = std::move(values);
  p.interpolation_ = interpolation;
  return p;
}

double InputProfile::endTime() const {
  return times_.empty() ? std::numeric_limits<double>::infinity() : times_.back();
}

void InputProfile::evaluate(double t, Eigen::Ref<Eigen::VectorXd> u) const {
  if (u.size() != n_)
    throw std::invalid_argument("InputProfile::evaluate: u has " + std::to_string(u.size()) +
                                " entries, expected " + std::to_string(n_));
  if (times_.empty()) {
    for (int i = 0; i < n_; ++i) u(i) = signals_[i].valueAt(t);
    return;
  }
  // Index of the last sample at or before t.
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  if (it == times_.begin()) {
    u = values_.row(0).transpose();
    return;
  }
  const auto k = static_cast<Eigen::Index>(it - times_.begin()) - 1;
  if (interpolation_ == TableInterpolation::ZeroOrderHold || k + 1 >= values_.rows()) {
    u = values_.row(k).transpose();
    return;
  }
  const double s = (t - times_[k]) / (times_[k + 1] - times_[k]);
  u = ((1.0 - s) * values_.row(k) + s * values_.row(k + 1)).transpose();
}

InputProfile parseInputProfileCsv(const std::string& text, const std::string& fileName, int joints,
                                  TableInterpolation interpolation) {
  if (joints < 0) throw std::invalid_argument("parseInputProfileCsv: joints must not be negative");
  TimeTableFormat format;
  format.valueColumns = joints;
  TimeTable table = parseTimeTableCsv(text, fileName, format);
  return InputProfile::table(std::move(table.times), std::move(table.values), interpolation);
}

InputProfile loadInputProfileCsv(const std::string& path, int joints, TableInterpolation interpolation) {
  return parseInputProfileCsv(readTextFile(path), path, joints, interpolation);
}

}  // namespace armdyn
