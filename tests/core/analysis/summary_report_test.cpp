// Table 7.3 summary: JSON keys and values against the summary it reports, units per joint
// type in the text and table 7.4 forms.
#include "analysis/state_tables.h"
#include "analysis/summary_report.h"
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "simulation/task_summary.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

RunRecord twoSampleRun(int n) {
  RunRecord sim;
  sim.t = {0.0, 0.025};
  sim.dt = 0.025;
  sim.q = Eigen::MatrixXd::Constant(2, n, 0.5);
  sim.q(1, 0) = -0.75;
  sim.qd = Eigen::MatrixXd::Zero(2, n);
  sim.qdd = Eigen::MatrixXd::Zero(2, n);
  sim.force = Eigen::MatrixXd::Constant(2, n, 1.0);
  sim.force(1, n - 1) = -3.0;
  sim.summary = summarizeSamples(sim.t, sim.q, sim.qd, sim.qdd, sim.force, 0.05);
  return sim;
}

TEST(SummaryReport, JsonHasTheContractKeysAndValues) {
  const RunRecord sim = twoSampleRun(3);
  const test::JsonValue v = test::JsonReader::parse(summaryJson(sim));
  EXPECT_EQ(v.keys, (std::vector<std::string>{"task_time", "samples", "peak_force", "q_min", "q_max"}));
  EXPECT_EQ(v["task_time"].number, 0.05);
  EXPECT_EQ(v["samples"].number, 2.0);
  ASSERT_EQ(v["peak_force"].size(), 3u);
  EXPECT_EQ(v["peak_force"][0].number, 1.0);
  EXPECT_EQ(v["peak_force"][2].number, -3.0);  // signed: the negative value has the larger magnitude
  EXPECT_EQ(v["q_min"][0].number, -0.75);
  EXPECT_EQ(v["q_max"][0].number, 0.5);
}

// Vora's RRR along its Paul task: the task execution time (149 x 0.025 = 3.725 s) is not the
// plan's 3.72301 s (Paul's end moves, sampled in whole DT steps) and the text says why (the
// walkthrough saw both times without a word); a cubic plan ending at rest is its own time, no note.
TEST(SummaryReport, TaskTimeSaysWhyItDiffersFromThePlans) {
  const Model model(test::voraRrrSpec());
  const RunRecord paul = simulateTask(model, loadTask(test::sourcePath("robots/vora_rrr_weld_seam.yaml")));
  ASSERT_GT(paul.summary.taskTime, paul.plan.duration() + 1e-6);
  EXPECT_NEAR(paul.summary.taskTime, paul.summary.samples * paul.dt, 1e-12);
  const std::string note = taskTimeNote(paul);
  EXPECT_NE(note.find("the plan's 3.72301 s taken in whole DT steps"), std::string::npos) << note;
  EXPECT_NE(summaryReport(model, paul).find("; " + note + ")"), std::string::npos);
  TaskSpec cubic;
  cubic.name = "swing";
  cubic.scheme = TaskScheme::Cubic;
  cubic.jointPoints.resize(2, 3);
  cubic.jointPoints << 0, 0, 0, 30, -20, 10;
  cubic.jointPointLines = {0, 0};
  const RunRecord atRest = simulateTask(model, cubic);
  EXPECT_NEAR(atRest.summary.taskTime, atRest.plan.duration(), 1e-12);
  EXPECT_EQ(taskTimeNote(atRest), "");
  EXPECT_EQ(taskTimeNote(twoSampleRun(3)), "");  // no plan
}

// Rounding noise prints as 0 in the text and the state tables (displayValue, the views' rule:
// `armdyn simulate` on the PUMA read "0.000000e+00 rad to 4.440864e-16 rad" for its wrist roll
// at rest); the JSON keeps every digit.
TEST(SummaryReport, TextShowsRoundingNoiseAsZeroAndJsonKeepsIt) {
  const Model model(test::voraRrrSpec());
  RunRecord sim = twoSampleRun(3);
  sim.q.col(1) << 0.0, 4.440864e-16;
  sim.qd.col(1) << 0.0, -1.10755e-15;
  sim.qdd.col(1) << 4.15756e-15, 0.0;
  sim.summary = summarizeSamples(sim.t, sim.q, sim.qd, sim.qdd, sim.force, 0.05);
  ASSERT_EQ(sim.summary.qMax(1), 4.440864e-16);
  const std::string text = summaryReport(model, sim);
  EXPECT_NE(text.find("Joint 2 (R):   0.000000e+00 rad  to   0.000000e+00 rad"), std::string::npos) << text;
  EXPECT_NE(text.find("Joint 2 (R): |qd| 0 rad/s, |qdd| 0 rad/s^2"), std::string::npos) << text;
  EXPECT_EQ(text.find("e-16"), std::string::npos) << text;
  EXPECT_EQ(text.find("e-15"), std::string::npos) << text;
  const std::string tables = stateTables(model, sim);
  EXPECT_EQ(tables.find("e-16"), std::string::npos) << tables;
  EXPECT_NE(tables.find("5.000000e-01"), std::string::npos);  // the other figures as they are
  const test::JsonValue v = test::JsonReader::parse(summaryJson(sim));
  EXPECT_EQ(v["q_max"][1].number, 4.440864e-16);
  // Times are not quantities of rounding size: a DT of 5e-10 s prints as it is.
  sim.dt = 5e-10;
  EXPECT_NE(summaryReport(model, sim).find("DT = 5e-10 s"), std::string::npos) << summaryReport(model, sim);
}

TEST(SummaryReport, TextAndTablesCarryUnitsOfEachJointType) {
  RobotSpec spec = test::libraryRobotSpec("stanford_rrprrr");  // joint 3 prismatic
  const Model model(spec);
  const RunRecord sim = twoSampleRun(6);
  const std::string text = summaryReport(model, sim);
  EXPECT_NE(text.find("Joint 1 (R)"), std::string::npos);
  EXPECT_NE(text.find("Joint 3 (P)"), std::string::npos);
  EXPECT_NE(text.find(" N m"), std::string::npos);
  EXPECT_NE(text.find(" rad"), std::string::npos);
  EXPECT_NE(text.find("-3.000000e+00 N m"), std::string::npos);  // joint 6 peak, signed
  EXPECT_NE(text.find("5.000000e-01 m"), std::string::npos);     // prismatic extreme in metres
  const std::string tables = stateTables(model, sim);
  EXPECT_NE(tables.find("Current Time = 0.025000 s"), std::string::npos);
  EXPECT_NE(tables.find("m/s^2"), std::string::npos);
  EXPECT_NE(tables.find("rad/s^2"), std::string::npos);
  // Two tables of 6 joints each.
  EXPECT_EQ(std::count(tables.begin(), tables.end(), '\n'), 2 * (2 + 1 + 6 + 1));
}

}  // namespace
}  // namespace armdyn
