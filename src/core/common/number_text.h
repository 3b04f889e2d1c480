#pragma once
// Numbers as text at the file edge: strict parsing (whole token, finite) and the shortest
// decimal that reads back to the same double, in SI or converted to degrees.
// Degrees convert as rad = deg * (pi / 180), the same product the library robots are built
// with, so "90" reads back as exactly pi / 2.

#include <cmath>
#include <optional>
#include <string>

namespace armdyn {

constexpr double kRadPerDeg = 3.14159265358979323846 / 180.0;
constexpr double kDegPerRad = 180.0 / 3.14159265358979323846;

inline double degToRad(double deg) { return deg * kRadPerDeg; }

// Outcome of reading one numeric token.
struct NumberText {
  enum class Kind { Number, NotFinite, NotANumber } kind = Kind::NotANumber;
  double value = 0.0;
};

// Reads a decimal number (YAML and Fortran free format: "1", "-.5", "60.", "2.5e-3").
// ".nan", "NaN", ".inf", "-Infinity"... give NotFinite; anything else that is not a whole
// number gives NotANumber.
NumberText readNumber(const std::string& token);

// Reads an integer token ("3", "+3"); nullopt if it is not one.
std::optional<long> readInteger(const std::string& token);

// Appends printf's "%.4f" of `value` to `out`, the same text at a fraction of the cost (messages
// built in loops: every rejected IK candidate names its joint values); beyond 1e9 in magnitude,
// and for non-finite values, the shortest general form instead.
void appendFixed4(std::string& out, double value);

// Shortest decimal text x that reads back to `value` exactly ("0.025", "2460", "1e-05").
std::string formatNumber(double value);

// Shortest decimal d, in degrees, with degToRad(d) == rad. When no double d satisfies that
// exactly (the degree grid is coarser than the radian grid for about 1 value in 12), the
// nearest one: it reads back within one unit in the last place.
std::string formatDegrees(double rad);

// For display where float noise would mislead (dialogs): `value` rounded to `digits`
// significant digits, then written as the shortest text that reads back to that rounded value
// (0.4674000000000005 -> "0.4674"; 1/3 -> "0.333333333333" with 12 digits). Lossy: never
// write data back from this text unless the user typed it. -0 shows as "0".
std::string formatSignificant(double value, int digits = 12);
// The same for an angle in rad, shown in degrees (pi/2 -> "90").
std::string formatDegreesSignificant(double rad, int digits = 12);

// Views' rounding-noise floor: a figure below 1e-9 in magnitude, in the unit it is shown in
// (1 nm, 1 nrad, 1 nN m, 1 pm on a mm scale), shows as 0. Such figures are rounding, not motion or
// load: one unit in the last place of 1 is 2.2e-16, and a joint that does not move reads
// -2.220446E-16 rad/s. For what people read (views, the text summary and state tables, which
// armdyn tables may write to a file); JSON and CSV keep every digit.
constexpr double kDisplayZero = 1e-9;
inline double displayValue(double value) { return std::abs(value) < kDisplayZero ? 0.0 : value; }

}  // namespace armdyn
