#include "common/field_source.h"

#include "common/yaml_guard.h"

#include "common/input_error.h"
#include "common/number_text.h"

#include <set>

namespace armdyn::io_detail {
namespace {

int markLine(const YAML::Node& node, int fallback) {
  if (!node.IsDefined() || node.IsNull()) return fallback;
  const int line = node.Mark().line;
  return line >= 0 ? line + 1 : fallback;
}

std::string kindName(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a mapping";
  if (node.IsSequence()) return "a list";
  return "'" + node.Scalar() + "'";
}

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

std::string join(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

FieldSource::FieldSource(std::string file) : file_(std::move(file)) {}

void FieldSource::fail(int line, const std::string& field, const std::string& message) const {
  throw InputError(file_, line, field.empty() ? "file" : field, message);  // "" = the whole file
}

namespace {

// YAML breaks lines at CR, LF and CR LF. libyaml (the guard) follows that; yaml-cpp 0.7 does
// not read a lone CR as a break, and on some such text (a comment ending in CRs, then a key)
// it allocates without bound: 23 GB in 69 s for a 160-byte file the fuzzer found. Both parsers
// get the text with every break as LF, so they see the same lines (and line numbers).
std::string withLfBreaks(const std::string& text) {
  if (text.find('\r') == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') {
      out += text[i];
    } else {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;  // CR LF: one break
    }
  }
  return out;
}

}  // namespace

Value FieldSource::parse(const std::string& raw) {
  const std::string text = withLfBreaks(raw);
  checkYamlSyntax(text, file_);  // what libyaml refuses never reaches yaml-cpp (yaml_guard.h)
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    fail(e.mark.line >= 0 ? e.mark.line + 1 : 0, "syntax", e.msg);
  }
  if (docs.empty() || docs[0].IsNull()) fail(1, "", "the file is empty");
  if (docs.size() > 1) fail(markLine(docs[1], 0), "syntax", "one YAML document per file (found a second after ---)");
  if (!docs[0].IsMap()) fail(markLine(docs[0], 1), "", "expected a mapping of fields (name: ..., ...), got " + kindName(docs[0]));
  const Value root{docs[0], "", markLine(docs[0], 1)};
  note("", root.line);
  return root;
}

int FieldSource::lineOf(std::string field) const {
  while (true) {
    const auto it = lines_.find(field);
    if (it != lines_.end()) return it->second;
    const std::size_t cut = field.find_last_of(".[");
    if (cut == std::string::npos || cut == 0) return 0;
    field.erase(cut);
  }
}

int FieldSource::valueLine(const Value& v) const { return markLine(v.node, v.line); }

double FieldSource::number(const Value& v) const {
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected a number)");
  if (!v.node.IsScalar()) fail(valueLine(v), v.field, "expected a number, got " + kindName(v.node));
  if (v.node.Tag() == "!") fail(valueLine(v), v.field, "expected a number, got the quoted text " + kindName(v.node));
  const NumberText n = readNumber(v.node.Scalar());
  if (n.kind == NumberText::Kind::NotFinite)
    fail(valueLine(v), v.field, "must be a finite number, got " + kindName(v.node));
  if (n.kind != NumberText::Kind::Number) fail(valueLine(v), v.field, "expected a number, got " + kindName(v.node));
  return n.value;
}

std::string FieldSource::text(const Value& v) const {
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected text)");
  if (!v.node.IsScalar()) fail(valueLine(v), v.field, "expected text, got " + kindName(v.node));
  return v.node.Scalar();
}

bool FieldSource::flag(const Value& v) const {
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected true or false)");
  if (v.node.IsScalar() && v.node.Tag() != "!") {
    const std::string& s = v.node.Scalar();
    if (s == "true" || s == "True" || s == "TRUE") return true;
    if (s == "false" || s == "False" || s == "FALSE") return false;
  }
  fail(valueLine(v), v.field, "expected true or false, got " + kindName(v.node));
}

std::vector<double> FieldSource::numbers(const Value& v, int count) const {
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected a list of numbers)");
  if (!v.node.IsSequence()) fail(valueLine(v), v.field, "expected a list of numbers, got " + kindName(v.node));
  const int n = static_cast<int>(v.node.size());
  if (count >= 0 && n != count)
    fail(v.line, v.field, "expected a list of " + std::to_string(count) + " numbers, got " + std::to_string(n));
  std::vector<double> out(n);
  for (int i = 0; i < n; ++i) {
    const Value e{v.node[i], v.field, markLine(v.node[i], valueLine(v))};
    try {
      out[i] = number(e);
    } catch (const InputError& err) {
      fail(err.line(), v.field, "element " + std::to_string(i + 1) + " " + err.message());
    }
  }
  return out;
}

Eigen::Vector3d FieldSource::vector3(const Value& v) const {
  const std::vector<double> x = numbers(v, 3);
  return Eigen::Vector3d(x[0], x[1], x[2]);
}

Eigen::MatrixXd FieldSource::matrix(const Value& v, int rows, int cols) const {
  const std::string shape = std::to_string(rows) + " rows of " + std::to_string(cols) + " numbers";
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected " + shape + ")");
  if (!v.node.IsSequence() || static_cast<int>(v.node.size()) != rows)
    fail(v.line, v.field, "expected " + shape + ", got " +
                              (v.node.IsSequence() ? std::to_string(v.node.size()) + " rows" : kindName(v.node)));
  Eigen::MatrixXd m(rows, cols);
  for (int r = 0; r < rows; ++r) {
    const Value row{v.node[r], v.field, markLine(v.node[r], valueLine(v))};
    if (!row.node.IsSequence() || static_cast<int>(row.node.size()) != cols)
      fail(row.line, v.field, "row " + std::to_string(r + 1) + ": expected " + std::to_string(cols) + " numbers, got " +
                                  (row.node.IsSequence() ? std::to_string(row.node.size()) : kindName(row.node)));
    for (int c = 0; c < cols; ++c) {
      const Value e{row.node[c], v.field, markLine(row.node[c], row.line)};
      try {
        m(r, c) = number(e);
      } catch (const InputError& err) {
        fail(err.line(), v.field, "row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) + " " + err.message());
      }
    }
  }
  return m;
}

std::vector<Value> FieldSource::items(const Value& v) {
  if (!v.node.IsDefined() || v.node.IsNull()) fail(v.line, v.field, "has no value (expected a list)");
  if (!v.node.IsSequence()) fail(valueLine(v), v.field, "expected a list, got " + kindName(v.node));
  std::vector<Value> out;
  for (std::size_t i = 0; i < v.node.size(); ++i) {
    Value e{v.node[i], v.field + "[" + std::to_string(i + 1) + "]", markLine(v.node[i], valueLine(v))};
    note(e.field, e.line);
    out.push_back(e);
  }
  return out;
}

Map::Map(FieldSource& source, const Value& value, const std::vector<std::string>& allowed)
    : source_(source), self_(value) {
  if (!value.node.IsDefined() || value.node.IsNull())
    source.fail(value.line, value.field, "has no value (expected fields " + joinNames(allowed) + ")");
  if (!value.node.IsMap())
    source.fail(markLine(value.node, value.line), value.field,
                "expected a mapping of fields (" + joinNames(allowed) + "), got " + kindName(value.node));
  const std::set<std::string> ok(allowed.begin(), allowed.end());
  for (auto it = value.node.begin(); it != value.node.end(); ++it) {
    const int keyLine = markLine(it->first, value.line);
    if (!it->first.IsScalar()) source.fail(keyLine, value.field, "field names must be plain words");
    const std::string key = it->first.Scalar();
    const std::string field = join(value.field, key);
    if (!ok.count(key))
      source.fail(keyLine, field, "unknown field '" + key + "' (allowed here: " + joinNames(allowed) + ")");
    if (entries_.count(key)) source.fail(keyLine, field, "field '" + key + "' appears twice");
    entries_[key] = Value{it->second, field, keyLine};
    source.note(field, keyLine);
  }
}

Value Map::get(const std::string& key) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) source_.fail(self_.line, join(self_.field, key), "missing field '" + key + "'");
  return it->second;
}

std::optional<Value> Map::find(const std::string& key) const {
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

}  // namespace armdyn::io_detail
