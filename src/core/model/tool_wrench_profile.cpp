#include "model/tool_wrench_profile.h"

#include "common/input_error.h"
#include "common/text_file.h"
#include "common/time_table_csv.h"


#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace armdyn {

const char* const kToolWrenchColumns[7] = {"t", "fx", "fy", "fz", "mx", "my", "mz"};

ToolWrenchProfile ToolWrenchProfile::constant(const ToolWrench& wrench) {
  for (int c = 0; c < 3; ++c)
    for (double v : {wrench.force(c), wrench.moment(c)})
      if (const std::string why = toolWrenchComponentProblem(v); !why.empty())
        throw std::invalid_argument("wrench: " + why);
  ToolWrenchProfile p;
  p.constant_ = wrench;
  return p;
}

ToolWrenchProfile ToolWrenchProfile::table(std::vector<double> times, Rows values, bool inToolAxes,
                                           std::string csvFile) {
  if (times.empty()) throw std::invalid_argument("tool wrench profile: the table has no rows");
  if (times.size() > static_cast<std::size_t>(kMaxToolWrenchRows))
    throw std::invalid_argument("tool wrench profile: " + std::to_string(times.size()) + " rows (at most " +
                                std::to_string(kMaxToolWrenchRows) + ")");
  if (static_cast<Eigen::Index>(times.size()) != values.rows())
    throw std::invalid_argument("tool wrench profile: one row of six values per time is needed");
  for (std::size_t k = 0; k < times.size(); ++k) {
    const std::string row = "tool wrench profile, row " + std::to_string(k + 1) + ": ";
    if (!std::isfinite(times[k])) throw std::invalid_argument(row + "the time must be finite");
    if (k > 0 && !(times[k] > times[k - 1]))
      throw std::invalid_argument(row + "the time must be after the previous row's (times increase strictly)");
    for (int c = 0; c < 6; ++c)
      if (const std::string why = toolWrenchComponentProblem(values(static_cast<Eigen::Index>(k), c)); !why.empty())
        throw std::invalid_argument(row + why);
  }
  ToolWrenchProfile p;
  p.constant_.inToolAxes = inToolAxes;
  auto table = std::make_shared<Table>();
  table->times = std::move(times);
  table->values = std::move(values);
  p.table_ = std::move(table);
  p.csvFile_ = std::move(csvFile);
  return p;
}

bool ToolWrenchProfile::isZero() const { return table_ ? table_->values.isZero(0.0) : constant_.isZero(); }

int ToolWrenchProfile::rows() const { return table_ ? static_cast<int>(table_->times.size()) : 0; }

const std::vector<double>& ToolWrenchProfile::times() const {
  static const std::vector<double> none;
  return table_ ? table_->times : none;
}

const ToolWrenchProfile::Rows& ToolWrenchProfile::values() const {
  static const Rows none(0, 6);
  return table_ ? table_->values : none;
}

ToolWrenchProfile ToolWrenchProfile::withAxes(bool inToolAxes) const {
  ToolWrenchProfile p = *this;
  p.constant_.inToolAxes = inToolAxes;
  return p;
}

ToolWrenchProfile ToolWrenchProfile::withCsvFile(std::string csvFile) const {
  ToolWrenchProfile p = *this;
  p.csvFile_ = std::move(csvFile);
  return p;
}

void ToolWrenchProfile::evaluate(double t, ToolWrench& w) const {
  w.inToolAxes = constant_.inToolAxes;
  if (!table_) {
    w.force = constant_.force;
    w.moment = constant_.moment;
    return;
  }
  const std::vector<double>& ts = table_->times;
  const Rows& v = table_->values;
  // Index of the last row at or before t; before the first row the first holds, after the last
  // the last (also for a NaN t, which compares false).
  const auto it = std::upper_bound(ts.begin(), ts.end(), t);
  Eigen::Index k = it == ts.begin() ? 0 : static_cast<Eigen::Index>(it - ts.begin()) - 1;
  if (it == ts.begin() || k + 1 >= v.rows()) {
    w.force = v.row(k).head<3>().transpose();
    w.moment = v.row(k).tail<3>().transpose();
    return;
  }
  const double s = (t - ts[static_cast<std::size_t>(k)]) / (ts[static_cast<std::size_t>(k) + 1] - ts[static_cast<std::size_t>(k)]);
  w.force = ((1.0 - s) * v.row(k).head<3>() + s * v.row(k + 1).head<3>()).transpose();
  w.moment = ((1.0 - s) * v.row(k).tail<3>() + s * v.row(k + 1).tail<3>()).transpose();
}

ToolWrench ToolWrenchProfile::at(double t) const {
  ToolWrench w;
  evaluate(t, w);
  return w;
}

bool ToolWrenchProfile::operator==(const ToolWrenchProfile& o) const {
  if (inToolAxes() != o.inToolAxes() || isTable() != o.isTable() || csvFile_ != o.csvFile_) return false;
  if (!isTable()) return constant_.force == o.constant_.force && constant_.moment == o.constant_.moment;
  return table_ == o.table_ || (table_->times == o.table_->times && table_->values == o.table_->values);
}

ToolWrenchProfile parseToolWrenchCsv(const std::string& text, const std::string& fileName, bool inToolAxes) {
  TimeTableFormat format;
  format.names.assign(kToolWrenchColumns, kToolWrenchColumns + 7);
  format.headerNamesColumns = true;
  format.description = "t, fx, fy, fz, mx, my, mz";
  format.unit = " s";
  format.unitsNote = ", in s, N and N m";
  format.maxRows = kMaxToolWrenchRows;
  format.valueProblem = [](std::size_t, double v) { return toolWrenchComponentProblem(v); };
  TimeTable table = parseTimeTableCsv(text, fileName, format);
  return ToolWrenchProfile::table(std::move(table.times), std::move(table.values), inToolAxes, fileName);
}

ToolWrenchProfile loadToolWrenchCsv(const std::string& path, bool inToolAxes) {
  return parseToolWrenchCsv(readTextFile(path), path, inToolAxes);
}

}  // namespace armdyn
