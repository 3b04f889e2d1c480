#include "cli_args.h"

#include "common/input_error.h"
#include "common/number_text.h"

#include <cctype>

namespace armdyn::cli {

namespace {

[[noreturn]] void fail(const std::string& option, const std::string& message) {
  throw InputError("", 0, option, message);
}

}  // namespace

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
           const std::set<std::string>& flags)
    : Args(argv, valued, flags, {}) {}

std::vector<std::string> Args::values(const std::string& option) const {
  const auto it = repeated_.find(option);
  return it == repeated_.end() ? std::vector<std::string>{} : it->second;
}

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
           const std::set<std::string>& flags, const std::set<std::string>& repeatable) {
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a.size() < 2 || a.compare(0, 2, "--") != 0) {
      if (a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1])) && a[1] != '.')
        fail(a, "unknown option (options start with --)");
      positional_.push_back(a);
      continue;
    }
    std::string name = a, val;
    bool inlineValue = false;
    if (const auto eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      val = a.substr(eq + 1);
      inlineValue = true;
    }
    if (flags.count(name)) {
      if (inlineValue) fail(name, "takes no value");
      flags_.insert(name);
    } else if (valued.count(name) || repeatable.count(name)) {
      if (!inlineValue) {
        // A following option is not a value ("--q --qd 0,0,0"); negative numbers start with one dash.
        if (i + 1 >= argv.size() || argv[i + 1].rfind("--", 0) == 0) fail(name, "needs a value");
        val = argv[++i];
      }
      if (val.empty()) fail(name, "needs a value (got an empty one)");  // --csv "" is no file name
      if (repeatable.count(name)) {
        repeated_[name].push_back(val);
        values_[name] = val;
        continue;
      }
      if (values_.count(name)) fail(name, "given more than once");
      values_[name] = val;
    } else {
      fail(name, "unknown option (see --help)");
    }
  }
}

bool Args::has(const std::string& option) const { return values_.count(option) > 0; }

const std::string& Args::required(const std::string& option) const {
  const auto it = values_.find(option);
  if (it == values_.end()) fail(option, "is required");
  return it->second;
}

std::string Args::value(const std::string& option, const std::string& fallback) const {
  const auto it = values_.find(option);
  return it == values_.end() ? fallback : it->second;
}

double Args::positive(const std::string& option, double fallback) const {
  if (!has(option)) return fallback;
  const NumberText t = readNumber(values_.at(option));
  if (t.kind != NumberText::Kind::Number || t.value <= 0.0)
    fail(option, "expects a positive number, got '" + values_.at(option) + "'");
  return t.value;
}

Eigen::VectorXd Args::numbers(const std::string& option) const {
  const std::string& text = required(option);
  std::vector<double> v;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string token = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const NumberText t = readNumber(token);
    if (t.kind != NumberText::Kind::Number)
      fail(option, "value " + std::to_string(v.size() + 1) + " ('" + token + "') is not a finite number");
    v.push_back(t.value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return Eigen::Map<Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

Eigen::VectorXd Args::numbers(const std::string& option, int count, const std::string& what) const {
  Eigen::VectorXd v = numbers(option);
  if (v.size() != count)
    fail(option, "expects " + std::to_string(count) + " comma-separated values (" + what + "), got " +
                     std::to_string(v.size()));
  return v;
}

}  // namespace armdyn::cli
