#include "common/json_writer.h"

#include <cmath>
#include <cstdio>

namespace armdyn {

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string jsonArray(const Eigen::VectorXd& v) {
  std::string out = "[";
  for (Eigen::Index i = 0; i < v.size(); ++i) out += (i ? ", " : "") + jsonNumber(v(i));
  return out + "]";
}

std::string jsonArray(const std::vector<double>& v) {
  return jsonArray(Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size())));
}

std::string jsonMatrix(const Eigen::MatrixXd& m) {
  std::string out = "[";
  for (Eigen::Index r = 0; r < m.rows(); ++r) out += (r ? ", " : "") + jsonArray(Eigen::VectorXd(m.row(r).transpose()));
  return out + "]";
}

JsonObject& JsonObject::add(const std::string& key, const std::string& jsonValue) {
  items_.emplace_back(key, jsonValue);
  return *this;
}

std::string JsonObject::str() const {
  std::string out = "{";
  for (std::size_t i = 0; i < items_.size(); ++i)
    out += (i ? ", " : "") + jsonString(items_[i].first) + ": " + items_[i].second;
  return out + "}";
}

}  // namespace armdyn
