#pragma once
// Open-loop joint inputs u(t) for forward simulation (Anderson 6.1 item 3: "motor voltages as a
// function of time", read from a data file and held constant over each sample).
// u is a voltage (V), a current (A) or a joint torque/force (N m or N) per joint, depending on
// the run's drive input. Profiles: constant, step, ramp per joint, or a table from CSV
// `t,u1..un` (zero-order hold by default, as Anderson's piecewise-constant inputs; linear
// interpolation on request). Evaluation does not allocate.

#include <Eigen/Core>
#include <limits>
#include <string>
#include <vector>

namespace armdyn {

// One joint's signal.
struct JointSignal {
  enum class Kind { Constant, Step, Ramp };
  Kind kind = Kind::Constant;
  double initial = 0.0;  // Constant: the value; Step/Ramp: the value before `start`
  double final = 0.0;    // Step: from `start` on; Ramp: from `end` on
  double start = 0.0;    // s
  double end = 0.0;      // s, Ramp only (> start)

  static JointSignal constant(double value);
  static JointSignal step(double before, double after, double at);
  static JointSignal ramp(double from, double to, double start, double end);
  double valueAt(double t) const;
};

enum class TableInterpolation { ZeroOrderHold, Linear };

class InputProfile {
 public:
  InputProfile() = default;
  // Every joint constant.
  static InputProfile constant(const Eigen::VectorXd& u);
  // One signal per joint. Throws std::invalid_argument on a non-finite value or a ramp whose
  // end is not after its start.
  static InputProfile perJointSignals(std::vector<JointSignal> perJoint);
  // Samples: strictly increasing times (s) and one row of n values per time. Before the first
  // time the first row holds, after the last the last row. Throws std::invalid_argument.
  static InputProfile table(std::vector<double> times, Eigen::MatrixXd values,
                            TableInterpolation interpolation = TableInterpolation::ZeroOrderHold);

  int size() const { return n_; }
  bool isTable() const { return !times_.empty(); }
  // Last time of a table (s); infinity for signals.
  double endTime() const;
  const std::vector<double>& times() const { return times_; }
  const Eigen::MatrixXd& values() const { return values_; }

  // u(t); u must have size() entries. Does not allocate.
  void evaluate(double t, Eigen::Ref<Eigen::VectorXd> u) const;

 private:
  int n_ = 0;
  std::vector<JointSignal> signals_;
  std::vector<double> times_;
  Eigen::MatrixXd values_;  // samples x n
  TableInterpolation interpolation_ = TableInterpolation::ZeroOrderHold;
};

// CSV `t,u1..un`: an optional header line (first field not a number), '#' comments and blank
// lines ignored, comma (or semicolon/whitespace) separated. `joints` > 0 demands exactly that
// many input columns; 0 takes the count from the first data row. Errors name the file, the line
// and the field ("t", "u3"): a missing or extra column, a field that is not a finite number,
// a time not above the previous one, no data rows. Throws InputError.
InputProfile parseInputProfileCsv(const std::string& text, const std::string& fileName, int joints,
                                  TableInterpolation interpolation = TableInterpolation::ZeroOrderHold);
InputProfile loadInputProfileCsv(const std::string& path, int joints,
                                 TableInterpolation interpolation = TableInterpolation::ZeroOrderHold);

}  // namespace armdyn
