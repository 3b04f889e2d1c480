#pragma once
// Minimal JSON output for reports and the command line (RFC 8259). Numbers are written with
// %.17g so that they read back to the same double; non-finite numbers become null.

#include <Eigen/Core>
#include <string>
#include <utility>
#include <vector>

namespace armdyn {

std::string jsonNumber(double v);
std::string jsonString(const std::string& s);  // quoted and escaped
std::string jsonArray(const Eigen::VectorXd& v);
std::string jsonArray(const std::vector<double>& v);
std::string jsonMatrix(const Eigen::MatrixXd& m);  // array of rows

// An object built key by key, values given as JSON text; keys keep their insertion order.
class JsonObject {
 public:
  JsonObject& add(const std::string& key, const std::string& jsonValue);
  JsonObject& add(const std::string& key, double v) { return add(key, jsonNumber(v)); }
  JsonObject& add(const std::string& key, int v) { return add(key, std::to_string(v)); }
  std::string str() const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

}  // namespace armdyn
