#pragma once
// The kind of a DH twist alpha, one rule for every kernel that specialises on it (crba, aba):
// twists of 0 and +-90 deg (most arms) turn frames by exact permutations with signs. The cosine
// of a quarter turn in radians is ~6e-17, below the rounding of every product it enters, so
// sin/cos within 1e-15 of 0 and 1 count as exact.

#include <cmath>

namespace armdyn {

enum TwistKind : unsigned char { kTwistGeneral, kTwistNone, kTwistPlusQuarter, kTwistMinusQuarter };

inline TwistKind twistKind(double cosAlpha, double sinAlpha) {
  constexpr double kExact = 1e-15;
  if (std::abs(sinAlpha) < kExact && cosAlpha > 0.0) return kTwistNone;
  if (std::abs(cosAlpha) < kExact) return sinAlpha > 0.0 ? kTwistPlusQuarter : kTwistMinusQuarter;
  return kTwistGeneral;
}

}  // namespace armdyn
