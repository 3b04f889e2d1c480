#pragma once
// A file being read (internal to io/): its name, where each field was written, and checked
// reading of YAML values. Every value carries its field path ("links[2].bar.inner", list
// indices from 1 as in LINK1) and the 1-based line it was written on; every problem becomes
// an InputError naming the file, that line and the field.

#include <Eigen/Core>
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace armdyn::io_detail {

struct Value {
  YAML::Node node;
  std::string field;  // path from the document root, "" for the root
  int line = 1;       // line of its key (or of its list item)
};

std::string join(const std::string& parent, const std::string& key);

class FieldSource {
 public:
  explicit FieldSource(std::string file);
  const std::string& file() const { return file_; }

  // The document's root mapping; syntax errors, several documents or an empty file throw.
  Value parse(const std::string& text);

  [[noreturn]] void fail(int line, const std::string& field, const std::string& message) const;
  void note(const std::string& field, int line) { lines_[field] = line; }
  // Line where `field` (or its nearest written parent) appears; 0 if none was written.
  int lineOf(std::string field) const;

  double number(const Value& v) const;
  std::string text(const Value& v) const;
  bool flag(const Value& v) const;
  // A flow or block list of `count` numbers (any length when count < 0).
  std::vector<double> numbers(const Value& v, int count) const;
  Eigen::Vector3d vector3(const Value& v) const;
  Eigen::MatrixXd matrix(const Value& v, int rows, int cols) const;  // list of rows
  std::vector<Value> items(const Value& v);                          // a list's elements

 private:
  int valueLine(const Value& v) const;
  std::string file_;
  std::map<std::string, int> lines_;
};

// A mapping whose keys must all be among `allowed`, each once.
class Map {
 public:
  Map(FieldSource& source, const Value& value, const std::vector<std::string>& allowed);
  bool has(const std::string& key) const { return entries_.count(key) != 0; }
  Value get(const std::string& key) const;  // missing: InputError at the mapping's line
  std::optional<Value> find(const std::string& key) const;
  const Value& value() const { return self_; }

 private:
  FieldSource& source_;
  Value self_;
  std::map<std::string, Value> entries_;
};

}  // namespace armdyn::io_detail
