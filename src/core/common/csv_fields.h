#pragma once
// Fields of one line of a numeric table file (CSV inputs: a controller's input profile, a
// task's tool-wrench profile): split at commas or semicolons when the line has any, else at
// white space; each field trimmed of the white space istream's >> skips (space, tab, CR, LF,
// form feed, vertical tab), so a line of only that is empty, never a line of empty fields.

#include <string>
#include <vector>

namespace armdyn {

std::string trimSpace(const std::string& s);
std::vector<std::string> csvFields(const std::string& line);

}  // namespace armdyn
