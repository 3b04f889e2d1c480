#include "common/csv_fields.h"

#include <sstream>

namespace armdyn {

namespace {
constexpr const char* kSpace = " \t\r\n\f\v";
}  // namespace

std::string trimSpace(const std::string& s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(kSpace);
  return s.substr(b, e - b + 1);
}

std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> out;
  if (line.find_first_of(",;") != std::string::npos) {
    std::string field;
    for (char c : line) {
      if (c == ',' || c == ';') {
        out.push_back(trimSpace(field));
        field.clear();
      } else {
        field += c;
      }
    }
    out.push_back(trimSpace(field));
  } else {
    std::istringstream in(line);
    std::string field;
    while (in >> field) out.push_back(field);
  }
  return out;
}

}  // namespace armdyn
