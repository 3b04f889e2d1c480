#include "common/input_error.h"

namespace armdyn {
namespace {
std::string format(const std::string& file, int line, const std::string& field,
                   const std::string& message) {
  std::string s;
  if (!file.empty()) s += file + ":";
  if (line > 0) s += std::to_string(line) + ":";
  if (!s.empty()) s += " ";
  if (!field.empty()) s += field + ": ";
  return s + message;
}
}  // namespace

InputError::InputError(std::string file, int line, std::string field, std::string message)
    : std::runtime_error(format(file, line, field, message)),
      file_(std::move(file)),
      line_(line),
      field_(std::move(field)),
      message_(std::move(message)) {}

}  // namespace armdyn
