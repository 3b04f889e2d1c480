#pragma once
// Command-line arguments of the armdyn tool: `armdyn COMMAND [POSITIONAL...] [--option value]
// [--flag]`. Every bad argument is an InputError whose field names the option, e.g.
// "--q: expects 3 comma-separated values (one per joint), got 2".

#include <Eigen/Core>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace armdyn::cli {

class Args {
 public:
  // `valued`: options that take one value (--dt 0.01 or --dt=0.01); `flags`: options without.
  // Throws InputError for an unknown option, a missing value or a repeated option.
  Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
       const std::set<std::string>& flags);
  // The same, with options that may be given several times (`repeatable`, valued).
  Args(const std::vector<std::string>& argv, const std::set<std::string>& valued, const std::set<std::string>& flags,
       const std::set<std::string>& repeatable);
  // Every value of a repeatable option, in order.
  std::vector<std::string> values(const std::string& option) const;

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& option) const;
  bool flag(const std::string& option) const { return flags_.count(option) > 0; }
  // The value of an option that must be present.
  const std::string& required(const std::string& option) const;
  std::string value(const std::string& option, const std::string& fallback = "") const;

  // A positive finite number; `fallback` when absent.
  double positive(const std::string& option, double fallback) const;
  // Comma-separated finite numbers, exactly `count` of them (`what` says what they are).
  Eigen::VectorXd numbers(const std::string& option, int count, const std::string& what) const;
  // Comma-separated finite numbers, any count.
  Eigen::VectorXd numbers(const std::string& option) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::vector<std::string>> repeated_;
  std::set<std::string> flags_;
};

}  // namespace armdyn::cli
