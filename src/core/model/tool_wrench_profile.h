#pragma once
// The tool wrench over a run (Stepniewski's tool forces): what a task gives under `wrench:`
// (docs/file-formats.md) and every run of it applies (trajectory/task_plan.h,
// TaskPlan::toolWrench). Either a wrench constant in time, or a table of rows
//   t, fx, fy, fz, mx, my, mz        (s, N, N m; moment about the tool point)
// interpolated linearly between rows and held at the first / last row outside the table:
//   W(t) = W_1                                              t <= t_1
//   W(t) = W_k + (t - t_k) / (t_{k+1} - t_k) (W_{k+1} - W_k)  t_k <= t < t_{k+1}
//   W(t) = W_m                                              t >= t_m
// Components in world axes or in the tool's own axes (model/tool_wrench.h). W is what the tool exerts
// on its surroundings: the joints deliver tau = M qdd + C qd + G + J^T W(t).
// Evaluation does not allocate (a forward run evaluates it at every controller sample); copies
// share the table (a task is copied by every undoable edit in Studio).

#include "model/tool_wrench.h"

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {

// Rows of a table at most (a 16 MB CSV holds about 1.2 million short rows).
constexpr int kMaxToolWrenchRows = 1000000;

// The CSV columns, in order ("t", "fx", ... "mz").
extern const char* const kToolWrenchColumns[7];

class ToolWrenchProfile {
 public:
  using Rows = Eigen::Matrix<double, Eigen::Dynamic, 6>;  // fx fy fz (N), mx my mz (N m) per row

  ToolWrenchProfile() = default;  // no wrench (zero, world axes)
  // Throws std::invalid_argument for a non-finite component.
  static ToolWrenchProfile constant(const ToolWrench& wrench);
  // Strictly increasing finite times (s), one row of finite values per time, 1 to
  // kMaxToolWrenchRows rows. `csvFile`: the file the rows were read from ("" when given inline).
  // Throws std::invalid_argument naming the row (from 1).
  static ToolWrenchProfile table(std::vector<double> times, Rows values, bool inToolAxes,
                                 std::string csvFile = "");

  bool isTable() const { return table_ != nullptr; }
  bool inToolAxes() const { return constant_.inToolAxes; }
  // Zero at every time.
  bool isZero() const;
  // The constant wrench (a table's axes flag only).
  const ToolWrench& constantWrench() const { return constant_; }
  int rows() const;
  const std::vector<double>& times() const;  // empty for a constant
  const Rows& values() const;                // 0 rows for a constant
  // The CSV file the table was read from, as the reader resolved it ("" for a constant or rows
  // given inline).
  const std::string& csvFile() const { return csvFile_; }
  // The same wrench with its components in the other axes, or read from / written to another file.
  ToolWrenchProfile withAxes(bool inToolAxes) const;
  ToolWrenchProfile withCsvFile(std::string csvFile) const;

  // W(t), its axes flag included. Does not allocate.
  void evaluate(double t, ToolWrench& wrench) const;
  ToolWrench at(double t) const;

  // Same wrench at every time, same axes, same file.
  bool operator==(const ToolWrenchProfile& other) const;
  bool operator!=(const ToolWrenchProfile& other) const { return !(*this == other); }

 private:
  struct Table {
    std::vector<double> times;
    Rows values;
  };
  ToolWrench constant_;
  std::shared_ptr<const Table> table_;
  std::string csvFile_;
};

// CSV `t,fx,fy,fz,mx,my,mz`: an optional header naming exactly those columns, '#' comments and
// blank lines ignored, comma (or semicolon / whitespace) separated, one row per line. Errors
// are InputErrors naming `fileName`, the line and the column ("t", "fy", "header"): a missing
// or extra column, a field that is not a finite number, a time not after the previous one, no
// data rows, more than kMaxToolWrenchRows rows.
ToolWrenchProfile parseToolWrenchCsv(const std::string& text, const std::string& fileName, bool inToolAxes);
// Reads the file (io/text_file.h: a regular file of at most 16 MB), then parses it; the profile
// remembers `path` as its csvFile().
ToolWrenchProfile loadToolWrenchCsv(const std::string& path, bool inToolAxes);

}  // namespace armdyn
