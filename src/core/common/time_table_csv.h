#pragma once
// A table over time read from CSV text, the one reader of every `t, v1..vm` file (a controller's
// open-loop input profile, a task's tool-wrench profile): one row per line, fields split by
// csv_fields.h, '#' starts a comment, blank lines skipped; an optional header (a first line
// whose first field is not a number) must have the table's column count and, when the columns
// are named, their names in order (case-insensitive); every value a finite number; times
// strictly increasing; at most `maxRows` rows. Errors are InputErrors naming the file, the line
// and the column.

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

namespace armdyn {

struct TimeTableFormat {
  // The columns' names, "t" first. Empty: the count comes from `valueColumns` (> 0), else from
  // the header or first row, and the columns are named t, u1..um.
  std::vector<std::string> names;
  int valueColumns = 0;
  bool headerNamesColumns = false;  // a header must spell `names` in order
  std::string description;          // the columns as a phrase, e.g. "t, fx, fy, fz, mx, my, mz"
  std::string unit = "";            // of t in messages: " s" for seconds, "" for none
  std::string unitsNote;            // appended to "no data rows": e.g. ", in s, N and N m"
  int maxRows = 1000000;
  // Optional: "" when a value of column c (1..m) is acceptable, else why not.
  std::function<std::string(std::size_t column, double value)> valueProblem;
};

struct TimeTable {
  std::vector<double> times;
  Eigen::MatrixXd values;  // rows = times, columns = the value columns
};

TimeTable parseTimeTableCsv(const std::string& text, const std::string& fileName, const TimeTableFormat& format);

}  // namespace armdyn
