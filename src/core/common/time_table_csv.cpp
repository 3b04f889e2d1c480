#include "common/time_table_csv.h"

#include "common/csv_fields.h"
#include "common/input_error.h"
#include "common/number_text.h"

#include <cctype>
#include <sstream>

namespace armdyn {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TimeTable parseTimeTableCsv(const std::string& text, const std::string& fileName, const TimeTableFormat& f) {
  const bool named = !f.names.empty();
  std::size_t columns = named ? f.names.size() : f.valueColumns > 0 ? static_cast<std::size_t>(f.valueColumns) + 1 : 0;
  const auto columnName = [&](std::size_t c) {
    if (named && c < f.names.size()) return f.names[c];
    return c == 0 ? std::string("t") : "u" + std::to_string(c);
  };
  const auto description = [&] {
    if (!f.description.empty()) return f.description;
    return "t, u1..u" + std::to_string(columns - 1);
  };
  std::istringstream in(text);
  std::string raw;
  int lineNo = 0;
  bool seenData = false, seenHeader = false;
  TimeTable table;
  std::vector<std::vector<double>> rows;
  while (std::getline(in, raw)) {
    ++lineNo;
    const auto hash = raw.find('#');
    const std::string line = trimSpace(hash == std::string::npos ? raw : raw.substr(0, hash));
    if (line.empty()) continue;
    const std::vector<std::string> fields = csvFields(line);
    if (fields.empty()) continue;
    // A header: the first line whose first field is not a number. With named columns it must
    // spell them in order (a table with two columns swapped would load silently otherwise).
    if (!seenData && !seenHeader && readNumber(fields[0]).kind == NumberText::Kind::NotANumber) {
      seenHeader = true;
      if (columns == 0) columns = fields.size();
      if (fields.size() != columns)
        throw InputError(fileName, lineNo, "header",
                         named ? "expected the " + std::to_string(columns) + " columns " + description() +
                                     ", the header names " + std::to_string(fields.size())
                               : "expected " + std::to_string(columns) + " columns (" + description() +
                                     "), the header names " + std::to_string(fields.size()));
      if (named && f.headerNamesColumns)
        for (std::size_t c = 0; c < columns; ++c)
          if (lower(fields[c]) != f.names[c])
            throw InputError(fileName, lineNo, "header",
                             "column " + std::to_string(c + 1) + " is '" + fields[c] + "', expected '" + f.names[c] +
                                 "' (columns " + description() + ")");
      continue;
    }
    if (columns == 0) columns = fields.size();
    if (columns < 2) throw InputError(fileName, lineNo, "u1", "missing column: a row needs t and at least one input");
    if (fields.size() < columns)
      throw InputError(fileName, lineNo, columnName(fields.size()),
                       "missing column: expected " + std::to_string(columns) + " values (" + description() + "), got " +
                           std::to_string(fields.size()));
    if (fields.size() > columns)
      throw InputError(fileName, lineNo, named ? columnName(columns - 1) : columnName(columns),
                       "extra column: expected " + std::to_string(columns) + " values (" + description() + "), got " +
                           std::to_string(fields.size()));
    if (rows.size() >= static_cast<std::size_t>(f.maxRows))
      throw InputError(fileName, lineNo, "t", "more than " + std::to_string(f.maxRows) + " rows");
    std::vector<double> row(columns - 1);
    for (std::size_t c = 0; c < columns; ++c) {
      const NumberText v = readNumber(fields[c]);
      if (v.kind == NumberText::Kind::NotFinite)
        throw InputError(fileName, lineNo, columnName(c), "'" + fields[c] + "' is not a finite number");
      if (v.kind != NumberText::Kind::Number)
        throw InputError(fileName, lineNo, columnName(c), "'" + fields[c] + "' is not a number");
      if (c == 0) {
        if (!table.times.empty() && !(v.value > table.times.back()))
          throw InputError(fileName, lineNo, "t",
                           "time " + fields[c] + f.unit + " is not after the previous row's " +
                               formatNumber(table.times.back()) + f.unit + " (times must increase)");
        table.times.push_back(v.value);
      } else {
        if (f.valueProblem)
          if (const std::string why = f.valueProblem(c, v.value); !why.empty())
            throw InputError(fileName, lineNo, columnName(c), why);
        row[c - 1] = v.value;
      }
    }
    rows.push_back(std::move(row));
    seenData = true;
  }
  if (rows.empty())
    throw InputError(fileName, lineNo, "",
                     "no data rows (expected " + (columns > 0 ? description() : std::string("t, u1..un")) +
                         " per line" + f.unitsNote + ")");
  table.values.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(columns - 1));
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c + 1 < columns; ++c)
      table.values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = rows[r][c];
  return table;
}

}  // namespace armdyn
