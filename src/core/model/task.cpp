#include "model/task.h"

#include <cmath>

namespace armdyn {

namespace {
constexpr struct {
  TaskScheme scheme;
  const char* name;
} kSchemes[] = {{TaskScheme::Paul, "paul"},       {TaskScheme::Cubic, "cubic"},
                {TaskScheme::CubicSpline, "cubic-spline"}, {TaskScheme::Quintic, "quintic"},
                {TaskScheme::Lspb, "lspb"},       {TaskScheme::Line, "line"},
                {TaskScheme::LineArc, "line-arc"}};
}  // namespace

const char* taskSchemeName(TaskScheme scheme) {
  for (const auto& s : kSchemes)
    if (s.scheme == scheme) return s.name;
  return "paul";
}

std::optional<TaskScheme> parseTaskScheme(const std::string& name) {
  for (const auto& s : kSchemes)
    if (name == s.name) return s.scheme;
  return std::nullopt;
}

const char* timingModeName(TimingMode timing) {
  return timing == TimingMode::TimeOptimal ? "time-optimal" : "scheme";
}

std::optional<TimingMode> parseTimingMode(const std::string& name) {
  if (name == "scheme") return TimingMode::Scheme;
  if (name == "time-optimal") return TimingMode::TimeOptimal;
  return std::nullopt;
}

std::string dwellProblem(double dwell) {
  if (!(dwell >= 0.0) || !std::isfinite(dwell) || dwell > kMaxDwell)
    return "the dwell is a time at rest after the motion: 0 to 86400 s";
  return "";
}

}  // namespace armdyn
