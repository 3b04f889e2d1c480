#include "common/number_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace armdyn {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool isNonFiniteWord(const std::string& token) {
  std::string t = lower(token);
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) t.erase(0, 1);
  if (!t.empty() && t[0] == '.') t.erase(0, 1);
  return t == "nan" || t == "inf" || t == "infinity";
}

// `digits` significant digits, in plain notation unless the number is very small or large
// ("90", not "9e+01").
std::string printed(double v, int digits) {
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  const char* e = std::strchr(buf, 'e');
  if (e && std::abs(v) >= 1e-5 && std::abs(v) < 1e15) {
    const int exponent = std::atoi(e + 1);
    std::snprintf(buf, sizeof buf, "%.*f", std::max(0, digits - 1 - exponent), v);
  }
  return buf;
}

double parsed(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

// Shortest text t with read(t) == target, over candidates x (a few doubles near the ideal).
template <typename Read>
std::optional<std::string> shortestMatching(double x, double target, Read read) {
  for (int digits = 1; digits <= 17; ++digits) {
    const std::string s = printed(x, digits);
    if (read(parsed(s)) == target) return s;
  }
  return std::nullopt;
}

}  // namespace

NumberText readNumber(const std::string& token) {
  NumberText out;
  if (token.empty()) return out;
  if (isNonFiniteWord(token)) {
    out.kind = NumberText::Kind::NotFinite;
    out.value = std::numeric_limits<double>::quiet_NaN();
    return out;
  }
  // Plain decimals only: no hexadecimal floats, no spaces, no trailing text.
  for (char c : token)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
      return out;
  const char* begin = token.c_str();
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  if (end != begin + token.size()) return out;
  out.value = v;  // overflow ("1e999") gives inf: not finite
  out.kind = std::isfinite(v) ? NumberText::Kind::Number : NumberText::Kind::NotFinite;
  return out;
}

std::optional<long> readInteger(const std::string& token) {
  if (token.empty()) return std::nullopt;
  std::size_t i = (token[0] == '+' || token[0] == '-') ? 1 : 0;
  if (i == token.size()) return std::nullopt;
  for (std::size_t k = i; k < token.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(token[k]))) return std::nullopt;
  if (token.size() > 9) return std::nullopt;
  return std::strtol(token.c_str(), nullptr, 10);
}

// %.4f without printf's cost: the value
// times 1e4 rounded to an integer (half to even, as printf rounds an exact tie), printed as
// integer and four decimals. Where that product lands within 1e-3 of a tie its own rounding
// could decide it, and std::to_chars (exact) prints instead; so does anything beyond 1e9 (in the
// shortest general form).
void appendFixed4(std::string& out, double v) {
  char buf[64];
  const double scaled = std::abs(v) * 1e4;
  const double fraction = scaled - std::floor(scaled);
  if (!(std::abs(v) < 1e9) || std::abs(fraction - 0.5) < 1e-3) {
    const std::to_chars_result r = std::abs(v) < 1e9 ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 4)
                                                     : std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
    return;
  }
  const long long units = static_cast<long long>(std::nearbyint(scaled));
  char* p = buf;
  if (std::signbit(v)) *p++ = '-';
  p = std::to_chars(p, buf + sizeof buf, units / 10000).ptr;
  const int decimals = static_cast<int>(units % 10000);
  *p++ = '.';
  *p++ = static_cast<char>('0' + decimals / 1000);
  *p++ = static_cast<char>('0' + decimals / 100 % 10);
  *p++ = static_cast<char>('0' + decimals / 10 % 10);
  *p++ = static_cast<char>('0' + decimals % 10);
  out.append(buf, p);
}

std::string formatNumber(double value) {
  if (value == 0.0) return "0";
  auto same = [](double v) { return v; };
  if (auto s = shortestMatching(value, value, same)) return *s;
  return printed(value, 17);
}

std::string formatDegrees(double rad) {
  if (rad == 0.0) return "0";
  const double ideal = rad * kDegPerRad;
  // The product deg * (pi/180) rounds; a neighbour of the ideal degree value may be the one
  // that lands on rad. Search outwards and keep the shortest text.
  std::optional<std::string> best;
  double up = ideal, down = ideal;
  for (int k = 0; k <= 8; ++k) {
    for (double x : {up, down}) {
      if (auto s = shortestMatching(x, rad, degToRad))
        if (!best || s->size() < best->size()) best = s;
    }
    up = std::nextafter(up, std::numeric_limits<double>::infinity());
    down = std::nextafter(down, -std::numeric_limits<double>::infinity());
  }
  if (best) return *best;
  return printed(ideal, 17);
}

std::string formatSignificant(double value, int digits) {
  if (value == 0.0 || !std::isfinite(value)) return value == 0.0 ? "0" : printed(value, 17);
  digits = std::clamp(digits, 1, 17);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, value);  // correctly rounded decimal
  return formatNumber(parsed(buf));
}

std::string formatDegreesSignificant(double rad, int digits) { return formatSignificant(rad * kDegPerRad, digits); }

}  // namespace armdyn
