// JSON output read back by an independent strict reader (tests/support/json_value.h) and by
// strtod: every double survives the round trip exactly (%.17g is enough for binary64).
#include "common/json_writer.h"
#include "support/json_value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>

namespace armdyn {
namespace {

TEST(JsonWriter, NumbersReadBackExactly) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> mant(-1.0, 1.0);
  std::uniform_int_distribution<int> ex(-300, 300);
  for (int k = 0; k < 2000; ++k) {
    const double v = std::ldexp(mant(rng), ex(rng));
    EXPECT_EQ(std::strtod(jsonNumber(v).c_str(), nullptr), v) << jsonNumber(v);
  }
  for (double v : {0.1, 3.725, -0.0, 1e-310, 1.7976931348623157e308})
    EXPECT_EQ(test::JsonReader::parse(jsonNumber(v)).number, v);
}

TEST(JsonWriter, NonFiniteBecomesNull) {
  EXPECT_EQ(jsonNumber(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(jsonNumber(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonWriter, StringsEscapeQuotesBackslashesAndControls) {
  const std::string s = "a\"b\\c\nd\te\x01" "f";
  const test::JsonValue v = test::JsonReader::parse(jsonString(s));
  ASSERT_EQ(v.type, test::JsonValue::Type::String);
  EXPECT_EQ(v.string, "a\"b\\c\nd\te?f");  // the reader maps \u escapes to '?'
}

TEST(JsonWriter, ObjectsArraysAndMatricesHaveTheirShape) {
  Eigen::MatrixXd m(2, 3);
  m << 1, 2, 3, 4, 5, 6.5;
  const std::string text = JsonObject()
                               .add("M", jsonMatrix(m))
                               .add("v", jsonArray(Eigen::Vector2d(0.25, -1e-9)))
                               .add("n", 7)
                               .add("empty", jsonArray(Eigen::VectorXd()))
                               .str();
  const test::JsonValue v = test::JsonReader::parse(text);
  ASSERT_EQ(v.keys, (std::vector<std::string>{"M", "v", "n", "empty"}));
  ASSERT_EQ(v["M"].size(), 2u);
  for (int r = 0; r < 2; ++r) {
    ASSERT_EQ(v["M"][r].size(), 3u);
    for (int c = 0; c < 3; ++c) EXPECT_EQ(v["M"][r][c].number, m(r, c));
  }
  EXPECT_EQ(v["v"][1].number, -1e-9);
  EXPECT_EQ(v["n"].number, 7.0);
  EXPECT_EQ(v["empty"].size(), 0u);
}

}  // namespace
}  // namespace armdyn
