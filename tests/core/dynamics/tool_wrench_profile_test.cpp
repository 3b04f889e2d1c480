// The tool wrench over a run (dynamics/tool_wrench_profile.h): a table interpolates linearly
// between its rows and holds its first / last row outside them, by hand values chosen so that
// every interpolation is exact in binary (s = 1/2, 1/4 on small integers); a constant is the same
// at every time; the table's checks; the CSV reader's errors name the file, the line and the
// column.
#include "model/tool_wrench_profile.h"
#include "common/input_error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace armdyn {
namespace {

ToolWrenchProfile handTable(bool tool = false) {
  // t = 0, 1, 3 s: fx 0 -> 10 -> -20 N, fz -4 -> 4 -> 4 N, my 2 -> 0 -> 1 N m.
  ToolWrenchProfile::Rows v(3, 6);
  v << 0, 0, -4, 0, 2, 0,  //
      10, 0, 4, 0, 0, 0,   //
      -20, 0, 4, 0, 1, 0;
  return ToolWrenchProfile::table({0.0, 1.0, 3.0}, v, tool);
}

TEST(ToolWrenchProfile, TableInterpolatesExactlyAndHoldsOutside) {
  const ToolWrenchProfile p = handTable();
  ASSERT_TRUE(p.isTable());
  EXPECT_EQ(p.rows(), 3);
  struct Case {
    double t, fx, fz, my;
  };
  const Case cases[] = {
      {-5.0, 0, -4, 2},     // before the table: row 1 holds
      {0.0, 0, -4, 2},      // row 1
      {0.25, 2.5, -2, 1.5}, // s = 1/4 between rows 1 and 2
      {0.5, 5, 0, 1},       // s = 1/2
      {1.0, 10, 4, 0},      // row 2 exactly
      {2.0, -5, 4, 0.5},    // s = 1/2 between rows 2 and 3
      {2.5, -12.5, 4, 0.75},// s = 3/4
      {3.0, -20, 4, 1},     // row 3
      {1e9, -20, 4, 1},     // after the table: row 3 holds
  };
  for (const Case& c : cases) {
    const ToolWrench w = p.at(c.t);
    EXPECT_EQ(w.force.x(), c.fx) << "t = " << c.t;
    EXPECT_EQ(w.force.y(), 0.0) << "t = " << c.t;
    EXPECT_EQ(w.force.z(), c.fz) << "t = " << c.t;
    EXPECT_EQ(w.moment.y(), c.my) << "t = " << c.t;
    EXPECT_FALSE(w.inToolAxes);
  }
  EXPECT_TRUE(handTable(true).at(0.5).inToolAxes);
  // A NaN time holds the last row rather than reading outside the table.
  EXPECT_EQ(p.at(std::numeric_limits<double>::quiet_NaN()).force.x(), -20.0);
  // One row: that row at every time.
  ToolWrenchProfile::Rows one(1, 6);
  one << 1, 2, 3, 4, 5, 6;
  const ToolWrenchProfile single = ToolWrenchProfile::table({2.0}, one, false);
  for (double t : {-1.0, 2.0, 7.0}) EXPECT_EQ(single.at(t).moment.z(), 6.0);
}

TEST(ToolWrenchProfile, ConstantCopiesAndEquality) {
  ToolWrench w;
  w.force = {1.5, -2, 30};
  w.moment = {0, 0.25, 0};
  w.inToolAxes = true;
  const ToolWrenchProfile c = ToolWrenchProfile::constant(w);
  EXPECT_FALSE(c.isTable());
  EXPECT_FALSE(c.isZero());
  for (double t : {-3.0, 0.0, 1e6}) {
    const ToolWrench at = c.at(t);
    EXPECT_EQ(at.force, w.force);
    EXPECT_EQ(at.moment, w.moment);
    EXPECT_TRUE(at.inToolAxes);
  }
  EXPECT_TRUE(ToolWrenchProfile().isZero());
  EXPECT_TRUE(c.withAxes(false) != c);
  EXPECT_TRUE(c.withAxes(false).withAxes(true) == c);
  // Copies share the table (a task is copied by every undoable edit).
  const ToolWrenchProfile a = handTable();
  const ToolWrenchProfile b = a;
  EXPECT_EQ(&a.times(), &b.times());
  EXPECT_TRUE(a == handTable());
  EXPECT_TRUE(a != a.withCsvFile("w.csv"));
  ToolWrench nan;
  nan.force.x() = std::nan("");
  EXPECT_THROW(ToolWrenchProfile::constant(nan), std::invalid_argument);
}

TEST(ToolWrenchProfile, TableChecksTimesValuesAndSize) {
  ToolWrenchProfile::Rows v = ToolWrenchProfile::Rows::Zero(3, 6);
  EXPECT_THROW(ToolWrenchProfile::table({0.0, 1.0, 1.0}, v, false), std::invalid_argument);  // not increasing
  EXPECT_THROW(ToolWrenchProfile::table({0.0, 2.0, 1.0}, v, false), std::invalid_argument);  // back in time
  EXPECT_THROW(ToolWrenchProfile::table({0.0, std::nan(""), 1.0}, v, false), std::invalid_argument);
  EXPECT_THROW(ToolWrenchProfile::table({0.0, 1.0}, v, false), std::invalid_argument);  // 2 times, 3 rows
  EXPECT_THROW(ToolWrenchProfile::table({}, ToolWrenchProfile::Rows(0, 6), false), std::invalid_argument);
  v(1, 4) = std::numeric_limits<double>::infinity();
  try {
    ToolWrenchProfile::table({0.0, 1.0, 2.0}, v, false);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("row 2"), std::string::npos) << e.what();
  }
  // The stated size limit.
  const auto n = static_cast<std::size_t>(kMaxToolWrenchRows) + 1;
  std::vector<double> times(n);
  for (std::size_t k = 0; k < n; ++k) times[k] = static_cast<double>(k);
  EXPECT_THROW(ToolWrenchProfile::table(times, ToolWrenchProfile::Rows::Zero(static_cast<Eigen::Index>(n), 6), false),
               std::invalid_argument);
  times.pop_back();
  EXPECT_EQ(ToolWrenchProfile::table(times, ToolWrenchProfile::Rows::Zero(static_cast<Eigen::Index>(n - 1), 6), false)
                .rows(),
            kMaxToolWrenchRows);
}

TEST(ToolWrenchProfile, CsvReadsTheTable) {
  const std::string text =
      "# pressing a spot weld\n"
      "t, fx, fy, fz, mx, my, mz\n"
      "0, 0, 0, -4, 0, 2, 0\n"
      "\n"
      "1, 10, 0, 4, 0, 0, 0   # full force\n"
      "3; -20; 0; 4; 0; 1; 0\n";
  const ToolWrenchProfile p = parseToolWrenchCsv(text, "w.csv", false);
  EXPECT_TRUE(p == handTable().withCsvFile("w.csv"));
  EXPECT_EQ(p.csvFile(), "w.csv");
  // Without a header, whitespace separated, tool axes.
  const ToolWrenchProfile q = parseToolWrenchCsv("0 0 0 -4 0 2 0\n1 10 0 4 0 0 0\n3 -20 0 4 0 1 0\n", "w.csv", true);
  EXPECT_TRUE(q == handTable(true).withCsvFile("w.csv"));
}

TEST(ToolWrenchProfile, CsvErrorsNameFileLineAndColumn) {
  struct Bad {
    const char* text;
    int line;
    const char* field;
  };
  const Bad cases[] = {
      {"t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n1,0,.nan,0,0,0,0\n", 3, "fy"},
      {"t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n0,1,0,0,0,0,0\n", 3, "t"},       // time not after the previous
      {"t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0\n1,2,3,4\n", 3, "mx"},            // columns mx.. missing
      {"t,fx,fy,fz,mx,my,mz\n0,0,0,0,0,0,0,9\n", 2, "mz"},                  // an eighth column
      {"t,fx,fz,fy,mx,my,mz\n0,0,0,0,0,0,0\n", 1, "header"},                // columns swapped
      {"t,fx,fy,fz\n", 1, "header"},
      {"0,0,0,0,0,zero,0\n", 1, "my"},
      {"# nothing\n", 1, ""},
  };
  for (const Bad& c : cases) {
    try {
      parseToolWrenchCsv(c.text, "load.csv", false);
      FAIL() << c.text;
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), "load.csv");
      EXPECT_EQ(e.line(), c.line) << e.what();
      EXPECT_EQ(e.field(), c.field) << e.what();
    }
  }
  // A file that is not there is named with the field "file".
  try {
    loadToolWrenchCsv("/nonexistent/armdyn/wrench.csv", false);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "/nonexistent/armdyn/wrench.csv");
    EXPECT_EQ(e.field(), "file");
  }
}

}  // namespace
}  // namespace armdyn
