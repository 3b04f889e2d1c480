// Input profiles: signals against their closed forms, CSV tables (hold and interpolation) and
// every refusal naming file, line and field.
#include "common/input_error.h"
#include "simulation/input_profile.h"

#include <gtest/gtest.h>

#include <string>

namespace armdyn {
namespace {

TEST(InputProfile, SignalsFollowTheirDefinitions) {
  const InputProfile p = InputProfile::perJointSignals(
      {JointSignal::constant(2.5), JointSignal::step(-1.0, 4.0, 0.3), JointSignal::ramp(1.0, 3.0, 0.2, 0.6)});
  Eigen::VectorXd u(3);
  for (double t : {0.0, 0.1, 0.3, 0.4, 0.6, 1.0}) {
    p.evaluate(t, u);
    EXPECT_EQ(u(0), 2.5);
    EXPECT_EQ(u(1), t < 0.3 ? -1.0 : 4.0) << t;
    const double ramp = t <= 0.2 ? 1.0 : t >= 0.6 ? 3.0 : 1.0 + 2.0 * (t - 0.2) / 0.4;
    EXPECT_NEAR(u(2), ramp, 1e-15) << t;
  }
  EXPECT_THROW(InputProfile::perJointSignals({JointSignal::ramp(0, 1, 0.5, 0.5)}), std::invalid_argument);
}

TEST(InputProfile, CsvHoldsOrInterpolates) {
  const std::string text =
      "# voltages for a test\n"
      "t, u1, u2\n"
      "0.0, 1, 10\n"
      "\n"
      "0.5, 2, 20   # comment after data\n"
      "1.0, 4, 40\n";
  const InputProfile hold = parseInputProfileCsv(text, "v.csv", 2);
  ASSERT_EQ(hold.size(), 2);
  EXPECT_EQ(hold.endTime(), 1.0);
  Eigen::VectorXd u(2);
  hold.evaluate(0.75, u);  // zero-order hold: the 0.5 row
  EXPECT_EQ(u(0), 2.0);
  EXPECT_EQ(u(1), 20.0);
  hold.evaluate(-1.0, u);  // before the first sample: the first row
  EXPECT_EQ(u(0), 1.0);
  hold.evaluate(7.0, u);   // after the last: the last row
  EXPECT_EQ(u(1), 40.0);
  const InputProfile lin = parseInputProfileCsv(text, "v.csv", 0, TableInterpolation::Linear);
  lin.evaluate(0.75, u);
  EXPECT_NEAR(u(0), 3.0, 1e-15);
  EXPECT_NEAR(u(1), 30.0, 1e-13);
  // Whitespace-separated files without a header read the same.
  const InputProfile ws = parseInputProfileCsv("0 1 10\n0.5 2 20\n1 4 40\n", "v.txt", 2);
  ws.evaluate(0.75, u);
  EXPECT_EQ(u(0), 2.0);
}

// The InputError a CSV text raises, with the fields the message names.
InputError csvError(const std::string& text, int joints) {
  try {
    parseInputProfileCsv(text, "volts.csv", joints);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError for:\n" << text;
  return InputError("", 0, "", "");
}

TEST(InputProfile, LinesOfFormFeedOrVerticalTabAreBlank) {
  // A line holding only a form feed or vertical tab survived trimming, split
  // into zero fields and the reader read fields[0] (SIGSEGV). Such lines are blank.
  const std::string text = "t, u1\n\f\n0.0, 1\n\v\n1.0, 2\n \f \v\n";
  const InputProfile p = parseInputProfileCsv(text, "ff.csv", 1);
  Eigen::VectorXd u(1);
  p.evaluate(0.5, u);
  EXPECT_EQ(u(0), 1.0);
  p.evaluate(1.0, u);
  EXPECT_EQ(u(0), 2.0);
  EXPECT_THROW(parseInputProfileCsv("\f\n\v\n", "empty.csv", 1), InputError);
}

TEST(InputProfile, CsvRefusalsNameFileLineAndField) {
  {
    const InputError e = csvError("t,u1,u2,u3\n0,1,2,3\n0.1,1,2\n", 3);  // missing column
    EXPECT_EQ(e.file(), "volts.csv");
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "u3");
    EXPECT_NE(e.message().find("missing column"), std::string::npos);
  }
  {
    const InputError e = csvError("0,1,2\n0.2,1,2\n0.1,1,2\n", 2);  // time goes back
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "t");
    EXPECT_NE(e.message().find("not after"), std::string::npos);
  }
  {
    const InputError e = csvError("0,1,2\n0.2,1,2\n0.2,1,2\n", 2);  // repeated time
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "t");
  }
  {
    const InputError e = csvError("0,1,2\n0.1,nan,2\n", 2);
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.field(), "u1");
    EXPECT_NE(e.message().find("finite"), std::string::npos);
  }
  {
    const InputError e = csvError("0,1,2\n0.1,1,volts\n", 2);
    EXPECT_EQ(e.field(), "u2");
  }
  {
    const InputError e = csvError("0,1,2,3\n", 2);  // extra column for a 2-joint robot
    EXPECT_EQ(e.field(), "u3");
    EXPECT_NE(e.message().find("extra column"), std::string::npos);
  }
  {
    const InputError e = csvError("t,u1\n0,1\n", 2);  // the header has too few columns
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.field(), "header");
  }
  {
    const InputError e = csvError("# nothing\n\n", 2);
    EXPECT_NE(e.message().find("no data rows"), std::string::npos);
  }
  EXPECT_THROW(loadInputProfileCsv("/nonexistent/volts.csv", 2), InputError);
}

}  // namespace
}  // namespace armdyn
