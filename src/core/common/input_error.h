#pragma once
// Bad input from a file, a dialog or the command line: names where and what.
// what() reads "FILE:LINE: FIELD: MESSAGE" (line omitted when 0, file when empty).

#include <stdexcept>
#include <string>

namespace armdyn {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, std::string field, std::string message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_;
  std::string field_;
  std::string message_;
};

}  // namespace armdyn
