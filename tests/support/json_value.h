#pragma once
// Strict JSON reader for tests (RFC 8259): parses the whole text or throws std::runtime_error
// naming the offset. Independent of the writer in src/core/common/json_writer.h.

#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn::test {

struct JsonValue {
  enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
  bool boolean = false;
  double number = 0.0;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;
  std::vector<std::string> keys;  // object keys in order

  bool has(const std::string& k) const { return type == Type::Object && object.count(k) > 0; }
  const JsonValue& operator[](const std::string& k) const { return object.at(k); }
  const JsonValue& operator[](std::size_t i) const { return array.at(i); }
  std::size_t size() const { return type == Type::Array ? array.size() : object.size(); }
};

class JsonReader {
 public:
  static JsonValue parse(const std::string& text) {
    JsonReader r(text);
    r.ws();
    JsonValue v = r.value();
    r.ws();
    if (r.i_ != text.size()) r.fail("trailing characters");
    return v;
  }

 private:
  explicit JsonReader(const std::string& s) : s_(s) {}
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(i_));
  }
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  void literal(const char* word) {
    for (const char* p = word; *p; ++p) expect(*p);
  }
  JsonValue value() {
    JsonValue v;
    const char c = peek();
    if (c == '{') {
      v.type = JsonValue::Type::Object;
      ++i_;
      ws();
      if (peek() == '}') { ++i_; return v; }
      while (true) {
        ws();
        const std::string k = str();
        ws();
        expect(':');
        ws();
        if (v.object.count(k)) fail("duplicate key " + k);
        v.keys.push_back(k);
        v.object[k] = value();
        ws();
        if (peek() == ',') { ++i_; continue; }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.type = JsonValue::Type::Array;
      ++i_;
      ws();
      if (peek() == ']') { ++i_; return v; }
      while (true) {
        ws();
        v.array.push_back(value());
        ws();
        if (peek() == ',') { ++i_; continue; }
        expect(']');
        return v;
      }
    }
    if (c == '"') { v.type = JsonValue::Type::String; v.string = str(); return v; }
    if (c == 't') { literal("true"); v.type = JsonValue::Type::Bool; v.boolean = true; return v; }
    if (c == 'f') { literal("false"); v.type = JsonValue::Type::Bool; return v; }
    if (c == 'n') { literal("null"); return v; }
    v.type = JsonValue::Type::Number;
    v.number = number();
    return v;
  }
  std::string str() {
    expect('"');
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') { out += c; continue; }
      const char e = peek();
      ++i_;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u':
          for (int k = 0; k < 4; ++k)
            if (!std::isxdigit(static_cast<unsigned char>(peek()))) fail("bad \\u escape"); else ++i_;
          out += '?';
          break;
        default: fail("bad escape");
      }
    }
  }
  // number = [-] int [frac] [exp], int = 0 | [1-9][0-9]*
  double number() {
    const std::size_t start = i_;
    if (peek() == '-') ++i_;
    if (peek() == '0') ++i_;
    else if (std::isdigit(static_cast<unsigned char>(peek()))) while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    else fail("bad number");
    if (peek() == '.') {
      ++i_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("bad fraction");
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("bad exponent");
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    }
    return std::strtod(s_.substr(start, i_ - start).c_str(), nullptr);
  }

  const std::string& s_;
  std::size_t i_ = 0;
};

}  // namespace armdyn::test
